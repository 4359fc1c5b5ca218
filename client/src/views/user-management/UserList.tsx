import {
  ActionIcon,
  Badge,
  Card,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { formatDate, messages, ROLE_LABELS, ROLES, type Role } from '@pauta/core';
import { IconPencil } from '@tabler/icons-react';
import { ListTable } from '../../components/ListTable';
import { type AdminUser, personName } from '../admin/admin-api';

const text = messages.admin.users;
const roleOptions = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

interface UserListProps {
  items: AdminUser[];
  timeZone: string;
  meId: string | undefined;
  /** A role change is being saved: every select waits. */
  changing: boolean;
  /** The row whose role is being saved (its select shows a spinner). */
  changingId: string | null;
  onRole: (user: AdminUser, role: Role) => void;
  onEdit: (user: AdminUser) => void;
}

type RowProps = Omit<UserListProps, 'items'> & { user: AdminUser; name: string };

const nameOf = (user: AdminUser) => personName(user.firstName, user.lastName, text.noName);

/** The users as a table from sm up, as cards below. */
export function UserList(props: UserListProps) {
  return (
    <>
      <UserTable {...props} />
      <Stack gap="sm" hiddenFrom="sm">
        {props.items.map((user) => (
          <UserCard key={user.id} {...props} user={user} name={nameOf(user)} />
        ))}
      </Stack>
    </>
  );
}

function RoleSelect({ user, name, changing, changingId, onRole }: RowProps) {
  return (
    <Select
      aria-label={text.roleOf(name)}
      data={roleOptions}
      value={user.role}
      allowDeselect={false}
      onChange={(value) => value && onRole(user, value as Role)}
      disabled={changing}
      rightSection={changingId === user.id ? <Loader size={14} aria-hidden /> : undefined}
      w={140}
      size="sm"
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function EditButton({ user, name, onEdit }: RowProps) {
  return (
    <ActionIcon variant="subtle" aria-label={text.editOf(name)} onClick={() => onEdit(user)}>
      <IconPencil size={18} aria-hidden />
    </ActionIcon>
  );
}

function UserTable(props: UserListProps) {
  return (
    <ListTable
      minWidth={720}
      visibleFrom="sm"
      look="highlightOnHover"
      head={[
        text.name,
        text.email,
        text.createdAt,
        text.role,
        <VisuallyHidden key="actions">{messages.common.actions}</VisuallyHidden>,
      ]}
    >
      {props.items.map((user) => (
        <UserRow key={user.id} {...props} user={user} name={nameOf(user)} />
      ))}
    </ListTable>
  );
}

function UserRow(props: RowProps) {
  const { user, name, meId, timeZone } = props;
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Text fw={600} size="sm">
            {name}
          </Text>
          {user.id === meId && (
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
      <Table.Td>
        <RoleSelect {...props} />
      </Table.Td>
      <Table.Td ta="right">
        <EditButton {...props} />
      </Table.Td>
    </Table.Tr>
  );
}

function UserCard(props: RowProps) {
  const { user, name, timeZone } = props;
  return (
    <Card withBorder component="article" aria-label={name}>
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
        <EditButton {...props} />
      </Group>
      <Group mt="sm" gap="xs" align="center">
        <Text size="sm" fw={600}>
          {text.role}
        </Text>
        <RoleSelect {...props} />
      </Group>
    </Card>
  );
}
