// Account health (issue 18 item 1; docs/networks.md "Account health").
//
// connected_accounts gains what core's accountHealth() needs besides status and expiry:
// - status_reason: why the account was flagged needs_reconnect ('expired', 'revoked',
//   'refresh_failed'); cleared by a reconnect;
// - limited_until: the retry time of the network's last 429 for this account ("limited by the
//   network" while it lies ahead);
// - expiry_notice_for: the access_token_expires_at the 14-day notice was sent for. The worker's
//   sweep sets it with a conditional UPDATE (… WHERE expiry_notice_for IS DISTINCT FROM
//   access_token_expires_at): of two workers, one matches and sends, the other matches nothing.
//   A reconnect brings a new expiry, so the next expiry gets its own notice.
//
// An account row is now identified by its network account (user, platform, platform_user_id):
// reconnecting the same account updates its row in place (posts, history and metrics stay
// linked); at most one account per network is active (partial unique index). Before, a
// disconnected account's row was reused by whatever account was connected next.
//
// Live updates: changes of an account's health the worker makes (flagged, limited, the notice)
// become `live_events` of kind 'account', from the same trigger function as posts.
//
// The pt-BR 'account_expiring' email template. Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('connected_accounts')
    .addColumn('status_reason', 'text', (c) =>
      c.check(sql`status_reason IN ('expired', 'revoked', 'refresh_failed')`),
    )
    .addColumn('limited_until', 'timestamptz')
    .addColumn('expiry_notice_for', 'timestamptz')
    .execute();
  await db.schema
    .alterTable('connected_accounts')
    .dropConstraint('connected_accounts_user_platform_unique')
    .execute();
  await db.schema
    .alterTable('connected_accounts')
    .addUniqueConstraint('connected_accounts_user_platform_account_unique', [
      'user_id',
      'platform',
      'platform_user_id',
    ])
    .execute();
  await sql`CREATE UNIQUE INDEX connected_accounts_one_active_idx ON connected_accounts (user_id, platform) WHERE is_active`.execute(
    db,
  );

  await sql`ALTER TABLE live_events DROP CONSTRAINT live_events_kind_check`.execute(db);
  await sql`ALTER TABLE live_events ADD CONSTRAINT live_events_kind_check CHECK (kind IN ('post', 'metrics', 'account'))`.execute(
    db,
  );
  await sql`
    CREATE OR REPLACE FUNCTION pauta_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ev live_events;
    BEGIN
      IF TG_TABLE_NAME = 'suggested_posts' THEN
        INSERT INTO live_events (user_id, kind, post_id, platform, status, error_code, retry_at)
        VALUES (NEW.user_id, 'post', NEW.id, NEW.platform, NEW.status,
                CASE WHEN NEW.status IN ('failed', 'needs_attention', 'missed', 'scheduled') THEN NEW.last_error END,
                CASE WHEN NEW.status = 'scheduled' THEN NEW.next_attempt_at END)
        RETURNING * INTO ev;
      ELSIF TG_TABLE_NAME = 'connected_accounts' THEN
        INSERT INTO live_events (user_id, kind, platform, error_code, retry_at)
        VALUES (NEW.user_id, 'account', NEW.platform,
                CASE
                  WHEN NEW.is_active AND NEW.status = 'needs_reconnect' AND OLD.status IS DISTINCT FROM NEW.status
                    THEN 'ACCOUNT_NEEDS_RECONNECT'
                  WHEN NEW.expiry_notice_for IS NOT NULL AND OLD.expiry_notice_for IS DISTINCT FROM NEW.expiry_notice_for
                    THEN 'ACCOUNT_EXPIRING'
                  WHEN NEW.limited_until IS NOT NULL AND OLD.limited_until IS DISTINCT FROM NEW.limited_until
                    THEN 'RATE_LIMITED'
                END,
                NEW.limited_until)
        RETURNING * INTO ev;
      ELSE
        INSERT INTO live_events (user_id, kind, post_id, published_post_id, platform)
        VALUES (NEW.user_id, 'metrics', NEW.suggested_post_id, NEW.id, NEW.platform)
        RETURNING * INTO ev;
      END IF;
      PERFORM pg_notify('pauta_live', json_build_object(
        'id', ev.id::text, 'userId', ev.user_id, 'kind', ev.kind, 'postId', ev.post_id,
        'publishedPostId', ev.published_post_id, 'platform', ev.platform, 'status', ev.status,
        'errorCode', ev.error_code, 'retryAt', ev.retry_at, 'at', ev.created_at)::text);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER connected_accounts_live_event
    AFTER UPDATE OF status, is_active, limited_until, expiry_notice_for ON connected_accounts
    FOR EACH ROW WHEN (
      OLD.status IS DISTINCT FROM NEW.status OR OLD.is_active IS DISTINCT FROM NEW.is_active
      OR OLD.limited_until IS DISTINCT FROM NEW.limited_until
      OR OLD.expiry_notice_for IS DISTINCT FROM NEW.expiry_notice_for)
    EXECUTE FUNCTION pauta_live_event()`.execute(db);

  await db
    .insertInto('email_templates')
    .values({
      template_name: 'account_expiring',
      subject: 'A conexão com o {{platform}} expira em {{days}} dias',
      html_content:
        '<p>Olá, {{first_name}}.</p><p>A conta <strong>{{account_name}}</strong> do {{platform}} está conectada à Pauta com uma autorização que a rede não deixa renovar automaticamente. Ela expira em {{expires_on}}, daqui a {{days}} dias; depois disso, os posts dessa conta não serão publicados.</p><p>Para continuar publicando, abra Contas Conectadas, clique em <strong>Reconectar</strong> e entre com a mesma conta. Os posts agendados, o histórico e as métricas continuam os mesmos.</p><p><a href="{{accounts_url}}">Abrir Contas Conectadas</a></p>',
      variables: sql`'{"first_name":"Nome do usuário","platform":"Rede social","account_name":"Nome da conta na rede","expires_on":"Data em que a autorização expira","days":"Dias até expirar","accounts_url":"Link para Contas Conectadas"}'::jsonb`,
      is_active: true,
    })
    .onConflict((oc) => oc.column('template_name').doNothing())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS connected_accounts_live_event ON connected_accounts`.execute(db);
  // The function as migration 2026-11-25T00-00-live-events left it (posts and metrics only).
  await sql`
    CREATE OR REPLACE FUNCTION pauta_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ev live_events;
    BEGIN
      IF TG_TABLE_NAME = 'suggested_posts' THEN
        INSERT INTO live_events (user_id, kind, post_id, platform, status, error_code, retry_at)
        VALUES (NEW.user_id, 'post', NEW.id, NEW.platform, NEW.status,
                CASE WHEN NEW.status IN ('failed', 'needs_attention', 'missed', 'scheduled') THEN NEW.last_error END,
                CASE WHEN NEW.status = 'scheduled' THEN NEW.next_attempt_at END)
        RETURNING * INTO ev;
      ELSE
        INSERT INTO live_events (user_id, kind, post_id, published_post_id, platform)
        VALUES (NEW.user_id, 'metrics', NEW.suggested_post_id, NEW.id, NEW.platform)
        RETURNING * INTO ev;
      END IF;
      PERFORM pg_notify('pauta_live', json_build_object(
        'id', ev.id::text, 'userId', ev.user_id, 'kind', ev.kind, 'postId', ev.post_id,
        'publishedPostId', ev.published_post_id, 'platform', ev.platform, 'status', ev.status,
        'errorCode', ev.error_code, 'retryAt', ev.retry_at, 'at', ev.created_at)::text);
      RETURN NULL;
    END $$`.execute(db);
  await db.deleteFrom('live_events').where('kind', '=', 'account').execute();
  await sql`ALTER TABLE live_events DROP CONSTRAINT live_events_kind_check`.execute(db);
  await sql`ALTER TABLE live_events ADD CONSTRAINT live_events_kind_check CHECK (kind IN ('post', 'metrics'))`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS connected_accounts_one_active_idx`.execute(db);
  // Back to one row per (user, platform): only possible while no user has two rows of a network.
  await db.schema
    .alterTable('connected_accounts')
    .dropConstraint('connected_accounts_user_platform_account_unique')
    .execute();
  await db.schema
    .alterTable('connected_accounts')
    .addUniqueConstraint('connected_accounts_user_platform_unique', ['user_id', 'platform'])
    .execute();
  await db.schema
    .alterTable('connected_accounts')
    .dropColumn('status_reason')
    .dropColumn('limited_until')
    .dropColumn('expiry_notice_for')
    .execute();
  await db.deleteFrom('email_templates').where('template_name', '=', 'account_expiring').execute();
}
