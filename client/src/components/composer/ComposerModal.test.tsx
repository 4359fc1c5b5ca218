// "Novo post" (docs/composer.md): each network's tab inherits the base text until its own is
// written (and says so), "Usar o texto base" goes back, each tab counts in its network's way
// against its limit, and a server refusal shows in the tab of the network it names — nothing saved.
import {
  type BudgetOverrun,
  budgetMessages,
  mediaRejectionMessage,
  messages,
  snippetMessages,
} from '@pauta/core';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { themeListItem } from '../../test-utils/themes';
import { deferred, mockTrpc, signedIn, TrpcErrorResponse } from '../../test-utils/trpc-mock';
import { ComposerModal } from './ComposerModal';
import type { ComposerUploader, ComposerVideoUploader } from './useComposerMedia';

const text = messages.composer;
afterEach(cleanup);

const account = (platform: string, name: string) => ({
  platform,
  status: 'connected',
  account: {
    id: `00000000-0000-4000-8000-0000000000${platform.length}${platform.charCodeAt(0)}`.slice(0, 36),
    username: name,
    name,
    followers: 10,
    avatarUrl: null,
    pageName: null,
    connectedAt: new Date('2026-03-05T15:00:00Z'),
    health: { state: 'ok', daysLeft: null, expiresAt: null, limitedUntil: null, needsAction: false },
  },
});

const THEME = themeListItem({ socialNetworks: ['linkedin', 'x', 'instagram'], requiresApproval: false });

function setup(
  compose: (input: unknown) => unknown = () => ({ groupId: 'g', posts: [] }),
  theme: Record<string, unknown> = THEME,
  handlers: Record<string, unknown> = {},
  uploader?: ComposerUploader,
) {
  const mock = mockTrpc({
    'auth.session': signedIn(true),
    'themes.list': [theme],
    'accounts.list': [
      account('linkedin', 'Café LinkedIn'),
      { platform: 'facebook', status: 'not_connected', account: null },
      account('x', 'cafe_x'),
      account('instagram', 'cafe.insta'),
    ],
    'posts.compose': compose,
    ...handlers,
  });
  render(<ComposerModal opened timeZone="America/Sao_Paulo" onClose={() => undefined} uploader={uploader} />);
  return mock;
}

async function pickTheme() {
  const select = await screen.findByRole('combobox', { name: /^Tema/ });
  await waitFor(() => expect((select as HTMLInputElement).disabled).toBe(false));
  fireEvent.click(select);
  fireEvent.click(await screen.findByRole('option', { name: THEME.name }));
  await screen.findByRole('tab', { name: /LinkedIn/ });
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });
const panelText = () => screen.getByRole('tabpanel').querySelector('textarea') as HTMLTextAreaElement;

