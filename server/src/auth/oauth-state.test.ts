// The signed OAuth attempt cookie (docs/security.md O1): only our signature opens it, and the
// expiry read from it must be in the future and at most 10 minutes away.
import { parseKeyring } from '@pauta/db';
import { describe, expect, it } from 'vitest';
import {
  decodeAttempt,
  encodeAttempt,
  newState,
  OAUTH_ATTEMPT_TTL_MS,
  type OAuthAttempt,
} from './oauth-state.js';

const keyring = parseKeyring(`k1:${Buffer.alloc(32, 1).toString('base64')}`);
const otherKeyring = parseKeyring(`k1:${Buffer.alloc(32, 2).toString('base64')}`);
const NOW = 1_800_000_000_000;
const attempt = (expiresAt: number): OAuthAttempt => ({
  state: newState(),
  verifier: null,
  provider: 'google',
  purpose: 'signIn',
  userId: null,
  expiresAt,
});

describe('OAuth attempt cookie', () => {
  it('opens a cookie we signed, within its 10 minutes', () => {
    const a = attempt(NOW + OAUTH_ATTEMPT_TTL_MS);
    expect(decodeAttempt(keyring, encodeAttempt(keyring, a), NOW)).toEqual(a);
  });

  it('refuses one signed with an expiry more than 10 minutes away (a 10-year cookie), or past', () => {
    const far = encodeAttempt(keyring, attempt(NOW + 10 * 365 * 24 * 3600 * 1000));
    expect(decodeAttempt(keyring, far, NOW)).toBeNull();
    const past = encodeAttempt(keyring, attempt(NOW - 1));
    expect(decodeAttempt(keyring, past, NOW)).toBeNull();
  });

  it('refuses another key, a changed payload, a changed mac and unsigned JSON', () => {
    const a = attempt(NOW + 60_000);
    const value = encodeAttempt(keyring, a);
    expect(decodeAttempt(otherKeyring, value, NOW)).toBeNull();
    const [keyId, , mac] = value.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...a, userId: 'outra-pessoa' })).toString('base64url');
    expect(decodeAttempt(keyring, `${keyId}.${forged}.${mac}`, NOW)).toBeNull();
    // A character in the middle of the mac (the last one of base64url carries padding bits).
    const at = value.length - 20;
    const flipped = `${value.slice(0, at)}${value[at] === 'A' ? 'B' : 'A'}${value.slice(at + 1)}`;
    expect(decodeAttempt(keyring, flipped, NOW)).toBeNull();
    expect(decodeAttempt(keyring, Buffer.from(JSON.stringify(a)).toString('base64url'), NOW)).toBeNull();
  });
});
