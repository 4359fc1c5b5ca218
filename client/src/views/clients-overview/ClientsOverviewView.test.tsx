// "Todos os clientes" in the client: loading, error (with a retry), empty, the cards with their
// counts and the links into each cliente's filtered view, the Cliente role's narrower card, and
// the switcher's way in.
import { messages, workspaceAdminMessages } from '@pauta/core';
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

const text = workspaceAdminMessages.overview;
const padaria = {
  id: 'ws-padaria',
  name: 'Padaria Pão Quente',
  color: '#E8590C',
  personal: false,
  role: 'owner',
};
const academia = { id: 'ws-academia', name: 'Academia Forte', color: null, personal: false, role: 'client' };
const list = { workspaces: [personalWorkspace, academia, padaria] };

const counts = (c: Partial<Record<string, number | null>>) => ({
  dueToday: 0,
  approvalInternal: 0,
  approvalClient: 0,
  attention: 0,
  accountsToReconnect: 0,
  ...c,
});

const overview = {
  today: '2026-11-27',
  timeZone: 'America/Sao_Paulo',
  clientes: [
    { ...personalWorkspace, logoUrl: null, counts: counts({ attention: 1 }) },
    {
      ...academia,
      logoUrl: null,
      counts: {
        dueToday: null,
        approvalInternal: null,
        approvalClient: 3,
        attention: null,
        accountsToReconnect: null,
      },
    },
    {
      ...padaria,
      logoUrl: '/media/workspaces/p/logo.webp?exp=1&sig=x',
      counts: counts({
        dueToday: 2,
        approvalInternal: 4,
        approvalClient: 1,
        attention: 5,
        accountsToReconnect: 1,
      }),
    },
  ],
};

async function open(path: string, handlers: Record<string, unknown>) {
  const api = mockTrpc({ 'auth.session': signedIn(true), 'workspaces.list': list, ...handlers });
  window.history.replaceState(null, '', path);
  render(<App />);
  await screen.findByRole('navigation', { name: messages.nav.mainNavigation }, { timeout: 10_000 });
  return api;
}

describe('Todos os clientes', () => {
  it('shows a card per cliente, each count a link into that cliente with its filter', async () => {
    const answer = deferred<unknown>();
    await open('/clients-overview?cliente=ws-padaria', {
      'overview.clientes': () => answer.promise,
      'overview.logos': { logos: {} },
    });
    expect(await screen.findByRole('status', { name: messages.common.loading })).toBeTruthy();
    answer.resolve(overview);
    const card = await screen.findByRole('region', { name: text.open('Padaria Pão Quente') });
    const due = within(card).getByRole('link', {
      name: text.countLink(2, text.dueToday(2), 'Padaria Pão Quente'),
    });
    expect(due.getAttribute('href')).toBe(
      '/scheduled-posts?scheduledFrom=2026-11-27&scheduledTo=2026-11-27&status=scheduled&cliente=ws-padaria',
    );
    const attention = within(card).getByRole('link', {
      name: text.countLink(5, text.attention(5), 'Padaria Pão Quente'),
    });
    expect(decodeURIComponent(attention.getAttribute('href')!)).toBe(
      '/scheduled-posts?status=failed,needs_attention,missed&cliente=ws-padaria',
    );
    expect(
      within(card)
        .getByRole('link', { name: text.countLink(1, text.accounts(1), 'Padaria Pão Quente') })
        .getAttribute('href'),
    ).toBe('/connected-accounts?cliente=ws-padaria');
    expect(
      within(card)
        .getByRole('link', { name: text.countLink(4, text.approvalInternal(4), 'Padaria Pão Quente') })
        .getAttribute('href'),
    ).toBe('/approval-board?cliente=ws-padaria');
    expect(within(card).getByText('Seu papel: Proprietário')).toBeTruthy();

    // A Cliente member: only the client's count, not a link to a board they cannot open.
    const client = screen.getByRole('region', { name: text.open('Academia Forte') });
    expect(within(client).getByText(text.approvalClient(3))).toBeTruthy();
    expect(within(client).queryByText(text.dueToday(0))).toBeNull();
    expect(within(client).queryAllByRole('link')).toHaveLength(1);
    expect(within(client).getByText(text.clientOnly)).toBeTruthy();

    // Following a count opens that cliente's view with its filter.
    fireEvent.click(due);
    await waitFor(() => expect(window.location.pathname).toBe('/scheduled-posts'));
    expect(new URLSearchParams(window.location.search).get('cliente')).toBe('ws-padaria');
    expect(new URLSearchParams(window.location.search).get('status')).toBe('scheduled');
  });

  it('says what went wrong and retries', async () => {
    let fail = true;
    const api = await open('/clients-overview?cliente=ws-padaria', {
      'overview.clientes': () => {
        if (fail) throw new TrpcErrorResponse('INTERNAL_SERVER_ERROR', 'INTERNAL');
        return overview;
      },
    });
    expect(await screen.findByText(text.loadError)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: messages.common.tryAgain }));
    expect(await screen.findByRole('region', { name: text.open('Padaria Pão Quente') })).toBeTruthy();
    expect(api.callsTo('overview.clientes').length).toBeGreaterThan(1);
  });

  it('has an empty state for a person with one cliente', async () => {
    await open('/clients-overview', {
      'workspaces.list': { workspaces: [personalWorkspace] },
      'overview.clientes': { ...overview, clientes: [overview.clientes[0]] },
    });
    expect(await screen.findByText(text.emptyTitle)).toBeTruthy();
  });

  it('is reached from the switcher, which shows the logos', async () => {
    await open('/themes?cliente=ws-padaria', {
      'themes.list': [],
      'overview.logos': { logos: { 'ws-padaria': '/media/workspaces/p/logo.webp?exp=1&sig=x' } },
      'overview.clientes': overview,
    });
    const header = screen.getByRole('banner');
    const switcher = await within(header).findByRole('button', {
      name: messages.workspaces.switcherLabel('Padaria Pão Quente'),
    });
    await waitFor(() => expect(switcher.querySelector('[data-cliente-mark="logo"]')).not.toBeNull());
    fireEvent.click(switcher);
    const menu = await screen.findByRole('menu');
    fireEvent.click(within(menu).getByRole('menuitem', { name: workspaceAdminMessages.switcher.overview }));
    await waitFor(() => expect(window.location.pathname).toBe('/clients-overview'));
    expect(await screen.findByRole('region', { name: text.open('Academia Forte') })).toBeTruthy();
  });
});
