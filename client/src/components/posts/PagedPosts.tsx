// A list of posts read page by page ('Carregar mais'), with Excluir after a confirmation: the
// scheduled posts (PostList) and the published ones (PublishedPostsView). The skeleton while the
// first page loads, the failure state (a later failure keeps the pages shown: the caller says it
// in a toast), the empty state, the cards, the end line, and the delete confirmation.
import { Button, Card, Center, Group, Skeleton, Stack } from '@mantine/core';
import { messages } from '@pauta/core';
import type { ReactNode } from 'react';
import { QueryState } from '../QueryState';
import { ConfirmModal } from './ConfirmModal';

/** Skeleton cards while the first page loads. */
function PostListSkeleton({ count = 3 }: { count?: number }) {
  return (
    <Stack gap="md" role="status" aria-label={messages.common.loading}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Card key={index} padding="md">
          <Group justify="space-between">
            <Skeleton height={14} width="30%" />
            <Skeleton height={20} width={90} radius="xl" />
          </Group>
          <Skeleton height={12} width="25%" mt="sm" />
          <Skeleton height={18} width="60%" mt="sm" />
          <Skeleton height={12} mt="sm" />
          <Skeleton height={12} width="80%" mt={6} />
        </Card>
      ))}
    </Stack>
  );
}

/** What PagedPosts reads of a TanStack infinite query whose pages carry `items`. */
interface PagedQuery<T> {
  data: { pages: { items: T[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

interface DeleteConfirmation<T> {
  /** The post whose Excluir awaits its confirmation, or null. */
  target: T | null;
  title: string;
  message: string;
  confirmLabel: string;
  loading: boolean;
  onConfirm: (post: T) => void;
  onClose: () => void;
}

export function PagedPosts<T>({
  query,
  errorTitle,
  empty,
  list,
  end,
  confirmDelete,
}: {
  query: PagedQuery<T>;
  errorTitle: string;
  empty: ReactNode;
  /** The cards of the posts loaded so far (above them whatever the screen adds). */
  list: (posts: T[]) => ReactNode;
  /** Shown once every page is loaded. */
  end: (posts: T[]) => ReactNode;
  confirmDelete: DeleteConfirmation<T>;
}) {
  const { target } = confirmDelete;
  return (
    <QueryState
      query={query}
      errorTitle={errorTitle}
      loading={<PostListSkeleton />}
      keepDataOnError
      isEmpty={(data) => data.pages.every((page) => page.items.length === 0)}
      empty={empty}
    >
      {(data) => {
        const posts = data.pages.flatMap((page) => page.items);
        return (
          <Stack gap="md">
            {list(posts)}
            <LoadMore
              hasMore={query.hasNextPage}
              loading={query.isFetchingNextPage}
              onMore={() => void query.fetchNextPage()}
              end={end(posts)}
            />
            <ConfirmModal
              opened={target !== null}
              title={confirmDelete.title}
              message={confirmDelete.message}
              confirmLabel={confirmDelete.confirmLabel}
              loading={confirmDelete.loading}
              onConfirm={() => target !== null && confirmDelete.onConfirm(target)}
              onClose={confirmDelete.onClose}
            />
          </Stack>
        );
      }}
    </QueryState>
  );
}

interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
  /** Shown once every page is loaded. */
  end: ReactNode;
}

/** 'Carregar mais' while there are more pages, then `end`. */
export function LoadMore({ hasMore, loading, onMore, end }: LoadMoreProps) {
  return (
    <Center>
      {hasMore ? (
        <Button variant="default" onClick={onMore} loading={loading}>
          {loading ? messages.posts.loadingMore : messages.posts.loadMore}
        </Button>
      ) : (
        end
      )}
    </Center>
  );
}
