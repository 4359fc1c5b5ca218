// The worker's SQL: claiming a due post, recording the send, finishing in one transaction, and
// the reconciler's repairs. Every state change is a conditional UPDATE, so any number of
// duplicate jobs or workers publish a post at most once (architecture §5, RELIABILITY W1–W4).
import { type Kysely, sql } from 'kysely';
import type { Database, Platform, PostStatus } from '../schema.js';

/** The columns the worker needs of a post it is acting on (claim, failure logs). */
const CLAIMED_COLUMNS = [
  'id',
  'user_id',
  'theme_id',
  'title',
  'content',
  'platform',
  'scheduled_for',
  'version',
  'attempts',
] as const;

export interface ClaimedPost {
  id: string;
  user_id: string;
  theme_id: string;
  title: string;
  content: string;
  platform: Platform;
  scheduled_for: Date;
  version: number;
  attempts: number;
}

/** Claims one version of a due post; undefined when another job or worker got there first. */
export async function claimPost(
  db: Kysely<Database>,
  postId: string,
  version: number,
): Promise<ClaimedPost | undefined> {
  const row = await db
    .updateTable('suggested_posts')
    .set((eb) => ({
      status: 'publishing',
      attempts: eb('attempts', '+', 1),
      claimed_at: sql<Date>`now()`,
      send_started_at: null,
      updated_at: sql<Date>`now()`,
    }))
    .where('id', '=', postId)
    .where('version', '=', version)
    .where('status', '=', 'scheduled')
    .where('scheduled_for', '<=', sql<Date>`now()`)
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', sql<Date>`now()`)]))
    .returning(CLAIMED_COLUMNS)
    .executeTakeFirst();
  return row ? { ...row, scheduled_for: row.scheduled_for as Date } : undefined;
}

/** When a claim fails: is this version still waiting to come due (early wake-up)? Returns when. */
export async function pendingWakeUpTime(
  db: Kysely<Database>,
  postId: string,
  version: number,
): Promise<Date | null> {
  const row = await db
    .selectFrom('suggested_posts')
    .select(['scheduled_for', 'next_attempt_at'])
    .where('id', '=', postId)
    .where('version', '=', version)
    .where('status', '=', 'scheduled')
    .executeTakeFirst();
  if (!row?.scheduled_for) return null;
  const times = [row.scheduled_for.getTime(), row.next_attempt_at?.getTime() ?? 0];
  return new Date(Math.max(...times));
}

/** Committed just before the network call: past this point an unknown outcome is never retried. */
export async function markSendStarted(db: Kysely<Database>, postId: string): Promise<void> {
  await db
    .updateTable('suggested_posts')
    .set({ send_started_at: sql<Date>`now()` })
    .where('id', '=', postId)
    .where('status', '=', 'publishing')
    .execute();
}

export interface LogFields {
  post: ClaimedPost;
  errorMessage?: string | null;
  errorLocation?: string | null;
  platformPostId?: string | null;
}

function logValues(fields: LogFields, status: 'success' | 'error') {
  return {
    user_id: fields.post.user_id,
    suggested_post_id: fields.post.id,
    attempt: fields.post.attempts,
    status,
    title: fields.post.title,
    content: fields.post.content,
    platform: fields.post.platform,
    scheduled_for: fields.post.scheduled_for,
    platform_post_id: fields.platformPostId ?? null,
    error_message: fields.errorMessage ?? null,
    error_location: fields.errorLocation ?? null,
  };
}

/** One error log row per post the reconciler moved (attempt already counted; replays are no-ops). */
async function insertErrorLogs(
  trx: Kysely<Database>,
  rows: (Omit<ClaimedPost, 'scheduled_for'> & { scheduled_for: Date | null })[],
  options: { detail: string; location: string },
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('publishing_logs')
    .values(
      rows.map((row) =>
        logValues(
          {
            post: { ...row, scheduled_for: row.scheduled_for as Date },
            errorMessage: options.detail,
            errorLocation: options.location,
          },
          'error',
        ),
      ),
    )
    .onConflict((oc) => oc.columns(['suggested_post_id', 'attempt']).doNothing())
    .execute();
}

/**
 * Success, atomically in ONE statement (data-modifying CTEs): the published_posts row, the post
 * published + is_used, and the success log with platform_post_id. One round trip instead of five.
 */
