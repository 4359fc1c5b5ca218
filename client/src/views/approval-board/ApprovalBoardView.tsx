// Quadro de aprovação (issue 17; docs/approval.md): the posts of themes that require approval, one
// column per stage plus Publicado. A card moves by drag and drop or — keyboard and touch — by its
// "Mover para…" menu; each move is one idempotent request, the card's actions are disabled while
// it runs, and the board refetches on the live event of any change (another tab, the worker).
import { Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import {
  APPROVAL_STAGES,
  type ApprovalStage,
  approvalMessages,
  BOARD_COLUMNS,
  type BoardColumn,
  bulkMessages,
  isApprovalStage,
  messages,
} from '@pauta/core';
import { IconArrowsHorizontal, IconLayoutKanban } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useEffect, useMemo, useState } from 'react';
import { Link } from '../../app/Link';
import { useCan } from '../../app/permissions';
import { useViewParam, viewPath } from '../../app/view-paths';
import { BulkActionBar } from '../../components/bulk/BulkActionBar';
import { useBulkSelection } from '../../components/bulk/useBulkSelection';
import { useUserTimeZone } from '../../components/posts/time-zone';
import { StateMessage } from '../../components/StateMessage';
import { useScrollEdges } from '../../components/useScrollEdges';
import { ViewLoading } from '../../components/ViewLoading';
import { useGuardedMutation } from '../../lib/actions';
import { describeError, errorCodeOf, errorDetails, requestStateText } from '../../lib/errors';
import { showError, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import classes from './ApprovalBoard.module.css';
import { BoardCard, type BoardItem } from './BoardCard';
import { HistoryModal } from './HistoryModal';
import { ShareWithClient } from './ShareWithClient';

const text = approvalMessages;
const DRAG_TYPE = 'application/x-pauta-post';

/** The pt-BR text of a refused move. */
function moveErrorText(error: unknown): string {
  const reason = errorDetails(error, 'CONFLICT')?.reason;
  if (reason && reason in text.refusals) return text.refusals[reason as keyof typeof text.refusals];
  // Approving a post its network cannot publish (a video, a missing required image): the reason.
  if (errorCodeOf(error) === 'MEDIA_REJECTED') return describeError(error).message;
  return requestStateText(error) ?? text.moveError;
}

export function ApprovalBoardView() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const timeZone = useUserTimeZone();
  const canShare = useCan('clientLinks.manage');
  const canMove = useCan('approval.move');
  const themeParam = useViewParam('theme');
  const [themeId, setThemeId] = useState<string | null>(themeParam);
  const board = useQuery(trpc.approval.board.queryOptions({ themeId }));
  const themes = useQuery(trpc.themes.list.queryOptions());
  const [historyFor, setHistoryFor] = useState<BoardItem | null>(null);
  const [dropTarget, setDropTarget] = useState<BoardColumn | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  /** After a keyboard move the card re-renders in another column: give its menu the focus back. */
  const [refocus, setRefocus] = useState<string | null>(null);
  const selection = useBulkSelection(themeId ?? '');
  // Columns past the screen's edge: a shadow on that side and a hint say the board scrolls.
  const scroller = useScrollEdges<HTMLDivElement>();

  const move = useGuardedMutation(
    trpc.approval.move.mutationOptions({
      onSuccess: async (result, variables) => {
        const item = board.data?.items.find((i) => i.id === variables.postId);
        if (result.changed && item)
          showSuccess(messages.common.success, text.moved(item.title, result.stage), { id: 'approval-move' });
        await Promise.all([
          queryClient.invalidateQueries(trpc.approval.pathFilter()),
          queryClient.invalidateQueries(trpc.posts.pathFilter()),
        ]);
      },
      onError: (error) =>
        showError(messages.common.error, moveErrorText(error), { id: 'approval-move-error' }),
    }),
  );
  const moving = (postId: string) => APPROVAL_STAGES.some((to) => move.isPendingFor({ postId, to }));

  const columns = useMemo(() => {
    const byColumn = new Map<BoardColumn, BoardItem[]>(BOARD_COLUMNS.map((c) => [c, []]));
    for (const item of board.data?.items ?? []) byColumn.get(item.column)?.push(item);
    return byColumn;
  }, [board.data]);

  useEffect(() => {
    // While the move runs the button is disabled (and cannot take the focus): wait for it.
    if (!refocus || !board.data || move.isPending) return;
    const button = document.querySelector<HTMLButtonElement>(`[data-move-button="${refocus}"]`);
    if (button && !button.disabled) {
      button.focus();
      setRefocus(null);
    }
  }, [refocus, board.data, move.isPending]);

  const approvalThemes = (themes.data ?? []).filter((t) => t.requiresApproval);
  const loadFailed = board.isError && !board.isFetching;
  useEffect(() => {
    if (loadFailed) showError(messages.common.error, text.loadError, { id: 'approval-load-error' });
  }, [loadFailed]);

  const moveTo = (item: BoardItem, to: ApprovalStage, viaKeyboard: boolean) => {
    if (item.column === to) return;
    if (viaKeyboard) setRefocus(item.id);
    move.mutate({ postId: item.id, to });
  };

  const onDrop = (column: BoardColumn) => (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDropTarget(null);
    setDragging(null);
    const postId = event.dataTransfer.getData(DRAG_TYPE);
    const item = board.data?.items.find((i) => i.id === postId);
    if (item && isApprovalStage(column)) moveTo(item, column, false);
  };

  if (board.isPending) return <ViewLoading />;
  const items = board.data?.items ?? [];
  // Bulk actions (docs/bulk-actions.md): the unpublished cards of the board (its theme filter).
  const selectable = items.filter((item) => item.column !== 'published').map((item) => item.id);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={text.filterTheme}
          placeholder={text.allThemes}
          data={approvalThemes.map((t) => ({ value: t.id, label: t.name }))}
          value={themeId}
          onChange={setThemeId}
          clearable
          w={360}
          maw="100%"
        />
        <Group gap="xs" wrap="wrap">
          {canMove && selectable.length > 0 && (
            <Button variant="default" onClick={() => selection.selectIds(selectable)}>
              {bulkMessages.selectAllBoard(selectable.length)}
            </Button>
          )}
          {canShare && <ShareWithClient themes={approvalThemes} themeId={themeId} timeZone={timeZone} />}
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {text.dragHint}
      </Text>
      {items.length === 0 && !themeId ? (
        <StateMessage
          icon={IconLayoutKanban}
          title={text.emptyBoard}
          description={
            <>
              {text.emptyBoardHint}{' '}
              <Anchor component={Link} href={viewPath('themes')}>
                {messages.nav.themes}
              </Anchor>
            </>
          }
        />
      ) : (
        <div>
          {(scroller.edges.before || scroller.edges.after) && (
            <Text size="xs" c="dimmed" className={classes.scrollHint} data-testid="board-scroll-hint">
              <IconArrowsHorizontal size={14} aria-hidden /> {text.scrollHint}
            </Text>
          )}
          <div
            className={classes.boardFrame}
            data-more-before={scroller.edges.before || undefined}
            data-more-after={scroller.edges.after || undefined}
          >
            <div className={classes.board} ref={scroller.ref}>
              {BOARD_COLUMNS.map((column) => {
                const list = columns.get(column) ?? [];
                const droppable = isApprovalStage(column);
                const headingId = `approval-column-${column}`;
                return (
                  <section
                    key={column}
                    aria-labelledby={headingId}
                    className={classes.column}
                    data-column={column}
                    data-drop-target={dropTarget === column ? '' : undefined}
                    onDragOver={
                      droppable
                        ? (event) => {
                            if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
                            event.preventDefault();
                            event.dataTransfer.dropEffect = 'move';
                            setDropTarget(column);
                          }
                        : undefined
                    }
                    onDragLeave={() => setDropTarget((current) => (current === column ? null : current))}
                    onDrop={droppable ? onDrop(column) : undefined}
                  >
                    <h2 id={headingId} className={classes.columnTitle}>
                      {text.column(column, list.length)}
                    </h2>
                    {list.length === 0 ? (
                      <Text size="sm" c="dimmed" px="xs">
                        {text.emptyColumn}
                      </Text>
                    ) : (
                      list.map((item) => (
                        <BoardCard
                          key={item.id}
                          item={item}
                          timeZone={timeZone}
                          busy={moving(item.id)}
                          dragging={dragging === item.id}
                          onMove={(to) => moveTo(item, to, true)}
                          onHistory={() => setHistoryFor(item)}
                          onDragStart={(event) => {
                            event.dataTransfer.setData(DRAG_TYPE, item.id);
                            event.dataTransfer.effectAllowed = 'move';
                            setDragging(item.id);
                          }}
                          onDragEnd={() => {
                            setDragging(null);
                            setDropTarget(null);
                          }}
                          selection={
                            canMove && item.column !== 'published'
                              ? {
                                  checked: selection.ids.has(item.id),
                                  onChange: (checked) => selection.toggle(item.id, checked, selectable),
                                }
                              : undefined
                          }
                        />
                      ))
                    )}
                  </section>
                );
              })}
            </div>
          </div>
        </div>
      )}
      {canMove && (
        <BulkActionBar
          // Only the cards still on the board count (one may have moved to Publicado meanwhile).
          count={selectable.filter((id) => selection.ids.has(id)).length}
          selection={{ ids: selectable.filter((id) => selection.ids.has(id)) }}
          actions={['approve', 'move', 'reschedule', 'queue', 'theme', 'delete']}
          selectAll={{
            total: selectable.length,
            selected: selectable.every((id) => selection.ids.has(id)),
            onSelect: () => selection.selectIds(selectable),
            label: bulkMessages.selectAllBoard(selectable.length),
          }}
          onClear={selection.clear}
        />
      )}
      <HistoryModal item={historyFor} timeZone={timeZone} onClose={() => setHistoryFor(null)} />
    </Stack>
  );
}
