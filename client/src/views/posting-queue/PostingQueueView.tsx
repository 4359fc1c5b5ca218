// "Fila de publicação" (issue 30 item 2; docs/posting-queue.md): per connected account, its weekly
// slots in the workspace's zone (add, remove, create from the best times) and its next slot times,
// each with the post that fills it or "Horário livre"; queued posts move up and down (one server
// call, posts swap slots). Every member who reads the workspace sees it; Proprietários and Editores
// change it; the zone is the owner's to change. Live events refresh it (client/src/live).
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
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
  IconLock,
  IconPlus,
  IconSparkles,
  IconStack2,
  IconX,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { type FormEvent, useMemo, useState } from 'react';
import { useCan } from '../../app/permissions';
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

export function PostingQueueView() {
  const trpc = useTRPC();
  const canWrite = useCan('posts.write');
  const board = useQuery(trpc.postingQueue.board.queryOptions());
  return (
    <Stack gap="lg">
      {!canWrite && (
        <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />}>
          {text.readOnly}
        </Alert>
      )}
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
  const reorder = useGuardedMutation(
    trpc.postingQueue.reorder.mutationOptions({
      onSuccess: () => {
        showSuccess(messages.common.success, text.reordered);
        refresh();
        void queryClient.invalidateQueries(trpc.posts.pathFilter());
      },
      onError,
    }),
  );
  const busy = addSlot.isPending || removeSlot.isPending || fromBest.isPending || reorder.isPending;
  const network = PLATFORM_LABELS[account.platform as Platform];
  const titleId = `fila-${account.accountId}`;
  const queued = account.queuedPostIds;
  const move = (postId: string, step: -1 | 1) => {
    const ids = [...queued];
    const index = ids.indexOf(postId);
    const other = ids[index + step];
    if (index < 0 || other === undefined) return;
    [ids[index], ids[index + step]] = [other, postId];
    reorder.mutate({ accountId: account.accountId, postIds: ids });
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
            <Stack
              gap={6}
              component="ol"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
              data-testid="queue-upcoming"
            >
              {account.upcoming.map((entry) => {
                const when = `${WEEKDAY_NAMES[utcToZonedParts(entry.at, timeZone).weekday]}, ${formatLongDate(entry.at, timeZone)}, ${formatTime(entry.at, timeZone)}`;
                const post = entry.post;
                const index = post ? queued.indexOf(post.id) : -1;
                return (
                  <Card
                    key={entry.at.toISOString()}
                    component="li"
                    withBorder
                    padding="xs"
                    radius="sm"
                    data-testid="queue-entry"
                    style={post ? { borderLeft: `4px solid ${post.themeColor}` } : { borderStyle: 'dashed' }}
                  >
                    <Group justify="space-between" wrap="nowrap" gap="sm">
                      <Stack gap={2} style={{ minWidth: 0 }}>
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
                            disabled={busy || index === queued.length - 1}
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
