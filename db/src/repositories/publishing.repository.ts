// The worker's SQL: claiming a due post, recording the send, finishing, and the reconciler's
// repairs. Every state change is a conditional UPDATE, so any number of duplicate jobs or
// workers publish a post at most once (docs/architecture.md §5, docs/reliability.md W1–W4), and every write a
// worker makes after its claim is fenced by the claim's token: a worker that stalled and lost
// its claim matches no row, so it neither sends nor records anything (docs/publishing.md).

import type { Platform, PostStatus, PublishingLogStatus } from '@pauta/core';
import type { WakeUp } from '@pauta/core/schemas/jobs';
import {
  type ExpressionBuilder,
  type Kysely,
  type QueryCreator,
  type RawBuilder,
  sql,
  type UpdateObject,
} from 'kysely';
import type { Database, PostOptionValuesJson } from '../schema.js';

/** The columns of a post its attempt's log rows copy, and that a fenced write returns (HeldRow). */
const HELD_COLUMNS = [
  'id',
  'workspace_id',
  'user_id',
  'theme_id',
  'title',
  'content',
  'platform',
  'scheduled_for',
  'attempts',
  'version',
] as const;

/** The columns the worker needs of a post it is acting on (claim, failure logs). */
const CLAIMED_COLUMNS = [...HELD_COLUMNS, 'network_options', 'connected_account_id'] as const;

export interface ClaimedPost {
  id: string;
  /** The post's workspace: its connected account publishes it (docs/workspaces.md). */
  workspace_id: string;
  user_id: string;
  theme_id: string;
  title: string;
  content: string;
  platform: Platform;
  scheduled_for: Date;
  version: number;
  attempts: number;
  /** What the post chose on its network (docs/post-options.md): the adapter's `request.options`. */
  network_options: PostOptionValuesJson;
  /** The account the post goes out from; null = the workspace's only one of the network (resolvePostAccount). */
  connected_account_id: string | null;
  /** The fencing token of this claim: every later write requires it (docs/publishing.md). */
  claim_token: string;
}

/**
 * The statuses in which the holder of a claim may still record its outcome: its own
 * 'publishing', or 'needs_attention' set by the reconciler on this very claim (the token is
 * kept by that flag and cleared by any action of the owner), when the network's definite answer
 * arrives late. Sending again needs 'publishing' (markSendStarted).
 */
export const HOLDER_STATUSES = ['publishing', 'needs_attention'] as const satisfies readonly PostStatus[];

/**
 * The WHERE of every write after the claim: this post, this claim, still ours — in one of
 * `statuses` (by default the holder's, HOLDER_STATUSES; a send or a lease needs 'publishing', the
 * resolver of an unknown outcome 'needs_attention').
 */
function heldBy(
  post: Pick<ClaimedPost, 'id' | 'claim_token'>,
  statuses: readonly PostStatus[] = HOLDER_STATUSES,
) {
  return (eb: ExpressionBuilder<Database, 'suggested_posts'>) =>
    eb.and([
      eb('id', '=', post.id),
      eb('claim_token', '=', post.claim_token),
      eb('status', 'in', [...statuses]),
    ]);
}

/** What a fenced write sets on the post (an object, or built from the row's columns). */
type PostUpdate =
  | UpdateObject<Database, 'suggested_posts'>
  | ((eb: ExpressionBuilder<Database, 'suggested_posts'>) => UpdateObject<Database, 'suggested_posts'>);

/**
 * A fenced write with no log row: `set` on the post only while this claim holds it in one of
 * `statuses` (heldBy) and, with `beforeSend`, no send has started. False: the claim was lost, and
 * nothing was written.
 */
