import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.js';

/** Seconds until `key` may try again, or 0 when it is not blocked. */
export async function blockedFor(db: Kysely<Database>, key: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('rate_limits')
    .select('blocked_until')
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row?.blocked_until || row.blocked_until <= now) return 0;
  return Math.ceil((row.blocked_until.getTime() - now.getTime()) / 1000);
}

/**
 * Counts one event for `key` in a fixed window; when the count reaches `limit` the key is blocked
 * for `blockMs`. One atomic upsert, so concurrent requests on several web processes count right.
 */
export async function recordHit(
  db: Kysely<Database>,
  options: { key: string; limit: number; windowMs: number; blockMs: number; now: Date },
): Promise<{ count: number; blockedUntil: Date | null }> {
  const { key, limit, windowMs, blockMs, now } = options;
  const windowStart = new Date(now.getTime() - windowMs);
  const blockUntil = new Date(now.getTime() + blockMs);
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: 1, window_started_at: now, blocked_until: limit <= 1 ? blockUntil : null })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`CASE WHEN rate_limits.window_started_at < ${windowStart} THEN 1 ELSE rate_limits.count + 1 END`,
        window_started_at: sql<Date>`CASE WHEN rate_limits.window_started_at < ${windowStart} THEN ${now} ELSE rate_limits.window_started_at END`,
        blocked_until: sql<Date | null>`CASE
          WHEN (CASE WHEN rate_limits.window_started_at < ${windowStart} THEN 1 ELSE rate_limits.count + 1 END) >= ${limit}
          THEN ${blockUntil}::timestamptz ELSE rate_limits.blocked_until END`,
      }),
    )
    .returning(['count', 'blocked_until'])
    .executeTakeFirstOrThrow();
  return { count: row.count, blockedUntil: row.blocked_until };
}

export async function clearHits(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/**
 * Takes `key`'s one slot per `intervalMs`: 0 when this caller got it (and the next one opens
 * `intervalMs` from now), else the seconds until it opens. One atomic upsert, so concurrent
 * requests on several web processes never both get the slot.
 */
export async function takeSlot(
  db: Kysely<Database>,
  options: { key: string; intervalMs: number; now: Date },
): Promise<number> {
  const { key, intervalMs, now } = options;
  const until = new Date(now.getTime() + intervalMs);
  const taken = await db
    .insertInto('rate_limits')
    .values({ key, count: 1, window_started_at: now, blocked_until: until })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ count: sql<number>`rate_limits.count + 1`, blocked_until: until })
        .where((eb) =>
          eb.or([eb('rate_limits.blocked_until', 'is', null), eb('rate_limits.blocked_until', '<=', now)]),
        ),
    )
    .returning('key')
    .executeTakeFirst();
  if (taken) return 0;
  return Math.max(1, await blockedFor(db, key, now));
}
