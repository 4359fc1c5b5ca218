import { messages, POST_STATUS_LABELS, publishErrorMessages } from '@pauta/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postItem, postPage, THEME_ID } from '../../test-utils/posts-fixtures';
import { cleanup, fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { themeListItem } from '../../test-utils/themes';
import { expectToast } from '../../test-utils/toasts';
import { mockTrpc, signedIn, TrpcErrorResponse } from '../../test-utils/trpc-mock';
import { toListInput } from './filters';
import { ScheduledPostsView } from './ScheduledPostsView';

const text = messages.posts;

function session(timezone = 'America/Sao_Paulo') {
  const answer = signedIn(true);
  return { ...answer, user: { ...answer.user, timezone } };
}

function open(handlers: Record<string, unknown>, path = '/scheduled-posts', timezone?: string) {
  const api = mockTrpc({
    'auth.session': session(timezone),
    'themes.list': [themeListItem()],
    'posts.list': postPage([]),
    ...handlers,
  });
  window.history.replaceState(null, '', path);
  render(<ScheduledPostsView />);
  return api;
}

/** The input of the latest `posts.list` call, without the page size and cursor. */
function lastListInput(api: ReturnType<typeof mockTrpc>) {
  const calls = api.callsTo('posts.list');
  const {
    limit: _limit,
    cursor: _cursor,
    direction: _direction,
    ...input
  } = calls[calls.length - 1]!.input as Record<string, unknown>;
  return input;
}

async function card(title: string) {
  const heading = await screen.findByRole('heading', { name: title });
  return heading.closest('article') as HTMLElement;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Posts Agendados: filters', () => {
  it('preselects the theme of ?theme= and sends it to posts.list', async () => {
    const api = open({}, `/scheduled-posts?theme=${THEME_ID}`);
    await waitFor(() => expect(api.callsTo('posts.list').length).toBeGreaterThan(0));
    expect(lastListInput(api)).toEqual({ themeId: THEME_ID });
    // The panel opens because a filter is active, showing the theme's name.
    expect(await screen.findByDisplayValue('Marketing digital')).toBeTruthy();
  });

  it('supports ?status=failed (the dashboard attention link)', async () => {
    const api = open({}, '/scheduled-posts?status=failed,bogus');
    await waitFor(() => expect(api.callsTo('posts.list').length).toBeGreaterThan(0));
    expect(lastListInput(api)).toEqual({ statuses: ['failed'] });
  });

  // Drives a Mantine combobox and two date pickers: over 5 s on a loaded machine.
  it('builds the input from the platform select and the date ranges', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-10T12:00:00Z'));
    const api = open({});
    await screen.findByText(text.empty);
    fireEvent.click(screen.getByRole('button', { name: text.filters }));

    fireEvent.click(screen.getByRole('combobox', { name: text.filterPlatform }));
    fireEvent.click(await screen.findByRole('option', { name: 'Instagram' }));
    await waitFor(() => expect(lastListInput(api)).toEqual({ platform: 'instagram' }));
    expect(window.location.search).toBe('?platform=instagram');

    fireEvent.click(screen.getByRole('button', { name: text.filterScheduledFrom }));
    fireEvent.click(await screen.findByRole('button', { name: /^15 novembro 2026/i }));
    await waitFor(() =>
      expect(lastListInput(api)).toEqual({ platform: 'instagram', scheduledFrom: '2026-11-15' }),
    );

    fireEvent.click(screen.getByRole('button', { name: text.filterCreatedTo }));
    fireEvent.click(await screen.findByRole('button', { name: /^3 novembro 2026/i }));
    await waitFor(() =>
      expect(lastListInput(api)).toEqual({
        platform: 'instagram',
        scheduledFrom: '2026-11-15',
        createdTo: '2026-11-03',
      }),
    );
    // Every filter is in the URL, so a reload shows the same posts.
    expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual({
      platform: 'instagram',
      scheduledFrom: '2026-11-15',
      createdTo: '2026-11-03',
    });
  }, 20_000);

  it('reads the date filters back from the URL (reload) and drops malformed ones', async () => {
    const api = open(
      {},
      '/scheduled-posts?scheduledFrom=2026-11-15&scheduledTo=2026-11-30&createdFrom=ontem&view=calendar',
    );
    await waitFor(() => expect(api.callsTo('posts.list').length).toBeGreaterThan(0));
    expect(lastListInput(api)).toEqual({ scheduledFrom: '2026-11-15', scheduledTo: '2026-11-30' });
  });

  it('maps every filter to the API names and leaves empty ones out', () => {
    expect(
      toListInput({
        themeId: 't1',
        platform: 'x',
        scheduledFrom: '2026-11-01',
        scheduledTo: '2026-11-30 00:00:00',
        createdFrom: null,
        createdTo: '2026-10-31',
        statuses: [],
      }),
    ).toEqual({
      themeId: 't1',
      platform: 'x',
      scheduledFrom: '2026-11-01',
      scheduledTo: '2026-11-30',
      createdTo: '2026-10-31',
    });
    expect(
      toListInput({
        themeId: null,
        platform: null,
        scheduledFrom: null,
        scheduledTo: null,
        createdFrom: null,
        createdTo: null,
        statuses: [],
      }),
    ).toEqual({});
  });
});

