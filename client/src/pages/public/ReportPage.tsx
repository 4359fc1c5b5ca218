// /relatorio/<token> (issue 27 item 3; docs/reports.md "The private link"): a report as its
// client reads it, without an account or a session: the cover (name, logo, colour), the summary
// against the previous period, the cadence chart (the PDF's rows, the dashboard's chart), the
// results per network with the best and worst posts, the best times, the approval turnaround
// (where approval is on), the analysis and the note, and the PDF: everything the PDF shows. A revoked,
// expired or forged link says so and shows nothing of the report.
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime, messages, pointsChange, reportFormat, reportMessages } from '@pauta/core';
import type { AppRouter } from '@pauta/server';
import { IconDownload, IconLinkOff, IconSparkles } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { lazy, Suspense } from 'react';
import { usePathname } from '../../app/navigation';
import { TitledSection } from '../../components/common/SectionTitle';
import { PlatformIcon } from '../../components/PlatformIcon';
import { linkTokenFromPath, PublicLinkPage } from '../../components/PublicLinkPage';
import { useTRPC } from '../../lib/trpc';
import { ClienteBrand, clientTimeZone } from './ClientApprovalPage';
import { linkEndedStates, linkViewQuery } from './private-link';

const text = reportMessages;
type View = inferRouterOutputs<AppRouter>['reportPage']['view'];
type OpenView = Extract<View, { state: 'open' }>;
type Network = OpenView['networks'][number];
type Compared = OpenView['summary']['published'];

const CadenceChart = lazy(() =>
  import('../../views/dashboard/DashboardCharts').then((m) => ({ default: m.CadenceChart })),
);

/** The token of /relatorio/<token>. */
export function reportTokenFromPath(pathname: string): string {
  return linkTokenFromPath(pathname, 'relatorio');
}

export function ReportPage() {
  const token = reportTokenFromPath(usePathname());
  const trpc = useTRPC();
  const view = useQuery({
    ...trpc.reportPage.view.queryOptions({ token }),
    ...linkViewQuery(token),
  });

  return (
    <PublicLinkPage
      pageTitle={text.pageTitle}
      token={token}
      view={view}
      ended={{
        ...linkEndedStates(text),
        revoked: { icon: IconLinkOff, title: text.revokedTitle, message: text.revokedText },
      }}
      rateLimitedText={text.rateLimited}
      loadErrorText={text.pageLoadError}
      fullWidth
    >
      {(open) => <OpenReport view={open} />}
    </PublicLinkPage>
  );
}

type Format = (value: number | null) => string;

/** A rate (engagement) changes in percentage points, every other figure in % of itself. */
function changeText(value: Compared, points: boolean): string {
  return points ? reportFormat.points(value.current, value.previous) : reportFormat.change(value.changePct);
}

/** Green when the figure got better: up for every figure but the approval time (less is better). */
function ChangeBadge({
  value,
  points,
  lowerIsBetter,
}: {
  value: Compared;
  points: boolean;
  lowerIsBetter: boolean;
}) {
  const change = points ? pointsChange(value.current, value.previous) : value.changePct;
  const better = change !== null && (lowerIsBetter ? change < 0 : change > 0);
  const trend = change === null || change === 0 ? 'flat' : better ? 'better' : 'worse';
  const color = { flat: 'gray', better: 'teal', worse: 'red' }[trend];
  return (
    <Badge color={color} variant="light" style={{ textTransform: 'none' }} data-trend={trend}>
      {changeText(value, points)}
    </Badge>
  );
}

