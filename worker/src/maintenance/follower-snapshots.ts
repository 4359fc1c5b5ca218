// The daily follower snapshot (issue 27 item 1, docs/reports.md "History"): each active connected
// account on a network that gives a follower count gets one row per day (the day in
// America/Sao_Paulo) in account_follower_snapshots. The pass runs every
// FOLLOWER_SNAPSHOT_INTERVAL_MS under the maintenance lock and at start-up; it reads only accounts
// that have no row for today yet, so a failed read (the network down, a token to renew) is tried
// again on the next pass, a restart picks up where the last process stopped, and the primary key
// (account, day) with ON CONFLICT DO NOTHING keeps it to one row even when two workers read at once.
import { DEFAULT_TIME_ZONE, PLATFORMS, type Platform, utcToZonedParts } from '@pauta/core';
import {
  type AccountSummary,
  type Database,
  type Keyring,
  listAccountsWithoutSnapshot,
  saveFollowerSnapshot,
} from '@pauta/db';
import { networkDescriptor, type OAuthProvider } from '@pauta/networks';
import type { Kysely } from 'kysely';
import type { Logger } from '../logger.js';
import { usableAccessToken } from '../publish/tokens.js';

/** Accounts read per pass; the rest wait for the next pass (an hour by default). */
const BATCH = 500;

/** 'YYYY-MM-DD' of `now` in America/Sao_Paulo: the day a manager in Brazil reads it as. */
export function snapshotDay(now: Date): string {
  const p = utcToZonedParts(now, DEFAULT_TIME_ZONE);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

export async function takeFollowerSnapshots(deps: {
  db: Kysely<Database>;
  keyring: Keyring;
  logger: Logger;
  oauth(platform: Platform): OAuthProvider | null;
  now(): Date;
  /** The networks' fetch (the sandbox's in tests; the worker installs the sandbox globally). */
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}): Promise<{ taken: number; already: number; unavailable: number; failed: number }> {
  const day = snapshotDay(deps.now());
  const platforms = PLATFORMS.filter((p) => networkDescriptor(p).fetchFollowers !== undefined);
  const accounts = await listAccountsWithoutSnapshot(deps.db, { day, platforms, limit: BATCH });
  const report = { taken: 0, already: 0, unavailable: 0, failed: 0 };
  for (const account of accounts) {
    try {
      const followers = await readFollowers(deps, account);
      if (followers === null) {
        report.unavailable++;
        continue;
      }
      const saved = await saveFollowerSnapshot(deps.db, {
        accountId: account.id,
        workspaceId: account.workspace_id,
        platform: account.platform,
        day,
        followers,
      });
      if (saved) report.taken++;
      else report.already++;
    } catch (error) {
      report.failed++;
      // No token in the log: the error of a network read names the platform and the status only.
      deps.logger.warn(
        { err: error, platform: account.platform, accountId: account.id },
        'seguidores do dia não lidos; tenta de novo na próxima passada',
      );
    }
  }
  return report;
}

async function readFollowers(
  deps: Parameters<typeof takeFollowerSnapshots>[0],
  account: AccountSummary,
): Promise<number | null> {
  const fetchFollowers = networkDescriptor(account.platform).fetchFollowers;
  if (!fetchFollowers) return null;
  const accessToken = await usableAccessToken(
    {
      db: deps.db,
      keyring: deps.keyring,
      provider: deps.oauth(account.platform),
      marginMs: 5 * 60_000,
      now: deps.now,
    },
    account,
  );
  return fetchFollowers(
    { accessToken, platformUserId: account.platform_user_id },
    { fetch: deps.fetch ?? globalThis.fetch, ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}) },
  );
}
