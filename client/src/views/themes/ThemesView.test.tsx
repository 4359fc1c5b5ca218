import { messages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { themeListItem } from '../../test-utils/themes';
import { expectToast } from '../../test-utils/toasts';
import { deferred, mockTrpc, signedIn, TrpcErrorResponse } from '../../test-utils/trpc-mock';
import { ThemesView } from './ThemesView';

const text = messages.themes;
const theme = themeListItem();

function open(handlers: Record<string, unknown>) {
  const api = mockTrpc({ 'auth.session': signedIn(true), 'themes.list': [theme], ...handlers });
  window.history.replaceState(null, '', '/themes');
  render(<ThemesView />);
  return api;
}

async function card() {
  const heading = await screen.findByRole('heading', { name: theme.name });
  return heading.closest('article') as HTMLElement;
}

describe('Meus Temas', () => {
  it('shows at most 2 tones (+N), 3 networks (+N), counts and the actions', async () => {
    open({});
    const article = await card();
    const tones = within(article).getByRole('list', { name: text.tonesLabel });
    expect(within(tones).getByText('Profissional')).toBeTruthy();
    expect(within(tones).getByText('Informativo')).toBeTruthy();
    expect(within(tones).queryByText('Descontraído')).toBeNull();
    expect(within(tones).getByText('+2')).toBeTruthy();
    const networks = within(article).getByRole('list', { name: text.networksLabel });
    expect(within(networks).getAllByRole('listitem')).toHaveLength(4);
    expect(within(networks).getByText('Instagram')).toBeTruthy();
    expect(within(networks).getByText('Facebook')).toBeTruthy();
    expect(within(networks).queryByText('X (Twitter)')).toBeNull();
    expect(within(networks).getByText('+1')).toBeTruthy();
    expect(within(article).getByText(text.scheduledCount(12))).toBeTruthy();
    expect(within(article).getByText(text.publishedCount(1))).toBeTruthy();
    expect(within(article).getByText(theme.description)).toBeTruthy();

    const generate = within(article).getByRole('link', { name: text.generatePosts });
    expect(generate.getAttribute('href')).toBe(`/suggested-posts?theme=${theme.id}&from=card`);
    expect(within(article).getByRole('link', { name: text.viewPosts }).getAttribute('href')).toBe(
      `/scheduled-posts?theme=${theme.id}`,
    );
  });

  it('has a menu with Gerar 5 Posts, Editar Tema and Excluir Tema', async () => {
    open({});
    const article = await card();
    fireEvent.click(within(article).getByRole('button', { name: text.themeMenu(theme.name) }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual([text.generatePosts, text.editTheme, text.deleteTheme]);
    fireEvent.click(screen.getByRole('menuitem', { name: text.editTheme }));
    expect(window.location.pathname + window.location.search).toBe(`/edit?theme=${theme.id}`);
  });

  it('confirms before deleting, saying the posts go too', async () => {
    const answer = deferred<unknown>();
    const api = open({ 'themes.delete': () => answer.promise });
    const article = await card();
    fireEvent.click(within(article).getByRole('button', { name: text.themeMenu(theme.name) }));
    fireEvent.click(await screen.findByRole('menuitem', { name: text.deleteTheme }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(text.confirmDelete(theme.name))).toBeTruthy();
    expect(api.callsTo('themes.delete')).toHaveLength(0);
    api.set('themes.list', []);
    fireEvent.click(within(dialog).getByRole('button', { name: text.confirmDeleteAction }));
    expect(await within(dialog).findByRole('button', { name: messages.common.deleting })).toBeTruthy();
    answer.resolve({ ok: true });
    await expectToast(messages.common.success, text.deleted);
    expect(api.callsTo('themes.delete')[0]?.input).toEqual({ id: theme.id });
    expect(await screen.findByText(text.empty)).toBeTruthy();
  });

  it('reports a failed delete', async () => {
    open({
      'themes.delete': () => {
        throw new TrpcErrorResponse('INTERNAL_SERVER_ERROR', 'INTERNAL');
      },
    });
    const article = await card();
    fireEvent.click(within(article).getByRole('button', { name: text.themeMenu(theme.name) }));
    fireEvent.click(await screen.findByRole('menuitem', { name: text.deleteTheme }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: text.confirmDeleteAction }),
    );
    await expectToast(messages.common.error, text.deleteError);
  });

  it('shows the empty state with Criar primeiro tema', async () => {
    open({ 'themes.list': [] });
    expect(await screen.findByText(text.empty)).toBeTruthy();
    expect(screen.getByRole('link', { name: text.createFirst }).getAttribute('href')).toBe('/create');
  });

  it('offers a retry when the list fails', async () => {
    const api = open({
      'themes.list': () => {
        throw new TrpcErrorResponse('INTERNAL_SERVER_ERROR', 'INTERNAL');
      },
    });
    const retry = await screen.findByRole('button', { name: messages.common.tryAgain }, { timeout: 8000 });
    api.set('themes.list', [theme]);
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getByRole('heading', { name: theme.name })).toBeTruthy());
  });
});
