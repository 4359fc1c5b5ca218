// The posting queue (issue 30 item 2; docs/posting-queue.md): weekly slots per connected account,
// in the workspace's time zone, and the database's guarantee that two posts never take the same
// slot of one account.
//
// - `workspaces.timezone`: the workspace's IANA zone for its queue; NULL = its owner's profile zone
//   (the personal owner, else the creator), which is what every workspace had implicitly before.
// - `queue_slots`: (account, weekday 0–6, minute of the day 0–1439), unique per account; the
//   composite key keeps a slot in its account's workspace and goes with the account.
// - `suggested_posts.queue_account_id`: set when a post took a slot of that account through the
//   queue ("Adicionar à fila", reorder, a theme filling the queue). The partial unique index
//   `suggested_posts_queue_slot_key` refuses a second scheduled post of the same account at the
//   same instant: two concurrent adds can never both take one slot.
// - `themes.use_queue`: a theme's generated posts fill the queue instead of 10:00.
// - Live updates (docs/live-updates.md): a post that enters, leaves or moves inside a queue with
//   its status unchanged, and a change of an account's slots, write a 'bulk' live event of the
//   workspace (trigger `pauta_queue_live_event`), so other tabs redraw "Fila de publicação".
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE workspaces ADD COLUMN timezone text
    CONSTRAINT workspaces_timezone_length CHECK (char_length(timezone) BETWEEN 1 AND 64)`.execute(db);
  await sql`
    CREATE TABLE queue_slots (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      workspace_id uuid NOT NULL,
      connected_account_id uuid NOT NULL,
      weekday smallint NOT NULL CONSTRAINT queue_slots_weekday CHECK (weekday BETWEEN 0 AND 6),
      minute smallint NOT NULL CONSTRAINT queue_slots_minute CHECK (minute BETWEEN 0 AND 1439),
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT queue_slots_account_time_key UNIQUE (connected_account_id, weekday, minute),
      CONSTRAINT queue_slots_account_fkey FOREIGN KEY (workspace_id, connected_account_id)
        REFERENCES connected_accounts (workspace_id, id) ON DELETE CASCADE
    )`.execute(db);
  await sql`CREATE INDEX queue_slots_workspace_idx ON queue_slots (workspace_id, connected_account_id)`.execute(
    db,
  );
  await sql`ALTER TABLE suggested_posts ADD COLUMN queue_account_id uuid`.execute(db);
  await sql`
    ALTER TABLE suggested_posts ADD CONSTRAINT suggested_posts_queue_account_fkey
      FOREIGN KEY (workspace_id, queue_account_id) REFERENCES connected_accounts (workspace_id, id)
      ON DELETE SET NULL (queue_account_id)`.execute(db);
  await sql`
    CREATE UNIQUE INDEX suggested_posts_queue_slot_key ON suggested_posts (queue_account_id, scheduled_for)
      WHERE queue_account_id IS NOT NULL AND status = 'scheduled'`.execute(db);
  await sql`ALTER TABLE themes ADD COLUMN use_queue boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    CREATE FUNCTION pauta_queue_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ev live_events;
    BEGIN
      INSERT INTO live_events (workspace_id, user_id, kind) VALUES (NEW.workspace_id, NEW.user_id, 'bulk')
      RETURNING * INTO ev;
      PERFORM pg_notify('pauta_live', json_build_object(
        'id', ev.id::text, 'userId', ev.user_id, 'workspaceId', ev.workspace_id, 'kind', ev.kind,
        'postId', ev.post_id, 'publishedPostId', ev.published_post_id, 'reportId', ev.report_id,
        'platform', ev.platform, 'status', ev.status, 'errorCode', ev.error_code,
        'retryAt', ev.retry_at, 'at', ev.created_at)::text);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION pauta_queue_slots_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ev live_events;
      r record;
    BEGIN
      FOR r IN
        SELECT DISTINCT c.workspace_id, a.user_id
        FROM changed_slots c JOIN connected_accounts a ON a.id = c.connected_account_id
        WHERE a.user_id IS NOT NULL
      LOOP
        INSERT INTO live_events (workspace_id, user_id, kind) VALUES (r.workspace_id, r.user_id, 'bulk')
        RETURNING * INTO ev;
        PERFORM pg_notify('pauta_live', json_build_object(
          'id', ev.id::text, 'userId', ev.user_id, 'workspaceId', ev.workspace_id, 'kind', ev.kind,
          'postId', ev.post_id, 'publishedPostId', ev.published_post_id, 'reportId', ev.report_id,
          'platform', ev.platform, 'status', ev.status, 'errorCode', ev.error_code,
          'retryAt', ev.retry_at, 'at', ev.created_at)::text);
      END LOOP;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER suggested_posts_queue_live_event AFTER UPDATE OF queue_account_id, scheduled_for ON suggested_posts
    FOR EACH ROW WHEN (
      OLD.status IS NOT DISTINCT FROM NEW.status AND (
        OLD.queue_account_id IS DISTINCT FROM NEW.queue_account_id
        OR (NEW.queue_account_id IS NOT NULL AND OLD.scheduled_for IS DISTINCT FROM NEW.scheduled_for)))
    EXECUTE FUNCTION pauta_queue_live_event()`.execute(db);
  await sql`
    CREATE TRIGGER queue_slots_live_insert AFTER INSERT ON queue_slots
    REFERENCING NEW TABLE AS changed_slots
    FOR EACH STATEMENT EXECUTE FUNCTION pauta_queue_slots_live_event()`.execute(db);
  await sql`
    CREATE TRIGGER queue_slots_live_delete AFTER DELETE ON queue_slots
    REFERENCING OLD TABLE AS changed_slots
    FOR EACH STATEMENT EXECUTE FUNCTION pauta_queue_slots_live_event()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS suggested_posts_queue_live_event ON suggested_posts`.execute(db);
  await sql`DROP FUNCTION IF EXISTS pauta_queue_live_event()`.execute(db);
  await sql`ALTER TABLE themes DROP COLUMN IF EXISTS use_queue`.execute(db);
  await sql`DROP INDEX IF EXISTS suggested_posts_queue_slot_key`.execute(db);
  await sql`ALTER TABLE suggested_posts DROP CONSTRAINT IF EXISTS suggested_posts_queue_account_fkey`.execute(
    db,
  );
  await sql`ALTER TABLE suggested_posts DROP COLUMN IF EXISTS queue_account_id`.execute(db);
  await sql`DROP TABLE IF EXISTS queue_slots`.execute(db);
  await sql`DROP FUNCTION IF EXISTS pauta_queue_slots_live_event()`.execute(db);
  await sql`ALTER TABLE workspaces DROP COLUMN IF EXISTS timezone`.execute(db);
}
