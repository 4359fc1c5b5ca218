// Instagram in Contas Conectadas: the Conectar button follows the server's configuration (sandbox
// or INSTAGRAM_CLIENT_*), a connected account shows its @username and Page, several linked
// accounts open the choice, and each failure has its pt-BR text.
import { messages } from '@pauta/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../../lib/oauth';
import { fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { expectToast } from '../../test-utils/toasts';
import { deferred, mockTrpc, signedIn, TrpcErrorResponse } from '../../test-utils/trpc-mock';
import { ConnectedAccountsView } from './ConnectedAccountsView';

const text = messages.accounts;
const PENDING = '11111111-2222-4333-8444-666666666666';

const others = [
  { platform: 'linkedin', status: 'not_connected', account: null, logins: [] },
  { platform: 'facebook', status: 'not_connected', account: null, logins: [] },
  { platform: 'x', status: 'not_connected', account: null, logins: [] },
];
const connectedInstagram = {
  platform: 'instagram',
  status: 'connected',
  logins: [],
  account: {
    id: '00000000-0000-4000-8000-0000000000b1',
    username: 'carladias.ig',
    name: 'Carla Dias',
    followers: null,
    avatarUrl: null,
    pageName: 'Ateliê da Carla',
    connectedAt: new Date('2026-03-05T15:00:00Z'),
    // A Page token does not expire (account health, issue 18).
    health: { state: 'ok', daysLeft: null, expiresAt: null, limitedUntil: null, needsAction: false },
  },
};

function open(instagram: unknown, search = '', handlers: Record<string, unknown> = {}) {
  const api = mockTrpc({
    'auth.session': signedIn(true),
    'accounts.list': [...others, instagram],
    ...handlers,
  });
  window.history.replaceState(null, '', `/connected-accounts${search}`);
  render(<ConnectedAccountsView />);
  return api;
}

async function instagramCard() {
  return (await screen.findByRole('article', { name: text.cardLabel('Instagram') })) as HTMLElement;
}

afterEach(() => vi.restoreAllMocks());

describe('Instagram in Contas Conectadas', () => {
  it('not configured: Configuração pendente with the administrator text, no button', async () => {
    open({ platform: 'instagram', status: 'not_configured', account: null, logins: [] });
    const ig = await instagramCard();
    expect(within(ig).getByText(text.setupPending)).toBeTruthy();
    expect(within(ig).getByText(text.instagramNotConfigured)).toBeTruthy();
    expect(within(ig).queryByRole('button')).toBeNull();
  });

  it('configured: Conectar starts Facebook Login for Instagram and waits (disabled) meanwhile', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    open({ platform: 'instagram', status: 'not_connected', account: null, logins: [] });
    const ig = await instagramCard();
    expect(within(ig).getByText(text.notConnected)).toBeTruthy();
    expect(within(ig).queryByText(text.instagramNotConfigured)).toBeNull();
    const button = within(ig).getByRole('button', { name: text.connect }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    fireEvent.click(button);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/auth/oauth/instagram/start?purpose=connect');
    const waiting = within(ig).getByRole('button', { name: text.connecting }) as HTMLButtonElement;
    expect(waiting.disabled).toBe(true);
    expect(window.sessionStorage.getItem('pauta:connect-platform')).toBe('instagram');
  });

  it('both logins configured: one button each; Conectar com o Instagram starts Instagram Login', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    open({
      platform: 'instagram',
      status: 'not_connected',
      account: null,
      logins: ['instagram', 'instagram_login'],
    });
    const ig = await instagramCard();
    expect(within(ig).getByText(text.instagramLoginsHint)).toBeTruthy();
    // Instagram Login first: it needs no Facebook Page.
    expect(
      within(ig)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([text.connectWithInstagram, text.connectWithFacebook]);
    fireEvent.click(within(ig).getByRole('button', { name: text.connectWithInstagram }));
    expect(assign).toHaveBeenCalledWith('/auth/oauth/instagram/start?purpose=connect&login=instagram_login');
    for (const button of within(ig).getAllByRole('button'))
      expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('both logins configured: Conectar outra conta asks which login the new account uses', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    open({
      ...connectedInstagram,
      logins: ['instagram', 'instagram_login'],
      account: { ...connectedInstagram.account, login: 'instagram_login' },
    });
    const ig = await instagramCard();
    fireEvent.click(within(ig).getByRole('button', { name: text.connectAnother }));
    const items = await screen.findAllByRole('menuitem');
    // The same choices as Conectar, in the same order: the first account's login is not imposed.
    expect(items.map((item) => item.textContent)).toEqual([
      text.connectWithInstagram,
      text.connectWithFacebook,
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: text.connectWithFacebook }));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith(
      '/auth/oauth/instagram/start?purpose=connect&login=instagram&intent=another',
    );
    const waiting = within(ig).getByRole('button', { name: text.connecting }) as HTMLButtonElement;
    expect(waiting.disabled).toBe(true);
  });

  it('Reconectar reuses the login the account was connected with', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    open({
      ...connectedInstagram,
      status: 'needs_reconnect',
      logins: ['instagram', 'instagram_login'],
      account: {
        ...connectedInstagram.account,
        pageName: null,
        login: 'instagram_login',
        health: {
          state: 'needs_reconnect',
          daysLeft: null,
          expiresAt: null,
          limitedUntil: null,
          needsAction: true,
        },
      },
    });
    const ig = await instagramCard();
    expect(within(ig).getByText(text.connectedWithInstagram)).toBeTruthy();
    expect(within(ig).queryByRole('button', { name: text.connectWithFacebook })).toBeNull();
    fireEvent.click(within(ig).getByRole('button', { name: text.reconnect }));
    expect(assign).toHaveBeenCalledWith('/auth/oauth/instagram/start?purpose=connect&login=instagram_login');
  });

  it('a personal Instagram account refused by Instagram Login: the pt-BR guidance', async () => {
    open(
      {
        platform: 'instagram',
        status: 'not_connected',
        account: null,
        logins: ['instagram', 'instagram_login'],
      },
      '?connection=true&error=OAUTH_FAILED&platform=instagram&reason=personal_account',
    );
    await expectToast(messages.auth.authErrorTitle, text.instagramPersonalAccount);
  });

  it('connected: the @username, its Page, and Desconectar', async () => {
    open(connectedInstagram);
    const ig = await instagramCard();
    expect(within(ig).getByText(text.connected)).toBeTruthy();
    expect(within(ig).getByText('@carladias.ig')).toBeTruthy();
    expect(within(ig).getByText(text.pageLabel('Ateliê da Carla'))).toBeTruthy();
    expect(within(ig).getByRole('button', { name: text.disconnect })).toBeTruthy();
  });

  it('several linked accounts: picks one (once, on a double click) and says so', async () => {
    const answer = deferred<unknown>();
    const api = open(
      { platform: 'instagram', status: 'not_connected', account: null, logins: [] },
      `?connection=true&pickInstagram=${PENDING}`,
      {
        'accounts.pendingPages': {
          pages: [
            { id: '17841400000000111', name: 'padariadodavi', pageName: 'Padaria do Davi' },
            { id: '17841400000000113', name: 'davireceitas', pageName: 'Davi Receitas' },
          ],
        },
        'accounts.selectInstagramAccount': () => answer.promise,
      },
    );
    const dialog = await screen.findByRole('dialog', { name: text.pickInstagramTitle });
    expect(within(dialog).getByText(text.pickInstagramDescription)).toBeTruthy();
    expect(await within(dialog).findAllByRole('radio')).toHaveLength(2);
    expect(within(dialog).getByText(text.pageLabel('Davi Receitas'))).toBeTruthy();
    expect(api.callsTo('accounts.pendingPages')[0]?.input).toEqual({ pendingId: PENDING });
    // No success toast for the return itself: the choice is still to be made.
    fireEvent.click(within(dialog).getByRole('button', { name: text.pickInstagramConfirm }));
    expect(await within(dialog).findByText(text.pickInstagramRequired)).toBeTruthy();
    expect(api.callsTo('accounts.selectInstagramAccount')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('radio', { name: '@davireceitas' }));
    api.set('accounts.list', [
      ...others,
      {
        ...connectedInstagram,
        account: { ...connectedInstagram.account, username: 'davireceitas', pageName: 'Davi Receitas' },
      },
    ]);
    const confirm = within(dialog).getByRole('button', { name: text.pickInstagramConfirm });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(
      (await within(dialog).findByRole('button', { name: messages.common.saving })).hasAttribute('disabled'),
    ).toBe(true);
    answer.resolve({ platform: 'instagram', username: 'davireceitas' });
    await expectToast(messages.common.success, text.connectedSuccess('Instagram'));
    expect(api.callsTo('accounts.selectInstagramAccount').map((call) => call.input)).toEqual([
      { pendingId: PENDING, accountId: '17841400000000113' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () => expect(within(await instagramCard()).getByText('@davireceitas')).toBeTruthy());
  });

  it('an account no longer linked to the Pages: its own text', async () => {
    open(
      { platform: 'instagram', status: 'not_connected', account: null, logins: [] },
      `?connection=true&pickInstagram=${PENDING}`,
      {
        'accounts.pendingPages': {
          pages: [{ id: '17841400000000111', name: 'padariadodavi', pageName: 'Padaria do Davi' }],
        },
        'accounts.selectInstagramAccount': () => {
          throw new TrpcErrorResponse('BAD_REQUEST', 'OAUTH_FAILED', {
            details: { platform: 'instagram', reason: 'account_unavailable' },
          });
        },
      },
    );
    const dialog = await screen.findByRole('dialog', { name: text.pickInstagramTitle });
    fireEvent.click(await within(dialog).findByRole('radio', { name: '@padariadodavi' }));
    fireEvent.click(within(dialog).getByRole('button', { name: text.pickInstagramConfirm }));
    await expectToast(messages.common.error, text.instagramAccountUnavailable);
  });

  it('an expired choice says to connect Instagram again', async () => {
    open(
      { platform: 'instagram', status: 'not_connected', account: null, logins: [] },
      `?connection=true&pickInstagram=${PENDING}`,
      {
        'accounts.pendingPages': () => {
          throw new TrpcErrorResponse('NOT_FOUND', 'NOT_FOUND');
        },
      },
    );
    const dialog = await screen.findByRole('dialog', { name: text.pickInstagramTitle });
    expect(await within(dialog).findByText(text.pickInstagramExpired)).toBeTruthy();
  });

  it.each([
    ['no_instagram_account', text.noInstagramAccount],
    ['no_pages', text.noInstagramAccount],
    ['permissions_declined', text.instagramPermissionsDeclined],
  ])('a refused Instagram connection (%s): the pt-BR guidance', async (reason, message) => {
    open(
      { platform: 'instagram', status: 'not_connected', account: null, logins: [] },
      `?connection=true&error=OAUTH_FAILED&reason=${reason}&platform=instagram`,
    );
    await expectToast(messages.auth.authErrorTitle, message);
  });
});
