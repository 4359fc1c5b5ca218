import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { formatDateTime, messages, PLATFORM_LABELS } from '@pauta/core';
import { ListTable } from '../../components/ListTable';
import { PlatformIcon } from '../../components/PlatformIcon';
import type { PublishingLog } from '../admin/admin-api';

const text = messages.admin.logs;

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

interface LogListProps {
  items: PublishingLog[];
  timeZone: string;
}

const title = (log: PublishingLog) => (log.title === '' ? text.untitled : log.title);
const whenIn = (timeZone: string) => (date: Date | null) =>
  date ? formatDateTime(date, timeZone) : text.none;

/** The logs as a table from md up, as cards below. */
export function LogList({ items, timeZone }: LogListProps) {
  return (
    <>
      <LogTable items={items} timeZone={timeZone} />
      <LogCards items={items} timeZone={timeZone} />
    </>
  );
}

function ErrorCell({ log }: { log: PublishingLog }) {
  if (!log.errorMessage)
    return (
      <Text size="sm" c="dimmed">
        {text.none}
      </Text>
    );
  return (
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
  );
}

function LogTable({ items, timeZone }: LogListProps) {
  const when = whenIn(timeZone);
  return (
    <ListTable
      minWidth={960}
      visibleFrom="md"
      look="striped"
      head={[
        text.status,
        text.title,
        text.user,
        text.platform,
        `${text.scheduledFor} / ${text.attemptedAt}`,
        text.errorMessage,
      ]}
    >
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
            <ErrorCell log={log} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

function LogCards({ items, timeZone }: LogListProps) {
  const when = whenIn(timeZone);
  return (
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
  );
}
