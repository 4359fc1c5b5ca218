// The worker's hot path, many posts per statement: a burst of due posts (1,000 at once in
// `npm run bench:worker`) costs one claim, one send-start and one completion statement per
// batch instead of per post (one commit, one round trip, one query compile each). Every row is
// fenced exactly as the single-post functions of publishing.repository.ts fence it, and the
// result is reported per post (docs/publishing.md, "Batches"):
// - a claim matches (id, version, 'scheduled', due) — at most one claim per version wins;
// - a send-start matches (id, claim_token, 'publishing');
// - a completion matches (id, claim_token, 'publishing' | 'needs_attention').
// Rows are locked in id order (`ORDER BY id FOR UPDATE` in a CTE, re-checking the WHERE on the
// newest row version under Read Committed), so two batches never deadlock each other.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.js';
import { type ClaimedPost, completePublish, HOLDER_STATUSES } from './publishing.repository.js';

type ClaimRow = Omit<ClaimedPost, 'scheduled_for'> & { scheduled_for: Date };

/** Keys seen twice in one batch: only the first occurrence may act (the rest get `undefined`/false). */
function firstOccurrences<T>(items: readonly T[], key: (item: T) => string): boolean[] {
  const seen = new Set<string>();
  return items.map((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * Claims many (post, version) pairs in one statement; the answer is aligned with `wanted`:
 * the claimed post (with its fresh claim token) or undefined when that version is not claimable
 * (claimed already, not due, another version, gone). A pair repeated in `wanted` (two duplicate
 * jobs in one batch) is claimed for its first occurrence only.
 */
export async function claimPosts(
  db: Kysely<Database>,
  wanted: readonly { postId: string; version: number }[],
  options: {
    /**
     * Commit without waiting for the WAL flush (`synchronous_commit = off` for this statement's
     * transaction only, set inside the statement so it stays one round trip). Safe only when
     * nothing leaves Pauta before a later synchronous commit (docs/publishing.md, "Batches").
     */
    asyncCommit?: boolean;
  } = {},
): Promise<(ClaimedPost | undefined)[]> {
  if (wanted.length === 0) return [];
  const first = firstOccurrences(wanted, (w) => `${w.postId}:${w.version}`);
  const ids = wanted.filter((_, i) => first[i]).map((w) => w.postId);
  const versions = wanted.filter((_, i) => first[i]).map((w) => w.version);
  const { rows } = await sql<ClaimRow>`
    WITH wanted AS (
      SELECT DISTINCT w.id, w.version FROM unnest(${ids}::uuid[], ${versions}::int[]) AS w(id, version)
      WHERE set_config('synchronous_commit', ${options.asyncCommit ? 'off' : 'on'}, true) IS NOT NULL
    ), locked AS (
      SELECT sp.id, sp.version FROM suggested_posts sp JOIN wanted w ON w.id = sp.id AND w.version = sp.version
      WHERE sp.status = 'scheduled'
        AND sp.scheduled_for <= now()
        AND (sp.next_attempt_at IS NULL OR sp.next_attempt_at <= now())
        -- The approval gate (docs/approval.md): claimPost's APPROVAL_GATE_SQL, on the locked row.
        AND (sp.approval_stage IS NULL OR sp.approval_stage = 'approved')
      ORDER BY sp.id
      FOR UPDATE OF sp
    )
    UPDATE suggested_posts sp
    SET status = 'publishing', attempts = sp.attempts + 1, claimed_at = now(),
        claim_token = gen_random_uuid(), send_started_at = NULL, updated_at = now()
    FROM locked
    WHERE sp.id = locked.id AND sp.version = locked.version AND sp.status = 'scheduled'
    RETURNING sp.id, sp.workspace_id, sp.user_id, sp.theme_id, sp.title, sp.content, sp.platform, sp.scheduled_for,
      sp.version, sp.attempts, sp.network_options, sp.connected_account_id, sp.claim_token`.execute(db);
  const byKey = new Map(rows.map((r) => [`${r.id}:${r.version}`, r]));
  return wanted.map((w, i) => (first[i] ? byKey.get(`${w.postId}:${w.version}`) : undefined));
}

/**
 * markSendStarted for many claims in one statement: true for each claim still held in
 * 'publishing' (send_started_at committed), false for a lost one — which must not send.
 */
export async function markSendsStarted(
  db: Kysely<Database>,
  posts: readonly Pick<ClaimedPost, 'id' | 'claim_token'>[],
): Promise<boolean[]> {
  if (posts.length === 0) return [];
  const first = firstOccurrences(posts, (p) => p.id);
  const { rows } = await sql<{ id: string; claim_token: string }>`
    WITH mine AS (
      SELECT * FROM unnest(${posts.map((p) => p.id)}::uuid[], ${posts.map((p) => p.claim_token)}::uuid[])
        AS m(id, claim_token)
    ), locked AS (
      SELECT sp.id, sp.claim_token FROM suggested_posts sp
      JOIN mine m ON m.id = sp.id AND m.claim_token = sp.claim_token
      WHERE sp.status = 'publishing'
      ORDER BY sp.id
      FOR UPDATE OF sp
    )
    UPDATE suggested_posts sp SET send_started_at = now()
    FROM locked
    WHERE sp.id = locked.id AND sp.claim_token = locked.claim_token AND sp.status = 'publishing'
    RETURNING sp.id, sp.claim_token`.execute(db);
  const held = new Set(rows.map((r) => `${r.id}:${r.claim_token}`));
  return posts.map((p, i) => first[i] === true && held.has(`${p.id}:${p.claim_token}`));
}

export interface CompletionInput {
  post: ClaimedPost;
  accountId: string;
  platformPostId: string;
  url: string | null;
}

/**
 * completePublish for many posts in one statement (data-modifying CTEs): for each post whose
 * claim still holds, the post becomes 'published', its published_posts row and its success log
 * are written — all or nothing per post, and nothing at all for a lost claim. A post the UPDATE
 * did not match goes through completePublish, which recognises the retry of a completion whose
 * acknowledgement was lost (I12) and otherwise answers false (the claim was lost, I8).
 */
export async function completePublishes(
  db: Kysely<Database>,
  items: readonly CompletionInput[],
): Promise<boolean[]> {
  if (items.length === 0) return [];
  const first = firstOccurrences(items, (c) => c.post.id);
  const batch = items.filter((_, i) => first[i]);
  const { rows } = await sql<{ id: string }>`
    WITH done AS (
      SELECT * FROM unnest(
        ${batch.map((c) => c.post.id)}::uuid[],
        ${batch.map((c) => c.post.claim_token)}::uuid[],
        ${batch.map((c) => c.accountId)}::uuid[],
        ${batch.map((c) => c.platformPostId)}::text[],
        ${batch.map((c) => c.url)}::text[]
      ) AS d(id, claim_token, account_id, platform_post_id, url)
    ), locked AS (
      SELECT sp.id, d.claim_token, d.account_id, d.platform_post_id, d.url FROM suggested_posts sp
      JOIN done d ON d.id = sp.id AND d.claim_token = sp.claim_token
      WHERE sp.status IN (${sql.join([...HOLDER_STATUSES])})
      ORDER BY sp.id
      FOR UPDATE OF sp
    ), held AS (
      UPDATE suggested_posts sp
      SET status = 'published', is_used = true, last_error = NULL, last_error_location = NULL, updated_at = now()
      FROM locked
      WHERE sp.id = locked.id AND sp.claim_token = locked.claim_token
        AND sp.status IN (${sql.join([...HOLDER_STATUSES])})
      RETURNING sp.id, sp.workspace_id, sp.user_id, sp.theme_id, sp.title, sp.content, sp.platform, sp.scheduled_for,
        sp.attempts, locked.account_id, locked.platform_post_id, locked.url
    ), published AS (
      INSERT INTO published_posts (workspace_id, user_id, theme_id, suggested_post_id, connected_account_id, title,
        content, platform, platform_post_id, url)
      SELECT workspace_id, user_id, theme_id, id, account_id, title, content, platform, platform_post_id, url FROM held
      RETURNING id
    ), log AS (
      INSERT INTO publishing_logs (user_id, suggested_post_id, attempt, status, title, content, platform,
        scheduled_for, platform_post_id, error_message, error_location)
      SELECT user_id, id, attempts, 'success', title, content, platform, scheduled_for, platform_post_id, NULL, NULL
      FROM held
      ON CONFLICT (suggested_post_id, attempt) DO UPDATE
        SET status = excluded.status, platform_post_id = excluded.platform_post_id,
            error_message = excluded.error_message, error_location = excluded.error_location,
            attempted_at = now()
        WHERE publishing_logs.status = 'error'
      RETURNING id
    )
    SELECT id FROM held`.execute(db);
  const held = new Set(rows.map((r) => r.id));
  const answers: boolean[] = [];
  for (const [i, item] of items.entries()) {
    if (first[i] && held.has(item.post.id)) answers.push(true);
    // Not matched (or a repeat): the single-post path decides between I12 and a lost claim.
    else answers.push(await completePublish(db, item));
  }
  return answers;
}
