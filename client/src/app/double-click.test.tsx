// Issue 11, item 4, on the screens: a double-click on a button that changes something sends ONE
// request and shows ONE toast, and the button shows its busy state (disabled, with its pending
// label or Mantine's loader) until the answer arrives. The two clicks land in one act(), before
// React re-renders: the hardest case, where only a synchronous guard helps.
import { messages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { postItem, postPage } from '../test-utils/posts-fixtures';
import { act, fireEvent, render, screen, waitFor, within } from '../test-utils/render';
import { draft, themeDetail, themeListItem } from '../test-utils/themes';
import { expectToast, shownToasts } from '../test-utils/toasts';
import { deferred, mockTrpc, signedIn } from '../test-utils/trpc-mock';
import { AdminSettingsView } from '../views/admin-settings/AdminSettingsView';
import { ConnectedAccountsView } from '../views/connected-accounts/ConnectedAccountsView';
import { CreateThemeView } from '../views/create/CreateThemeView';
import { EditThemeView } from '../views/edit/EditThemeView';
import { EmailTemplatesView } from '../views/email-templates/EmailTemplatesView';
import { ScheduledPostsView } from '../views/scheduled-posts/ScheduledPostsView';
import { SuggestedPostsView } from '../views/suggested-posts/SuggestedPostsView';
import { ThemesView } from '../views/themes/ThemesView';

/** Two clicks and a dblclick, as a hand does, before React renders in between. */
function doubleClick(element: HTMLElement) {
  act(() => {
    element.click();
    element.click();
    element.dispatchEvent(new MouseEvent('dblclick', { bubbles: true }));
  });
}

function isBusy(button: HTMLElement): boolean {
  return (button as HTMLButtonElement).disabled || button.hasAttribute('data-loading');
}

/** After the answer: exactly one toast with this message, and no error toast. */
async function expectOneToast(message: string) {
  await expectToast(messages.common.success, message);
  // Give a second answer (if one were coming) time to show its toast.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(shownToasts().filter((t) => t.message === message)).toHaveLength(1);
  expect(shownToasts().filter((t) => t.title === messages.common.error)).toEqual([]);
}

function open(path: string, ui: React.ReactElement, handlers: Record<string, unknown>) {
  const api = mockTrpc({ 'auth.session': signedIn(true), ...handlers });
  window.history.replaceState(null, '', path);
  render(ui);
  return api;
}

const posts = messages.posts;
const theme = themeListItem({ socialNetworks: ['linkedin'] });

describe('a double-click sends one request and shows one toast', () => {
  it('Agendar (Posts Sugeridos)', async () => {
    const answer = deferred<unknown>();
    const api = open(`/suggested-posts?theme=${theme.id}&from=card`, <SuggestedPostsView />, {
      'themes.list': [theme],
      'themes.generateDrafts': { source: 'ai', drafts: [draft(1), draft(2)] },
      'themes.scheduleDraft': () => answer.promise,
    });
    const first = (await screen.findAllByRole('button', { name: /^Agendar/ }))[0]!;
    doubleClick(first);
    await waitFor(() => expect(isBusy(first)).toBe(true));
    expect(first.textContent).toContain(posts.scheduling);
    answer.resolve({ platforms: 1 });
    await expectOneToast(posts.scheduledForPlatforms(1));
    expect(api.callsTo('themes.scheduleDraft')).toHaveLength(1);
  });

  it('Gerar 5 Posts (Posts Sugeridos)', async () => {
    const answer = deferred<unknown>();
    const api = open(`/suggested-posts?theme=${theme.id}`, <SuggestedPostsView />, {
      'themes.list': [theme],
      'themes.generateDrafts': () => answer.promise,
    });
    const generate = (await screen.findAllByRole('button', { name: posts.generate }))[0]!;
    doubleClick(generate);
    await waitFor(() => expect(isBusy(generate)).toBe(true));
    answer.resolve({ source: 'ai', drafts: [1, 2, 3, 4, 5].map((n) => draft(n)) });
    await expectOneToast(posts.postsGenerated(5));
    expect(api.callsTo('themes.generateDrafts')).toHaveLength(1);
    expect(screen.getAllByRole('article')).toHaveLength(5);
  });

  it('Tentar novamente (Posts Agendados)', async () => {
    const failed = postItem({ status: 'failed', lastError: 'REJECTED' });
    const answer = deferred<unknown>();
    const api = open('/scheduled-posts', <ScheduledPostsView />, {
      'themes.list': [themeListItem()],
      'posts.list': postPage([failed]),
      'posts.retry': () => answer.promise,
    });
    const card = (await screen.findByRole('heading', { name: failed.title })).closest('article')!;
    const retry = within(card as HTMLElement).getByRole('button', { name: posts.retry });
    doubleClick(retry);
    await waitFor(() => expect(isBusy(retry)).toBe(true));
    answer.resolve({ ...failed, status: 'scheduled' });
    await expectOneToast(posts.retryQueued);
    expect(api.callsTo('posts.retry')).toHaveLength(1);
  });

  it('Excluir (one post, in its confirmation)', async () => {
    const post = postItem();
    const answer = deferred<unknown>();
    const api = open('/scheduled-posts', <ScheduledPostsView />, {
      'themes.list': [themeListItem()],
      'posts.list': postPage([post]),
      'posts.delete': () => answer.promise,
    });
    const card = (await screen.findByRole('heading', { name: post.title })).closest('article')!;
    fireEvent.click(within(card as HTMLElement).getByRole('button', { name: posts.delete }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: posts.delete });
    doubleClick(confirm);
    await waitFor(() => expect(isBusy(confirm)).toBe(true));
    answer.resolve({ deleted: 1 });
    await expectOneToast(posts.deleted);
    expect(api.callsTo('posts.delete')).toHaveLength(1);
  });

  it('Excluir Posts Filtrados (in its confirmation)', async () => {
    const answer = deferred<unknown>();
    const api = open('/scheduled-posts', <ScheduledPostsView />, {
      'themes.list': [themeListItem()],
      'posts.list': postPage([postItem(), postItem()]),
      'posts.deleteFiltered': () => answer.promise,
    });
    fireEvent.click(await screen.findByRole('button', { name: posts.deleteFiltered(2) }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: posts.deleteFilteredConfirm });
    doubleClick(confirm);
    await waitFor(() => expect(isBusy(confirm)).toBe(true));
    answer.resolve({ deleted: 2, skipped: 0 });
    await expectOneToast(posts.deletedMany(2));
    expect(api.callsTo('posts.deleteFiltered')).toHaveLength(1);
  });

  it('Salvar (Editar Post)', async () => {
    const post = postItem();
    const answer = deferred<unknown>();
    const api = open('/scheduled-posts', <ScheduledPostsView />, {
      'themes.list': [themeListItem()],
      'posts.list': postPage([post]),
      'posts.update': () => answer.promise,
    });
    const card = (await screen.findByRole('heading', { name: post.title })).closest('article')!;
    fireEvent.click(within(card as HTMLElement).getByRole('button', { name: posts.edit }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(posts.content) }), {
      target: { value: 'Texto alterado' },
    });
    const save = within(dialog).getByRole('button', { name: messages.common.save });
    doubleClick(save);
    await waitFor(() => expect(isBusy(save)).toBe(true));
    answer.resolve(post);
    await expectOneToast(posts.updated);
    expect(api.callsTo('posts.update')).toHaveLength(1);
  });

  it('Salvar Alterações (Editar Tema)', async () => {
    const detail = themeDetail({ socialNetworks: ['linkedin'] });
    const answer = deferred<unknown>();
    const api = open(`/edit?theme=${detail.id}`, <EditThemeView />, {
      'themes.get': detail,
      'themes.update': () => answer.promise,
    });
    const save = await screen.findByRole('button', { name: messages.themes.updateSubmit });
    doubleClick(save);
    const busy = await screen.findByRole('button', { name: messages.themes.saving });
    expect(isBusy(busy)).toBe(true);
    answer.resolve(detail);
    await expectOneToast(messages.themes.updated);
    expect(api.callsTo('themes.update')).toHaveLength(1);
  });

  it('Criar Tema', async () => {
    const answer = deferred<unknown>();
    const api = open('/create', <CreateThemeView />, { 'themes.create': () => answer.promise });
    fireEvent.change(await screen.findByLabelText(messages.themes.name, { exact: false }), {
      target: { value: 'Tema novo' },
    });
    fireEvent.change(screen.getByLabelText(messages.themes.description, { exact: false }), {
      target: { value: 'Descrição do tema novo' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Profissional' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'LinkedIn' }));
    doubleClick(screen.getByRole('button', { name: messages.themes.createSubmit }));
    const busy = await screen.findByRole('button', { name: messages.themes.creating });
    expect(isBusy(busy)).toBe(true);
    answer.resolve({ theme: { id: theme.id, name: 'Tema novo' }, outcome: { kind: 'no_posts' } });
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(api.callsTo('themes.create')).toHaveLength(1);
  });

  it('Excluir tema (in its confirmation)', async () => {
    const answer = deferred<unknown>();
    const api = open('/themes', <ThemesView />, {
      'themes.list': [theme],
      'themes.delete': () => answer.promise,
    });
    const card = (await screen.findByRole('heading', { name: theme.name })).closest('article')!;
    fireEvent.click(within(card as HTMLElement).getByRole('button', { name: /Ações do tema/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: messages.themes.deleteTheme }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: messages.themes.confirmDeleteAction });
    doubleClick(confirm);
    await waitFor(() => expect(isBusy(confirm)).toBe(true));
    answer.resolve({ ok: true });
    await expectOneToast(messages.themes.deleted);
    expect(api.callsTo('themes.delete')).toHaveLength(1);
  });

  it('Conectar Página and Desconectar (Contas Conectadas)', async () => {
    const pending = '11111111-2222-4333-8444-555555555555';
    const connect = deferred<unknown>();
    const linkedin = {
      platform: 'linkedin',
      status: 'connected',
      logins: [],
      account: {
        id: '00000000-0000-4000-8000-0000000000a1',
        username: 'Ana Souza',
        name: 'Ana Souza',
        followers: 10,
        avatarUrl: null,
        pageName: null,
        connectedAt: new Date('2026-03-05T15:00:00Z'),
        health: { state: 'ok', daysLeft: null, expiresAt: null, limitedUntil: null, needsAction: false },
      },
    };
    const api = open(`/connected-accounts?connection=true&pickPage=${pending}`, <ConnectedAccountsView />, {
      'accounts.list': [
        linkedin,
        { platform: 'facebook', status: 'not_connected', account: null, logins: [] },
      ],
      'accounts.pendingPages': { pages: [{ id: '30000000001', name: 'Loja da Dona' }] },
      'accounts.selectFacebookPage': () => connect.promise,
      'accounts.disconnect': { ok: true },
    });
    const text = messages.accounts;
    const picker = await screen.findByRole('dialog', { name: text.pickPageTitle });
    fireEvent.click(await within(picker).findByRole('radio', { name: 'Loja da Dona' }));
    const confirm = within(picker).getByRole('button', { name: text.pickPageConfirm });
    doubleClick(confirm);
    await waitFor(() => expect(isBusy(confirm)).toBe(true));
    connect.resolve({ platform: 'facebook', pageName: 'Loja da Dona' });
    await expectOneToast(text.connectedSuccess('Facebook'));
    expect(api.callsTo('accounts.selectFacebookPage')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const card = screen.getByRole('article', { name: /LinkedIn/ });
    fireEvent.click(within(card).getByRole('button', { name: text.disconnect }));
    const dialog = await screen.findByRole('dialog', { name: text.confirmDisconnectTitle });
    doubleClick(within(dialog).getByRole('button', { name: text.disconnect }));
    await expectOneToast(text.disconnected('LinkedIn'));
    expect(api.callsTo('accounts.disconnect')).toHaveLength(1);
  });

  it('Salvar (a system setting)', async () => {
    const at = new Date('2026-11-20T12:00:00Z');
    const setting = { key: 'support_text', value: 'Olá', description: null, updatedAt: at };
    const saved = deferred<unknown>();
    const api = open('/admin-settings', <AdminSettingsView />, {
      'admin.settings.list': [setting],
      'admin.settings.update': () => saved.promise,
    });
    const region = await screen.findByRole('region', { name: 'support_text' });
    const save = within(region).getByRole('button', { name: messages.common.save });
    doubleClick(save);
    await waitFor(() => expect(isBusy(save)).toBe(true));
    saved.resolve(setting);
    await expectOneToast(messages.admin.settings.saved);
    expect(api.callsTo('admin.settings.update')).toHaveLength(1);
  });

  it('Salvar (a new email template)', async () => {
    const created = deferred<unknown>();
    const api = open('/email-templates', <EmailTemplatesView />, {
      'admin.templates.list': [],
      'admin.outbox.list': { items: [], total: 0, page: 1, pageSize: 20 },
      'admin.templates.create': () => created.promise,
    });
    const text = messages.admin.templates;
    fireEvent.click(await screen.findByRole('button', { name: text.newTemplate }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(text.templateName, { exact: false }), {
      target: { value: 'boas_vindas' },
    });
    fireEvent.change(within(dialog).getByLabelText(text.subject, { exact: false }), {
      target: { value: 'Olá' },
    });
    fireEvent.change(within(dialog).getByLabelText(text.htmlContent, { exact: false }), {
      target: { value: '<p>Olá</p>' },
    });
    const save = within(dialog).getByRole('button', { name: messages.common.save });
    doubleClick(save);
    await waitFor(() => expect(isBusy(save)).toBe(true));
    created.resolve({ id: 'novo' });
    await expectOneToast(text.saved);
    expect(api.callsTo('admin.templates.create')).toHaveLength(1);
  });
});
