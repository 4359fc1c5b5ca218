// "Fila de publicação" (issue 30 item 2; docs/posting-queue.md): per connected account, its weekly
// slots in the workspace's zone (add, remove, create from the best times) and its next slot times,
// each with the post that fills it or "Horário livre"; a queued post is dragged onto another queued
// post's slot, or moved up and down with the buttons (the keyboard's way): one server call, shown at
// once and rolled back if the server refuses. Every member who reads the workspace sees it; Proprietários and Editores
// change it; the zone is the owner's to change. Live events refresh it (client/src/live).
import { ActionIcon, Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  formatLongDate,
  formatTime,
  messages,
  PLATFORM_LABELS,
  type Platform,
  postingQueueMessages,
  slotLabel,
  utcToZonedParts,
  WEEKDAY_NAMES,
} from '@pauta/core';
import type { AppRouter } from '@pauta/server';
import {
  IconArrowDown,
  IconArrowUp,
  IconGripVertical,
  IconPlus,
  IconSparkles,
  IconStack2,
  IconX,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { type DragEvent, type FormEvent, useMemo, useState } from 'react';
import { useCan } from '../../app/permissions';
import { ReadOnlyNotice } from '../../components/common/ReadOnlyNotice';
import { PlatformIcon } from '../../components/PlatformIcon';
import { QueryState } from '../../components/QueryState';
import { StateMessage } from '../../components/StateMessage';
import { useGuardedMutation } from '../../lib/actions';
import { describeError } from '../../lib/errors';
import { showErrorText, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

const text = postingQueueMessages;
type Board = inferRouterOutputs<AppRouter>['postingQueue']['board'];
type QueueAccount = Board['accounts'][number];

/** The drag's data type: a queued post's id, only between the entries of one account. */
const DRAG_TYPE = 'application/x-pauta-queue-post';

/**
 * The queue's order after `postId` is dropped on `targetId`'s slot: it takes that slot and the posts
 * between shift by one (the slot times stay, reorderQueue gives them out in the new order).
 */
function movedOrder(order: readonly string[], postId: string, targetId: string): string[] | null {
  const from = order.indexOf(postId);
  const to = order.indexOf(targetId);
  if (from < 0 || to < 0 || from === to) return null;
  const ids = order.filter((id) => id !== postId);
  ids.splice(to, 0, postId);
  return ids;
}

export function PostingQueueView() {
  const trpc = useTRPC();
  const canWrite = useCan('posts.write');
  const board = useQuery(trpc.postingQueue.board.queryOptions());
  return (
    <Stack gap="lg">
      {!canWrite && <ReadOnlyNotice>{text.readOnly}</ReadOnlyNotice>}
      <QueryState
        query={board}
        errorTitle={text.loadError}
        isEmpty={(data) => data.accounts.length === 0}
        empty={<StateMessage icon={IconStack2} title={text.noAccountsTitle} description={text.noAccounts} />}
      >
        {(data) => (
          <Stack gap="lg">
            <TimeZoneField timeZone={data.timeZone} />
            {data.accounts.map((account) => (
              <AccountQueue
                key={account.accountId}
                account={account}
                timeZone={data.timeZone}
                canWrite={canWrite}
              />
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

function supportedZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(current) ? all : [current, ...all];
}

function TimeZoneField({ timeZone }: { timeZone: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canChange = useCan('workspace.settings');
  const zones = useMemo(() => supportedZones(timeZone), [timeZone]);
  const save = useGuardedMutation(
    trpc.postingQueue.setTimeZone.mutationOptions({
      onSuccess: () => {
        showSuccess(messages.common.success, text.timeZoneSaved);
        void queryClient.invalidateQueries(trpc.postingQueue.pathFilter());
      },
      onError: (error) => showErrorText(describeError(error)),
    }),
  );
  return (
    <Select
      label={text.timeZoneLabel}
      description={text.timeZoneHint}
      data={zones}
      value={timeZone}
      searchable
      allowDeselect={false}
      disabled={!canChange || save.isPending}
      onChange={(value) => value && value !== timeZone && save.mutate({ timeZone: value })}
      maw={420}
    />
  );
}

function AccountQueue({
  account,
  timeZone,
  canWrite,
}: {
  account: QueueAccount;
  timeZone: string;
  canWrite: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries(trpc.postingQueue.pathFilter());
  const onError = (error: unknown) => {
    showErrorText(describeError(error));
    refresh();
  };
  const slotSaved = {
    onSuccess: () => {
      showSuccess(messages.common.success, text.slotsSaved);
      refresh();
    },
    onError,
  };
  const addSlot = useGuardedMutation(trpc.postingQueue.addSlot.mutationOptions(slotSaved));
  const removeSlot = useGuardedMutation(trpc.postingQueue.removeSlot.mutationOptions(slotSaved));
  const fromBest = useGuardedMutation(
    trpc.postingQueue.slotsFromBestTimes.mutationOptions({
      onSuccess: (result) => {
        showSuccess(messages.common.success, text.fromBestTimesDone(result.added.length));
        refresh();
      },
      onError,
    }),
  );
  // The order shown while the server works on it (optimistic); null: the server's.
  const [pendingOrder, setPendingOrder] = useState<string[] | null>(null);
  const reorder = useGuardedMutation(
    trpc.postingQueue.reorder.mutationOptions({
      onSuccess: async () => {
        showSuccess(messages.common.success, text.reordered);
        void queryClient.invalidateQueries(trpc.posts.pathFilter());
        await queryClient.invalidateQueries(trpc.postingQueue.pathFilter());
        setPendingOrder(null);
      },
      onError: (error) => {
        setPendingOrder(null);
        onError(error);
      },
    }),
  );
  const busy = addSlot.isPending || removeSlot.isPending || fromBest.isPending || reorder.isPending;
  const network = PLATFORM_LABELS[account.platform as Platform];
  const titleId = `fila-${account.accountId}`;
  const queued = account.queuedPostIds;
  const order = pendingOrder ?? queued;
  const postsById = new Map(
    account.upcoming.flatMap((entry) => (entry.post ? [[entry.post.id, entry.post]] : [])),
  );
  const send = (ids: string[]) => {
    setPendingOrder(ids);
    reorder.mutate({ accountId: account.accountId, postIds: ids });
  };
  const move = (postId: string, step: -1 | 1) => {
    const ids = [...order];
    const index = ids.indexOf(postId);
    const other = ids[index + step];
    if (index < 0 || other === undefined) return;
    [ids[index], ids[index + step]] = [other, postId];
    send(ids);
  };
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const canDrag = canWrite && !busy;
  const dragStart = (postId: string, event: DragEvent<HTMLElement>) => {
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData(DRAG_TYPE, postId);
    event.dataTransfer.setData('text/plain', postId);
    setDragging(postId);
  };
  const dragEnd = () => {
    setDragging(null);
    setOver(null);
  };
  const dragOver = (targetId: string, event: DragEvent<HTMLElement>) => {
    // Only a post of this account's queue, dragged from this list, may land here.
    if (dragging === null || dragging === targetId) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (over !== targetId) setOver(targetId);
  };
  const drop = (targetId: string, event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    const postId = dragging;
    dragEnd();
    if (postId === null) return;
    const ids = movedOrder(order, postId, targetId);
    if (ids) send(ids);
  };

  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="section"
      aria-labelledby={titleId}
      data-testid="queue-account"
    >
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <PlatformIcon platform={account.platform as Platform} size={20} />
          <Title order={2} size="h3" id={titleId}>
            {network}
          </Title>
          <Text c="dimmed" size="sm" truncate>
            {account.accountName}
          </Text>
        </Group>

        <Stack gap="xs">
          <Title order={3} size="h5">
            {text.slotsTitle}
          </Title>
          {account.slots.length === 0 ? (
            <Text size="sm" c="dimmed">
              {text.noSlots}
            </Text>
          ) : (
            <Group gap="xs" data-testid="queue-slots">
              {account.slots.map((slot) => (
                <Badge
                  key={`${slot.weekday}-${slot.minute}`}
                  variant="light"
                  size="lg"
                  tt="none"
                  rightSection={
                    canWrite ? (
                      <ActionIcon
                        size="xs"
                        variant="transparent"
                        color="gray"
                        aria-label={text.removeSlot(slot.weekday, slot.minute)}
                        disabled={busy}
                        onClick={() => removeSlot.mutate({ accountId: account.accountId, ...slot })}
                      >
                        <IconX size={14} aria-hidden />
                      </ActionIcon>
                    ) : undefined
                  }
                >
                  {slotLabel(slot.weekday, slot.minute)}
                </Badge>
              ))}
            </Group>
          )}
          {canWrite && (
            <Group gap="sm" align="flex-end">
              <AddSlotForm
                account={account}
                disabled={busy}
                onAdd={(slot) => addSlot.mutate({ accountId: account.accountId, ...slot })}
              />
              <Button
                variant="light"
                h="auto"
                mih={36}
                py={6}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                leftSection={<IconSparkles size={16} aria-hidden />}
                loading={fromBest.isPending}
                disabled={busy}
                onClick={() => fromBest.mutate({ accountId: account.accountId })}
              >
                {text.fromBestTimes}
              </Button>
            </Group>
          )}
        </Stack>

        {account.upcoming.length > 0 && (
          <Stack gap="xs">
            <Title order={3} size="h5">
              {text.upcomingTitle}
            </Title>
            {canWrite && queued.length > 1 && (
              <Text size="xs" c="dimmed">
                {text.dragHint}
              </Text>
            )}
            <Stack
              gap={6}
              component="ol"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
              data-testid="queue-upcoming"
            >
              {account.upcoming.map((entry) => {
                const when = `${WEEKDAY_NAMES[utcToZonedParts(entry.at, timeZone).weekday]}, ${formatLongDate(entry.at, timeZone)}, ${formatTime(entry.at, timeZone)}`;
                // A queued slot shows the post the (pending) order gives it: the k-th queued post
                // keeps the k-th queued time, whatever order the posts are in.
                const slotIndex = entry.post ? queued.indexOf(entry.post.id) : -1;
                const post =
                  slotIndex >= 0 ? (postsById.get(order[slotIndex] ?? '') ?? entry.post) : entry.post;
                const index = post ? order.indexOf(post.id) : -1;
                const draggable = post !== null && index >= 0 && canDrag;
                const target = post !== null && index >= 0 && dragging !== null && dragging !== post.id;
                return (
                  <Card
                    key={entry.at.toISOString()}
                    component="li"
                    withBorder
                    padding="xs"
                    radius="sm"
                    data-testid="queue-entry"
                    data-drop-target={target && over === post?.id ? 'true' : undefined}
                    draggable={draggable}
                    title={draggable ? text.dragLabel(post.title) : undefined}
                    onDragStart={draggable ? (event) => dragStart(post.id, event) : undefined}
                    onDragEnd={draggable ? dragEnd : undefined}
                    onDragOver={post && index >= 0 ? (event) => dragOver(post.id, event) : undefined}
                    onDragLeave={post && over === post.id ? () => setOver(null) : undefined}
                    onDrop={post && index >= 0 ? (event) => drop(post.id, event) : undefined}
                    style={{
                      ...(post ? { borderLeft: `4px solid ${post.themeColor}` } : { borderStyle: 'dashed' }),
                      ...(draggable ? { cursor: 'grab' } : {}),
                      ...(dragging === post?.id ? { opacity: 0.5 } : {}),
                      ...(target && over === post?.id
                        ? { outline: '2px dashed var(--mantine-primary-color-filled)', outlineOffset: 2 }
                        : {}),
                    }}
                  >
                    <Group justify="space-between" wrap="nowrap" gap="sm">
                      {draggable && (
                        <IconGripVertical
                          size={16}
                          aria-hidden
                          style={{ flexShrink: 0, color: 'var(--mantine-color-dimmed)' }}
                        />
                      )}
                      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                        <Text size="xs" c="dimmed" fw={600}>
                          {when}
                        </Text>
                        {post ? (
                          <Text size="sm" fw={500} truncate data-testid="queue-entry-title">
                            {post.title}
                          </Text>
                        ) : (
                          <Text size="sm" c="dimmed" fs="italic">
                            {text.emptySlot}
                          </Text>
                        )}
                        {post && !post.queued && (
                          <Text size="xs" c="dimmed">
                            {text.manualBadge}
                          </Text>
                        )}
                      </Stack>
                      {post && index >= 0 && canWrite && (
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon
                            variant="default"
                            aria-label={text.moveUp(post.title)}
                            disabled={busy || index === 0}
                            onClick={() => move(post.id, -1)}
                          >
                            <IconArrowUp size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            variant="default"
                            aria-label={text.moveDown(post.title)}
                            disabled={busy || index === order.length - 1}
                            onClick={() => move(post.id, 1)}
                          >
                            <IconArrowDown size={16} aria-hidden />
                          </ActionIcon>
                        </Group>
                      )}
                    </Group>
                  </Card>
                );
              })}
            </Stack>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

const WEEKDAY_OPTIONS = [1, 2, 3, 4, 5, 6, 0].map((weekday) => ({
  value: String(weekday),
  label: WEEKDAY_NAMES[weekday] ?? '',
}));

function AddSlotForm({
  account,
  disabled,
  onAdd,
}: {
  account: QueueAccount;
  disabled: boolean;
  onAdd: (slot: { weekday: number; minute: number }) => void;
}) {
  const [weekday, setWeekday] = useState('1');
  const [time, setTime] = useState('10:00');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const match = /^(\d{2}):(\d{2})$/.exec(time);
    const hour = match ? Number(match[1]) : Number.NaN;
    const minutes = match ? Number(match[2]) : Number.NaN;
    if (!match || hour > 23 || minutes > 59) {
      setError(text.invalidTime);
      return;
    }
    const slot = { weekday: Number(weekday), minute: hour * 60 + minutes };
    if (account.slots.some((s) => s.weekday === slot.weekday && s.minute === slot.minute)) {
      setError(text.slotExists);
      return;
    }
    setError(null);
    onAdd(slot);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group gap="sm" align="flex-start">
        <Select
          label={text.weekdayLabel}
          data={WEEKDAY_OPTIONS}
          value={weekday}
          onChange={(value) => value && setWeekday(value)}
          allowDeselect={false}
          w={150}
        />
        <TextInput
          label={text.timeLabel}
          type="time"
          value={time}
          onChange={(event) => setTime(event.currentTarget.value)}
          error={error}
          w={130}
        />
        <Button type="submit" mt={25} leftSection={<IconPlus size={16} aria-hidden />} disabled={disabled}>
          {text.addSlot}
        </Button>
      </Group>
    </form>
  );
}
