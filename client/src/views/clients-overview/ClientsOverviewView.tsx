// "Todos os clientes" (docs/workspaces.md): one card per cliente the person is in — its mark, name,
// the person's role and what needs them: posts due today, approvals (team and client apart),
// failures, accounts to reconnect. Each count opens that cliente's view with its filter
// (`?cliente=<id>`). One query (overview.clientes) for all of them, refreshed every minute and
// whenever the tab comes back into focus.
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { WORKSPACE_ROLE_LABELS, workspaceAdminMessages } from '@pauta/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../app/Link';
import { viewPath } from '../../app/view-paths';
import { withWorkspaceParam } from '../../app/workspace';
import { QueryState } from '../../components/QueryState';
import { StateMessage } from '../../components/StateMessage';
import { ClienteMark } from '../../components/workspace/ClienteMark';
import { useTRPC } from '../../lib/trpc';

const text = workspaceAdminMessages.overview;

/** How often the overview asks again while it is open (it also does on focus). */
export const OVERVIEW_REFRESH_MS = 60_000;

interface Counts {
  dueToday: number | null;
  approvalInternal: number | null;
  approvalClient: number | null;
  attention: number | null;
  accountsToReconnect: number | null;
}

interface Cliente {
  id: string;
  name: string;
  color: string | null;
  logoUrl: string | null;
  personal: boolean;
  role: keyof typeof WORKSPACE_ROLE_LABELS;
  counts: Counts;
}

interface CountLine {
  key: keyof Counts;
  count: number;
  label: string;
  /** Where the count leads in that cliente; null when the role has no view for it. */
  href: string | null;
  tone: 'red' | 'orange' | 'blue' | 'grape' | 'teal';
}

/** The lines of a card, each with the link into the cliente's filtered view. */
export function countLines(cliente: Cliente, today: string): CountLine[] {
  const at = (path: string) => withWorkspaceParam(path, cliente.id);
  const full = cliente.counts.dueToday !== null;
  /** The line of one count, none when the role does not see that count (null). */
  const line = (
    key: keyof Counts,
    label: (n: number) => string,
    href: string | null,
    tone: CountLine['tone'],
  ): CountLine | null => {
    const count = cliente.counts[key];
    return count === null ? null : { key, count, label: label(count), href, tone };
  };
  const lines = [
    line(
      'dueToday',
      text.dueToday,
      at(viewPath('scheduled-posts', { scheduledFrom: today, scheduledTo: today, status: 'scheduled' })),
      'blue',
    ),
    line('approvalInternal', text.approvalInternal, at(viewPath('approval-board')), 'grape'),
    line('approvalClient', text.approvalClient, full ? at(viewPath('approval-board')) : null, 'teal'),
    line(
      'attention',
      text.attention,
      at(viewPath('scheduled-posts', { status: 'failed,needs_attention,missed' })),
      'red',
    ),
    line('accountsToReconnect', text.accounts, at(viewPath('connected-accounts')), 'orange'),
  ];
  return lines.filter((line): line is CountLine => line !== null);
}

function ClienteCard({ cliente, today }: { cliente: Cliente; today: string }) {
  const lines = countLines(cliente, today);
  const name = cliente.name;
  const full = cliente.counts.dueToday !== null;
  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby={`cliente-${cliente.id}`}
      data-testid="overview-card"
      style={{ borderTop: `4px solid ${cliente.color ?? 'var(--mantine-color-default-border)'}` }}
    >
      <Group gap="sm" wrap="nowrap" mb="md" align="center">
        <ClienteMark name={cliente.name} color={cliente.color} logoUrl={cliente.logoUrl} size={40} initials />
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Anchor
            component={Link}
            href={withWorkspaceParam(viewPath('dashboard'), cliente.id)}
            id={`cliente-${cliente.id}`}
            fw={700}
            c="var(--mantine-color-text)"
            truncate
            aria-label={text.open(name)}
          >
            {name}
          </Anchor>
          <Group gap={6}>
            <Text size="xs" c="dimmed">
              {text.role(WORKSPACE_ROLE_LABELS[cliente.role])}
            </Text>
            {cliente.personal && (
              <Badge size="xs" variant="light" color="gray">
                {text.personal}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
      <Stack
        gap={6}
        component="ul"
        aria-label={text.countsLabel(name)}
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {lines.map((line) => {
          // One run of text (number, label, the cliente's name for screen readers), so the link's
          // name reads "2 posts para hoje em Padaria" in every browser and checker.
          const body = (
            <Text component="span" size="sm" c={line.count > 0 ? undefined : 'dimmed'}>
              <Text
                component="strong"
                fw={800}
                size="lg"
                display="inline-block"
                miw={28}
                ta="right"
                c={line.count > 0 ? `${line.tone}.7` : 'dimmed'}
                style={{ fontVariantNumeric: 'tabular-nums' }}
              >
                {line.count}
              </Text>
              {` ${line.label} `}
              <VisuallyHidden component="span">{`em ${name}`}</VisuallyHidden>
            </Text>
          );
          return (
            <li key={line.key} data-count={line.key}>
              {line.href ? (
                <Anchor
                  component={Link}
                  href={line.href}
                  underline="hover"
                  c="var(--mantine-color-text)"
                  display="block"
                  py={2}
                >
                  {body}
                </Anchor>
              ) : (
                body
              )}
            </li>
          );
        })}
      </Stack>
      {!full && (
        <Text size="xs" c="dimmed" mt="sm">
          {text.clientOnly}
        </Text>
      )}
    </Card>
  );
}

export function ClientsOverviewView() {
  const trpc = useTRPC();
  const overview = useQuery(
    trpc.overview.clientes.queryOptions(undefined, {
      refetchInterval: OVERVIEW_REFRESH_MS,
      refetchOnWindowFocus: true,
    }),
  );
  return (
    <QueryState
      query={overview}
      errorTitle={text.loadError}
      isEmpty={(data) => data.clientes.length < 2}
      empty={
        <StateMessage
          icon={IconBuildingStore}
          title={text.emptyTitle}
          description={text.empty}
          role="status"
        />
      }
    >
      {(data) => (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {text.updatedEvery}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {data.clientes.map((cliente) => (
              <ClienteCard key={cliente.id} cliente={cliente as Cliente} today={data.today} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </QueryState>
  );
}
