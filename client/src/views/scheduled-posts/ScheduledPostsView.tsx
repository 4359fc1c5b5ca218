import { Button, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { bulkMessages, can, messages, POST_STATUS_LABELS, type PostStatus } from '@pauta/core';
import {
  IconAdjustmentsHorizontal,
  IconCalendarMonth,
  IconList,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useId, useState } from 'react';
import { navigate, useSearch } from '../../app/navigation';
import { useCan, useWorkspaceRole } from '../../app/permissions';
import { viewPath } from '../../app/view-paths';
import { ApprovalBoardLink } from '../../components/ApprovalBoardLink';
import { CalendarBudget, useBudgetDayBadge } from '../../components/budget/CalendarBudget';
import { BulkActionBar } from '../../components/bulk/BulkActionBar';
import { useBulkSelection } from '../../components/bulk/useBulkSelection';
import { ComposerModal } from '../../components/composer/ComposerModal';
import { CsvButtons } from '../../components/csv/CsvButtons';
import { ConfirmModal } from '../../components/posts/ConfirmModal';
import { EditPostModal } from '../../components/posts/EditPostModal';
import { PostList } from '../../components/posts/PostList';
import { useUserTimeZone } from '../../components/posts/time-zone';
import type { PostItem } from '../../components/posts/types';
import { useRefreshPosts } from '../../components/posts/usePostActions';
import { usePostsList } from '../../components/posts/usePostsList';
import { ViewLoading } from '../../components/ViewLoading';
import { useGuardedMutation } from '../../lib/actions';
import { requestStateText } from '../../lib/errors';
import { showError, showSuccess, showWarning } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import type { FilterState } from './filters';
import {
  activeFilterCount,
  datesFromSearch,
  platformFromSearch,
  statusesFromSearch,
  toListInput,
  toSearch,
} from './filters';
import { PostFilters } from './PostFilters';

// The calendar is a separate chunk: most visits only need the list.
const PostCalendar = lazy(() =>
  import('../../components/calendar/PostCalendar').then((module) => ({ default: module.PostCalendar })),
);

const text = messages.posts;

/** The count says what it counts: "posts agendados" only for posts that still wait to publish. */
export function countLabel(total: number, scheduledTotal: number, statuses: readonly PostStatus[]): string {
  if (statuses.length === 1 && statuses[0] === 'scheduled') return text.count(total);
  if (statuses.length > 0)
    return text.countWithStatus(
      total,
      statuses.map((status) => POST_STATUS_LABELS[status]),
    );
  return scheduledTotal === total ? text.count(total) : text.countWithScheduled(total, scheduledTotal);
}

type Mode = 'list' | 'calendar';

/**
 * Posts Agendados (spec §2.3): the count, Filtros, 'Excluir Posts Filtrados (N)', a list or a
 * calendar of the posts, and the Editar Post dialog.
 */
export function ScheduledPostsView() {
  const trpc = useTRPC();
  const timeZone = useUserTimeZone();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const filters: FilterState = {
    themeId: params.get('theme') || null,
    platform: platformFromSearch(params),
    statuses: statusesFromSearch(params),
    ...datesFromSearch(params),
  };
  const input = toListInput(filters);
  const activeCount = activeFilterCount(filters);
  const [filtersOpen, setFiltersOpen] = useState(() => activeCount > 0);
  const [mode, setMode] = useState<Mode>(() => (params.get('view') === 'calendar' ? 'calendar' : 'list'));
  const [editing, setEditing] = useState<PostItem | null>(null);
  const [composing, setComposing] = useState(false);
  const [confirmBulk, setConfirmBulk] = useState(false);
  // The month the calendar shows: its network budget panel and the marks on days past a budget.
  const [calendarMonth, setCalendarMonth] = useState<string | null>(null);
  const budgetDayBadge = useBudgetDayBadge(mode === 'calendar' ? calendarMonth : null);
  const panelId = useId();
  const refresh = useRefreshPosts();

  const list = usePostsList(input);
  const total = list.data?.pages[0]?.total ?? 0;
  // Bulk actions (docs/bulk-actions.md): a new filter is a new selection.
  const selection = useBulkSelection(JSON.stringify(input));
  const loadedIds = (list.data?.pages ?? []).flatMap((page) => page.items.map((item) => item.id));
  const role = useWorkspaceRole();
  const canBulk = can(role, 'approval.move');
  // The calendar's selection mode: chips tick instead of opening; its posts are all loaded.
  const [calendarSelecting, setCalendarSelecting] = useState(false);
  const [calendarIds, setCalendarIds] = useState<string[]>([]);
  const onCalendarPosts = useCallback((ids: string[]) => setCalendarIds(ids), []);
  const calendarSelected = calendarIds.filter((id) => selection.ids.has(id));
  const selectedCount =
    mode === 'calendar' ? calendarSelected.length : selection.allFiltered ? total : selection.ids.size;
  const scheduledTotal = list.data?.pages[0]?.scheduledTotal ?? 0;

  const changeFilters = (next: FilterState) => {
    const query = toSearch(next);
    if (mode === 'calendar') query.view = 'calendar';
    navigate(viewPath('scheduled-posts', query), { replace: true });
  };

  const changeMode = (next: Mode) => {
    setMode(next);
    selection.clear();
    setCalendarSelecting(false);
    const query = toSearch(filters);
    if (next === 'calendar') query.view = 'calendar';
    navigate(viewPath('scheduled-posts', query), { replace: true });
  };

  const deleteFiltered = useGuardedMutation(
    trpc.posts.deleteFiltered.mutationOptions({
      onSuccess: async (result) => {
        setConfirmBulk(false);
        const skipped = result.skipped ?? 0;
        showSuccess(
          messages.common.success,
          skipped > 0
            ? `${text.deletedMany(result.deleted)} ${text.deletedSkipped(skipped)}`
            : text.deletedMany(result.deleted),
        );
        await refresh();
      },
      onError: (error) => {
        setConfirmBulk(false);
        showError(messages.common.error, requestStateText(error) ?? text.deleteError);
      },
    }),
  );

  const askDeleteFiltered = () => {
    // Spec §5: nothing to delete is said, not confirmed.
    if (total === 0) showWarning(messages.common.warning, text.nothingToDelete, { id: 'nothing-to-delete' });
    else setConfirmBulk(true);
  };

  const canWrite = useCan('posts.write');
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        {list.isPending ? (
          <Skeleton height={20} width={160} aria-label={text.countLoading} />
        ) : list.isError && !list.data ? (
          <span />
        ) : (
          <Text fw={600} aria-live="polite" data-testid="posts-count">
            {countLabel(total, scheduledTotal, filters.statuses)}
          </Text>
        )}
        <Group gap="xs" wrap="wrap">
          {canWrite && (
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setComposing(true)}>
              {messages.composer.open}
            </Button>
          )}
          <Button
            variant={filtersOpen ? 'light' : 'default'}
            leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
            onClick={() => setFiltersOpen((open) => !open)}
            aria-expanded={filtersOpen}
            aria-controls={filtersOpen ? panelId : undefined}
          >
            {text.filters}
            {activeCount > 0 && ` ${text.filtersActive(activeCount)}`}
          </Button>
          <SegmentedControl
            aria-label={text.viewMode}
            value={mode}
            onChange={(value) => changeMode(value as Mode)}
            data={[
              {
                value: 'list',
                label: (
                  <Group gap={6} wrap="nowrap">
                    <IconList size={16} aria-hidden />
                    <span>{text.listView}</span>
                  </Group>
                ),
              },
              {
                value: 'calendar',
                label: (
                  <Group gap={6} wrap="nowrap">
                    <IconCalendarMonth size={16} aria-hidden />
                    <span>{text.calendarView}</span>
                  </Group>
                ),
              },
            ]}
          />
          <ApprovalBoardLink />
          <CsvButtons filter={input} canImport={canWrite} />
          {canBulk && mode === 'list' && total > 0 && !selection.allFiltered && (
            <Button variant="default" onClick={selection.selectAllFiltered} disabled={list.isPending}>
              {bulkMessages.selectAllFiltered(total)}
            </Button>
          )}
          {canBulk && mode === 'calendar' && (
            <Button
              variant={calendarSelecting ? 'light' : 'default'}
              aria-pressed={calendarSelecting}
              onClick={() => {
                if (calendarSelecting) selection.clear();
                setCalendarSelecting(!calendarSelecting);
              }}
            >
              {bulkMessages.selectMode}
            </Button>
          )}
          {canWrite && (
            <Button
              color="red"
              variant="outline"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={askDeleteFiltered}
              disabled={list.isPending}
            >
              {text.deleteFiltered(total)}
            </Button>
          )}
        </Group>
      </Group>

      {filtersOpen && <PostFilters id={panelId} value={filters} onChange={changeFilters} />}

      {mode === 'list' ? (
        <PostList
          filters={input}
          timeZone={timeZone}
          onEdit={setEditing}
          label={messages.views['scheduled-posts'].title}
          emptyTitle={activeCount > 0 ? text.emptyFiltered : text.empty}
          emptyDescription={activeCount > 0 ? null : text.emptyDescription}
          selection={
            canBulk
              ? {
                  isSelected: selection.isSelected,
                  onToggle: (id, checked) => selection.toggle(id, checked, loadedIds),
                }
              : undefined
          }
        />
      ) : (
        <Suspense fallback={<ViewLoading />}>
          <CalendarBudget month={calendarMonth} />
          <PostCalendar
            timeZone={timeZone}
            onEdit={setEditing}
            onMonthChange={setCalendarMonth}
            dayBadge={budgetDayBadge}
            selection={
              canBulk && calendarSelecting
                ? {
                    isSelected: (id) => selection.ids.has(id),
                    onToggle: (id, checked) => selection.toggle(id, checked, calendarIds),
                    onPosts: onCalendarPosts,
                  }
                : undefined
            }
            {...(filters.themeId ? { themeId: filters.themeId } : {})}
            {...(filters.platform ? { platform: filters.platform } : {})}
          />
        </Suspense>
      )}

      {canBulk && (mode === 'list' || calendarSelecting) && (
        <BulkActionBar
          count={selectedCount}
          selection={
            mode === 'calendar'
              ? { ids: calendarSelected }
              : selection.allFiltered
                ? { filter: input }
                : { ids: [...selection.ids] }
          }
          actions={['approve', 'move', 'reschedule', 'queue', 'theme', 'delete']}
          selectAll={
            mode === 'calendar'
              ? {
                  total: calendarIds.length,
                  selected: calendarSelected.length === calendarIds.length,
                  onSelect: () => selection.selectIds(calendarIds),
                  label: bulkMessages.selectAllShown(calendarIds.length),
                }
              : { total, selected: selection.allFiltered, onSelect: selection.selectAllFiltered }
          }
          onClear={selection.clear}
        />
      )}

      <EditPostModal post={editing} timeZone={timeZone} onClose={() => setEditing(null)} />
      <ComposerModal opened={composing} timeZone={timeZone} onClose={() => setComposing(false)} />
      <ConfirmModal
        opened={confirmBulk}
        title={text.confirmDeleteFilteredTitle}
        message={text.confirmDeleteFiltered(total)}
        confirmLabel={text.deleteFilteredConfirm}
        loading={deleteFiltered.isPending}
        onConfirm={() => deleteFiltered.mutate(input)}
        onClose={() => setConfirmBulk(false)}
      />
    </Stack>
  );
}
