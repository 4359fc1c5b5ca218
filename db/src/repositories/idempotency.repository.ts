// Idempotency keys (docs/idempotency.md). The unique (user_id, key) constraint decides which of
// several concurrent requests — on one web process or many — runs the action; the others read
// the row. Every write after the claim is fenced by the claim id it returned. Times are the
// database's (now()), so web processes with skewed clocks agree on ages and expiry.
import { type Kysely, sql } from 'kysely';
import { compileOnce } from '../compiled.js';
import type { Database } from '../schema.js';

export interface IdempotencyScope {
  /** null for a public procedure (one anonymous scope, whoever calls). */
  userId: string | null;
  key: string;
}

export interface ExistingIdempotencyKey {
  procedure: string;
  fingerprint: string;
  state: 'in_progress' | 'done';
  /** superjson.serialize() of the result, when done. */
  response: unknown;
  /** Milliseconds since the request holding the key claimed it. */
  ageMs: number;
}

export type IdempotencyClaim =
  | { claimed: true; claimId: string }
  /** `existing` is null when the holder released the key between our insert and our read. */
  | { claimed: false; existing: ExistingIdempotencyKey | null };

// biome-ignore lint/suspicious/noExplicitAny: shared by select/update/delete builders.
function inScope<QB extends { where: any }>(qb: QB, scope: IdempotencyScope): QB {
  const byUser =
    scope.userId === null ? qb.where('user_id', 'is', null) : qb.where('user_id', '=', scope.userId);
  return byUser.where('key', '=', scope.key);
}

/** The claim of every mutation: built and compiled once (compiled.ts). */
const claimStatement = compileOnce<
  {
    userId: string | null;
    key: string;
    procedure: string;
    fingerprint: string;
    claimId: string;
    ttlMs: number;
  },
  { claim_id: string }
>((db, p) => {
  const expiresAt = sql<Date>`now() + ${p.ttlMs} * interval '1 millisecond'`;
  return db
    .insertInto('idempotency_keys')
    .values({
      user_id: p.userId,
      key: p.key,
      procedure: p.procedure,
      fingerprint: p.fingerprint,
      claim_id: p.claimId,
      state: 'in_progress',
      expires_at: expiresAt,
    })
    .onConflict((oc) =>
      oc
        .constraint('idempotency_keys_scope_key')
        .doUpdateSet({
          procedure: p.procedure,
          fingerprint: p.fingerprint,
          claim_id: p.claimId,
          state: 'in_progress',
          response: null,
          created_at: sql<Date>`now()`,
          completed_at: null,
          expires_at: expiresAt,
        })
        .where('idempotency_keys.expires_at', '<=', sql<Date>`now()`),
    )
    .returning('claim_id');
});

/**
 * Takes the key for this request (INSERT … ON CONFLICT on the unique constraint): claimed, or the
 * row of whoever holds it. An expired row is taken over as if it did not exist.
 */
export async function claimIdempotencyKey(
  db: Kysely<Database>,
  claim: IdempotencyScope & { procedure: string; fingerprint: string; claimId: string; ttlMs: number },
): Promise<IdempotencyClaim> {
  const inserted = (
    await claimStatement(db, {
      userId: claim.userId,
      key: claim.key,
      procedure: claim.procedure,
      fingerprint: claim.fingerprint,
      claimId: claim.claimId,
      ttlMs: claim.ttlMs,
    })
  ).rows[0];
  if (inserted) return { claimed: true, claimId: inserted.claim_id };
  return { claimed: false, existing: await readIdempotencyKey(db, claim) };
}

/** The live (unexpired) row of a key, or null. */
export async function readIdempotencyKey(
  db: Kysely<Database>,
  scope: IdempotencyScope,
): Promise<ExistingIdempotencyKey | null> {
  const row = await inScope(db.selectFrom('idempotency_keys'), scope)
    .select([
      'procedure',
      'fingerprint',
      'state',
      'response',
      sql<number>`(extract(epoch from now() - created_at) * 1000)::float8`.as('age_ms'),
    ])
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return null;
  return {
    procedure: row.procedure,
    fingerprint: row.fingerprint,
    state: row.state,
    response: row.response,
    ageMs: Number(row.age_ms),
  };
}

type CompleteParams = { userId: string; key: string; claimId: string; response: string };
/** The record of every mutation's result, in its two shapes (a user's key, an anonymous one). */
const completeStatements = {
  user: compileOnce<CompleteParams, never>((db, p) =>
    db
      .updateTable('idempotency_keys')
      .set({ state: 'done', response: p.response, completed_at: sql<Date>`now()` })
      .where('user_id', '=', p.userId)
      .where('key', '=', p.key)
      .where('claim_id', '=', p.claimId)
      .where('state', '=', 'in_progress'),
  ),
  anonymous: compileOnce<Omit<CompleteParams, 'userId'>, never>((db, p) =>
    db
      .updateTable('idempotency_keys')
      .set({ state: 'done', response: p.response, completed_at: sql<Date>`now()` })
      .where('user_id', 'is', null)
      .where('key', '=', p.key)
      .where('claim_id', '=', p.claimId)
      .where('state', '=', 'in_progress'),
  ),
};

/** Stores the result of the request that holds the claim; false when it no longer holds it. */
export async function completeIdempotencyKey(
  db: Kysely<Database>,
  scope: IdempotencyScope & { claimId: string; response: unknown },
): Promise<boolean> {
  const values = { key: scope.key, claimId: scope.claimId, response: JSON.stringify(scope.response) };
  const result =
    scope.userId === null
      ? await completeStatements.anonymous(db, values)
      : await completeStatements.user(db, { ...values, userId: scope.userId });
  return result.numAffectedRows === 1n;
}

/** Gives the key back after a failed attempt, so a genuine retry with it runs again. */
export async function releaseIdempotencyKey(
  db: Kysely<Database>,
  scope: IdempotencyScope & { claimId: string },
): Promise<boolean> {
  const result = await inScope(db.deleteFrom('idempotency_keys'), scope)
    .where('claim_id', '=', scope.claimId)
    .where('state', '=', 'in_progress')
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}

/** Deletes up to `limit` expired keys; returns how many went. */
export async function purgeExpiredIdempotencyKeys(db: Kysely<Database>, limit = 1000): Promise<number> {
  const result = await sql`
    DELETE FROM idempotency_keys WHERE ctid IN (
      SELECT ctid FROM idempotency_keys WHERE expires_at <= now() LIMIT ${limit}
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
