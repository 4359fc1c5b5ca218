// The first comment's own exactly-once path (docs/first-comment.md): a claim with its own token,
// a fenced mark right before the request leaves, fenced outcomes, and the reconciler's take-over
// of a stale claim. The post itself is never touched here except its first_comment_* columns, and
// only while it is `published`.
import type { Platform } from '@pauta/core';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database, FirstCommentStatus } from '../schema.js';

/** A claimed first comment: what the worker needs to send it, and its fence. */
export interface ClaimedFirstComment {
  id: string;
  workspace_id: string;
  user_id: string;
  platform: Platform;
  text: string;
  /** The post's id at the network (the comment goes under it). */
  platform_post_id: string;
  /** This claim's token: every later write names it. */
  token: string;
  /** Attempts including this one. */
  attempts: number;
  /** Set when an earlier claim may have sent it (a take-over): the lookup's window starts here. */
  sent_at: Date | null;
  /** The account that published the post (its comment goes out from it), else the post's. */
  connected_account_id: string | null;
}

/** Most attempts of a comment that keeps failing with retryable errors. */
export const FIRST_COMMENT_MAX_ATTEMPTS = 5;

/**
 * The tail of a claim's query (after WITH): `claim` is the UPDATE of suggested_posts (as sp) that
 * takes the comments with a new token; each comes back as a ClaimedFirstComment, with its post's id
 * at the network and the account that published it.
 */
function claimedComments(claim: RawBuilder<unknown>): RawBuilder<ClaimedFirstComment> {
  return sql<ClaimedFirstComment>`claimed AS (
      ${claim}
       RETURNING sp.id, sp.workspace_id, sp.user_id, sp.platform, sp.first_comment AS text,
                 sp.first_comment_token AS token, sp.first_comment_attempts AS attempts,
                 sp.first_comment_sent_at AS sent_at, sp.connected_account_id AS post_account_id
    )
    SELECT c.*, pp.platform_post_id,
           COALESCE(pp.connected_account_id, c.post_account_id) AS connected_account_id
      FROM claimed c JOIN published_posts pp ON pp.suggested_post_id = c.id`;
}

/**
 * Claims a post's pending first comment: one conditional UPDATE (a second claim of the same
 * comment matches nothing), only once the post is published and its retry time has come.
 */
export async function claimFirstComment(
  db: Kysely<Database>,
  postId: string,
): Promise<ClaimedFirstComment | undefined> {
  const result = await sql<ClaimedFirstComment>`
    WITH ${claimedComments(sql`
      UPDATE suggested_posts sp
         SET first_comment_status = 'sending',
             first_comment_token = gen_random_uuid(),
             first_comment_claimed_at = now(),
             first_comment_sent_at = NULL,
             first_comment_attempts = sp.first_comment_attempts + 1
       WHERE sp.id = ${postId}
         AND sp.status = 'published'
         AND sp.first_comment_status = 'pending'
         AND (sp.first_comment_next_at IS NULL OR sp.first_comment_next_at <= now())`)}`.execute(db);
  return result.rows[0];
}

/**
 * Fenced: right before the comment's request leaves. False: the claim is gone (taken over by the
 * reconciler after a stall) — the caller must not send.
 */
export async function markFirstCommentSent(
  db: Kysely<Database>,
  claim: Pick<ClaimedFirstComment, 'id' | 'token'>,
): Promise<boolean> {
  const result = await db
    .updateTable('suggested_posts')
    .set({ first_comment_sent_at: sql<Date>`now()` })
    .where('id', '=', claim.id)
    .where('first_comment_token', '=', claim.token)
    .where('first_comment_status', '=', 'sending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** What became of a claimed comment. */
export type FirstCommentOutcome =
  | { kind: 'published'; commentId: string }
  /** The network refused it for good (or the retries ran out): `error` is what the person reads. */
  | { kind: 'failed'; error: string }
  /** Surely not created (nothing sent, or a retryable refusal): pending again from `at`. */
  | { kind: 'retry'; at: Date; error: string | null }
  /** It may exist and the network cannot tell: never sent again automatically. */
  | { kind: 'unknown'; error: string };

/** Records an outcome, fenced by the claim's token. False: the claim was no longer ours. */
export async function recordFirstComment(
  db: Kysely<Database>,
  claim: Pick<ClaimedFirstComment, 'id' | 'token'>,
  outcome: FirstCommentOutcome,
): Promise<boolean> {
  const status: FirstCommentStatus =
    outcome.kind === 'retry' ? 'pending' : outcome.kind === 'published' ? 'published' : outcome.kind;
  const result = await db
    .updateTable('suggested_posts')
    .set({
      first_comment_status: status,
      first_comment_id: outcome.kind === 'published' ? outcome.commentId : null,
      first_comment_error: outcome.kind === 'published' ? null : outcome.error,
      first_comment_next_at: outcome.kind === 'retry' ? outcome.at : null,
      ...(outcome.kind === 'retry' ? { first_comment_sent_at: null } : {}),
    })
    .where('id', '=', claim.id)
    .where('first_comment_token', '=', claim.token)
    .where('first_comment_status', '=', 'sending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Published posts whose pending first comment is due (the reconciler sends them). */
export async function dueFirstComments(db: Kysely<Database>, limit = 50): Promise<string[]> {
  const rows = await db
    .selectFrom('suggested_posts')
    .select('id')
    .where('status', '=', 'published')
    .where('first_comment_status', '=', 'pending')
    .where((eb) =>
      eb.or([eb('first_comment_next_at', 'is', null), eb('first_comment_next_at', '<=', sql<Date>`now()`)]),
    )
    .orderBy('first_comment_next_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The reconciler takes over comments stuck in `sending` for longer than `staleMs` (the worker died
 * or stalled): a new token (so the old holder's late writes match nothing) and the claim handed to
 * the caller, who resolves it — nothing sent → pending again; maybe sent → asks the network.
 */
export async function takeOverStaleFirstComments(
  db: Kysely<Database>,
  staleMs: number,
  limit = 50,
): Promise<ClaimedFirstComment[]> {
  const result = await sql<ClaimedFirstComment>`
    WITH stale AS (
      SELECT id FROM suggested_posts
       WHERE status = 'published' AND first_comment_status = 'sending'
         AND first_comment_claimed_at < now() - make_interval(secs => ${staleMs / 1000})
       ORDER BY first_comment_claimed_at
       LIMIT ${limit}
       FOR UPDATE SKIP LOCKED
    ), ${claimedComments(sql`
      UPDATE suggested_posts sp
         SET first_comment_token = gen_random_uuid(), first_comment_claimed_at = now()
        FROM stale
       WHERE sp.id = stale.id AND sp.first_comment_status = 'sending'`)}`.execute(db);
  return result.rows;
}
