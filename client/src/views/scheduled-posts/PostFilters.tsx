import { Button, Group, MultiSelect, Paper, Select, SimpleGrid } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { Platform, PostStatus } from '@pauta/core';
import { messages, PLATFORM_LABELS, POST_STATUS_LABELS, POST_STATUSES } from '@pauta/core';
import { IconCalendar, IconFilterOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import type { FilterState } from './filters';
import { activeFilterCount, EMPTY_FILTERS, FILTER_PLATFORMS } from './filters';

const text = messages.posts;

interface PostFiltersProps {
  id: string;
  value: FilterState;
  onChange: (next: FilterState) => void;
}

const clearLabel = { 'aria-label': messages.common.clear };

/**
 * The user's themes as options; a theme from the URL stays selectable while the list loads (or
 * if it was deleted).
 */
function useThemeOptions(themeId: string | null) {
  const trpc = useTRPC();
  const themes = useQuery(trpc.themes.list.queryOptions());
  const options = (themes.data ?? []).map((theme) => ({ value: theme.id, label: theme.name }));
  if (themeId && !options.some((option) => option.value === themeId))
    options.push({ value: themeId, label: themes.isPending ? messages.common.loading : themeId });
  return options;
}

const dateProps = {
  valueFormat: 'DD/MM/YYYY',
  clearable: true,
  clearButtonProps: clearLabel,
  leftSection: <IconCalendar size={16} aria-hidden />,
  placeholder: text.pickDate,
} as const;

/**
 * Theme, platform, status and the scheduled / created date ranges. Every select is clearable:
 * "all" is the empty selection, never an option with an empty value (spec §5).
 */
export function PostFilters({ id, value, onChange }: PostFiltersProps) {
  const themeOptions = useThemeOptions(value.themeId);
  const set = (patch: Partial<FilterState>) => onChange({ ...value, ...patch });

  return (
    <Paper withBorder p="md" id={id} component="section" aria-label={text.filters}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        <Select
          label={text.filterTheme}
          placeholder={text.allThemes}
          data={themeOptions}
          value={value.themeId}
          onChange={(themeId) => set({ themeId })}
          clearable
          clearButtonProps={clearLabel}
          searchable
          nothingFoundMessage={messages.themes.empty}
        />
        <Select
          label={text.filterPlatform}
          placeholder={text.allPlatforms}
          data={FILTER_PLATFORMS.map((platform) => ({ value: platform, label: PLATFORM_LABELS[platform] }))}
          value={value.platform}
          onChange={(platform) => set({ platform: platform as Platform | null })}
          clearable
          clearButtonProps={clearLabel}
        />
        <MultiSelect
          label={text.statusFilter}
          placeholder={value.statuses.length === 0 ? text.allStatuses : undefined}
          data={POST_STATUSES.map((status) => ({ value: status, label: POST_STATUS_LABELS[status] }))}
          value={value.statuses}
          onChange={(statuses) => set({ statuses: statuses as PostStatus[] })}
          clearable
          clearButtonProps={clearLabel}
        />
        <DateFilters value={value} set={set} />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          disabled={activeFilterCount(value) === 0}
          onClick={() => onChange(EMPTY_FILTERS)}
        >
          {text.clearFilters}
        </Button>
      </Group>
    </Paper>
  );
}

/** Agendado de / até and Criado de / até, each end bounded by the other. */
function DateFilters({ value, set }: { value: FilterState; set: (patch: Partial<FilterState>) => void }) {
  return (
    <>
      <DatePickerInput
        {...dateProps}
        label={text.filterScheduledFrom}
        value={value.scheduledFrom}
        onChange={(scheduledFrom) => set({ scheduledFrom })}
        maxDate={value.scheduledTo ?? undefined}
      />
      <DatePickerInput
        {...dateProps}
        label={text.filterScheduledTo}
        value={value.scheduledTo}
        onChange={(scheduledTo) => set({ scheduledTo })}
        minDate={value.scheduledFrom ?? undefined}
      />
      <DatePickerInput
        {...dateProps}
        label={text.filterCreatedFrom}
        value={value.createdFrom}
        onChange={(createdFrom) => set({ createdFrom })}
        maxDate={value.createdTo ?? undefined}
      />
      <DatePickerInput
        {...dateProps}
        label={text.filterCreatedTo}
        value={value.createdTo}
        onChange={(createdTo) => set({ createdTo })}
        minDate={value.createdFrom ?? undefined}
      />
    </>
  );
}
