// The emailed sign-in link (issue 24, item 5.1): while an account is under a password-guessing
// attack, a browser it does not know that gives the right password gets no session — the owner
// gets this link by email instead, and opening it signs that browser in (docs/security.md A6, R1).
//
// The token is `<keyId>.<payload>.<mac>`: payload the base64url JSON {u: user id, n: 128-bit
// nonce, e: expiry (ms), p: a fingerprint of the password hash}, mac = HMAC-SHA256 under a sub-key
// derived (HKDF, info `pauta-signin-link-v1`) from a key of TOKEN_ENCRYPTION_KEYS — nothing stored
// until it is used. It is refused when the mac fails, the key left the keyring, it expired (15
// minutes, at most that far away), the password changed since (fingerprint), or it was used
// before: the first use spends its nonce in one atomic upsert (`rate_limits` row
// `signin-link:<nonce>` kept until the expiry), so a second use — in any process — fails.
import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '@pauta/core';
import { type Database, findProfile, type Keyring, queueTemplatedEmail, takeSlot } from '@pauta/db';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { EmailDeps } from '../deps.js';
import { outboxDeps } from '../email/notifications.js';
import { deliverInBackground } from '../email/outbox.js';

export const SIGNIN_LINK_TTL_MS = 15 * 60 * 1000;
const INFO = 'pauta-signin-link-v1';
const SHAPE = /^([A-Za-z0-9_-]{1,32})\.([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/;
const payloadSchema = z.strictObject({
  u: z.string().min(1).max(64),
  n: z.string().length(22),
  e: z.number(),
  p: z.string().length(22),
});

function macFor(key: Buffer, keyId: string, payload: string): Buffer {
  const derived = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), INFO, 32));
  return createHmac('sha256', derived).update(`signin-link:v1:${keyId}.${payload}`).digest();
}

/** A fingerprint of the password hash: a new password voids every link issued before it. */
function passwordFingerprint(passwordHash: string | null): string {
  return createHash('sha256')
    .update(passwordHash ?? '')
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

export function issueSignInLinkToken(
  keyring: Keyring,
  user: { id: string; passwordHash: string | null },
  now = Date.now(),
): string {
  const key = keyring.keys.get(keyring.activeKeyId);
  if (!key) throw new Error('chave ativa ausente');
  const payload = Buffer.from(
    JSON.stringify({
      u: user.id,
      n: randomBytes(16).toString('base64url'),
      e: now + SIGNIN_LINK_TTL_MS,
      p: passwordFingerprint(user.passwordHash),
    }),
  ).toString('base64url');
  return `${keyring.activeKeyId}.${payload}.${macFor(key, keyring.activeKeyId, payload).toString('base64url')}`;
}

/**
 * The user id of a valid, unexpired, unused link whose password is still current; spends it.
 * Throws VALIDATION_FAILED (reason SIGNIN_LINK_INVALID) otherwise.
 */
export async function redeemSignInLinkToken(
  db: Kysely<Database>,
  keyring: Keyring,
  token: string,
  now = new Date(),
): Promise<{ userId: string; email: string }> {
  const invalid = () => new AppError('VALIDATION_FAILED', { reason: 'SIGNIN_LINK_INVALID' });
  const match = SHAPE.exec(token);
  if (!match) throw invalid();
  const [, keyId, payload, mac] = match as unknown as [string, string, string, string];
  const key = keyring.keys.get(keyId);
  if (!key) throw invalid();
  const expected = macFor(key, keyId, payload);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let parsed: z.infer<typeof payloadSchema>;
  try {
    parsed = payloadSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    throw invalid();
  }
  const t = now.getTime();
  if (parsed.e <= t || parsed.e > t + SIGNIN_LINK_TTL_MS) throw invalid();
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash'])
    .where('id', '=', parsed.u)
    .executeTakeFirst();
  if (!user) throw invalid();
  const fingerprint = Buffer.from(passwordFingerprint(user.password_hash));
  const claimed = Buffer.from(parsed.p);
  if (fingerprint.length !== claimed.length || !timingSafeEqual(fingerprint, claimed)) throw invalid();
  const wait = await takeSlot(db, { key: `signin-link:${parsed.n}`, intervalMs: parsed.e - t, now });
  if (wait > 0) throw invalid();
  return { userId: user.id, email: user.email };
}

/** Link emails per account: 3 in 15 minutes; more are silently not sent. */
export const SIGNIN_LINK_EMAIL_LIMIT = { limit: 3, windowMs: 15 * 60_000, blockMs: 15 * 60_000 } as const;

/** Queues the 'signin_link' email (not a notification: always sent); returns the outbox id. */
export async function sendSignInLinkEmail(
  deps: EmailDeps,
  user: { id: string; email: string; passwordHash: string | null },
): Promise<string | null> {
  const token = issueSignInLinkToken(deps.env.keyring, user);
  const profile = await findProfile(deps.db, user.id);
  const id = await queueTemplatedEmail(deps.db, {
    templateName: 'signin_link',
    to: user.email,
    variables: { first_name: profile?.first_name ?? '', reset_url: `${deps.env.appUrl}/auth/reset` },
    secrets: {
      values: { signin_url: `${deps.env.appUrl}/auth/link?token=${encodeURIComponent(token)}` },
      keyring: deps.env.keyring,
    },
  });
  if (id) void deliverInBackground(outboxDeps(deps), [id]);
  else deps.logger.warn({ userId: user.id }, 'template signin_link ausente ou inativo');
  return id;
}
