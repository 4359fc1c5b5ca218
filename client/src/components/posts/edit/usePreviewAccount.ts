import type { Platform } from '@pauta/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';
import type { PreviewAccount } from '../../preview/types';
import { useActiveAccounts } from '../useActiveAccounts';

/**
 * The account the preview shows (name, username, photo, followers): the chosen one where the post or
 * the composer's tab names an account (several accounts of the network, docs/workspaces.md), else
 * the network's connected account; null when none.
 */
export function usePreviewAccount(platform: Platform, accountId?: string | null): PreviewAccount | null {
  const trpc = useTRPC();
  const accounts = useQuery({ ...trpc.accounts.list.queryOptions(), staleTime: 5 * 60_000 });
  const chosen = useActiveAccounts().byId(accountId);
  if (chosen) {
    const { name, username, pageName, avatarUrl, followers } = chosen;
    return { name, username, pageName, avatarUrl, followers };
  }
  const card = accounts.data?.find((entry) => entry.platform === platform);
  if (!card?.account) return null;
  const { name, username, pageName, avatarUrl, followers } = card.account;
  return { name, username, pageName, avatarUrl, followers };
}