export async function completePublish(
  db: Kysely<Database>,
  options: { post: ClaimedPost; accountId: string; platformPostId: string; url: string | null },
): Promise<void> {
  const { post } = options;
  await db
    .with('published', (qb) =>
      qb
        .insertInto('published_posts')
        .values({
          user_id: post.user_id,
          theme_id: post.theme_id,
          suggested_post_id: post.id,
          connected_account_id: options.accountId,
          title: post.title,
          content: post.content,
          platform: post.platform,
          platform_post_id: options.platformPostId,
          url: options.url,
        })
        .returning('id'),
    )
    .with('post', (qb) =>
      qb
        .updateTable('suggested_posts')
        .set({
          status: 'published',
          is_used: true,
          last_error: null,
          last_error_location: null,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', post.id)
        .where('status', '=', 'publishing')
        .returning('id'),
    )
    .insertInto('publishing_logs')
    .values(logValues({ post, platformPostId: options.platformPostId }, 'success'))
    .execute();
}

/** A final or attention-needing failure: the post's status and reason, plus the attempt's log row. */
export async function recordFailure(
  db: Kysely<Database>,
  options: {
    post: ClaimedPost;
    status: Extract<PostStatus, 'failed' | 'needs_attention'>;
    code: string;
    detail: string;
    location: string;
  },
): Promise<void> {
  const { post } = options;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('suggested_posts')
      .set({
        status: options.status,
        last_error: options.code,
        last_error_location: options.location,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', post.id)
      .where('status', '=', 'publishing')
      .execute();
    await trx
      .insertInto('publishing_logs')
      .values(logValues({ post, errorMessage: options.detail, errorLocation: options.location }, 'error'))
      .execute();
  });
}

/**
 * A retryable failure: back to scheduled under a new version (so the next wake-up has its own job
 * id) with next_attempt_at after the backoff, plus the attempt's log row. Returns the new version.
 */
export async function scheduleRetry(
  db: Kysely<Database>,
  options: { post: ClaimedPost; retryAt: Date; code: string; detail: string; location: string },
): Promise<number | undefined> {
  const { post } = options;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('suggested_posts')
      .set((eb) => ({
        status: 'scheduled',
        version: eb('version', '+', 1),
        next_attempt_at: options.retryAt,
        send_started_at: null,
        claimed_at: null,
        last_error: options.code,
        last_error_location: options.location,
        updated_at: sql<Date>`now()`,
      }))
      .where('id', '=', post.id)
      .where('status', '=', 'publishing')
      .returning('version')
      .executeTakeFirst();
    await trx
      .insertInto('publishing_logs')
      .values(logValues({ post, errorMessage: options.detail, errorLocation: options.location }, 'error'))
      .execute();
    return row?.version;
  });
}

/** 429: the network did not take the post; undo the claim without using an attempt (W8). */
export async function releaseClaim(
  db: Kysely<Database>,
  post: ClaimedPost,
  retryAt: Date,
): Promise<number | undefined> {
  const row = await db
    .updateTable('suggested_posts')
    .set((eb) => ({
      status: 'scheduled',
      attempts: eb('attempts', '-', 1),
      version: eb('version', '+', 1),
      next_attempt_at: retryAt,
      send_started_at: null,
      claimed_at: null,
      updated_at: sql<Date>`now()`,
    }))
    .where('id', '=', post.id)
    .where('status', '=', 'publishing')
    .returning('version')
    .executeTakeFirst();
  return row?.version;
}

export interface DueWakeUp {
  id: string;
  version: number;
  scheduled_for: Date;
  platform: Platform;
}

/** Scheduled posts due before `until` (the reconciler re-adds their wake-ups; duplicates are no-ops). */
export async function listDuePosts(db: Kysely<Database>, until: Date, limit = 5000): Promise<DueWakeUp[]> {
  const rows = await db
    .selectFrom('suggested_posts')
    .select(['id', 'version', 'scheduled_for', 'next_attempt_at', 'platform'])
    .where('status', '=', 'scheduled')
    .where('scheduled_for', '<=', until)
    .orderBy('scheduled_for')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    platform: r.platform,
    scheduled_for: new Date(Math.max((r.scheduled_for as Date).getTime(), r.next_attempt_at?.getTime() ?? 0)),
  }));
}