async function updateHeld(
  db: Kysely<Database>,
  post: Pick<ClaimedPost, 'id' | 'claim_token'>,
  statuses: readonly PostStatus[],
  set: PostUpdate,
  options: { beforeSend?: boolean } = {},
): Promise<boolean> {
  let query = db.updateTable('suggested_posts').set(set).where(heldBy(post, statuses));
  if (options.beforeSend) query = query.where('send_started_at', 'is', null);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The approval gate (docs/approval.md): a post of a theme that requires approval is claimable only
 * in 'approved'; NULL means its theme does not require approval. Part of every claim's WHERE (and
 * the batched claim's, publishing-batch.repository.ts), so it is re-checked on the newest row under
 * the row lock: a stage moved back before the claim commits is never claimed.
 */
export const APPROVAL_GATE_SQL = sql<boolean>`(approval_stage IS NULL OR approval_stage = 'approved')`;

/**
 * A held post back to `scheduled` under a new version (so its next wake-up has its own job id),
 * due at `at`, its claim let go: no token, so the former holder's fenced writes match nothing.
 */
function rescheduled(eb: ExpressionBuilder<Database, 'suggested_posts'>, at: Date | RawBuilder<Date>) {
  return {
    status: 'scheduled',
    version: eb('version', '+', 1),
    next_attempt_at: at,
    send_started_at: null,
    claimed_at: null,
    claim_token: null,
  } as const;
}

/**
 * Why the post failed, as its owner sees it: the code, where, and the owner's pt-BR explanation
 * (null = core's message of the code).
 */
function lastError(failure: { code: string; location: string; message: string | null }) {
  return {
    last_error: failure.code,
    last_error_location: failure.location,
    last_error_message: failure.message,
    updated_at: sql<Date>`now()`,
  };
}

/** `now() - ms`, on PostgreSQL's clock (the one that wrote claimed_at and send_started_at). */
function dbNowMinus(ms: number) {
  return sql<Date>`now() - make_interval(secs => ${ms / 1000})`;
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
      claim_token: sql<string>`gen_random_uuid()`,
      send_started_at: null,
      updated_at: sql<Date>`now()`,
    }))
    .where('id', '=', postId)
    .where('version', '=', version)
    .where('status', '=', 'scheduled')
    .where('scheduled_for', '<=', sql<Date>`now()`)
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', sql<Date>`now()`)]))
    .where(APPROVAL_GATE_SQL)
    .returning([...CLAIMED_COLUMNS, 'claim_token'])
    .executeTakeFirst();
  return row
    ? { ...row, scheduled_for: row.scheduled_for as Date, claim_token: row.claim_token as string }
    : undefined;
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
    .where(APPROVAL_GATE_SQL)
    .executeTakeFirst();
  if (!row?.scheduled_for) return null;
  const times = [row.scheduled_for.getTime(), row.next_attempt_at?.getTime() ?? 0];
  return new Date(Math.max(...times));
}

/**
 * Committed just before each network call: past this point an unknown outcome is never retried.
 * True only while this claim still holds the post in 'publishing'; false means the claim was
 * lost (reset after a stall, flagged, or the post deleted) and the caller must NOT send
 * (docs/publishing.md, rows I2–I4).
 */
export function markSendStarted(
  db: Kysely<Database>,
  post: Pick<ClaimedPost, 'id' | 'claim_token'>,
): Promise<boolean> {
  return updateHeld(db, post, ['publishing'], { send_started_at: sql<Date>`now()` });
}

/**
 * Renews a claim's lease while a long call (a video's upload) runs before its send: claimed_at is
 * moved to now(), so the reconciler, which resets claims whose claimed_at is older than
 * STALE_CLAIM_MS and that never sent, keeps its hands off (docs/publishing.md, "Vídeo"). Fenced
 * like every write after the claim: true only while this very claim (its token) holds the post in
 * 'publishing' with no send started; false means the claim was taken back (reset, revoked by an
 * edit or a stage move, the post deleted) and the caller must stop before anything visible.
 */
export function renewClaim(
  db: Kysely<Database>,
  post: Pick<ClaimedPost, 'id' | 'claim_token'>,
): Promise<boolean> {
  return updateHeld(db, post, ['publishing'], { claimed_at: sql<Date>`now()` }, { beforeSend: true });
}

/** A post the reconciler moved, as its UPDATE returned it (CLAIMED_COLUMNS). */
type MovedRow = Omit<ClaimedPost, 'scheduled_for' | 'claim_token'> & { scheduled_for: Date | null };

/**
 * A move of the reconciler's over many posts: `move` (an UPDATE returning CLAIMED_COLUMNS) and one
 * error log row per post it moved, in one transaction. How many posts it moved.
 */
