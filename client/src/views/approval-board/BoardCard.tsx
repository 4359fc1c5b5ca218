// One post on the approval board: theme, network, date, title, an excerpt; the overdue warning;
// "Mover para…" (a menu: the keyboard and touch way to move) and "Histórico e comentários".
import { Button, Card, Checkbox, Group, Menu, Text, Title, VisuallyHidden } from '@mantine/core';
import {
  APPROVAL_STAGE_LABELS,
  APPROVAL_STAGES,
  type ApprovalStage,
  approvalMessages,
  bulkMessages,
  formatDateTime,
  messages,
} from '@pauta/core';
import type { AppRouter } from '@pauta/server';
import { IconAlertTriangle, IconArrowsExchange, IconMessage } from '@tabler/icons-react';
import type { inferRouterOutputs } from '@trpc/server';
import type { DragEvent } from 'react';
import { useCan } from '../../app/permissions';
import { PlatformBadge } from '../../components/PlatformIcon';
import { PostStatusBadge } from '../../components/posts/PostStatusBadge';
import classes from './ApprovalBoard.module.css';

export type BoardItem = inferRouterOutputs<AppRouter>['approval']['board']['items'][number];

/** A button label that wraps (and stays readable) rather than being cut in a narrow card. */
const WRAP = { label: { whiteSpace: 'normal', textAlign: 'left', paddingBlock: 2 } } as const;

const text = approvalMessages;

interface BoardCardProps {
  item: BoardItem;
  timeZone: string;
  /** A move of this post is running: its actions wait. */
  busy: boolean;
  dragging: boolean;
  onMove: (to: ApprovalStage) => void;
  onHistory: () => void;
  onDragStart: (event: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
  /** Bulk actions (docs/bulk-actions.md): the card's checkbox; absent, none (a published post). */
  selection?: { checked: boolean; onChange: (checked: boolean) => void } | undefined;
}

export function BoardCard({
  item,
  timeZone,
  busy,
  dragging,
  onMove,
  onHistory,
  onDragStart,
  onDragEnd,
  selection,
}: BoardCardProps) {
  const titleId = `board-${item.id}-title`;
  const canMove = useCan('approval.move');
  const canApprove = useCan('approval.approve');
  const movable = canMove && item.column !== 'published' && !busy;
  return (
    <Card
      component="article"
      withBorder
      padding="sm"
      className={classes.card}
      aria-labelledby={titleId}
      aria-busy={busy}
      data-post-id={item.id}
      draggable={movable}
      data-dragging={dragging ? '' : undefined}
      onDragStart={movable ? onDragStart : undefined}
      onDragEnd={onDragEnd}
    >
      <Group justify="space-between" gap={6} wrap="wrap">
        <Group gap={6} wrap="nowrap" maw="70%">
          {selection && (
            <Checkbox
              size="xs"
              aria-label={bulkMessages.select(item.title)}
              checked={selection.checked}
              onChange={(event) => selection.onChange(event.currentTarget.checked)}
              data-bulk-select={item.id}
            />
          )}
          <Text size="xs" fw={600} c="dimmed" truncate>
            {item.themeName}
          </Text>
        </Group>
        <PlatformBadge platform={item.platform} size="sm" />
      </Group>
      <Title order={3} id={titleId} className={classes.title}>
        {item.title}
      </Title>
      {item.scheduledFor && (
        <Text size="xs" c="dimmed">
          <VisuallyHidden>{messages.posts.scheduledFor}: </VisuallyHidden>
          {formatDateTime(item.scheduledFor, timeZone)}
        </Text>
      )}
      <Text size="sm" lineClamp={2} className={classes.excerpt}>
        {item.excerpt}
      </Text>
      {item.overdue && (
        <div className={classes.overdue}>
          <IconAlertTriangle size={14} aria-hidden style={{ flex: 'none', marginTop: 1 }} />
          <span>
            {text.overdue}
            <Text span size="xs" c="dimmed" fw={400} display="block">
              {text.overdueHint}
            </Text>
          </span>
        </div>
      )}
      {item.status !== 'scheduled' && item.column !== 'published' && (
        <PostStatusBadge status={item.status} size="sm" />
      )}
      <Group gap={6} wrap="wrap">
        {canMove && item.column !== 'published' && (
          <Menu position="bottom-start" shadow="md" withinPortal>
            <Menu.Target>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconArrowsExchange size={14} aria-hidden />}
                data-move-button={item.id}
                loading={busy}
                disabled={busy}
                // Six columns share 1280 px: the label wraps in a narrow card instead of being cut.
                maw="100%"
                h="auto"
                mih={26}
                styles={WRAP}
              >
                {text.moveTo} <VisuallyHidden>{text.forPost(item.title)}</VisuallyHidden>
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {APPROVAL_STAGES.filter(
                (stage) => stage !== item.stage && (canApprove || stage !== 'approved'),
              ).map((stage) => (
                <Menu.Item key={stage} onClick={() => onMove(stage)}>
                  {APPROVAL_STAGE_LABELS[stage]}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconMessage size={14} aria-hidden />}
          onClick={onHistory}
          maw="100%"
          h="auto"
          mih={26}
          styles={WRAP}
        >
          {item.comments > 0 ? text.comments(item.comments) : text.historyShort}{' '}
          <VisuallyHidden>{text.forPost(item.title)}</VisuallyHidden>
        </Button>
      </Group>
    </Card>
  );
}
