// Email + password sign-up and sign-in as plain functions (tested without tRPC). Unknown email
// and wrong password get the same answer after the same work (docs/security.md A6); so do a new
// and a known email at sign-up (A9).

import { AppError } from '@pauta/core';
import { createUser, type Database, findUserByEmail, type Keyring } from '@pauta/db';
import type { Kysely } from 'kysely';
import { verifyDeviceCookie } from './device-cookie.js';
import { assertStrongPassword, hashPassword, verifyAgainstDummy, verifyPassword } from './password.js';
import {
  assertNotBlocked,
  clearHits,
  countFailure,
  LIMITS,
  loginKeys,
  secondsBlocked,
} from './rate-limit.js';

export interface SignUpInput {
  email: string;
  password: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  timezone?: string | undefined;
}

/**
 * Email + password sign-up, answering the same for an email that has an account (docs/security.md
 * A9): the same checks and the same argon2id work either way; a new email gets its account
 * (`created`), a known one gets nothing created or changed (`existing`: the router emails that
 * account's owner). The session is never made here: the client signs in next, through the
 * ordinary sign-in and its limits.
 */
export async function signUp(
  db: Kysely<Database>,
  input: SignUpInput,
  ip: string,
): Promise<
  | { created: { id: string; email: string }; existing: null }
  | { created: null; existing: { id: string; email: string } }
> {
  const ipKey = `signup:ip:${ip}`;
  await assertNotBlocked(db, [ipKey]);
  await countFailure(db, ipKey, LIMITS.signupIp);
  assertStrongPassword(input.password, { email: input.email });
  const known = await findUserByEmail(db, input.email);
  // Hashed either way: a known email costs the same time as a new one.
  const passwordHash = await hashPassword(input.password);
  if (known) return { created: null, existing: { id: known.id, email: known.email } };
  try {
    const created = await createUser(db, {
      email: input.email,
      passwordHash,
      firstName: input.firstName?.trim() || null,
      lastName: input.lastName?.trim() || null,
      ...(input.timezone ? { timezone: input.timezone } : {}),
    });
    return { created, existing: null };
  } catch (error) {
    // Two sign-ups racing for one email: the unique index decides; the loser is a known email.
    if (String((error as { code?: string }).code) !== '23505') throw error;
    const winner = await findUserByEmail(db, input.email);
    if (!winner) throw error;
    return { created: null, existing: { id: winner.id, email: winner.email } };
  }
}

/** What a password sign-in ends in (the router makes the session, or sends the link). */
export type SignInOutcome =
  | { kind: 'signedIn'; id: string; email: string; deviceId: string | null }
  /**
   * The account is under attack and this browser is unknown: no session, and the same answer
   * whatever the password; `sendLinkTo` is set only when the password was right (the router
   * emails that user a sign-in link).
   */
  | { kind: 'checkEmail'; sendLinkTo: { id: string; email: string; passwordHash: string | null } | null };

/**
 * Email + password sign-in (limits in rate-limit.ts). `deviceCookie` is the browser's known-device
 * cookie, if any: valid for this account, only that browser's own budget applies. Any other
 * browser is limited per IP and per account+IP pair; when the account as a whole is under attack
 * (many failures from unknown browsers), such a browser is never refused for the account's sake —
 * with the right password it gets a sign-in link by email instead of a session, and the answer is
 * the same whether the password was right or wrong (no oracle for the attacker, no lockout for
 * the owner: docs/security.md A6).
 */
export async function signIn(
  db: Kysely<Database>,
  input: { email: string; password: string },
  ip: string,
  device: { cookie: string | undefined; keyring: Keyring } | null = null,
  now = new Date(),
): Promise<SignInOutcome> {
  const email = input.email.trim().toLowerCase();
  const user = await findUserByEmail(db, email);
  const deviceId = user && device ? verifyDeviceCookie(device.keyring, user.id, device.cookie) : null;
  let underAttack = false;
  if (deviceId) {
    await assertNotBlocked(db, [loginKeys.device(deviceId)], now);
  } else {
    await assertNotBlocked(db, [loginKeys.ip(ip), loginKeys.pair(email, ip)], now);
    underAttack = (await secondsBlocked(db, loginKeys.account(email), now)) > 0;
  }
  const ok = user?.password_hash
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstDummy(input.password);
  const countUnknownBrowser = async () => {
    await countFailure(db, loginKeys.ip(ip), LIMITS.loginIp, now);
    await countFailure(db, loginKeys.pair(email, ip), LIMITS.loginPair, now);
    await countFailure(db, loginKeys.account(email), LIMITS.loginAccount, now);
  };
  if (underAttack) {
    // Right or wrong, the same work and the same answer: the attempt did not sign in, so it counts
    // (a right password needs one attempt to get its link); only a right one is emailed a link.
    await countUnknownBrowser();
    return {
      kind: 'checkEmail',
      sendLinkTo: user && ok ? { id: user.id, email: user.email, passwordHash: user.password_hash } : null,
    };
  }
  if (!user || !ok) {
    if (deviceId) await countFailure(db, loginKeys.device(deviceId), LIMITS.loginDevice, now);
    else await countUnknownBrowser();
    throw new AppError('INVALID_CREDENTIALS');
  }
  await clearHits(db, deviceId ? loginKeys.device(deviceId) : loginKeys.pair(email, ip));
  return { kind: 'signedIn', id: user.id, email: user.email, deviceId };
}