function moveWithErrorLogs(
  db: Kysely<Database>,
  log: { detail: string; location: string },
  move: (trx: Kysely<Database>) => Promise<MovedRow[]>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await move(trx);
    await insertErrorLogs(trx, rows, log);
    return rows.length;
  });
}

/** One error log row per post the reconciler moved (attempt already counted; replays are no-ops). */
async function insertErrorLogs(
  trx: Kysely<Database>,
  rows: MovedRow[],
  options: { detail: string; location: string },
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('publishing_logs')
    .values(
      rows.map((row) => ({
        user_id: row.user_id,
        suggested_post_id: row.id,
        attempt: row.attempts,
        status: 'error' as const,
        title: row.title,
        content: row.content,
        platform: row.platform,
        scheduled_for: row.scheduled_for,
        error_message: options.detail,
        error_location: options.location,
      })),
    )
    .onConflict((oc) => oc.columns(['suggested_post_id', 'attempt']).doNothing())
    .execute();
}

/**
 * The attempt's log row, written in the same statement as the fenced post UPDATE and only for the
 * row it returned (`held`). When the reconciler already logged this attempt as an unknown outcome
 * (it flagged our claim while we were stalled), the holder's definite answer replaces that row.
 */
function attemptLog(
  db: QueryCreator<Database & { held: HeldRow }>,
  fields: {
    status: PublishingLogStatus;
    platformPostId?: string | null;
    errorMessage?: string | null;
    errorLocation?: string | null;
  },
) {
  return db
    .insertInto('publishing_logs')
    .columns([
      'user_id',
      'suggested_post_id',
      'attempt',
      'status',
      'title',
      'content',
      'platform',
      'scheduled_for',
      'platform_post_id',
      'error_message',
      'error_location',
    ])
    .expression((eb) =>
      eb
        .selectFrom('held')
        .select([
          'held.user_id',
          'held.id',
          'held.attempts',
          sql<PublishingLogStatus>`${fields.status}::text`.as('status'),
          'held.title',
          'held.content',
          'held.platform',
          'held.scheduled_for',
          sql<string | null>`${fields.platformPostId ?? null}::text`.as('platform_post_id'),
          sql<string | null>`${fields.errorMessage ?? null}::text`.as('error_message'),
          sql<string | null>`${fields.errorLocation ?? null}::text`.as('error_location'),
        ]),
    )
    .onConflict((oc) =>
      oc
        .columns(['suggested_post_id', 'attempt'])
        .doUpdateSet((eb) => ({
          status: eb.ref('excluded.status'),
          platform_post_id: eb.ref('excluded.platform_post_id'),
          error_message: eb.ref('excluded.error_message'),
          error_location: eb.ref('excluded.error_location'),
          attempted_at: sql<Date>`now()`,
        }))
        .where('publishing_logs.status', '=', 'error'),
    );
}

/**
 * A failed attempt in ONE statement: the fenced UPDATE of the post (`set`, only while this claim
 * holds it in one of `statuses`) as `held`, and the attempt's error log row for the row it
 * returned only. Selecting from `held` answers nothing when the claim was lost (nothing written).
 */
function failAttempt(
  db: Kysely<Database>,
  options: {
    post: Pick<ClaimedPost, 'id' | 'claim_token'>;
    statuses?: readonly PostStatus[];
    /** The post's new state; its reason (lastError of code, location, message) is added. */
    set: (eb: ExpressionBuilder<Database, 'suggested_posts'>) => UpdateObject<Database, 'suggested_posts'>;
    code: string;
    detail: string;
    location: string;
    message: string | null;
  },
) {
  return db
    .with('held', (qb) =>
      qb
        .updateTable('suggested_posts')
        .set((eb) => ({ ...options.set(eb), ...lastError(options) }))
        .where(heldBy(options.post, options.statuses))
        .returning(HELD_COLUMNS),
    )
    .with('log', (qb) =>
      attemptLog(qb, {
        status: 'error',
        errorMessage: options.detail,
        errorLocation: options.location,
      }).returning('publishing_logs.id'),
    )
    .selectFrom('held');
}

