// The UI asks the permission table (core) which actions to offer (docs/workspaces.md "Roles in the
// UI"): the whole app is rendered in a workspace where the person is Revisor, Cliente or
// Proprietário, as `workspaces.list` says, and what a user would see is checked.
import { clientLinkMessages, messages, roleMessages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { postItem, postPage } from '../test-utils/posts-fixtures';
import { fireEvent, render, screen, waitFor, within } from '../test-utils/render';
import { themeListItem } from '../test-utils/themes';
import { deferred, mockTrpc, personalWorkspace, signedIn } from '../test-utils/trpc-mock';
import { App } from './App';

const POST_ID = '00000000-0000-4000-8000-0000000000aa';
function listWith(role: 'owner' | 'editor' | 'reviewer' | 'client') {
  return {
    workspaces: [
      personalWorkspace,
      { id: 'ws-padaria', name: 'Padaria', color: null, personal: false, role },
    ],
  };
}

const pendingPage = {
  posts: [
    {
      id: POST_ID,
      platform: 'linkedin',
      title: 'Pão de queijo na sexta',
      content: 'Fornada nova às 8h.',
      scheduledFor: new Date(Date.now() + 86_400_000),
      themeName: 'Receitas',
      images: [],
    },
  ],
  accounts: [],
  nextCursor: null,
};

async function openApp(path: string, role: 'owner' | 'editor' | 'reviewer' | 'client', handlers = {}) {
  const api = mockTrpc({
    'auth.session': signedIn(true),
    'workspaces.list': listWith(role),
    'themes.list': [themeListItem()],
    'posts.list': postPage([postItem({ id: POST_ID, title: 'Pão de queijo na sexta' })]),
    'clientView.pending': pendingPage,
    'clientView.published': { items: [], nextCursor: null },
    ...handlers,
  });
  window.history.replaceState(null, '', path);
  render(<App />);
  await screen.findByRole('navigation', { name: messages.nav.mainNavigation });
  return api;
}

describe('a Revisor', () => {
  it('sees the posts without edit, retry or delete, and opens them read-only', async () => {
    await openApp('/scheduled-posts?cliente=ws-padaria', 'reviewer');
    const title = await screen.findByText('Pão de queijo na sexta');
    const card = title.closest('[data-post-id]') as HTMLElement;
    expect(within(card).queryByRole('button', { name: messages.posts.delete })).toBeNull();
    expect(within(card).queryByRole('button', { name: messages.posts.edit })).toBeNull();
    expect(screen.queryByRole('button', { name: /Excluir/ })).toBeNull();
    // "Ver histórico" opens the same dialog, read-only, saying why.
    fireEvent.click(within(card).getByRole('button', { name: messages.posts.viewHistory }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(roleMessages.readOnly('Revisor'))).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: messages.common.save })).toBeNull();
  });

  it('sees the themes without Novo Tema, Gerar Posts or the edit menu, and Criar Novo Tema as read-only', async () => {
    await openApp('/themes?cliente=ws-padaria', 'reviewer');
    await screen.findByRole('heading', { name: themeListItem().name });
    expect(screen.queryByRole('link', { name: messages.nav.newTheme })).toBeNull();
    expect(screen.queryByRole('link', { name: messages.themes.generatePosts })).toBeNull();
    expect(
      screen.queryByRole('button', { name: messages.themes.themeMenu(themeListItem().name) }),
    ).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: messages.views.themes.title }));
    window.history.pushState(null, '', '/create?cliente=ws-padaria');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(await screen.findByText(roleMessages.cannotWriteThemes)).toBeTruthy();
  });
});

describe('an owner', () => {
  it('sees every action on the same screens', async () => {
    await openApp('/scheduled-posts?cliente=ws-padaria', 'owner');
    const title = await screen.findByText('Pão de queijo na sexta');
    const card = title.closest('[data-post-id]') as HTMLElement;
    expect(within(card).getByRole('button', { name: messages.posts.delete })).toBeTruthy();
    expect(within(card).getByRole('button', { name: messages.posts.edit })).toBeTruthy();
  });
});

describe('a Cliente', () => {
  it('is taken to "Para aprovar", sees only it and Configurações, and approves once per click', async () => {
    const answer = deferred<unknown>();
    const api = await openApp('/dashboard?cliente=ws-padaria', 'client', {
      'clientView.decide': () => answer.promise,
    });
    await waitFor(() => expect(window.location.pathname).toBe('/client-view'));
    const nav = screen.getByRole('navigation', { name: messages.nav.mainNavigation });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label') ?? link.textContent),
    ).toEqual([roleMessages.clientView.nav, messages.nav.settings]);
    // Nothing of the team's views was asked for.
    expect(api.callsTo('dashboard.summary')).toEqual([]);
    expect(api.callsTo('accounts.list')).toEqual([]);

    const approve = await screen.findByRole('button', { name: clientLinkMessages.approve });
    fireEvent.click(approve);
    fireEvent.click(approve);
    await waitFor(() => expect(api.callsTo('clientView.decide')).toHaveLength(1));
    const call = api.callsTo('clientView.decide')[0]!;
    expect(call.input).toEqual({ postId: POST_ID, decision: 'approve', comment: null });
    expect(call.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(call.workspace).toBe('ws-padaria');
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: clientLinkMessages.approving }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
    answer.resolve({ state: 'done', stage: 'approved', changed: true });
    expect(await screen.findByText(clientLinkMessages.approvedDone('Pão de queijo na sexta'))).toBeTruthy();
  });

  it('asks for changes only with a comment', async () => {
    const api = await openApp('/client-view?cliente=ws-padaria', 'client', {
      'clientView.decide': { state: 'done', stage: 'changes', changed: true },
    });
    fireEvent.click(await screen.findByRole('button', { name: clientLinkMessages.requestChanges }));
    fireEvent.click(screen.getByRole('button', { name: clientLinkMessages.sendChanges }));
    expect(await screen.findByText(clientLinkMessages.commentRequired)).toBeTruthy();
    expect(api.callsTo('clientView.decide')).toEqual([]);
    fireEvent.change(screen.getByLabelText(clientLinkMessages.commentLabel, { exact: false }), {
      target: { value: 'Troque a foto.' },
    });
    fireEvent.click(screen.getByRole('button', { name: clientLinkMessages.sendChanges }));
    await waitFor(() =>
      expect(api.callsTo('clientView.decide')[0]?.input).toEqual({
        postId: POST_ID,
        decision: 'changes',
        comment: 'Troque a foto.',
      }),
    );
  });
});
