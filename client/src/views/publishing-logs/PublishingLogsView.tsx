import {
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { formatDateTime, isPlatform, messages, PLATFORM_LABELS, PLATFORMS, type Platform } from '@pauta/core';
import { IconAlertCircle, IconCalendar, IconFilterOff, IconListDetails } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { navigate, useSearch } from '../../app/navigation';
import { viewPath } from '../../app/view-paths';
import { PlatformIcon } from '../../components/PlatformIcon';
import { StateMessage } from '../../components/StateMessage';
import { useTRPC } from '../../lib/trpc';
import { type PublishingLog, personName } from '../admin/admin-api';
import { Pager } from '../admin/Pager';

const text = messages.admin.logs;
const clearLabel = { 'aria-label': messages.common.clear };

export interface LogFilters {
  status: 'success' | 'error' | null;
  platform: Platform | null;
  userId: string | null;
  range: [string | null, string | null];
}

const EMPTY: LogFilters = { status: null, platform: null, userId: null, range: [null, null] };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Filters and page live in the URL (`?status=error&platform=x&user=…&from=…&to=…&page=2`): a reload keeps them. */
export function logStateFromSearch(search: string): { filters: LogFilters; page: number } {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  const platform = params.get('platform');
  const user = params.get('user');
  const day = (name: string) => {
    const value = params.get(name);
    return value && DAY.test(value) ? value : null;
  };
  const page = Number(params.get('page'));
  return {
    filters: {
      status: status === 'success' || status === 'error' ? status : null,
      platform: platform && isPlatform(platform) ? platform : null,
      userId: user && UUID.test(user) ? user : null,
      range: [day('from'), day('to')],
    },
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function logStateToQuery(filters: LogFilters, page: number): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.status) query.status = filters.status;
  if (filters.platform) query.platform = filters.platform;
  if (filters.userId) query.user = filters.userId;
  const from = filters.range[0]?.slice(0, 10);
  const to = filters.range[1]?.slice(0, 10);
  if (from) query.from = from;
  if (to) query.to = to;
  if (page > 1) query.page = String(page);
  return query;
}

/** Logs de Publicação (spec §2.3, §7 call 11, §9): filters, 20 per page, at most 5 page buttons. */
export function PublishingLogsView() {
  const trpc = useTRPC();
  const { filters, page } = logStateFromSearch(useSearch());
  const go = (next: LogFilters, nextPage: number) =>
    navigate(viewPath('publishing-logs', logStateToQuery(next, nextPage)), { replace: true });
  const setPage = (nextPage: number) => go(filters, nextPage);
  const set = (patch: Partial<LogFilters>) => go({ ...filters, ...patch }, 1);
  const input = {
    page,
    status: filters.status,
    platform: filters.platform,
    userId: filters.userId,
    from: filters.range[0]?.slice(0, 10) ?? null,
    to: filters.range[1]?.slice(0, 10) ?? filters.range[0]?.slice(0, 10) ?? null,
  };
  const logs = useQuery({ ...trpc.admin.logs.list.queryOptions(input), placeholderData: keepPreviousData });
  const filtered = JSON.stringify(filters) !== JSON.stringify(EMPTY);

  let body: ReactNode;
  if (logs.isPending)
    body = (
      <Center py="xl" role="status" aria-label={messages.common.loading}>
        <Loader aria-hidden />
      </Center>
    );
  else if (logs.isError)
    body = (
      <StateMessage icon={IconAlertCircle} color="red" title={text.loadError} role="alert">
        <Button variant="light" onClick={() => void logs.refetch()}>
          {messages.common.tryAgain}
        </Button>
      </StateMessage>
    );
  else if (logs.data.items.length === 0)
    body = <StateMessage icon={IconListDetails} title={text.empty} role="status" />;
  else body = <LogList items={logs.data.items} timeZone={logs.data.timeZone} />;

  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="section" aria-label={text.filters}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <Select
            label={text.status}
            placeholder={text.allStatuses}
            data={[
              { value: 'success', label: text.statuses.success },
              { value: 'error', label: text.statuses.error },
            ]}
            value={filters.status}
            onChange={(value) => set({ status: value as LogFilters['status'] })}
            clearable
            clearButtonProps={clearLabel}
          />
          <Select
            label={text.platform}
            placeholder={text.allPlatforms}
            data={PLATFORMS.map((platform) => ({ value: platform, label: PLATFORM_LABELS[platform] }))}
            value={filters.platform}
            onChange={(value) => set({ platform: value as Platform | null })}
            clearable
            clearButtonProps={clearLabel}
          />
          <UserFilter value={filters.userId} onChange={(userId) => set({ userId })} />
          <DatePickerInput
            type="range"
            label={text.period}
            placeholder={text.periodPlaceholder}
            valueFormat="DD/MM/YYYY"
            value={filters.range}
            onChange={(range) => set({ range: range as [string | null, string | null] })}
            clearable
            clearButtonProps={clearLabel}
            allowSingleDateInRange
            leftSection={<IconCalendar size={16} aria-hidden />}
          />
        </SimpleGrid>
        {filtered && (
          <Group justify="flex-end" mt="sm">
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconFilterOff size={14} aria-hidden />}
              onClick={() => set(EMPTY)}
            >
              {text.clearFilters}
            </Button>
          </Group>
        )}
      </Paper>
      {logs.data && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {text.total(logs.data.total)}
        </Text>
      )}
      {body}
      {logs.data && (
        <Pager
          page={page}
          total={logs.data.total}
          pageSize={logs.data.pageSize}
          onChange={setPage}
          label={text.pagination}
          summary={text.pageOf}
        />
      )}
    </Stack>
  );
}

