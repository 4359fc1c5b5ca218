import { messages, membersMessages as text, WORKSPACE_ROLE_LABELS } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { expectToast } from '../../test-utils/toasts';
import {
  deferred,
  mockTrpc,
  personalWorkspace,
  signedIn,
  TrpcErrorResponse,
} from '../../test-utils/trpc-mock';

const padaria = { id: 'ws-padaria', name: 'Padaria Pão Quente', color: null, personal: false, role: 'owner' };
const since = new Date('2026-11-20T12:00:00Z');
const members = {
  members: [
    { userId: 'user-1', name: 'Ana Souza', email: 'ana@example.com', role: 'owner', since },
    { userId: 'user-2', name: 'Bruno Lima', email: 'bruno@example.com', role: 'editor', since },
  ],
};
const invitations = {
  invitations: [
    {
      id: 'inv-1',
      email: 'carla@example.com',
      role: 'reviewer',
      invitedBy: 'Ana Souza',
      createdAt: since,
      expiresAt: new Date('2099-12-01T12:00:00Z'),
      expired: false,
    },
  ],
};

async function openMembers(role: 'owner' | 'editor' | 'client', handlers: Record<string, unknown> = {}) {
  const api = mockTrpc({
    'auth.session': signedIn(true),
    'themes.list': [],
    'workspaces.list': { workspaces: [personalWorkspace, { ...padaria, role }] },
    'workspaces.members': members,
    'workspaces.invitations': invitations,
    ...handlers,
  });
  window.history.replaceState(null, '', '/members?cliente=ws-padaria');
  render(<App />);
  await screen.findByRole('navigation', { name: messages.nav.mainNavigation });
  return api;
}

