import { Badge, Button, Checkbox, Group, Text, VisuallyHidden } from '@mantine/core';
import {
  bulkMessages,
  formatDate,
  isEditablePostStatus,
  messages,
  postingQueueMessages,
  recurrenceMessages,
} from '@pauta/core';
import {
  IconCalendarEvent,
  IconCheck,
  IconEdit,
  IconHistory,
  IconRefresh,
  IconRepeat,
} from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useCan } from '../../app/permissions';
import { IconBadge } from '../IconBadge';
import { AddToQueueButton } from '../posting-queue/AddToQueueButton';
import { ApprovalBadge } from './ApprovalBadge';
import { FirstCommentStatusLine } from './first-comment/FirstCommentField';
import { MediaRequiredBadge } from './MediaRequiredBadge';
import classes from './PostCard.module.css';
import { CardDeleteButton, PostCardShell } from './PostCardShell';
import { isRetryable, PostStatusBadge, STATUS_STYLE, statusReason } from './PostStatusBadge';
import { localTime } from './time-zone';
import type { PostItem } from './types';
import { postAccountLabel, useActiveAccounts } from './useActiveAccounts';

const text = messages.posts;

interface PostCardProps {
  post: PostItem;
  timeZone: string;
  onEdit: (post: PostItem) => void;
  onDelete: (post: PostItem) => void;
  onRetry: (post: PostItem) => void;
  /**
   * "Reenviar mesmo assim": offered only when the network could not tell whether a post flagged
   * "maybe published" went out (outcomeCheck 'unresolved'); resends without asking again.
   */
  onResend?: (post: PostItem) => void;
  /** The id of the post whose retry is running (its button shows the pending state). */
  retrying?: boolean;
  /** Bulk actions (docs/bulk-actions.md): the card's checkbox; absent, no checkbox. */
  selection?: { checked: boolean; onChange: (checked: boolean) => void } | undefined;
}

/**
 * One scheduled post: theme colour accent and name, network, local date and time, title,
 * content excerpt clamped to 4 lines, Usado and status badges, the reason of a failure, actions (Editar, or
 * Ver histórico for a post that can no longer be edited).
 */
export function PostCard({
  post,
  timeZone,
  onEdit,
  onDelete,
  onRetry,
  onResend,
  retrying = false,
  selection,
}: PostCardProps) {
  const reason = statusReason(post.status, post.lastError, post.lastErrorMessage);
  const canWrite = useCan('posts.write');
  const editable = canWrite && isEditablePostStatus(post.status);
  // The account's @handle where the workspace has several of the network (none otherwise).
  const accountLabel = postAccountLabel(useActiveAccounts(), post);
  return (
    <PostCardShell
      post={post}
      accountLabel={accountLabel}
      idPrefix="post"
      cardProps={{ 'data-post-id': post.id }}
      select={
        selection && (
          <Checkbox
            aria-label={bulkMessages.select(post.title)}
            checked={selection.checked}
            onChange={(event) => selection.onChange(event.currentTarget.checked)}
            data-bulk-select={post.id}
          />
        )
      }
      when={
        <>
          <IconCalendarEvent size={16} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text size="sm" c="dimmed">
            <VisuallyHidden>{text.scheduledFor}: </VisuallyHidden>
            {formatDate(post.scheduledFor, timeZone)} · {localTime(post.scheduledFor, timeZone)}
          </Text>
        </>
      }
    >
      <Group gap={6}>
        <PostStatusBadge status={post.status} />
        {post.isUsed && (
          <IconBadge variant="outline" color="gray" icon={IconCheck}>
            {text.usedBadge}
          </IconBadge>
        )}
        <ApprovalBadge post={post} />
        {post.queued && post.status === 'scheduled' && (
          <Badge variant="light" color="grape" tt="none">
            {postingQueueMessages.inQueue}
          </Badge>
        )}
        {typeof post.seriesOccurrence === 'number' && (
          <IconBadge
            variant="light"
            color="grape"
            icon={IconRepeat}
            hint={recurrenceMessages.position(`${post.seriesOccurrence}`)}
            hintSeparator=" — "
            data-testid="recurring-badge"
          >
            {recurrenceMessages.badge}
          </IconBadge>
        )}
        <MediaRequiredBadge post={post} />
      </Group>
      {/* The first comment's own state once the post is out (docs/first-comment.md). */}
      {post.firstComment && post.status === 'published' && (
        <FirstCommentStatusLine status={post.firstComment.status} error={post.firstComment.error} />
      )}

      {reason && (
        <Text
          size="sm"
          className={classes.reason}
          style={
            { '--reason-color': `var(--mantine-color-${STATUS_STYLE[post.status].color}-6)` } as CSSProperties
          }
        >
          <Text span fw={600} size="sm">
            {text.reason}:{' '}
          </Text>
          {reason}
        </Text>
      )}

      <div className={classes.actions}>
        {/* A post being published or already published is not editable; the same dialog then
            opens read-only, for its preview and its 'Histórico de entrega'. */}
        <Button
          variant="default"
          size="sm"
          leftSection={editable ? <IconEdit size={16} aria-hidden /> : <IconHistory size={16} aria-hidden />}
          onClick={() => onEdit(post)}
          title={editable || !canWrite ? undefined : text.notEditableHint}
        >
          {editable ? text.edit : text.viewHistory}
        </Button>
        {canWrite && isRetryable(post.status) && (
          <Button
            variant="light"
            size="sm"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => onRetry(post)}
            loading={retrying}
          >
            {text.retry}
          </Button>
        )}
        {canWrite && onResend && post.outcomeCheck === 'unresolved' && (
          <Button
            variant="subtle"
            color="orange"
            size="sm"
            onClick={() => onResend(post)}
            loading={retrying}
            title={text.resendAnywayHint}
          >
            {text.resendAnyway}
          </Button>
        )}
        {canWrite && post.status === 'scheduled' && !post.queued && <AddToQueueButton postId={post.id} />}
        {canWrite && (
          <CardDeleteButton
            label={text.delete}
            onClick={() => onDelete(post)}
            disabled={post.status === 'publishing'}
          />
        )}
      </div>
    </PostCardShell>
  );
}
