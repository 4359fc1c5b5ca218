// The first comment (issue 30 item 4; docs/first-comment.md): a text posted under the post right
// after it is published (hashtags, a link), with its own exactly-once guarantee and its own state.
//
// - `first_comment`: the text, checked against the network's limit before it is written; NULL =
//   none. `first_comment_status` is NULL exactly when there is no text (CHECK), else
//   pending → sending → published | failed | unknown (pending again on a retry or an absent lookup).
// - `first_comment_token`: a fresh uuid per claim of the comment; every write after the claim names
//   it (the fence, as the post's claim_token). `first_comment_claimed_at`: the claim's time (the
//   reconciler ages it); `first_comment_sent_at`: set, fenced, right before the request leaves —
//   NULL means nothing was sent by this claim.
// - `first_comment_id`: the network's comment (or reply) id; `first_comment_attempts`, the error
//   shown to the person (`first_comment_error`, pt-BR) and when to try again (`first_comment_next_at`).
// - A change of `first_comment_status` is a live event (kind 'post', the post's status, errorCode
//   FIRST_COMMENT_<STATUS>), so the open screen shows it without a reload.
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE suggested_posts
      ADD COLUMN first_comment text,
      ADD COLUMN first_comment_status text
        CONSTRAINT suggested_posts_first_comment_status_check
        CHECK (first_comment_status IN ('pending', 'sending', 'published', 'failed', 'unknown')),
      ADD COLUMN first_comment_id text,
      ADD COLUMN first_comment_attempts integer NOT NULL DEFAULT 0,
      ADD COLUMN first_comment_error text,
      ADD COLUMN first_comment_token uuid,
      ADD COLUMN first_comment_claimed_at timestamptz,
      ADD COLUMN first_comment_sent_at timestamptz,
      ADD COLUMN first_comment_next_at timestamptz,
      ADD CONSTRAINT suggested_posts_first_comment_state
        CHECK ((first_comment IS NULL) = (first_comment_status IS NULL))`.execute(db);
  await sql`
    CREATE INDEX suggested_posts_first_comment_due_idx ON suggested_posts (first_comment_next_at)
    WHERE first_comment_status IN ('pending', 'sending') AND status = 'published'`.execute(db);
  await sql`
    CREATE FUNCTION pauta_first_comment_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ev live_events;
    BEGIN
      INSERT INTO live_events (workspace_id, user_id, kind, post_id, platform, status, error_code)
      VALUES (NEW.workspace_id, NEW.user_id, 'post', NEW.id, NEW.platform, NEW.status,
              'FIRST_COMMENT_' || upper(NEW.first_comment_status))
      RETURNING * INTO ev;
      PERFORM pg_notify('pauta_live', json_build_object(
        'id', ev.id::text, 'userId', ev.user_id, 'workspaceId', ev.workspace_id, 'kind', ev.kind,
        'postId', ev.post_id, 'publishedPostId', ev.published_post_id, 'platform', ev.platform,
        'status', ev.status, 'errorCode', ev.error_code, 'retryAt', ev.retry_at, 'at', ev.created_at)::text);
      RETURN NULL;
    END $$`.execute(db);
  // Only for the worker's changes of a published post's comment (a save of the text while the post
  // is scheduled is the person's own, on screen already); a post status change has its own event.
  await sql`
    CREATE TRIGGER suggested_posts_first_comment_live_event
    AFTER UPDATE OF first_comment_status ON suggested_posts
    FOR EACH ROW WHEN (OLD.status IS NOT DISTINCT FROM NEW.status
      AND NEW.status = 'published'
      AND NEW.first_comment_status IS NOT NULL
      AND OLD.first_comment_status IS DISTINCT FROM NEW.first_comment_status)
    EXECUTE FUNCTION pauta_first_comment_live_event()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS suggested_posts_first_comment_live_event ON suggested_posts`.execute(db);
  await sql`DROP FUNCTION IF EXISTS pauta_first_comment_live_event()`.execute(db);
  await sql`DROP INDEX IF EXISTS suggested_posts_first_comment_due_idx`.execute(db);
  await sql`
    ALTER TABLE suggested_posts
      DROP CONSTRAINT IF EXISTS suggested_posts_first_comment_state,
      DROP COLUMN IF EXISTS first_comment_next_at,
      DROP COLUMN IF EXISTS first_comment_sent_at,
      DROP COLUMN IF EXISTS first_comment_claimed_at,
      DROP COLUMN IF EXISTS first_comment_token,
      DROP COLUMN IF EXISTS first_comment_error,
      DROP COLUMN IF EXISTS first_comment_attempts,
      DROP COLUMN IF EXISTS first_comment_id,
      DROP COLUMN IF EXISTS first_comment_status,
      DROP COLUMN IF EXISTS first_comment`.execute(db);
}
