import { Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { messages, PLATFORM_LABELS, PLATFORMS, type Platform } from '@pauta/core';
import { IconCalendar, IconFilterOff, IconListDetails } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { navigate, useSearch } from '../../app/navigation';
import { viewPath } from '../../app/view-paths';
import { QueryState } from '../../components/QueryState';
import { StateMessage } from '../../components/StateMessage';
import { useTRPC } from '../../lib/trpc';
import { Pager } from '../admin/Pager';
import { LogList } from './LogList';
import {
  EMPTY_LOG_FILTERS,
  type LogFilters,
  logStateFromSearch,
  logStateToQuery,
  logsInput,
} from './log-filters';
import { UserFilter } from './UserFilter';

export { type LogFilters, logStateFromSearch, logStateToQuery } from './log-filters';

const text = messages.admin.logs;
const clearLabel = { 'aria-label': messages.common.clear };

/** The filters and page of the URL, the logs they select, and the ways to change them. */
function usePublishingLogs() {
  const trpc = useTRPC();
  const { filters, page } = logStateFromSearch(useSearch());
  const go = (next: LogFilters, nextPage: number) =>
    navigate(viewPath('publishing-logs', logStateToQuery(next, nextPage)), { replace: true });
  const logs = useQuery({
    ...trpc.admin.logs.list.queryOptions(logsInput(filters, page)),
    placeholderData: keepPreviousData,
  });
  return {
    filters,
    page,
    logs,
    setPage: (nextPage: number) => go(filters, nextPage),
    setFilters: (patch: Partial<LogFilters>) => go({ ...filters, ...patch }, 1),
  };
}

/** Logs de Publicação (spec §2.3, §7 call 11, §9): filters, 20 per page, at most 5 page buttons. */
export function PublishingLogsView() {
  const { filters, page, logs, setPage, setFilters } = usePublishingLogs();
  return (
    <Stack gap="md">
      <LogFilterPanel filters={filters} onChange={setFilters} />
      {logs.data && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {text.total(logs.data.total)}
        </Text>
      )}
      <QueryState
        query={logs}
        errorTitle={text.loadError}
        isEmpty={(data) => data.items.length === 0}
        empty={<StateMessage icon={IconListDetails} title={text.empty} role="status" />}
      >
        {(data) => <LogList items={data.items} timeZone={data.timeZone} />}
      </QueryState>
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

interface LogFilterPanelProps {
  filters: LogFilters;
  onChange: (patch: Partial<LogFilters>) => void;
}

function LogFilterPanel({ filters, onChange: set }: LogFilterPanelProps) {
  const filtered = JSON.stringify(filters) !== JSON.stringify(EMPTY_LOG_FILTERS);
  return (
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
            onClick={() => set(EMPTY_LOG_FILTERS)}
          >
            {text.clearFilters}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
