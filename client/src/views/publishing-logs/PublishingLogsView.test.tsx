import { messages, PAGER_MAX_BUTTONS } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '../../test-utils/render';
import { mockTrpc, signedIn, TrpcErrorResponse } from '../../test-utils/trpc-mock';
import { PublishingLogsView } from './PublishingLogsView';

const text = messages.admin.logs;

function log(i: number) {
  return {
    id: `l${i}`,
    status: i % 2 ? ('error' as const) : ('success' as const),
    title: `Post ${i}`,
    platform: 'linkedin' as const,
    scheduledFor: new Date('2026-11-22T13:00:00Z'),
    attemptedAt: new Date('2026-11-22T13:00:05Z'),
    attempt: 1,
    platformPostId: null,
    errorMessage: i % 2 ? 'A rede recusou a publicação.' : null,
    errorLocation: i % 2 ? 'rede: linkedin' : null,
    user: { id: 'u1', name: 'Ana Souza', email: 'ana@example.com' },
  };
}

function pageOf(total: number, page = 1) {
  return { items: [log(1), log(2)], total, page, pageSize: 20, timeZone: 'America/Sao_Paulo' };
}

function open(handler: unknown, path = '/publishing-logs') {
  window.history.replaceState(null, '', path);
  const api = mockTrpc({
    'auth.session': signedIn(true),
    'admin.users.list': { items: [], total: 0, page: 1, pageSize: 20 },
    'admin.logs.list': handler,
  });
  render(<PublishingLogsView />);
  return api;
}

/** The numbered page buttons of the pager. */
function pageButtons(): string[] {
  const nav = screen.getByLabelText(text.pagination);
  return [...nav.querySelectorAll('button')].map((b) => b.textContent ?? '').filter((t) => /^\d+$/.test(t));
}

describe('Logs de Publicação', () => {
  it('shows each log with status, user, platform, pt-BR times in the admin’s zone and the error', async () => {
    open(pageOf(2));
    expect((await screen.findAllByText('Post 1')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Ana Souza').length).toBeGreaterThan(0);
    expect(screen.getAllByText(/22\/11\/2026 10:00/).length).toBeGreaterThan(0);
    expect(screen.getAllByText('A rede recusou a publicação.').length).toBeGreaterThan(0);
    expect(screen.getByText(text.total(2))).toBeTruthy();
  });

  it('pages 45 logs with 3 buttons and never shows more than 5 page buttons', async () => {
    const api = open((input: { page: number }) => pageOf(45, input.page));
    await screen.findByLabelText(text.pagination);
    expect(pageButtons()).toEqual(['1', '2', '3']);
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(api.callsTo('admin.logs.list').at(-1)!.input).toMatchObject({ page: 2 }));
    expect(screen.getByText(text.pageOf(2, 3))).toBeTruthy();
  });

  it('with 20 pages shows at most 5 page buttons wherever the current page is', async () => {
    const api = open((input: { page: number }) => pageOf(400, input.page));
    await screen.findByLabelText(text.pagination);
    expect(pageButtons()).toContain('20');
    expect(pageButtons().length).toBeLessThanOrEqual(PAGER_MAX_BUTTONS);
    for (const target of ['3', '4', '5', '20', '17', '16']) {
      const button = screen.queryByRole('button', { name: target });
      if (!button) continue;
      fireEvent.click(button);
      await waitFor(() =>
        expect(api.callsTo('admin.logs.list').at(-1)!.input).toMatchObject({ page: Number(target) }),
      );
      await waitFor(() => expect(screen.getByText(text.pageOf(Number(target), 20))).toBeTruthy());
      expect(pageButtons().length, `page ${target}: ${pageButtons()}`).toBeLessThanOrEqual(PAGER_MAX_BUTTONS);
      expect(pageButtons()).toContain(target);
    }
  });

  it('sends the filters and starts again at page 1', async () => {
    const api = open((input: { page: number }) => pageOf(45, input.page));
    await screen.findByLabelText(text.pagination);
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(api.callsTo('admin.logs.list').at(-1)!.input).toMatchObject({ page: 3 }));
    fireEvent.click(screen.getByRole('combobox', { name: text.status }));
    fireEvent.click(await screen.findByRole('option', { name: text.statuses.error }));
    await waitFor(() =>
      expect(api.callsTo('admin.logs.list').at(-1)!.input).toMatchObject({ page: 1, status: 'error' }),
    );
  });

  it('keeps filters, period and page in the URL, so a reload shows the same logs', async () => {
    const user = '0b9c5c1e-6a55-4b8e-9d7e-2f3a4b5c6d7e';
    const api = open(
      (input: { page: number }) => pageOf(45, input.page),
      `/publishing-logs?status=error&platform=x&user=${user}&from=2026-11-01&to=2026-11-15&page=2`,
    );
    await screen.findByLabelText(text.pagination);
    expect(api.callsTo('admin.logs.list')[0]!.input).toEqual({
      page: 2,
      status: 'error',
      platform: 'x',
      userId: user,
      from: '2026-11-01',
      to: '2026-11-15',
    });
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('page')).toBe('3'));
    expect(new URLSearchParams(window.location.search).get('from')).toBe('2026-11-01');
    fireEvent.click(screen.getByRole('combobox', { name: text.platform }));
    fireEvent.click(await screen.findByRole('option', { name: 'LinkedIn' }));
    await waitFor(() => expect(window.location.search).toContain('platform=linkedin'));
    expect(window.location.search).not.toContain('page=');
  });

  it('ignores malformed URL filters', async () => {
    const api = open(pageOf(45), '/publishing-logs?status=talvez&platform=orkut&user=1&from=ontem&page=-4');
    await screen.findByLabelText(text.pagination);
    expect(api.callsTo('admin.logs.list')[0]!.input).toEqual({
      page: 1,
      status: null,
      platform: null,
      userId: null,
      from: null,
      to: null,
    });
  });

  it('shows the empty and the error states', async () => {
    const api = open({ items: [], total: 0, page: 1, pageSize: 20, timeZone: 'America/Sao_Paulo' });
    expect(await screen.findByText(text.empty)).toBeTruthy();
    api.set('admin.logs.list', () => {
      throw new TrpcErrorResponse('INTERNAL_SERVER_ERROR', 'INTERNAL');
    });
    fireEvent.click(screen.getByRole('combobox', { name: text.platform }));
    fireEvent.click(await screen.findByRole('option', { name: 'Facebook' }));
    expect(await screen.findByText(text.loadError, {}, { timeout: 4000 })).toBeTruthy();
  });
});
