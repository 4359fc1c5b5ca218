import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  DEFAULT_TIME_ZONE,
  formatDate,
  INPUT_LIMITS,
  messages,
  ROLE_LABELS,
  ROLES,
  type Role,
} from '@pauta/core';
import { IconAlertCircle, IconPencil, IconSearch, IconUsers } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { navigate } from '../../app/navigation';
import { useRefreshSession, useSessionUser } from '../../app/session';
import { StateMessage } from '../../components/StateMessage';
import { useSingleFlight } from '../../lib/actions';
import { showError, showInfo, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { type AdminUser, personName, refusalReason } from '../admin/admin-api';
import { Pager } from '../admin/Pager';
import { EditUserModal } from './EditUserModal';

const text = messages.admin.users;
export const USERS_PAGE_SIZE = 20;
const roleOptions = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** Gerenciar Usuários (spec §2.3, §6): search, role (Admin / Usuário), profile edit, pages. */
export function UserManagementView() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useSessionUser();
  const refreshSession = useRefreshSession();
  const timeZone = me?.timezone ?? DEFAULT_TIME_ZONE;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const list = useQuery({
    ...trpc.admin.users.list.queryOptions({ search: debounced || undefined, page, limit: USERS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const setRole = useMutation(trpc.admin.users.setRole.mutationOptions());

  const [changingId, setChangingId] = useState<string | null>(null);
  // Every role change is confirmed first (who, from which role to which; a self-demotion says
  // plainly that the admin area goes away).
  const [pending, setPending] = useState<{ user: AdminUser; role: Role } | null>(null);
  // One role change at a time: the selects wait (disabled) until it is saved.
  const [changeRole, changing] = useSingleFlight(async (user: AdminUser, role: Role) => {
    if (role === user.role) return;
    setChangingId(user.id);
    try {
      const result = await setRole.mutateAsync({ userId: user.id, role });
      if (result.selfDemoted) {
        // The server kept this session: the person stays signed in, as a user, on their
        // initial view, and is told why the admin area is gone.
        showInfo(text.selfDemotedTitle, text.selfDemoted, { autoClose: 12_000 });
        await queryClient.invalidateQueries(trpc.auth.adminCheck.queryFilter());
        await refreshSession();
        navigate('/');
        return;
      }
      showSuccess(messages.common.success, text.roleUpdated);
    } catch (error) {
      showError(
        messages.common.error,
        refusalReason(error) === 'LAST_ADMIN' ? text.lastAdmin : text.roleUpdateError,
      );
    } finally {
      setChangingId(null);
    }
    await queryClient.invalidateQueries(trpc.admin.users.pathFilter());
  });

  const pendingName = pending ? personName(pending.user.firstName, pending.user.lastName, text.noName) : '';
  const selfDemotion = pending !== null && pending.user.id === me?.id && pending.role !== 'admin';
  const confirmModal = (
    <Modal opened={pending !== null} onClose={() => setPending(null)} title={text.confirmRoleTitle} centered>
      {pending && (
        <Stack gap="sm">
          <Text>
            {text.confirmRole(pendingName, ROLE_LABELS[pending.user.role], ROLE_LABELS[pending.role])}
          </Text>
          {selfDemotion && (
            <Text c="red" fw={600}>
              {text.confirmSelfDemotion}
            </Text>
          )}
        </Stack>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => setPending(null)}>
          {messages.common.cancel}
        </Button>
        <Button
          color={selfDemotion ? 'red' : undefined}
          onClick={() => {
            if (!pending) return;
            setPending(null);
            void changeRole(pending.user, pending.role);
          }}
        >
          {text.confirmRoleAction}
        </Button>
      </Group>
    </Modal>
  );

  const roleSelect = (user: AdminUser, name: string) => (
    <Select
      aria-label={text.roleOf(name)}
      data={roleOptions}
      value={user.role}
      allowDeselect={false}
      onChange={(value) => value && value !== user.role && setPending({ user, role: value as Role })}
      disabled={changing}
      rightSection={changingId === user.id ? <Loader size={14} aria-hidden /> : undefined}
      w={140}
      size="sm"
      comboboxProps={{ withinPortal: true }}
    />
  );
  const editButton = (user: AdminUser, name: string) => (
    <ActionIcon variant="subtle" aria-label={text.editOf(name)} onClick={() => setEditing(user)}>
      <IconPencil size={18} aria-hidden />
    </ActionIcon>
  );

  let body: ReactNode;
  if (list.isPending)
    body = (
      <Center py="xl" role="status" aria-label={messages.common.loading}>
        <Loader aria-hidden />
      </Center>
    );
  else if (list.isError)
    body = (
      <StateMessage icon={IconAlertCircle} color="red" title={text.loadError} role="alert">
        <Button variant="light" onClick={() => void list.refetch()}>
          {messages.common.tryAgain}
        </Button>
      </StateMessage>
    );
  else if (list.data.items.length === 0)
    body = <StateMessage icon={IconUsers} title={text.empty} role="status" />;
  else {
    const items = list.data.items;
    body = (
      <>
        <Table.ScrollContainer minWidth={720} visibleFrom="sm">
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{text.name}</Table.Th>
                <Table.Th>{text.email}</Table.Th>
                <Table.Th>{text.createdAt}</Table.Th>
                <Table.Th>{text.role}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{messages.common.actions}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((user) => {
                const name = personName(user.firstName, user.lastName, text.noName);
                return (
                  <Table.Tr key={user.id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text fw={600} size="sm">
                          {name}
                        </Text>
                        {user.id === me?.id && (
                          <Badge size="xs" variant="light">
                            {text.you}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {user.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDate(user.createdAt, timeZone)}</Text>
                    </Table.Td>
                    <Table.Td>{roleSelect(user, name)}</Table.Td>
                    <Table.Td ta="right">{editButton(user, name)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Stack gap="sm" hiddenFrom="sm">
          {items.map((user) => {
            const name = personName(user.firstName, user.lastName, text.noName);
            return (
              <Card key={user.id} withBorder component="article" aria-label={name}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={700}>{name}</Text>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {user.email}
                    </Text>
                    <Text size="xs" c="dimmed" mt={2}>
                      {text.createdAt} {formatDate(user.createdAt, timeZone)}
                    </Text>
                  </div>
                  {editButton(user, name)}
                </Group>
                <Group mt="sm" gap="xs" align="center">
                  <Text size="sm" fw={600}>
                    {text.role}
                  </Text>
                  {roleSelect(user, name)}
                </Group>
              </Card>
            );
          })}
        </Stack>
      </>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput
          label={messages.common.search}
          placeholder={text.searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          maxLength={INPUT_LIMITS.searchQuery}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 360 }}
        />
        {list.data && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {text.total(list.data.total)}
          </Text>
        )}
      </Group>
      {body}
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
      {confirmModal}
    </Stack>
  );
}
