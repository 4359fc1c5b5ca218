// Several accounts of one network in Contas Conectadas (docs/workspaces.md): each active account in
// its network's card with its own health, Reconectar and Desconectar (the dialog names it);
// "Conectar outra conta" starts the connect flow with the intent (OAuth, connect form), and a
// return of an account already connected says so in pt-BR.
import { messages } from '@pauta/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../../lib/oauth';
import { fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { expectToast } from '../../test-utils/toasts';
import { deferred, mockTrpc, signedIn } from '../../test-utils/trpc-mock';
import { ConnectedAccountsView } from './ConnectedAccountsView';

const text = messages.accounts;

const health = (state: string) => ({
  state,
  daysLeft: null,
  expiresAt: null,
  limitedUntil: null,
  needsAction: state === 'needs_reconnect' || state === 'revoked',
});
const account = (id: string, username: string, name: string, state = 'ok') => ({
  id,
  username,
  name,
  followers: 128,
  avatarUrl: null,
  pageName: null,
  textLimit: null,
  connectedAt: new Date('2026-03-05T15:00:00Z'),
  health: health(state),
  alsoConnectedIn: null,
  login: null,
});
const ana = account('00000000-0000-4000-8000-0000000000b1', 'anasouza', 'Ana Souza');
const bruno = account('00000000-0000-4000-8000-0000000000b2', 'brunolima', 'Bruno Lima', 'needs_reconnect');
const xTwo = { platform: 'x', status: 'needs_reconnect', logins: [], account: ana, accounts: [ana, bruno] };
const linkedinOne = {
  platform: 'linkedin',
  status: 'connected',
  logins: [],
  account: { ...ana, id: '00000000-0000-4000-8000-0000000000b3', username: 'Ana Souza' },
  accounts: [{ ...ana, id: '00000000-0000-4000-8000-0000000000b3', username: 'Ana Souza' }],
};
const bluesky = {
  platform: 'bluesky',
  status: 'connected',
  logins: [],
  account: { ...ana, id: '00000000-0000-4000-8000-0000000000b4', username: 'anasouza.bsky.social' },
  accounts: [{ ...ana, id: '00000000-0000-4000-8000-0000000000b4', username: 'anasouza.bsky.social' }],
};

function open(search = '', handlers: Record<string, unknown> = {}) {
  const api = mockTrpc({
    'auth.session': signedIn(true),
    'accounts.list': [linkedinOne, xTwo, bluesky],
    ...handlers,
  });
  window.history.replaceState(null, '', `/connected-accounts${search}`);
  render(<ConnectedAccountsView />);
  return api;
}

async function card(label: string) {
  return (await screen.findByRole('article', { name: text.cardLabel(label) })) as HTMLElement;
}

afterEach(() => vi.restoreAllMocks());

describe('several accounts of one network', () => {
  it('lists each account in the card with its own health and buttons', async () => {
    open();
    const x = await card('X (Twitter)');
    expect(within(x).getByText(text.accountsCount(2))).toBeTruthy();
    const list = within(x).getByRole('list', { name: text.accountsListLabel('X (Twitter)') });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      text.accountLabel('Ana Souza'),
      text.accountLabel('Bruno Lima'),
    ]);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText(text.connected)).toBeTruthy();
    expect(within(first).queryByRole('button', { name: text.reconnect })).toBeNull();
    expect(within(first).getByRole('button', { name: text.disconnect })).toBeTruthy();
    expect(within(second).getByText(text.needsReconnect)).toBeTruthy();
    expect(within(second).getByText(text.healthHint.needs_reconnect('X (Twitter)'))).toBeTruthy();
    expect(within(second).getByRole('button', { name: text.reconnect })).toBeTruthy();
    expect(within(second).getByText(/@brunolima/)).toBeTruthy();
    // One "Conectar outra conta" per card; no card-level Desconectar when there are several.
    expect(within(x).getAllByRole('button', { name: text.connectAnother })).toHaveLength(1);
    expect(within(x).getAllByRole('button', { name: text.disconnect })).toHaveLength(2);
  });

  it('Desconectar of one account names it and disconnects only it', async () => {
    const answer = deferred<unknown>();
    const api = open('', { 'accounts.disconnect': () => answer.promise });
    const x = await card('X (Twitter)');
    const second = within(x).getByRole('listitem', { name: text.accountLabel('Bruno Lima') });
    fireEvent.click(within(second).getByRole('button', { name: text.disconnect }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(text.confirmDisconnectAccount('Bruno Lima', 'X (Twitter)'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: text.disconnect }));
    const busy = (await within(dialog).findByRole('button', {
      name: text.disconnecting,
    })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    answer.resolve({ ok: true, stillConnectedIn: null });
    await expectToast(messages.common.success, text.disconnectedAccount('Bruno Lima', 'X (Twitter)'));
    expect(api.callsTo('accounts.disconnect').map((call) => call.input)).toEqual([{ id: bruno.id }]);
  });

  it('Conectar outra conta starts the connect flow with the intent; Reconectar of one account without it', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    open();
    const li = await card('LinkedIn');
    // A single account: its details as before, and the way to add another.
    expect(within(li).getByText(text.connected)).toBeTruthy();
    fireEvent.click(within(li).getByRole('button', { name: text.connectAnother }));
    expect(assign).toHaveBeenCalledWith('/auth/oauth/linkedin/start?purpose=connect&intent=another');
    const waiting = within(li).getByRole('button', { name: text.connecting }) as HTMLButtonElement;
    expect(waiting.disabled).toBe(true);
    const x = await card('X (Twitter)');
    for (const button of within(x).getAllByRole('button'))
      expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('Reconectar of one of several accounts starts a plain connect (never adds one)', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    open();
    const x = await card('X (Twitter)');
    const second = within(x).getByRole('listitem', { name: text.accountLabel('Bruno Lima') });
    fireEvent.click(within(second).getByRole('button', { name: text.reconnect }));
    expect(assign).toHaveBeenCalledWith('/auth/oauth/x/start?purpose=connect');
  });

  it('says in pt-BR when Conectar outra conta authorised an account already connected', async () => {
    window.sessionStorage.setItem('pauta:connect-platform', 'x');
    open('?connection=true&already=true');
    await expectToast(messages.common.success, text.alreadyConnected);
  });

  it('a connect form network (Bluesky): Conectar outra conta sends the intent with the form', async () => {
    const api = open('', {
      'accounts.connectForm': { platform: 'bluesky', username: 'joao.bsky.social', alreadyConnected: true },
    });
    fireEvent.click(within(await card('Bluesky')).getByRole('button', { name: text.connectAnother }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Usuário ou e-mail', { exact: false }), {
      target: { value: 'joao.bsky.social' },
    });
    fireEvent.change(within(dialog).getByLabelText('Senha de app', { exact: false }), {
      target: { value: 'qrst-uvwx-yzab-cdef' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conectar' }));
    await expectToast(messages.common.success, text.alreadyConnected);
    await waitFor(() =>
      expect(api.callsTo('accounts.connectForm').map((call) => call.input)).toEqual([
        {
          platform: 'bluesky',
          fields: { identifier: 'joao.bsky.social', password: 'qrst-uvwx-yzab-cdef' },
          another: true,
        },
      ]),
    );
  });
});