/** What the fenced UPDATEs return for the log row of the same statement (HELD_COLUMNS). */
type HeldRow = Omit<MovedRow, 'network_options' | 'connected_account_id'>;

/**
 * Success, atomically in ONE statement (data-modifying CTEs): the post published + is_used, and —
 * only for the row that UPDATE returned, i.e. only while this claim still holds the post — the
 * published_posts row and the success log with platform_post_id. False: the claim was lost, and
 * nothing at all was written (docs/publishing.md, rows I5–I8). Idempotent for the same answer.
 */
export async function completePublish(
  db: Kysely<Database>,
  options: { post: ClaimedPost; accountId: string; platformPostId: string; url: string | null },
): Promise<boolean> {
  const { post } = options;
  const row = await db
    .with('held', (qb) =>
      qb
        .updateTable('suggested_posts')
        .set({
          status: 'published',
          is_used: true,
          last_error: null,
          last_error_location: null,
          last_error_message: null,
          updated_at: sql<Date>`now()`,
        })
        .where(heldBy(post))
        .returning(HELD_COLUMNS),
    )
    .with('published', (qb) =>
      qb
        .insertInto('published_posts')
        .columns([
          'workspace_id',
          'user_id',
          'theme_id',
          'suggested_post_id',
          'connected_account_id',
          'title',
          'content',
          'platform',
          'platform_post_id',
          'url',
        ])
        .expression((eb) =>
          eb
            .selectFrom('held')
            .select([
              'held.workspace_id',
              'held.user_id',
              'held.theme_id',
              'held.id',
              sql<string>`${options.accountId}::uuid`.as('connected_account_id'),
              'held.title',
              'held.content',
              'held.platform',
              sql<string>`${options.platformPostId}::text`.as('platform_post_id'),
              sql<string | null>`${options.url}::text`.as('url'),
            ]),
        )
        .returning('published_posts.id'),
    )
    .with('log', (qb) =>
      attemptLog(qb, {
        status: 'success',
        platformPostId: options.platformPostId,
      }).returning('publishing_logs.id'),
    )
    .selectFrom('held')
    .select('held.id')
    .executeTakeFirst();
  if (row !== undefined) return true;
  // A retry of a completion whose COMMIT succeeded but whose acknowledgement was lost (the
  // connection dropped) finds its own row: that is still our success, not a lost claim (I12).
  const own = await db
    .selectFrom('published_posts')
    .select('id')
    .where('suggested_post_id', '=', post.id)
    .where('platform_post_id', '=', options.platformPostId)
    .executeTakeFirst();
  return own !== undefined;
}

/**
 * A final or attention-needing failure: the post's status and reason plus the attempt's log row,
 * in one statement and only while this claim holds the post. False: the claim was lost.
 */
export async function recordFailure(
  db: Kysely<Database>,
  options: {
    post: ClaimedPost;
    status: Extract<PostStatus, 'failed' | 'needs_attention'>;
    code: string;
    detail: string;
    location: string;
    /** The owner's pt-BR explanation (the network's error table); null = core's message of `code`. */
    message?: string | null;
  },
): Promise<boolean> {
  const row = await failAttempt(db, {
    post: options.post,
    set: () => ({ status: options.status }),
    code: options.code,
    detail: options.detail,
    location: options.location,
    message: options.message ?? null,
  })
    .select('held.id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A retryable failure: back to scheduled under a new version (so the next wake-up has its own job
 * id) with next_attempt_at after the backoff, plus the attempt's log row — only while this claim
 * holds the post. Returns the new version; undefined when the claim was lost.
 */
export async function scheduleRetry(
  db: Kysely<Database>,
  options: {
    post: ClaimedPost;
    retryAt: Date;
    code: string;
    detail: string;
    location: string;
    message?: string | null;
  },
): Promise<number | undefined> {
  const row = await failAttempt(db, {
    post: options.post,
    set: (eb) => rescheduled(eb, options.retryAt),
    code: options.code,
    detail: options.detail,
    location: options.location,
    message: options.message ?? null,
  })
    .select('held.version')
    .executeTakeFirst();
  return row?.version;
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
      ...rescheduled(eb, retryAt),
      attempts: eb('attempts', '-', 1),
      updated_at: sql<Date>`now()`,
    }))
    .where(heldBy(post))
    .returning('version')
    .executeTakeFirst();
  return row?.version;
}

