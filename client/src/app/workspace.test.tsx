import { errorMessages, messages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { currentAnnouncement } from '../lib/announcer';
import { fireEvent, render, screen, waitFor, within } from '../test-utils/render';
import { deferred, mockTrpc, personalWorkspace, signedIn, TrpcErrorResponse } from '../test-utils/trpc-mock';
import { App } from './App';
import { resolveWorkspace } from './WorkspaceScope';
import {
  keepWorkspaceParam,
  rememberWorkspaceId,
  requestedWorkspaceId,
  storedWorkspaceId,
  withWorkspaceParam,
} from './workspace';

const text = messages.workspaces;
const padaria = { id: 'ws-padaria', name: 'Padaria Pão Quente', color: null, personal: false, role: 'owner' };
const clinica = { id: 'ws-clinica', name: 'Clínica Sorriso', color: null, personal: false, role: 'editor' };
const several = { workspaces: [personalWorkspace, padaria, clinica] };

describe('the workspace in the URL and in storage', () => {
  it('takes the URL first, then the remembered one, then the personal one (the person id)', () => {
    expect(requestedWorkspaceId('', 'user-1')).toBe('user-1');
    rememberWorkspaceId('user-1', 'ws-clinica');
    expect(storedWorkspaceId('user-1')).toBe('ws-clinica');
    expect(requestedWorkspaceId('', 'user-1')).toBe('ws-clinica');
    expect(requestedWorkspaceId('?cliente=ws-padaria', 'user-1')).toBe('ws-padaria');
    // Remembered per person: another person on the same browser starts in their own.
    expect(requestedWorkspaceId('', 'user-2')).toBe('user-2');
  });

  it('keeps ?cliente on every in-app navigation that names none, never on /auth or elsewhere', () => {
    const search = '?cliente=ws-padaria';
    expect(keepWorkspaceParam('/themes', search)).toBe('/themes?cliente=ws-padaria');
    expect(keepWorkspaceParam('/edit?theme=t1#top', search)).toBe('/edit?theme=t1&cliente=ws-padaria#top');
    expect(keepWorkspaceParam('/themes?cliente=ws-clinica', search)).toBe('/themes?cliente=ws-clinica');
    expect(keepWorkspaceParam('/auth', search)).toBe('/auth');
    expect(keepWorkspaceParam('https://example.com/x', search)).toBe('https://example.com/x');
    expect(keepWorkspaceParam('/themes', '')).toBe('/themes');
    expect(withWorkspaceParam('/calendar?view=month', 'ws-clinica')).toBe(
      '/calendar?view=month&cliente=ws-clinica',
    );
  });

  it('falls back to the personal workspace for an id the person is not in', () => {
    const list = several.workspaces as never;
    expect(resolveWorkspace('ws-padaria', list)).toEqual({ id: 'ws-padaria', unavailable: false });
    expect(resolveWorkspace('ws-alheio', list)).toEqual({ id: 'user-1', unavailable: true });
    // While the list loads (or when it failed) the one asked for stands: the server decides.
    expect(resolveWorkspace('ws-alheio', undefined)).toEqual({ id: 'ws-alheio', unavailable: false });
  });
});

async function openApp(path: string, handlers: Record<string, unknown>) {
  const api = mockTrpc({ 'auth.session': signedIn(true), 'themes.list': [], ...handlers });
  window.history.replaceState(null, '', path);
  render(<App />);
  await screen.findByRole('navigation', { name: messages.nav.mainNavigation });
  return api;
}

describe('the switcher', () => {
  it('sends the URL cliente on every call, keeps it across views and switches with a clean cache', async () => {
    const api = await openApp('/themes?cliente=ws-padaria', { 'workspaces.list': several });
    const header = screen.getByRole('banner');
    const switcher = await within(header).findByRole('button', { name: text.switcherLabel(padaria.name) });
    await waitFor(() => expect(api.callsTo('themes.list').length).toBeGreaterThan(0));
    expect(api.callsTo('themes.list').every((call) => call.workspace === 'ws-padaria')).toBe(true);
    expect(storedWorkspaceId('user-1')).toBe('ws-padaria');

    // A link to another view keeps the cliente.
    fireEvent.click(within(header).getByRole('link', { name: messages.nav.home }));
    await waitFor(() => expect(window.location.search).toBe('?cliente=ws-padaria'));
    expect(window.location.pathname).toBe('/dashboard');

    // Switching: the URL, the storage and every call now name the other cliente.
    fireEvent.click(within(header).getByRole('link', { name: messages.nav.themes }));
    const before = api.callsTo('themes.list').length;
    fireEvent.click(switcher);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Editor')).toBeTruthy();
    fireEvent.click(within(menu).getByRole('menuitem', { name: /Clínica Sorriso/ }));
    // The whole app starts over in the other cliente (a new header too).
    await screen.findByRole('button', { name: text.switcherLabel(clinica.name) });
    expect(window.location.pathname + window.location.search).toBe('/themes?cliente=ws-clinica');
    expect(storedWorkspaceId('user-1')).toBe('ws-clinica');
    expect(currentAnnouncement('polite').text).toBe(text.switched(clinica.name));
    await waitFor(() => expect(api.callsTo('themes.list').length).toBeGreaterThan(before));
    expect(api.callsTo('themes.list').at(-1)?.workspace).toBe('ws-clinica');

    // Back returns to the previous cliente.
    window.history.back();
    await screen.findByRole('button', { name: text.switcherLabel(padaria.name) });
  });

  it('opens the remembered cliente when the URL names none, and writes it in the URL', async () => {
    window.localStorage.setItem('pauta:cliente:user-1', 'ws-clinica');
    await openApp('/themes', { 'workspaces.list': several });
    await within(screen.getByRole('banner')).findByRole('button', { name: text.switcherLabel(clinica.name) });
    expect(window.location.search).toBe('?cliente=ws-clinica');
  });

  it('falls back to the personal workspace, with a notice, for a cliente the person is not in', async () => {
    const api = await openApp('/themes?cliente=ws-alheio', { 'workspaces.list': several });
    await within(screen.getByRole('banner')).findByRole('button', {
      name: text.switcherLabel(personalWorkspace.name),
    });
    expect(await screen.findByText(text.unavailable)).toBeTruthy();
    expect(window.location.search).toBe('?cliente=user-1');
    // No call went out for the other workspace.
    expect(api.calls.some((call) => call.workspace === 'ws-alheio')).toBe(false);
  });

  it('shows a person with one workspace no switcher, only a discreet Novo cliente', async () => {
    await openApp('/themes', {});
    const header = screen.getByRole('banner');
    await within(header).findByRole('button', { name: text.newClient });
    expect(within(header).queryByRole('button', { name: /Cliente atual/ })).toBeNull();
    expect(window.location.search).toBe('');
  });
});

describe('Novo cliente', () => {
  it('checks the name, disables its button while creating, says the limit in pt-BR', async () => {
    const answer = deferred<unknown>();
    const api = await openApp('/themes', { 'workspaces.create': () => answer.promise });
    fireEvent.click(await within(screen.getByRole('banner')).findByRole('button', { name: text.newClient }));
    const dialog = await screen.findByRole('dialog', { name: text.createTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: text.create }));
    expect(await within(dialog).findByText(text.nameRequired)).toBeTruthy();
    expect(api.callsTo('workspaces.create')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(new RegExp(text.nameLabel)), {
      target: { value: 'Academia Força' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: text.create }));
    await waitFor(() =>
      expect((within(dialog).getByRole('button', { name: text.create }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
    expect((within(dialog).getByRole('button', { name: text.cancel }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    answer.reject(new TrpcErrorResponse('FORBIDDEN', 'WORKSPACE_LIMIT_REACHED', { details: { max: 1 } }));
    expect(await within(dialog).findByText(errorMessages.WORKSPACE_LIMIT_REACHED)).toBeTruthy();
    expect(api.callsTo('workspaces.create')[0]?.input).toEqual({ name: 'Academia Força' });
  });

  it('opens the new cliente once created', async () => {
    const created = {
      id: 'ws-academia',
      name: 'Academia Força',
      color: null,
      personal: false,
      role: 'owner',
    };
    const api = await openApp('/themes', { 'workspaces.create': { workspace: created } });
    fireEvent.click(await within(screen.getByRole('banner')).findByRole('button', { name: text.newClient }));
    const dialog = await screen.findByRole('dialog', { name: text.createTitle });
    api.set('workspaces.list', { workspaces: [personalWorkspace, created] });
    fireEvent.change(within(dialog).getByLabelText(new RegExp(text.nameLabel)), {
      target: { value: 'Academia Força' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: text.create }));
    await waitFor(() => expect(window.location.search).toBe('?cliente=ws-academia'));
    await within(screen.getByRole('banner')).findByRole('button', { name: text.switcherLabel(created.name) });
    expect(window.location.search).toBe('?cliente=ws-academia');
    await waitFor(() => expect(api.callsTo('themes.list').at(-1)?.workspace).toBe('ws-academia'));
  });
});
