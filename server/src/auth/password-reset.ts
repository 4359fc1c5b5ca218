// Password recovery ('Esqueceu sua senha?'): a single-use token `<id>.<secret>` (as sessions:
// only SHA-256 of the secret is stored, compared in constant time) valid 30 minutes, emailed as
// `${APP_URL}/auth/reset?token=…`. The request always answers the same, whether the email exists
// or not, and does the lookup and sending after answering (no timing difference either).
// A reset sets the new argon2id hash, spends the token (and every other open one), and revokes
// all the user's sessions; the router then signs the person in with a fresh session.

import { AppError } from '@pauta/core';
import {
  findPasswordResetToken,
  findProfile,
  findUserByEmail,
  insertPasswordResetToken,
  markPasswordResetTokenUsed,
  setPasswordHash,
  spendUserPasswordResetTokens,
} from '@pauta/db';
import type { AppDeps, EmailDeps } from '../deps.js';
import { sendPasswordResetEmail } from '../email/notifications.js';
import { linkSecretMatches, newLinkToken, parseLinkToken } from './link-token.js';
import { assertStrongPassword, hashPassword } from './password.js';
import { assertNotBlocked, clearHits, countFailure, loginKeys } from './rate-limit.js';
import { invalidateAllSessions } from './session.js';

const MINUTE = 60_000;
export const RESET_TOKEN_TTL_MS = 30 * MINUTE;

export const RESET_LIMITS = {
  /** Reset requests from one IP: 10 in 15 minutes → blocked 15 minutes (429). */
  ip: { limit: 10, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  /** Reset emails to one address: 3 in 15 minutes; more are silently not sent. */
  email: { limit: 3, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
} as const;

type ResetDeps = EmailDeps;

/** Creates a token for the user and emails its link; returns the outbox id. */
export async function issuePasswordReset(
  deps: ResetDeps,
  user: { id: string; email: string },
  now = new Date(),
): Promise<{ token: string; emailId: string | null }> {
  const { id, token, secretHash } = newLinkToken();
  await insertPasswordResetToken(deps.db, {
    id,
    userId: user.id,
    secretHash,
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
  });
  const profile = await findProfile(deps.db, user.id);
  const url = `${deps.env.appUrl}/auth/reset?token=${encodeURIComponent(token)}`;
  const emailId = await sendPasswordResetEmail(
    deps,
    { id: user.id, email: user.email, firstName: profile?.first_name ?? null },
    url,
  );
  return { token, emailId };
}

/**
 * 'Esqueceu sua senha?': throws AppError RATE_LIMITED when the IP is blocked; otherwise answers at once
 * and returns the background work (tests await it; the router does not).
 */
export async function requestPasswordReset(
  deps: ResetDeps,
  input: { email: string; ip: string },
): Promise<{ background: Promise<void> }> {
  const email = input.email.trim().toLowerCase();
  const ipKey = `reset:ip:${input.ip}`;
  const emailKey = `reset:email:${email}`;
  await assertNotBlocked(deps.db, [ipKey]);
  await countFailure(deps.db, ipKey, RESET_LIMITS.ip);
  const background = (async () => {
    try {
      const blocked = await assertNotBlocked(deps.db, [emailKey]).then(
        () => false,
        () => true,
      );
      if (blocked) return;
      await countFailure(deps.db, emailKey, RESET_LIMITS.email);
      const user = await findUserByEmail(deps.db, email);
      if (!user) return;
      await issuePasswordReset(deps, user);
    } catch (error) {
      deps.logger.warn({ err: error }, 'pedido de redefinição de senha não concluído');
    }
  })();
  return { background };
}

/**
 * Whether a reset link can still be used (known, unused, unexpired): the page checks it when it
 * opens, so a bad link says so before the person types a new password. Spends nothing.
 */
export async function isPasswordResetTokenUsable(
  deps: Pick<AppDeps, 'db'>,
  token: string,
  now = new Date(),
): Promise<boolean> {
  const parsed = parseLinkToken(token);
  if (!parsed) return false;
  const row = await findPasswordResetToken(deps.db, parsed.id);
  if (!row || !linkSecretMatches(row.secret_hash, parsed.secret)) return false;
  return row.used_at === null && row.expires_at.getTime() > now.getTime();
}

/** Checks the token and sets the new password; returns the user to sign in. */
export async function resetPassword(
  deps: Pick<AppDeps, 'db' | 'logger'>,
  input: { token: string; password: string; requestId?: string; ip?: string },
  now = new Date(),
): Promise<{ userId: string; email: string }> {
  const invalidLink = () => {
    deps.logger.warn({ requestId: input.requestId, ip: input.ip }, 'link de redefinição inválido');
    return new AppError('VALIDATION_FAILED', { reason: 'RESET_TOKEN_INVALID' });
  };
  const parsed = parseLinkToken(input.token);
  if (!parsed) throw invalidLink();
  const { id, secret } = parsed;
  const row = await findPasswordResetToken(deps.db, id);
  if (!row || !linkSecretMatches(row.secret_hash, secret)) throw invalidLink();
  if (row.used_at !== null || row.expires_at.getTime() <= now.getTime()) throw invalidLink();
  // Checked before the token is spent, so a weak choice can be corrected with the same link.
  assertStrongPassword(input.password, { email: row.email });
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await markPasswordResetTokenUsed(trx, id, now))) throw invalidLink();
    await setPasswordHash(trx, row.user_id, passwordHash);
    await spendUserPasswordResetTokens(trx, row.user_id, now);
    await invalidateAllSessions(trx, row.user_id);
  });
  // A new password lifts the account's attack mode (blocks per IP or browser run out on their own).
  await clearHits(deps.db, loginKeys.account(row.email));
  return { userId: row.user_id, email: row.email };
}
