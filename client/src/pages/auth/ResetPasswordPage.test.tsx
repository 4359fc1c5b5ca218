import { messages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { fireEvent, render, screen, waitFor } from '../../test-utils/render';
import { expectToast } from '../../test-utils/toasts';
import { defaultStatus, mockTrpc, signedOut, TrpcErrorResponse } from '../../test-utils/trpc-mock';

const text = messages.auth;

function open(path: string, handlers: Record<string, unknown>) {
  window.history.replaceState(null, '', path);
  const api = mockTrpc({ 'auth.session': signedOut, 'auth.checkResetToken': { usable: true }, ...handlers });
  render(<App />);
  return api;
}

describe('/auth/reset', () => {
  it('asks for the email and always answers the same', async () => {
    const api = open('/auth/reset', { 'auth.requestPasswordReset': { ok: true } });
    fireEvent.change(await screen.findByLabelText(text.email, { exact: false }), {
      target: { value: ' ana@example.com ' },
    });
    fireEvent.click(screen.getByRole('button', { name: text.resetRequestSubmit }));
    expect(await screen.findByText(text.resetRequestSent)).toBeTruthy();
    expect(api.callsTo('auth.requestPasswordReset')[0]!.input).toEqual({ email: 'ana@example.com' });
    expect(screen.queryByText(text.resetRequestLocalMailbox)).toBeNull();
  });

  it('in the embedded mode without SMTP, says where the email is', async () => {
    open('/auth/reset', {
      'auth.requestPasswordReset': { ok: true },
      'system.status': { ...defaultStatus, localMailbox: true },
    });
    fireEvent.change(await screen.findByLabelText(text.email, { exact: false }), {
      target: { value: 'ana@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: text.resetRequestSubmit }));
    expect(await screen.findByText(text.resetRequestLocalMailbox)).toBeTruthy();
  });

  it('sets a new password with the token, checking the confirmation first', async () => {
    const api = open('/auth/reset?token=abc.def', { 'auth.resetPassword': { ok: true } });
    fireEvent.change(await screen.findByLabelText(/^Nova senha/), {
      target: { value: 'nova senha forte' },
    });
    fireEvent.change(screen.getByLabelText(text.confirmNewPassword, { exact: false }), {
      target: { value: 'outra senha' },
    });
    fireEvent.click(screen.getByRole('button', { name: text.resetSubmit }));
    await expectToast(messages.common.error, text.passwordsDontMatch);
    expect(api.callsTo('auth.resetPassword')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(text.confirmNewPassword, { exact: false }), {
      target: { value: 'nova senha forte' },
    });
    fireEvent.click(screen.getByRole('button', { name: text.resetSubmit }));
    await expectToast(text.resetSuccessTitle, text.resetSuccess);
    expect(api.callsTo('auth.resetPassword')[0]!.input).toEqual({
      token: 'abc.def',
      password: 'nova senha forte',
    });
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it('checks the link when the page opens: a bad one shows no form, says why and offers a new link', async () => {
    const api = open('/auth/reset?token=garbage', { 'auth.checkResetToken': { usable: false } });
    expect(await screen.findByText(text.resetInvalid)).toBeTruthy();
    expect(screen.queryByLabelText(/^Nova senha/)).toBeNull();
    expect(api.callsTo('auth.checkResetToken')[0]!.input).toEqual({ token: 'garbage' });
    const again = screen.getByRole('link', { name: text.requestNewLink });
    expect(again.getAttribute('href')).toBe('/auth/reset');
    expect(api.callsTo('auth.resetPassword')).toHaveLength(0);
  });

  it('says when the link is invalid, used or expired', async () => {
    open('/auth/reset?token=abc.def', {
      'auth.resetPassword': () => {
        throw new TrpcErrorResponse('BAD_REQUEST', 'VALIDATION_FAILED', {
          details: { reason: 'RESET_TOKEN_INVALID' },
        });
      },
    });
    for (const label of [/^Nova senha/, /^Confirmar nova senha/])
      fireEvent.change(await screen.findByLabelText(label), { target: { value: 'nova senha forte' } });
    fireEvent.click(screen.getByRole('button', { name: text.resetSubmit }));
    expect(await screen.findByText(text.resetInvalid)).toBeTruthy();
    expect(screen.getByRole('link', { name: text.requestNewLink }).getAttribute('href')).toBe('/auth/reset');
  });
});
