// Single-use tokens that travel in an emailed link (password reset, data-deletion confirmation):
// `<id>.<secret>` with a 120-bit id and a 160-bit secret, base64url. Only SHA-256 of the secret
// is stored (like sessions) and compared in constant time; the link itself is never stored in
// clear anywhere (the outbox keeps it sealed until sent, see server/src/email/outbox.ts).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20}\.[A-Za-z0-9_-]{27}$/;

export function hashLinkSecret(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

export function newLinkToken(): { id: string; token: string; secretHash: Buffer } {
  const id = randomBytes(15).toString('base64url');
  const secret = randomBytes(20).toString('base64url');
  return { id, token: `${id}.${secret}`, secretHash: hashLinkSecret(secret) };
}

/** The id and secret of a well-formed token, or null. */
export function parseLinkToken(token: string): { id: string; secret: string } | null {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [id, secret] = token.split('.') as [string, string];
  return { id, secret };
}

/** Whether `secret` hashes to the stored `hash` (constant time). */
export function linkSecretMatches(hash: Uint8Array | null, secret: string): boolean {
  if (!hash) return false;
  const expected = Buffer.from(hash);
  const actual = hashLinkSecret(secret);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
