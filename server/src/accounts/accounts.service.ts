// The Contas Conectadas list: one entry per connectable network (spec §2.3), with the account
// when one is active. Built from token-free summaries only: no token field can reach the output.
import { type AccountHealthState, CONNECTABLE_PLATFORMS, type ConnectablePlatform } from '@pauta/core';
import { type AccountSummary, type Database, listActiveAccounts } from '@pauta/db';
import { healthOfAccount, isConnectConfigured } from '@pauta/networks';
import type { Kysely } from 'kysely';
import type { ServerEnv } from '../env.js';

export type AccountCardStatus = 'connected' | 'not_connected' | 'not_configured' | 'needs_reconnect';

export interface AccountCardAccount {
  id: string;
  username: string | null;
  name: string | null;
  followers: number | null;
  avatarUrl: string | null;
  pageName: string | null;
  connectedAt: Date;
  /** core accountHealth, computed once here (the card's badge and the app's banner read it). */
  health: {
    state: AccountHealthState;
    daysLeft: number | null;
    expiresAt: Date | null;
    limitedUntil: Date | null;
    needsAction: boolean;
  };
}

export interface AccountCard {
  platform: ConnectablePlatform;
  status: AccountCardStatus;
  account: AccountCardAccount | null;
}

/** Whether this installation can run the network's OAuth (credentials or the sandbox). */
export function isPlatformConfigured(env: ServerEnv, platform: ConnectablePlatform): boolean {
  return isConnectConfigured(env, platform);
}

function present(account: AccountSummary, now: Date): AccountCardAccount {
  const data = account.account_data ?? {};
  const connectedAt = data.connected_at ? new Date(data.connected_at) : account.updated_at;
  return {
    id: account.id,
    username: account.platform_username,
    name: data.name ?? null,
    followers: typeof data.followers === 'number' ? data.followers : null,
    avatarUrl: data.avatar_url ?? null,
    pageName: data.page_name ?? null,
    connectedAt: Number.isNaN(connectedAt.getTime()) ? account.updated_at : connectedAt,
    health: healthOfAccount(account, now),
  };
}

export async function listAccountCards(
  db: Kysely<Database>,
  env: ServerEnv,
  workspaceId: string,
  now: Date = new Date(),
): Promise<AccountCard[]> {
  const accounts = await listActiveAccounts(db, workspaceId);
  return CONNECTABLE_PLATFORMS.map((platform) => {
    const account = accounts.find((candidate) => candidate.platform === platform);
    if (account) {
      const presented = present(account, now);
      return {
        platform,
        status:
          presented.health.state === 'needs_reconnect' || presented.health.state === 'revoked'
            ? 'needs_reconnect'
            : 'connected',
        account: presented,
      };
    }
    return {
      platform,
      status: isPlatformConfigured(env, platform) ? 'not_connected' : 'not_configured',
      account: null,
    };
  });
}
