import { messages } from '@pauta/core';
import { describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { browserNavigation } from '../../lib/oauth';
import { act, fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { deferred, mockTrpc, signedIn, signedOut, TrpcErrorResponse } from '../../test-utils/trpc-mock';

const text = messages.auth;

async function openAuth(handlers: Record<string, unknown> = {}) {
  const api = mockTrpc({ 'auth.session': signedOut, 'auth.adminCheck': { isAdmin: false }, ...handlers });
  window.history.replaceState(null, '', '/auth');
  render(<App />);
  await screen.findByRole('heading', { level: 1, name: text.loginTitle });
  return api;
}

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function submitButton(name: string) {
  return screen.getByRole('button', { name });
}

function switchToSignup() {
  fireEvent.click(screen.getByRole('radio', { name: text.signupTab }));
}

/** The toast with this title, as a region to look into. */
async function toast(title: string) {
  const titleNode = await screen.findByText(title, { selector: '.mantine-Notification-title' });
  return titleNode.closest('.mantine-Notification-root') as HTMLElement;
}

describe('login form', () => {
  it('has labelled fields, the remember-me box and the forgot-password link', async () => {
    await openAuth();
    expect(screen.getByLabelText(text.email, { exact: false })).toBeTruthy();
    expect(screen.getByLabelText(new RegExp(`^${text.password}`))).toBeTruthy();
    // The visibility toggle is named in pt-BR (Mantine's own name is English), state in aria-pressed.
    const toggle = screen.getByRole('button', { name: text.showPassword });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('checkbox', { name: text.rememberMe })).toBeTruthy();
    // The link leads to the password-recovery page.
    expect(screen.getByRole('link', { name: text.forgotPassword }).getAttribute('href')).toBe('/auth/reset');
  });

  it('asks for every field (toast Erro / Por favor, preencha todos os campos.)', async () => {
    const api = await openAuth();
    type(/^Email/, 'ana@example.com');
    fireEvent.click(submitButton(text.loginSubmit));
    const shown = await toast(messages.common.error);
    expect(within(shown).getByText(text.fillAllFields)).toBeTruthy();
    // The schema marks the empty field itself (core/src/schemas/auth.ts), not only the toast.
    expect(screen.getByLabelText(/^Senha/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).not.toBe('true');
    expect(api.callsTo('auth.signIn')).toHaveLength(0);
  });

  it('shows Entrando... (disabled) while signing in, then enters the app', async () => {
    const answer = deferred<unknown>();
    const api = await openAuth({ 'auth.signIn': () => answer.promise });
    type(/^Email/, ' ana@example.com ');
    type(/^Senha/, 'uma senha longa');
    fireEvent.click(screen.getByRole('checkbox', { name: text.rememberMe }));
    fireEvent.click(submitButton(text.loginSubmit));

    const pending = await screen.findByRole('button', { name: text.loggingIn });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    expect(api.callsTo('auth.signIn')[0]?.input).toEqual({
      email: 'ana@example.com',
      password: 'uma senha longa',
      rememberMe: true,
    });

    api.set('auth.session', signedIn(false));
    act(() => answer.resolve({ ok: true }));
    const shown = await toast(text.loginSuccessTitle);
    expect(within(shown).getByText(text.loginSuccess)).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: messages.views.create.title })).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it('says Email ou senha incorretos. under Erro no login', async () => {
    await openAuth({
      'auth.signIn': () => {
        throw new TrpcErrorResponse('UNAUTHORIZED', 'INVALID_CREDENTIALS');
      },
    });
    type(/^Email/, 'ana@example.com');
    type(/^Senha/, 'errada');
    fireEvent.click(submitButton(text.loginSubmit));
    const shown = await toast(text.loginErrorTitle);
    expect(within(shown).getByText(text.invalidCredentials)).toBeTruthy();
    expect(submitButton(text.loginSubmit)).toBeTruthy();
  });

  it('says Ocorreu um erro inesperado. on an unexpected failure', async () => {
    await openAuth({
      'auth.signIn': () => {
        throw new Error('boom');
      },
    });
    type(/^Email/, 'ana@example.com');
    type(/^Senha/, 'qualquer');
    fireEvent.click(submitButton(text.loginSubmit));
    const shown = await toast(messages.common.error);
    expect(within(shown).getByText(text.unexpectedError)).toBeTruthy();
  });
});

describe('sign-up form', () => {
  it('has a visible label for every field', async () => {
    await openAuth();
    switchToSignup();
    for (const label of [text.firstName, text.lastName, text.email, text.password, text.confirmPassword])
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeTruthy();
  });

  it('asks for email, password and confirmation', async () => {
    const api = await openAuth();
    switchToSignup();
    type(/^Email/, 'ana@example.com');
    type(/^Senha/, 'uma senha longa');
    fireEvent.click(submitButton(text.signupSubmit));
    const shown = await toast(messages.common.error);
    expect(within(shown).getByText(text.fillAllFields)).toBeTruthy();
    expect(api.callsTo('auth.signUp')).toHaveLength(0);
  });

  it('says As senhas não conferem. when they differ', async () => {
    const api = await openAuth();
    switchToSignup();
    type(/^Email/, 'ana@example.com');
    type(/^Senha/, 'uma senha longa');
    type(/^Confirmar senha/, 'outra senha longa');
    fireEvent.click(submitButton(text.signupSubmit));
    const shown = await toast(messages.common.error);
    expect(within(shown).getByText(text.passwordsDontMatch)).toBeTruthy();
    expect(screen.getByLabelText(/^Confirmar senha/).getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('auth.signUp')).toHaveLength(0);
  });

  it('shows Criando conta... while signing up, then Conta criada com sucesso! and the app', async () => {
    const answer = deferred<unknown>();
    const api = await openAuth({
      'auth.signUp': () => answer.promise,
      'auth.signIn': { ok: true, checkEmail: false },
    });
    switchToSignup();
    type(/^Nome/, ' Ana ');
    type(/^Email/, 'ana@example.com');
    type(/^Senha/, 'uma senha longa');
    type(/^Confirmar senha/, 'uma senha longa');
    fireEvent.click(submitButton(text.signupSubmit));

    const pending = await screen.findByRole('button', { name: text.signingUp });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    const input = api.callsTo('auth.signUp')[0]?.input as Record<string, unknown>;
    expect(input).toMatchObject({ email: 'ana@example.com', password: 'uma senha longa', firstName: 'Ana' });
    expect(input).not.toHaveProperty('lastName');
    expect(typeof input.timezone).toBe('string');

    api.set('auth.session', signedIn(false));
    act(() => answer.resolve({ ok: true }));
    const shown = await toast(messages.common.success);
    // Sign-up makes no session: the ordinary sign-in follows with the same email and password.
    expect(api.callsTo('auth.signIn')[0]?.input).toEqual({
      email: 'ana@example.com',
      password: 'uma senha longa',
      rememberMe: true,
    });
    expect(within(shown).getByText(text.signupSuccess)).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: messages.views.create.title })).toBeTruthy();
  });

  it('lists the reasons of a weak password', async () => {
    await openAuth({
      'auth.signUp': () => {
        throw new TrpcErrorResponse('BAD_REQUEST', 'WEAK_PASSWORD', {
          details: { passwordIssues: ['TOO_SHORT', 'TOO_COMMON'] },
        });
      },
    });
    switchToSignup();
    type(/^Email/, 'ana@example.com');
    type(/^Senha/, '123');
    type(/^Confirmar senha/, '123');
    fireEvent.click(submitButton(text.signupSubmit));
    const shown = await toast(text.weakPasswordTitle);
    expect(within(shown).getByText(text.passwordIssues.TOO_SHORT)).toBeTruthy();
    expect(within(shown).getByText(text.passwordIssues.TOO_COMMON)).toBeTruthy();
  });

  it('a known email: the same sign-up answer, then Verifique seu email para continuar (no EMAIL_TAKEN)', async () => {
    const api = await openAuth({
      'auth.signUp': { ok: true },
      'auth.signIn': () => {
        throw new TrpcErrorResponse('UNAUTHORIZED', 'INVALID_CREDENTIALS');
      },
    });
    switchToSignup();
    type(/^Email/, 'ana@example.com');
    type(/^Senha/, 'uma senha longa');
    type(/^Confirmar senha/, 'uma senha longa');
    fireEvent.click(submitButton(text.signupSubmit));
    const shown = await toast(text.signupCheckEmailTitle);
    expect(within(shown).getByText(text.signupCheckEmail)).toBeTruthy();
    expect(api.callsTo('auth.signIn')).toHaveLength(1);
  });
});

