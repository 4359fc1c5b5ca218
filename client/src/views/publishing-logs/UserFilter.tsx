import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { messages } from '@pauta/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { personName } from '../admin/admin-api';

const text = messages.admin.logs;
const clearLabel = { 'aria-label': messages.common.clear };

/** A searchable user picker fed by admin.users.list (search on the server). */
export function UserFilter({
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
