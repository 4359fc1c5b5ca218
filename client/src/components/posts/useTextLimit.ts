import { PLATFORM_TEXT_LIMITS, type Platform } from '@pauta/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/**
 * A post's text limit on `platform` in this workspace: the connected account's own where its server
 * declares one (a Mastodon instance's `max_characters`, read when it connected), else the
 * network's (core PLATFORM_TEXT_LIMITS). The server applies the same rule when the post is saved.
 */
export function useTextLimit(platform: Platform): number {
  const trpc = useTRPC();
  const accounts = useQuery({ ...trpc.accounts.list.queryOptions(), staleTime: 60_000 });
  const own = accounts.data?.find((card) => card.platform === platform)?.account?.textLimit;
  return typeof own === 'number' ? own : PLATFORM_TEXT_LIMITS[platform];
}
