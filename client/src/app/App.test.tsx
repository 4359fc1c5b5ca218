import { messages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '../test-utils/render';
import { deferred, mockTrpc, signedIn, signedOut } from '../test-utils/trpc-mock';
import { App } from './App';
import { navigate } from './navigation';
import { safeReturnPath } from './return-to';

function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

const heroTitle = messages.landing.heroTitle;

function viewHeading(view: keyof typeof messages.views) {
  return screen.findByRole('heading', { level: 1, name: messages.views[view].title });
}

describe('session gate', () => {
  it('shows Carregando... until the first session answer, then the landing page', async () => {
    const session = deferred<unknown>();
    mockTrpc({ 'auth.session': () => session.promise });
    renderAt('/');
    expect(screen.getByRole('status').textContent).toContain(messages.common.loading);
    expect(screen.queryByRole('heading', { name: heroTitle })).toBeNull();
    act(() => session.resolve(signedOut));
    expect(await screen.findByRole('heading', { level: 1, name: heroTitle })).toBeTruthy();
  });

  it('shows the app shell once a signed-in session arrives', async () => {
    const session = deferred<unknown>();
    mockTrpc({ 'auth.session': () => session.promise, 'auth.adminCheck': { isAdmin: false } });
    renderAt('/');
    expect(screen.getByText(messages.common.loading)).toBeTruthy();
    act(() => session.resolve(signedIn(true)));
    expect(await viewHeading('dashboard')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: messages.nav.mainNavigation })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: heroTitle })).toBeNull();
  });

  it('offers a retry when the first session answer fails', async () => {
    let fail = true;
    mockTrpc({
      'auth.session': () => {
        if (fail) throw new Error('down');
        return signedOut;
      },
    });
    renderAt('/');
    const retry = await screen.findByRole('button', { name: messages.common.tryAgain }, { timeout: 8000 });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: heroTitle })).toBeTruthy();
  }, 10_000);
});

describe('initial view (spec §2.3)', () => {
  it.each([
    [true, 'dashboard'],
    [false, 'create'],
    [null, 'create'],
  ] as const)('hasThemes %s → %s', async (hasThemes, view) => {
    mockTrpc({ 'auth.session': signedIn(hasThemes), 'auth.adminCheck': { isAdmin: false } });
    renderAt('/');
    expect(await viewHeading(view)).toBeTruthy();
  });

  it('sends an unknown path and /auth to the initial view', async () => {
    mockTrpc({ 'auth.session': signedIn(false), 'auth.adminCheck': { isAdmin: false } });
    renderAt('/no/such/page');
    expect(await viewHeading('create')).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/'));

    act(() => navigate('/auth'));
    expect(await viewHeading('create')).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });
});

describe('signed-in routing', () => {
  it('opens a view from its path, aliases included, and follows Back/Forward', async () => {
    mockTrpc({ 'auth.session': signedIn(true), 'auth.adminCheck': { isAdmin: false } });
    renderAt('/settings');
    expect(await viewHeading('settings')).toBeTruthy();

    // The shell (and the view's heading) shows first; the view itself arrives as its own chunk.
    fireEvent.click(await screen.findByRole('link', { name: new RegExp(messages.settings.privacy) }));
    expect(await viewHeading('privacy-policy')).toBeTruthy();
    expect(window.location.pathname).toBe('/privacy-policy');
    expect(screen.getByRole('link', { name: messages.common.back }).getAttribute('href')).toBe('/settings');

    act(() => {
      window.history.replaceState(null, '', '/create-theme');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(await viewHeading('create')).toBeTruthy();
  });

  it('shows /data-deletion inside the shell without the email field', async () => {
    mockTrpc({ 'auth.session': signedIn(true), 'auth.adminCheck': { isAdmin: false } });
    renderAt('/data-deletion');
    expect(await viewHeading('data-deletion')).toBeTruthy();
    expect(await screen.findByLabelText(messages.dataDeletion.reasonLabel, { exact: false })).toBeTruthy();
    expect(screen.queryByLabelText(messages.dataDeletion.emailLabel, { exact: false })).toBeNull();
  });

  it('signs out: Sair ends the session and shows the landing page', async () => {
    const api = mockTrpc({
      'auth.session': signedIn(true),
      'auth.adminCheck': { isAdmin: false },
      'auth.signOut': { ok: true },
    });
    renderAt('/settings');
    await viewHeading('settings');
    fireEvent.click(screen.getByRole('button', { name: messages.nav.logout }));
    expect(await screen.findByRole('heading', { level: 1, name: heroTitle })).toBeTruthy();
    expect(window.location.pathname).toBe('/');
    expect(api.callsTo('auth.signOut')).toHaveLength(1);
  });

  it('keeps the user in when Sair fails', async () => {
    mockTrpc({
      'auth.session': signedIn(true),
      'auth.adminCheck': { isAdmin: false },
      'auth.signOut': () => {
        throw new Error('boom');
      },
    });
    renderAt('/settings');
    await viewHeading('settings');
    fireEvent.click(screen.getByRole('button', { name: messages.nav.logout }));
    expect(await screen.findByText(messages.auth.logoutError)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: messages.views.settings.title })).toBeTruthy();
  });
});