/** Claims that never sent (a worker died before the network call): back to scheduled, new version. */
export async function resetStaleClaims(db: Kysely<Database>, olderThan: Date): Promise<DueWakeUp[]> {
  const rows = await db
    .updateTable('suggested_posts')
    .set((eb) => ({
      status: 'scheduled',
      version: eb('version', '+', 1),
      claimed_at: null,
      attempts: eb('attempts', '-', 1),
      updated_at: sql<Date>`now()`,
    }))
    .where('status', '=', 'publishing')
    .where('send_started_at', 'is', null)
    .where('claimed_at', '<', olderThan)
    .returning(['id', 'version', 'scheduled_for', 'platform'])
    .execute();
  return rows.map((r) => ({ ...r, scheduled_for: r.scheduled_for as Date }));
}

/**
 * Claims whose request may have reached the network (send_started_at set) but never finished:
 * unknown outcome → needs_attention with a log row, never an automatic retry (W3).
 */
export async function flagUnknownOutcomes(
  db: Kysely<Database>,
  options: { olderThan: Date; code: string; detail: string; location: string },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable('suggested_posts')
      .set({
        status: 'needs_attention',
        last_error: options.code,
        last_error_location: options.location,
        updated_at: sql<Date>`now()`,
      })
      .where('status', '=', 'publishing')
      .where('send_started_at', 'is not', null)
      .where('send_started_at', '<', options.olderThan)
      .returning(CLAIMED_COLUMNS)
      .execute();
    await insertErrorLogs(trx, rows, options);
    return rows.length;
  });
}

/** Scheduled posts due before `dueBefore` that never went out: missed, with a log row each. */
export async function markMissed(
  db: Kysely<Database>,
  options: { dueBefore: Date; code: string; detail: string; location: string },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable('suggested_posts')
      .set((eb) => ({
        status: 'missed',
        attempts: eb('attempts', '+', 1),
        last_error: options.code,
        last_error_location: options.location,
        updated_at: sql<Date>`now()`,
      }))
      .where('status', '=', 'scheduled')
      .where('scheduled_for', '<', options.dueBefore)
      .returning(CLAIMED_COLUMNS)
      .execute();
    await insertErrorLogs(trx, rows, options);
    return rows.length;
  });
}

export interface MetricsTarget {
  id: string;
  user_id: string;
  platform: Platform;
  platform_post_id: string;
  connected_account_id: string | null;
}

/** Published posts whose metrics are older than `staleBefore` (metrics sync), oldest first. */
export async function listPostsForMetrics(
  db: Kysely<Database>,
  options: { staleBefore: Date; publishedAfter: Date; limit?: number; userId?: string },
): Promise<MetricsTarget[]> {
  let query = db
    .selectFrom('published_posts')
    .select(['id', 'user_id', 'platform', 'platform_post_id', 'connected_account_id'])
    .where('platform_post_id', 'is not', null)
    .where('published_at', '>', options.publishedAfter)
    .where((eb) =>
      eb.or([eb('metrics_updated_at', 'is', null), eb('metrics_updated_at', '<', options.staleBefore)]),
    );
  if (options.userId) query = query.where('user_id', '=', options.userId);
  const rows = await query
    .orderBy('metrics_updated_at', (ob) => ob.nullsFirst())
    .limit(options.limit ?? 500)
    .execute();
  return rows.map((r) => ({ ...r, platform_post_id: r.platform_post_id as string }));
}

export async function saveMetrics(
  db: Kysely<Database>,
  publishedPostId: string,
  metrics: { reach: number | null; likes: number | null; comments: number | null },
): Promise<void> {
  const { reach, likes, comments } = metrics;
  // engagement = (likes + comments) / reach, as a percentage; unknown when reach is unknown or 0.
  const engagement =
    reach && reach > 0 && likes !== null && comments !== null ? ((likes + comments) / reach) * 100 : null;
  await db
    .updateTable('published_posts')
    .set({
      reach,
      likes_count: likes,
      comments_count: comments,
      engagement_rate: engagement === null ? null : Math.round(engagement * 100) / 100,
      metrics_updated_at: sql<Date>`now()`,
    })
    .where('id', '=', publishedPostId)
    .execute();
}
