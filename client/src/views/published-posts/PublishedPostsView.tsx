import { Button, Center, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { liveMessages, messages } from '@pauta/core';
import { IconAlertTriangle, IconRefresh, IconSend } from '@tabler/icons-react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ConfirmModal } from '../../components/posts/ConfirmModal';
import { PostListSkeleton } from '../../components/posts/PostList';
import { useUserTimeZone } from '../../components/posts/time-zone';
import type { PublishedItem } from '../../components/posts/types';
import { StateMessage } from '../../components/StateMessage';
import { useGuardedMutation } from '../../lib/actions';
import { requestStateText } from '../../lib/errors';
import { showError, showInfo, showSuccess, showWarning } from '../../lib/toast';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { PublishedPostCard } from './PublishedPostCard';

const text = messages.published;
export const PUBLISHED_PAGE_SIZE = 12;

/** Posts Publicados (spec §2.3): newest first, metrics, 'Ver na rede', Excluir; 'Carregar mais'. */
export function PublishedPostsView() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const timeZone = useUserTimeZone();
  const [toDelete, setToDelete] = useState<PublishedItem | null>(null);
  const client = useTRPCClient();
  const input = { limit: PUBLISHED_PAGE_SIZE };
  const query = useInfiniteQuery({
    ...trpc.published.list.infiniteQueryOptions(input, {
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
    // Without tRPC's `direction` key, which the server's strict input schema refuses.
    queryFn: ({ pageParam, signal }) =>
      client.published.list.query(pageParam ? { ...input, cursor: pageParam } : input, { signal }),
  });
  const failed = query.isError && !query.isFetching;
  useEffect(() => {
    if (failed) showError(messages.common.error, text.loadError, { id: 'published-load-error' });
  }, [failed]);

  const remove = useGuardedMutation(
    trpc.published.delete.mutationOptions({
      onSuccess: async () => {
        setToDelete(null);
        showSuccess(messages.common.success, text.deleted);
        await Promise.all([
          queryClient.invalidateQueries(trpc.published.pathFilter()),
          queryClient.invalidateQueries(trpc.dashboard.pathFilter()),
          queryClient.invalidateQueries(trpc.themes.list.queryFilter()),
        ]);
      },
      onError: (error) => {
        setToDelete(null);
        showError(messages.common.error, requestStateText(error) ?? text.deleteError);
      },
    }),
  );

  // "Atualizar métricas": disabled while the request runs and until the new numbers arrive (a
  // live event refetches the list) or 30 s have passed.
  const [waitingSince, setWaitingSince] = useState<number | null>(null);
  useEffect(() => {
    if (waitingSince !== null && query.dataUpdatedAt > waitingSince) setWaitingSince(null);
  }, [query.dataUpdatedAt, waitingSince]);
  useEffect(() => {
    if (waitingSince === null) return;
    const timer = setTimeout(() => setWaitingSince(null), 30_000);
    return () => clearTimeout(timer);
  }, [waitingSince]);
  const refresh = useGuardedMutation(
    trpc.published.refreshMetrics.mutationOptions({
      onSuccess: (result) => {
        if (result.queued) {
          setWaitingSince(Date.now());
          showInfo(liveMessages.refreshMetrics, liveMessages.refreshMetricsQueued, { id: 'metrics-refresh' });
        } else if (result.retryAfterSeconds) {
          showWarning(
            liveMessages.refreshMetrics,
            liveMessages.refreshMetricsLimited(result.retryAfterSeconds),
            {
              id: 'metrics-refresh',
            },
          );
        } else {
          showWarning(liveMessages.refreshMetrics, liveMessages.refreshMetricsUnavailable, {
            id: 'metrics-refresh',
          });
        }
      },
      onError: (error) => showError(messages.common.error, requestStateText(error) ?? messages.common.error),
    }),
  );

  if (query.isPending) return <PostListSkeleton />;
  if (query.isError && !query.data)
    return (
      <StateMessage icon={IconAlertTriangle} title={text.loadError} color="red" role="alert">
        <Button onClick={() => void query.refetch()} loading={query.isFetching}>
          {messages.common.tryAgain}
        </Button>
      </StateMessage>
    );

  const posts: PublishedItem[] = query.data.pages.flatMap((page) => page.items);
  if (posts.length === 0)
    return <StateMessage icon={IconSend} title={text.empty} description={text.emptyDescription} />;

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={refresh.isPending || waitingSince !== null}
          onClick={() => refresh.mutate(undefined)}
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
            <PublishedPostCard post={post} timeZone={timeZone} onDelete={setToDelete} />
          </li>
        ))}
      </SimpleGrid>
      <Center>
        {query.hasNextPage ? (
          <Button
            variant="default"
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? text.loadingMore : text.loadMore}
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            {text.count(posts.length)}
          </Text>
        )}
      </Center>
      <ConfirmModal
        opened={toDelete !== null}
        title={text.confirmDeleteTitle}
        message={text.confirmDelete}
        confirmLabel={text.confirmDeleteAction}
        loading={remove.isPending}
        onConfirm={() => toDelete && remove.mutate({ id: toDelete.id })}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