describe('ComposerModal', () => {
  it('keeps the theme select shut until the themes arrive, then offers them', async () => {
    const themes = deferred<unknown[]>();
    setup(undefined, THEME, { 'themes.list': () => themes.promise });
    const select = await screen.findByRole('combobox', { name: /^Tema/ });
    expect((select as HTMLInputElement).disabled).toBe(true);
    expect((select as HTMLInputElement).placeholder).toBe(text.themesLoading);
    themes.resolve([THEME]);
    await waitFor(() => expect((select as HTMLInputElement).disabled).toBe(false));
    await pickTheme();
  });

  it('offers only connected networks and ticks the theme’s ones', async () => {
    setup();
    await pickTheme();
    const group = screen.getByRole('group', { name: new RegExp(text.networks) });
    const boxes = within(group).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => box.value)).toEqual(['linkedin', 'x', 'instagram']);
    expect(boxes.every((box) => box.checked)).toBe(true);
  });

  it('each tab inherits the base text until edited, says so, and "Usar o texto base" goes back', async () => {
    setup();
    await pickTheme();
    fireEvent.change(screen.getByRole('textbox', { name: text.baseText }), {
      target: { value: 'Café coado na hora.' },
    });
    fireEvent.click(tab(/^X/));
    expect(panelText().value).toBe('Café coado na hora.');
    expect(within(screen.getByRole('tabpanel')).getByText(text.inherits)).toBeTruthy();
    expect(tab(/^X/).textContent).toContain(text.inherits);

    fireEvent.change(panelText(), { target: { value: 'Só no X.' } });
    expect(within(screen.getByRole('tabpanel')).getByText(text.ownText)).toBeTruthy();
    expect(tab(/^X/).textContent).toContain(text.ownText);
    // The base text changes again: X keeps its own, LinkedIn follows.
    fireEvent.change(screen.getByRole('textbox', { name: text.baseText }), {
      target: { value: 'Café coado na hora, 92 graus.' },
    });
    expect(panelText().value).toBe('Só no X.');
    fireEvent.click(tab(/^LinkedIn/));
    expect(panelText().value).toBe('Café coado na hora, 92 graus.');

    fireEvent.click(tab(/^X/));
    fireEvent.click(screen.getByRole('button', { name: text.useBase }));
    expect(panelText().value).toBe('Café coado na hora, 92 graus.');
    expect(tab(/^X/).textContent).toContain(text.inherits);
  });

  it('each tab counts against its own network’s limit', async () => {
    setup();
    await pickTheme();
    fireEvent.change(screen.getByRole('textbox', { name: text.baseText }), {
      target: { value: 'a'.repeat(300) },
    });
    fireEvent.click(tab(/^X/));
    const count = () => within(screen.getByRole('tabpanel')).getByTestId('network-count');
    expect(count().textContent).toBe('300/280 caracteres · Use no máximo 280 caracteres.');
    expect(count().getAttribute('data-over')).toBe('true');
    fireEvent.click(tab(/^LinkedIn/));
    expect(count().textContent).toBe('300/3000 caracteres');
    fireEvent.click(tab(/^Instagram/));
    expect(count().textContent).toBe('300/2200 caracteres');
  });

  it('a text over the limit is refused in its tab before anything is sent', async () => {
    const mock = setup();
    await pickTheme();
    fireEvent.change(screen.getByRole('textbox', { name: text.postTitle }), { target: { value: 'Café' } });
    fireEvent.change(screen.getByRole('textbox', { name: text.baseText }), {
      target: { value: 'a'.repeat(300) },
    });
    fireEvent.click(screen.getByRole('button', { name: text.schedule }));
    // X's tab is opened with its reason.
    await waitFor(() => expect(tab(/^X/).getAttribute('aria-selected')).toBe('true'));
    expect(within(screen.getByRole('tabpanel')).getByTestId('network-issue').textContent).toContain(
      messages.posts.tooLongFor('X (Twitter)', 280),
    );
    expect(mock.calls.some((call) => call.path === 'posts.compose')).toBe(false);
  });

  it('the server’s refusal of one network shows in that network’s tab; one request with a key', async () => {
    const mock = setup(() => {
      throw new TrpcErrorResponse('BAD_REQUEST', 'VALIDATION_FAILED', {
        details: {
          field: 'networks',
          networkIssues: [
            { platform: 'instagram', message: 'Conecte uma conta do Instagram para publicar nele.' },
          ],
        },
      });
    });
    await pickTheme();
    fireEvent.change(screen.getByRole('textbox', { name: text.postTitle }), { target: { value: 'Café' } });
    fireEvent.change(screen.getByRole('textbox', { name: text.baseText }), {
      target: { value: 'Café coado.' },
    });
    fireEvent.click(tab(/^X/));
    fireEvent.change(panelText(), { target: { value: 'Só no X.' } });
    // The date-time starts tomorrow at 09:00 in the person's zone.
    fireEvent.click(screen.getByRole('button', { name: text.schedule }));
    await waitFor(() => expect(tab(/^Instagram/).getAttribute('aria-selected')).toBe('true'));
    expect(within(screen.getByRole('tabpanel')).getByTestId('network-issue').textContent).toBe(
      'Conecte uma conta do Instagram para publicar nele.',
    );
    expect(tab(/^Instagram/).textContent).toContain(messages.common.error);
    const calls = mock.calls.filter((c) => c.path === 'posts.compose');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(calls[0]!.input).toMatchObject({
      themeId: THEME.id,
      title: 'Café',
      baseContent: 'Café coado.',
      networks: [
        { platform: 'linkedin', content: null },
        { platform: 'x', content: 'Só no X.' },
        { platform: 'instagram', content: null },
      ],
      action: 'schedule',
    });
  });

  it('past a network’s budget it shows Editar Post’s confirmation; "Agendar mesmo assim" sends the same save confirmed', async () => {
    const overrun: BudgetOverrun = {
      platform: 'x',
      period: 'day',
      periodKey: '2026-11-25',
      scope: 'installation',
      used: 17,
      budget: 17,
    };
    const mock = setup((input) => {
      if (!(input as { confirmOverBudget?: boolean }).confirmOverBudget)
        throw new TrpcErrorResponse('PRECONDITION_FAILED', 'BUDGET_EXCEEDED', {
          details: { overruns: [overrun], timeZone: 'America/Sao_Paulo' },
        });
      return { groupId: 'g', posts: [] };
    });
    await pickTheme();
    fireEvent.change(screen.getByRole('textbox', { name: text.postTitle }), { target: { value: 'Café' } });
    fireEvent.change(screen.getByRole('textbox', { name: text.baseText }), {
      target: { value: 'Café coado.' },
    });
    fireEvent.click(screen.getByRole('button', { name: text.schedule }));
    const confirm = await screen.findByTestId('budget-confirm');
    expect(within(confirm).getByText(budgetMessages.confirmTitle)).toBeTruthy();
    expect(confirm.textContent).toContain('X (Twitter)');
    // "Escolher outra data" saves nothing.
    fireEvent.click(within(confirm).getByRole('button', { name: budgetMessages.keep }));
    await waitFor(() => expect(screen.queryByTestId('budget-confirm')).toBeNull());
    expect(mock.calls.filter((c) => c.path === 'posts.compose')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: text.schedule }));
    fireEvent.click(
      within(await screen.findByTestId('budget-confirm')).getByRole('button', {
        name: budgetMessages.confirm,
      }),
    );
    await waitFor(() => expect(mock.calls.filter((c) => c.path === 'posts.compose')).toHaveLength(3));
    const calls = mock.calls.filter((c) => c.path === 'posts.compose');
    expect(calls[1]!.input).not.toHaveProperty('confirmOverBudget');
    expect(calls[2]!.input).toMatchObject({ ...(calls[1]!.input as object), confirmOverBudget: true });
    expect(calls[2]!.idempotencyKey).not.toBe(calls[1]!.idempotencyKey);
  });

  it('"Inserir trecho" under the base text reaches the inheriting tabs; in a tab it makes that network’s own text', async () => {
    const saved = (id: string, kind: string, name: string, body: string, position: number) => ({
      id,
      kind,
      name,
      text: body,
      position,
      createdAt: new Date('2026-11-20T12:00:00Z'),
      updatedAt: new Date('2026-11-20T12:00:00Z'),
    });
    const mock = setup(undefined, THEME, {
      'snippets.list': {
        snippets: [
          saved('s1', 'hashtags', 'Confeitaria', '#bolo #confeitaria', 0),
          saved('s2', 'signature', 'Loja', 'Encomendas: (11) 99999-0000', 1),
        ],
        max: 50,
      },
    });
    await pickTheme();
    const pick = async (button: HTMLElement, name: string) => {
      fireEvent.click(button);
      fireEvent.click(await screen.findByRole('menuitem', { name: new RegExp(`^${name}`) }));
    };
    const panel = () => screen.getByRole('tabpanel');
    const baseButton = () =>
      screen
        .getAllByRole('button', { name: snippetMessages.insert })
        .find((button) => !panel().contains(button)) as HTMLElement;
    fireEvent.change(screen.getByRole('textbox', { name: text.postTitle }), { target: { value: 'Bolo' } });
    const base = screen.getByRole('textbox', { name: text.baseText }) as HTMLTextAreaElement;
    fireEvent.change(base, { target: { value: 'Bolo novo hoje' } });
    // At the cursor in the base text: every tab that inherits follows, and keeps inheriting.
    base.focus();
    base.setSelectionRange(4, 4);
    await pick(baseButton(), 'Confeitaria');
    await waitFor(() => expect(base.value).toBe('Bolo #bolo #confeitaria novo hoje'));
    fireEvent.click(tab(/^X/));
    expect(panelText().value).toBe('Bolo #bolo #confeitaria novo hoje');
    expect(tab(/^X/).textContent).toContain(text.inherits);

    // In X's tab: the signature goes at the end of X's text only, which becomes its own.
    await pick(within(panel()).getByRole('button', { name: snippetMessages.insert }), 'Loja');
    const signed = 'Bolo #bolo #confeitaria novo hoje\n\nEncomendas: (11) 99999-0000';
    await waitFor(() => expect(panelText().value).toBe(signed));
    expect(tab(/^X/).textContent).toContain(text.ownText);
    expect(within(panel()).getByTestId('network-count').textContent).toBe(`${signed.length}/280 caracteres`);
    fireEvent.click(tab(/^LinkedIn/));
    expect(panelText().value).toBe('Bolo #bolo #confeitaria novo hoje');
    expect(tab(/^LinkedIn/).textContent).toContain(text.inherits);

    fireEvent.click(screen.getByRole('button', { name: text.schedule }));
    await waitFor(() => expect(mock.callsTo('posts.compose')).toHaveLength(1));
    expect(mock.callsTo('posts.compose')[0]?.input).toMatchObject({
      baseContent: 'Bolo #bolo #confeitaria novo hoje',
      networks: [
        { platform: 'linkedin', content: null },
        { platform: 'x', content: signed },
        { platform: 'instagram', content: null },
      ],
      action: 'schedule',
    });
  });

  it('a theme that requires approval offers "Salvar rascunho" and "Enviar para aprovação", not "Agendar"', async () => {
    const mock = setup(
      () => ({ groupId: 'g', posts: [{ id: 'p1', platform: 'linkedin', status: 'scheduled' }] }),
      {
        ...THEME,
        requiresApproval: true,
      },
    );
    await pickTheme();
    expect(screen.getByText(text.approvalHint)).toBeTruthy();
    expect(screen.queryByRole('button', { name: text.schedule })).toBeNull();
    expect(screen.getByRole('button', { name: text.sendForApproval })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: text.postTitle }), { target: { value: 'Café' } });
    fireEvent.change(screen.getByRole('textbox', { name: text.baseText }), {
      target: { value: 'Café coado.' },
    });
    fireEvent.click(screen.getByRole('button', { name: text.saveDraft }));
    await waitFor(() => expect(mock.calls.some((call) => call.path === 'posts.compose')).toBe(true));
    expect(mock.calls.find((call) => call.path === 'posts.compose')?.input).toMatchObject({
      action: 'draft',
    });
  });

  it('Instagram, X and LinkedIn tabs take a first comment (LinkedIn refuses over 1,250 characters); "Adicionar à fila" sends the written ones with the queue action', async () => {
    const mock = setup(() => ({
      groupId: 'g',
      posts: [
        { id: 'p1', platform: 'linkedin', status: 'scheduled', slotAt: new Date('2026-12-01T13:00:00Z') },
        { id: 'p2', platform: 'instagram', status: 'scheduled', slotAt: new Date('2026-12-01T21:00:00Z') },
      ],
    }));
    await pickTheme();
    fireEvent.change(screen.getByRole('textbox', { name: text.postTitle }), { target: { value: 'Café' } });
    fireEvent.change(screen.getByRole('textbox', { name: text.baseText }), {
      target: { value: 'Café coado.' },
    });
    // LinkedIn comments too (up to 1,250 characters): over the limit the tab says so in pt-BR.
    fireEvent.click(tab(/^LinkedIn/));
    const linkedinComment = within(screen.getByRole('tabpanel')).getByRole('textbox', {
      name: /Primeiro comentário/,
    });
    fireEvent.change(linkedinComment, { target: { value: 'a'.repeat(1251) } });
    // Under the field and in the tab's summary.
    expect(
      within(screen.getByRole('tabpanel')).getAllByText(
        'O primeiro comentário passa do limite do LinkedIn: 1251 de 1250 caracteres.',
      ),
    ).toHaveLength(2);
    expect(linkedinComment.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(linkedinComment, { target: { value: 'Link nos comentários' } });
    fireEvent.click(tab(/^Instagram/));
    fireEvent.change(
      within(screen.getByRole('tabpanel')).getByRole('textbox', { name: /Primeiro comentário/ }),
      {
        target: { value: '#cafe #especial' },
      },
    );
    fireEvent.click(screen.getByRole('button', { name: text.addToQueue }));
    await waitFor(() => expect(mock.calls.some((call) => call.path === 'posts.compose')).toBe(true));
    expect(mock.calls.find((call) => call.path === 'posts.compose')?.input).toMatchObject({
      action: 'queue',
      networks: [
        { platform: 'linkedin', content: null, firstComment: 'Link nos comentários' },
        { platform: 'x', content: null },
        { platform: 'instagram', content: null, firstComment: '#cafe #especial' },
      ],
    });
    const sent = mock.calls.find((call) => call.path === 'posts.compose')!.input as {
      networks: Record<string, unknown>[];
    };
    // X's field was left empty: nothing sent for it.
    const [, xNetwork] = sent.networks;
    expect(xNetwork).not.toHaveProperty('firstComment');
  });

  it('"Antes de agendar" in each tab checks that tab’s text; a blocking line disables Agendar and Adicionar à fila, says why, sends nothing', async () => {
    const BLOCK = 'O X não aceita este texto.';
    const mock = setup(undefined, THEME, {
      // The server's pre-flight of a post not saved yet: X blocks a text that says "proibido".
      'posts.preflight': (input: { id?: string; platform: string; content: string }) => ({
        platform: input.platform,
        level: input.platform === 'x' && input.content.includes('proibido') ? 'blocking' : 'ok',
        checks:
          input.platform === 'x' && input.content.includes('proibido')
            ? [{ kind: 'text', level: 'blocking', message: BLOCK }]
            : [{ kind: 'text', level: 'ok', message: `Texto ok no ${input.platform}.` }],
      }),
    });
    await pickTheme();
    fireEvent.change(screen.getByRole('textbox', { name: text.postTitle }), { target: { value: 'Café' } });
    fireEvent.change(screen.getByRole('textbox', { name: text.baseText }), { target: { value: 'Café.' } });
    // The open tab's panel, fed with its text and the date-time, for a post with no id yet.
    fireEvent.click(tab(/^X/));
    const panel = () => within(screen.getByRole('tabpanel')).getByTestId('preflight-panel');
    await waitFor(() => expect(panel().textContent).toContain('Texto ok no x.'));
    const sent = mock.calls.filter((call) => call.path === 'posts.preflight').map((call) => call.input);
    expect(sent).toContainEqual(
      expect.objectContaining({ platform: 'x', content: 'Café.', scheduledFor: expect.any(Date) }),
    );
    expect(sent.every((input) => !('id' in (input as object)))).toBe(true);
    const schedule = () => screen.getByRole('button', { name: text.schedule }) as HTMLButtonElement;
    const queue = () => screen.getByRole('button', { name: text.addToQueue }) as HTMLButtonElement;
    expect(schedule().disabled).toBe(false);

    // X's own text is blocked: both buttons wait, the reason is shown, the tab is marked.
    fireEvent.change(panelText(), { target: { value: 'Texto proibido.' } });
    await waitFor(() => expect(schedule().disabled).toBe(true), { timeout: 3000 });
    expect(queue().disabled).toBe(true);
    expect(screen.getByTestId('composer-preflight-blocked').textContent).toBe(
      text.preflightBlocked('X (Twitter)', BLOCK),
    );
    expect(panel().querySelector('[data-level="blocking"]')?.textContent).toContain(BLOCK);
    expect(tab(/^X/).textContent).toContain(messages.common.error);
    // A blocked network in another tab still blocks (every network is watched, not only the open tab).
    fireEvent.click(tab(/^LinkedIn/));
    expect(schedule().disabled).toBe(true);
    fireEvent.submit(schedule().closest('form') as HTMLFormElement);
    expect(mock.calls.some((call) => call.path === 'posts.compose')).toBe(false);

    // Back to the base text: nothing blocks, Agendar sends.
    fireEvent.click(tab(/^X/));
    fireEvent.click(screen.getByRole('button', { name: text.useBase }));
    await waitFor(() => expect(schedule().disabled).toBe(false), { timeout: 3000 });
    expect(screen.queryByTestId('composer-preflight-blocked')).toBeNull();
    fireEvent.click(schedule());
    await waitFor(() => expect(mock.calls.some((call) => call.path === 'posts.compose')).toBe(true));
  });

  it('images chosen once for the base are every tab’s until a tab picks its own; each network sends its own list', async () => {
    const mock = setup(undefined, THEME, {}, fakeUploader());
    await pickTheme();
    fireEvent.change(screen.getByRole('textbox', { name: text.postTitle }), { target: { value: 'Café' } });
    fireEvent.change(screen.getByRole('textbox', { name: text.baseText }), { target: { value: 'Café.' } });
    const base = () => screen.getByRole('group', { name: text.baseMedia });
    pick(base(), 'xicara.jpg');
    const alt = await within(base()).findByRole('textbox', { name: text.altOf(1) });
    fireEvent.change(alt, { target: { value: 'Xícara' } });

    // X inherits it: the badge says so and the preview shows it with its alt text.
    fireEvent.click(tab(/^X/));
    const panel = () => within(screen.getByRole('tabpanel'));
    expect(panel().getByText(text.inheritsMedia)).toBeTruthy();
    expect(panel().getAllByRole('img', { name: 'Xícara' }).length).toBeGreaterThan(0);
    // Its own images start from the base's; removing them leaves X with none, the others keep theirs.
    fireEvent.click(panel().getByRole('button', { name: text.chooseOwnMedia }));
    expect(panel().getByText(text.ownMedia)).toBeTruthy();
    const own = () => panel().getByRole('group', { name: text.mediaOf('X (Twitter)') });
    fireEvent.click(within(own()).getByRole('button', { name: text.removeImage(1) }));
    expect(panel().queryAllByRole('img', { name: 'Xícara' })).toHaveLength(0);
    // A second base image reaches LinkedIn (inheriting), not X (its own, now empty).
    pick(base(), 'graos.png');
    await within(base()).findByRole('textbox', { name: text.altOf(2) });
    expect(panel().queryAllByRole('img')).toHaveLength(0);
    fireEvent.click(tab(/^LinkedIn/));
    expect(panel().getAllByRole('img', { name: 'Xícara' }).length).toBeGreaterThan(0);
    // The pre-flight of a tab names the uploads it would publish.
    await waitFor(() =>
      expect(
        mock.calls.some(
          (call) =>
            call.path === 'posts.preflight' &&
            (call.input as { platform: string; composerMedia?: string[] }).platform === 'linkedin' &&
            (call.input as { composerMedia?: string[] }).composerMedia?.length === 2,
        ),
      ).toBe(true),
    );

    fireEvent.click(screen.getByRole('button', { name: text.schedule }));
    await waitFor(() => expect(mock.calls.some((call) => call.path === 'posts.compose')).toBe(true));
    const sent = mock.calls.find((call) => call.path === 'posts.compose')!.input as {
      networks: { platform: string; media?: { id: string; altText: string }[] }[];
    };
    const both = [
      { id: 'upload-1', altText: 'Xícara' },
      { id: 'upload-2', altText: '' },
    ];
    expect(sent.networks.map((network) => [network.platform, network.media])).toEqual([
      ['linkedin', both],
      ['x', undefined],
      ['instagram', both],
    ]);
    // Many renders (three tabs, uploads, previews) on a shared CI machine.
  }, 60_000);

  it('a video under the base is sent resumably with its progress, reaches every inheriting tab, and goes alone', async () => {
    const video = fakeVideoUploader();
    const mock = mockTrpc({
      'auth.session': signedIn(true),
      'themes.list': [THEME],
      'accounts.list': [account('linkedin', 'Café LinkedIn'), account('x', 'cafe_x')],
      'posts.compose': () => ({ groupId: 'g', posts: [] }),
    });
    render(
      <ComposerModal
        opened
        timeZone="America/Sao_Paulo"
        onClose={() => undefined}
        uploader={fakeUploader()}
        videoUploader={video.uploader}
      />,
    );
    await pickTheme();
    fireEvent.change(screen.getByRole('textbox', { name: text.postTitle }), { target: { value: 'Café' } });
    fireEvent.change(screen.getByRole('textbox', { name: text.baseText }), { target: { value: 'Café.' } });
    const base = () => screen.getByRole('group', { name: text.baseMedia });
    pickVideo(base(), 'receita.mp4');
    expect(video.started.map((f) => f.name)).toEqual(['receita.mp4']);
    video.progress(0, 42, 100);
    expect((await within(base()).findByTestId('composer-video-progress')).textContent).toContain(
      text.uploadingVideo('receita.mp4', 42),
    );
    // Saving waits for the upload; images wait too (a video goes alone).
    expect((screen.getByRole('button', { name: text.schedule }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(base()).getByRole('button', { name: text.addImages }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    video.finish(0, 'video-1');
    expect(await within(base()).findByText(text.videoOf('receita.mp4'))).toBeTruthy();
    expect(within(base()).queryByTestId('composer-video-progress')).toBeNull();
    // An image dropped on a list with a video is refused in pt-BR.
    pick(base(), 'xicara.jpg');
    expect((await within(base()).findByRole('alert')).textContent).toBe(
      mediaRejectionMessage({ reason: 'IMAGES_WITH_VIDEO' }),
    );
    // X inherits the video; the pre-flight names it; the save sends it to each network.
    fireEvent.click(tab(/^X/));
    expect(within(screen.getByRole('tabpanel')).getByText(text.inheritsMedia)).toBeTruthy();
    await waitFor(() =>
      expect(
        mock.calls.some(
          (call) =>
            call.path === 'posts.preflight' &&
            (call.input as { platform: string }).platform === 'x' &&
            (call.input as { composerMedia?: string[] }).composerMedia?.[0] === 'video-1',
        ),
      ).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: text.schedule }));
    await waitFor(() => expect(mock.calls.some((call) => call.path === 'posts.compose')).toBe(true));
    const sent = mock.calls.find((call) => call.path === 'posts.compose')!.input as {
      networks: { platform: string; media?: { id: string }[] }[];
    };
    expect(sent.networks.map((network) => [network.platform, network.media?.map((m) => m.id)])).toEqual([
      ['linkedin', ['video-1']],
      ['x', ['video-1']],
    ]);
  }, 60_000);

  it('a video attached (a tab’s own, then the base) is drawn in each chosen network’s preview as that network shows a video', async () => {
    const video = fakeVideoUploader();
    const objectUrl = URL.createObjectURL;
    let picked = 0;
    URL.createObjectURL = () => `blob:local/${++picked}`;
    try {
      mockTrpc({
        'auth.session': signedIn(true),
        'themes.list': [THEME],
        'accounts.list': [
          account('linkedin', 'Café LinkedIn'),
          account('x', 'cafe_x'),
          account('instagram', 'cafe.insta'),
        ],
      });
      render(
        <ComposerModal
          opened
          timeZone="America/Sao_Paulo"
          onClose={() => undefined}
          uploader={fakeUploader()}
          videoUploader={video.uploader}
        />,
      );
      await pickTheme();
      // The base field takes images or a video, and says so (as Editar Post's).
      const base = () => screen.getByRole('group', { name: 'Imagens ou vídeo' });
      expect(base()).toBeTruthy();
      const preview = (network: string) =>
        within(screen.getByRole('tabpanel')).getByRole('figure', { name: messages.preview.label(network) });
      const player = (network: string) =>
        within(preview(network)).queryByLabelText(messages.preview.video(false)) as HTMLVideoElement | null;

      // X's own list, its own video: drawn in X's preview only.
      fireEvent.click(tab(/^X/));
      fireEvent.click(screen.getByRole('button', { name: text.chooseOwnMedia }));
      const own = within(screen.getByRole('tabpanel')).getByRole('group', {
        name: 'Imagens ou vídeo para o X (Twitter)',
      });
      pickVideo(own, 'so-no-x.mp4');
      video.finish(0, 'video-x');
      await waitFor(() => expect(player('X (Twitter)')).not.toBeNull());
      const xVideo = player('X (Twitter)')!;
      expect(xVideo.getAttribute('src')).toBe('blob:local/1#t=0.001');
      expect(xVideo.getAttribute('preload')).toBe('metadata');
      expect(xVideo.hasAttribute('controls')).toBe(true);
      expect(xVideo.hasAttribute('playsinline')).toBe(true);
      expect(xVideo.muted).toBe(true);
      const xFrame = within(preview('X (Twitter)')).getByTestId('preview-video');
      expect(xFrame.getAttribute('data-layout')).toBe('feed');
      // The length is not known until the browser reads the file's metadata: then "0:05".
      expect(within(preview('X (Twitter)')).queryByTestId('preview-video-duration')).toBeNull();
      loadMetadata(xVideo, { width: 1920, height: 1080, duration: 5 });
      expect(within(preview('X (Twitter)')).getByTestId('preview-video-duration').textContent).toBe(
        '0:05Duração: 5 segundos',
      );
      expect(Number(xFrame.style.getPropertyValue('--pv-video-ratio'))).toBeCloseTo(16 / 9, 3);
      fireEvent.click(tab(/^LinkedIn/));
      expect(player('LinkedIn')).toBeNull();

      // The base's video: LinkedIn's feed card and Instagram's 9:16 Reel; X keeps its own.
      pickVideo(base(), 'receita.mp4');
      video.finish(1, 'video-base');
      await waitFor(() => expect(player('LinkedIn')).not.toBeNull());
      expect(player('LinkedIn')!.getAttribute('src')).toBe('blob:local/2#t=0.001');
      expect(within(preview('LinkedIn')).getByTestId('preview-video').getAttribute('data-layout')).toBe(
        'feed',
      );
      fireEvent.click(tab(/^Instagram/));
      const reel = within(preview('Instagram')).getByTestId('preview-video');
      expect(reel.getAttribute('data-layout')).toBe('vertical-overlay');
      expect(player('Instagram')!.getAttribute('src')).toBe('blob:local/2#t=0.001');
      // Not Instagram's "needs an image" placeholder.
      expect(within(preview('Instagram')).queryByText(messages.preview.instagramNeedsImage)).toBeNull();
      fireEvent.click(tab(/^X/));
      expect(player('X (Twitter)')!.getAttribute('src')).toBe('blob:local/1#t=0.001');
    } finally {
      URL.createObjectURL = objectUrl;
    }
  }, 60_000);

  it('"Cancelar envio" stops the video upload; a cancelled composer terminates one still running', async () => {
    const video = fakeVideoUploader();
    mockTrpc({
      'auth.session': signedIn(true),
      'themes.list': [THEME],
      'accounts.list': [account('linkedin', 'Café LinkedIn')],
      'media.discardComposer': (input: { ids: string[] }) => ({ discarded: input.ids.length }),
    });
    function Host() {
      const [opened, setOpened] = useState(true);
      return (
        <ComposerModal
          opened={opened}
          timeZone="America/Sao_Paulo"
          onClose={() => setOpened(false)}
          uploader={fakeUploader()}
          videoUploader={video.uploader}
        />
      );
    }
    render(<Host />);
    const base = await screen.findByRole('group', { name: text.baseMedia });
    pickVideo(base, 'longo.mov');
    video.progress(0, 10, 100);
    fireEvent.click(await within(base).findByRole('button', { name: text.cancelVideo }));
    expect(video.cancelled).toEqual([0]);
    await waitFor(() => expect(within(base).queryByTestId('composer-video-progress')).toBeNull());
    expect(within(base).getByText(text.noImages)).toBeTruthy();
    // Another one, still running when the composer is closed: terminated too.
    pickVideo(base, 'outro.mp4');
    await within(base).findByTestId('composer-video-progress');
    fireEvent.click(screen.getByRole('button', { name: messages.common.cancel }));
    await waitFor(() => expect(video.cancelled).toEqual([0, 1]));
  });

  it('a cancelled composer keeps none of its images: its uploads are discarded', async () => {
    const mock = mockTrpc({
      'auth.session': signedIn(true),
      'themes.list': [THEME],
      'accounts.list': [account('linkedin', 'Café LinkedIn')],
      'media.discardComposer': (input: { ids: string[] }) => ({ discarded: input.ids.length }),
    });
    function Host() {
      const [opened, setOpened] = useState(true);
      return (
        <ComposerModal
          opened={opened}
          timeZone="America/Sao_Paulo"
          onClose={() => setOpened(false)}
          uploader={fakeUploader()}
        />
      );
    }
    render(<Host />);
    const base = await screen.findByRole('group', { name: text.baseMedia });
    pick(base, 'a.jpg');
    await within(base).findByRole('textbox', { name: text.altOf(1) });
    pick(base, 'b.jpg');
    await within(base).findByRole('textbox', { name: text.altOf(2) });
    expect(mock.calls.some((call) => call.path === 'media.discardComposer')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: messages.common.cancel }));
    await waitFor(() =>
      expect(mock.calls.find((call) => call.path === 'media.discardComposer')?.input).toEqual({
        ids: ['upload-1', 'upload-2'],
      }),
    );
  });

  it('two X accounts: one choice and one tab per account, each with its own text and preflight; compose sends both accountIds', async () => {
    const CENTRO = '11111111-1111-4111-8111-111111111111';
    const BAIRRO = '22222222-2222-4222-8222-222222222222';
    const xAccount = (id: string, username: string) => ({
      id,
      platform: 'x',
      username,
      name: `Loja ${username}`,
      avatarUrl: null,
      pageName: null,
      textLimit: null,
    });
    const mock = setup(undefined, THEME, {
      'accounts.active': [
        {
          id: 'l1',
          platform: 'linkedin',
          username: 'cafe',
          name: 'Café',
          avatarUrl: null,
          pageName: null,
          textLimit: null,
        },
        xAccount(CENTRO, 'loja_centro'),
        xAccount(BAIRRO, 'loja_bairro'),
      ],
      'posts.preflight': (input: { platform: string }) => ({
        platform: input.platform,
        level: 'ok',
        checks: [{ kind: 'text', level: 'ok', message: 'ok' }],
      }),
    });
    await pickTheme();
    const group = screen.getByRole('group', { name: new RegExp(text.networks) });
    const boxes = () => within(group).getAllByRole('checkbox') as HTMLInputElement[];
    // LinkedIn (one account) as before; X once per account, not ticked by the theme.
    expect(boxes().map((box) => box.value)).toEqual(['linkedin', `x:${CENTRO}`, `x:${BAIRRO}`, 'instagram']);
    expect(within(group).getByText('X (Twitter) · @loja_centro')).toBeTruthy();
    expect(boxes().map((box) => box.checked)).toEqual([true, false, false, true]);
    fireEvent.click(within(group).getByRole('checkbox', { name: /@loja_centro/ }));
    fireEvent.click(within(group).getByRole('checkbox', { name: /@loja_bairro/ }));
    expect(
      screen.getAllByRole('tab').map((item) => item.textContent?.replace(/ \((Usa|Texto).*$/, '')),
    ).toEqual(['LinkedIn', 'X (Twitter) · @loja_centro', 'X (Twitter) · @loja_bairro', 'Instagram']);

    fireEvent.change(screen.getByRole('textbox', { name: text.postTitle }), { target: { value: 'Café' } });
    fireEvent.change(screen.getByRole('textbox', { name: text.baseText }), {
      target: { value: 'Café coado.' },
    });
    fireEvent.click(tab(/@loja_bairro/));
    fireEvent.change(panelText(), { target: { value: 'Só no bairro.' } });
    // The preview names the chosen account.
    expect(within(screen.getByRole('tabpanel')).getAllByText(/Loja loja_bairro/).length).toBeGreaterThan(0);
    fireEvent.click(tab(/@loja_centro/));
    expect(panelText().value).toBe('Café coado.');
    expect(within(screen.getByRole('tabpanel')).getAllByText(/Loja loja_centro/).length).toBeGreaterThan(0);
    // Each account's pre-flight names its account.
    await waitFor(() => {
      const sent = mock.calls.filter((call) => call.path === 'posts.preflight').map((call) => call.input);
      expect(sent).toContainEqual(expect.objectContaining({ platform: 'x', accountId: BAIRRO }));
      expect(sent).toContainEqual(expect.objectContaining({ platform: 'x', accountId: CENTRO }));
    });

    fireEvent.click(screen.getByRole('button', { name: text.schedule }));
    await waitFor(() => expect(mock.calls.some((call) => call.path === 'posts.compose')).toBe(true));
    const input = mock.calls.find((call) => call.path === 'posts.compose')!.input as {
      networks: Record<string, unknown>[];
    };
    expect(input.networks).toEqual([
      { platform: 'linkedin', content: null },
      { platform: 'x', accountId: CENTRO, content: null },
      { platform: 'x', accountId: BAIRRO, content: 'Só no bairro.' },
      { platform: 'instagram', content: null },
    ]);
  });

  it('a refusal naming one account shows in that account’s tab', async () => {
    const CENTRO = '11111111-1111-4111-8111-111111111111';
    const BAIRRO = '22222222-2222-4222-8222-222222222222';
    const xAccount = (id: string, username: string) => ({
      id,
      platform: 'x',
      username,
      name: username,
      avatarUrl: null,
      pageName: null,
      textLimit: null,
    });
    setup(
      () => {
        throw new TrpcErrorResponse('BAD_REQUEST', 'VALIDATION_FAILED', {
          details: {
            field: 'networks',
            networkIssues: [{ platform: 'x', accountId: BAIRRO, message: 'Recusado no bairro.' }],
          },
        });
      },
      THEME,
      { 'accounts.active': [xAccount(CENTRO, 'loja_centro'), xAccount(BAIRRO, 'loja_bairro')] },
    );
    await pickTheme();
    const group = screen.getByRole('group', { name: new RegExp(text.networks) });
    fireEvent.click(within(group).getByRole('checkbox', { name: /@loja_centro/ }));
    fireEvent.click(within(group).getByRole('checkbox', { name: /@loja_bairro/ }));
    fireEvent.change(screen.getByRole('textbox', { name: text.postTitle }), { target: { value: 'Café' } });
    fireEvent.change(screen.getByRole('textbox', { name: text.baseText }), { target: { value: 'Café.' } });
    fireEvent.click(screen.getByRole('button', { name: text.schedule }));
    await waitFor(() => expect(tab(/@loja_bairro/).getAttribute('aria-selected')).toBe('true'));
    expect(within(screen.getByRole('tabpanel')).getByTestId('network-issue').textContent).toBe(
      'Recusado no bairro.',
    );
    expect(tab(/@loja_centro/).textContent).not.toContain(messages.common.error);
  });
});

