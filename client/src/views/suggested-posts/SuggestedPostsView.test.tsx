import { messages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { draft, themeListItem } from '../../test-utils/themes';
import { expectToast } from '../../test-utils/toasts';
import { deferred, mockTrpc, signedIn, TrpcErrorResponse } from '../../test-utils/trpc-mock';
import { SuggestedPostsView } from './SuggestedPostsView';

const text = messages.posts;
const theme = themeListItem({ socialNetworks: ['linkedin', 'x'] });
const drafts = [1, 2, 3, 4, 5].map((index) => draft(index + 10));

function open(path: string, handlers: Record<string, unknown>) {
  const api = mockTrpc({
    'auth.session': signedIn(true),
    'themes.list': [theme],
    'themes.generateDrafts': { source: 'ai', drafts },
    ...handlers,
  });
  window.history.replaceState(null, '', path);
  render(<SuggestedPostsView />);
  return api;
}

function draftCard(title: string) {
  return screen.getByRole('heading', { name: title }).closest('article') as HTMLElement;
}

describe('Posts Sugeridos', () => {
  it('generates 5 drafts in card mode when arriving from a card', async () => {
    const answer = deferred<unknown>();
    const api = open(`/suggested-posts?theme=${theme.id}&from=card`, {
      'themes.generateDrafts': () => answer.promise,
    });
    expect(await screen.findByText(text.generatingDrafts(5))).toBeTruthy();
    expect(screen.getByRole('button', { name: text.generating })).toHaveProperty('disabled', true);
    answer.resolve({ source: 'ai', drafts });
    await expectToast(messages.common.success, text.postsGenerated(5));
    expect(screen.getAllByRole('article')).toHaveLength(5);
    expect(api.callsTo('themes.generateDrafts')).toEqual([
      {
        path: 'themes.generateDrafts',
        input: { themeId: theme.id, mode: 'card' },
        idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
        // Rendered without the signed-in app's WorkspaceScope: no cliente named, the personal one.
        workspace: null,
      },
    ]);
    // The URL forgets from=card so a reload does not generate again.
    expect(window.location.search).toBe(`?theme=${theme.id}`);
  });

  it('renders the content as text, never as HTML, with its networks and length', async () => {
    const html = '<img src=x onerror="alert(1)"><b>negrito</b>';
    open(`/suggested-posts?theme=${theme.id}&from=card`, {
      'themes.generateDrafts': {
        source: 'ai',
        drafts: [draft(1, { content: html, platforms: ['x', 'linkedin'] })],
      },
    });
    const card = await screen.findByRole('article');
    expect(within(card).getByText(html)).toBeTruthy();
    expect(card.querySelector('img')).toBeNull();
    expect(card.querySelector('b')).toBeNull();
    expect(within(card).getByText('X (Twitter)')).toBeTruthy();
    expect(within(card).getByText(text.contentLength(html.length, 280))).toBeTruthy();
  });

  it('edits a draft in memory and schedules it, then removes it from the list', async () => {
    const api = open(`/suggested-posts?theme=${theme.id}&from=card`, {
      'themes.scheduleDraft': { platforms: 2 },
    });
    await screen.findAllByRole('article');
    fireEvent.click(within(draftCard('Título 11')).getByRole('button', { name: /^Editar/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(text.title, { exact: false }), {
      target: { value: 'Título editado' },
    });
    fireEvent.change(within(dialog).getByLabelText(text.content, { exact: false }), {
      target: { value: 'Texto novo' },
    });
    // Only the theme's networks are offered.
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(2);
    // The preview shows the draft as its network does, as it is typed.
    const linkedin = within(dialog).getByRole('figure', { name: messages.preview.label('LinkedIn') });
    expect(within(linkedin).getByTestId('post-preview').textContent).toBe('Texto novo');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'X (Twitter)' }));
    // With two networks, a switch picks which one the preview shows.
    fireEvent.click(within(dialog).getByRole('radio', { name: 'X (Twitter)' }));
    const x = await within(dialog).findByRole('figure', { name: messages.preview.label('X (Twitter)') });
    expect(within(x).getByTestId('post-preview').textContent).toBe('Texto novo');
    fireEvent.click(within(dialog).getByRole('button', { name: text.applyDraftEdit }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const edited = draftCard('Título editado');
    expect(within(edited).getByText('Texto novo')).toBeTruthy();
    fireEvent.click(within(edited).getByRole('button', { name: /^Agendar/ }));
    await expectToast(messages.common.success, text.scheduledForPlatforms(2));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Título editado' })).toBeNull());
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect(api.callsTo('themes.scheduleDraft')[0]?.input).toEqual({
      themeId: theme.id,
      title: 'Título editado',
      content: 'Texto novo',
      platforms: ['linkedin', 'x'],
      postOrder: 11,
    });
  });

  it('removes a draft without calling the server', async () => {
    const api = open(`/suggested-posts?theme=${theme.id}&from=card`, {});
    await screen.findAllByRole('article');
    fireEvent.click(within(draftCard('Título 12')).getByRole('button', { name: /^Remover/ }));
    expect(screen.queryByRole('heading', { name: 'Título 12' })).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect(api.callsTo('themes.scheduleDraft')).toHaveLength(0);
  });

  it('reports a failed schedule and keeps the draft', async () => {
    open(`/suggested-posts?theme=${theme.id}&from=card`, {
      'themes.scheduleDraft': () => {
        throw new TrpcErrorResponse('INTERNAL_SERVER_ERROR', 'INTERNAL');
      },
    });
    await screen.findAllByRole('article');
    fireEvent.click(within(draftCard('Título 11')).getByRole('button', { name: /^Agendar/ }));
    await expectToast(messages.common.error, text.scheduleError);
    expect(draftCard('Título 11')).toBeTruthy();
  });

  it('generates in screen mode from its own button and reports a malformed AI answer', async () => {
    const api = open(`/suggested-posts?theme=${theme.id}`, {
      'themes.generateDrafts': () => {
        throw new TrpcErrorResponse('BAD_REQUEST', 'AI_MALFORMED');
      },
    });
    expect(await screen.findByText(text.draftsEmpty)).toBeTruthy();
    expect(api.callsTo('themes.generateDrafts')).toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: text.generate })[0] as HTMLElement);
    await expectToast(messages.common.error, 'Formato de resposta inválido da IA');
    expect(api.callsTo('themes.generateDrafts')[0]?.input).toEqual({ themeId: theme.id, mode: 'screen' });
  });

  it('reports an unavailable AI', async () => {
    open(`/suggested-posts?theme=${theme.id}`, {
      'themes.generateDrafts': () => {
        throw new TrpcErrorResponse('INTERNAL_SERVER_ERROR', 'AI_UNAVAILABLE');
      },
    });
    fireEvent.click((await screen.findAllByRole('button', { name: text.generate }))[0] as HTMLElement);
    await expectToast(messages.common.error, text.aiError);
  });

  it('is honest when the drafts come from templates', async () => {
    open(`/suggested-posts?theme=${theme.id}&from=card`, {
      'themes.generateDrafts': { source: 'templates', drafts },
    });
    await expectToast(messages.common.warning, text.draftsFromTemplates(5));
    expect(screen.getByText(text.templatesNotice)).toBeTruthy();
  });

  it('says local models (no AI key) as information, not as a failure', async () => {
    open(`/suggested-posts?theme=${theme.id}&from=card`, {
      'themes.generateDrafts': { source: 'templates', fallbackReason: 'no_key', drafts },
    });
    await expectToast(messages.common.info, text.draftsFromLocalTemplates(5));
    expect(screen.getByText(text.localTemplatesNotice)).toBeTruthy();
    expect(screen.queryByText(text.templatesNotice)).toBeNull();
  });

  it('asks for a theme when none is selected', async () => {
    open('/suggested-posts', {});
    expect(screen.getByText(text.noThemeSelected)).toBeTruthy();
    const picker = await screen.findByRole('combobox', { name: text.filterTheme });
    await waitFor(() => expect(picker).toHaveProperty('disabled', false));
  });
});
