// Bluesky in Contas Conectadas: Conectar opens the network's connect form (its browser profile
// declares the fields; no redirect), empty fields are named in pt-BR before any call, a wrong app
// password shows Bluesky's pt-BR refusal and clears the password, the right one connects once.
import { messages } from '@pauta/core';
import { NETWORK_PROFILES } from '@pauta/networks/browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../../lib/oauth';
import { fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { expectToast } from '../../test-utils/toasts';
import { mockTrpc, signedIn, TrpcErrorResponse } from '../../test-utils/trpc-mock';
import { ConnectedAccountsView } from './ConnectedAccountsView';

const text = messages.accounts;
const profile = NETWORK_PROFILES.bluesky;

function open(handlers: Record<string, unknown> = {}) {
  const api = mockTrpc({
    'auth.session': signedIn(true),
    'accounts.list': [{ platform: 'bluesky', status: 'not_connected', account: null, logins: [] }],
    ...handlers,
  });
  window.history.replaceState(null, '', '/connected-accounts');
  render(<ConnectedAccountsView />);
  return api;
}

async function openForm() {
  const card = (await screen.findByRole('article', { name: text.cardLabel('Bluesky') })) as HTMLElement;
  fireEvent.click(within(card).getByRole('button', { name: text.connect }));
  return screen.findByRole('dialog', { name: profile.connectForm!.title });
}

function type(dialog: HTMLElement, label: string, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label, { exact: false }), { target: { value } });
}

afterEach(() => vi.restoreAllMocks());

describe('Bluesky in Contas Conectadas', () => {
  it('Conectar opens the app-password form instead of leaving the page; empty fields are named', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    const api = open();
    const dialog = await openForm();
    expect(assign).not.toHaveBeenCalled();
    expect(within(dialog).getByText(/senha de app não é guardada/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conectar' }));
    expect(await within(dialog).findByText(text.formFieldRequired('Usuário ou e-mail'))).toBeTruthy();
    expect(within(dialog).getByText(text.formFieldRequired('Senha de app'))).toBeTruthy();
    expect(api.callsTo('accounts.connectForm')).toHaveLength(0);
  });

  it('a wrong app password: the pt-BR refusal in the dialog, the password cleared; then it connects once', async () => {
    let attempt = 0;
    const api = open({
      'accounts.connectForm': () => {
        attempt += 1;
        if (attempt === 1)
          throw new TrpcErrorResponse('BAD_REQUEST', 'OAUTH_FAILED', {
            details: { platform: 'bluesky', reason: 'bluesky_bad_password' },
          });
        return { platform: 'bluesky', username: 'anasouza.bsky.social' };
      },
    });
    const dialog = await openForm();
    type(dialog, 'Usuário ou e-mail', 'anasouza.bsky.social');
    type(dialog, 'Senha de app', 'aaaa-bbbb-cccc-dddd');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conectar' }));
    expect(await within(dialog).findByText(profile.accountCard.refusals!.bluesky_bad_password!)).toBeTruthy();
    expect((within(dialog).getByLabelText('Senha de app', { exact: false }) as HTMLInputElement).value).toBe(
      '',
    );

    type(dialog, 'Senha de app', 'abcd-efgh-ijkl-mnop');
    const submit = within(dialog).getByRole('button', { name: 'Conectar' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await expectToast(messages.common.success, text.connectedSuccess('Bluesky'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('accounts.connectForm').map((call) => call.input)).toEqual([
      {
        platform: 'bluesky',
        fields: { identifier: 'anasouza.bsky.social', password: 'aaaa-bbbb-cccc-dddd' },
      },
      {
        platform: 'bluesky',
        fields: { identifier: 'anasouza.bsky.social', password: 'abcd-efgh-ijkl-mnop' },
      },
    ]);
  });
});
