import { VisuallyHidden } from '@mantine/core';
import { isEditablePostStatus, PLATFORM_LABELS, POST_STATUS_LABELS, resolveThemeColor } from '@pauta/core';
import { NETWORK_PROFILES } from '@pauta/networks/browser';
import { IconSquare, IconSquareCheck } from '@tabler/icons-react';
import type { CSSProperties, DragEvent } from 'react';
import { PlatformIcon } from '../PlatformIcon';
import { STATUS_STYLE } from '../posts/PostStatusBadge';
import { localTime } from '../posts/time-zone';
import type { PostItem } from '../posts/types';
import { postAccountLabel, useActiveAccounts } from '../posts/useActiveAccounts';
import classes from './PostCalendar.module.css';

interface PostChipProps {
  post: PostItem;
  timeZone: string;
  moving: boolean;
  onOpen: () => void;
  onDragStart: (event: DragEvent<HTMLButtonElement>) => void;
  onDragEnd: () => void;
  /**
   * Selection mode (bulk actions, docs/bulk-actions.md): a click ticks or unticks the chip (a
   * toggle button, aria-pressed) instead of opening it; no drag meanwhile.
   */
  selection?: { checked: boolean; onToggle: () => void } | undefined;
}

/** The network's colour from its profile (networks/), in the shades that read on a chip. */
function networkColor(color: string): string {
  return `light-dark(var(--mantine-color-${color}-8), var(--mantine-color-${color}-3))`;
}

/** A post in the calendar: time and title in its theme colour; click to edit, drag to move. */
export function PostChip({
  post,
  timeZone,
  moving,
  onOpen,
  onDragStart,
  onDragEnd,
  selection,
}: PostChipProps) {
  const time = localTime(post.scheduledFor, timeZone);
  const { icon: StatusIcon } = STATUS_STYLE[post.status];
  const draggable = isEditablePostStatus(post.status) && !moving && !selection;
  const CheckIcon = selection?.checked ? IconSquareCheck : IconSquare;
  // The account's @handle where the workspace has several of the network (none otherwise).
  const account = postAccountLabel(useActiveAccounts(), post);
  const network = account ? `${PLATFORM_LABELS[post.platform]} ${account}` : PLATFORM_LABELS[post.platform];
  return (
    <button
      type="button"
      className={`${classes.chip} ${moving ? classes.moving : ''} ${selection?.checked ? classes.chipSelected : ''}`}
      style={
        {
          '--chip-color': resolveThemeColor(post.themeColor),
          '--chip-network-color': networkColor(NETWORK_PROFILES[post.platform].color),
        } as CSSProperties
      }
      title={`${time} ${post.title} · ${network} · ${post.themeName}`}
      data-platform={post.platform}
      draggable={draggable}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onClick={selection ? selection.onToggle : onOpen}
      aria-pressed={selection ? selection.checked : undefined}
      data-post-id={post.id}
    >
      {selection && <CheckIcon size={14} className={classes.chipCheck} aria-hidden />}
      {/* The name is the visible text plus network and status (label-content-name-mismatch). */}
      <span className={classes.chipTime}>{time}</span>{' '}
      {/* The network at a glance: its icon in its colour (named in the accessible name below and the title). */}
      <span className={classes.chipNetwork}>
        <PlatformIcon platform={post.platform} size={14} />
      </span>
      {post.status !== 'scheduled' && <StatusIcon size={12} className={classes.chipIcon} aria-hidden />}
      {post.thumbUrl && <img src={post.thumbUrl} alt="" className={classes.chipThumb} loading="lazy" />}
      <span className={classes.chipTitle}>{post.title}</span>
      {account && (
        <span className={classes.chipAccount} data-testid="chip-account">
          {account}
        </span>
      )}
      <VisuallyHidden>{` · ${PLATFORM_LABELS[post.platform]}`}</VisuallyHidden>{' '}
      <VisuallyHidden>{`(${POST_STATUS_LABELS[post.status]})`}</VisuallyHidden>
    </button>
  );
}
