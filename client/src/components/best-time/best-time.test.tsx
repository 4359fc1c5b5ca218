// "Melhores horários" in the client (docs/best-time.md): the heat map's values reach screen
// readers as a table and the confidence is said; a reschedule suggestion fills the date and time
// fields without saving.
import { bestTimeMessages, bestTimeModel, PLATFORMS, type Platform } from '@pauta/core';
import { priorGrid } from '@pauta/networks/browser';
import { describe, expect, it } from 'vitest';
import { postItem } from '../../test-utils/posts-fixtures';
import { fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { mockTrpc, noBudgetUsage, signedIn, TrpcErrorResponse } from '../../test-utils/trpc-mock';
import { EditPostModal } from '../posts/EditPostModal';
import { BestTimeSection } from './BestTimeHeatMap';
import { contrast, heatColors } from './heat-colors';

const text = bestTimeMessages;
const SP = 'America/Sao_Paulo';

/** LinkedIn: 40 posts, strong on Saturdays at 20h; the other networks: no data (the prior). */
function grid() {
  const cells = [
    { weekday: 6, hour: 20, posts: 20, percentileSum: 18 },
    { weekday: 2, hour: 10, posts: 20, percentileSum: 4 },
  ];
  return {
    timeZone: SP,
    networks: PLATFORMS.map((platform: Platform) =>
      bestTimeModel(platform, platform === 'linkedin' ? cells : [], priorGrid(platform)),
    ),
  };
}

describe('the dashboard heat map', () => {
  it('opens on the network with data, says the confidence and gives every value as a table cell', async () => {
    mockTrpc({ 'auth.session': signedIn(true), 'bestTime.grid': grid() });
    render(<BestTimeSection />);
    expect(await screen.findByText(text.confidence(40, 'media'))).toBeTruthy();
    expect(text.confidence(40, 'media')).toBe(
      'Baseado em 40 posts publicados — confiança média: seus resultados combinados com referências do setor',
    );
    const table = screen.getByRole('table', { name: text.tableCaption('linkedin') });
    const saturday = within(table).getByRole('rowheader', { name: 'Sáb' }).closest('tr')!;
    const cells = within(saturday as HTMLElement).getAllByRole('cell');
    expect(cells).toHaveLength(24);
    const prior = bestTimeModel('linkedin', [], priorGrid('linkedin')).scores;
    const linkedin = grid().networks.find((n) => n.platform === 'linkedin')!;
    expect(cells[20]!.textContent).toBe(String(linkedin.scores[6]![20]));
    expect(cells[20]!.getAttribute('title')).toBe(text.cellLabel(6, 20, linkedin.scores[6]![20]!));
    expect(Number(cells[20]!.textContent)).toBeGreaterThan(prior[6]![20]!);
    // The best slot is named in words too (not only by colour).
    const top = within(screen.getByTestId('best-time-top')).getAllByRole('listitem');
    expect(top[0]!.textContent).toContain(text.slot(6, 20));
    // Hour and weekday headers give each cell its context.
    expect(within(table).getAllByRole('columnheader')).toHaveLength(24);
  });

  it('switches network; a network without posts says it is using the industry references', async () => {
    mockTrpc({ 'auth.session': signedIn(true), 'bestTime.grid': grid() });
    render(<BestTimeSection />);
    await screen.findByText(text.confidence(40, 'media'));
    fireEvent.click(screen.getByRole('radio', { name: 'X (Twitter)' }));
    expect(await screen.findByText(text.confidence(0, 'baixa'))).toBeTruthy();
    expect(screen.getByText(/confiança baixa: usando referências do setor/)).toBeTruthy();
    expect(screen.getByText(text.noData('X (Twitter)'))).toBeTruthy();
    expect(screen.getByRole('table', { name: text.tableCaption('x') })).toBeTruthy();
  });

  it('shows the failure state with a retry', async () => {
    mockTrpc({
      'auth.session': signedIn(true),
      'bestTime.grid': () => {
        throw new TrpcErrorResponse('INTERNAL_SERVER_ERROR', 'INTERNAL');
      },
    });
    render(<BestTimeSection />);
    expect(await screen.findByText(text.loadError)).toBeTruthy();
  });
});

describe('heat colours', () => {
  it('keep at least 4.5:1 between a cell and its value in light and dark', () => {
    for (const scheme of ['light', 'dark'] as const)
      for (let i = 0; i <= 20; i++) {
        const { background, text: fg } = heatColors(i / 20, scheme);
        expect(contrast(background, fg)).toBeGreaterThanOrEqual(4.5);
      }
  });
});

describe('Sugestões de horário in the edit dialog', () => {
  it('fills the date and time with a suggestion and saves nothing by itself', async () => {
    const post = postItem({ platform: 'linkedin', status: 'scheduled' });
    const calls: string[] = [];
    mockTrpc({
      'auth.session': signedIn(true),
      'posts.budget': noBudgetUsage,
      'media.list': [],
      'accounts.list': [],
      'bestTime.suggestions': (input: unknown) => {
        calls.push((input as { postId: string }).postId);
        return {
          platform: 'linkedin',
          suggestions: [
            // Saturday 2026-11-28 20:00 and Tuesday 2026-12-01 10:00 in São Paulo (UTC-3).
            { scheduledFor: new Date('2026-11-28T23:00:00Z'), weekday: 6, hour: 20, score: 81 },
            { scheduledFor: new Date('2026-12-01T13:00:00Z'), weekday: 2, hour: 10, score: 64 },
          ],
        };
      },
      'posts.update': () => {
        calls.push('posts.update');
        return post;
      },
    });
    render(<EditPostModal post={post as never} timeZone={SP} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const section = within(dialog).getByRole('region', { name: text.suggestionsTitle });
    const saturday = await within(section).findByRole('button', { name: 'Sáb, 28/11 às 20:00 · índice 81' });
    expect(calls).toEqual([post.id]);
    expect(saturday.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(saturday);
    const time = within(dialog).getByRole('textbox', { name: /Horário|Hora/ }) as HTMLInputElement;
    await waitFor(() => expect(time.value).toBe('20:00'));
    expect(within(dialog).getByText('28/11/2026')).toBeTruthy();
    expect(saturday.getAttribute('aria-pressed')).toBe('true');
    expect(within(section).getByText(text.suggestionFilled('Sáb, 28/11 às 20:00'))).toBeTruthy();
    expect(calls).not.toContain('posts.update');
  });
});
