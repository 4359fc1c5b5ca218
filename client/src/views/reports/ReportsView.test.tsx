import { messages, reportMessages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import {
  deferred,
  mockTrpc,
  personalWorkspace,
  signedIn,
  TrpcErrorResponse,
} from '../../test-utils/trpc-mock';
import { monthOptions, periodLabel, ReportsView } from './ReportsView';

const text = reportMessages;
const ID = '11111111-1111-4111-8111-111111111111';

function report(overrides: Record<string, unknown> = {}) {
  return {
    id: ID,
    periodStart: '2026-10-01',
    periodEnd: '2026-10-31',
    status: 'done',
    progress: 100,
    note: '',
    errorCode: null,
    createdAt: new Date('2026-11-02T12:00:00Z'),
    finishedAt: new Date('2026-11-02T12:00:03Z'),
    pdfUrl: '/media/reports/x/y.pdf?exp=1&sig=z',
    links: [],
    ...overrides,
  };
}

describe('Relatórios', () => {
  it('defaults to the previous month and labels whole months by name', () => {
    const options = monthOptions('America/Sao_Paulo', new Date('2026-01-15T12:00:00Z'));
    expect(options[0]).toEqual({ value: '2025-12', label: 'dezembro de 2025' });
    expect(options).toHaveLength(24);
    expect(periodLabel({ from: '2026-10-01', to: '2026-10-31' })).toBe('outubro de 2026');
    expect(periodLabel({ from: '2026-10-05', to: '2026-10-20' })).toBe('05/10/2026 a 20/10/2026');
  });

  it('shows the empty state, then generates the chosen month with the note (button disabled while it runs)', async () => {
    const answer = deferred<unknown>();
    let listed: ReturnType<typeof report>[] = [];
    const api = mockTrpc({
      'auth.session': signedIn(true),
      'reports.list': () => listed,
      'reports.generate': () => answer.promise,
    });
    render(<ReportsView />);
    expect(await screen.findByText(text.empty)).toBeTruthy();
    const month = screen.getByRole('combobox', { name: text.month }) as HTMLSelectElement;
    const chosen = month.options[1]!.value;
    fireEvent.change(month, { target: { value: chosen } });
    fireEvent.change(screen.getByRole('textbox', { name: text.note }), {
      target: { value: 'Vídeos em dezembro.' },
    });
    const button = screen.getByRole('button', { name: text.generate });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(api.callsTo('reports.generate')).toHaveLength(1));
    const [year, m] = chosen.split('-').map(Number);
    const last = new Date(Date.UTC(year!, m!, 0)).getUTCDate();
    expect(api.callsTo('reports.generate')[0]!.input).toEqual({
      periodStart: `${chosen}-01`,
      periodEnd: `${chosen}-${last}`,
      note: 'Vídeos em dezembro.',
    });
    listed = [
      report({
        periodStart: `${chosen}-01`,
        periodEnd: `${chosen}-${last}`,
        status: 'running',
        progress: 40,
        pdfUrl: null,
      }),
    ];
    answer.resolve(listed[0]);
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    // While a report runs the button stays disabled (a second click would return the same row).
    await waitFor(() =>
      expect(screen.getByRole('button', { name: text.generating }).hasAttribute('disabled')).toBe(true),
    );
  });

  it('refuses a custom period that ends before it starts, sending nothing', async () => {
    const api = mockTrpc({ 'auth.session': signedIn(true), 'reports.list': () => [] });
    render(<ReportsView />);
    await screen.findByText(text.empty);
    fireEvent.click(screen.getByText(text.periodCustom));
    fireEvent.change(await screen.findByLabelText(text.from), { target: { value: '2026-10-20' } });
    fireEvent.change(screen.getByLabelText(text.to), { target: { value: '2026-10-01' } });
    fireEvent.click(screen.getByRole('button', { name: text.generate }));
    expect(await screen.findByText(text.periodInvalid)).toBeTruthy();
    expect(api.callsTo('reports.generate')).toHaveLength(0);
  });

  it('a done report downloads its PDF and shares a link; a failed one offers "Tentar de novo"', async () => {
    const failed = report({
      id: '22222222-2222-4222-8222-222222222222',
      periodStart: '2026-09-01',
      periodEnd: '2026-09-30',
      status: 'failed',
      progress: 40,
      pdfUrl: null,
      errorCode: 'INTERNAL',
      note: 'Nota',
    });
    const api = mockTrpc({
      'auth.session': signedIn(true),
      'reports.list': () => [report(), failed],
      'reports.createLink': () => ({
        link: {
          id: 'l1',
          reportId: ID,
          status: 'active',
          expiresAt: new Date(),
          lastUsedAt: null,
          createdAt: new Date(),
        },
        url: `http://pauta.test/relatorio/${'A'.repeat(43)}`,
      }),
      'reports.generate': () => failed,
    });
    render(<ReportsView />);
    const done = (await screen.findByRole('heading', { name: 'outubro de 2026' })).closest('article')!;
    expect(within(done as HTMLElement).getByText(text.status.done)).toBeTruthy();
    const pdf = within(done as HTMLElement).getByRole('link', {
      name: text.downloadLabel('outubro de 2026'),
    });
    expect(pdf.getAttribute('href')).toBe('/media/reports/x/y.pdf?exp=1&sig=z');
    fireEvent.click(
      within(done as HTMLElement).getByRole('button', { name: text.linkCreateLabel('outubro de 2026') }),
    );
    await waitFor(() =>
      expect(api.callsTo('reports.createLink')[0]?.input).toEqual({ reportId: ID, validDays: 7 }),
    );
    expect(((await screen.findByTestId('report-link-url')) as HTMLInputElement).value).toContain(
      '/relatorio/',
    );

    const bad = screen.getByRole('heading', { name: 'setembro de 2026' }).closest('article') as HTMLElement;
    expect(within(bad).getByText(text.failedText)).toBeTruthy();
    fireEvent.click(within(bad).getByRole('button', { name: text.retry }));
    await waitFor(() =>
      expect(api.callsTo('reports.generate')[0]?.input).toEqual({
        periodStart: '2026-09-01',
        periodEnd: '2026-09-30',
        note: 'Nota',
      }),
    );
  });

  it('a Revisor reads the list but cannot generate nor share', async () => {
    mockTrpc({
      'auth.session': signedIn(true),
      'workspaces.list': {
        workspaces: [
          personalWorkspace,
          { id: 'ws-padaria', name: 'Padaria', color: null, personal: false, role: 'reviewer' },
        ],
      },
      'reports.list': () => [report()],
    });
    window.history.replaceState(null, '', '/reports?cliente=ws-padaria');
    render(<App />);
    await screen.findByRole('navigation', { name: messages.nav.mainNavigation });
    expect(await screen.findByText(text.noPermission)).toBeTruthy();
    expect(await screen.findByRole('link', { name: text.downloadLabel('outubro de 2026') })).toBeTruthy();
    expect(screen.queryByRole('button', { name: text.generate })).toBeNull();
    expect(screen.queryByRole('button', { name: /Criar link/ })).toBeNull();
    expect(screen.queryByRole('button', { name: text.deleteLabel('outubro de 2026') })).toBeNull();
  });

  it('deletes a report after a confirmation naming its period; "Cancelar" deletes nothing', async () => {
    let listed = [report()];
    const api = mockTrpc({
      'auth.session': signedIn(true),
      'reports.list': () => listed,
      'reports.delete': (input: { id: string }) => {
        listed = [];
        return { id: input.id };
      },
    });
    render(<ReportsView />);
    fireEvent.click(await screen.findByRole('button', { name: text.deleteLabel('outubro de 2026') }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir o relatório de outubro de 2026?' });
    expect(within(dialog).getByText(text.deleteConfirm)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('reports.delete')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: text.deleteLabel('outubro de 2026') }));
    const again = await screen.findByRole('dialog', { name: 'Excluir o relatório de outubro de 2026?' });
    fireEvent.click(within(again).getByRole('button', { name: text.deleteConfirmButton }));
    await waitFor(() => expect(api.callsTo('reports.delete').map((c) => c.input)).toEqual([{ id: ID }]));
    expect(await screen.findByText(text.empty)).toBeTruthy();
    expect(await screen.findByText('Relatório de outubro de 2026 excluído.')).toBeTruthy();
  });

  it('a report being made cannot be deleted: the refusal says why', async () => {
    mockTrpc({
      'auth.session': signedIn(true),
      'reports.list': () => [report()],
      'reports.delete': () => {
        throw new TrpcErrorResponse('CONFLICT', 'CONFLICT', { details: { reason: 'REPORT_BUSY' } });
      },
    });
    render(<ReportsView />);
    fireEvent.click(await screen.findByRole('button', { name: text.deleteLabel('outubro de 2026') }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: text.deleteConfirmButton }));
    expect(await screen.findByText(text.deleteBusy)).toBeTruthy();
  });
});
