import type { BadgeProps } from '@mantine/core';
import { Badge } from '@mantine/core';
import type { PostStatus } from '@pauta/core';
import {
  isPublishErrorCode,
  isRetryablePostStatus,
  POST_STATUS_LABELS,
  publishErrorMessages,
} from '@pauta/core';
import type { Icon } from '@tabler/icons-react';
import {
  IconAlertOctagon,
  IconAlertTriangle,
  IconCircleCheck,
  IconClock,
  IconClockX,
  IconPencil,
  IconSend,
} from '@tabler/icons-react';

/** Icon and colour of each status; the label text always goes with them (colour is never alone). */
export const STATUS_STYLE: Record<PostStatus, { color: string; icon: Icon }> = {
  draft: { color: 'grape', icon: IconPencil },
  scheduled: { color: 'blue', icon: IconClock },
  publishing: { color: 'yellow', icon: IconSend },
  published: { color: 'teal', icon: IconCircleCheck },
  failed: { color: 'red', icon: IconAlertOctagon },
  needs_attention: { color: 'orange', icon: IconAlertTriangle },
  missed: { color: 'gray', icon: IconClockX },
};

/** Statuses in which the owner can ask for another publishing attempt (core's group). */
export const isRetryable = isRetryablePostStatus;

/**
 * Why a post was not published, in pt-BR: the text of its PublishErrorCode; a missed post
 * without a code gets the MISSED text, another problem the generic one. null when it is fine.
 */
export function statusReason(
  status: PostStatus,
  lastError: string | null,
  /** The network's own explanation (its error table), when the worker recorded one. */
  lastErrorMessage?: string | null,
): string | null {
  if (!isRetryable(status)) return null;
  if (lastErrorMessage) return lastErrorMessage;
  if (isPublishErrorCode(lastError)) return publishErrorMessages[lastError];
  return status === 'missed' ? publishErrorMessages.MISSED : publishErrorMessages.INTERNAL;
}

interface PostStatusBadgeProps extends Omit<BadgeProps, 'children' | 'leftSection' | 'color'> {
  status: PostStatus;
}

/** Agendado, Publicando, Publicado, Falhou, Precisa de atenção or Perdido, with its icon. */
export function PostStatusBadge({ status, ...props }: PostStatusBadgeProps) {
  const { color, icon: StatusIcon } = STATUS_STYLE[status];
  return (
    <Badge
      variant="light"
      color={color}
      tt="none"
      leftSection={<StatusIcon size={14} aria-hidden />}
      data-status={status}
      {...props}
    >
      {POST_STATUS_LABELS[status]}
    </Badge>
  );
}
