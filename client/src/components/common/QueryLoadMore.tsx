import type { ReactNode } from 'react';
import { LoadMore } from '../posts/PostList';

/** What of an infinite query 'Carregar mais' reads and drives. */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** 'Carregar mais' under a list read page by page: the next page while there is one, then `end`. */
export function QueryLoadMore({ query, end = null }: { query: PagedQuery; end?: ReactNode }) {
  return (
    <LoadMore
      hasMore={query.hasNextPage}
      loading={query.isFetchingNextPage}
      onMore={() => void query.fetchNextPage()}
      end={end}
    />
  );
}
