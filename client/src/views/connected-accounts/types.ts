import type { ConnectablePlatform } from '@pauta/core';
import { NETWORK_PROFILES } from '@pauta/networks/browser';
import type { inferRouterClient } from '@trpc/client';
import type { AppRouter } from '../../lib/trpc';

type Client = inferRouterClient<AppRouter>;

/** One entry of `accounts.list`: a network, its status and its accounts (never a token). */
export type AccountCardData = Awaited<ReturnType<Client['accounts']['list']['query']>>[number];

/** One active account of a network (an entry of the card's `accounts`). */
export type AccountEntry = NonNullable<AccountCardData['account']>;

/**
 * The card's active accounts, oldest first (docs/workspaces.md, "Several accounts of one network").
 * An answer without `accounts` (before several per network) reads as its one `account`.
 */
export function cardAccounts(card: AccountCardData): AccountEntry[] {
  const { accounts } = card as { accounts?: AccountEntry[] };
  return accounts ?? (card.account ? [card.account] : []);
}

/** How an account is named to the person: its @handle, its Page, or its name. */
export function accountDisplayName(platform: ConnectablePlatform, account: AccountEntry): string {
  const profile = NETWORK_PROFILES[platform];
  if (profile.accountCard.title === 'handle' && account.username) return `@${account.username}`;
  const title = account.pageName ?? account.name ?? account.username;
  if (title) return title;
  return account.username ? `@${account.username}` : '';
}

/** What the Desconectar dialog is about: the card and the one account to disconnect. */
export interface DisconnectTarget {
  card: AccountCardData;
  account: AccountEntry;
}
