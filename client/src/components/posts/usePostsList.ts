// `posts.list` page by page (cursor). No polling: the worker's changes arrive as live events
// (live/LiveUpdates.tsx, docs/live-updates.md), which refetch the pages shown.
import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPages } from '../../lib/cursor-pages';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import type { PostFilterInput } from './types';

const POSTS_PAGE_SIZE = 20;

export function usePostsList(filters: PostFilterInput, { enabled = true }: { enabled?: boolean } = {}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const input = { ...filters, limit: POSTS_PAGE_SIZE };
  const pages = cursorPages(input, (page, options) => client.posts.list.query(page, options));
  return useInfiniteQuery({
    ...trpc.posts.list.infiniteQueryOptions(input, { getNextPageParam: pages.getNextPageParam }),
    queryFn: pages.queryFn,
    enabled,
  });
}