describe('Posts Agendados: deleting', () => {
  it("says 'Não há posts para excluir.' when the filters match nothing", async () => {
    const api = open({ 'posts.deleteFiltered': { deleted: 0 } });
    const button = await screen.findByRole('button', { name: text.deleteFiltered(0) });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    await expectToast(messages.common.warning, text.nothingToDelete);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('posts.deleteFiltered')).toHaveLength(0);
  });

  it('counts as "agendados" only the posts that still wait, and names a status filter', async () => {
    const mixed = [
      postItem({ status: 'scheduled' }),
      postItem({ status: 'published' }),
      postItem({ status: 'failed' }),
    ];
    open({ 'posts.list': postPage(mixed) }, '/scheduled-posts');
    expect(await screen.findByText(text.countWithScheduled(3, 1))).toBeTruthy();
    expect(screen.getByTestId('posts-count').textContent).toBe('3 posts · 1 agendado');
    cleanup();

    const failed = [postItem({ status: 'failed' }), postItem({ status: 'failed' })];
    open({ 'posts.list': postPage(failed) }, '/scheduled-posts?status=failed');
    expect(await screen.findByText('2 posts com status Falhou')).toBeTruthy();
    expect(screen.queryByText(/agendados/)).toBeNull();
  });

  it('confirms before deleting the filtered posts and sends the same filters', async () => {
    const posts = [postItem(), postItem()];
    const api = open(
      { 'posts.list': postPage(posts), 'posts.deleteFiltered': { deleted: 2 } },
      '/scheduled-posts?platform=linkedin',
    );
    expect(await screen.findByText(text.count(2))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: text.deleteFiltered(2) }));
    const dialog = await screen.findByRole('dialog', { name: text.confirmDeleteFilteredTitle });
    expect(within(dialog).getByText(text.confirmDeleteFiltered(2))).toBeTruthy();
    expect(api.callsTo('posts.deleteFiltered')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: text.deleteFilteredConfirm }));
    await expectToast(messages.common.success, text.deletedMany(2));
    expect(api.callsTo('posts.deleteFiltered')[0]?.input).toEqual({ platform: 'linkedin' });
  });

  it('confirms before deleting one post', async () => {
    const post = postItem({ title: 'Post a excluir' });
    const api = open({ 'posts.list': postPage([post]), 'posts.delete': { ok: true } });
    fireEvent.click(within(await card('Post a excluir')).getByRole('button', { name: text.delete }));
    const dialog = await screen.findByRole('dialog', { name: text.confirmDeleteTitle });
    expect(within(dialog).getByText(text.confirmDelete)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('posts.delete')).toHaveLength(0);

    fireEvent.click(within(await card('Post a excluir')).getByRole('button', { name: text.delete }));
    const again = await screen.findByRole('dialog', { name: text.confirmDeleteTitle });
    fireEvent.click(within(again).getByRole('button', { name: text.delete }));
    await expectToast(messages.common.success, text.deleted);
    expect(api.callsTo('posts.delete')[0]?.input).toEqual({ id: post.id });
  });

  it('reports a failed delete', async () => {
    const post = postItem({ title: 'Post teimoso' });
    open({
      'posts.list': postPage([post]),
      'posts.delete': () => {
        throw new TrpcErrorResponse('INTERNAL_SERVER_ERROR', 'INTERNAL');
      },
    });
    fireEvent.click(within(await card('Post teimoso')).getByRole('button', { name: text.delete }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: text.delete }));
    await expectToast(messages.common.error, text.deleteError);
  });
});