describe('signing in from a deep link', () => {
  it('lands on the view and filters the visitor asked for, not on "/"', async () => {
    let signedInNow = false;
    mockTrpc({
      'auth.session': () => (signedInNow ? signedIn(true) : signedOut),
      'auth.adminCheck': { isAdmin: false },
      'auth.signIn': () => {
        signedInNow = true;
        return { ok: true };
      },
    });
    renderAt('/scheduled-posts?status=failed');
    fireEvent.click(await screen.findByRole('link', { name: messages.landing.start }));
    expect(window.location.pathname).toBe('/auth');
    fireEvent.change(await screen.findByLabelText(messages.auth.email, { exact: false }), {
      target: { value: 'ana@example.com' },
    });
    fireEvent.change(screen.getByLabelText(messages.auth.password, { exact: false, selector: 'input' }), {
      target: { value: 'uma senha qualquer' },
    });
    fireEvent.click(screen.getByRole('button', { name: messages.auth.loginSubmit }));
    expect(await viewHeading('scheduled-posts')).toBeTruthy();
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe('/scheduled-posts?status=failed'),
    );
  });

  it('keeps only same-origin paths of signed-in views', () => {
    expect(safeReturnPath('/publishing-logs?status=error')).toBe('/publishing-logs?status=error');
    for (const unsafe of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/dashboard',
      '/auth',
      '/nope',
      '',
    ])
      expect(safeReturnPath(unsafe), unsafe).toBeNull();
  });
});

describe('public routing', () => {
  it.each(['/', '/some/unknown/path', '/dashboard'])('shows the landing page at %s', async (path) => {
    mockTrpc({ 'auth.session': signedOut });
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heroTitle })).toBeTruthy();
  });

  it('shows the privacy policy with the contact email', async () => {
    mockTrpc({ 'auth.session': signedOut });
    renderAt('/privacy-policy');
    expect(await viewHeading('privacy-policy')).toBeTruthy();
    expect(await screen.findByText(/privacidade@pauta\.test/)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(7);
  });

  it('shows /data-deletion/ with the email field', async () => {
    mockTrpc({ 'auth.session': signedOut });
    renderAt('/data-deletion/');
    expect(await viewHeading('data-deletion')).toBeTruthy();
    expect(screen.getByLabelText(messages.dataDeletion.emailLabel, { exact: false })).toBeTruthy();
  });

  it('goes to /auth on a plain click on Começar agora, and back to / with Voltar', async () => {
    mockTrpc({ 'auth.session': signedOut });
    renderAt('/');
    fireEvent.click(await screen.findByRole('link', { name: messages.landing.start }));
    expect(window.location.pathname).toBe('/auth');
    expect(await screen.findByRole('radio', { name: messages.auth.loginTab })).toBeTruthy();
    expect(screen.getByRole('radio', { name: messages.auth.signupTab })).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: messages.auth.back }));
    expect(window.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { level: 1, name: heroTitle })).toBeTruthy();
  });

  it('leaves modified clicks (new tab) to the browser', async () => {
    mockTrpc({ 'auth.session': signedOut });
    renderAt('/');
    const link = await screen.findByRole('link', { name: messages.landing.start });
    let preventedByApp: boolean | undefined;
    // Runs after React's handler; stops jsdom from attempting the real navigation.
    const observe = (event: MouseEvent) => {
      preventedByApp = event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', observe);
    fireEvent.click(link, { ctrlKey: true });
    document.removeEventListener('click', observe);
    expect(preventedByApp).toBe(false);
    expect(window.location.pathname).toBe('/');
  });

  it('follows navigate() and the browser Back button (popstate)', async () => {
    mockTrpc({ 'auth.session': signedOut });
    renderAt('/');
    await screen.findByRole('heading', { level: 1, name: heroTitle });
    act(() => navigate('/privacy-policy'));
    expect(await viewHeading('privacy-policy')).toBeTruthy();
    act(() => {
      window.history.replaceState(null, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('heading', { level: 1, name: heroTitle })).toBeTruthy();
  });
});
