// The 14-day expiry notice (issue 18 item 1; docs/networks.md "Account health"): an account whose
// token Pauta cannot renew — LinkedIn without partner refresh: 60 days, then nothing — is
// announced once, EXPIRY_NOTICE_DAYS before it expires, in the app and by email.
//
// Once per account per expiry, with any number of workers: each notice is claimed by a conditional
// UPDATE of connected_accounts.expiry_notice_for (db claimExpiryNotice) in the transaction that
// queues the email, so of two workers one claims and sends, the other matches nothing; a rollback
// leaves the notice to the next sweep. The claim's UPDATE fires the account live event (trigger
// of migration 2026-11-27T01-00), which open screens show as a toast and a banner without a
// reload. A reconnect brings a new expiry, which gets its own notice 14 days before it.
import {
  DEFAULT_TIME_ZONE,
  EXPIRY_NOTICE_MS,
  formatDate,
  isValidTimeZone,
  PLATFORM_LABELS,
  SETTING_KEYS,
} from '@pauta/core';
import {
  claimExpiryNotice,
  type Database,
  findProfile,
  getBooleanSetting,
  listExpiryNoticeCandidates,
  listWorkspaceOwners,
  queueTemplatedEmail,
} from '@pauta/db';
import { healthOfAccount, NO_REFRESH_PLATFORMS } from '@pauta/networks';
import type { Kysely } from 'kysely';
import type { Logger } from '../logger.js';

export interface ExpiryNoticeOptions {
  db: Kysely<Database>;
  logger: Logger;
  /** Public address of the app (APP_URL), for the link to Contas Conectadas. */
  appUrl: string;
  now?: () => Date;
}

/**
 * Sends the notices due now, by email to each owner of the account's workspace; returns how many
 * accounts were announced and emails queued.
 */
export async function sendExpiryNotices(
  options: ExpiryNoticeOptions,
): Promise<{ notices: number; emails: number }> {
  const now = options.now?.() ?? new Date();
  const window = {
    before: new Date(now.getTime() + EXPIRY_NOTICE_MS),
    now,
    noRefreshPlatforms: NO_REFRESH_PLATFORMS,
  };
  const candidates = await listExpiryNoticeCandidates(options.db, window);
  const emailEnabled = await getBooleanSetting(options.db, SETTING_KEYS.emailNotificationsEnabled, true);
  const accountsUrl = `${options.appUrl.replace(/\/+$/, '')}/connected-accounts`;
  const report = { notices: 0, emails: 0 };
  for (const account of candidates) {
    if (healthOfAccount(account, now).state !== 'expiring') continue;
    const emailed = await options.db.transaction().execute(async (trx) => {
      const expiresAt = await claimExpiryNotice(trx, account.id, window);
      if (expiresAt === null) return null;
      report.notices++;
      // The email speaks of the expiry claimed (the row's, as it is now).
      const health = healthOfAccount({ ...account, access_token_expires_at: expiresAt }, now);
      if (!emailEnabled) return 0;
      // The workspace's owners are told, as of a failure (docs/workspaces.md): one email each.
      let queued = 0;
      for (const ownerId of await listWorkspaceOwners(trx, account.workspace_id)) {
        const profile = await findProfile(trx, ownerId);
        if (!profile) continue;
        const timeZone = isValidTimeZone(profile.timezone) ? profile.timezone : DEFAULT_TIME_ZONE;
        const id = await queueTemplatedEmail(trx, {
          templateName: 'account_expiring',
          to: profile.email,
          variables: {
            first_name: profile.first_name ?? '',
            platform: PLATFORM_LABELS[account.platform],
            account_name:
              account.platform_username ?? account.account_data.name ?? PLATFORM_LABELS[account.platform],
            expires_on: formatDate(expiresAt, timeZone),
            days: health.daysLeft ?? 0,
            accounts_url: accountsUrl,
          },
        });
        if (id !== null) queued++;
      }
      return queued;
    });
    if (emailed !== null) report.emails += emailed;
    if (emailed !== null)
      options.logger.info(
        { accountId: account.id, platform: account.platform, emails: emailed },
        'aviso de expiração da conta enviado',
      );
  }
  return report;
}
