// The emails Pauta sends on its own: welcome (sign-up, email or social), password reset and the
// data-deletion confirmation (the last two carry a token-bearing link, never stored in clear).
// Only the active template of each name is used; welcome and publish-failure notices also need
// the email_notifications_enabled setting on. A failure here is logged, never thrown.
import { SETTING_KEYS } from '@pauta/core';
import { blockedFor, findProfile, getBooleanSetting, queueTemplatedEmail, recordHit } from '@pauta/db';
import type { EmailDeps } from '../deps.js';
import { mailerFor } from './mailer.js';
import { deliverInBackground } from './outbox.js';

export function outboxDeps(deps: EmailDeps) {
  return {
    db: deps.db,
    logger: deps.logger,
    mailer: deps.localMailbox ?? mailerFor(deps.env),
    keyring: deps.env.keyring,
  };
}

/** Queues the welcome email and sends it in the background; returns the outbox id (or null). */
export async function sendWelcomeEmail(
  deps: EmailDeps,
  user: { id: string; email: string; firstName: string | null },
): Promise<string | null> {
  try {
    if (!(await getBooleanSetting(deps.db, SETTING_KEYS.emailNotificationsEnabled, true))) return null;
    const id = await queueTemplatedEmail(deps.db, {
      templateName: 'welcome',
      to: user.email,
      variables: { first_name: user.firstName ?? '', email: user.email, app_url: deps.env.appUrl },
    });
    if (id) void deliverInBackground(outboxDeps(deps), [id]);
    return id;
  } catch (error) {
    deps.logger.warn({ err: error, userId: user.id }, 'email de boas-vindas não enviado');
    return null;
  }
}

/**
 * Queues the password-reset email (always: it is not a notification) and sends it in the
 * background. The link is a secret: stored as a placeholder, sealed apart, filled in at send time.
 */
export async function sendPasswordResetEmail(
  deps: EmailDeps,
  user: { id: string; email: string; firstName: string | null },
  resetUrl: string,
): Promise<string | null> {
  const id = await queueTemplatedEmail(deps.db, {
    templateName: 'password_reset',
    to: user.email,
    variables: { first_name: user.firstName ?? '', email: user.email },
    secrets: { values: { reset_url: resetUrl }, keyring: deps.env.keyring },
  });
  if (id) void deliverInBackground(outboxDeps(deps), [id]);
  else deps.logger.warn({ userId: user.id }, 'template password_reset ausente ou inativo');
  return id;
}

/** At most 3 "someone tried to sign up with your email" messages per address in 15 minutes. */
const SIGNUP_EXISTING_LIMIT = { limit: 3, windowMs: 15 * 60_000, blockMs: 15 * 60_000 };

/**
 * Sign-up with an email that has an account (docs/security.md A9): the answer says nothing, the
 * owner learns it here, with links to sign in and to reset the password. Not a notification
 * (always sent), at most 3 per address in 15 minutes. Never throws.
 */
export async function sendSignUpExistingAccountEmail(
  deps: EmailDeps,
  user: { id: string; email: string },
): Promise<string | null> {
  try {
    const key = `signup:existing:${user.email.toLowerCase()}`;
    if ((await blockedFor(deps.db, key, new Date())) > 0) return null;
    await recordHit(deps.db, { key, ...SIGNUP_EXISTING_LIMIT, now: new Date() });
    const profile = await findProfile(deps.db, user.id);
    const id = await queueTemplatedEmail(deps.db, {
      templateName: 'signup_existing_account',
      to: user.email,
      variables: {
        first_name: profile?.first_name ?? '',
        email: user.email,
        signin_url: `${deps.env.appUrl}/auth`,
        reset_url: `${deps.env.appUrl}/auth/reset`,
      },
    });
    if (id) void deliverInBackground(outboxDeps(deps), [id]);
    else deps.logger.warn({ userId: user.id }, 'template signup_existing_account ausente ou inativo');
    return id;
  } catch (error) {
    deps.logger.warn({ err: error, userId: user.id }, 'aviso de cadastro repetido não enviado');
    return null;
  }
}