/** Answers each file as the server would (ids in order), without a network. */
function fakeUploader(): ComposerUploader {
  let n = 0;
  return async ({ file }) => {
    n += 1;
    return {
      ok: true,
      media: { id: `upload-${n}`, url: `/media/${file.name}`, thumbUrl: `/media/thumb-${file.name}` },
    };
  };
}

function pick(group: HTMLElement, name: string) {
  const input = group.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['x'], name, { type: 'image/jpeg' })] } });
}

/** A resumable upload driven by the test: `progress` and `finish` play the server's answers. */
function fakeVideoUploader() {
  const started: File[] = [];
  const cancelled: number[] = [];
  const handlers: Parameters<ComposerVideoUploader>[1][] = [];
  const uploader: ComposerVideoUploader = (file, on) => {
    const n = handlers.length;
    handlers.push(on);
    return {
      start: () => void started.push(file),
      cancel: async () => void cancelled.push(n),
    };
  };
  return {
    uploader,
    started,
    cancelled,
    progress: (n: number, sent: number, total: number) => act(() => handlers[n]!.onProgress(sent, total)),
    finish: (n: number, id: string) => act(() => handlers[n]!.onSuccess(id)),
  };
}

function pickVideo(group: HTMLElement, name: string) {
  const input = group.querySelectorAll('input[type="file"]')[1] as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['v'], name, { type: 'video/mp4' })] } });
}

/** What a browser does once a video's metadata is in (jsdom loads no media). */
function loadMetadata(element: HTMLElement, facts: { width: number; height: number; duration: number }) {
  Object.defineProperty(element, 'videoWidth', { configurable: true, value: facts.width });
  Object.defineProperty(element, 'videoHeight', { configurable: true, value: facts.height });
  Object.defineProperty(element, 'duration', { configurable: true, value: facts.duration });
  fireEvent.loadedMetadata(element);
}
