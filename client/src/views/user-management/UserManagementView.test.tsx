import { messages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { expectToast } from '../../test-utils/toasts';
import { mockTrpc, signedIn, TrpcErrorResponse } from '../../test-utils/trpc-mock';
import { UserManagementView } from './UserManagementView';

const text = messages.admin.users;

function user(id: string, firstName: string, role: 'admin' | 'user') {
  return {
    id,
    firstName,
    lastName: 'Souza',
    email: `${firstName.toLowerCase()}@example.com`,
    role,
    createdAt: new Date('2026-11-20T12:00:00Z'),
  };
}

function open(handlers: Record<string, unknown>) {
  const api = mockTrpc({ 'auth.session': signedIn(true), ...handlers });
  render(<UserManagementView />);
  return api;
}

/** The role select of a user in the desktop table. */
async function roleSelect(name: string) {
  const [input] = await screen.findAllByRole('combobox', { name: text.roleOf(name) });
  return input as HTMLInputElement;
}

async function pickRole(name: string, label: string) {
  const input = await roleSelect(name);
  fireEvent.click(input);
  const listbox = await screen.findByRole('listbox');
  fireEvent.click(within(listbox).getByRole('option', { name: label }));
}

/** The confirmation dialog of a role change; confirms it unless told otherwise. */
async function confirmRole(confirm = true) {
  const dialog = await screen.findByRole('dialog', { name: text.confirmRoleTitle });
  const button = confirm ? text.confirmRoleAction : messages.common.cancel;
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
  return dialog;
}

describe('Gerenciar Usuários', () => {
  const list = {
    items: [user('u1', 'Ana', 'admin'), user('u2', 'Bruno', 'user')],
    total: 2,
    page: 1,
    pageSize: 20,
  };

  it('lists users with their role and changes a role through admin.users.setRole', async () => {
    const api = open({
      'admin.users.list': list,
      'admin.users.setRole': { changed: true, selfDemoted: false },
    });
    expect((await roleSelect('Ana Souza')).value).toBe('Admin');
    expect((await roleSelect('Bruno Souza')).value).toBe('Usuário');
    await pickRole('Bruno Souza', 'Admin');
    const dialog = await screen.findByRole('dialog', { name: text.confirmRoleTitle });
    expect(dialog.textContent).toContain(text.confirmRole('Bruno Souza', 'Usuário', 'Admin'));
    expect(dialog.textContent).not.toContain(text.confirmSelfDemotion);
    expect(api.callsTo('admin.users.setRole')).toHaveLength(0);
    await confirmRole();
    await waitFor(() => expect(api.callsTo('admin.users.setRole')).toHaveLength(1));
    expect(api.callsTo('admin.users.setRole')[0]!.input).toEqual({ userId: 'u2', role: 'admin' });
    await expectToast(messages.common.success, text.roleUpdated);
  });

  it('explains a refused change of the last administrator, and any other failure', async () => {
    const api = open({
      'admin.users.list': list,
      'admin.users.setRole': () => {
        throw new TrpcErrorResponse('CONFLICT', 'CONFLICT', { details: { reason: 'LAST_ADMIN' } });
      },
    });
    await pickRole('Ana Souza', 'Usuário');
    await confirmRole();
    await expectToast(messages.common.error, text.lastAdmin);
    api.set('admin.users.setRole', () => {
      throw new TrpcErrorResponse('INTERNAL_SERVER_ERROR', 'INTERNAL');
    });
    await pickRole('Ana Souza', 'Usuário');
    await confirmRole();
    await expectToast(messages.common.error, text.roleUpdateError);
  });

  it('cancelling the confirmation changes nothing', async () => {
    const api = open({
      'admin.users.list': list,
      'admin.users.setRole': { changed: true, selfDemoted: false },
    });
    await pickRole('Bruno Souza', 'Admin');
    await confirmRole(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('admin.users.setRole')).toHaveLength(0);
    expect((await roleSelect('Bruno Souza')).value).toBe('Usuário');
  });

  it('warns before a self-demotion, then explains it and goes to the initial view', async () => {
    window.history.replaceState(null, '', '/user-management');
    const me = { ...user('user-1', 'Ana', 'admin') };
    const api = open({
      'admin.users.list': { ...list, items: [me, user('u2', 'Bruno', 'admin')] },
      'admin.users.setRole': { changed: true, selfDemoted: true },
    });
    await pickRole('Ana Souza', 'Usuário');
    const dialog = await screen.findByRole('dialog', { name: text.confirmRoleTitle });
    expect(dialog.textContent).toContain(text.confirmRole('Ana Souza', 'Admin', 'Usuário'));
    expect(dialog.textContent).toContain(text.confirmSelfDemotion);
    await confirmRole();
    await expectToast(text.selfDemotedTitle, text.selfDemoted);
    expect(api.callsTo('admin.users.setRole')[0]!.input).toEqual({ userId: 'user-1', role: 'user' });
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it('edits a profile and shows the duplicate-email refusal', async () => {
    const api = open({
      'admin.users.list': list,
      'admin.users.updateProfile': () => {
        throw new TrpcErrorResponse('CONFLICT', 'EMAIL_TAKEN');
      },
    });
    const [edit] = await screen.findAllByRole('button', { name: text.editOf('Bruno Souza') });
    fireEvent.click(edit!);
    const dialog = await screen.findByRole('dialog');
    const email = within(dialog).getByLabelText(text.email, { exact: false });
    fireEvent.change(email, { target: { value: 'ana@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    await expectToast(text.profileUpdateError, text.emailInUse);
    expect(api.callsTo('admin.users.updateProfile')[0]!.input).toEqual({
      userId: 'u2',
      firstName: 'Bruno',
      lastName: 'Souza',
      email: 'ana@example.com',
    });
  });

  it('counts a first name and refuses a longer one whole, sending nothing', async () => {
    const api = open({ 'admin.users.list': list, 'admin.users.updateProfile': {} });
    const [edit] = await screen.findAllByRole('button', { name: text.editOf('Bruno Souza') });
    fireEvent.click(edit!);
    const dialog = await screen.findByRole('dialog');
    const first = within(dialog).getByRole('textbox', { name: text.firstName }) as HTMLInputElement;
    expect(first.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(dialog).getAllByText(messages.common.characterCount(5, 100))).toHaveLength(2);
    fireEvent.change(first, { target: { value: 'B'.repeat(130) } });
    expect(first.value).toHaveLength(130);
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    expect((await within(dialog).findAllByText(messages.common.tooLong(100))).length).toBeGreaterThan(0);
    expect(api.callsTo('admin.users.updateProfile')).toHaveLength(0);
  });

  it('shows the empty and error states', async () => {
    const api = open({ 'admin.users.list': { items: [], total: 0, page: 1, pageSize: 20 } });
    expect(await screen.findByText(text.empty)).toBeTruthy();
    api.set('admin.users.list', () => {
      throw new TrpcErrorResponse('INTERNAL_SERVER_ERROR', 'INTERNAL');
    });
    fireEvent.change(screen.getByLabelText(messages.common.search), { target: { value: 'zz' } });
    expect(await screen.findByText(text.loadError, {}, { timeout: 4000 })).toBeTruthy();
  });
});
