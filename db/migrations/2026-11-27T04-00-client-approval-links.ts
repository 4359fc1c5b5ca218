// The client approval link (issue 17 item 3; docs/approval.md "The client approval link").
//
// - `client_approval_links`: one row per link an owner shared. Only SHA-256 of the link's token
//   (256 random bits, base64url) is stored: the database never holds a usable link. Scope: one
//   theme, or a period of `scheduled_for` ([period_start, period_end)). `expires_at` is checked on
//   every request; `revoked_at` ends it at once (an action holds the row FOR SHARE, so a revoke
//   waits for an action in flight, or the action sees the revoke). `request_key` makes "create"
//   idempotent per owner without storing its answer (which carries the token).
// - The approval live-event trigger learns who moved the post: a client link's move sets
//   `pauta.stage_actor` for its transaction (set_config … true), and the event's error_code says
//   CLIENT_APPROVED / CLIENT_CHANGES_REQUESTED, so the owner's open tabs toast it.
// - The pt-BR 'client_approval_action' email template. Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('client_approval_links')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'bytea', (c) => c.notNull().unique())
    .addColumn('request_key', 'text', (c) => c.notNull())
    .addColumn('client_name', 'text', (c) => c.notNull())
    .addColumn('theme_id', 'uuid', (c) => c.references('themes.id').onDelete('cascade'))
    .addColumn('period_start', 'timestamptz')
    .addColumn('period_end', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('client_approval_links_request_key_unique', ['user_id', 'request_key'])
    .addCheckConstraint(
      'client_approval_links_scope_check',
      sql`(theme_id IS NOT NULL AND period_start IS NULL AND period_end IS NULL)
        OR (theme_id IS NULL AND period_start IS NOT NULL AND period_end > period_start)`,
    )
    .execute();
  await db.schema
    .createIndex('client_approval_links_user_idx')
    .on('client_approval_links')
    .columns(['user_id', 'created_at'])
    .execute();

  await sql`
    CREATE OR REPLACE FUNCTION pauta_approval_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ev live_events;
    BEGIN
      INSERT INTO live_events (user_id, kind, post_id, platform, status, error_code)
      VALUES (NEW.user_id, 'post', NEW.id, NEW.platform, NEW.status,
              CASE WHEN NEW.approval_overdue_for IS NOT NULL
                        AND NEW.approval_overdue_for IS DISTINCT FROM OLD.approval_overdue_for
                   THEN 'APPROVAL_OVERDUE'
                   WHEN current_setting('pauta.stage_actor', true) = 'client'
                        AND NEW.approval_stage IS DISTINCT FROM OLD.approval_stage
                   THEN CASE NEW.approval_stage WHEN 'approved' THEN 'CLIENT_APPROVED'
                                                WHEN 'changes' THEN 'CLIENT_CHANGES_REQUESTED' END
              END)
      RETURNING * INTO ev;
      PERFORM pg_notify('pauta_live', json_build_object(
        'id', ev.id::text, 'userId', ev.user_id, 'kind', ev.kind, 'postId', ev.post_id,
        'publishedPostId', ev.published_post_id, 'platform', ev.platform, 'status', ev.status,
        'errorCode', ev.error_code, 'retryAt', ev.retry_at, 'at', ev.created_at)::text);
      RETURN NULL;
    END $$`.execute(db);

  await db
    .insertInto('email_templates')
    .values({
      template_name: 'client_approval_action',
      subject: '{{client_name}} {{action}}: {{post_title}}',
      html_content:
        '<p>Olá, {{first_name}}.</p><p><strong>{{client_name}}</strong> {{action}} o post <strong>{{post_title}}</strong> ({{platform}}), pelo link de aprovação que você compartilhou.</p><p>{{comment_line}}</p><p>{{next_step}}</p><p><a href="{{board_url}}">Abrir o quadro de aprovação</a></p>',
      variables: sql`'{"first_name":"Nome do usuário","client_name":"Nome do cliente","action":"aprovou / pediu ajustes em","post_title":"Título do post","platform":"Rede social","comment_line":"O comentário do cliente, quando há","next_step":"O que acontece agora","board_url":"Link para o quadro de aprovação"}'::jsonb`,
      is_active: true,
    })
    .onConflict((oc) => oc.column('template_name').doNothing())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('email_templates').where('template_name', '=', 'client_approval_action').execute();
  // The trigger function as migration 2026-11-27T03-17-approval-workflow left it.
  await sql`
    CREATE OR REPLACE FUNCTION pauta_approval_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ev live_events;
    BEGIN
      INSERT INTO live_events (user_id, kind, post_id, platform, status, error_code)
      VALUES (NEW.user_id, 'post', NEW.id, NEW.platform, NEW.status,
              CASE WHEN NEW.approval_overdue_for IS NOT NULL
                        AND NEW.approval_overdue_for IS DISTINCT FROM OLD.approval_overdue_for
                   THEN 'APPROVAL_OVERDUE' END)
      RETURNING * INTO ev;
      PERFORM pg_notify('pauta_live', json_build_object(
        'id', ev.id::text, 'userId', ev.user_id, 'kind', ev.kind, 'postId', ev.post_id,
        'publishedPostId', ev.published_post_id, 'platform', ev.platform, 'status', ev.status,
        'errorCode', ev.error_code, 'retryAt', ev.retry_at, 'at', ev.created_at)::text);
      RETURN NULL;
    END $$`.execute(db);
  await db.schema.dropTable('client_approval_links').ifExists().execute();
}
