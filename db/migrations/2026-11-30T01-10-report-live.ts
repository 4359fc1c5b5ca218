// Issue 27 (docs/reports.md "Live progress"): a report's status and progress changes become live
// events, so the open Relatórios page shows the progress and "pronto" without a reload.
//
// - `live_events.kind` gains 'report'; `platform` becomes nullable (a report has no network) and
//   `report_id` names the row (no foreign key: the event outlives a deleted report).
// - `pauta_report_live_event()`: on INSERT and on an UPDATE that changes `status` or `progress`,
//   one `live_events` row (workspace, requester, kind 'report', report id, the error code of a
//   failed run) and `pg_notify('pauta_live', …)` in the same statement, as the post triggers do.
//   A fenced write that matched nothing (a lost attempt) changes no row, so it sends nothing.
//   The requester is the event's user; when that account is gone, the workspace's first owner;
//   with neither, no event (nobody could see it).
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE live_events ALTER COLUMN platform DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE live_events ADD COLUMN report_id uuid`.execute(db);
  await sql`ALTER TABLE live_events DROP CONSTRAINT live_events_kind_check`.execute(db);
  await sql`ALTER TABLE live_events ADD CONSTRAINT live_events_kind_check
    CHECK (kind IN ('post', 'metrics', 'account', 'report'))`.execute(db);
  await sql`ALTER TABLE live_events ADD CONSTRAINT live_events_report_check
    CHECK ((kind = 'report') = (report_id IS NOT NULL) AND (kind = 'report' OR platform IS NOT NULL))`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION pauta_report_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ev live_events;
      who uuid;
    BEGIN
      who := COALESCE(NEW.requested_by, (
        SELECT m.user_id FROM workspace_members m
        WHERE m.workspace_id = NEW.workspace_id AND m.role = 'owner'
        ORDER BY m.created_at LIMIT 1));
      IF who IS NULL THEN
        RETURN NULL;
      END IF;
      INSERT INTO live_events (workspace_id, user_id, kind, report_id, error_code)
      VALUES (NEW.workspace_id, who, 'report', NEW.id,
              CASE WHEN NEW.status = 'failed' THEN NEW.error_code END)
      RETURNING * INTO ev;
      PERFORM pg_notify('pauta_live', json_build_object(
        'id', ev.id::text, 'userId', ev.user_id, 'workspaceId', ev.workspace_id, 'kind', ev.kind,
        'postId', ev.post_id, 'publishedPostId', ev.published_post_id, 'reportId', ev.report_id,
        'platform', ev.platform, 'status', ev.status, 'errorCode', ev.error_code,
        'retryAt', ev.retry_at, 'at', ev.created_at)::text);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER reports_live_event_insert AFTER INSERT ON reports
    FOR EACH ROW EXECUTE FUNCTION pauta_report_live_event()`.execute(db);
  await sql`
    CREATE TRIGGER reports_live_event AFTER UPDATE OF status, progress ON reports
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.progress IS DISTINCT FROM NEW.progress)
    EXECUTE FUNCTION pauta_report_live_event()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS reports_live_event ON reports`.execute(db);
  await sql`DROP TRIGGER IF EXISTS reports_live_event_insert ON reports`.execute(db);
  await sql`DROP FUNCTION IF EXISTS pauta_report_live_event()`.execute(db);
  await db.deleteFrom('live_events').where('kind', '=', 'report').execute();
  await sql`ALTER TABLE live_events DROP CONSTRAINT live_events_report_check`.execute(db);
  await sql`ALTER TABLE live_events DROP CONSTRAINT live_events_kind_check`.execute(db);
  await sql`ALTER TABLE live_events ADD CONSTRAINT live_events_kind_check
    CHECK (kind IN ('post', 'metrics', 'account'))`.execute(db);
  await sql`ALTER TABLE live_events DROP COLUMN report_id`.execute(db);
  await sql`ALTER TABLE live_events ALTER COLUMN platform SET NOT NULL`.execute(db);
}
