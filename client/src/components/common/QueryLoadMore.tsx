import { Button, Center } from '@mantine/core';
import { messages } from '@pauta/core';
import type { ReactNode } from 'react';

const text = messages.posts;

interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
  /** Shown once every page is loaded. */
  end: ReactNode;
}

/** 'Carregar mais' while there are more pages, then `end`. */
function LoadMore({ hasMore, loading, onMore, end }: LoadMoreProps) {
  return (
    <Center>
      {hasMore ? (
        <Button variant="default" onClick={onMore} loading={loading}>
          {loading ? text.loadingMore : text.loadMore}
        </Button>
      ) : (
        end
      )}
    </Center>
  );
}

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
