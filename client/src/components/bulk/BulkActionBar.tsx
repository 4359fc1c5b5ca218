// The sticky bar of bulk actions (issue 30 item 3; docs/bulk-actions.md): the count, "Selecionar
// todos os N filtrados", the actions the person's role allows, a confirmation naming the count, one
// idempotent call (posts.bulk) with the buttons disabled while it runs, and a result toast with
// "Desfazer" when the action can be undone.
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import {
  APPROVAL_STAGE_LABELS,
  APPROVAL_STAGES,
  type ApprovalStage,
  BULK_MAX_POSTS,
  bulkSkippedText,
  can,
  messages,
  bulkMessages as text,
  type WorkspaceAction,
} from '@pauta/core';
import type { AppRouter } from '@pauta/server';
import {
  IconArrowsExchange,
  IconCalendarTime,
  IconChecks,
  IconFolder,
  IconStackPush,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { useWorkspaceRole } from '../../app/permissions';
import { useSingleFlight } from '../../lib/actions';
import { errorCodeOf, errorDetails, requestStateText } from '../../lib/errors';
import { showError, showSuccess, showWarning } from '../../lib/toast';
import { type TrpcClient, useTRPC, useTRPCClient } from '../../lib/trpc';
import classes from './BulkActionBar.module.css';

type BulkInput = inferRouterInputs<AppRouter>['posts']['bulk'];
type BulkResult = inferRouterOutputs<AppRouter>['posts']['bulk'];
export type BulkActionKind = BulkInput['action']['kind'];
type Unit = 'minutes' | 'hours' | 'days';
const UNIT_MINUTES: Record<Unit, number> = { minutes: 1, hours: 60, days: 1440 };

/** The permission each action needs (the server checks the same table). */
const PERMISSION: Record<BulkActionKind, WorkspaceAction> = {
  approve: 'approval.approve',
  move: 'approval.move',
  reschedule: 'posts.write',
  theme: 'posts.write',
  delete: 'posts.write',
  queue: 'posts.write',
};

const ICONS = {
  approve: IconChecks,
  move: IconArrowsExchange,
  reschedule: IconCalendarTime,
  theme: IconFolder,
  delete: IconTrash,
  queue: IconStackPush,
} as const;

export interface BulkActionBarProps {
  /** How many posts the selection holds (the filter's total when "all filtered"). */
  count: number;
  /** What is sent: the ticked ids, or the filter (all filtered). */
  selection: Pick<BulkInput, 'ids' | 'filter'>;
  /** The actions this screen offers (those the role refuses are not shown). */
  actions: readonly BulkActionKind[];
  /** "Selecionar todos os N filtrados": absent when the screen has no filter to select. */
  selectAll?: { total: number; selected: boolean; onSelect: () => void; label?: string } | undefined;
  onClear: () => void;
}

/** Refetches every screen that shows posts (the live event does the same for other tabs). */
async function refreshAll(queryClient: QueryClient, trpc: ReturnType<typeof useTRPC>) {
  await Promise.all([
    queryClient.invalidateQueries(trpc.posts.pathFilter()),
    queryClient.invalidateQueries(trpc.approval.pathFilter()),
    queryClient.invalidateQueries(trpc.themes.list.queryFilter()),
    queryClient.invalidateQueries(trpc.dashboard.pathFilter()),
  ]);
}

function resultText(result: { changed: number; skipped: BulkResult['skipped'] }, deleted: boolean): string {
  const changed = deleted ? text.deleted(result.changed) : text.changed(result.changed);
  const skipped = bulkSkippedText(result.skipped);
  return skipped ? `${changed}. ${skipped}` : `${changed}.`;
}

/** "Desfazer" inside the result toast: one click, one undo (the button waits for the answer). */
function UndoButton({ onUndo }: { onUndo: () => Promise<void> }) {
  const [run, pending] = useSingleFlight(onUndo);
  const [done, setDone] = useState(false);
  return (
    <Button
      size="compact-sm"
      variant="light"
      mt={6}
      loading={pending}
      disabled={pending || done}
      onClick={() => void run().then(() => setDone(true))}
    >
      {text.undo}
    </Button>
  );
}

function undoFor(token: string, client: TrpcClient, refresh: () => Promise<void>) {
  return async () => {
    try {
      const result = await client.posts.bulkUndo.mutate({ token });
      if (result.state === 'already_undone') showWarning(messages.common.warning, text.alreadyUndone);
      else if (result.state === 'expired') showWarning(messages.common.warning, text.undoExpired);
      else {
        const skipped = bulkSkippedText(result.skipped);
        showSuccess(
          messages.common.success,
          skipped ? `${text.undone(result.restored)}. ${skipped}` : `${text.undone(result.restored)}.`,
          { id: 'bulk-result' },
        );
      }
    } catch (error) {
      showError(messages.common.error, requestStateText(error) ?? messages.common.error);
    }
    await refresh();
  };
}

export function BulkActionBar({ count, selection, actions, selectAll, onClear }: BulkActionBarProps) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const role = useWorkspaceRole();
  const allowed = actions.filter((action) => can(role, PERMISSION[action]));
  const canApprove = can(role, 'approval.approve');
  const [open, setOpen] = useState<BulkActionKind | null>(null);
  const [stage, setStage] = useState<ApprovalStage>('review');
  const [amount, setAmount] = useState<number | string>(1);
  const [unit, setUnit] = useState<Unit>('days');
  const [themeId, setThemeId] = useState<string | null>(null);
  const [overBudget, setOverBudget] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const themes = useQuery({ ...trpc.themes.list.queryOptions(), enabled: open === 'theme' });
  const refresh = () => refreshAll(queryClient, trpc);

  const offset = typeof amount === 'number' ? Math.round(amount) : Number.NaN;
  const tooMany = count > BULK_MAX_POSTS;
  const theme = themes.data?.find((t) => t.id === themeId);

  const title = (kind: BulkActionKind): string => {
    switch (kind) {
      case 'approve':
        return text.confirmApprove(count);
      case 'move':
        return text.confirmMove(count, APPROVAL_STAGE_LABELS[stage]);
      case 'reschedule':
        return text.confirmReschedule(
          count,
          Number.isFinite(offset) && offset !== 0 ? text.offsetText(offset, unit) : '…',
        );
      case 'theme':
        return text.confirmTheme(count, theme?.name ?? '…');
      case 'delete':
        return text.confirmDelete(count);
      case 'queue':
        return text.confirmQueue(count);
    }
  };

  const actionInput = (kind: BulkActionKind, confirmOverBudget: boolean): BulkInput['action'] | null => {
    switch (kind) {
      case 'approve':
        return { kind };
      case 'move':
        return { kind, to: stage };
      case 'reschedule':
        if (!Number.isFinite(offset) || offset === 0) return null;
        return {
          kind,
          offsetMinutes: offset * UNIT_MINUTES[unit],
          ...(confirmOverBudget ? { confirmOverBudget: true } : {}),
        };
      case 'theme':
        return themeId ? { kind, themeId } : null;
      case 'delete':
        return { kind };
      case 'queue':
        return { kind, ...(confirmOverBudget ? { confirmOverBudget: true } : {}) };
    }
  };

  const close = () => {
    setOpen(null);
    setOverBudget(false);
    setFailure(null);
  };

  const [apply, applying] = useSingleFlight(async () => {
    if (!open) return;
    const action = actionInput(open, overBudget);
    if (!action) return;
    setFailure(null);
    try {
      const result = await client.posts.bulk.mutate({ ...selection, action });
      close();
      onClear();
      await refresh();
      if (result.changed === 0) {
        showWarning(
          messages.common.warning,
          `${text.nothingChanged} ${bulkSkippedText(result.skipped) ?? ''}`,
          {
            id: 'bulk-result',
          },
        );
        return;
      }
      const summary = resultText(result, result.action === 'delete');
      const token = result.undoToken;
      showSuccess(
        messages.common.success,
        token ? (
          <>
            <span>{summary}</span>
            <br />
            <UndoButton onUndo={undoFor(token, client, refresh)} />
          </>
        ) : (
          summary
        ),
        { id: 'bulk-result', autoClose: token ? 15_000 : 6000 },
      );
    } catch (error) {
      if (errorCodeOf(error) === 'BUDGET_EXCEEDED') setOverBudget(true);
      else if (errorDetails(error, 'VALIDATION_FAILED')?.field === 'selection' || tooMany)
        setFailure(text.tooMany(BULK_MAX_POSTS));
      else setFailure(requestStateText(error) ?? messages.common.error);
    }
  });

  if (count === 0) return null;
  const ready = open ? actionInput(open, overBudget) !== null : false;

  return (
    <>
      <section className={classes.bar} aria-label={text.bar} data-testid="bulk-bar">
        <Stack gap={6}>
          <Group gap="xs" wrap="wrap" justify="space-between">
            <Text className={classes.count} aria-live="polite" data-testid="bulk-count">
              {text.selected(count)}
            </Text>
            <Group gap="xs" wrap="wrap">
              {selectAll && !selectAll.selected && selectAll.total > count && (
                <Button size="compact-sm" variant="subtle" onClick={selectAll.onSelect}>
                  {selectAll.label ?? text.selectAllFiltered(selectAll.total)}
                </Button>
              )}
              <Button
                size="compact-sm"
                variant="subtle"
                color="gray"
                leftSection={<IconX size={14} aria-hidden />}
                onClick={onClear}
                disabled={applying}
              >
                {text.clear}
              </Button>
            </Group>
          </Group>
          {tooMany && (
            <Text size="sm" c="red" role="alert">
              {text.tooMany(BULK_MAX_POSTS)}
            </Text>
          )}
          <Group gap="xs" wrap="wrap">
            {allowed.map((kind) => {
              const Icon = ICONS[kind];
              return (
                <Button
                  key={kind}
                  size="sm"
                  variant={kind === 'delete' ? 'outline' : kind === 'approve' ? 'filled' : 'light'}
                  color={kind === 'delete' ? 'red' : undefined}
                  leftSection={<Icon size={16} aria-hidden />}
                  disabled={applying || tooMany}
                  onClick={() => setOpen(kind)}
                >
                  {text[kind]}
                </Button>
              );
            })}
          </Group>
        </Stack>
      </section>

      <Modal
        opened={open !== null}
        onClose={() => {
          if (!applying) close();
        }}
        title={open ? title(open) : ''}
        centered
        closeButtonProps={{ 'aria-label': messages.common.close }}
      >
        <Stack gap="md">
          {open === 'move' && (
            <Select
              label={text.stageLabel}
              data={APPROVAL_STAGES.filter((s) => canApprove || s !== 'approved').map((s) => ({
                value: s,
                label: APPROVAL_STAGE_LABELS[s],
              }))}
              value={stage}
              onChange={(value) => value && setStage(value as ApprovalStage)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {open === 'reschedule' && (
            <Group grow align="flex-end" gap="sm">
              <NumberInput
                label={text.offsetLabel}
                value={amount}
                onChange={(value) => {
                  setAmount(value);
                  setOverBudget(false);
                }}
                allowDecimal={false}
              />
              <Select
                label={text.offsetUnit}
                data={(Object.keys(UNIT_MINUTES) as Unit[]).map((u) => ({ value: u, label: text.units[u] }))}
                value={unit}
                onChange={(value) => value && setUnit(value as Unit)}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
            </Group>
          )}
          {open === 'theme' && (
            <Select
              label={text.themeLabel}
              data={(themes.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
              value={themeId}
              onChange={setThemeId}
              searchable
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {open === 'approve' && <Text size="sm">{text.approveNote}</Text>}
          {open === 'queue' && <Text size="sm">{text.queueNote}</Text>}
          <Text size="sm" c="dimmed">
            {open === 'delete' ? text.notUndoable : text.undoable}
          </Text>
          {overBudget && (
            <Alert color="yellow" role="alert">
              {text.overBudget}
            </Alert>
          )}
          {failure && (
            <Text size="sm" c="red" role="alert">
              {failure}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={applying}>
              {text.cancel}
            </Button>
            <Button
              color={open === 'delete' ? 'red' : undefined}
              onClick={() => void apply()}
              loading={applying}
              disabled={!ready || applying}
              data-autofocus
            >
              {applying ? text.running : overBudget ? text.overBudgetConfirm : text.confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
