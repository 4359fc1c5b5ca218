import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { liveMessages, messages } from '@pauta/core';
import { IconRefresh, IconSend } from '@tabler/icons-react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useCan } from '../../app/permissions';
import { QueryLoadMore } from '../../components/common/QueryLoadMore';
import { ConfirmDeleteModal } from '../../components/posts/ConfirmModal';
import { PostListSkeleton } from '../../components/posts/PostList';
import { useUserTimeZone } from '../../components/posts/time-zone';
import type { PublishedItem } from '../../components/posts/types';
import { QueryState } from '../../components/QueryState';
import { StateMessage } from '../../components/StateMessage';
import { useGuardedMutation } from '../../lib/actions';
import { cursorPages } from '../../lib/cursor-pages';
import { requestStateText } from '../../lib/errors';
import { showError, showInfo, showSuccess, showWarning } from '../../lib/toast';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { PublishedPostCard } from './PublishedPostCard';

const text = messages.published;
const PUBLISHED_PAGE_SIZE = 12;

/** The published posts, page by page; a failed load is also said in a toast. */
function usePublishedPosts() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const input = { limit: PUBLISHED_PAGE_SIZE };
  const pages = cursorPages(input, (page, options) => client.published.list.query(page, options));
  const query = useInfiniteQuery({
    ...trpc.published.list.infiniteQueryOptions(input, { getNextPageParam: pages.getNextPageParam }),
    queryFn: pages.queryFn,
  });
  const failed = query.isError && !query.isFetching;
  useEffect(() => {
    if (failed) showError(messages.common.error, text.loadError, { id: 'published-load-error' });
  }, [failed]);
  return query;
}

/** Excluir of a published post (after its confirmation), refreshing the lists that count it. */
function useDeletePublished(onSettled: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useGuardedMutation(
    trpc.published.delete.mutationOptions({
      onSuccess: async () => {
        onSettled();
        showSuccess(messages.common.success, text.deleted);
        await Promise.all([
          queryClient.invalidateQueries(trpc.published.pathFilter()),
          queryClient.invalidateQueries(trpc.dashboard.pathFilter()),
          queryClient.invalidateQueries(trpc.themes.list.queryFilter()),
        ]);
      },
      onError: (error) => {
        onSettled();
        showError(messages.common.error, requestStateText(error) ?? text.deleteError);
      },
    }),
  );
}

/**
 * "Atualizar métricas": busy while the request runs and until the new numbers arrive (a live
 * event refetches the list, moving `dataUpdatedAt`) or 30 s have passed.
 */
function useRefreshMetrics(dataUpdatedAt: number) {
  const trpc = useTRPC();
  const [waitingSince, setWaitingSince] = useState<number | null>(null);
  useEffect(() => {
    if (waitingSince !== null && dataUpdatedAt > waitingSince) setWaitingSince(null);
  }, [dataUpdatedAt, waitingSince]);
  useEffect(() => {
    if (waitingSince === null) return;
    const timer = setTimeout(() => setWaitingSince(null), 30_000);
    return () => clearTimeout(timer);
  }, [waitingSince]);
  const refresh = useGuardedMutation(
    trpc.published.refreshMetrics.mutationOptions({
      onSuccess: (result) => {
        const id = 'metrics-refresh';
        if (result.queued) {
          setWaitingSince(Date.now());
          showInfo(liveMessages.refreshMetrics, liveMessages.refreshMetricsQueued, { id });
        } else if (result.retryAfterSeconds) {
          const message = liveMessages.refreshMetricsLimited(result.retryAfterSeconds);
          showWarning(liveMessages.refreshMetrics, message, { id });
        } else {
          showWarning(liveMessages.refreshMetrics, liveMessages.refreshMetricsUnavailable, { id });
        }
      },
      onError: (error) => showError(messages.common.error, requestStateText(error) ?? messages.common.error),
    }),
  );
  return { run: () => refresh.mutate(undefined), busy: refresh.isPending || waitingSince !== null };
}

/** Posts Publicados (spec §2.3): newest first, metrics, 'Ver na rede', Excluir; 'Carregar mais'. */
export function PublishedPostsView() {
  const timeZone = useUserTimeZone();
  const query = usePublishedPosts();
  const [toDelete, setToDelete] = useState<PublishedItem | null>(null);
  const remove = useDeletePublished(() => setToDelete(null));
  const refresh = useRefreshMetrics(query.dataUpdatedAt);
  const canWrite = useCan('posts.write');

  return (
    <QueryState
      query={query}
      errorTitle={text.loadError}
      loading={<PostListSkeleton />}
      keepDataOnError
      isEmpty={(data) => data.pages.every((page) => page.items.length === 0)}
      empty={<StateMessage icon={IconSend} title={text.empty} description={text.emptyDescription} />}
    >
      {(data) => {
        const posts: PublishedItem[] = data.pages.flatMap((page) => page.items);
        return (
          <Stack gap="md">
            <Group justify="flex-end">
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} aria-hidden />}
                loading={refresh.busy}
                onClick={refresh.run}
              >
                {liveMessages.refreshMetrics}
              </Button>
            </Group>
            <SimpleGrid
              cols={{ base: 1, md: 2 }}
              spacing="md"
              component="ul"
              aria-label={messages.views['published-posts'].title}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {posts.map((post) => (
                <li key={post.id}>
                  <PublishedPostCard
                    post={post}
                    timeZone={timeZone}
                    onDelete={canWrite ? setToDelete : undefined}
                  />
                </li>
              ))}
            </SimpleGrid>
            <QueryLoadMore
              query={query}
              end={
                <Text size="sm" c="dimmed">
                  {text.count(posts.length)}
                </Text>
              }
            />
            <ConfirmDeleteModal
              target={toDelete}
              remove={remove}
              title={text.confirmDeleteTitle}
              message={text.confirmDelete}
              confirmLabel={text.confirmDeleteAction}
              onClose={() => setToDelete(null)}
            />
          </Stack>
        );
      }}
    </QueryState>
  );
}
