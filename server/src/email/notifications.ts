// The emails Pauta sends on its own: welcome (sign-up, email or social), password reset and the
// data-deletion confirmation (the last two carry a token-bearing link, never stored in clear).
// Only the active template of each name is used; welcome and publish-failure notices also need
// the email_notifications_enabled setting on. A failure here is logged, never thrown.
import { SETTING_KEYS } from '@pauta/core';
import { getBooleanSetting, queueTemplatedEmail } from '@pauta/db';
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
