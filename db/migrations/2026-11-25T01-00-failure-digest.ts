// Failure emails in digests (issue 13: 34 failures sent 34 emails in the same minute). Each
// failure becomes a notice; a user gets at most one failure email per window: the first failure
// goes out at once, the ones that follow inside the window are sent together when it ends.
// failure_email_windows holds, per user, when the last failure email was queued; its row is the
// lock that serialises two workers failing posts of the same user at the same time.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('failure_notices')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // No foreign key: the notice outlives a post deleted before the digest goes out.
    .addColumn('post_id', 'uuid', (c) => c.notNull())
    .addColumn('post_title', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('scheduled_for', 'timestamptz', (c) => c.notNull())
    .addColumn('error_code', 'text', (c) => c.notNull())
    // The network's pt-BR explanation (its error table); null: core's message of error_code.
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('emailed_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX failure_notices_pending_idx ON failure_notices (user_id, created_at) WHERE emailed_at IS NULL`.execute(
    db,
  );
  await db.schema
    .createTable('failure_email_windows')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('last_sent_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db
    .insertInto('email_templates')
    .values({
      template_name: 'publish_failure_digest',
      subject: '{{count}} posts não foram publicados',
      html_content:
        '<p>Olá, {{first_name}}.</p><p>Desde o último aviso, {{count}} posts não foram publicados:</p><pre style="white-space:pre-wrap;font-family:inherit">{{post_list}}</pre><p><a href="{{post_url}}">Ver os posts na Pauta</a></p><p>Para não lotar sua caixa de entrada, a Pauta junta os avisos de falha num email a cada {{window}}.</p>',
      variables: sql`'{"first_name":"Nome do usuário","count":"Quantos posts falharam","post_list":"Um post por linha: título, rede, data e motivo","post_url":"Link para os posts","window":"Intervalo entre os avisos"}'::jsonb`,
      is_active: true,
    })
    .onConflict((oc) => oc.column('template_name').doNothing())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('failure_email_windows').ifExists().execute();
  await db.schema.dropTable('failure_notices').ifExists().execute();
  await db.deleteFrom('email_templates').where('template_name', '=', 'publish_failure_digest').execute();
}
