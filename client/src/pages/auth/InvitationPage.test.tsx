import { messages, membersMessages as text } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { fireEvent, render, screen, waitFor } from '../../test-utils/render';
import { expectToast } from '../../test-utils/toasts';
import {
  deferred,
  mockTrpc,
  personalWorkspace,
  signedIn,
  signedOut,
  TrpcErrorResponse,
} from '../../test-utils/trpc-mock';

const pending = {
  status: 'pending',
  invitation: {
    workspaceName: 'Padaria Pão Quente',
    inviterName: 'Ana Souza',
    role: 'editor',
    email: 'ana@example.com',
  },
};

function open(handlers: Record<string, unknown>) {
  window.history.replaceState(null, '', '/convite?token=abc.def');
  const api = mockTrpc(handlers);
  render(<App />);
  return api;
}

describe('/convite (an invitation link)', () => {
  it('shows the cliente, who invited and the role; the invited person accepts with one click and lands there', async () => {
    const gate = deferred<unknown>();
    let accepted = false;
    const api = open({
      'auth.session': signedIn(true),
      'workspaces.previewInvitation': pending,
      'workspaces.acceptInvitation': () => gate.promise,
      'themes.list': [],
      // Once accepted, the list has the cliente (else the app falls back to the personal one, and
      // on a loaded machine that fallback could win the race against the assertion below).
      'workspaces.list': () => ({
        workspaces: accepted
          ? [
              personalWorkspace,
              { id: 'ws-padaria', name: 'Padaria Pão Quente', color: null, personal: false, role: 'editor' },
            ]
          : [personalWorkspace],
      }),
    });
    expect(
      await screen.findByText(text.acceptIntro('Ana Souza', 'Padaria Pão Quente', 'editor')),
    ).toBeTruthy();
    const button = screen.getByRole('button', { name: text.accept });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    accepted = true;
    gate.resolve({ workspaceId: 'ws-padaria', workspaceName: 'Padaria Pão Quente', role: 'editor' });
    await expectToast(text.acceptedTitle, text.accepted('Padaria Pão Quente'));
    await waitFor(() => expect(window.location.search).toBe('?cliente=ws-padaria'));
    expect(api.callsTo('workspaces.acceptInvitation')).toHaveLength(1);
    expect(api.callsTo('workspaces.acceptInvitation')[0]!.input).toEqual({ token: 'abc.def' });
  });

  it('refuses another signed-in email with a message and a way to switch accounts', async () => {
    open({
      'auth.session': signedIn(true),
      'workspaces.previewInvitation': {
        ...pending,
        invitation: { ...pending.invitation, email: 'joao@example.com' },
      },
    });
    expect(await screen.findByText(text.otherEmail('joao@example.com'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: text.accept })).toBeNull();
    expect(screen.getByRole('button', { name: text.signOut })).toBeTruthy();
  });

  it('signed out: creates the account with the invited email fixed, signs in and accepts', async () => {
    let session: unknown = signedOut;
    const api = open({
      'auth.session': () => session,
      'workspaces.previewInvitation': pending,
      'auth.signUp': { ok: true },
      'auth.signIn': () => {
        session = signedIn(true);
        return { ok: true, checkEmail: false };
      },
      'workspaces.acceptInvitation': {
        workspaceId: 'ws-padaria',
        workspaceName: 'Padaria Pão Quente',
        role: 'editor',
      },
      'themes.list': [],
    });
    const email = (await screen.findByLabelText(messages.auth.email)) as HTMLInputElement;
    expect(email.value).toBe('ana@example.com');
    expect(email.readOnly).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: text.createAndAccept }));
    expect(await screen.findByText(text.nameRequired)).toBeTruthy();
    expect(api.callsTo('auth.signUp')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(new RegExp(text.nameLabel)), { target: { value: 'Ana Souza' } });
    fireEvent.change(screen.getByLabelText(new RegExp(`^${text.passwordLabel}`)), {
      target: { value: 'uma frase-senha comprida' },
    });
    fireEvent.click(screen.getByRole('button', { name: text.createAndAccept }));
    await waitFor(() => expect(window.location.search).toBe('?cliente=ws-padaria'));
    expect(api.callsTo('auth.signUp')[0]!.input).toMatchObject({
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Souza',
    });
    expect(api.callsTo('workspaces.acceptInvitation')).toHaveLength(1);
  });

  it.each([
    ['expired', text.status.expired],
    ['revoked', text.status.revoked],
    ['used', text.status.used],
    ['invalid', text.status.invalid],
  ])('says a %s link is so', async (status, message) => {
    open({ 'auth.session': signedOut, 'workspaces.previewInvitation': { status } });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: text.createAndAccept })).toBeNull();
  });

  it('shows the reason when accepting is refused', async () => {
    open({
      'auth.session': signedIn(true),
      'workspaces.previewInvitation': pending,
      'workspaces.acceptInvitation': () => {
        throw new TrpcErrorResponse('BAD_REQUEST', 'VALIDATION_FAILED', {
          details: { reason: 'INVITATION_EXPIRED' },
        });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: text.accept }));
    expect(await screen.findByText(text.status.expired)).toBeTruthy();
  });
});
