// Issue 25, items 2–3 (docs/workspaces.md, "Invitations"): invitations to a workspace by email,
// and the email that carries one.
// - `workspace_invitations`: one row per invitation link. The link is `<id>.<secret>`
//   (server/src/auth/link-token.ts, as password resets): the id is the primary key, only SHA-256
//   of the secret is stored. Single use (`accepted_at`), expiring (`expires_at`, 7 days from
//   core INVITATION_TTL_DAYS), revocable (`revoked_at`). At most one open invitation per workspace
//   and email (a new one — "Reenviar" — revokes the previous one in the same transaction).
// - The pt-BR email template 'workspace_invitation' ("Convite para cliente"), editable by an
//   administrator like the others; {{invite_url}} is a secret, sealed in the outbox until sent.
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE workspace_invitations (
      id text PRIMARY KEY CHECK (length(id) BETWEEN 16 AND 32),
      workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
      email text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
      role text NOT NULL CHECK (role IN ('editor', 'reviewer', 'client')),
      secret_hash bytea NOT NULL,
      invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      accepted_at timestamptz,
      accepted_by uuid REFERENCES users(id) ON DELETE SET NULL,
      revoked_at timestamptz,
      CHECK (accepted_at IS NULL OR revoked_at IS NULL)
    )`.execute(db);
  // One open invitation per workspace and email; the members page lists them by workspace.
  await sql`
    CREATE UNIQUE INDEX workspace_invitations_open_idx ON workspace_invitations (workspace_id, email)
    WHERE accepted_at IS NULL AND revoked_at IS NULL`.execute(db);
  await db
    .insertInto('email_templates')
    .values({
      template_name: 'workspace_invitation',
      subject: '{{inviter_name}} convidou você para o cliente {{workspace_name}} na Pauta',
      html_content:
        '<p>Olá!</p><p>{{inviter_name}} convidou você para trabalhar no cliente <strong>{{workspace_name}}</strong> na Pauta, como <strong>{{role}}</strong>.</p><p><a href="{{invite_url}}">Aceitar o convite</a></p><p>O link vale por {{expires_in_days}} dias e só pode ser usado uma vez. Se você ainda não tem conta, pode criá-la pelo próprio link, com este email ({{email}}).</p><p>Se não esperava este convite, pode ignorar este email.</p>',
      variables: sql`'{"inviter_name":"Ana Souza","workspace_name":"Padaria Pão Quente","role":"Editor","invite_url":"https://pauta.app/convite?token=exemplo","expires_in_days":"7","email":"joao@agencia.com.br"}'::jsonb`,
      is_active: true,
    })
    .onConflict((oc) => oc.column('template_name').doNothing())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('email_templates').where('template_name', '=', 'workspace_invitation').execute();
  await sql`DROP TABLE workspace_invitations`.execute(db);
}
