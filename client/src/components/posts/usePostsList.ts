// `posts.list` page by page (cursor), polling while a post is being published so its new state
// shows up without a reload: every 5 s at first, backing off to every 30 s. A post flagged
// "Precisa de atenção" a moment ago is watched too: if its worker was only stalled, its late
// answer still turns it into Publicado or Falhou (docs/publishing.md, I6).
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import type { PostFilterInput, PostItem } from './types';

export const POSTS_PAGE_SIZE = 20;

const FIRST_POLL_MS = 5_000;
const MAX_POLL_MS = 30_000;
const BACKOFF_STEP_MS = 30_000;

/** Poll delay after `elapsedMs` of watching a publication: 5 s, then 10 s, 20 s and 30 s from then on. */
export function pollDelay(elapsedMs: number): number {
  return Math.min(MAX_POLL_MS, FIRST_POLL_MS * 2 ** Math.floor(Math.max(0, elapsedMs) / BACKOFF_STEP_MS));
}

/** How long after a post was flagged needs_attention the screen keeps watching it. */
export const RECENT_FLAG_MS = 10 * 60_000;

/** Is a post of the page still changing on the worker's side (publishing, or just flagged)? */
export function hasPublishing(
  posts: readonly Pick<PostItem, 'status' | 'updatedAt'>[] | undefined,
  now: number = Date.now(),
): boolean {
  return (
    posts?.some(
      (post) =>
        post.status === 'publishing' ||
        (post.status === 'needs_attention' && now - new Date(post.updatedAt).getTime() < RECENT_FLAG_MS),
    ) ?? false
  );
}

/** A `refetchInterval` that polls while `publishing` is true, backing off the longer it lasts. */
export function usePublishingPoll() {
  const since = useRef<number | null>(null);
  return useCallback((publishing: boolean): number | false => {
    if (!publishing) {
      since.current = null;
      return false;
    }
    const now = Date.now();
    since.current ??= now;
    return pollDelay(now - since.current);
  }, []);
}

export function usePostsList(filters: PostFilterInput, { enabled = true }: { enabled?: boolean } = {}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const poll = usePublishingPoll();
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
    refetchInterval: (query) =>
      poll(query.state.data?.pages.some((page) => hasPublishing(page.items)) ?? false),
  });
}
