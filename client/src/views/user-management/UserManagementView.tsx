import { Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DEFAULT_TIME_ZONE, INPUT_LIMITS, messages } from '@pauta/core';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSessionUser } from '../../app/session';
import { QueryState } from '../../components/QueryState';
import { StateMessage } from '../../components/StateMessage';
import { useTRPC } from '../../lib/trpc';
import type { AdminUser } from '../admin/admin-api';
import { Pager } from '../admin/Pager';
import { ConfirmRoleModal } from './ConfirmRoleModal';
import { EditUserModal } from './EditUserModal';
import { UserList } from './UserList';
import { useRoleChange } from './useRoleChange';

const text = messages.admin.users;
const USERS_PAGE_SIZE = 20;

/** The search box, the page and the users they select. */
function useUserSearch() {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...trpc.admin.users.list.queryOptions({ search: debounced || undefined, page, limit: USERS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const searchFor = (value: string) => {
    setSearch(value);
    setPage(1);
  };
  return { search, searchFor, page, setPage, list };
}

/** Gerenciar Usuários (spec §2.3, §6): search, role (Admin / Usuário), profile edit, pages. */
export function UserManagementView() {
  const me = useSessionUser();
  const timeZone = me?.timezone ?? DEFAULT_TIME_ZONE;
  const { search, searchFor, page, setPage, list } = useUserSearch();
  const roles = useRoleChange();
  const [editing, setEditing] = useState<AdminUser | null>(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput
          label={messages.common.search}
          placeholder={text.searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          maxLength={INPUT_LIMITS.searchQuery}
          onChange={(event) => searchFor(event.currentTarget.value)}
          w={{ base: '100%', sm: 360 }}
        />
        {list.data && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {text.total(list.data.total)}
          </Text>
        )}
      </Group>
      <QueryState
        query={list}
        errorTitle={text.loadError}
        isEmpty={(data) => data.items.length === 0}
        empty={<StateMessage icon={IconUsers} title={text.empty} role="status" />}
      >
        {(data) => (
          <UserList
            items={data.items}
            timeZone={timeZone}
            meId={me?.id}
            changing={roles.changing}
            changingId={roles.changingId}
            onRole={roles.request}
            onEdit={setEditing}
          />
        )}
      </QueryState>
      {list.data && (
        <Pager
          page={page}
          total={list.data.total}
          pageSize={USERS_PAGE_SIZE}
          onChange={setPage}
          label={text.totalUsers}
        />
      )}
      <EditUserModal user={editing} onClose={() => setEditing(null)} />
      <ConfirmRoleModal
        pending={roles.pending}
        meId={me?.id}
        onConfirm={roles.confirm}
        onCancel={roles.cancel}
      />
    </Stack>
  );
}
