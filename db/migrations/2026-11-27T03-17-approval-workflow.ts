// Approval before publishing and the workflow board (issue 17; docs/approval.md).
//
// - `themes.requires_approval` (off by default: every existing theme and post keeps its flow).
// - `suggested_posts.approval_stage`: NULL for a post whose theme does not require approval;
//   otherwise draft → review → client → changes → approved. The worker's claim (both the single
//   and the batched statement) takes a post only when it is NULL or 'approved'.
// - `suggested_posts.approval_overdue_for`: the scheduled time for which the owner was told "its
//   time came and it was not approved". Set by one conditional UPDATE of the reconciler (so two
//   workers notify once); a reschedule makes it differ from scheduled_for again.
// - Triggers, so that no path can forget them:
//   * a post inserted into a theme that requires approval starts in 'draft' (the theme row is
//     read FOR SHARE, so a concurrent toggle of the theme waits or is waited for);
//   * an edit of the title or the text of an approved post sends it back to 'review' (what the
//     client approved is what goes out) and writes that move to the history;
//   * every change of the stage or of the overdue flag is a live event (docs/live-updates.md),
//     like a status change.
// - `post_stage_events`: who moved which post from which stage to which, and when.
// - `post_comments`: comments per post; `actor` columns are ready for the client link (issue 17
//   item 3): 'owner' (a user id), 'client' (a label), 'system'.
// - The 'approval_overdue' email template is not needed: the failure email (and its digest) says
//   why with the APPROVAL_OVERDUE message.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('themes')
    .addColumn('requires_approval', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('suggested_posts')
    .addColumn('approval_stage', 'text', (c) =>
      c.check(sql`approval_stage IN ('draft', 'review', 'client', 'changes', 'approved')`),
    )
    .addColumn('approval_overdue_for', 'timestamptz')
    .execute();
  // The reconciler's scan for unapproved posts whose time came (small: only approval themes).
  await sql`CREATE INDEX suggested_posts_unapproved_due_idx ON suggested_posts (scheduled_for)
    WHERE status = 'scheduled' AND approval_stage IS NOT NULL AND approval_stage <> 'approved'`.execute(db);
  await sql`CREATE INDEX suggested_posts_approval_board_idx ON suggested_posts (user_id, scheduled_for)
    WHERE approval_stage IS NOT NULL`.execute(db);

  await db.schema
    .createTable('post_stage_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('post_id', 'uuid', (c) => c.notNull().references('suggested_posts.id').onDelete('cascade'))
    /** The post's owner (every read is owner-scoped). */
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('actor', 'text', (c) => c.notNull().check(sql`actor IN ('owner', 'client', 'system')`))
    .addColumn('actor_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    /** A client's name (the approval link), or null. */
    .addColumn('actor_label', 'text')
    .addColumn('from_stage', 'text')
    .addColumn('to_stage', 'text')
    /** Why, when not a plain move: 'edited' (an approved post was edited), 'theme_on', 'theme_off'. */
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('post_stage_events_post_idx')
    .on('post_stage_events')
    .columns(['post_id', 'id'])
    .execute();

  await db.schema
    .createTable('post_comments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('post_id', 'uuid', (c) => c.notNull().references('suggested_posts.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('actor', 'text', (c) => c.notNull().check(sql`actor IN ('owner', 'client')`))
    .addColumn('actor_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_label', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    /** The users the comment mentions (@nome); in this one-user-per-account model, the owner. */
    .addColumn('mentions', sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'::uuid[]`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('post_comments_post_idx')
    .on('post_comments')
    .columns(['post_id', 'created_at'])
    .execute();

  await sql`
    CREATE FUNCTION pauta_approval_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.approval_stage IS NULL AND NEW.status <> 'published'
         AND (SELECT requires_approval FROM themes WHERE id = NEW.theme_id FOR SHARE) THEN
        NEW.approval_stage := 'draft';
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER suggested_posts_approval_insert BEFORE INSERT ON suggested_posts
    FOR EACH ROW EXECUTE FUNCTION pauta_approval_on_insert()`.execute(db);

  await sql`
    CREATE FUNCTION pauta_approval_on_edit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.approval_stage = 'approved' AND NEW.approval_stage = 'approved'
         AND (NEW.title IS DISTINCT FROM OLD.title OR NEW.content IS DISTINCT FROM OLD.content) THEN
        NEW.approval_stage := 'review';
        INSERT INTO post_stage_events (post_id, user_id, actor, actor_user_id, from_stage, to_stage, reason)
        VALUES (NEW.id, NEW.user_id, 'owner', NEW.user_id, 'approved', 'review', 'edited');
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER suggested_posts_approval_edit BEFORE UPDATE OF title, content ON suggested_posts
    FOR EACH ROW EXECUTE FUNCTION pauta_approval_on_edit()`.execute(db);

  await sql`
    CREATE FUNCTION pauta_approval_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
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
  // A status change in the same statement already has its event (suggested_posts_live_event).
  await sql`
    CREATE TRIGGER suggested_posts_approval_live_event
    AFTER UPDATE OF approval_stage, approval_overdue_for ON suggested_posts
    FOR EACH ROW WHEN (OLD.status IS NOT DISTINCT FROM NEW.status AND (
      OLD.approval_stage IS DISTINCT FROM NEW.approval_stage
      OR OLD.approval_overdue_for IS DISTINCT FROM NEW.approval_overdue_for))
    EXECUTE FUNCTION pauta_approval_live_event()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS suggested_posts_approval_live_event ON suggested_posts`.execute(db);
  await sql`DROP TRIGGER IF EXISTS suggested_posts_approval_edit ON suggested_posts`.execute(db);
  await sql`DROP TRIGGER IF EXISTS suggested_posts_approval_insert ON suggested_posts`.execute(db);
  await sql`DROP FUNCTION IF EXISTS pauta_approval_live_event()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS pauta_approval_on_edit()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS pauta_approval_on_insert()`.execute(db);
  await db.schema.dropTable('post_comments').ifExists().execute();
  await db.schema.dropTable('post_stage_events').ifExists().execute();
  await db.schema.alterTable('suggested_posts').dropColumn('approval_overdue_for').execute();
  await db.schema.alterTable('suggested_posts').dropColumn('approval_stage').execute();
  await db.schema.alterTable('themes').dropColumn('requires_approval').execute();
}
