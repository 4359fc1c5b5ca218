// The short-lived, HttpOnly cookie that binds an OAuth attempt to this browser: state (≥128
// bits), PKCE verifier, provider, purpose and — for account connection — the user who started it.
// The cookie is signed (docs/security.md O1): `<keyId>.<payload>.<mac>`, payload the base64url
// JSON of the attempt, mac = HMAC-SHA256(k, "oauth-state:v1:<keyId>.<payload>") with k derived
// (HKDF, its own info string) from a key of TOKEN_ENCRYPTION_KEYS — no new secret to configure.
// A cookie whose mac does not verify, whose key left the keyring, or whose sealed expiry is past
// or more than 10 minutes away is no attempt. Single use is the server's (spendAttempt).
import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Database, type Keyring, takeSlot } from '@pauta/db';
import { OAUTH_PROVIDER_NAMES } from '@pauta/networks';
import type { Kysely } from 'kysely';
import { z } from 'zod';

/** An attempt lives 10 minutes at most (RFC 9700, the cookie's Max-Age). */
export const OAUTH_ATTEMPT_TTL_MS = 10 * 60 * 1000;
const INFO = 'pauta-oauth-state-v1';
const SHAPE = /^([A-Za-z0-9_-]{1,32})\.([A-Za-z0-9_-]{1,2048})\.([A-Za-z0-9_-]{43})$/;

const attemptSchema = z.object({
  state: z.string().min(22).max(128),
  verifier: z.string().min(43).max(128).nullable(),
  provider: z.enum(OAUTH_PROVIDER_NAMES),
  purpose: z.enum(['signIn', 'connect']),
  userId: z.string().nullable(),
  /** A connection's workspace (docs/workspaces.md); absent in attempts started before workspaces. */
  workspaceId: z.string().nullable().optional(),
  /** The server the person typed, for a network of many servers (Mastodon's instance host). */
  instance: z.string().min(4).max(253).optional(),
  /**
   * "Conectar outra conta" (docs/workspaces.md, "Several accounts of one network"): only an attempt
   * started with this intent may add a different account of a network beside the active ones.
   * Signed with the rest of the attempt, so a callback's query can never turn it on.
   */
  intent: z.enum(['another']).optional(),
  expiresAt: z.number(),
});

export type OAuthAttempt = z.infer<typeof attemptSchema>;

export function newState(): string {
  return randomBytes(24).toString('base64url'); // 192 bits
}

export function newCodeVerifier(): string {
  return randomBytes(32).toString('base64url'); // 43 characters, RFC 7636
}

function macFor(key: Buffer, keyId: string, payload: string): Buffer {
  const derived = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), INFO, 32));
  return createHmac('sha256', derived).update(`oauth-state:v1:${keyId}.${payload}`).digest();
}

/** The signed cookie value of `attempt`, with the keyring's active key. */
export function encodeAttempt(keyring: Keyring, attempt: OAuthAttempt): string {
  const key = keyring.keys.get(keyring.activeKeyId);
  if (!key) throw new Error('chave ativa ausente');
  const payload = Buffer.from(JSON.stringify(attempt)).toString('base64url');
  return `${keyring.activeKeyId}.${payload}.${macFor(key, keyring.activeKeyId, payload).toString('base64url')}`;
}

/** The attempt of a cookie signed by us, unexpired and at most 10 minutes long; else null. */
export function decodeAttempt(
  keyring: Keyring,
  value: string | undefined,
  now = Date.now(),
): OAuthAttempt | null {
  const match = value ? SHAPE.exec(value) : null;
  if (!match) return null;
  const [, keyId, payload, mac] = match as unknown as [string, string, string, string];
  const key = keyring.keys.get(keyId);
  if (!key) return null;
  const expected = macFor(key, keyId, payload);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = attemptSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    if (!parsed.success) return null;
    const { expiresAt } = parsed.data;
    if (expiresAt <= now || expiresAt > now + OAUTH_ATTEMPT_TTL_MS) return null;
    return parsed.data;
  } catch {
    return null;
  }
}

/**
 * Spends the attempt on the server: true for the first caller only, on every web process (one
 * atomic upsert of a `rate_limits` row keyed by SHA-256 of the state, kept until the attempt's
 * own expiry — after which the signed expiry refuses it anyway). A replay of the same cookie and
 * state, from this browser or any other, gets false.
 */
export async function spendAttempt(
  db: Kysely<Database>,
  attempt: OAuthAttempt,
  now = new Date(),
): Promise<boolean> {
  const id = createHash('sha256').update(attempt.state).digest('base64url');
  const intervalMs = Math.max(1000, attempt.expiresAt - now.getTime());
  return (await takeSlot(db, { key: `oauth:state:${id}`, intervalMs, now })) === 0;
}

export function sameState(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
