// The "known device" cookie (issue 11, item 7): after a successful sign-in the browser gets
// `<keyId>.<deviceId>.<mac>`, where mac = HMAC-SHA256(k, "device:v1:<userId>:<deviceId>") and k is
// derived (HKDF) from a key of TOKEN_ENCRYPTION_KEYS. It proves "this browser signed in to this
// account before" without storing anything: a browser presenting it for that account gets its own,
// generous failure budget, so an attacker's failures elsewhere never lock the owner out. A cookie
// of another account, forged or signed with a key no longer in the keyring counts as unknown.
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Keyring } from '@pauta/db';

const INFO = 'pauta-device-cookie-v1';
const SHAPE = /^([A-Za-z0-9_-]{1,32})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** Lifetime of the cookie (browsers cap cookies at 400 days). */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

function macFor(key: Buffer, userId: string, deviceId: string): Buffer {
  const derived = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), INFO, 32));
  return createHmac('sha256', derived).update(`device:v1:${userId}:${deviceId}`).digest();
}

/** A new cookie value for `userId`, signed with the active key. */
export function issueDeviceCookie(keyring: Keyring, userId: string, deviceId?: string): string {
  const key = keyring.keys.get(keyring.activeKeyId);
  if (!key) throw new Error('chave ativa ausente');
  const id = deviceId ?? randomBytes(16).toString('base64url');
  return `${keyring.activeKeyId}.${id}.${macFor(key, userId, id).toString('base64url')}`;
}

/** The device id when `value` is a valid cookie of `userId`; otherwise null. */
export function verifyDeviceCookie(
  keyring: Keyring,
  userId: string,
  value: string | undefined,
): string | null {
  const match = value ? SHAPE.exec(value) : null;
  if (!match) return null;
  const [, keyId, deviceId, mac] = match as unknown as [string, string, string, string];
  const key = keyring.keys.get(keyId);
  if (!key) return null;
  const expected = macFor(key, userId, deviceId);
  const given = Buffer.from(mac, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null;
}

/** The device id of a cookie without checking it (to keep the id when re-issuing). */
export function deviceIdOf(value: string | undefined): string | undefined {
  return value ? SHAPE.exec(value)?.[2] : undefined;
}