/**
 * The network's answer reached a worker whose claim is gone (it stalled past STALE_CLAIM_MS and
 * the owner then retried, edited or deleted the post): the post's state belongs to someone else
 * now, so only the attempt's log row records what the network said, for a person to check
 * (docs/publishing.md, row I8). The row is linked to the post while the post exists and written
 * only while its owner exists. False when nothing could be written.
 */
export async function recordLostClaimOutcome(
  db: Kysely<Database>,
  options: { post: ClaimedPost; platformPostId: string | null; detail: string; location: string },
): Promise<boolean> {
  const { post } = options;
  const result = await sql`
    INSERT INTO publishing_logs (user_id, suggested_post_id, attempt, status, title, content,
      platform, scheduled_for, platform_post_id, error_message, error_location)
    SELECT u.id, sp.id, ${post.attempts}::int, 'error', ${post.title}::text, ${post.content}::text,
      ${post.platform}::text, ${post.scheduled_for}::timestamptz, ${options.platformPostId}::text,
      ${options.detail}::text, ${options.location}::text
    FROM users u LEFT JOIN suggested_posts sp ON sp.id = ${post.id}::uuid
    WHERE u.id = ${post.user_id}::uuid
    ON CONFLICT (suggested_post_id, attempt) DO UPDATE SET
      platform_post_id = COALESCE(EXCLUDED.platform_post_id, publishing_logs.platform_post_id),
      error_message = EXCLUDED.error_message,
      error_location = EXCLUDED.error_location,
      attempted_at = now()
    WHERE publishing_logs.status = 'error'`.execute(db);
  return (result.numAffectedRows ?? 0n) > 0n;
}

