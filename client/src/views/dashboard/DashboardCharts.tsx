// Loaded on demand (React.lazy): the charts library is the heaviest part of the dashboard.
import '@mantine/charts/styles.css';

import { BarChart, LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { messages, PLATFORM_LABELS } from '@pauta/core';
import type { ReactNode } from 'react';
import { useId } from 'react';
import type { UpcomingPoint, WeeklyPoint } from './chart-data';
import {
  CHART_PLATFORMS,
  formatCount,
  formatRate,
  hasEngagement,
  PLATFORM_CHART_COLORS,
  totalPublished,
  totalUpcoming,
  upcomingRows,
  weeklyRows,
} from './chart-data';

const text = messages.dashboard;
const CHART_HEIGHT = 240;

interface ChartCardProps {
  title: string;
  hint?: string;
  summary: string;
  empty: string | null;
  chart: ReactNode;
  table: { head: string[]; rows: (string | number)[][] };
}

/**
 * One chart with its title. Screen readers get the summary and a visually hidden table of the
 * same data instead of the SVG (which is hidden from them).
 */
function ChartCard({ title, hint, summary, empty, chart, table }: ChartCardProps) {
  const titleId = useId();
  const summaryId = useId();
  return (
    <Paper
      withBorder
      p="md"
      component="figure"
      m={0}
      role="group"
      aria-labelledby={titleId}
      aria-describedby={summaryId}
    >
      <Stack gap={4} mb="sm">
        <Text component="h3" fw={700} id={titleId}>
          {title}
        </Text>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
        <VisuallyHidden id={summaryId}>{summary}</VisuallyHidden>
      </Stack>
      {empty ? (
        <Text c="dimmed" size="sm" ta="center" py="xl">
          {empty}
        </Text>
      ) : (
        <>
          <div aria-hidden>{chart}</div>
          <VisuallyHidden>
            <Table>
              <caption>{text.chartTableCaption(title)}</caption>
              <thead>
                <tr>
                  {table.head.map((cell) => (
                    <th key={cell} scope="col">
                      {cell}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={String(row[0])}>
                    {row.map((cell, index) =>
                      index === 0 ? (
                        <th key="week" scope="row">
                          {cell}
                        </th>
                      ) : (
                        // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                        <td key={index}>{cell}</td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </Table>
          </VisuallyHidden>
        </>
      )}
    </Paper>
  );
}

interface DashboardChartsProps {
  weekly: WeeklyPoint[];
  upcoming: UpcomingPoint[];
}

/** Posts published per week, average engagement per week, and scheduled posts per network. */
export function DashboardCharts({ weekly, upcoming }: DashboardChartsProps) {
  return (
    <Stack gap="md">
      <UpcomingChart upcoming={upcoming} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <PublishedChart weekly={weekly} />
        <EngagementChart weekly={weekly} />
      </SimpleGrid>
    </Stack>
  );
}

const axis = { xAxisLabel: text.axisWeek, withTooltip: true, accessibilityLayer: false } as const;

/** The scheduled posts of the coming weeks, stacked by network. */
function UpcomingChart({ upcoming }: Pick<DashboardChartsProps, 'upcoming'>) {
  const upcomingData = upcomingRows(upcoming);
  const scheduled = totalUpcoming(upcoming);
  return (
    <ChartCard
      title={text.upcomingTitle}
      hint={text.upcomingHint}
      summary={text.upcomingSummary(scheduled, upcoming.length)}
      empty={scheduled === 0 ? text.noUpcoming : null}
      chart={
        <BarChart
          h={CHART_HEIGHT}
          data={upcomingData}
          dataKey="week"
          type="stacked"
          series={CHART_PLATFORMS.map((platform) => ({
            name: platform,
            label: PLATFORM_LABELS[platform],
            color: PLATFORM_CHART_COLORS[platform],
          }))}
          yAxisLabel={text.axisPosts}
          valueFormatter={formatCount}
          yAxisProps={{ allowDecimals: false, width: 40 }}
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: 40 }}
          {...axis}
        />
      }
      table={{
        head: [text.axisWeek, ...CHART_PLATFORMS.map((platform) => PLATFORM_LABELS[platform])],
        rows: upcomingData.map((row) => [
          row.week,
          ...CHART_PLATFORMS.map((platform) => formatCount(row[platform])),
        ]),
      }}
    />
  );
}

function PublishedChart({ weekly }: Pick<DashboardChartsProps, 'weekly'>) {
  const weeklyData = weeklyRows(weekly);
  const published = totalPublished(weekly);
  return (
    <ChartCard
      title={text.weeklyPublishedTitle}
      hint={text.weeklyPublishedHint}
      summary={text.publishedSummary(published, weekly.length)}
      empty={published === 0 ? text.noChartData : null}
      chart={
        <BarChart
          h={CHART_HEIGHT}
          data={weeklyData}
          dataKey="week"
          series={[{ name: 'published', label: text.seriesPublished, color: 'brand.6' }]}
          yAxisLabel={text.axisPosts}
          valueFormatter={formatCount}
          yAxisProps={{ allowDecimals: false, width: 40 }}
          {...axis}
        />
      }
      table={{
        head: [text.axisWeek, text.seriesPublished],
        rows: weeklyData.map((row) => [row.week, formatCount(row.published)]),
      }}
    />
  );
}

function EngagementChart({ weekly }: Pick<DashboardChartsProps, 'weekly'>) {
  const weeklyData = weeklyRows(weekly);
  return (
    <ChartCard
      title={text.weeklyEngagementTitle}
      hint={text.weeklyPublishedHint}
      summary={text.weeklyEngagementTitle}
      empty={hasEngagement(weekly) ? null : text.noChartData}
      chart={
        <LineChart
          h={CHART_HEIGHT}
          data={weeklyData}
          dataKey="week"
          series={[{ name: 'engagement', label: text.seriesEngagement, color: 'teal.7' }]}
          yAxisLabel={text.axisEngagement}
          valueFormatter={(value) => formatRate(value)}
          // Room for ticks such as "12,5%" beside the rotated axis title, which overlapped them at 48 px.
          yAxisProps={{ width: 76 }}
          connectNulls
          curveType="monotone"
          {...axis}
        />
      }
      table={{
        head: [text.axisWeek, text.seriesEngagement],
        rows: weeklyData.map((row) => [row.week, formatRate(row.engagement)]),
      }}
    />
  );
}

/**
 * The report's cadence chart (docs/reports.md): planned and published posts per week, from the
 * rows the PDF draws (core's `cadenceRows`), in the dashboard's chart card.
 */
export function CadenceChart({
  rows,
  labels,
}: {
  rows: readonly { week: string; published: number; planned: number }[];
  labels: {
    title: string;
    hint: string;
    summary: string;
    empty: string;
    planned: string;
    published: string;
    week: string;
    posts: string;
  };
}) {
  const any = rows.some((row) => row.published > 0 || row.planned > 0);
  return (
    <ChartCard
      title={labels.title}
      hint={labels.hint}
      summary={labels.summary}
      empty={any ? null : labels.empty}
      chart={
        <BarChart
          h={CHART_HEIGHT}
          data={[...rows]}
          dataKey="week"
          series={[
            { name: 'planned', label: labels.planned, color: 'gray.5' },
            { name: 'published', label: labels.published, color: 'brand.6' },
          ]}
          yAxisLabel={labels.posts}
          valueFormatter={formatCount}
          yAxisProps={{ allowDecimals: false, width: 40 }}
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: 40 }}
          xAxisLabel={labels.week}
          withTooltip
          accessibilityLayer={false}
        />
      }
      table={{
        head: [labels.week, labels.planned, labels.published],
        rows: rows.map((row) => [row.week, formatCount(row.planned), formatCount(row.published)]),
      }}
    />
  );
}
