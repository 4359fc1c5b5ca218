import { Button, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  engagementLabel,
  formatCompactNumber,
  formatEngagement,
  messages,
  reachLabel,
  reportMessages,
} from '@pauta/core';
import type { Icon } from '@tabler/icons-react';
import {
  IconAlertTriangle,
  IconCalendarEvent,
  IconChartLine,
  IconCircleCheck,
  IconClockHour4,
  IconEye,
  IconFileAnalytics,
  IconListDetails,
  IconPalette,
  IconPlus,
  IconSend,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { inferRouterClient } from '@trpc/client';
import { lazy, Suspense, useEffect } from 'react';
import { Link } from '../../app/Link';
import { useCan } from '../../app/permissions';
import { viewPath } from '../../app/view-paths';
import { BestTimeSection } from '../../components/best-time/BestTimeHeatMap';
import { LinkButton } from '../../components/common/LinkButton';
import { SectionTitle, TitledSection } from '../../components/common/SectionTitle';
import cta from '../../components/cta.module.css';
import { QueryState } from '../../components/QueryState';
import { ViewLoading } from '../../components/ViewLoading';
import { showError } from '../../lib/toast';
import { type AppRouter, useTRPC } from '../../lib/trpc';
import { formatCount } from './chart-data';
import classes from './DashboardView.module.css';

// recharts is large: the charts arrive in their own chunk after the figures.
const DashboardCharts = lazy(() =>
  import('./DashboardCharts').then((module) => ({ default: module.DashboardCharts })),
);

const text = messages.dashboard;

interface StatCardProps {
  icon: Icon;
  color: string;
  label: string;
  value: string;
  hint?: string;
}

function StatCard({ icon: StatIcon, color, label, value, hint }: StatCardProps) {
  return (
    <Card p={{ base: 'sm', sm: 'lg' }} className={classes.stat} component="section" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm" fw={600} c="dimmed">
          {label}
        </Text>
        <ThemeIcon variant="light" color={color} size="lg" radius="md" className={classes.statIcon}>
          <StatIcon size={20} aria-hidden />
        </ThemeIcon>
      </Group>
      <Text className={classes.statValue}>{value}</Text>
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

function attentionPath(statuses: string) {
  return viewPath('scheduled-posts', { status: statuses });
}

function AttentionCard({
  failed,
  needsAttention,
  missed,
}: {
  failed: number;
  needsAttention: number;
  missed: number;
}) {
  const items = [
    { count: failed, status: 'failed', label: text.attentionFailed(failed) },
    { count: needsAttention, status: 'needs_attention', label: text.attentionNeedsAttention(needsAttention) },
    { count: missed, status: 'missed', label: text.attentionMissed(missed) },
  ].filter((item) => item.count > 0);
  return (
    <Paper
      withBorder
      p="md"
      className={classes.attention}
      component="section"
      aria-labelledby="attention-title"
    >
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <ThemeIcon color="orange" variant="light" size="lg" radius="md">
          <IconAlertTriangle size={20} aria-hidden />
        </ThemeIcon>
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <SectionTitle
            id="attention-title"
            title={text.attentionTitle}
            hint={text.attentionDescription}
            size="h4"
          />
          <ul className={classes.attentionLinks}>
            {items.map((item) => (
              <li key={item.status}>
                <Button
                  component={Link}
                  href={attentionPath(item.status)}
                  variant="light"
                  color="orange"
                  size="sm"
                >
                  {item.label}
                </Button>
              </li>
            ))}
            {items.length > 1 && (
              <li>
                <Button
                  component={Link}
                  href={attentionPath('failed,needs_attention,missed')}
                  variant="subtle"
                  color="orange"
                  size="sm"
                >
                  {text.attentionViewAll}
                </Button>
              </li>
            )}
          </ul>
        </Stack>
      </Group>
    </Paper>
  );
}

function StatSkeletons() {
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, lg: 3 }}
      spacing="md"
      role="status"
      aria-label={messages.common.loading}
    >
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Card key={index} padding="lg">
          <Skeleton height={14} width="50%" />
          <Skeleton height={30} width="40%" mt="md" />
          <Skeleton height={12} width="60%" mt="sm" />
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** The figures; a failed load is also said in a toast (the screen keeps what it had). */
function useDashboardSummary() {
  const trpc = useTRPC();
  const summary = useQuery(trpc.dashboard.summary.queryOptions());
  const failed = summary.isError && !summary.isFetching;
  useEffect(() => {
    if (failed) showError(messages.common.error, text.loadError, { id: 'dashboard-load-error' });
  }, [failed]);
  return summary;
}

/** Dashboard (spec §2.3, §9): the figures, posts needing attention, quick links and the charts. */
export function DashboardView() {
  const summary = useDashboardSummary();
  return (
    <Stack gap="lg">
      <QuickLinks />
      <QueryState query={summary} errorTitle={text.loadError} loading={<StatSkeletons />} keepDataOnError>
        {(data) => <Figures data={data} />}
      </QueryState>
      <ChartsSection />
      <BestTimeSection />
    </Stack>
  );
}

function QuickLinks() {
  const canWriteThemes = useCan('themes.write');
  return (
    <nav aria-label={text.quickLinks} className={classes.quickLinks}>
      <LinkButton href={viewPath('scheduled-posts')} icon={IconListDetails} variant="default">
        {text.viewScheduled}
      </LinkButton>
      <LinkButton href={viewPath('published-posts')} icon={IconSend} variant="default">
        {text.viewAllPosts}
      </LinkButton>
      <LinkButton href={viewPath('reports')} icon={IconFileAnalytics} variant="default">
        {reportMessages.dashboardLink}
      </LinkButton>
      {canWriteThemes && (
        <LinkButton href={viewPath('create')} icon={IconPlus} className={cta.cta}>
          {text.createTheme}
        </LinkButton>
      )}
    </nav>
  );
}

type Summary = Awaited<ReturnType<inferRouterClient<AppRouter>['dashboard']['summary']['query']>>;

function Figures({ data }: { data: Summary }) {
  const { failed, needsAttention, missed } = data.attention;
  const stats: StatCardProps[] = [
    { icon: IconCircleCheck, color: 'teal', label: text.postsDone, value: formatCount(data.postsPublished) },
    {
      icon: IconCalendarEvent,
      color: 'blue',
      label: text.postsScheduled,
      value: formatCount(data.postsScheduled),
    },
    {
      icon: IconClockHour4,
      color: 'grape',
      label: text.timeSaved,
      value: text.hours(data.timeSavedHours),
      hint: text.timeSavedHint,
    },
    {
      icon: IconChartLine,
      color: 'orange',
      label: text.averageEngagement,
      value: formatEngagement(data.averageEngagement),
      hint: data.engagementLabel || engagementLabel(data.averageEngagement),
    },
    {
      icon: IconEye,
      color: 'cyan',
      label: text.totalReach,
      value: formatCompactNumber(data.totalReach),
      hint: data.reachLabel || reachLabel(data.totalReach),
    },
    { icon: IconPalette, color: 'brand', label: text.themesCount, value: formatCount(data.themeCount) },
  ];
  return (
    <Stack gap="md">
      {failed + needsAttention + missed > 0 && (
        <AttentionCard failed={failed} needsAttention={needsAttention} missed={missed} />
      )}
      <SimpleGrid cols={{ base: 2, lg: 3 }} spacing={{ base: 'sm', sm: 'md' }}>
        {stats.map((stat) => (
          <StatCard key={stat.label} {...stat} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function ChartsSection() {
  const trpc = useTRPC();
  const charts = useQuery(trpc.dashboard.charts.queryOptions());
  return (
    <TitledSection gap="sm" id="dashboard-charts-title" title={text.chartsTitle}>
      <QueryState query={charts} errorTitle={text.chartsLoadError} loading={<ViewLoading />}>
        {(data) => (
          <Suspense fallback={<ViewLoading />}>
            <DashboardCharts weekly={data.weekly} upcoming={data.upcoming} />
          </Suspense>
        )}
      </QueryState>
    </TitledSection>
  );
}
