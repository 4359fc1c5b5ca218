// Workspaces (issue 25, first step; docs/workspaces.md): the unit that owns themes, posts,
// connected accounts, images, approval links, best-time data, live events and failure notices.
// Today's data moves into one personal workspace per user, whose id is the user's id: every row's
// workspace_id is then its user_id, which makes the backfill exact (and checkable) and keeps every
// id a client already holds valid. `user_id` stays on each row and means "who did it".
//
// - New users get their personal workspace from a trigger on `users` (sign-up, OAuth, admin,
//   scripts and tests alike).
// - Children take their parent's workspace in the database (a post its theme's, an image, a
//   comment, a stage or delivery event its post's) and composite foreign keys
//   (workspace_id, parent_id) -> parent (workspace_id, id) make a cross-workspace reference
//   impossible, even through a bug.
// - Roots (themes, connected accounts, approval links, pending connections) are written with the
//   workspace by the repositories; a row written without one (a script, a test fixture) lands in
//   its author's personal workspace.
// - Every list and count reads a workspace_id-leading index; the user_id-leading list indexes go.
// - Live events carry the workspace in their row and their NOTIFY payload.
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

/** The tables whose rows a workspace owns; the migration test reads this list. */
export const OWNED_TABLES = [
  'themes',
  'suggested_posts',
  'connected_accounts',
  'pending_connections',
  'published_posts',
  'post_media',
  'post_comments',
  'post_stage_events',
  'post_delivery_events',
  'client_approval_links',
  'failure_notices',
  'live_events',
] as const;

/** Children of a post: (table, the column naming the post). */
const POST_CHILDREN = [
  ['post_media', 'post_id'],
  ['post_comments', 'post_id'],
  ['post_stage_events', 'post_id'],
  ['post_delivery_events', 'suggested_post_id'],
] as const;

/** The live-event trigger functions, as the migrations before this one left them, plus the workspace. */
const LIVE_EVENT_FUNCTION = sql`
  CREATE OR REPLACE FUNCTION pauta_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    ev live_events;
  BEGIN
    IF TG_TABLE_NAME = 'suggested_posts' THEN
      INSERT INTO live_events (workspace_id, user_id, kind, post_id, platform, status, error_code, retry_at)
      VALUES (NEW.workspace_id, NEW.user_id, 'post', NEW.id, NEW.platform, NEW.status,
              CASE WHEN NEW.status IN ('failed', 'needs_attention', 'missed', 'scheduled') THEN NEW.last_error END,
              CASE WHEN NEW.status = 'scheduled' THEN NEW.next_attempt_at END)
      RETURNING * INTO ev;
    ELSIF TG_TABLE_NAME = 'connected_accounts' THEN
      INSERT INTO live_events (workspace_id, user_id, kind, platform, error_code, retry_at)
      VALUES (NEW.workspace_id, NEW.user_id, 'account', NEW.platform,
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
      INSERT INTO live_events (workspace_id, user_id, kind, post_id, published_post_id, platform)
      VALUES (NEW.workspace_id, NEW.user_id, 'metrics', NEW.suggested_post_id, NEW.id, NEW.platform)
      RETURNING * INTO ev;
    END IF;
    PERFORM pg_notify('pauta_live', json_build_object(
      'id', ev.id::text, 'userId', ev.user_id, 'workspaceId', ev.workspace_id, 'kind', ev.kind,
      'postId', ev.post_id, 'publishedPostId', ev.published_post_id, 'platform', ev.platform,
      'status', ev.status, 'errorCode', ev.error_code, 'retryAt', ev.retry_at, 'at', ev.created_at)::text);
    RETURN NULL;
  END $$`;