describe('Equipe (the members page)', () => {
  it('lists the members with their roles and the open invitations, for the owner', async () => {
    const api = await openMembers('owner');
    expect(await screen.findByText('Bruno Lima')).toBeTruthy();
    expect(screen.getByText('bruno@example.com')).toBeTruthy();
    expect(screen.getByText('carla@example.com')).toBeTruthy();
    expect(screen.getByRole('button', { name: text.invite })).toBeTruthy();
    // Ana's own row has no actions; Bruno's has a role select.
    expect(screen.getAllByLabelText(text.roleLabel('Bruno Lima'))[0]!.tagName).toBe('INPUT');
    expect(screen.queryByRole('button', { name: text.actionsLabel('Ana Souza') })).toBeNull();
    expect(api.callsTo('workspaces.members').every((c) => c.workspace === 'ws-padaria')).toBe(true);
  });

  it('is read-only for an editor (no invitations, no selects) and hidden from a Cliente', async () => {
    const api = await openMembers('editor');
    expect(await screen.findByText('Bruno Lima')).toBeTruthy();
    expect(screen.queryByRole('button', { name: text.invite })).toBeNull();
    expect(screen.queryAllByLabelText(text.roleLabel('Bruno Lima'))).toEqual([]);
    expect(screen.getAllByText(WORKSPACE_ROLE_LABELS.editor).length).toBeGreaterThan(0);
    expect(api.callsTo('workspaces.invitations')).toHaveLength(0);
    expect(screen.getByRole('button', { name: text.leave })).toBeTruthy();
  });

  it('hides the list from a Cliente', async () => {
    const api = await openMembers('client');
    expect(await screen.findByText(text.readOnlyHint)).toBeTruthy();
    expect(api.callsTo('workspaces.members')).toHaveLength(0);
  });

  it('removes a member after confirming; the button waits while it runs', async () => {
    const gate = deferred<{ removed: boolean }>();
    const api = await openMembers('owner', { 'workspaces.removeMember': () => gate.promise });
    fireEvent.click(await screen.findByRole('button', { name: text.actionsLabel('Bruno Lima') }));
    fireEvent.click(await screen.findByRole('menuitem', { name: text.remove }));
    const dialog = await screen.findByRole('dialog', { name: text.removeTitle });
    const confirm = within(dialog).getByRole('button', { name: text.confirm });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(confirm.hasAttribute('disabled') || confirm.getAttribute('data-loading')).toBeTruthy(),
    );
    fireEvent.click(confirm);
    gate.resolve({ removed: true });
    await expectToast(messages.common.success, text.removed('Bruno Lima'));
    expect(api.callsTo('workspaces.removeMember')).toHaveLength(1);
    expect(api.callsTo('workspaces.removeMember')[0]!.input).toEqual({ userId: 'user-2' });
  });

  it('shows the rule when the last owner would be demoted', async () => {
    await openMembers('owner', {
      'workspaces.changeRole': () => {
        throw new TrpcErrorResponse('CONFLICT', 'CONFLICT', { details: { reason: 'LAST_OWNER' } });
      },
    });
    fireEvent.click((await screen.findAllByLabelText(text.roleLabel('Bruno Lima')))[0]!);
    fireEvent.click(await screen.findByRole('option', { name: WORKSPACE_ROLE_LABELS.reviewer }));
    await expectToast(
      text.roleChangeError,
      'Todo cliente precisa de pelo menos um proprietário. Torne outra pessoa proprietária antes.',
    );
  });

  it('invites by email: checks the address first, then sends with the role', async () => {
    const api = await openMembers('owner', {
      'workspaces.invite': { invitation: invitations.invitations[0] },
    });
    fireEvent.click(await screen.findByRole('button', { name: text.invite }));
    const dialog = await screen.findByRole('dialog', { name: text.inviteTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: text.send }));
    expect(await within(dialog).findByText(text.inviteEmailInvalid)).toBeTruthy();
    expect(api.callsTo('workspaces.invite')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(new RegExp(text.inviteEmail)), {
      target: { value: 'Carla@Example.com' },
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: new RegExp(WORKSPACE_ROLE_LABELS.reviewer) }));
    fireEvent.click(within(dialog).getByRole('button', { name: text.send }));
    await expectToast(messages.common.success, text.invited('carla@example.com'));
    expect(api.callsTo('workspaces.invite')[0]!.input).toEqual({
      email: 'Carla@Example.com',
      role: 'reviewer',
    });
  });

  it('revokes and resends an invitation', async () => {
    const api = await openMembers('owner', {
      'workspaces.revokeInvitation': { revoked: true },
      'workspaces.resendInvitation': { invitation: invitations.invitations[0] },
    });
    fireEvent.click(await screen.findByRole('button', { name: text.resend }));
    await expectToast(messages.common.success, text.resent('carla@example.com'));
    const revoke = screen.getByRole('button', { name: text.revoke });
    await waitFor(() => expect(revoke.hasAttribute('disabled')).toBe(false));
    fireEvent.click(revoke);
    await expectToast(messages.common.success, text.revoked('carla@example.com'));
    expect(api.callsTo('workspaces.revokeInvitation')[0]!.input).toEqual({ invitationId: 'inv-1' });
  });
});

describe('removal takes effect at once', () => {
  it('a refusal re-reads the list; a cliente no longer in it moves the person to their own with a notice', async () => {
    let removed = false;
    const api = mockTrpc({
      'auth.session': signedIn(true),
      'workspaces.list': () => ({ workspaces: removed ? [personalWorkspace] : [personalWorkspace, padaria] }),
      'themes.list': () => {
        if (removed) throw new TrpcErrorResponse('NOT_FOUND', 'WORKSPACE_UNAVAILABLE');
        return [];
      },
    });
    window.history.replaceState(null, '', '/themes?cliente=ws-padaria');
    render(<App />);
    await screen.findByRole('navigation', { name: messages.nav.mainNavigation });
    await waitFor(() => expect(api.callsTo('themes.list').length).toBeGreaterThan(0));
    removed = true;
    // The next call (any refetch) is refused for the Padaria.
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
    const { reportWorkspaceRefusal } = await import('../../app/workspace');
    reportWorkspaceRefusal('ws-padaria', 'WORKSPACE_UNAVAILABLE');
    await expectToast(text.accessLostTitle, text.accessLost(padaria.name));
    await waitFor(() => expect(window.location.search).toBe('?cliente=user-1'));
  });
});
