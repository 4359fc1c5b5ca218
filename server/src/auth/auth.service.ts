// Email + password sign-up and sign-in as plain functions (tested without tRPC). Unknown email
// and wrong password get the same answer after the same work (docs/security.md A6).

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
  takeAttemptSlot,
} from './rate-limit.js';

export interface SignUpInput {
  email: string;
  password: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  timezone?: string | undefined;
}

export async function signUp(
  db: Kysely<Database>,
  input: SignUpInput,
  ip: string,
): Promise<{ id: string; email: string }> {
  const ipKey = `signup:ip:${ip}`;
  await assertNotBlocked(db, [ipKey]);
  await countFailure(db, ipKey, LIMITS.signupIp);
  assertStrongPassword(input.password, { email: input.email });
  if (await findUserByEmail(db, input.email)) throw new AppError('EMAIL_TAKEN');
  const passwordHash = await hashPassword(input.password);
  try {
    return await createUser(db, {
      email: input.email,
      passwordHash,
      firstName: input.firstName?.trim() || null,
      lastName: input.lastName?.trim() || null,
      ...(input.timezone ? { timezone: input.timezone } : {}),
    });
  } catch (error) {
    // Two sign-ups racing for one email: the unique index decides.
    if (String((error as { code?: string }).code) === '23505') throw new AppError('EMAIL_TAKEN');
    throw error;
  }
}

/**
 * Email + password sign-in (limits in rate-limit.ts). `deviceCookie` is the browser's known-device
 * cookie, if any: valid for this account, only that browser's own budget applies. Returns the user
 * and whether the browser was already known (the router re-issues the cookie either way).
 */
export async function signIn(
  db: Kysely<Database>,
  input: { email: string; password: string },
  ip: string,
  device: { cookie: string | undefined; keyring: Keyring } | null = null,
  now = new Date(),
): Promise<{ id: string; email: string; deviceId: string | null }> {
  const email = input.email.trim().toLowerCase();
  const user = await findUserByEmail(db, email);
  const deviceId = user && device ? verifyDeviceCookie(device.keyring, user.id, device.cookie) : null;
  if (deviceId) {
    await assertNotBlocked(db, [loginKeys.device(deviceId)], now);
  } else {
    await assertNotBlocked(db, [loginKeys.ip(ip), loginKeys.pair(email, ip)], now);
    // Many failures on this account from unknown browsers: slow down, one attempt per interval.
    if ((await secondsBlocked(db, loginKeys.account(email), now)) > 0)
      await takeAttemptSlot(db, loginKeys.slow(email), LIMITS.loginSlowIntervalMs, now);
  }
  const ok = user?.password_hash
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !ok) {
    if (deviceId) await countFailure(db, loginKeys.device(deviceId), LIMITS.loginDevice, now);
    else {
      await countFailure(db, loginKeys.ip(ip), LIMITS.loginIp, now);
      await countFailure(db, loginKeys.pair(email, ip), LIMITS.loginPair, now);
      await countFailure(db, loginKeys.account(email), LIMITS.loginAccount, now);
    }
    throw new AppError('INVALID_CREDENTIALS');
  }
  await clearHits(db, deviceId ? loginKeys.device(deviceId) : loginKeys.pair(email, ip));
  return { id: user.id, email: user.email, deviceId };
}
