import { messages } from '@pauta/core';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { rememberOAuthProvider } from '../../lib/oauth';
import { act, render, screen, waitFor, within } from '../../test-utils/render';
import { deferred, mockTrpc, signedIn, signedOut, TrpcErrorResponse } from '../../test-utils/trpc-mock';

const text = messages.auth;

function renderCallback(search: string) {
  window.history.replaceState(null, '', `/auth/callback${search}`);
  return render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

async function toast(title: string) {
  const titleNode = await screen.findByText(title, { selector: '.mantine-Notification-title' });
  return titleNode.closest('.mantine-Notification-root') as HTMLElement;
}

describe('/auth/callback', () => {
  it('exchanges the code once (even under StrictMode), refreshes the session and enters the app', async () => {
    const exchange = deferred<unknown>();
    const api = mockTrpc({
      'auth.session': signedOut,
      'auth.adminCheck': { isAdmin: false },
      'auth.completeOAuth': () => exchange.promise,
    });
    renderCallback('?code=c-1&state=s-1');
    // The page is its own chunk: 'Carregando...' until it arrives, then its own message.
    expect(await screen.findByText(text.processingConnection)).toBeTruthy();
    await waitFor(() => expect(api.callsTo('auth.completeOAuth')).toHaveLength(1));
    expect(api.callsTo('auth.completeOAuth')[0]?.input).toMatchObject({ code: 'c-1', state: 's-1' });

    api.set('auth.session', signedIn(true));
    act(() => exchange.resolve({ redirectTo: '/' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: messages.views.dashboard.title }),
    ).toBeTruthy();
    expect(window.location.pathname).toBe('/');
    expect(api.callsTo('auth.completeOAuth')).toHaveLength(1);
  });

  it('enters the app even when the first session answer comes after the code exchange', async () => {
    // The first session request left before the exchange set the cookie: its (signed-out) answer
    // is stale and must not decide where the person lands (e2e "signs in with LinkedIn" flake).
    const firstSession = deferred<unknown>();
    let sessionCalls = 0;
    const api = mockTrpc({
      'auth.session': () => {
        sessionCalls += 1;
        return sessionCalls === 1 ? firstSession.promise : signedIn(false);
      },
      'auth.adminCheck': { isAdmin: false },
      'auth.completeOAuth': { redirectTo: '/' },
    });
    renderCallback('?code=c-9&state=s-9');
    await waitFor(() => expect(api.callsTo('auth.completeOAuth')).toHaveLength(1));
    // Let the exchange's answer be handled while the first session request is still out.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    act(() => firstSession.resolve(signedOut));
    expect(await screen.findByRole('heading', { level: 1, name: messages.views.create.title })).toBeTruthy();
    expect(window.location.pathname).toBe('/');
  });

  it('follows the server to Contas Conectadas after a connection', async () => {
    mockTrpc({
      'auth.session': signedIn(true),
      'auth.adminCheck': { isAdmin: false },
      'auth.completeOAuth': { redirectTo: '/connected-accounts?connection=true' },
    });
    renderCallback('?code=c-2&state=s-2&connection=true');
    expect(
      await screen.findByRole('heading', { level: 1, name: messages.views['connected-accounts'].title }),
    ).toBeTruthy();
    expect(window.location.search).toBe('?connection=true');
  });

  it('maps OAUTH_FAILED to Credenciais inválidas. and goes back to /auth', async () => {
    mockTrpc({
      'auth.session': signedOut,
      'auth.completeOAuth': () => {
        throw new TrpcErrorResponse('BAD_REQUEST', 'OAUTH_FAILED');
      },
    });
    renderCallback('?code=c-3&state=s-3');
    const shown = await toast(text.authErrorTitle);
    expect(within(shown).getByText(text.oauthInvalidCredentials)).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/auth'));
    expect(await screen.findByRole('heading', { level: 1, name: text.loginTitle })).toBeTruthy();
  });

  it('maps EMAIL_NOT_CONFIRMED', async () => {
    mockTrpc({
      'auth.session': signedOut,
      'auth.completeOAuth': () => {
        throw new TrpcErrorResponse('BAD_REQUEST', 'EMAIL_NOT_CONFIRMED');
      },
    });
    renderCallback('?code=c-4&state=s-4');
    const shown = await toast(text.authErrorTitle);
    expect(within(shown).getByText(text.emailNotConfirmed)).toBeTruthy();
  });

  it('names the provider when the user cancelled (access_denied)', async () => {
    const api = mockTrpc({ 'auth.session': signedOut });
    rememberOAuthProvider('Facebook');
    renderCallback('?error=access_denied&state=s-5');
    const shown = await toast(text.authErrorTitle);
    expect(within(shown).getByText(text.connectError('Facebook'))).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/auth'));
    expect(api.callsTo('auth.completeOAuth')).toHaveLength(0);
  });

  it('uses the generic text for an unknown provider and an unknown failure', async () => {
    mockTrpc({ 'auth.session': signedOut });
    renderCallback('?error=access_denied');
    const shown = await toast(text.authErrorTitle);
    expect(within(shown).getByText(text.callbackUnexpected)).toBeTruthy();
  });

  it('goes to Contas Conectadas when a connection failed', async () => {
    mockTrpc({ 'auth.session': signedIn(true), 'auth.adminCheck': { isAdmin: false } });
    renderCallback('?error=server_error&connection=true');
    await toast(text.authErrorTitle);
    await waitFor(() => expect(window.location.pathname).toBe('/connected-accounts'));
  });
});
