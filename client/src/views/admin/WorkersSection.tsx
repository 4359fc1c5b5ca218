import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_TIME_ZONE, formatDateTime, messages } from '@pauta/core';
import { IconAlertCircle, IconServerOff } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useSessionUser } from '../../app/session';
import { useWorkersStatus } from '../../app/shell/workers-status';
import { useViewParam } from '../../app/view-paths';
import { StateMessage } from '../../components/StateMessage';
import type { WorkerRow } from './admin-api';

const text = messages.admin.workers;
const STATE_COLOR = { alive: 'green', silent: 'red', stopped: 'gray' } as const;
const WORKERS_SECTION = 'workers';

/** Workers de publicação: every worker process with its last heartbeat (docs/operations.md). */
export function WorkersSection() {
  const status = useWorkersStatus();
  const timeZone = useSessionUser()?.timezone ?? DEFAULT_TIME_ZONE;
  // The banner's "Ver workers" link (and the outage email) lead here: /admin?section=workers.
  const linked = useViewParam('section') === WORKERS_SECTION;
  const loaded = Boolean(status.data);
  useEffect(() => {
    if (linked && loaded) document.getElementById(WORKERS_SECTION)?.scrollIntoView?.({ block: 'start' });
  }, [linked, loaded]);
  let body: ReactNode;
  if (status.isError)
    body = <StateMessage icon={IconAlertCircle} color="red" role="alert" title={text.loadError} />;
  else if (!status.data)
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" aria-busy="true" aria-label={text.loading}>
        <Skeleton h={112} radius="md" />
        <Skeleton h={112} radius="md" />
      </SimpleGrid>
    );
  else if (status.data.workers.length === 0)
    body = <StateMessage icon={IconServerOff} color="gray" role="status" title={text.empty} />;
  else
    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {text.summary(status.data.health.alive, status.data.health.duePosts)}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {status.data.workers.map((worker) => (
            <WorkerCard key={worker.id} worker={worker} timeZone={timeZone} />
          ))}
        </SimpleGrid>
      </Stack>
    );
  return (
    <section aria-labelledby="admin-workers-title" id={WORKERS_SECTION}>
      <Title order={2} size="h4" id="admin-workers-title">
        {text.title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {text.description}
      </Text>
      {body}
    </section>
  );
}

function WorkerCard({ worker, timeZone }: { worker: WorkerRow; timeZone: string }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={`${worker.host} · ${worker.pid}`}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" mb={6}>
        <Text fw={700} truncate="end" style={{ minWidth: 0 }} title={worker.host}>
          {worker.host}
        </Text>
        <Badge color={STATE_COLOR[worker.state]} variant="light" style={{ flexShrink: 0 }}>
          {text.states[worker.state]}
        </Badge>
      </Group>
      <Stack gap={2}>
        <Text size="sm">
          <Text span c="dimmed">
            {text.lastBeat}:{' '}
          </Text>
          {text.ago(worker.secondsSinceBeat)} ({formatDateTime(worker.lastBeatAt, timeZone)})
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            {text.startedAt}:{' '}
          </Text>
          {formatDateTime(worker.startedAt, timeZone)}
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            {text.pid}:{' '}
          </Text>
          {worker.pid} ·{' '}
          <Text span c="dimmed">
            {text.version}:{' '}
          </Text>
          {worker.version}
        </Text>
      </Stack>
    </Card>
  );
}
