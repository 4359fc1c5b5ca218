import { connectionErrorMessages, errorMessages, messages, sharedAccountMessages } from '@pauta/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../../lib/oauth';
import { fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { expectToast } from '../../test-utils/toasts';
import { deferred, mockTrpc, signedIn, TrpcErrorResponse } from '../../test-utils/trpc-mock';
import { ConnectedAccountsView } from './ConnectedAccountsView';

const text = messages.accounts;
const PENDING = '11111111-2222-4333-8444-555555555555';

const linkedin = {
  platform: 'linkedin',
  status: 'connected',
  logins: [],
  account: {
    id: '00000000-0000-4000-8000-0000000000a1',
    username: 'Ana Souza',
    name: 'Ana Souza',
    followers: 1234,
    avatarUrl: null,
    pageName: null,
    connectedAt: new Date('2026-03-05T15:00:00Z'),
    health: { state: 'ok', daysLeft: null, expiresAt: null, limitedUntil: null, needsAction: false },
  },
};
const facebook = { platform: 'facebook', status: 'not_connected', account: null, logins: [] };
const x = {
  platform: 'x',
  status: 'needs_reconnect',
  logins: [],
  account: {
    id: '00000000-0000-4000-8000-0000000000a2',
    username: 'anasouza',
    name: 'Ana',
    followers: 128,
    avatarUrl: null,
    pageName: null,
    connectedAt: new Date('2026-01-10T12:00:00Z'),
    health: {
      state: 'needs_reconnect',
      daysLeft: null,
      expiresAt: null,
      limitedUntil: null,
      needsAction: true,
    },
  },
};
const instagram = { platform: 'instagram', status: 'not_configured', account: null, logins: [] };
const cards = [linkedin, facebook, x, instagram];

function open(search = '', handlers: Record<string, unknown> = {}) {
  const api = mockTrpc({ 'auth.session': signedIn(true), 'accounts.list': cards, ...handlers });
  window.history.replaceState(null, '', `/connected-accounts${search}`);
  render(<ConnectedAccountsView />);
  return api;
}

async function card(label: string) {
  return (await screen.findByRole('article', { name: text.cardLabel(label) })) as HTMLElement;
}

afterEach(() => vi.restoreAllMocks());

describe('Contas Conectadas', () => {
  it('shows one card per network in its state', async () => {
    open();
    const li = await card('LinkedIn');
    expect(within(li).getByText(text.connected)).toBeTruthy();
    expect(within(li).getByText('Ana Souza')).toBeTruthy();
    expect(within(li).getByText(text.followersCompact('1,2k', 1234))).toBeTruthy();
    expect(within(li).getByText(text.connectedAtDate('05/03/2026'))).toBeTruthy();
    expect(within(li).getByRole('button', { name: text.disconnect })).toBeTruthy();

    const fb = await card('Facebook');
    expect(within(fb).getByText(text.notConnected)).toBeTruthy();
    expect(within(fb).getByRole('button', { name: text.connect })).toBeTruthy();

    const tw = await card('X (Twitter)');
    expect(within(tw).getByText(text.needsReconnect)).toBeTruthy();
    expect(within(tw).getByText(text.healthHint.needs_reconnect('X (Twitter)'))).toBeTruthy();
    expect(within(tw).getByText('@anasouza')).toBeTruthy();
    expect(within(tw).getByRole('button', { name: text.reconnect })).toBeTruthy();

    const ig = await card('Instagram');
    expect(within(ig).getByText(text.setupPending)).toBeTruthy();
    expect(within(ig).getByText(text.instagramNotConfigured)).toBeTruthy();
    expect(within(ig).queryByRole('button')).toBeNull();
  });

  it("shows each account's health with what to do, and Reconectar where it helps", async () => {
    const health = (state: string, extra: Record<string, unknown> = {}) => ({
      daysLeft: null,
      expiresAt: null,
      limitedUntil: null,
      needsAction: state !== 'ok' && state !== 'limited',
      state,
      ...extra,
    });
    open('', {
      'accounts.list': [
        {
          ...linkedin,
          account: {
            ...linkedin.account,
            health: health('expiring', { daysLeft: 10, expiresAt: new Date('2026-12-04T15:00:00Z') }),
          },
        },
        {
          platform: 'facebook',
          status: 'connected',
          logins: [],
          account: {
            ...linkedin.account,
            id: '00000000-0000-4000-8000-0000000000a3',
            pageName: 'Padaria da Ana',
            health: health('limited', { limitedUntil: new Date('2026-11-24T18:30:00Z') }),
          },
        },
        { ...x, account: { ...x.account, health: health('revoked') } },
        instagram,
      ],
    });
    const li = await card('LinkedIn');
    expect(within(li).getByText('Expira em 10 dias')).toBeTruthy();
    expect(within(li).getByText(text.healthHint.expiring('LinkedIn', '04/12/2026'))).toBeTruthy();
    // Still connected and publishing: Reconectar renews it early, Desconectar stays.
    expect(within(li).getByRole('button', { name: text.reconnect })).toBeTruthy();
    expect(within(li).getByRole('button', { name: text.disconnect })).toBeTruthy();

    const fb = await card('Facebook');
    expect(within(fb).getByText(text.health.limited)).toBeTruthy();
    expect(within(fb).getByText(text.healthHint.limited('Facebook', '24/11/2026 15:30'))).toBeTruthy();
    // A limit passes by itself: nothing to reconnect.
    expect(within(fb).queryByRole('button', { name: text.reconnect })).toBeNull();

    const tw = await card('X (Twitter)');
    expect(within(tw).getByText(text.health.revoked)).toBeTruthy();
    expect(within(tw).getByText(text.healthHint.revoked('X (Twitter)'))).toBeTruthy();
    expect(within(tw).getByRole('button', { name: text.reconnect })).toBeTruthy();
  });

  it('says so, in pt-BR, when the person authorised another account of the network', async () => {
    open('?connection=true&error=OAUTH_FAILED&reason=different_account&platform=linkedin');
    expect(await screen.findByText(text.differentAccount('LinkedIn'))).toBeTruthy();
  });

  it('connects with a full-page navigation, showing Conectando... and waiting', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    open();
    const fb = await card('Facebook');
    fireEvent.click(within(fb).getByRole('button', { name: text.connect }));
    expect(assign).toHaveBeenCalledWith('/auth/oauth/facebook/start?purpose=connect');
    const pending = within(fb).getByRole('button', { name: text.connecting }) as HTMLButtonElement;
    expect(pending.disabled).toBe(true);
    const tw = await card('X (Twitter)');
    expect((within(tw).getByRole('button', { name: text.reconnect }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(window.sessionStorage.getItem('pauta:connect-platform')).toBe('facebook');
  });

  it('confirms, disconnects and says so', async () => {
    const answer = deferred<unknown>();
    const api = open('', { 'accounts.disconnect': () => answer.promise });
    const li = await card('LinkedIn');
    fireEvent.click(within(li).getByRole('button', { name: text.disconnect }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(text.confirmDisconnect('LinkedIn'))).toBeTruthy();
    expect(api.callsTo('accounts.disconnect')).toHaveLength(0);
    api.set('accounts.list', [
      { platform: 'linkedin', status: 'not_connected', account: null, logins: [] },
      facebook,
      x,
      instagram,
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: text.disconnect }));
    expect(await within(dialog).findByRole('button', { name: text.disconnecting })).toBeTruthy();
    answer.resolve({ ok: true });
    await expectToast(messages.common.success, text.disconnected('LinkedIn'));
    expect(api.callsTo('accounts.disconnect')[0]?.input).toEqual({ id: linkedin.account.id });
    await waitFor(async () =>
      expect(within(await card('LinkedIn')).getByText(text.notConnected)).toBeTruthy(),
    );
  });

  describe('the same network account in another workspace', () => {
    const elsewhere = { names: ['Agência Lua'], hidden: 1 };
    const shared = { ...linkedin, account: { ...linkedin.account, alsoConnectedIn: elsewhere } };
    const also = 'Esta conta também está conectada em Agência Lua e em outro cliente do Pauta.';
    const kept =
      'A conta continua conectada em Agência Lua e em outro cliente do Pauta; o acesso da Pauta na rede não foi revogado.';

    it('says so on the card, naming only what the server named', async () => {
      open('', { 'accounts.list': [shared, facebook, x, instagram] });
      const li = await card('LinkedIn');
      expect(sharedAccountMessages.alsoConnected(elsewhere)).toBe(also);
      expect(within(li).getByText(also)).toBeTruthy();
      expect(screen.getAllByText(/também está conectada/)).toHaveLength(1);
    });

    it('says so in the notice after connecting', async () => {
      window.sessionStorage.setItem('pauta:connect-platform', 'linkedin');
      open('?connection=true', { 'accounts.list': [shared, facebook, x, instagram] });
      await expectToast(messages.common.success, `${text.connectedSuccess('LinkedIn')} ${also}`);
    });

    it('disconnecting: the dialog and the notice say it stays connected there and nothing was revoked', async () => {
      open('', {
        'accounts.list': [shared, facebook, x, instagram],
        'accounts.disconnect': { ok: true, stillConnectedIn: elsewhere },
      });
      fireEvent.click(within(await card('LinkedIn')).getByRole('button', { name: text.disconnect }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(kept)).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: text.disconnect }));
      await expectToast(messages.common.success, `${text.disconnected('LinkedIn')} ${kept}`);
    });
  });

  it('reports a failed disconnect', async () => {
    open('', {
      'accounts.disconnect': () => {
        throw new TrpcErrorResponse('NOT_FOUND', 'NOT_FOUND');
      },
    });
    fireEvent.click(within(await card('LinkedIn')).getByRole('button', { name: text.disconnect }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: text.disconnect }));
    await expectToast(messages.common.error, text.disconnectError);
  });

  it('shows skeletons, then the load error with a retry', async () => {
    const answer = deferred<void>();
    const api = open('', {
      // A 4xx answer is not retried, so the error shows at once.
      'accounts.list': () =>
        answer.promise.then(() => {
          throw new TrpcErrorResponse('FORBIDDEN', 'FORBIDDEN');
        }),
    });
    expect(screen.getByLabelText(messages.common.loading).getAttribute('aria-busy')).toBe('true');
    answer.resolve();
    await expectToast(messages.common.error, text.loadError);
    expect(await screen.findByRole('heading', { name: text.loadError })).toBeTruthy();
    api.set('accounts.list', cards);
    fireEvent.click(screen.getByRole('button', { name: messages.common.tryAgain }));
    expect(await card('LinkedIn')).toBeTruthy();
  });

  it('cleans ?connection=true and reloads the accounts after 1 s', async () => {
    window.sessionStorage.setItem('pauta:connect-platform', 'linkedin');
    const api = open('?connection=true');
    await card('LinkedIn');
    await expectToast(messages.common.success, text.connectedSuccess('LinkedIn'));
    expect(api.callsTo('accounts.list')).toHaveLength(1);
    await waitFor(() => expect(window.location.search).toBe(''), { timeout: 2500 });
    expect(window.location.pathname).toBe('/connected-accounts');
    await waitFor(() => expect(api.callsTo('accounts.list')).toHaveLength(2));
  });

  it('lets the user pick the Facebook Page of a pending connection', async () => {
    const api = open(`?connection=true&pickPage=${PENDING}`, {
      'accounts.pendingPages': {
        pages: [
          { id: '30000000001', name: 'Loja da Dona' },
          { id: '30000000002', name: 'Dona Receitas' },
        ],
      },
      'accounts.selectFacebookPage': { platform: 'facebook', pageName: 'Dona Receitas' },
    });
    const dialog = await screen.findByRole('dialog', { name: text.pickPageTitle });
    expect(await within(dialog).findAllByRole('radio')).toHaveLength(2);
    expect(api.callsTo('accounts.pendingPages')[0]?.input).toEqual({ pendingId: PENDING });
    fireEvent.click(within(dialog).getByRole('button', { name: text.pickPageConfirm }));
    expect(await within(dialog).findByText(text.pickPageRequired)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Dona Receitas' }));
    fireEvent.click(within(dialog).getByRole('button', { name: text.pickPageConfirm }));
    await expectToast(messages.common.success, text.connectedSuccess('Facebook'));
    expect(api.callsTo('accounts.selectFacebookPage')[0]?.input).toEqual({
      pendingId: PENDING,
      pageId: '30000000002',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when saving the chosen Page failed', async () => {
    open(`?connection=true&pickPage=${PENDING}`, {
      'accounts.pendingPages': { pages: [{ id: '30000000001', name: 'Loja da Dona' }] },
      'accounts.selectFacebookPage': () => {
        throw new TrpcErrorResponse('BAD_REQUEST', 'OAUTH_FAILED');
      },
    });
    const dialog = await screen.findByRole('dialog', { name: text.pickPageTitle });
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'Loja da Dona' }));
    fireEvent.click(within(dialog).getByRole('button', { name: text.pickPageConfirm }));
    await expectToast(messages.common.error, text.saveError);
  });

  it('refuses, in pt-BR, another Page than the connected one when reconnecting', async () => {
    open(`?connection=true&pickPage=${PENDING}`, {
      'accounts.pendingPages': { pages: [{ id: '30000000002', name: 'Outra Loja' }] },
      'accounts.selectFacebookPage': () => {
        throw new TrpcErrorResponse('BAD_REQUEST', 'OAUTH_FAILED', {
          details: { platform: 'facebook', reason: 'different_account' },
        });
      },
    });
    const dialog = await screen.findByRole('dialog', { name: text.pickPageTitle });
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'Outra Loja' }));
    fireEvent.click(within(dialog).getByRole('button', { name: text.pickPageConfirm }));
    await expectToast(messages.common.error, text.differentPage);
  });

  it('says when the pending choice cannot be read', async () => {
    open(`?connection=true&pickPage=${PENDING}`, {
      'accounts.pendingPages': () => {
        throw new TrpcErrorResponse('NOT_FOUND', 'NOT_FOUND');
      },
    });
    await expectToast(messages.common.error, text.processError);
    const dialog = await screen.findByRole('dialog', { name: text.pickPageTitle });
    expect(within(dialog).getByText(text.pickPageExpired)).toBeTruthy();
  });

  it.each([
    [
      '?connection=true&error=OAUTH_FAILED&reason=access_denied&platform=x',
      connectionErrorMessages.access_denied.default,
    ],
    [
      '?connection=true&error=redirect_uri_mismatch&platform=linkedin',
      connectionErrorMessages.invalid_path.linkedin,
    ],
    ['?connection=true&error=invalid_scope&platform=x', connectionErrorMessages.unauthorized_scope.x],
    [
      '?connection=true&error=OAUTH_FAILED&reason=network&platform=linkedin',
      connectionErrorMessages.network.default,
    ],
    ['?connection=true&error=PLATFORM_NOT_CONFIGURED&platform=instagram', text.instagramNotConfigured],
    ['?connection=true&error=PLATFORM_NOT_CONFIGURED&platform=x', errorMessages.PLATFORM_NOT_CONFIGURED],
    ['?connection=true&error=OAUTH_FAILED&reason=no_pages&platform=facebook', text.noFacebookPages],
    ['?connection=true&error=server_error', text.connectUnexpectedWithDetails('server_error')],
  ])('shows the account connection error of %s', async (search, message) => {
    open(search);
    await expectToast(messages.auth.authErrorTitle, message);
  });
});