/** A searchable user picker fed by admin.users.list (search on the server). */
function UserFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (userId: string | null) => void;
}) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [selectedLabel, setSelectedLabel] = useState<string | null>(null);
  const users = useQuery({
    ...trpc.admin.users.list.queryOptions({ search: debounced || undefined, page: 1, limit: 20 }),
    placeholderData: keepPreviousData,
  });
  const options = (users.data?.items ?? []).map((user) => ({
    value: user.id,
    label: `${personName(user.firstName, user.lastName, user.email)} (${user.email})`,
  }));
  if (value && selectedLabel && !options.some((o) => o.value === value))
    options.push({ value, label: selectedLabel });
  return (
    <Select
      label={text.userFilter}
      placeholder={text.userFilterPlaceholder}
      data={options}
      value={value}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      onChange={(userId, option) => {
        setSelectedLabel(option?.label ?? null);
        onChange(userId);
      }}
      clearable
      clearButtonProps={clearLabel}
      nothingFoundMessage={messages.admin.users.empty}
    />
  );
}

function StatusBadge({ status }: { status: PublishingLog['status'] }) {
  return (
    <Badge
      color={status === 'success' ? 'green' : 'red'}
      variant="light"
      miw="fit-content"
      style={{ flexShrink: 0 }}
    >
      {text.statuses[status]}
    </Badge>
  );
}

function userLabel(log: PublishingLog) {
  if (!log.user)
    return (
      <Text size="sm" c="dimmed">
        {text.unknownUser}
      </Text>
    );
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="sm" fw={600}>
        {log.user.name ?? messages.admin.users.noName}
      </Text>
      <Text size="xs" c="dimmed" truncate="end" title={log.user.email}>
        {log.user.email}
      </Text>
    </div>
  );
}

function LogList({ items, timeZone }: { items: PublishingLog[]; timeZone: string }) {
  const when = (date: Date | null) => (date ? formatDateTime(date, timeZone) : text.none);
  const title = (log: PublishingLog) => (log.title === '' ? text.untitled : log.title);
  return (
    <>
      <Table.ScrollContainer minWidth={960} visibleFrom="md">
        <Table verticalSpacing="sm" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{text.status}</Table.Th>
              <Table.Th>{text.title}</Table.Th>
              <Table.Th>{text.user}</Table.Th>
              <Table.Th>{text.platform}</Table.Th>
              <Table.Th>
                {text.scheduledFor} / {text.attemptedAt}
              </Table.Th>
              <Table.Th>{text.errorMessage}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((log) => (
              <Table.Tr key={log.id}>
                <Table.Td miw={120} style={{ whiteSpace: 'nowrap' }}>
                  <StatusBadge status={log.status} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {title(log)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {text.attempt(log.attempt)}
                  </Text>
                </Table.Td>
                <Table.Td maw={220}>{userLabel(log)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Group gap={6} wrap="nowrap">
                    <PlatformIcon platform={log.platform} size={16} />
                    <Text size="sm">{PLATFORM_LABELS[log.platform]}</Text>
                  </Group>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{when(log.scheduledFor)}</Text>
                  <Text size="xs" c="dimmed">
                    {when(log.attemptedAt)}
                  </Text>
                </Table.Td>
                <Table.Td miw={200} maw={300}>
                  {log.errorMessage ? (
                    <>
                      <Text size="sm" c="red.8">
                        {log.errorMessage}
                      </Text>
                      {log.errorLocation && (
                        <Text size="xs" c="dimmed">
                          {text.errorLocation}: {log.errorLocation}
                        </Text>
                      )}
                    </>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {text.none}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="md">
        {items.map((log) => (
          <Card key={log.id} withBorder component="article" aria-label={title(log)}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {title(log)}
                </Text>
                <StatusBadge status={log.status} />
              </Group>
              {userLabel(log)}
              <Group gap={6}>
                <PlatformIcon platform={log.platform} size={16} />
                <Text size="sm">{PLATFORM_LABELS[log.platform]}</Text>
              </Group>
              <Text size="xs" c="dimmed">
                {text.scheduledFor}: {when(log.scheduledFor)} · {text.attemptedAt}: {when(log.attemptedAt)}
              </Text>
              {log.errorMessage && (
                <Text size="sm" c="red.8">
                  {log.errorMessage}
                  {log.errorLocation && ` (${log.errorLocation})`}
                </Text>
              )}
            </Stack>
          </Card>
        ))}
      </Stack>
    </>
  );
}
