// "Adicionar à fila" (docs/posting-queue.md): puts a post in its account's next free slot of the
// posting queue. One idempotent server call (posts.addToQueue), disabled while it runs; a post
// already queued keeps its slot and says so. For the composer, Editar Post and the post lists.
import { Button, type ButtonProps } from '@mantine/core';
import { formatLongDate, formatTime, messages, postingQueueMessages } from '@pauta/core';
import { IconStackPush } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useGuardedMutation } from '../../lib/actions';
import { describeError } from '../../lib/errors';
import { showErrorText, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

export interface AddToQueueButtonProps {
  postId: string;
  disabled?: boolean;
  /** Called with the slot the post holds (a new one, or the one it already had). */
  onQueued?: (result: { slotAt: Date; alreadyQueued: boolean }) => void;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

export function AddToQueueButton({
  postId,
  disabled,
  onQueued,
  size = 'sm',
  variant = 'light',
}: AddToQueueButtonProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const add = useGuardedMutation(
    trpc.posts.addToQueue.mutationOptions({
      onSuccess: (result) => {
        const when = `${formatLongDate(result.slotAt, result.timeZone)}, ${formatTime(result.slotAt, result.timeZone)}`;
        showSuccess(
          messages.common.success,
          result.alreadyQueued
            ? postingQueueMessages.alreadyQueued(when)
            : postingQueueMessages.queuedAt(when),
        );
        void queryClient.invalidateQueries(trpc.posts.pathFilter());
        void queryClient.invalidateQueries(trpc.postingQueue.pathFilter());
        onQueued?.({ slotAt: result.slotAt, alreadyQueued: result.alreadyQueued });
      },
      onError: (error) => showErrorText(describeError(error)),
    }),
  );
  return (
    <Button
      size={size}
      variant={variant}
      leftSection={<IconStackPush size={16} aria-hidden />}
      disabled={disabled}
      loading={add.isPending}
      onClick={() => add.mutate({ postId })}
    >
      {postingQueueMessages.addToQueue}
    </Button>
  );
}
