// Attempt limits for sign-in and sign-up (RELIABILITY R1): per IP and per account, counted in
// PostgreSQL. The IP is the socket address unless TRUST_PROXY says how many proxies to trust.

import { blockedFor, clearHits, type Database, recordHit } from '@pauta/db';
import type { Kysely } from 'kysely';

const MINUTE = 60_000;

export const LIMITS = {
  /** Failed sign-ins from one IP: 10 in 10 minutes → blocked 10 minutes. */
  loginIp: { limit: 10, windowMs: 10 * MINUTE, blockMs: 10 * MINUTE },
  /** Failed sign-ins on one account: 5 in 15 minutes → blocked 15 minutes. */
  loginAccount: { limit: 5, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  /** Sign-ups from one IP: 30 in 10 minutes (an office behind one NAT still fits). */
  signupIp: { limit: 30, windowMs: 10 * MINUTE, blockMs: 10 * MINUTE },
} as const;

export class RateLimitedError extends Error {
  override name = 'RateLimitedError';
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED');
  }
}

export async function assertNotBlocked(
  db: Kysely<Database>,
  keys: string[],
  now = new Date(),
): Promise<void> {
  const waits = await Promise.all(keys.map((key) => blockedFor(db, key, now)));
  const wait = Math.max(0, ...waits);
  if (wait > 0) throw new RateLimitedError(wait);
}

export async function countFailure(
  db: Kysely<Database>,
  key: string,
  policy: { limit: number; windowMs: number; blockMs: number },
  now = new Date(),
): Promise<void> {
  await recordHit(db, { key, ...policy, now });
}

export { clearHits };