function Figure({
  label,
  value,
  format,
  points = false,
  lowerIsBetter = false,
}: {
  label: string;
  value: Compared;
  format: Format;
  points?: boolean;
  lowerIsBetter?: boolean;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text fw={700} fz={26} lh={1.1} data-testid="report-figure">
          {format(value.current)}
        </Text>
        <Group gap={6} wrap="wrap">
          <ChangeBadge value={value} points={points} lowerIsBetter={lowerIsBetter} />
          <Text size="xs" c="dimmed">
            {text.previousValue(format(value.previous))}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

function OpenReport({ view }: { view: OpenView }) {
  const { summary } = view;
  const published = view.cadence.reduce((sum, row) => sum + row.published, 0);
  const planned = view.cadence.reduce((sum, row) => sum + row.planned, 0);
  return (
    <Stack gap="xl">
      <Stack gap={6}>
        <ClienteBrand branding={view.client} />
        <Title order={1} size="h2">
          {text.pageHeading}
        </Title>
        <Text fw={600}>{text.pagePeriod(reportFormat.period(view.period))}</Text>
        <Text size="sm" c="dimmed">
          {text.pagePrevious(reportFormat.period(view.previous))}
        </Text>
        <Group gap="sm" wrap="wrap" mt="xs">
          {view.pdfUrl && (
            <Button
              component="a"
              href={view.pdfUrl}
              download
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              {text.downloadPdf}
            </Button>
          )}
          <Text size="sm" c="dimmed">
            {text.pageExpires(formatDateTime(view.expiresAt, clientTimeZone()))}
          </Text>
        </Group>
      </Stack>

      <TitledSection gap="sm" id="report-summary" title={text.summaryTitle}>
        <SimpleGrid cols={{ base: 2, md: 3 }} spacing="sm">
          <Figure label={text.figures.published} value={summary.published} format={reportFormat.count} />
          <Figure label={text.figures.planned} value={summary.planned} format={reportFormat.count} />
          <Figure label={text.figures.reach} value={summary.reach} format={reportFormat.count} />
          <Figure
            label={text.figures.engagement}
            value={summary.engagement}
            format={reportFormat.percent}
            points
          />
          <Figure
            label={text.figures.followerGrowth}
            value={summary.followerGrowth}
            format={reportFormat.count}
          />
        </SimpleGrid>
      </TitledSection>

      <Suspense fallback={<Text c="dimmed">{messages.common.loading}</Text>}>
        <CadenceChart
          rows={view.cadence}
          labels={{
            title: text.cadenceTitle,
            hint: text.cadenceHint,
            summary: text.cadenceSummary(published, planned, view.cadence.length),
            empty: text.noCadence,
            planned: text.seriesPlanned,
            published: text.seriesPublished,
            week: text.axisWeek,
            posts: text.axisPosts,
          }}
        />
      </Suspense>

      <TitledSection gap="md" id="report-networks" title={text.networksTitle}>
        {view.networks.map((network) => (
          <NetworkSection key={network.platform} network={network} />
        ))}
      </TitledSection>

      {view.bestTimes.some((b) => b.slots.length > 0) && (
        <TitledSection gap="xs" id="report-best-times" title={text.bestTimesTitle} hint={text.bestTimesHint}>
          <Stack gap={6} data-testid="report-best-times">
            {view.bestTimes.map((b) => (
              <Group key={b.platform} gap="xs" wrap="nowrap" align="flex-start">
                <PlatformIcon platform={b.platform} size={18} />
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <Text span fw={600}>
                    {b.label}:
                  </Text>{' '}
                  {b.slots.length > 0 ? reportFormat.slots(b.slots) : text.bestTimesNone}{' '}
                  <Text span c="dimmed" size="sm">
                    ({reportFormat.confidence(b.confidence)})
                  </Text>
                </Text>
              </Group>
            ))}
          </Stack>
        </TitledSection>
      )}

      {view.approval && (
        <TitledSection gap="sm" id="report-approval" title={text.approvalTitle}>
          <SimpleGrid cols={{ base: 2, md: 3 }} spacing="sm" data-testid="report-approval">
            <Figure label={text.approvedPosts} value={view.approval.approved} format={reportFormat.count} />
            <Figure
              label={text.approvalHours}
              value={view.approval.averageHours}
              format={reportFormat.hours}
              lowerIsBetter
            />
          </SimpleGrid>
        </TitledSection>
      )}

      <Stack gap="xs" component="section" aria-labelledby="report-analysis">
        <Group gap="xs">
          {view.analysis.source === 'ai' && <IconSparkles size={20} aria-hidden />}
          <Title order={2} size="h3" id="report-analysis">
            {view.analysis.source === 'ai' ? text.analysisAi : text.analysisLocal}
          </Title>
        </Group>
        <Text style={{ overflowWrap: 'anywhere' }}>{view.analysis.text}</Text>
        {view.analysis.source === 'ai' && (
          <Text size="xs" c="dimmed">
            {text.analysisAiHint}
          </Text>
        )}
      </Stack>

      {view.note && (
        <TitledSection gap="xs" id="report-note" title={text.noteTitle}>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{view.note}</Text>
        </TitledSection>
      )}
    </Stack>
  );
}

function NetworkSection({ network }: { network: Network }) {
  const headingId = `report-network-${network.platform}`;
  const rows: [string, Compared, Format, boolean][] = [
    [text.figures.published, network.published, reportFormat.count, false],
    [text.figures.planned, network.planned, reportFormat.count, false],
    [text.figures.reach, network.reach, reportFormat.count, false],
    [text.figures.likes, network.likes, reportFormat.count, false],
    [text.figures.comments, network.comments, reportFormat.count, false],
    [text.figures.engagement, network.engagement, reportFormat.percent, true],
    [text.figures.followerGrowth, network.followerGrowth, reportFormat.count, false],
  ];
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      radius="md"
      component="article"
      aria-labelledby={headingId}
    >
      <Stack gap="sm">
        <Group gap="xs">
          <PlatformIcon platform={network.platform} size={22} />
          <Title order={3} size="h4" id={headingId}>
            {network.label}
          </Title>
        </Group>
        <Table
          striped
          verticalSpacing={4}
          horizontalSpacing={6}
          fz={{ base: 'xs', sm: 'sm' }}
          style={{ tableLayout: 'fixed', width: '100%' }}
        >
          <colgroup>
            <col style={{ width: '34%' }} />
            <col style={{ width: '22%' }} />
            <col style={{ width: '22%' }} />
            <col style={{ width: '22%' }} />
          </colgroup>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{text.tableFigure}</Table.Th>
              <Table.Th scope="col" ta="right">
                {text.tablePeriod}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {text.tablePrevious}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {text.change}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(([label, value, format, points]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" fw={500}>
                  {label}
                </Table.Th>
                <Table.Td ta="right">{format(value.current)}</Table.Td>
                <Table.Td ta="right">{format(value.previous)}</Table.Td>
                <Table.Td ta="right">{changeText(value, points)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md">
          <PostList
            title={text.bestPosts}
            empty={text.noBestPosts}
            posts={network.best}
            testId={`report-best-${network.platform}`}
          />
          <PostList
            title={text.worstPosts}
            empty={text.noWorstPosts}
            posts={network.worst}
            testId={`report-worst-${network.platform}`}
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

type Post = Network['best'][number];

function PostList({
  title,
  empty,
  posts,
  testId,
}: {
  title: string;
  empty: string;
  posts: readonly Post[];
  testId: string;
}) {
  return (
    <Stack gap="xs" data-testid={testId}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {posts.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        posts.map((post) => (
          <Group
            key={`${post.publishedAt}-${post.title}`}
            gap="sm"
            align="flex-start"
            wrap="nowrap"
            data-testid="report-post"
          >
            {post.imageUrl && (
              <img
                src={post.imageUrl}
                alt={post.altText ?? ''}
                width={64}
                height={64}
                style={{ objectFit: 'cover', borderRadius: 6, flexShrink: 0 }}
              />
            )}
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {post.title}
              </Text>
              <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                {post.content}
              </Text>
              <Group gap="xs" wrap="wrap">
                <Text size="xs" c="dimmed" data-testid="report-post-metrics">
                  {text.postMetrics(reportFormat.count(post.reach), reportFormat.percent(post.engagement))}
                </Text>
                {post.url && (
                  <Anchor href={post.url} target="_blank" rel="noopener noreferrer" size="xs">
                    {text.openPost}
                  </Anchor>
                )}
              </Group>
            </Stack>
          </Group>
        ))
      )}
    </Stack>
  );
}