describe('Posts Agendados: cards', () => {
  it('shows theme, platform, local date and time, the Usado badge and a status badge', async () => {
    open({ 'posts.list': postPage([postItem({ title: 'Dica', isUsed: true, platform: 'x' })]) });
    const article = await card('Dica');
    expect(within(article).getByText('Marketing digital')).toBeTruthy();
    expect(within(article).getByText('X (Twitter)')).toBeTruthy();
    expect(within(article).getByText(/22\/11\/2026 · 10:00/)).toBeTruthy();
    expect(within(article).getByText(text.usedBadge)).toBeTruthy();
    expect(within(article).getByText(POST_STATUS_LABELS.scheduled)).toBeTruthy();
    expect(within(article).queryByRole('button', { name: text.retry })).toBeNull();
  });

  it('shows each status with its label and, for problems, the pt-BR reason and Tentar novamente', async () => {
    const posts = [
      postItem({ title: 'P-publishing', status: 'publishing' }),
      postItem({ title: 'P-failed', status: 'failed', lastError: 'ACCOUNT_NOT_CONNECTED' }),
      postItem({ title: 'P-attention', status: 'needs_attention', lastError: 'UNKNOWN_OUTCOME' }),
      postItem({ title: 'P-missed', status: 'missed', lastError: null }),
      postItem({ title: 'P-published', status: 'published' }),
    ];
    const api = open({ 'posts.list': postPage(posts), 'posts.retry': { ok: true } });

    const publishing = await card('P-publishing');
    expect(within(publishing).getByText('Publicando')).toBeTruthy();
    // Not editable while the worker publishes it: the card opens its history instead.
    expect(within(publishing).queryByRole('button', { name: text.edit })).toBeNull();
    expect(within(publishing).getByRole('button', { name: text.viewHistory })).toBeTruthy();

    const failed = await card('P-failed');
    expect(within(failed).getByText('Falhou')).toBeTruthy();
    expect(within(failed).getByText(publishErrorMessages.ACCOUNT_NOT_CONNECTED)).toBeTruthy();

    const attention = await card('P-attention');
    expect(within(attention).getByText('Precisa de atenção')).toBeTruthy();
    expect(within(attention).getByText(publishErrorMessages.UNKNOWN_OUTCOME)).toBeTruthy();

    const missed = await card('P-missed');
    expect(within(missed).getByText('Perdido')).toBeTruthy();
    expect(within(missed).getByText(publishErrorMessages.MISSED)).toBeTruthy();

    const published = await card('P-published');
    expect(within(published).getByText('Publicado')).toBeTruthy();
    expect(within(published).queryByRole('button', { name: text.retry })).toBeNull();

    // Each status badge carries an icon next to its text (colour is never the only signal).
    for (const article of [failed, attention, missed]) {
      const badge = article.querySelector('[data-status]') as HTMLElement;
      expect(badge.querySelector('svg')).toBeTruthy();
    }

    fireEvent.click(within(failed).getByRole('button', { name: text.retry }));
    await expectToast(messages.common.success, text.retryQueued);
    expect(api.callsTo('posts.retry')[0]?.input).toEqual({ id: posts[1]!.id });
  });

  it('loads further pages with Carregar mais', async () => {
    const first = postItem({ title: 'Primeiro' });
    const second = postItem({ title: 'Segundo' });
    const api = open({
      'posts.list': (input: unknown) =>
        (input as { cursor?: string }).cursor === 'c2'
          ? { items: [second], nextCursor: null, total: 2 }
          : { items: [first], nextCursor: 'c2', total: 2 },
    });
    await card('Primeiro');
    fireEvent.click(screen.getByRole('button', { name: text.loadMore }));
    await card('Segundo');
    expect(
      api.callsTo('posts.list').map((call) => (call.input as { cursor?: string }).cursor ?? null),
    ).toEqual([null, 'c2']);
  });

  it('shows the error state with a retry and the spec toast', async () => {
    let fail = true;
    open({
      'posts.list': () => {
        if (fail) throw new TrpcErrorResponse('BAD_REQUEST', 'VALIDATION_FAILED');
        return postPage([postItem({ title: 'Voltou' })]);
      },
    });
    await expectToast(messages.common.error, text.loadError);
    const retry = await screen.findByRole('button', { name: messages.common.tryAgain });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Voltou' })).toBeTruthy();
  });
});

