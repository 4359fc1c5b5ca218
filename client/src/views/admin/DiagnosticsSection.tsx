import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Loader,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { messages } from '@pauta/core';
import { IconAlertCircle, IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { SectionTitle } from '../../components/common/SectionTitle';
import { StateMessage } from '../../components/StateMessage';
import { useTRPC } from '../../lib/trpc';
import type { DoctorCheck } from './admin-api';

const text = messages.admin.diagnostics;
const STATUS_COLOR = { ok: 'green', warn: 'yellow', fail: 'red' } as const;

/** Diagnóstico: the `npm run doctor` checks, run by the server with this browser's origin. */
export function DiagnosticsSection() {
  const trpc = useTRPC();
  const checks = useQuery(
    trpc.admin.doctor.run.queryOptions(
      { origin: window.location.origin },
      { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false },
    ),
  );
  const results = checks.data;
  const fails = results?.filter((r) => r.status === 'fail').length ?? 0;
  const warns = results?.filter((r) => r.status === 'warn').length ?? 0;
  return (
    <section aria-labelledby="admin-diagnostics-title">
      <Group justify="space-between" align="flex-start" mb="xs" gap="sm">
        <div style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <SectionTitle id="admin-diagnostics-title" title={text.title} hint={text.description} size="h4" />
        </div>
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => void checks.refetch()}
          loading={checks.isFetching}
          disabled={checks.isFetching}
        >
          {text.rerun}
        </Button>
      </Group>
      {checks.isError ? (
        <StateMessage icon={IconAlertCircle} color="red" role="alert" title={text.loadError} />
      ) : !results ? (
        <Group gap="sm" py="xl" justify="center" role="status">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">{text.running}</Text>
        </Group>
      ) : (
        <Stack gap="sm" aria-busy={checks.isFetching}>
          <Alert
            color={fails ? 'red' : warns ? 'yellow' : 'green'}
            variant="light"
            role="status"
            icon={fails ? <IconAlertCircle aria-hidden /> : <IconCheck aria-hidden />}
          >
            {text.summary(fails, warns)}
          </Alert>
          {results.map((check) => (
            <CheckCard key={check.id} check={check} />
          ))}
        </Stack>
      )}
    </section>
  );
}

function CheckCard({ check }: { check: DoctorCheck }) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={check.title}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Text fw={700} style={{ minWidth: 0 }}>
          {check.title}
        </Text>
        <Badge color={STATUS_COLOR[check.status]} variant="light" style={{ flexShrink: 0 }}>
          {text.status[check.status]}
        </Badge>
      </Group>
      <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
        {check.detail}
      </Text>
      {check.fix && (
        <Text size="sm" mt={6} style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600}>
            {text.fix}
          </Text>{' '}
          {check.fix}
        </Text>
      )}
      {check.copy && check.copy.length > 0 && (
        <Stack gap={6} mt="sm">
          {check.copy.map((value) => (
            <Group key={value} gap="xs" wrap="nowrap">
              <Code style={{ overflowWrap: 'anywhere', minWidth: 0, flex: 1 }}>{value}</Code>
              <CopyButton value={value} timeout={2000}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? text.copied : text.copy} withArrow>
                    <ActionIcon
                      variant="light"
                      color={copied ? 'teal' : 'gray'}
                      onClick={copy}
                      aria-label={text.copyLabel(value)}
                    >
                      {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
