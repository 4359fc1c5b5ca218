import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { messages } from '@pauta/core';
import {
  type Icon,
  IconAdjustments,
  IconAlertTriangle,
  IconArrowLeft,
  IconCalendarEvent,
  IconChecks,
  IconExternalLink,
  IconListDetails,
  IconMail,
  IconStack2,
  IconStethoscope,
  IconTrashX,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useViewParam, viewPath } from '../../app/view-paths';
import { LinkButton } from '../../components/common/LinkButton';
import { NavCardGrid, type NavCardProps } from '../../components/NavCard';
import { useTRPC } from '../../lib/trpc';
import { DeletionRequestsSection } from './DeletionRequestsSection';
import { DiagnosticsSection } from './DiagnosticsSection';
import { WorkersSection } from './WorkersSection';

const cards = messages.admin.cards;
const statsText = messages.admin.stats;

/** The card of `href`, with the title and description of `messages.admin.cards[key]`. */
function card(href: string, key: keyof typeof cards, icon: Icon): NavCardProps {
  return { href, title: cards[key].title, description: cards[key].description, icon };
}

const DELETION_SECTION = 'deletion-requests';
const DIAGNOSTICS_SECTION = 'diagnostics';

/**
 * Administração (spec §2.3): headline numbers, the cards that switch view (plus the data-deletion
 * requests, shown in this view as a section) and the queue monitor link.
 */
export function AdminPanelView() {
  const section = useViewParam('section');
  if (section === DELETION_SECTION || section === DIAGNOSTICS_SECTION)
    return (
      <Stack gap="lg">
        <Group>
          <LinkButton href={viewPath('admin')} icon={IconArrowLeft} iconSize={16} variant="subtle">
            {messages.views.admin.title}
          </LinkButton>
        </Group>
        {section === DELETION_SECTION ? <DeletionRequestsSection /> : <DiagnosticsSection />}
      </Stack>
    );
  return (
    <Stack gap="xl">
      <AdminStatsRow />
      <NavCardGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        cards={[
          card(viewPath('user-management'), 'users', IconUsers),
          card(viewPath('email-templates'), 'emailTemplates', IconMail),
          card(viewPath('publishing-logs'), 'publishingLogs', IconListDetails),
          card(viewPath('admin-settings'), 'settings', IconAdjustments),
          card(viewPath('admin', { section: DELETION_SECTION }), 'deletionRequests', IconTrashX),
          card(viewPath('admin', { section: DIAGNOSTICS_SECTION }), 'diagnostics', IconStethoscope),
        ]}
      >
        <QueueMonitorCard />
      </NavCardGrid>
      <WorkersSection />
    </Stack>
  );
}

/** bull-board lives outside the SPA: a full-page link to /admin/queues (admin-only on the server). */
function QueueMonitorCard() {
  const text = messages.admin.queues;
  return (
    <Paper withBorder p="lg" radius="md" shadow="xs">
      <Stack gap="xs">
        <ThemeIcon size={48} radius="md" variant="light" color="gray">
          <IconStack2 size={26} stroke={1.7} aria-hidden />
        </ThemeIcon>
        <Text component="h2" fw={700} size="lg" mt="xs">
          {text.title}
        </Text>
        <Text size="sm" c="dimmed">
          {text.linkDescription}
        </Text>
        <Anchor href="/admin/queues" target="_blank" rel="noopener" fw={600} size="sm">
          <Group gap={4} component="span">
            {text.link}
            <IconExternalLink size={14} aria-hidden />
          </Group>
        </Anchor>
      </Stack>
    </Paper>
  );
}

interface StatProps {
  label: string;
  value: number | undefined;
  icon: typeof IconUsers;
  color?: string;
}

function Stat({ label, value, icon: StatIcon, color }: StatProps) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={36} radius="md" variant="light" color={color}>
          <StatIcon size={20} aria-hidden />
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" lh={1.3}>
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton h={28} w={48} mt={4} />
          ) : (
            <Text fw={800} fz={26} lh={1.2}>
              {value.toLocaleString('pt-BR')}
            </Text>
          )}
        </div>
      </Group>
    </Paper>
  );
}

function AdminStatsRow() {
  const trpc = useTRPC();
  const stats = useQuery(trpc.admin.stats.queryOptions());
  let body: ReactNode;
  if (stats.isError)
    body = (
      <Text c="red" role="alert">
        {statsText.loadError}
      </Text>
    );
  else {
    const data = stats.data;
    body = (
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        <Stat label={statsText.users} value={data?.users} icon={IconUsers} />
        <Stat label={statsText.newUsers30d} value={data?.newUsers30d} icon={IconUserPlus} color="teal" />
        <Stat
          label={statsText.scheduledToday}
          value={data?.scheduledToday}
          icon={IconCalendarEvent}
          color="blue"
        />
        <Stat label={statsText.publishedToday} value={data?.publishedToday} icon={IconChecks} color="green" />
        <Stat label={statsText.failures24h} value={data?.failures24h} icon={IconAlertTriangle} color="red" />
      </SimpleGrid>
    );
  }
  return (
    <section aria-labelledby="admin-stats-title">
      <Title order={2} size="h4" id="admin-stats-title" mb="sm">
        {statsText.label}
      </Title>
      {body}
    </section>
  );
}
