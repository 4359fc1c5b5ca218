// Attempt limits for sign-in and sign-up (docs/security.md R1), counted in PostgreSQL. The IP is the
// socket address unless TRUST_PROXY says how many proxies to trust.
// Sign-in (issue 11, item 7) keeps brute force slow without letting anyone lock the owner out:
// - a browser that signed in to the account before (signed device cookie) has its own budget;
// - any other browser is limited per IP and per account+IP pair (blocked for a while), and all of
//   them together per account: past a threshold the account is "under attack" for 15 minutes, and
//   an unknown browser with the right password gets a sign-in link by email instead of a session
//   (issue 24, item 5.1: the earlier one-attempt-per-30-s slot was taken by a polling attacker,
//   keeping the owner out). The account limit never refuses an attempt by itself.

import { AppError } from '@pauta/core';
import { blockedFor, clearHits, type Database, recordHit } from '@pauta/db';
import type { Kysely } from 'kysely';

const MINUTE = 60_000;

export const LIMITS = {
  /** Failed sign-ins from one IP (unknown browsers): 10 in 10 minutes → that IP waits 10 minutes. */
  loginIp: { limit: 10, windowMs: 10 * MINUTE, blockMs: 10 * MINUTE },
  /** Failed sign-ins on one account from one IP (unknown browsers): 5 in 15 min → that pair waits 15 min. */
  loginPair: { limit: 5, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  /** Failed sign-ins on one account from unknown browsers anywhere: 10 in 15 min → under attack for 15 min. */
  loginAccount: { limit: 10, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  /** Failed sign-ins from one known browser (device cookie): 10 in 15 minutes → that browser waits 15 min. */
  loginDevice: { limit: 10, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  /** Sign-ups from one IP: 30 in 10 minutes (an office behind one NAT still fits). */
  signupIp: { limit: 30, windowMs: 10 * MINUTE, blockMs: 10 * MINUTE },
} as const;

export async function assertNotBlocked(
  db: Kysely<Database>,
  keys: string[],
  now = new Date(),
): Promise<void> {
  const waits = await Promise.all(keys.map((key) => blockedFor(db, key, now)));
  const wait = Math.max(0, ...waits);
  if (wait > 0) throw new AppError('RATE_LIMITED', { retryAfterSeconds: wait });
}

export async function countFailure(
  db: Kysely<Database>,
  key: string,
  policy: { limit: number; windowMs: number; blockMs: number },
  now = new Date(),
): Promise<void> {
  await recordHit(db, { key, ...policy, now });
}

/** Seconds a key is still blocked (0 when not). */
export async function secondsBlocked(db: Kysely<Database>, key: string, now = new Date()): Promise<number> {
  return blockedFor(db, key, now);
}

/** The rate-limit keys of sign-in for one account (normalized email). */
export const loginKeys = {
  ip: (ip: string) => `login:ip:${ip}`,
  pair: (email: string, ip: string) => `login:pair:${email}:${ip}`,
  account: (email: string) => `login:account:${email}`,
  /** Sign-in link emails to one account (signin-link.ts). */
  linkEmail: (email: string) => `login:link-email:${email}`,
  device: (deviceId: string) => `login:device:${deviceId}`,
};

export { clearHits };
