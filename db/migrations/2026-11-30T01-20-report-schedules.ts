// Issue 27 item 3, the scheduled report email (docs/reports.md "Scheduled email").
//
// - report_schedules: one per workspace (its primary key): frequency off | monthly | weekly and the
//   recipients (1–10 addresses while on; an off schedule keeps its list for when it is turned on).
// - report_deliveries: one row per (workspace, period) to send, UNIQUE so a period is sent once,
//   however many web processes sweep. Claimed like a `reports` row: status pending → running →
//   sent | failed, attempt + lease_until fence the work; the outbox rows are inserted in the same
//   transaction that marks the row sent under its attempt. A failed attempt waits until
//   lease_until (the back-off) and is retried, up to a bound kept by the code.
// - email_outbox.attachment_key / attachment_name: a file in media storage attached at send time
//   (the report's PDF, `reports/<workspace>/<report>.pdf`), so no bytes go into the row.
// - The `report_scheduled` email template (pt-BR, sample values for the editor's preview).
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE report_schedules (
      workspace_id uuid PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
      frequency text NOT NULL CHECK (frequency IN ('off', 'monthly', 'weekly')),
      recipients text[] NOT NULL DEFAULT '{}',
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (cardinality(recipients) <= 10),
      CHECK (frequency = 'off' OR cardinality(recipients) >= 1)
    )`.execute(db);
  await sql`
    CREATE TABLE report_deliveries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      workspace_id uuid NOT NULL REFERENCES report_schedules(workspace_id) ON DELETE CASCADE,
      frequency text NOT NULL CHECK (frequency IN ('monthly', 'weekly')),
      period_start date NOT NULL,
      period_end date NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'sent', 'failed')),
      attempt integer NOT NULL DEFAULT 0,
      lease_until timestamptz,
      report_id uuid REFERENCES reports(id) ON DELETE SET NULL,
      recipients text[],
      error_code text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      CHECK (period_end >= period_start),
      CHECK (status <> 'sent' OR (sent_at IS NOT NULL AND recipients IS NOT NULL)),
      UNIQUE (workspace_id, period_start, period_end)
    )`.execute(db);
  await sql`CREATE INDEX report_deliveries_open_idx ON report_deliveries (created_at) WHERE status <> 'sent'`.execute(
    db,
  );
  await sql`ALTER TABLE email_outbox ADD COLUMN attachment_key text, ADD COLUMN attachment_name text`.execute(
    db,
  );
  await db
    .insertInto('email_templates')
    .values({
      template_name: 'report_scheduled',
      subject: 'Relatório de {{client_name}}: {{period}}',
      html_content:
        '<p>Olá!</p><p>Segue em anexo o relatório de <strong>{{client_name}}</strong> referente a <strong>{{period}}</strong>, gerado pela Pauta: o que foi publicado, o alcance, o engajamento e o crescimento de seguidores em cada rede, comparados ao período anterior.</p><p>O PDF está anexado a este email ({{file_name}}). Para ver no navegador, sem precisar de conta: <a href="{{report_url}}">abrir o relatório</a> (link válido por {{link_days}} dias). Quem usa a Pauta também encontra este e os outros relatórios do cliente em <a href="{{reports_url}}">Relatórios</a>.</p><p>Este envio é {{frequency}}. Para mudar a frequência ou os destinatários, peça a quem administra o cliente na Pauta.</p>',
      variables: sql`'{"client_name":"Padaria Pão Quente","period":"outubro de 2026","file_name":"relatorio-2026-10-01-a-2026-10-31.pdf","reports_url":"https://pauta.app/reports?cliente=exemplo","frequency":"mensal","report_url":"https://pauta.app/relatorio/exemplo","link_days":"30"}'::jsonb`,
      is_active: true,
    })
    .onConflict((oc) => oc.column('template_name').doNothing())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('email_templates').where('template_name', '=', 'report_scheduled').execute();
  await sql`ALTER TABLE email_outbox DROP COLUMN attachment_name, DROP COLUMN attachment_key`.execute(db);
  await db.schema.dropTable('report_deliveries').ifExists().execute();
  await db.schema.dropTable('report_schedules').ifExists().execute();
}
