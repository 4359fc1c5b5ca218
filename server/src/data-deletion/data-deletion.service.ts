// Exclusão de Dados (spec §2.3, §5; issue 11, item 5). A request erases an account only once its
// owner is proven:
// - made while signed in: bound to the session's user and confirmed at once ('session');
// - made anonymously with an email: stored unconfirmed, and — when that email has an account — a
//   single-use link valid 24 hours is emailed to that address; opening it and pressing
//   "Confirmar exclusão" confirms the request ('email'). Until then administrators see it as not
//   confirmed and cannot complete it (admin.service.ts refuses; a CHECK in the database too).
// The anonymous answer is the same whether or not the email has an account: the lookup and the
// email happen after answering. Limited per IP (429) and per address (more emails silently skipped).
import { AppError, DATA_DELETION_CONFIRM_TTL_MS } from '@pauta/core';
import {
  attachDeletionConfirmation,
  confirmDeletionRequest,
  findDeletionConfirmation,
  findProfile,
  findUserByEmail,
  insertDeletionRequest,
  queueTemplatedEmail,
} from '@pauta/db';
import { linkSecretMatches, newLinkToken, parseLinkToken } from '../auth/link-token.js';
import { assertNotBlocked, countFailure } from '../auth/rate-limit.js';
import type { AppDeps, EmailDeps } from '../deps.js';
import { outboxDeps } from '../email/notifications.js';
import { deliverInBackground } from '../email/outbox.js';

const MINUTE = 60_000;

export const DELETION_LIMITS = {
  /** Anonymous requests from one IP: 10 an hour → blocked an hour (429). */
  ip: { limit: 10, windowMs: 60 * MINUTE, blockMs: 60 * MINUTE },
  /** Confirmation emails to one address: 3 an hour; more requests are kept but not mailed. */
  email: { limit: 3, windowMs: 60 * MINUTE, blockMs: 60 * MINUTE },
} as const;

type DeletionDeps = EmailDeps;

/** The signed-in owner's request: confirmed by the session itself. */
export async function submitOwnRequest(
  deps: DeletionDeps,
  input: { userId: string; email: string; reason: string },
  now = new Date(),
): Promise<void> {
  await insertDeletionRequest(deps.db, {
    userId: input.userId,
    email: input.email,
    reason: input.reason,
    confirmedBy: 'session',
    now,
  });
}

/**
 * The public form, signed out: stores the request unconfirmed and answers at once; the returned
 * `background` (awaited by tests, not by the router) emails the confirmation link when the address
 * has an account. Throws AppError RATE_LIMITED when the IP is blocked.
 */
export async function submitAnonymousRequest(
  deps: DeletionDeps,
  input: { email: string; reason: string; ip: string },
  now = new Date(),
): Promise<{ background: Promise<void> }> {
  const email = input.email.trim().toLowerCase();
  const ipKey = `deletion:ip:${input.ip}`;
  await assertNotBlocked(deps.db, [ipKey], now);
  await countFailure(deps.db, ipKey, DELETION_LIMITS.ip, now);
  const requestId = await insertDeletionRequest(deps.db, {
    userId: null,
    email,
    reason: input.reason,
    confirmedBy: null,
    now,
  });
  const background = (async () => {
    try {
      const emailKey = `deletion:email:${email}`;
      const blocked = await assertNotBlocked(deps.db, [emailKey], now).then(
        () => false,
        () => true,
      );
      if (blocked) return;
      await countFailure(deps.db, emailKey, DELETION_LIMITS.email, now);
      const user = await findUserByEmail(deps.db, email);
      if (!user) return;
      await sendConfirmationLink(deps, { requestId, user }, now);
    } catch (error) {
      deps.logger.warn({ err: error, requestId }, 'confirmação de exclusão não enviada');
    }
  })();
  return { background };
}

async function sendConfirmationLink(
  deps: DeletionDeps,
  options: { requestId: string; user: { id: string; email: string } },
  now: Date,
): Promise<void> {
  const { id, token, secretHash } = newLinkToken();
  const attached = await attachDeletionConfirmation(deps.db, options.requestId, {
    userId: options.user.id,
    tokenId: id,
    secretHash,
    expiresAt: new Date(now.getTime() + DATA_DELETION_CONFIRM_TTL_MS),
  });
  if (!attached) return;
  const profile = await findProfile(deps.db, options.user.id);
  const emailId = await queueTemplatedEmail(deps.db, {
    templateName: 'data_deletion_confirm',
    to: options.user.email,
    variables: { first_name: profile?.first_name ?? '', email: options.user.email },
    // The link is a secret: stored as a placeholder, sealed apart, filled in when sent.
    secrets: {
      values: { confirm_url: `${deps.env.appUrl}/data-deletion/confirm?token=${encodeURIComponent(token)}` },
      keyring: deps.env.keyring,
    },
  });
  if (emailId) void deliverInBackground(outboxDeps(deps), [emailId]);
  else
    deps.logger.warn({ requestId: options.requestId }, 'template data_deletion_confirm ausente ou inativo');
}

/** The link's page: a valid, unused, unexpired token confirms its request (once). */
export async function confirmRequest(
  deps: Pick<AppDeps, 'db' | 'logger'>,
  input: { token: string; requestId?: string; ip?: string },
  now = new Date(),
): Promise<void> {
  const parsed = parseLinkToken(input.token);
  const row = parsed ? await findDeletionConfirmation(deps.db, parsed.id) : undefined;
  const valid =
    parsed &&
    row &&
    linkSecretMatches(row.confirm_secret_hash, parsed.secret) &&
    (await confirmDeletionRequest(deps.db, parsed.id, now));
  if (!valid) {
    deps.logger.warn(
      { requestId: input.requestId, ip: input.ip },
      'link de confirmação de exclusão inválido',
    );
    throw new AppError('VALIDATION_FAILED', { reason: 'DELETION_TOKEN_INVALID' });
  }
}
