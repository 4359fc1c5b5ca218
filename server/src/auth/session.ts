// Sessions after Lucia's current single-file design (lucia-auth/lucia code/auth_session.ts), on
// our tables: the token is `<id>.<secret>`, only SHA-256(secret) is stored and compared in
// constant time, with an inactivity timeout (sliding) and an absolute lifetime.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { DEFAULT_TIME_ZONE, isValidTimeZone } from '@pauta/core';
import {
  type Database,
  deleteSession,
  deleteUserSessions,
  findSessionWithUser,
  insertSession,
  touchSession,
} from '@pauta/db';
import type { Kysely } from 'kysely';
import type { MemoryCache } from '../cache/memory-cache.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Remember-me on: 30 days of inactivity, 90 days at most. Off: 12 h of inactivity, 24 h at most. */
export const SESSION_POLICY = {
  persistent: { idleMs: 30 * DAY, absoluteMs: 90 * DAY },
  browser: { idleMs: 12 * HOUR, absoluteMs: DAY },
  /** last_verified_at is written at most this often (not on every request). */
  touchEveryMs: HOUR,
} as const;

export interface ValidSession {
  sessionId: string;
  userId: string;
  email: string;
  persistent: boolean;
  /** True when the expiry moved and the cookie should be re-sent. */
  renewed: boolean;
  /** The IANA zone of the user's profile (the default zone when missing or unknown), read with the session. */
  timeZone: string;
}

function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

export function generateSessionToken(): { id: string; secret: string; token: string } {
  const id = randomBytes(15).toString('base64url');
  const secret = randomBytes(20).toString('base64url'); // 160 bits
  return { id, secret, token: `${id}.${secret}` };
}

export async function createSession(
  db: Kysely<Database>,
  userId: string,
  options: { persistent: boolean; now?: Date },
): Promise<{ token: string; sessionId: string }> {
  const { id, secret, token } = generateSessionToken();
  await insertSession(db, {
    id,
    userId,
    secretHash: hashSecret(secret),
    persistent: options.persistent,
    now: options.now ?? new Date(),
  });
  return { token, sessionId: id };
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20}\.[A-Za-z0-9_-]{27}$/;

export async function validateSessionToken(
  db: Kysely<Database>,
  token: string,
  now: Date = new Date(),
  /** The process's copies of sessions (docs/performance.md); absent: always read from PostgreSQL. */
  cache?: MemoryCache,
): Promise<ValidSession | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [id, secret] = token.split('.') as [string, string];
  let row = cache?.get(id, now.getTime());
  const fromCache = row !== undefined;
  if (!row) {
    const ticket = cache?.ticket() ?? 0;
    row = await findSessionWithUser(db, id);
    if (!row) return null;
    cache?.put(id, row, ticket, now.getTime());
  }
  const expected = Buffer.from(row.secret_hash);
  const actual = hashSecret(secret);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;

  const policy = row.persistent ? SESSION_POLICY.persistent : SESSION_POLICY.browser;
  const idle = now.getTime() - row.last_verified_at.getTime();
  const age = now.getTime() - row.created_at.getTime();
  if (idle >= policy.idleMs || age >= policy.absoluteMs) {
    cache?.evict(id);
    // A copy's last_verified_at may predate a renewal by another process in the last seconds:
    // only the row itself decides that a session has expired.
    if (fromCache) return validateSessionToken(db, token, now);
    await deleteSession(db, id);
    return null;
  }
  let renewed = false;
  if (idle >= SESSION_POLICY.touchEveryMs) {
    // The copy is dropped first: the next request reads the touched row.
    cache?.evict(id);
    await touchSession(db, id, now);
    renewed = true;
  }
  return {
    sessionId: id,
    userId: row.user_id,
    email: row.email,
    persistent: row.persistent,
    renewed,
    timeZone: isValidTimeZone(row.timezone) ? row.timezone : DEFAULT_TIME_ZONE,
  };
}

export async function invalidateSession(
  db: Kysely<Database>,
  sessionId: string,
  cache?: MemoryCache,
): Promise<void> {
  await deleteSession(db, sessionId);
  // PostgreSQL's notice drops it too (every process); this one must not wait for it.
  cache?.evict(sessionId);
}

export async function invalidateAllSessions(
  db: Kysely<Database>,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  await deleteUserSessions(db, userId, exceptSessionId);
}