/** Scheduled posts due before `until` (the reconciler re-adds their wake-ups; duplicates are no-ops). */
export async function listDuePosts(db: Kysely<Database>, until: Date, limit = 5000): Promise<WakeUp[]> {
  const rows = await db
    .selectFrom('suggested_posts')
    .select(['id', 'version', 'scheduled_for', 'next_attempt_at', 'platform'])
    .where('status', '=', 'scheduled')
    .where('scheduled_for', '<=', until)
    // Unapproved posts are not re-enqueued: the reconciler flags them once instead (approval.repository).
    .where(APPROVAL_GATE_SQL)
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

/**
 * Claims older than `staleMs` that never sent (a worker died or stalled before the network call):
 * back to scheduled under a new version, the token cleared, so the stalled worker's
 * markSendStarted matches nothing if it wakes up (docs/publishing.md, row I2). Ages are measured
 * on PostgreSQL's clock, the one that wrote claimed_at.
 */
export async function resetStaleClaims(db: Kysely<Database>, staleMs: number): Promise<WakeUp[]> {
  const rows = await db
    .updateTable('suggested_posts')
    .set((eb) => ({
      status: 'scheduled',
      version: eb('version', '+', 1),
      claimed_at: null,
      claim_token: null,
      attempts: eb('attempts', '-', 1),
      updated_at: sql<Date>`now()`,
    }))
    .where('status', '=', 'publishing')
    .where('send_started_at', 'is', null)
    .where('claimed_at', '<', dbNowMinus(staleMs))
    .returning(['id', 'version', 'scheduled_for', 'platform'])
    .execute();
  return rows.map((r) => ({ ...r, scheduled_for: r.scheduled_for as Date }));
}

/**
 * Claims whose request may have reached the network (send_started_at older than `staleMs`) but
 * never finished: unknown outcome → needs_attention with a log row, never an automatic retry
 * (W3). The claim token is kept on purpose: if the worker that holds it was only slow and its
 * definite answer still arrives, it records the truth (docs/publishing.md, row I6); any action
 * of the owner on the flagged post clears the token first.
 */
export function flagUnknownOutcomes(
  db: Kysely<Database>,
  options: { staleMs: number; code: string; detail: string; location: string },
): Promise<number> {
  return moveWithErrorLogs(db, options, (trx) =>
    trx
      .updateTable('suggested_posts')
      .set({ status: 'needs_attention', ...lastError({ ...options, message: null }) })
      .where('status', '=', 'publishing')
      .where('send_started_at', 'is not', null)
      .where('send_started_at', '<', dbNowMinus(options.staleMs))
      .returning(CLAIMED_COLUMNS)
      .execute(),
  );
}

/** Scheduled posts due before `dueBefore` that never went out: missed, with a log row each. */
export function markMissed(
  db: Kysely<Database>,
  options: { dueBefore: Date; code: string; detail: string; location: string },
): Promise<number> {
  return moveWithErrorLogs(db, options, (trx) =>
    trx
      .updateTable('suggested_posts')
      .set((eb) => ({
        status: 'missed',
        attempts: eb('attempts', '+', 1),
        ...lastError({ ...options, message: null }),
      }))
      .where('status', '=', 'scheduled')
      .where('scheduled_for', '<', options.dueBefore)
      .returning(CLAIMED_COLUMNS)
      .execute(),
  );
}

export interface MetricsTarget {
  id: string;
  workspace_id: string;
  user_id: string;
  platform: Platform;
  platform_post_id: string;
  connected_account_id: string | null;
}

/** Published posts whose metrics are older than `staleBefore` (metrics sync), oldest first. */
export async function listPostsForMetrics(
  db: Kysely<Database>,
  options: { staleBefore: Date; publishedAfter: Date; limit?: number; workspaceId?: string },
): Promise<MetricsTarget[]> {
  let query = db
    .selectFrom('published_posts')
    .select(['id', 'workspace_id', 'user_id', 'platform', 'platform_post_id', 'connected_account_id'])
    .where('platform_post_id', 'is not', null)
    .where('published_at', '>', options.publishedAfter)
    .where((eb) =>
      eb.or([eb('metrics_updated_at', 'is', null), eb('metrics_updated_at', '<', options.staleBefore)]),
    );
  if (options.workspaceId) query = query.where('workspace_id', '=', options.workspaceId);
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

/**
 * `last_error_location` of a post whose owner asked to look it up on the network again. The
 * delivery-events trigger (migration 2026-11-28T00-30) matches this exact text to record
 * 'lookup_requested': changing it needs a new migration that replaces the trigger's function.
 */
export const OWNER_LOOKUP_LOCATION = 'dono: consulta pedida';

/** A flagged post whose outcome is unknown, with when its send started (the lookup's window). */
export interface UnknownOutcome extends ClaimedPost {
  send_started_at: Date;
  /** PostgreSQL's now() when listed: the window's end. */
  listed_at: Date;
  /**
   * The send started more than `absentAfterMs` ago: a post the network does not list now will
   * not appear later, so "absent" is an answer. Before that, only "found" is.
   */
  final: boolean;
}

/**
 * Flagged posts (`needs_attention`, UNKNOWN_OUTCOME, the claim's token kept) whose send started
 * more than `settleMs` ago and whose current claim has not been looked up yet (or the owner asked
 * to look again): the resolver asks the network about each (docs/publishing.md, "Asking the network").
 */
export async function listUnknownOutcomes(
  db: Kysely<Database>,
  options: { settleMs: number; absentAfterMs: number; limit: number },
): Promise<UnknownOutcome[]> {
  const absentFrom = dbNowMinus(options.absentAfterMs);
  const rows = await db
    .selectFrom('suggested_posts')
    .select([
      ...CLAIMED_COLUMNS,
      'claim_token',
      'send_started_at',
      sql<Date>`now()`.as('listed_at'),
      sql<boolean>`send_started_at < ${absentFrom}`.as('final'),
    ])
    .where('status', '=', 'needs_attention')
    .where('last_error', '=', 'UNKNOWN_OUTCOME')
    .where('claim_token', 'is not', null)
    .where('send_started_at', 'is not', null)
    .where('send_started_at', '<', dbNowMinus(options.settleMs))
    .where((eb) =>
      eb.or([
        eb('outcome_checked_token', 'is', null),
        eb('outcome_checked_token', '<>', eb.ref('claim_token')),
      ]),
    )
    // Asked at most twice per claim: once soon after the send (finds only), once when absence
    // is trusted; a lookup before this send belongs to an earlier claim.
    .where((eb) =>
      eb.or([
        eb('outcome_looked_up_at', 'is', null),
        eb('outcome_looked_up_at', '<', eb.ref('send_started_at')),
        eb.and([
          eb('send_started_at', '<', absentFrom),
          eb(
            'outcome_looked_up_at',
            '<',
            sql<Date>`send_started_at + make_interval(secs => ${options.absentAfterMs / 1000})`,
          ),
        ]),
      ]),
    )
    .orderBy('send_started_at')
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    scheduled_for: row.scheduled_for as Date,
    claim_token: row.claim_token as string,
    send_started_at: row.send_started_at as Date,
    listed_at: row.listed_at,
    final: row.final,
  }));
}