const APPROVAL_LIVE_EVENT_FUNCTION = sql`
  CREATE OR REPLACE FUNCTION pauta_approval_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    ev live_events;
  BEGIN
    INSERT INTO live_events (workspace_id, user_id, kind, post_id, platform, status, error_code)
    VALUES (NEW.workspace_id, NEW.user_id, 'post', NEW.id, NEW.platform, NEW.status,
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
      'id', ev.id::text, 'userId', ev.user_id, 'workspaceId', ev.workspace_id, 'kind', ev.kind,
      'postId', ev.post_id, 'publishedPostId', ev.published_post_id, 'platform', ev.platform,
      'status', ev.status, 'errorCode', ev.error_code, 'retryAt', ev.retry_at, 'at', ev.created_at)::text);
    RETURN NULL;
  END $$`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE workspaces (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 80),
      -- The user whose personal workspace this is (their default); null for a created one.
      personal_of uuid UNIQUE REFERENCES users(id) ON DELETE CASCADE,
      -- Branding (a later step): the logo's storage key and the accent colour.
      logo_key text,
      color text CHECK (color IS NULL OR color ~ '^#[0-9A-Fa-f]{6}$'),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE workspace_members (
      workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('owner', 'editor', 'reviewer', 'client')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (workspace_id, user_id)
    )`.execute(db);
  // "My workspaces" and the membership read of every scoped request.
  await sql`CREATE INDEX workspace_members_user_idx ON workspace_members (user_id, workspace_id) INCLUDE (role)`.execute(
    db,
  );

  // Every user has a personal workspace (id = the user's id) with the user as its owner.
  await sql`
    CREATE FUNCTION pauta_personal_workspace() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO workspaces (id, name, personal_of, created_by) VALUES (NEW.id, 'Pessoal', NEW.id, NEW.id);
      INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (NEW.id, NEW.id, 'owner');
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER users_personal_workspace AFTER INSERT ON users
    FOR EACH ROW EXECUTE FUNCTION pauta_personal_workspace()`.execute(db);
  await sql`INSERT INTO workspaces (id, name, personal_of, created_by, created_at)
    SELECT id, 'Pessoal', id, id, created_at FROM users`.execute(db);
  await sql`INSERT INTO workspace_members (workspace_id, user_id, role, created_at)
    SELECT id, id, 'owner', created_at FROM users`.execute(db);

  for (const table of OWNED_TABLES) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN workspace_id uuid`.execute(db);
  }

  // Backfill. Roots and the tables without a parent key take their user's personal workspace;
  // children take their parent's (the same value today, and what the composite keys check).
  // The delivery-events trigger fires on any UPDATE of suggested_posts: off while backfilling.
  await sql`ALTER TABLE suggested_posts DISABLE TRIGGER suggested_posts_delivery_events`.execute(db);
  for (const table of [
    'themes',
    'connected_accounts',
    'pending_connections',
    'client_approval_links',
    'failure_notices',
    'live_events',
  ]) {
    await sql`UPDATE ${sql.table(table)} SET workspace_id = user_id`.execute(db);
  }
  await sql`UPDATE suggested_posts p SET workspace_id = t.workspace_id FROM themes t WHERE t.id = p.theme_id`.execute(
    db,
  );
  await sql`ALTER TABLE suggested_posts ENABLE TRIGGER suggested_posts_delivery_events`.execute(db);
  for (const [table, column] of POST_CHILDREN) {
    await sql`UPDATE ${sql.table(table)} c SET workspace_id = p.workspace_id
      FROM suggested_posts p WHERE p.id = c.${sql.ref(column)}`.execute(db);
  }
  await sql`UPDATE published_posts SET workspace_id = user_id`.execute(db);

  // Verify before NOT NULL: name the table and count, rather than fail on the first row.
  for (const table of OWNED_TABLES) {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE workspace_id IS NULL`.execute(db);
    const missing = rows[0]?.n ?? 0;
    if (missing > 0) throw new Error(`workspaces: ${missing} linhas de ${table} ficaram sem workspace`);
  }
  for (const table of OWNED_TABLES) {
    await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN workspace_id SET NOT NULL`.execute(db);
  }

  // Roots and the tables that outlive their post point at the workspace itself.
  for (const table of [
    'themes',
    'connected_accounts',
    'pending_connections',
    'client_approval_links',
    'failure_notices',
    'live_events',
    'published_posts',
  ]) {
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.id(`${table}_workspace_fk`)}
      FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE`.execute(db);
  }

  // Composite keys: a child can only point at a parent of its own workspace.
  await sql`ALTER TABLE themes ADD CONSTRAINT themes_workspace_id_unique UNIQUE (workspace_id, id)`.execute(
    db,
  );
  await sql`ALTER TABLE suggested_posts ADD CONSTRAINT suggested_posts_workspace_id_unique UNIQUE (workspace_id, id)`.execute(
    db,
  );
  await sql`ALTER TABLE connected_accounts ADD CONSTRAINT connected_accounts_workspace_id_unique UNIQUE (workspace_id, id)`.execute(
    db,
  );
  // A post's theme is in the post's workspace (replaces "the post's user is the theme's user":
  // an editor's post is in the workspace's theme, whoever wrote either).
  await sql`ALTER TABLE suggested_posts DROP CONSTRAINT suggested_posts_theme_owner_fk`.execute(db);
  await sql`ALTER TABLE suggested_posts ADD CONSTRAINT suggested_posts_workspace_theme_fk
    FOREIGN KEY (workspace_id, theme_id) REFERENCES themes (workspace_id, id) ON DELETE CASCADE`.execute(db);
  for (const [table, column] of POST_CHILDREN) {
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.id(`${table}_workspace_post_fk`)}
      FOREIGN KEY (workspace_id, ${sql.ref(column)}) REFERENCES suggested_posts (workspace_id, id) ON DELETE CASCADE`.execute(
      db,
    );
  }
  await sql`ALTER TABLE client_approval_links ADD CONSTRAINT client_approval_links_workspace_theme_fk
    FOREIGN KEY (workspace_id, theme_id) REFERENCES themes (workspace_id, id) ON DELETE CASCADE`.execute(db);
  // Published posts keep their history when the post, theme or account goes (SET NULL of that
  // column only; the workspace stays).
  await sql`ALTER TABLE published_posts ADD CONSTRAINT published_posts_workspace_post_fk
    FOREIGN KEY (workspace_id, suggested_post_id) REFERENCES suggested_posts (workspace_id, id)
    ON DELETE SET NULL (suggested_post_id)`.execute(db);
  await sql`ALTER TABLE published_posts ADD CONSTRAINT published_posts_workspace_theme_fk
    FOREIGN KEY (workspace_id, theme_id) REFERENCES themes (workspace_id, id) ON DELETE SET NULL (theme_id)`.execute(
    db,
  );
  await sql`ALTER TABLE published_posts ADD CONSTRAINT published_posts_workspace_account_fk
    FOREIGN KEY (workspace_id, connected_account_id) REFERENCES connected_accounts (workspace_id, id)
    ON DELETE SET NULL (connected_account_id)`.execute(db);

  // A network account is connected once per workspace (was: once per user).
  await sql`ALTER TABLE connected_accounts DROP CONSTRAINT connected_accounts_user_platform_account_unique`.execute(
    db,
  );
  await sql`ALTER TABLE connected_accounts ADD CONSTRAINT connected_accounts_workspace_platform_account_unique
    UNIQUE (workspace_id, platform, platform_user_id)`.execute(db);
  await sql`DROP INDEX connected_accounts_one_active_idx`.execute(db);
  await sql`CREATE UNIQUE INDEX connected_accounts_one_active_idx ON connected_accounts (workspace_id, platform) WHERE is_active`.execute(
    db,
  );
  // The user's cascade (account deletion) still finds their accounts by index.
  await sql`CREATE INDEX connected_accounts_user_idx ON connected_accounts (user_id)`.execute(db);

  // Lists and counts: the same keys, led by the workspace.
  await sql`DROP INDEX themes_user_created_idx`.execute(db);
  await sql`CREATE INDEX themes_workspace_created_idx ON themes (workspace_id, created_at)`.execute(db);
  await sql`CREATE INDEX themes_user_idx ON themes (user_id)`.execute(db);
  await sql`DROP INDEX suggested_posts_user_scheduled_idx`.execute(db);
  await sql`CREATE INDEX suggested_posts_workspace_scheduled_idx ON suggested_posts (workspace_id, scheduled_for, id)
    INCLUDE (status, theme_id, platform, created_at) WHERE scheduled_for IS NOT NULL`.execute(db);
  await sql`DROP INDEX suggested_posts_user_created_idx`.execute(db);
  await sql`CREATE INDEX suggested_posts_workspace_created_idx ON suggested_posts (workspace_id, created_at)`.execute(
    db,
  );
  await sql`DROP INDEX suggested_posts_user_status_idx`.execute(db);
  await sql`CREATE INDEX suggested_posts_workspace_status_idx ON suggested_posts (workspace_id, status, scheduled_for)
    WHERE status IN ('scheduled','failed','needs_attention','missed')`.execute(db);
  await sql`DROP INDEX suggested_posts_approval_board_idx`.execute(db);
  await sql`CREATE INDEX suggested_posts_approval_board_idx ON suggested_posts (workspace_id, scheduled_for)
    WHERE approval_stage IS NOT NULL`.execute(db);
  await sql`DROP INDEX published_posts_user_published_idx`.execute(db);
  await sql`DROP INDEX published_posts_user_published_id_idx`.execute(db);
  await sql`CREATE INDEX published_posts_workspace_published_id_idx ON published_posts (workspace_id, published_at DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX published_posts_user_idx ON published_posts (user_id)`.execute(db);
  await sql`DROP INDEX published_posts_best_time_idx`.execute(db);
  await sql`CREATE INDEX published_posts_best_time_idx ON published_posts (workspace_id, published_at)
    INCLUDE (platform, engagement_rate, likes_count, comments_count)`.execute(db);
  await sql`DROP INDEX live_events_user_idx`.execute(db);
  await sql`CREATE INDEX live_events_workspace_idx ON live_events (workspace_id, id)`.execute(db);
  await sql`CREATE INDEX live_events_user_idx ON live_events (user_id)`.execute(db);
  await sql`DROP INDEX client_approval_links_user_idx`.execute(db);
  await sql`CREATE INDEX client_approval_links_workspace_idx ON client_approval_links (workspace_id, created_at)`.execute(
    db,
  );
  await sql`DROP INDEX post_media_user_idx`.execute(db);
  await sql`CREATE INDEX post_media_workspace_idx ON post_media (workspace_id)`.execute(db);
  await sql`CREATE INDEX post_media_user_idx ON post_media (user_id)`.execute(db);
  await sql`CREATE INDEX failure_notices_workspace_idx ON failure_notices (workspace_id)`.execute(db);
  await sql`CREATE INDEX pending_connections_workspace_idx ON pending_connections (workspace_id)`.execute(db);

  // A row written without a workspace: a root lands in its author's personal workspace, a child
  // in its parent's. Repositories pass the workspace; this is for rows written any other way.
  await sql`
    CREATE FUNCTION pauta_fill_workspace() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.workspace_id IS NOT NULL THEN
        RETURN NEW;
      END IF;
      IF TG_TABLE_NAME IN ('themes', 'connected_accounts', 'pending_connections', 'client_approval_links') THEN
        NEW.workspace_id := NEW.user_id;
      ELSIF TG_TABLE_NAME = 'suggested_posts' THEN
        NEW.workspace_id := (SELECT workspace_id FROM themes WHERE id = NEW.theme_id);
      ELSIF TG_TABLE_NAME = 'post_delivery_events' THEN
        NEW.workspace_id := (SELECT workspace_id FROM suggested_posts WHERE id = NEW.suggested_post_id);
      ELSIF TG_TABLE_NAME = 'published_posts' THEN
        NEW.workspace_id := COALESCE(
          (SELECT workspace_id FROM suggested_posts WHERE id = NEW.suggested_post_id),
          (SELECT workspace_id FROM themes WHERE id = NEW.theme_id),
          (SELECT workspace_id FROM connected_accounts WHERE id = NEW.connected_account_id),
          NEW.user_id);
      ELSIF TG_TABLE_NAME IN ('failure_notices', 'live_events') THEN
        NEW.workspace_id := COALESCE((SELECT workspace_id FROM suggested_posts WHERE id = NEW.post_id), NEW.user_id);
      ELSE
        NEW.workspace_id := (SELECT workspace_id FROM suggested_posts WHERE id = NEW.post_id);
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  for (const table of OWNED_TABLES) {
    await sql`CREATE TRIGGER ${sql.id(`${table}_fill_workspace`)} BEFORE INSERT ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION pauta_fill_workspace()`.execute(db);
  }

  await LIVE_EVENT_FUNCTION.execute(db);
  await APPROVAL_LIVE_EVENT_FUNCTION.execute(db);

  // Membership changes reach every web process's cache (docs/performance.md).
  await sql`
    CREATE FUNCTION pauta_membership_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('pauta_cache', 'member:' || OLD.workspace_id || ':' || OLD.user_id);
      ELSE
        PERFORM pg_notify('pauta_cache', 'member:' || NEW.workspace_id || ':' || NEW.user_id);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER workspace_members_cache_notify AFTER INSERT OR UPDATE OR DELETE ON workspace_members
    FOR EACH ROW EXECUTE FUNCTION pauta_membership_notify()`.execute(db);

  await sql`INSERT INTO admin_settings (setting_key, setting_value, description)
    VALUES ('max_workspaces_per_user', '20'::jsonb, 'Máximo de clientes (workspaces) que uma pessoa pode criar')
    ON CONFLICT (setting_key) DO NOTHING`.execute(db);
  await sql`UPDATE admin_settings SET description = 'Máximo de temas por cliente (workspace)'
    WHERE setting_key = 'max_themes_per_user'`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  // Only a database that still has one workspace per user can go back.
  await sql`DELETE FROM admin_settings WHERE setting_key = 'max_workspaces_per_user'`.execute(db);
  await sql`DROP TRIGGER IF EXISTS workspace_members_cache_notify ON workspace_members`.execute(db);
  await sql`DROP FUNCTION IF EXISTS pauta_membership_notify()`.execute(db);
  for (const table of OWNED_TABLES) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(`${table}_fill_workspace`)} ON ${sql.table(table)}`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS pauta_fill_workspace()`.execute(db);
  await sql`DROP INDEX IF EXISTS pending_connections_workspace_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS failure_notices_workspace_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS post_media_user_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS post_media_workspace_idx`.execute(db);
  await sql`CREATE INDEX post_media_user_idx ON post_media (user_id)`.execute(db);
  await sql`DROP INDEX client_approval_links_workspace_idx`.execute(db);
  await sql`CREATE INDEX client_approval_links_user_idx ON client_approval_links (user_id, created_at)`.execute(
    db,
  );
  await sql`DROP INDEX live_events_user_idx`.execute(db);
  await sql`DROP INDEX live_events_workspace_idx`.execute(db);
  await sql`CREATE INDEX live_events_user_idx ON live_events (user_id, id)`.execute(db);
  await sql`DROP INDEX published_posts_best_time_idx`.execute(db);
  await sql`CREATE INDEX published_posts_best_time_idx ON published_posts (user_id, published_at)
    INCLUDE (platform, engagement_rate, likes_count, comments_count)`.execute(db);
  await sql`DROP INDEX published_posts_user_idx`.execute(db);
  await sql`DROP INDEX published_posts_workspace_published_id_idx`.execute(db);
  await sql`CREATE INDEX published_posts_user_published_idx ON published_posts (user_id, published_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX published_posts_user_published_id_idx ON published_posts (user_id, published_at DESC, id DESC)`.execute(
    db,
  );
  await sql`DROP INDEX suggested_posts_approval_board_idx`.execute(db);
  await sql`CREATE INDEX suggested_posts_approval_board_idx ON suggested_posts (user_id, scheduled_for)
    WHERE approval_stage IS NOT NULL`.execute(db);
  await sql`DROP INDEX suggested_posts_workspace_status_idx`.execute(db);
  await sql`CREATE INDEX suggested_posts_user_status_idx ON suggested_posts (user_id, status, scheduled_for)
    WHERE status IN ('scheduled','failed','needs_attention','missed')`.execute(db);
  await sql`DROP INDEX suggested_posts_workspace_created_idx`.execute(db);
  await sql`CREATE INDEX suggested_posts_user_created_idx ON suggested_posts (user_id, created_at)`.execute(
    db,
  );
  await sql`DROP INDEX suggested_posts_workspace_scheduled_idx`.execute(db);
  await sql`CREATE INDEX suggested_posts_user_scheduled_idx ON suggested_posts (user_id, scheduled_for, id)
    INCLUDE (status, theme_id, platform, created_at) WHERE scheduled_for IS NOT NULL`.execute(db);
  await sql`DROP INDEX themes_user_idx`.execute(db);
  await sql`DROP INDEX themes_workspace_created_idx`.execute(db);
  await sql`CREATE INDEX themes_user_created_idx ON themes (user_id, created_at)`.execute(db);
  await sql`DROP INDEX connected_accounts_user_idx`.execute(db);
  await sql`DROP INDEX connected_accounts_one_active_idx`.execute(db);
  await sql`CREATE UNIQUE INDEX connected_accounts_one_active_idx ON connected_accounts (user_id, platform) WHERE is_active`.execute(
    db,
  );
  await sql`ALTER TABLE connected_accounts DROP CONSTRAINT connected_accounts_workspace_platform_account_unique`.execute(
    db,
  );
  await sql`ALTER TABLE connected_accounts ADD CONSTRAINT connected_accounts_user_platform_account_unique
    UNIQUE (user_id, platform, platform_user_id)`.execute(db);
  await sql`ALTER TABLE suggested_posts DROP CONSTRAINT suggested_posts_workspace_theme_fk`.execute(db);
  await sql`ALTER TABLE suggested_posts ADD CONSTRAINT suggested_posts_theme_owner_fk
    FOREIGN KEY (theme_id, user_id) REFERENCES themes (id, user_id) ON DELETE CASCADE`.execute(db);
  // Dropping the columns drops every constraint and index that names them.
  for (const table of [...OWNED_TABLES].reverse()) {
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN workspace_id CASCADE`.execute(db);
  }
  // The live-event functions as migration 2026-11-27T04-00-client-approval-links left them.
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
  await sql`DROP TRIGGER IF EXISTS users_personal_workspace ON users`.execute(db);
  await sql`DROP FUNCTION IF EXISTS pauta_personal_workspace()`.execute(db);
  await sql`DROP TABLE workspace_members`.execute(db);
  await sql`DROP TABLE workspaces`.execute(db);
}
