// The Contas Conectadas list: one entry per connectable network (spec §2.3), with its active
// accounts (several per network: docs/workspaces.md). Built from token-free summaries only: no token field can reach the output.
import {
  type AccountHealthState,
  CONNECTABLE_PLATFORMS,
  type ConnectablePlatform,
  type SharedAccountElsewhere,
} from '@pauta/core';
import {
  type AccountSummary,
  type Database,
  listActiveAccounts,
  listOtherActiveConnections,
} from '@pauta/db';
import {
  accountLoginOf,
  configuredConnectLogins,
  healthOfAccount,
  isConnectConfigured,
} from '@pauta/networks';
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
  /** The account's own text limit where its server declares one (Mastodon); null: the network's. */
  textLimit: number | null;
  connectedAt: Date;
  /** core accountHealth, computed once here (the card's badge and the app's banner read it). */
  health: {
    state: AccountHealthState;
    daysLeft: number | null;
    expiresAt: Date | null;
    limitedUntil: Date | null;
    needsAction: boolean;
  };
  /**
   * The same network account active in other workspaces, each with its own authorization
   * (docs/workspaces.md): named only where the viewer is a member; null when in none.
   */
  alsoConnectedIn: SharedAccountElsewhere | null;
  /** The connect flow it was connected with, where the network has several (Reconectar uses it). */
  login: string | null;
}

export interface AccountCard {
  platform: ConnectablePlatform;
  status: AccountCardStatus;
  /** The network's first active account (the oldest connected), as before several per network. */
  account: AccountCardAccount | null;
  /**
   * Every active account of the network in the workspace, oldest connected first (docs/workspaces.md,
   * "Several accounts of one network"); `account` is the first. [] when none.
   */
  accounts: AccountCardAccount[];
  /** The connect flows configured, where the network has several (Instagram); [] otherwise. */
  logins: string[];
}

/** Whether this installation can run the network's OAuth (credentials or the sandbox). */
export function isPlatformConfigured(env: ServerEnv, platform: ConnectablePlatform): boolean {
  return isConnectConfigured(env, platform);
}

function present(account: AccountSummary, now: Date, elsewhere: SharedAccountElsewhere): AccountCardAccount {
  const data = account.account_data ?? {};
  const connectedAt = data.connected_at ? new Date(data.connected_at) : account.updated_at;
  return {
    id: account.id,
    username: account.platform_username,
    name: data.name ?? null,
    followers: typeof data.followers === 'number' ? data.followers : null,
    avatarUrl: data.avatar_url ?? null,
    pageName: data.page_name ?? null,
    /** The account's own text limit (a Mastodon instance's); null: the network's. */
    textLimit: typeof data.text_limit === 'number' ? data.text_limit : null,
    connectedAt: Number.isNaN(connectedAt.getTime()) ? account.updated_at : connectedAt,
    health: healthOfAccount(account, now),
    alsoConnectedIn: elsewhere.names.length + elsewhere.hidden > 0 ? elsewhere : null,
    login: accountLoginOf(account.platform, account.platform_user_id),
  };
}

export async function listAccountCards(
  db: Kysely<Database>,
  env: ServerEnv,
  workspaceId: string,
  viewerId: string,
  now: Date = new Date(),
): Promise<AccountCard[]> {
  const accounts = await listActiveAccounts(db, workspaceId);
  const elsewhere = await Promise.all(
    accounts.map((account) =>
      listOtherActiveConnections(db, {
        platform: account.platform,
        platformUserId: account.platform_user_id,
        exceptWorkspaceId: workspaceId,
        viewerId,
      }),
    ),
  );
  return CONNECTABLE_PLATFORMS.map((platform) => {
    const logins = configuredConnectLogins(env, platform);
    const presented = accounts
      .flatMap((account, index) =>
        account.platform === platform
          ? [present(account, now, elsewhere[index] ?? { names: [], hidden: 0 })]
          : [],
      )
      .sort((a, b) => a.connectedAt.getTime() - b.connectedAt.getTime() || a.id.localeCompare(b.id));
    const first = presented[0];
    if (first) {
      // The card asks for a reconnect while any of its accounts needs one (each entry says which).
      const needsReconnect = presented.some(
        (account) => account.health.state === 'needs_reconnect' || account.health.state === 'revoked',
      );
      return {
        platform,
        status: needsReconnect ? 'needs_reconnect' : 'connected',
        account: first,
        accounts: presented,
        logins,
      };
    }
    return {
      platform,
      status: isPlatformConfigured(env, platform) ? 'not_connected' : 'not_configured',
      account: null,
      accounts: [],
      logins,
    };
  });
}
