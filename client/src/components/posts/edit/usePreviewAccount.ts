import type { Platform } from '@pauta/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';
import type { PreviewAccount } from '../../preview/types';

/** The connected account of `platform` (name, username, photo, followers) for the preview; null when none. */
export function usePreviewAccount(platform: Platform): PreviewAccount | null {
  const trpc = useTRPC();
  const accounts = useQuery({ ...trpc.accounts.list.queryOptions(), staleTime: 5 * 60_000 });
  const card = accounts.data?.find((entry) => entry.platform === platform);
  if (!card?.account) return null;
  const { name, username, pageName, avatarUrl, followers } = card.account;
  return { name, username, pageName, avatarUrl, followers };
}
