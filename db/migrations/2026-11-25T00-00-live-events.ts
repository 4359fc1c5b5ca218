// Live updates (issue 13; docs/live-updates.md): every change of a post's status and every metrics
// read becomes a row of `live_events` — a monotonic id (bigserial), the owner, ids, status,
// platform and timestamps only, never content or tokens — written by a trigger in the very
// statement that changed the row (so only a write that happened, e.g. a worker's fenced UPDATE that
// matched, produces one) and announced with pg_notify('pauta_live', …) on commit. Every web process
// LISTENs and forwards the events to its open browsers; a browser that reconnects replays the rows
// after its last event id.
//
// Also `published_posts.metrics_due_at`: when the next early metrics read is due (+15 min, +1 h,
// +24 h after publishing; then the regular METRICS_SYNC_INTERVAL_MS sync takes over).
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('live_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('post', 'metrics')`))
    /** The suggested post (no foreign key: the event outlives a deleted post). */
    .addColumn('post_id', 'uuid')
    .addColumn('published_post_id', 'uuid')
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('status', 'text')
    /** The post's last_error code (an ErrorCode, never the network's text). */
    .addColumn('error_code', 'text')
    .addColumn('retry_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('live_events_user_idx').on('live_events').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('live_events_created_idx').on('live_events').column('created_at').execute();

  await sql`
    CREATE FUNCTION pauta_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
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
  await sql`
    CREATE TRIGGER suggested_posts_live_event AFTER UPDATE OF status ON suggested_posts
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
    EXECUTE FUNCTION pauta_live_event()`.execute(db);
  await sql`
    CREATE TRIGGER published_posts_live_event AFTER UPDATE OF metrics_updated_at ON published_posts
    FOR EACH ROW WHEN (OLD.metrics_updated_at IS DISTINCT FROM NEW.metrics_updated_at)
    EXECUTE FUNCTION pauta_live_event()`.execute(db);

  await db.schema
    .alterTable('published_posts')
    .addColumn('metrics_due_at', 'timestamptz', (c) => c.defaultTo(sql`now() + interval '15 minutes'`))
    .execute();
  // Posts published before this migration wait for the regular sync (no early reads).
  await sql`UPDATE published_posts SET metrics_due_at = NULL`.execute(db);
  await db.schema
    .createIndex('published_posts_metrics_due_idx')
    .on('published_posts')
    .column('metrics_due_at')
    .where(sql.ref('metrics_due_at'), 'is not', null)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS suggested_posts_live_event ON suggested_posts`.execute(db);
  await sql`DROP TRIGGER IF EXISTS published_posts_live_event ON published_posts`.execute(db);
  await sql`DROP FUNCTION IF EXISTS pauta_live_event()`.execute(db);
  await db.schema.dropTable('live_events').ifExists().execute();
  await db.schema.alterTable('published_posts').dropColumn('metrics_due_at').execute();
}
