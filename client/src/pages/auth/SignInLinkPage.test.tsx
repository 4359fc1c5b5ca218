import { messages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { fireEvent, render, screen } from '../../test-utils/render';
import { expectToast } from '../../test-utils/toasts';
import { mockTrpc, signedOut, TrpcErrorResponse } from '../../test-utils/trpc-mock';

const text = messages.auth;

function open(path: string, handlers: Record<string, unknown>) {
  window.history.replaceState(null, '', path);
  const api = mockTrpc({ 'auth.session': signedOut, ...handlers });
  render(<App />);
  return api;
}

describe('/auth/link (the emailed sign-in link)', () => {
  it('spends nothing on opening; Entrar na Pauta redeems the token', async () => {
    const api = open('/auth/link?token=t1.abc.def', { 'auth.signInWithLink': { ok: true } });
    const button = await screen.findByRole('button', { name: text.signInLinkSubmit });
    expect(api.callsTo('auth.signInWithLink')).toHaveLength(0);
    fireEvent.click(button);
    await expectToast(text.loginSuccessTitle, text.loginSuccess);
    expect(api.callsTo('auth.signInWithLink')[0]!.input).toEqual({ token: 't1.abc.def' });
  });

  it('says an invalid, used or expired link is so', async () => {
    open('/auth/link?token=t1.abc.def', {
      'auth.signInWithLink': () => {
        throw new TrpcErrorResponse('BAD_REQUEST', 'VALIDATION_FAILED', {
          details: { reason: 'SIGNIN_LINK_INVALID' },
        });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: text.signInLinkSubmit }));
    expect(await screen.findByText(text.signInLinkInvalid)).toBeTruthy();
  });
});
