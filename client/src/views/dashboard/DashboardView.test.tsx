import { bestTimeMessages, bestTimeModel, messages } from '@pauta/core';
import { priorGrid } from '@pauta/networks/browser';
import { describe, expect, it } from 'vitest';
import { dashboardCharts, dashboardSummary } from '../../test-utils/posts-fixtures';
import { render, screen, within } from '../../test-utils/render';
import { expectToast } from '../../test-utils/toasts';
import { mockTrpc, signedIn, TrpcErrorResponse } from '../../test-utils/trpc-mock';
import { weekLabel } from './chart-data';
import { DashboardView } from './DashboardView';

const text = messages.dashboard;

function open(handlers: Record<string, unknown>) {
  const api = mockTrpc({
    'auth.session': signedIn(true),
    'dashboard.summary': dashboardSummary(),
    'dashboard.charts': dashboardCharts(),
    'bestTime.grid': {
      timeZone: 'America/Sao_Paulo',
      networks: [bestTimeModel('linkedin', [], priorGrid('linkedin'))],
    },
    ...handlers,
  });
  window.history.replaceState(null, '', '/dashboard');
  render(<DashboardView />);
  return api;
}

async function stat(label: string) {
  return within(await screen.findByRole('region', { name: label }));
}

describe('Dashboard', () => {
  it('shows the six figures with their pt-BR formats and comparative labels', async () => {
    open({});
    expect((await stat(text.postsDone)).getByText('12')).toBeTruthy();
    expect((await stat(text.postsScheduled)).getByText('30')).toBeTruthy();
    const time = await stat(text.timeSaved);
    expect(time.getByText(text.hours(14))).toBeTruthy();
    const engagement = await stat(text.averageEngagement);
    expect(engagement.getByText('3,4%')).toBeTruthy();
    expect(engagement.getByText('Boa performance')).toBeTruthy();
    const reach = await stat(text.totalReach);
    expect(reach.getByText('12,5k')).toBeTruthy();
    expect(reach.getByText('Alcance excepcional')).toBeTruthy();
    expect((await stat(text.themesCount)).getByText('3')).toBeTruthy();
    expect(screen.queryByRole('region', { name: text.attentionTitle })).toBeNull();
  });

  it('says N/A and Sem dados suficientes without engagement, Crescendo for a small reach', async () => {
    open({
      'dashboard.summary': dashboardSummary({
        averageEngagement: null,
        engagementLabel: 'Sem dados suficientes',
        totalReach: 999,
        reachLabel: 'Crescendo',
      }),
    });
    const engagement = await stat(text.averageEngagement);
    expect(engagement.getByText('N/A')).toBeTruthy();
    expect(engagement.getByText(text.engagement.noData)).toBeTruthy();
    const reach = await stat(text.totalReach);
    expect(reach.getByText('999')).toBeTruthy();
    expect(reach.getByText(text.reach.growing)).toBeTruthy();
  });

  it('links posts needing attention to Posts Agendados filtered by status', async () => {
    open({
      'dashboard.summary': dashboardSummary({ attention: { failed: 2, needsAttention: 1, missed: 0 } }),
    });
    const card = within(await screen.findByRole('region', { name: text.attentionTitle }));
    expect(card.getByRole('link', { name: text.attentionFailed(2) }).getAttribute('href')).toBe(
      '/scheduled-posts?status=failed',
    );
    expect(card.getByRole('link', { name: text.attentionNeedsAttention(1) }).getAttribute('href')).toBe(
      '/scheduled-posts?status=needs_attention',
    );
    expect(card.queryByText(text.attentionMissed(0))).toBeNull();
  });

  it('shows "Melhores horários" with its confidence', async () => {
    open({});
    const section = within(await screen.findByRole('region', { name: bestTimeMessages.title }));
    expect(await section.findByText(bestTimeMessages.confidence(0, 'baixa'))).toBeTruthy();
  });

  it('has the quick links', async () => {
    open({});
    const nav = within(await screen.findByRole('navigation', { name: text.quickLinks }));
    expect(nav.getByRole('link', { name: text.viewScheduled }).getAttribute('href')).toBe('/scheduled-posts');
    expect(nav.getByRole('link', { name: text.viewAllPosts }).getAttribute('href')).toBe('/published-posts');
    expect(nav.getByRole('link', { name: text.createTheme }).getAttribute('href')).toBe('/create');
  });

  it('describes each chart with a pt-BR data table (weeks as dd/MM)', async () => {
    open({});
    // The charts are their own chunk (recharts): under load its first import alone can take seconds.
    const published = await screen.findByRole(
      'group',
      { name: text.weeklyPublishedTitle },
      { timeout: 10_000 },
    );
    const table = within(published).getByRole('table');
    expect(within(table).getByRole('rowheader', { name: '08/11' })).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([`${text.axisWeek}${text.seriesPublished}`, '01/112', '08/114', '15/111']);
    const engagement = await screen.findByRole('group', { name: text.weeklyEngagementTitle });
    expect(within(engagement).getAllByRole('row')[2]?.textContent).toBe('08/11N/A');
    expect(within(engagement).getAllByRole('row')[3]?.textContent).toBe('15/115,3%');
    const upcoming = await screen.findByRole('group', { name: text.upcomingTitle });
    expect(
      within(upcoming)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      text.axisWeek,
      'LinkedIn',
      'Instagram',
      'Facebook',
      'X (Twitter)',
      'Threads',
      'LinkedIn (Página)',
      'Mastodon',
      'Bluesky',
      'Pinterest',
      'Google Meu Negócio',
      'TikTok',
    ]);
    expect(weekLabel('2026-01-04')).toBe('04/01');
  });

  it('shows empty states when the charts have no data', async () => {
    open({
      'dashboard.charts': dashboardCharts({
        weekly: [{ weekStart: '2026-11-01', published: 0, avgEngagement: null }],
        upcoming: [],
      }),
    });
    const published = await screen.findByRole(
      'group',
      { name: text.weeklyPublishedTitle },
      { timeout: 10_000 },
    );
    expect(within(published).getByText(text.noChartData)).toBeTruthy();
    const upcoming = await screen.findByRole('group', { name: text.upcomingTitle });
    expect(within(upcoming).getByText(text.noUpcoming)).toBeTruthy();
  });

  it('reports a failed summary with a toast and a retry', async () => {
    open({
      'dashboard.summary': () => {
        throw new TrpcErrorResponse('BAD_REQUEST', 'VALIDATION_FAILED');
      },
    });
    await expectToast(messages.common.error, text.loadError);
    expect(await screen.findByRole('button', { name: text.retry })).toBeTruthy();
  });
});
