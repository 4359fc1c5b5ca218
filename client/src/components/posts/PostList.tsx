import { Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { messages } from '@pauta/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { showError } from '../../lib/toast';
import { QueryLoadMore } from '../common/QueryLoadMore';
import { QueryState } from '../QueryState';
import { StateMessage } from '../StateMessage';
import { ConfirmDeleteModal } from './ConfirmModal';
import { PostCard } from './PostCard';
import type { PostFilterInput, PostItem } from './types';
import { useDeletePost, useRetryPost } from './usePostActions';
import { usePostsList } from './usePostsList';

const text = messages.posts;

interface PostListProps {
  filters: PostFilterInput;
  timeZone: string;
  onEdit: (post: PostItem) => void;
  emptyTitle?: string;
  /** null: no description line. */
  emptyDescription?: string | null;
  /** Accessible name of the list. */
  label?: string;
  /** Bulk actions (docs/bulk-actions.md): each card's checkbox; absent, no checkboxes. */
  selection?:
    | { isSelected: (id: string) => boolean; onToggle: (id: string, checked: boolean) => void }
    | undefined;
}

/** Skeleton cards while the first page loads. */
export function PostListSkeleton({ count = 3 }: { count?: number }) {
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

/**
 * The scheduled posts matching `filters`, page by page ('Carregar mais'), with delete (after a
 * confirmation), retry, and the empty, loading and error states.
 */
export function PostList({
  filters,
  timeZone,
  onEdit,
  emptyTitle,
  emptyDescription,
  label,
  selection,
}: PostListProps) {
  const query = usePostsList(filters);
  const [toDelete, setToDelete] = useState<PostItem | null>(null);
  const remove = useDeletePost(() => setToDelete(null));
  const retry = useRetryPost();
  const failed = query.isError && !query.isFetching;

  useEffect(() => {
    if (failed) showError(messages.common.error, text.loadError, { id: 'posts-load-error' });
  }, [failed]);

  return (
    <QueryState
      query={query}
      errorTitle={text.loadError}
      loading={<PostListSkeleton />}
      keepDataOnError
      isEmpty={(data) => data.pages.every((page) => page.items.length === 0)}
      empty={
        <StateMessage
          icon={IconCalendarOff}
          title={emptyTitle ?? text.empty}
          description={
            emptyDescription === undefined ? text.emptyDescription : (emptyDescription ?? undefined)
          }
        />
      }
    >
      {(data) => {
        const posts = data.pages.flatMap((page) => page.items);
        return (
          <Stack gap="md">
            <Stack
              gap="md"
              component="ul"
              aria-label={label}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {posts.map((post) => (
                <li key={post.id}>
                  <PostCard
                    post={post}
                    timeZone={timeZone}
                    onEdit={onEdit}
                    onDelete={setToDelete}
                    onRetry={(target) => retry.mutate({ id: target.id })}
                    onResend={(target) => retry.mutate({ id: target.id, confirmUnverified: true })}
                    retrying={retry.isPendingFor({ id: post.id })}
                    selection={
                      selection && {
                        checked: selection.isSelected(post.id),
                        onChange: (checked) => selection.onToggle(post.id, checked),
                      }
                    }
                  />
                </li>
              ))}
            </Stack>
            <QueryLoadMore
              query={query}
              end={
                posts.length > 5 && (
                  <Text size="sm" c="dimmed">
                    {text.allLoaded}
                  </Text>
                )
              }
            />
            <ConfirmDeleteModal
              target={toDelete}
              remove={remove}
              title={text.confirmDeleteTitle}
              message={text.confirmDelete}
              confirmLabel={text.delete}
              onClose={() => setToDelete(null)}
            />
          </Stack>
        );
      }}
    </QueryState>
  );
}
