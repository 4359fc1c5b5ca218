// The short-lived, HttpOnly cookie that binds an OAuth attempt to this browser: state (≥128
// bits), PKCE verifier, provider, purpose and — for account connection — the user who started it.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { OAUTH_PROVIDER_NAMES } from '@pauta/networks';
import { z } from 'zod';

const attemptSchema = z.object({
  state: z.string().min(22).max(128),
  verifier: z.string().min(43).max(128).nullable(),
  provider: z.enum(OAUTH_PROVIDER_NAMES),
  purpose: z.enum(['signIn', 'connect']),
  userId: z.string().nullable(),
  expiresAt: z.number(),
});

export type OAuthAttempt = z.infer<typeof attemptSchema>;

export function newState(): string {
  return randomBytes(24).toString('base64url'); // 192 bits
}

export function newCodeVerifier(): string {
  return randomBytes(32).toString('base64url'); // 43 characters, RFC 7636
}

export function encodeAttempt(attempt: OAuthAttempt): string {
  return Buffer.from(JSON.stringify(attempt)).toString('base64url');
}

export function decodeAttempt(value: string | undefined, now = Date.now()): OAuthAttempt | null {
  if (!value) return null;
  try {
    const parsed = attemptSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    if (!parsed.success || parsed.data.expiresAt < now) return null;
    return parsed.data;
  } catch {
    return null;
  }
}

export function sameState(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