describe('Editar Post', () => {
  async function openEditor(overrides: Record<string, unknown> = {}, timezone?: string) {
    const post = postItem({ title: 'Post editável', content: 'Texto inicial', ...overrides });
    const api = open({ 'posts.list': postPage([post]) }, '/scheduled-posts', timezone);
    fireEvent.click(within(await card('Post editável')).getByRole('button', { name: text.edit }));
    const dialog = await screen.findByRole('dialog', { name: text.editTitle });
    return { api, post, dialog };
  }

  it('shows read-only platform and theme, the preview and a live counter against the limit', async () => {
    const { dialog } = await openEditor({ platform: 'x' });
    expect((within(dialog).getByLabelText(text.platform) as HTMLInputElement).readOnly).toBe(true);
    expect((within(dialog).getByLabelText(text.platform) as HTMLInputElement).value).toBe('X (Twitter)');
    expect((within(dialog).getByLabelText(text.theme) as HTMLInputElement).value).toBe('Marketing digital');
    expect(within(dialog).getByText(text.contentLength(13, 280))).toBeTruthy();

    const content = within(dialog).getByRole('textbox', { name: new RegExp(text.content) });
    fireEvent.change(content, { target: { value: 'a'.repeat(281) } });
    const counter = within(dialog).getByText(new RegExp(text.contentLength(281, 280)));
    expect(counter.getAttribute('data-over')).toBe('true');
    // X shows the whole post; what lies past 280 is marked as X would refuse it.
    const preview = within(dialog).getByTestId('post-preview');
    expect(preview.textContent).toBe('a'.repeat(281));
    expect(preview.querySelector('mark')?.textContent).toBe('a');
  });

  it('blocks saving over the network limit with a pt-BR message, and saves once the text fits', async () => {
    const { api, post, dialog } = await openEditor({ platform: 'x' });
    api.set('posts.update', (input: unknown) => ({ ...post, ...(input as object) }));
    const content = within(dialog).getByRole('textbox', { name: new RegExp(text.content) });
    // 141 emoji weigh 282 on X, although they are 141 characters.
    fireEvent.change(content, { target: { value: '😀'.repeat(141) } });
    expect(within(dialog).getByText(new RegExp(text.contentLength(282, 280)))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    expect(await within(dialog).findByText(text.tooLongFor('X (Twitter)', 280))).toBeTruthy();
    expect(api.callsTo('posts.update')).toHaveLength(0);
    fireEvent.change(content, { target: { value: '😀'.repeat(140) } });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    await waitFor(() => expect(api.callsTo('posts.update')).toHaveLength(1));
  });

  it('Google Meu Negócio: the over-1,500 refusal (the form’s, then the server’s) goes once the text is shortened', async () => {
    const { api, dialog } = await openEditor({ platform: 'google_business' });
    const tooLong = text.tooLongFor('Google Meu Negócio', 1500);
    api.set('posts.update', () => {
      throw new TrpcErrorResponse('BAD_REQUEST', 'VALIDATION_FAILED', {
        details: { tooLongFor: ['google_business'] },
      });
    });
    const content = within(dialog).getByRole('textbox', { name: new RegExp(text.content) });
    fireEvent.change(content, { target: { value: 'a'.repeat(1501) } });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    expect(await within(dialog).findByText(tooLong)).toBeTruthy();
    expect(api.callsTo('posts.update')).toHaveLength(0);
    fireEvent.change(content, { target: { value: 'a'.repeat(1500) } });
    await waitFor(() => expect(within(dialog).queryByText(tooLong)).toBeNull());
    // The server's refusal of the length (its own count) goes the same way.
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    expect(await within(dialog).findByText(tooLong)).toBeTruthy();
    expect(api.callsTo('posts.update')).toHaveLength(1);
    fireEvent.change(content, { target: { value: 'Novidade curta' } });
    await waitFor(() => expect(within(dialog).queryByText(tooLong)).toBeNull());
  });

  it('previews the post as LinkedIn cuts it, with "…ver mais", as the text is typed', async () => {
    const { dialog } = await openEditor({ platform: 'linkedin' });
    const figure = within(dialog).getByRole('figure', { name: messages.preview.label('LinkedIn') });
    expect(within(figure).getByTestId('post-preview').textContent).toBe('Texto inicial');
    expect(within(figure).queryByRole('button', { name: '…ver mais' })).toBeNull();
    const long = `Primeira frase com #Marketing e https://pauta.app. ${'palavra '.repeat(40)}fim`;
    fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(text.content) }), {
      target: { value: long },
    });
    const shown = within(figure).getByTestId('post-preview');
    const more = within(figure).getByRole('button', { name: '…ver mais' });
    const visible = shown.textContent!.replace('…ver mais', '');
    expect([...visible].length).toBeLessThanOrEqual(210);
    expect(long.startsWith(visible)).toBe(true);
    expect(within(shown).getByText('#Marketing').getAttribute('data-kind')).toBe('hashtag');
    expect(within(shown).getByText('https://pauta.app').getAttribute('data-kind')).toBe('link');
    fireEvent.click(more);
    expect(within(figure).getByTestId('post-preview').textContent).toContain('fim');
    expect(within(figure).getByRole('button', { name: messages.preview.showLess })).toBeTruthy();
  });

  it("shows the connected account's name in the preview, and the initials of 'Sua conta' without one", async () => {
    const post = postItem({ title: 'Post editável', content: 'Olá', platform: 'facebook' });
    const api = open({
      'posts.list': postPage([post]),
      'accounts.list': [
        {
          platform: 'facebook',
          status: 'connected',
          account: {
            id: '00000000-0000-4000-8000-0000000000a1',
            username: 'ana',
            name: 'Ana Souza',
            followers: 10,
            avatarUrl: null,
            pageName: 'Padaria da Ana',
            connectedAt: new Date('2026-03-05T15:00:00Z'),
          },
        },
      ],
    });
    fireEvent.click(within(await card('Post editável')).getByRole('button', { name: text.edit }));
    const dialog = await screen.findByRole('dialog', { name: text.editTitle });
    const figure = within(dialog).getByRole('figure', { name: messages.preview.label('Facebook') });
    expect(await within(figure).findByText('Padaria da Ana')).toBeTruthy();
    expect(within(figure).getByText('PD')).toBeTruthy();
    expect(within(dialog).queryByText(messages.preview.noAccount('Facebook'))).toBeNull();
    expect(api.callsTo('accounts.list').length).toBeGreaterThan(0);
  });

  it('creates a version for another network of the theme: disabled while it runs, one call, a toast', async () => {
    const { api, post, dialog } = await openEditor({ platform: 'linkedin' });
    let finish: (value: unknown) => void = () => {};
    api.set(
      'posts.createVariant',
      (input: unknown) =>
        new Promise((resolve) => {
          finish = () =>
            resolve({
              post: { ...post, id: 'sibling', platform: (input as { platform: string }).platform },
              created: true,
              source: 'fit',
            });
        }),
    );
    const network = await within(dialog).findByRole('combobox', { name: text.variantNetwork });
    // The theme's networks other than the post's own.
    expect(
      within(network)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Instagram', 'Facebook', 'X (Twitter)']);
    fireEvent.change(network, { target: { value: 'x' } });
    // The text and time being edited, not saved: the version takes them, not the saved ones.
    fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(text.content) }), {
      target: { value: 'Texto editado na tela' },
    });
    fireEvent.change(within(dialog).getByLabelText(new RegExp(text.publishTime)), {
      target: { value: '15:45' },
    });
    const button = within(dialog).getByRole('button', { name: text.variantCreate });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() =>
      expect(
        within(dialog).getByRole('button', { name: text.variantCreating }).hasAttribute('disabled'),
      ).toBe(true),
    );
    expect(api.callsTo('posts.createVariant')).toHaveLength(1);
    expect(api.callsTo('posts.createVariant')[0]!.input).toEqual({
      id: post.id,
      platform: 'x',
      title: 'Post editável',
      content: 'Texto editado na tela',
      // 2026-11-22 15:45 in São Paulo (UTC-3).
      scheduledFor: new Date('2026-11-22T18:45:00Z'),
    });
    finish(null);
    await expectToast(
      messages.common.success,
      `${text.variantCreated('X (Twitter)')} ${text.variantShortened}`,
    );
    // Enabled again once the list is refreshed; the dialog stays open for more edits.
    const again = await within(dialog).findByRole('button', { name: text.variantCreate }, { timeout: 5000 });
    expect(again.hasAttribute('disabled')).toBe(false);
  });

  it('says why a version was refused: a date that has passed, a post no longer editable', async () => {
    const { api, dialog } = await openEditor({ platform: 'linkedin' });
    api.set('posts.createVariant', () => {
      throw new TrpcErrorResponse('BAD_REQUEST', 'VALIDATION_FAILED', {
        details: { field: 'scheduledFor', reason: 'PAST' },
      });
    });
    fireEvent.click(await within(dialog).findByRole('button', { name: text.variantCreate }));
    await expectToast(messages.common.error, text.pastSchedule);
    api.set('posts.createVariant', () => {
      throw new TrpcErrorResponse('CONFLICT', 'CONFLICT');
    });
    fireEvent.click(
      await within(dialog).findByRole('button', { name: text.variantCreate }, { timeout: 5000 }),
    );
    await expectToast(messages.common.error, text.notEditable);
  });

  it('Google Meu Negócio: "Opções do Google Meu Negócio" draws the chosen type’s fields and saves them', async () => {
    const { api, post, dialog } = await openEditor({ platform: 'google_business' });
    api.set('posts.update', (input: unknown) => ({ ...post, ...(input as object) }));
    const section = within(dialog).getByRole('region', { name: text.networkOptions('Google Meu Negócio') });
    // A Novidade by default: the type and the optional button, no event fields.
    expect(within(section).getByRole('radio', { name: 'Novidade' })).toHaveProperty('checked', true);
    expect(within(section).queryByLabelText('Título do evento')).toBeNull();
    fireEvent.click(within(section).getByRole('radio', { name: 'Evento' }));
    const title = await within(section).findByRole('textbox', { name: 'Título do evento' });
    expect(within(section).getByText(text.optionLength(0, 58))).toBeTruthy();
    fireEvent.change(title, { target: { value: 'Feira de Natal' } });
    expect(within(section).getByText(text.optionLength(14, 58))).toBeTruthy();
    // Saving without the dates: the validator's sentence under the field, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    const missing = 'Preencha “Início do evento” nas Opções do Google Meu Negócio antes de agendar.';
    expect((await within(section).findAllByText(missing)).length).toBeGreaterThan(0);
    expect(api.callsTo('posts.update')).toHaveLength(0);
    fireEvent.change(within(section).getByRole('textbox', { name: text.optionTime('Início do evento') }), {
      target: { value: '10:00' },
    });
    fireEvent.change(within(section).getByRole('textbox', { name: text.optionTime('Fim do evento') }), {
      target: { value: '18:00' },
    });
    // Days through the picker: open it and take a day of the month shown.
    for (const label of ['Início do evento', 'Fim do evento']) {
      fireEvent.click(within(section).getByRole('button', { name: text.optionDate(label) }));
      const days = await screen.findAllByRole('button', { name: /^20 / });
      fireEvent.click(days.at(-1)!);
    }
    await waitFor(() => expect(within(section).queryByText(missing)).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    await waitFor(() => expect(api.callsTo('posts.update')).toHaveLength(1));
    const sent = (api.callsTo('posts.update')[0]!.input as { networkOptions: Record<string, unknown> })
      .networkOptions;
    expect(sent).toMatchObject({ postType: 'EVENT', eventTitle: 'Feira de Natal' });
    expect(sent.eventStart).toMatch(/^\d{4}-\d{2}-20T10:00$/);
    expect(sent.eventEnd).toMatch(/^\d{4}-\d{2}-20T18:00$/);
  });

  it('Google Meu Negócio: a button needs its link; the server’s refusal shows under the option', async () => {
    const { api, dialog } = await openEditor({
      platform: 'google_business',
      networkOptions: { buttonType: 'BOOK' },
    });
    const section = within(dialog).getByRole('region', { name: text.networkOptions('Google Meu Negócio') });
    const link = within(section).getByRole('textbox', { name: /Link do botão/ });
    fireEvent.change(link, { target: { value: 'reservas' } });
    expect(
      await within(section).findByText(
        '“Link do botão” precisa ser um link completo, como https://seusite.com.br/pagina.',
      ),
    ).toBeTruthy();
    fireEvent.change(link, { target: { value: 'https://doces.example.com/reservas' } });
    api.set('posts.update', () => {
      throw new TrpcErrorResponse('BAD_REQUEST', 'VALIDATION_FAILED', {
        details: {
          field: 'networkOptions',
          optionIssues: [{ key: 'buttonUrl', message: 'O Google não aceita esse link.' }],
        },
      });
    });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    expect((await within(dialog).findAllByText('O Google não aceita esse link.')).length).toBe(2);
    expect((api.callsTo('posts.update')[0]!.input as { networkOptions: unknown }).networkOptions).toEqual({
      buttonType: 'BOOK',
      buttonUrl: 'https://doces.example.com/reservas',
    });
  });

  it('a network that declares no options shows no "Opções" section and sends none', async () => {
    const { api, post, dialog } = await openEditor({ platform: 'linkedin' });
    expect(within(dialog).queryByRole('region', { name: text.networkOptions('LinkedIn') })).toBeNull();
    api.set('posts.update', (input: unknown) => ({ ...post, ...(input as object) }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(text.title) }), {
      target: { value: 'Outro título' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    await waitFor(() => expect(api.callsTo('posts.update')).toHaveLength(1));
    expect(api.callsTo('posts.update')[0]!.input).not.toHaveProperty('networkOptions');
  });

  it('saves title, content and the date-time combined in the user zone', async () => {
    // The user lives in Tokyo (UTC+9), whatever the browser's zone.
    const { api, post, dialog } = await openEditor(
      { scheduledFor: new Date('2026-11-22T01:00:00Z') },
      'Asia/Tokyo',
    );
    api.set('posts.update', (input: unknown) => ({ ...post, ...(input as object) }));
    expect((within(dialog).getByLabelText(new RegExp(text.publishTime)) as HTMLInputElement).value).toBe(
      '10:00',
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(text.title) }), {
      target: { value: 'Novo título' },
    });
    fireEvent.change(within(dialog).getByLabelText(new RegExp(text.publishTime)), {
      target: { value: '15:30' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    await expectToast(messages.common.success, text.updatedWithDate);
    expect(api.callsTo('posts.update')[0]?.input).toEqual({
      id: post.id,
      title: 'Novo título',
      content: 'Texto inicial',
      // 2026-11-22 15:30 in Tokyo.
      scheduledFor: new Date('2026-11-22T06:30:00Z'),
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says what was saved: the text only, the date only, or nothing to save', async () => {
    const { api, post, dialog } = await openEditor();
    api.set('posts.update', (input: unknown) => ({ ...post, ...(input as object) }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(text.content) }), {
      target: { value: 'Texto corrigido' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    await expectToast(messages.common.success, text.updated);
    expect(screen.queryByText(text.dateUpdated)).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(await card('Post editável')).getByRole('button', { name: text.edit }));
    const second = await screen.findByRole('dialog', { name: text.editTitle });
    fireEvent.change(within(second).getByLabelText(new RegExp(text.publishTime)), {
      target: { value: '18:45' },
    });
    fireEvent.click(within(second).getByRole('button', { name: messages.common.save }));
    await expectToast(messages.common.success, text.dateUpdated);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(await card('Post editável')).getByRole('button', { name: text.edit }));
    const third = await screen.findByRole('dialog', { name: text.editTitle });
    fireEvent.click(within(third).getByRole('button', { name: messages.common.save }));
    await expectToast(messages.common.info, text.nothingChanged);
    expect(api.callsTo('posts.update')).toHaveLength(2);
  });

  it('sends nothing without a date and says why', async () => {
    const { api, dialog } = await openEditor();
    api.set('posts.update', {});
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.clear }));
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    expect((await within(dialog).findAllByText(text.dateRequired)).length).toBeGreaterThan(0);
    expect(api.callsTo('posts.update')).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows and takes the time in 24 h (HH:mm), never AM/PM', async () => {
    const { api, post, dialog } = await openEditor({ scheduledFor: new Date('2026-11-22T20:30:00Z') });
    api.set('posts.update', (input: unknown) => ({ ...post, ...(input as object) }));
    const field = within(dialog).getByLabelText(new RegExp(text.publishTime)) as HTMLInputElement;
    // 20:30Z is 17:30 in São Paulo: shown as 17:30, not "05:30 PM".
    expect(field.value).toBe('17:30');
    expect(field.type).toBe('text');
    fireEvent.change(field, { target: { value: '2145' } });
    fireEvent.blur(field);
    expect(field.value).toBe('21:45');
    fireEvent.change(field, { target: { value: '9:30 PM' } });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    expect((await within(dialog).findAllByText(text.invalidTime)).length).toBeGreaterThan(0);
    expect(api.callsTo('posts.update')).toHaveLength(0);
    fireEvent.change(field, { target: { value: '0715' } });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    await waitFor(() => expect(api.callsTo('posts.update')).toHaveLength(1));
    expect((api.callsTo('posts.update')[0]!.input as { scheduledFor: Date }).scheduledFor).toEqual(
      new Date('2026-11-22T10:15:00Z'),
    );
  });

  it('sends nothing without a time', async () => {
    const { api, dialog } = await openEditor();
    fireEvent.change(within(dialog).getByLabelText(new RegExp(text.publishTime)), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    expect((await within(dialog).findAllByText(text.timeRequired)).length).toBeGreaterThan(0);
    expect(api.callsTo('posts.update')).toHaveLength(0);
  });

  it('shows the server reasons in pt-BR (too long, date, conflict)', async () => {
    const { api, dialog } = await openEditor();
    fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(text.content) }), {
      target: { value: 'Texto alterado' },
    });
    api.set('posts.update', () => {
      throw new TrpcErrorResponse('BAD_REQUEST', 'VALIDATION_FAILED', {
        details: { tooLongFor: 'linkedin' },
      });
    });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    expect(await within(dialog).findByText(text.tooLongFor('LinkedIn', 3000))).toBeTruthy();
    await expectToast(messages.common.error, text.updateError);

    api.set('posts.update', () => {
      throw new TrpcErrorResponse('BAD_REQUEST', 'VALIDATION_FAILED', { details: { field: 'scheduledFor' } });
    });
    fireEvent.click(await within(dialog).findByRole('button', { name: messages.common.save }));
    expect(await within(dialog).findByText(text.invalidSchedule)).toBeTruthy();

    api.set('posts.update', () => {
      throw new TrpcErrorResponse('CONFLICT', 'CONFLICT');
    });
    fireEvent.click(await within(dialog).findByRole('button', { name: messages.common.save }));
    expect(await within(dialog).findByText(text.notEditable)).toBeTruthy();
  });
});
