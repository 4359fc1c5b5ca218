// Per-user limits on AI drafting calls (docs/security.md R2), counted in PostgreSQL: a short burst
// window and a daily quota. A call that would pass either limit never reaches the AI.
import { blockedFor, type Database, recordHit } from '@pauta/db';
import type { Kysely } from 'kysely';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface AiRateLimitPolicy {
  limit: number;
  windowMs: number;
  /** How long the user waits once the limit is reached. */
  blockMs: number;
}

export interface AiRateLimits {
  burst: AiRateLimitPolicy;
  daily: AiRateLimitPolicy;
}

export const AI_RATE_LIMITS: AiRateLimits = {
  /** 20 generations in 10 minutes, then 10 minutes off. */
  burst: { limit: 20, windowMs: 10 * MINUTE, blockMs: 10 * MINUTE },
  /** 200 generations a day (a fixed 24 h window from the first call), then 24 h off. */
  daily: { limit: 200, windowMs: DAY, blockMs: DAY },
};

export type AiCallPermit = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export function aiRateLimitKeys(userId: string) {
  return { burst: `ai:burst:${userId}`, daily: `ai:day:${userId}` } as const;
}

/**
 * Counts one AI call for the user, or refuses it. The check before counting spares blocked users
 * a write; the count that comes back from the atomic upsert settles concurrent bursts (a call
 * that finds itself past the limit is refused even if the block was not set yet). Throws when
 * the database does: callers must then fail closed.
 */
export async function takeAiCall(
  db: Kysely<Database>,
  userId: string,
  now: Date,
  limits: AiRateLimits = AI_RATE_LIMITS,
): Promise<AiCallPermit> {
  const keys = aiRateLimitKeys(userId);
  const waits = await Promise.all([blockedFor(db, keys.burst, now), blockedFor(db, keys.daily, now)]);
  const wait = Math.max(...waits);
  if (wait > 0) return { allowed: false, retryAfterSeconds: wait };
  for (const name of ['burst', 'daily'] as const) {
    const policy = limits[name];
    const hit = await recordHit(db, { key: keys[name], ...policy, now });
    if (hit.count > policy.limit) {
      const until = hit.blockedUntil ?? new Date(now.getTime() + policy.blockMs);
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)),
      };
    }
  }
  return { allowed: true };
}
