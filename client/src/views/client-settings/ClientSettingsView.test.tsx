// "Dados do cliente" in the client: the form's checks before sending (name, an invalid custom
// colour gets its feedback and nothing is sent), a save with the button disabled while it runs,
// the owner-only rule, and the deletion dialog (counts, typed name, then the personal cliente).
import { messages, workspaceAdminMessages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { deferred, mockTrpc, personalWorkspace, signedIn } from '../../test-utils/trpc-mock';

const text = workspaceAdminMessages.settings;
const padaria = {
  id: 'ws-padaria',
  name: 'Padaria Pão Quente',
  color: '#E8590C',
  personal: false,
  role: 'owner',
};
const clinica = { id: 'ws-clinica', name: 'Clínica Sorriso', color: null, personal: false, role: 'editor' };
const list = { workspaces: [personalWorkspace, clinica, padaria] };
const settings = {
  workspace: {
    id: 'ws-padaria',
    name: 'Padaria Pão Quente',
    color: '#E8590C',
    logoUrl: null,
    personal: false,
  },
  contents: { themes: 2, posts: 7, scheduled: 3, published: 4, accounts: 1, links: 1, members: 1 },
};

async function open(path: string, handlers: Record<string, unknown>) {
  const api = mockTrpc({
    'auth.session': signedIn(true),
    'workspaces.list': list,
    'reportSchedules.get': { frequency: 'off', recipients: [], lastSent: null },
    ...handlers,
  });
  window.history.replaceState(null, '', path);
  render(<App />);
  await screen.findByRole('navigation', { name: messages.nav.mainNavigation }, { timeout: 10_000 });
  return api;
}

describe('Dados do cliente', () => {
  it('checks the name and an invalid custom colour before sending, then saves with the button disabled', async () => {
    const answer = deferred<unknown>();
    const api = await open('/client-settings?cliente=ws-padaria', {
      'workspaceSettings.get': settings,
      'workspaceSettings.update': () => answer.promise,
    });
    const name = await screen.findByLabelText(new RegExp(text.nameLabel));
    fireEvent.change(name, { target: { value: '   ' } });
    const custom = screen.getByLabelText(text.customColor);
    fireEvent.change(custom, { target: { value: '#12G' } });
    expect(await screen.findByText(/Cor inválida/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: text.save }));
    expect(await screen.findByText('Informe o nome do cliente.')).toBeTruthy();
    expect(api.callsTo('workspaceSettings.update')).toHaveLength(0);

    fireEvent.change(name, { target: { value: 'Padaria & Cia' } });
    fireEvent.change(custom, { target: { value: '#0ca678' } });
    expect(screen.queryByText(/Cor inválida/)).toBeNull();
    const save = screen.getByRole('button', { name: text.save });
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(true));
    answer.resolve({ workspace: { ...settings.workspace, name: 'Padaria & Cia', color: '#0CA678' } });
    expect(await screen.findByText(text.saved)).toBeTruthy();
    expect(api.callsTo('workspaceSettings.update').map((c) => c.input)).toEqual([
      { name: 'Padaria & Cia', color: '#0CA678' },
    ]);
  });

  it('picks a colour from the palette', async () => {
    const api = await open('/client-settings?cliente=ws-padaria', {
      'workspaceSettings.get': settings,
      'workspaceSettings.update': { workspace: settings.workspace },
    });
    const swatch = await screen.findByRole('button', { name: text.paletteLabel('#1C7ED6') });
    fireEvent.click(swatch);
    expect(swatch.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: text.save }));
    await waitFor(() => expect(api.callsTo('workspaceSettings.update')).toHaveLength(1));
    expect(api.callsTo('workspaceSettings.update')[0]!.input).toEqual({
      name: 'Padaria Pão Quente',
      color: '#1C7ED6',
    });
  });

  it('is the owner’s only: an editor is told so and nothing is asked of the server', async () => {
    const api = await open('/client-settings?cliente=ws-clinica', { 'workspaceSettings.get': settings });
    expect(await screen.findByText(text.ownerOnly)).toBeTruthy();
    expect(api.callsTo('workspaceSettings.get')).toHaveLength(0);
  });

  it('deletes after the name is typed, naming what goes, then opens the personal cliente', async () => {
    const answer = deferred<unknown>();
    const api = await open('/client-settings?cliente=ws-padaria', {
      'workspaceSettings.get': settings,
      'workspaceSettings.delete': () => answer.promise,
      'dashboard.summary': () => new Promise(() => {}),
      'dashboard.charts': () => new Promise(() => {}),
    });
    fireEvent.click(await screen.findByRole('button', { name: text.deleteButton }));
    const dialog = await screen.findByRole('dialog', { name: text.deleteDialogTitle('Padaria Pão Quente') });
    expect(within(dialog).getByText(text.deleteCounts.posts(7, 3))).toBeTruthy();
    expect(within(dialog).getByText(text.deleteCounts.themes(2))).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: text.deleteConfirm }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    const input = within(dialog).getByLabelText(text.deleteTypeLabel('Padaria Pão Quente'));
    fireEvent.change(input, { target: { value: 'Padaria' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'Padaria Pão Quente' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(confirm.disabled).toBe(true));
    answer.resolve({ deleted: true, id: 'ws-padaria' });
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(new URLSearchParams(window.location.search).get('cliente')).toBe('user-1');
    expect(api.callsTo('workspaceSettings.delete').map((c) => c.input)).toEqual([
      { workspaceId: 'ws-padaria', confirmName: 'Padaria Pão Quente' },
    ]);
  });
});
