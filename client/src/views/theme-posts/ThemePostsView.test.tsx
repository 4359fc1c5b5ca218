import { messages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { postItem, postPage, THEME_ID } from '../../test-utils/posts-fixtures';
import { fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { themeListItem } from '../../test-utils/themes';
import { mockTrpc, signedIn } from '../../test-utils/trpc-mock';
import { ThemePostsView } from './ThemePostsView';

const text = messages.themes;

function open() {
  const api = mockTrpc({
    'auth.session': signedIn(true),
    'themes.list': [themeListItem(), themeListItem({ id: 'theme-2', name: 'Receitas', scheduledCount: 0 })],
    'posts.list': (input: unknown) => {
      const { statuses, themeId } = input as { statuses?: string[]; themeId?: string };
      if (statuses) return postPage([postItem({ title: 'Só agendado' })]);
      if (themeId) return postPage([postItem({ title: `Do tema ${themeId}` })]);
      return postPage([
        postItem({ title: 'Qualquer' }),
        postItem({ title: 'Publicado', status: 'published' }),
      ]);
    },
  });
  window.history.replaceState(null, '', '/theme-posts');
  render(<ThemePostsView />);
  return api;
}

describe('theme manager', () => {
  it('has the tabs Todos os Posts, Posts Agendados and Por Tema', async () => {
    const api = open();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      text.tabAllPosts,
      text.tabScheduled,
      text.tabByTheme,
    ]);
    expect(await screen.findByRole('heading', { name: 'Qualquer' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: text.tabScheduled }));
    expect(await screen.findByRole('heading', { name: 'Só agendado' })).toBeTruthy();
    expect(api.callsTo('posts.list').at(-1)?.input).toMatchObject({ statuses: ['scheduled'] });

    fireEvent.click(screen.getByRole('tab', { name: text.tabByTheme }));
    const control = await screen.findByRole('button', { name: /Marketing digital/ });
    expect(within(control).getByText(text.scheduledCount(12))).toBeTruthy();
    expect(within(control).getByText(text.publishedCount(1))).toBeTruthy();
    expect(screen.getByRole('button', { name: /Receitas/ })).toBeTruthy();
    fireEvent.click(control);
    expect(await screen.findByRole('heading', { name: `Do tema ${THEME_ID}` })).toBeTruthy();
    await waitFor(() => expect(api.callsTo('posts.list').at(-1)?.input).toMatchObject({ themeId: THEME_ID }));
  });
});
