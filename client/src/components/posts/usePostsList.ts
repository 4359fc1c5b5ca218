// `posts.list` page by page (cursor). No polling: the worker's changes arrive as live events
// (live/LiveUpdates.tsx, docs/live-updates.md), which refetch the pages shown.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import type { PostFilterInput } from './types';

const POSTS_PAGE_SIZE = 20;

export function usePostsList(filters: PostFilterInput, { enabled = true }: { enabled?: boolean } = {}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const input = { ...filters, limit: POSTS_PAGE_SIZE };
  return useInfiniteQuery({
    ...trpc.posts.list.infiniteQueryOptions(input, {
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
    // tRPC's own infinite queryFn adds `direction` to the input, which the server's strict schema
    // refuses; the page is asked for with the filters and the cursor only (same cache key).
    queryFn: ({ pageParam, signal }) =>
      client.posts.list.query(pageParam ? { ...input, cursor: pageParam } : input, { signal }),
    enabled,
  });
}
