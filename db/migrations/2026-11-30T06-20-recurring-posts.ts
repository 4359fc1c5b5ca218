// Issue 30 item 6 (docs/recurring-posts.md): recurring and evergreen posts.
//
// - `post_series`: one row per repetition, owned by its workspace (ON DELETE CASCADE). `kind`
//   days | weeks | evergreen, `interval_count` N, and exactly one stop rule (`max_occurrences` K
//   publications, or `until_date`, a local date in `time_zone`, inclusive): the CHECK
//   `post_series_one_stop_rule` refuses none or both. `time_zone` is the zone of the person who set
//   the repetition (a workspace has no zone of its own). `stopped_at` = the owner's "Parar
//   repetição"; `ended_at` = the stop rule was reached (written by the worker).
// - `suggested_posts.series_id` + `series_occurrence` (1 = the original post): both or neither.
//   UNIQUE (series_id, series_occurrence) is what makes "the next occurrence is created exactly
//   once" hold against a worker crash and two workers or reconcilers racing: the worker inserts
//   with ON CONFLICT DO NOTHING and reads whether its row was the one.
// - `post_media.storage_key` (and thumb_key, cover_key) are no longer unique: an occurrence refers to the same stored files as
//   the occurrence it was copied from (a row per post, same keys). The media sweep already deletes a
//   file only when no post_media row holds its key; a plain index keeps that lookup fast.
// - `pauta_series_live_event`: an occurrence inserted by the worker (series_occurrence > 1)
//   announces itself like a status change (kind 'post'), so the open screens show it at once.
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE post_series (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('days', 'weeks', 'evergreen')),
      interval_count integer NOT NULL CHECK (interval_count BETWEEN 1 AND 365),
      max_occurrences integer CHECK (max_occurrences BETWEEN 2 AND 100),
      until_date date,
      time_zone text NOT NULL,
      stopped_at timestamptz,
      ended_at timestamptz,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT post_series_one_stop_rule CHECK ((max_occurrences IS NULL) <> (until_date IS NULL)),
      CONSTRAINT post_series_workspace_id_unique UNIQUE (workspace_id, id)
    )`.execute(db);
  await sql`
    ALTER TABLE suggested_posts
      ADD COLUMN series_id uuid,
      ADD COLUMN series_occurrence integer CHECK (series_occurrence >= 1),
      ADD CONSTRAINT suggested_posts_series_both CHECK ((series_id IS NULL) = (series_occurrence IS NULL)),
      ADD CONSTRAINT suggested_posts_series_fk FOREIGN KEY (workspace_id, series_id)
        REFERENCES post_series (workspace_id, id) ON DELETE CASCADE,
      ADD CONSTRAINT suggested_posts_series_occurrence_key UNIQUE (series_id, series_occurrence)`.execute(db);
  await sql`
    ALTER TABLE post_media
      DROP CONSTRAINT post_media_storage_key_key,
      DROP CONSTRAINT post_media_thumb_key_key,
      DROP CONSTRAINT post_media_cover_key_key`.execute(db);
  await sql`CREATE INDEX post_media_storage_key_idx ON post_media (storage_key)`.execute(db);
  await sql`CREATE INDEX post_media_thumb_key_idx ON post_media (thumb_key)`.execute(db);
  await sql`CREATE INDEX post_media_cover_key_idx ON post_media (cover_key)`.execute(db);
  await sql`
    CREATE FUNCTION pauta_series_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ev live_events;
    BEGIN
      INSERT INTO live_events (workspace_id, user_id, kind, post_id, platform, status, error_code)
      VALUES (NEW.workspace_id, NEW.user_id, 'post', NEW.id, NEW.platform, NEW.status,
              CASE WHEN NEW.status = 'failed' THEN NEW.last_error END)
      RETURNING * INTO ev;
      PERFORM pg_notify('pauta_live', json_build_object(
        'id', ev.id::text, 'userId', ev.user_id, 'workspaceId', ev.workspace_id, 'kind', ev.kind,
        'postId', ev.post_id, 'publishedPostId', ev.published_post_id, 'reportId', ev.report_id,
        'platform', ev.platform, 'status', ev.status, 'errorCode', ev.error_code,
        'retryAt', ev.retry_at, 'at', ev.created_at)::text);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER suggested_posts_series_live_insert AFTER INSERT ON suggested_posts
    FOR EACH ROW WHEN (NEW.series_occurrence > 1) EXECUTE FUNCTION pauta_series_live_event()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS suggested_posts_series_live_insert ON suggested_posts`.execute(db);
  await sql`DROP FUNCTION IF EXISTS pauta_series_live_event()`.execute(db);
  await sql`
    ALTER TABLE suggested_posts
      DROP CONSTRAINT IF EXISTS suggested_posts_series_occurrence_key,
      DROP CONSTRAINT IF EXISTS suggested_posts_series_fk,
      DROP CONSTRAINT IF EXISTS suggested_posts_series_both,
      DROP COLUMN IF EXISTS series_occurrence,
      DROP COLUMN IF EXISTS series_id`.execute(db);
  await sql`DROP TABLE IF EXISTS post_series`.execute(db);
  // Shared keys go back to one row each: the later copies are removed (their files stay, held by
  // the first row; the sweep checks that before deleting anything).
  await sql`DELETE FROM post_media a USING post_media b
    WHERE a.storage_key = b.storage_key AND (a.created_at, a.id) > (b.created_at, b.id)`.execute(db);
  await sql`DROP INDEX IF EXISTS post_media_storage_key_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS post_media_thumb_key_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS post_media_cover_key_idx`.execute(db);
  await sql`
    ALTER TABLE post_media
      ADD CONSTRAINT post_media_storage_key_key UNIQUE (storage_key),
      ADD CONSTRAINT post_media_thumb_key_key UNIQUE (thumb_key),
      ADD CONSTRAINT post_media_cover_key_key UNIQUE (cover_key)`.execute(db);
}
