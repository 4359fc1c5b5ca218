// The token sweep (every 15 minutes): refreshes access tokens that expire soon, so a post due at
// 3 a.m. never waits on a refresh — and an account whose refresh is refused is flagged early.

import type { Platform } from '@pauta/core';
import { type Database, type Keyring, listExpiringAccounts } from '@pauta/db';
import type { OAuthProvider } from '@pauta/networks';
import type { Kysely } from 'kysely';
import type { Logger } from '../logger.js';
import { TokenError, usableAccessToken } from '../publish/tokens.js';

export async function sweepTokens(deps: {
  db: Kysely<Database>;
  keyring: Keyring;
  logger: Logger;
  oauth(platform: Platform): OAuthProvider | null;
  now(): Date;
  horizonMs: number;
}): Promise<{ refreshed: number; reconnect: number; transient: number }> {
  const accounts = await listExpiringAccounts(deps.db, new Date(deps.now().getTime() + deps.horizonMs));
  const report = { refreshed: 0, reconnect: 0, transient: 0 };
  for (const account of accounts) {
    try {
      await usableAccessToken(
        {
          db: deps.db,
          keyring: deps.keyring,
          provider: deps.oauth(account.platform),
          marginMs: deps.horizonMs,
          now: deps.now,
        },
        account,
      );
      report.refreshed++;
    } catch (error) {
      if (error instanceof TokenError && error.kind === 'reconnect') report.reconnect++;
      else report.transient++;
      deps.logger.warn(
        { accountId: account.id, platform: account.platform, err: error },
        'renovação de token na varredura falhou',
      );
    }
  }
  return report;
}
