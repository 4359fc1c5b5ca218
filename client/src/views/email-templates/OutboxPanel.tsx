import { Badge, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { DEFAULT_TIME_ZONE, formatDateTime, messages } from '@pauta/core';
import { IconInbox } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSessionUser } from '../../app/session';
import { QueryState } from '../../components/QueryState';
import { StateMessage } from '../../components/StateMessage';
import { useTRPC } from '../../lib/trpc';
import type { OutboxEmail } from '../admin/admin-api';
import { Pager } from '../admin/Pager';
import { SafeHtmlFrame } from '../admin/SafeHtmlFrame';

const text = messages.admin.templates.outbox;
const STATUS_COLOR = { pending: 'yellow', sent: 'green', stored: 'blue', failed: 'red' } as const;

/** Caixa de saída: every email the platform sent or kept (no SMTP), newest first. */
export function OutboxPanel() {
  const trpc = useTRPC();
  const timeZone = useSessionUser()?.timezone ?? DEFAULT_TIME_ZONE;
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<OutboxEmail | null>(null);
  const outbox = useQuery({
    ...trpc.admin.outbox.list.queryOptions({ page }),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" maw={720}>
        {text.intro}
      </Text>
      <QueryState
        query={outbox}
        errorTitle={text.loadError}
        isEmpty={(data) => data.items.length === 0}
        empty={<StateMessage icon={IconInbox} title={text.empty} role="status" />}
      >
        {(data) => (
          <Stack gap="xs">
            {data.items.map((email) => (
              <OutboxCard key={email.id} email={email} timeZone={timeZone} onOpen={() => setOpen(email)} />
            ))}
          </Stack>
        )}
      </QueryState>
      {outbox.data && (
        <Pager
          page={page}
          total={outbox.data.total}
          pageSize={outbox.data.pageSize}
          onChange={setPage}
          label={messages.admin.templates.tabs.outbox}
        />
      )}
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open?.subject}
        size="lg"
        closeButtonProps={{ 'aria-label': messages.common.close }}
      >
        {open && (
          <Stack gap="xs">
            <Text size="sm">
              {text.to}: {open.to}
            </Text>
            <SafeHtmlFrame html={open.html} title={messages.admin.templates.previewFrameTitle} height={420} />
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

function OutboxCard({
  email,
  timeZone,
  onOpen,
}: {
  email: OutboxEmail;
  timeZone: string;
  onOpen: () => void;
}) {
  return (
    <Card withBorder padding="sm" component="article" aria-label={email.subject}>
      <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
        <div style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {email.subject}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {text.to}: {email.to} · {formatDateTime(email.createdAt, timeZone)}
            {email.templateName && ` · ${email.templateName}`}
          </Text>
          {email.error && (
            <Text size="xs" c="red.8" mt={2}>
              {email.error}
            </Text>
          )}
        </div>
        <Group gap="xs" wrap="nowrap">
          <Badge variant="light" color={STATUS_COLOR[email.status]}>
            {text.statuses[email.status]}
          </Badge>
          <Button size="xs" variant="default" onClick={onOpen}>
            {text.view}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