/**
 * The network says the flagged post is not there (its listing covered the window): back to
 * `scheduled` under a new version, due now, the token cleared — fenced by the flagged claim's
 * token and `needs_attention`, so an owner's action, a late holder's answer (I6) or another
 * resolver that got there first makes this match nothing. The attempt's log row says why.
 * The new version, or undefined when the fence did not hold.
 */
export async function resolveOutcomeAbsent(
  db: Kysely<Database>,
  options: { post: Pick<ClaimedPost, 'id' | 'claim_token'>; message: string; location: string },
): Promise<number | undefined> {
  const row = await failAttempt(db, {
    post: options.post,
    statuses: ['needs_attention'],
    set: (eb) => ({ ...rescheduled(eb, sql<Date>`now()`), outcome_checked_token: null }),
    code: 'UNKNOWN_OUTCOME',
    detail: options.message,
    location: options.location,
    message: options.message,
  })
    .select('held.version')
    .executeTakeFirst();
  return row?.version;
}

/**
 * The network could not tell (the lookup failed, is not supported, or matched ambiguously): the
 * post stays `needs_attention` for its owner, with the reason, and this claim is not looked up
 * again unless the owner asks. Fenced like every write after the claim. False: not ours anymore.
 */
export function markOutcomeUnresolved(
  db: Kysely<Database>,
  options: { post: Pick<ClaimedPost, 'id' | 'claim_token'>; message: string; location: string },
): Promise<boolean> {
  return updateHeld(db, options.post, ['needs_attention'], (eb) => ({
    outcome_checked_token: eb.ref('claim_token'),
    outcome_looked_up_at: sql<Date>`now()`,
    last_error_message: options.message,
    last_error_location: options.location,
    updated_at: sql<Date>`now()`,
  }));
}

/** A lookup soon after the send did not find the post: asked again once absence is trusted. */
export function noteOutcomeLookup(
  db: Kysely<Database>,
  post: Pick<ClaimedPost, 'id' | 'claim_token'>,
): Promise<boolean> {
  return updateHeld(db, post, ['needs_attention'], { outcome_looked_up_at: sql<Date>`now()` });
}

/**
 * The owner's "Tentar de novo" on a post whose outcome is unknown: ask the network first. The
 * flagged claim's token stays (the resolver's fence); only the "already looked up" mark is
 * cleared. Owner-scoped; true when the post was such a post and a lookup is now pending.
 */
export async function requestOutcomeLookup(
  db: Kysely<Database>,
  options: { workspaceId: string; postId: string; message: string },
): Promise<boolean> {
  const result = await db
    .updateTable('suggested_posts')
    .set({
      outcome_checked_token: null,
      outcome_looked_up_at: null,
      last_error_message: options.message,
      // Read by the delivery timeline's trigger (migration 2026-11-28T00-30-delivery-events).
      last_error_location: OWNER_LOOKUP_LOCATION,
      updated_at: sql<Date>`clock_timestamp()`,
    })
    .where('id', '=', options.postId)
    .where('workspace_id', '=', options.workspaceId)
    .where('status', '=', 'needs_attention')
    .where('last_error', '=', 'UNKNOWN_OUTCOME')
    .where('claim_token', 'is not', null)
    .where('send_started_at', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
