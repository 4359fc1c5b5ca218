// Email + password sign-up and sign-in as plain functions (tested without tRPC). Unknown email
// and wrong password get the same answer after the same work (RELIABILITY A6).

import type { PasswordIssue } from '@pauta/core';
import { createUser, type Database, findUserByEmail } from '@pauta/db';
import type { Kysely } from 'kysely';
import { checkPasswordStrength, hashPassword, verifyAgainstDummy, verifyPassword } from './password.js';
import { assertNotBlocked, clearHits, countFailure, LIMITS } from './rate-limit.js';

export class AuthError extends Error {
  override name = 'AuthError';
  constructor(
    readonly code: 'INVALID_CREDENTIALS' | 'EMAIL_TAKEN' | 'WEAK_PASSWORD',
    readonly issues: PasswordIssue[] = [],
  ) {
    super(code);
  }
}

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
  const issues = checkPasswordStrength(input.password, { email: input.email });
  if (issues.length) throw new AuthError('WEAK_PASSWORD', issues);
  if (await findUserByEmail(db, input.email)) throw new AuthError('EMAIL_TAKEN');
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
    if (String((error as { code?: string }).code) === '23505') throw new AuthError('EMAIL_TAKEN');
    throw error;
  }
}

export async function signIn(
  db: Kysely<Database>,
  input: { email: string; password: string },
  ip: string,
): Promise<{ id: string; email: string }> {
  const email = input.email.trim().toLowerCase();
  const ipKey = `login:ip:${ip}`;
  const accountKey = `login:account:${email}`;
  await assertNotBlocked(db, [ipKey, accountKey]);
  const user = await findUserByEmail(db, email);
  const ok = user?.password_hash
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !ok) {
    await countFailure(db, ipKey, LIMITS.loginIp);
    await countFailure(db, accountKey, LIMITS.loginAccount);
    throw new AuthError('INVALID_CREDENTIALS');
  }
  await clearHits(db, accountKey);
  return { id: user.id, email: user.email };
}
