import { reportMessages, workspaceAdminMessages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '../../test-utils/render';
import { mockTrpc } from '../../test-utils/trpc-mock';
import { ReportPage, reportTokenFromPath } from './ReportPage';

const text = reportMessages;
const TOKEN = 'R'.repeat(43);
const c = (current: number | null, previous: number | null, changePct: number | null) => ({
  current,
  previous,
  changePct,
});

const OPEN = {
  state: 'open',
  client: { name: 'Padaria Aurora', color: '#9c3d10', logoUrl: '/media/workspaces/l.webp?exp=1&sig=x' },
  period: { from: '2026-10-01', to: '2026-10-31' },
  previous: { from: '2026-09-01', to: '2026-09-30' },
  expiresAt: new Date('2026-12-04T12:00:00Z'),
  finishedAt: new Date('2026-11-02T12:00:00Z'),
  summary: {
    published: c(20, 14, 42.9),
    planned: c(24, 18, 33.3),
    reach: c(59430, 35226, 68.7),
    engagement: c(5.2, 4.4, 19.2),
    followerGrowth: c(155, null, null),
    followers: 3335,
  },
  cadence: [{ week: '28/09', published: 8, planned: 8 }],
  networks: [
    {
      platform: 'linkedin',
      label: 'LinkedIn',
      published: c(10, 7, 42.9),
      planned: c(12, 9, 33.3),
      reach: c(27948, 18490, 51.2),
      likes: c(1091, 659, 65.6),
      comments: c(225, 99, 127.3),
      engagement: c(5, 4, 24.4),
      followerGrowth: c(62, 60, 3.3),
      best: [
        {
          title: 'Pão de fermentação natural',
          content: 'Texto',
          url: 'https://example.com/p/1',
          publishedAt: '2026-10-02T12:00:00.000Z',
          reach: 3433,
          likes: 1,
          comments: 0,
          engagement: 9.4,
          imageUrl: null,
          altText: null,
        },
      ],
      worst: [
        {
          title: 'Aviso de feriado',
          content: 'Fechados na segunda',
          url: null,
          publishedAt: '2026-10-11T12:00:00.000Z',
          reach: 520,
          likes: 0,
          comments: 0,
          engagement: 0.4,
          imageUrl: null,
          altText: null,
        },
      ],
    },
  ],
  bestTimes: [
    {
      platform: 'linkedin',
      label: 'LinkedIn',
      confidence: 'alta',
      slots: [
        { weekday: 2, hour: 9 },
        { weekday: 4, hour: 12 },
      ],
    },
  ],
  approval: { approved: c(6, 10, -40), averageHours: c(7, 6, 16.7) },
  analysis: { source: 'ai', text: 'O alcance cresceu bastante.' },
  note: 'Em novembro, vídeos curtos.',
  pdfUrl: '/media/reports/a/b.pdf?exp=1&sig=y',
};

function visit(answer: unknown) {
  const api = mockTrpc({ 'reportPage.view': () => answer });
  window.history.replaceState(null, '', `/relatorio/${TOKEN}`);
  render(<ReportPage />);
  return api;
}

describe('the report page', () => {
  it('reads the token from the path', () => {
    expect(reportTokenFromPath(`/relatorio/${TOKEN}`)).toBe(TOKEN);
    expect(reportTokenFromPath('/relatorio/')).toBe('');
  });

  it('shows the cover, the summary with the previous period and change, the networks, the analysis, the note and the PDF', async () => {
    const api = visit(OPEN);
    expect(await screen.findByRole('heading', { name: text.pageHeading })).toBeTruthy();
    expect(api.callsTo('reportPage.view')[0]?.input).toEqual({ token: TOKEN });
    expect(screen.getByText('Padaria Aurora')).toBeTruthy();
    expect(screen.getByAltText(workspaceAdminMessages.publicPage.logoAlt('Padaria Aurora'))).toBeTruthy();
    expect(screen.getByText(text.pagePeriod('01/10/2026 a 31/10/2026'))).toBeTruthy();
    const figures = screen.getAllByTestId('report-figure').map((e) => e.textContent);
    expect(figures).toEqual(['20', '24', '59.430', '5,2%', '155', '6', '7,0 h']);
    // Engagement 5,2% against 4,4%: +0,8 percentage points, not the +19,2% of the rate.
    expect(screen.getByText('+0,8 p.p.')).toBeTruthy();
    expect(screen.queryByText('+19,2%')).toBeNull();
    expect(screen.getByText('+68,7%')).toBeTruthy();
    expect(screen.getByText(text.previousValue('35.226'))).toBeTruthy();
    expect(screen.getAllByText('sem base de comparação').length).toBeGreaterThan(0);
    const linkedin = screen.getByRole('article', { name: 'LinkedIn' });
    expect(within(linkedin).getByText('27.948')).toBeTruthy();
    expect(within(linkedin).getByText('Pão de fermentação natural')).toBeTruthy();
    expect(within(linkedin).getByText('+1,0 p.p.')).toBeTruthy();
    const worst = within(linkedin).getByTestId('report-worst-linkedin');
    expect(within(worst).getByText(text.worstPosts)).toBeTruthy();
    expect(within(worst).getByText('Aviso de feriado')).toBeTruthy();
    expect(within(worst).getByText(text.postMetrics('520', '0,4%'))).toBeTruthy();
    // Best times and approval, as the PDF writes them; a longer approval time is marked worse.
    expect(screen.getByTestId('report-best-times').textContent).toContain(
      'LinkedIn: terça às 09h, quinta às 12h (confiança alta)',
    );
    const approval = screen.getByTestId('report-approval');
    expect(within(approval).getByText('−40,0%').closest('[data-trend]')?.getAttribute('data-trend')).toBe(
      'worse',
    );
    expect(within(approval).getByText('+16,7%').closest('[data-trend]')?.getAttribute('data-trend')).toBe(
      'worse',
    );
    expect(screen.getByRole('heading', { name: text.analysisAi })).toBeTruthy();
    expect(screen.getByText(text.analysisAiHint)).toBeTruthy();
    expect(screen.getByText('Em novembro, vídeos curtos.')).toBeTruthy();
    expect(screen.getByRole('link', { name: text.downloadPdf }).getAttribute('href')).toBe(OPEN.pdfUrl);
  });

  it.each([
    ['revoked', text.revokedTitle],
    ['expired', text.expiredTitle],
    ['invalid', text.invalidTitle],
  ])('a %s link says so and shows nothing of a report', async (state, title) => {
    visit({ state });
    expect(await screen.findByText(title)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: text.pageHeading })).toBeNull();
    expect(screen.queryByRole('link', { name: text.downloadPdf })).toBeNull();
  });
});