describe('sign-in under attack', () => {
  it('a new browser is told to look for the link in its email', async () => {
    await openAuth({ 'auth.signIn': { ok: false, checkEmail: true } });
    type(/^Email/, 'ana@example.com');
    type(/^Senha/, 'uma senha longa');
    fireEvent.click(submitButton(text.loginSubmit));
    const shown = await toast(text.loginCheckEmailTitle);
    expect(within(shown).getByText(text.loginCheckEmail)).toBeTruthy();
  });
});

describe('social sign-in', () => {
  it('shows Redirecionando, Conectando... on the pressed button and disables all three', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    await openAuth();
    fireEvent.click(screen.getByRole('button', { name: text.continueWith('LinkedIn') }));

    expect(assign).toHaveBeenCalledWith('/auth/oauth/linkedin/start?purpose=signin');
    await toast(text.redirectingTitle);
    const group = screen.getByRole('group', { name: text.socialProviders });
    const buttons = within(group).getAllByRole('button') as HTMLButtonElement[];
    expect(buttons).toHaveLength(3);
    expect(buttons.every((button) => button.disabled)).toBe(true);
    expect(buttons.map((button) => button.textContent)).toEqual([
      text.continueWith('Google'),
      text.continueWith('Facebook'),
      text.connecting,
    ]);
  });
});

describe('signed-in visitor', () => {
  it('goes from /auth into the app', async () => {
    mockTrpc({ 'auth.session': signedIn(true), 'auth.adminCheck': { isAdmin: false } });
    window.history.replaceState(null, '', '/auth');
    render(<App />);
    expect(
      await screen.findByRole('heading', { level: 1, name: messages.views.dashboard.title }),
    ).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });
});
