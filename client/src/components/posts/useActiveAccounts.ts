// The workspace's active accounts, several per network where it has them (accounts.active;
// docs/workspaces.md "Several accounts of one network"): the composer's account picker, Editar
// Post's "Conta" and the @handle on cards and calendar chips read them. A network with one account
// shows nothing new anywhere (`several` is false).
import type { Platform } from '@pauta/core';
import type { AppRouter } from '@pauta/server';
import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useTRPC } from '../../lib/trpc';

export type ActiveAccount = inferRouterOutputs<AppRouter>['accounts']['active'][number];

/** How an account is named beside its network: "@loja_centro", else its name or Page. */
export function accountHandle(account: Pick<ActiveAccount, 'username' | 'name' | 'pageName'>): string {
  if (account.username) return `@${account.username.replace(/^@/, '')}`;
  return account.name ?? account.pageName ?? '';
}

export function useActiveAccounts() {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.accounts.active.queryOptions(), staleTime: 60_000 });
  const list = query.data ?? [];
  const of = (platform: Platform) => list.filter((account) => account.platform === platform);
  return {
    list,
    /** Loaded (an error or a pending answer: every network counts as having one account). */
    loaded: query.data !== undefined,
    of,
    /** The workspace has more than one active account of the network. */
    several: (platform: Platform) => of(platform).length > 1,
    byId: (id: string | null | undefined) =>
      id ? (list.find((account) => account.id === id) ?? null) : null,
  };
}

export type ActiveAccounts = ReturnType<typeof useActiveAccounts>;

/**
 * The @handle a card or a calendar chip shows beside the network: only where the workspace has
 * several accounts of it (a single-account network stays as it was); null otherwise.
 */
export function postAccountLabel(
  accounts: ActiveAccounts,
  post: { platform: Platform; accountId: string | null },
): string | null {
  if (!accounts.several(post.platform)) return null;
  const account = accounts.byId(post.accountId);
  return account ? accountHandle(account) : null;
}
