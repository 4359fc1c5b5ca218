import { messages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { fireEvent, render, screen } from '../../test-utils/render';
import { mockTrpc, signedIn, signedOut, TrpcErrorResponse } from '../../test-utils/trpc-mock';

const text = messages.dataDeletion;

function open(path: string, handlers: Record<string, unknown>, session: unknown = signedOut) {
  window.history.replaceState(null, '', path);
  const api = mockTrpc({ 'auth.session': session, ...handlers });
  render(<App />);
  return api;
}

describe('/data-deletion/confirm', () => {
  it('confirms only when the button is pressed (opening the link does nothing)', async () => {
    const api = open('/data-deletion/confirm?token=abc.def', { 'dataDeletion.confirm': { ok: true } });
    const button = await screen.findByRole('button', { name: text.confirmButton });
    expect(screen.getByText(text.confirmIntro)).toBeTruthy();
    expect(api.callsTo('dataDeletion.confirm')).toHaveLength(0);
    fireEvent.click(button);
    expect(await screen.findByText(text.confirmed)).toBeTruthy();
    expect(api.callsTo('dataDeletion.confirm')[0]!.input).toEqual({ token: 'abc.def' });
  });

  it('explains an expired or used link and offers a new request, signed in too', async () => {
    open(
      '/data-deletion/confirm?token=abc.def',
      {
        'dataDeletion.confirm': () => {
          throw new TrpcErrorResponse('BAD_REQUEST', 'VALIDATION_FAILED', {
            details: { reason: 'DELETION_TOKEN_INVALID' },
          });
        },
      },
      signedIn(false),
    );
    fireEvent.click(await screen.findByRole('button', { name: text.confirmButton }));
    expect(await screen.findByText(text.invalidLink)).toBeTruthy();
    expect(screen.getByRole('link', { name: text.newRequest }).getAttribute('href')).toBe('/data-deletion');
  });

  it('without a token says the link is not valid', async () => {
    open('/data-deletion/confirm', {});
    expect(await screen.findByText(text.invalidLinkTitle)).toBeTruthy();
    expect(screen.queryByRole('button', { name: text.confirmButton })).toBeNull();
  });
});
