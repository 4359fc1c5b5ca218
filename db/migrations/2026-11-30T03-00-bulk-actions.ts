// Issue 30 item 3 (docs/bulk-actions.md): bulk actions on a selection of posts.
//
// - `post_bulk_actions`: one row per bulk call that changed something — who, which action, how
//   many posts — and, for the actions that can be undone (move stage, reschedule, change theme),
//   `undo`: each changed post's id, the version the call left it at (the fence: undo restores a
//   post only while it is still at that version) and its previous values. `undone_at` makes the
//   undo happen once; `expires_at` bounds it (24 h). Deleted with its workspace.
// - `live_events.kind` gains 'bulk' (no post, no network): the row's insert and its undo announce
//   "posts of this workspace changed" to every open screen, once per call, from the trigger
//   `pauta_bulk_live_event` in the same statement (no application code writes events).
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE post_bulk_actions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      action text NOT NULL CHECK (action IN ('approve', 'move', 'reschedule', 'theme', 'delete')),
      changed integer NOT NULL CHECK (changed >= 0),
      undo jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL DEFAULT now() + interval '24 hours',
      undone_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX post_bulk_actions_workspace ON post_bulk_actions (workspace_id, created_at)`.execute(
    db,
  );
  await sql`ALTER TABLE live_events DROP CONSTRAINT live_events_kind_check`.execute(db);
  await sql`ALTER TABLE live_events ADD CONSTRAINT live_events_kind_check
    CHECK (kind IN ('post', 'metrics', 'account', 'report', 'bulk'))`.execute(db);
  await sql`ALTER TABLE live_events DROP CONSTRAINT live_events_report_check`.execute(db);
  await sql`ALTER TABLE live_events ADD CONSTRAINT live_events_report_check
    CHECK ((kind = 'report') = (report_id IS NOT NULL) AND (kind IN ('report', 'bulk') OR platform IS NOT NULL))`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION pauta_bulk_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ev live_events;
    BEGIN
      IF NEW.user_id IS NULL OR NEW.changed = 0 THEN
        RETURN NULL;
      END IF;
      INSERT INTO live_events (workspace_id, user_id, kind)
      VALUES (NEW.workspace_id, NEW.user_id, 'bulk')
      RETURNING * INTO ev;
      PERFORM pg_notify('pauta_live', json_build_object(
        'id', ev.id::text, 'userId', ev.user_id, 'workspaceId', ev.workspace_id, 'kind', ev.kind,
        'postId', ev.post_id, 'publishedPostId', ev.published_post_id, 'reportId', ev.report_id,
        'platform', ev.platform, 'status', ev.status, 'errorCode', ev.error_code,
        'retryAt', ev.retry_at, 'at', ev.created_at)::text);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER post_bulk_actions_live_insert AFTER INSERT ON post_bulk_actions
    FOR EACH ROW EXECUTE FUNCTION pauta_bulk_live_event()`.execute(db);
  await sql`
    CREATE TRIGGER post_bulk_actions_live_undo AFTER UPDATE OF undone_at ON post_bulk_actions
    FOR EACH ROW WHEN (OLD.undone_at IS NULL AND NEW.undone_at IS NOT NULL)
    EXECUTE FUNCTION pauta_bulk_live_event()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS post_bulk_actions`.execute(db);
  await sql`DROP FUNCTION IF EXISTS pauta_bulk_live_event()`.execute(db);
  await db.deleteFrom('live_events').where('kind', '=', 'bulk').execute();
  await sql`ALTER TABLE live_events DROP CONSTRAINT live_events_report_check`.execute(db);
  await sql`ALTER TABLE live_events ADD CONSTRAINT live_events_report_check
    CHECK ((kind = 'report') = (report_id IS NOT NULL) AND (kind = 'report' OR platform IS NOT NULL))`.execute(
    db,
  );
  await sql`ALTER TABLE live_events DROP CONSTRAINT live_events_kind_check`.execute(db);
  await sql`ALTER TABLE live_events ADD CONSTRAINT live_events_kind_check
    CHECK (kind IN ('post', 'metrics', 'account', 'report'))`.execute(db);
}
