// A tRPC list read page by page with `useInfiniteQuery`: the next page's cursor is the last page's
// `nextCursor`, and each page is asked with the input and the cursor only. tRPC's own infinite
// queryFn adds a `direction` key, which the server's strict input schemas refuse; the cache key
// stays tRPC's (spread its infiniteQueryOptions first).

/** `getNextPageParam` and `queryFn` for a list whose pages carry `nextCursor`. */
export function cursorPages<I extends object, P extends { nextCursor?: string | null }>(
  input: I,
  fetchPage: (input: I & { cursor?: string }, options: { signal: AbortSignal }) => Promise<P>,
) {
  return {
    getNextPageParam: (last: P) => last.nextCursor ?? undefined,
    queryFn: ({ pageParam, signal }: { pageParam: unknown; signal: AbortSignal }) =>
      fetchPage(typeof pageParam === 'string' && pageParam ? { ...input, cursor: pageParam } : input, {
        signal,
      }),
  };
}
