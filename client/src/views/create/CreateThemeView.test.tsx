import { commemorativeMessages, messages, SUGGESTIONS_ON_THEME_CREATION } from '@pauta/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '../../test-utils/render';
import { expectToast } from '../../test-utils/toasts';
import { deferred, mockTrpc, signedIn, TrpcErrorResponse } from '../../test-utils/trpc-mock';
import { CreateThemeView } from './CreateThemeView';

const text = messages.themes;

function setup(
  create: unknown = { theme: { id: 't1', name: 'Tema' }, outcome: { kind: 'ai', postsCreated: 15 } },
) {
  const api = mockTrpc({ 'auth.session': signedIn(false), 'themes.create': create, 'themes.list': [] });
  window.history.replaceState(null, '', '/create');
  render(<CreateThemeView />);
  return api;
}

function fillBasics() {
  fireEvent.change(screen.getByLabelText(text.name, { exact: false }), { target: { value: ' Marketing ' } });
  fireEvent.change(screen.getByLabelText(text.description, { exact: false }), {
    target: { value: 'Dicas de marketing' },
  });
}

function pick(name: string, role: 'checkbox' | 'radio' = 'checkbox') {
  fireEvent.click(screen.getByRole(role, { name }));
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: text.createSubmit }));
}

describe('theme form validation', () => {
  it('asks for name and description', async () => {
    const api = setup();
    submit();
    await expectToast(messages.common.error, text.missingNameOrDescription);
    // Also inline, under each empty field.
    expect(screen.getAllByText(text.missingNameOrDescription).length).toBeGreaterThanOrEqual(2);
    expect(api.callsTo('themes.create')).toHaveLength(0);
  });

  it('asks for a tone of voice', async () => {
    const api = setup();
    fillBasics();
    pick('LinkedIn');
    submit();
    await expectToast(messages.common.error, text.missingTone);
    expect(api.callsTo('themes.create')).toHaveLength(0);
  });

  it('asks for a social network', async () => {
    const api = setup();
    fillBasics();
    pick('Profissional');
    submit();
    await expectToast(messages.common.error, text.missingNetwork);
    expect(api.callsTo('themes.create')).toHaveLength(0);
  });

  it('rejects a malformed custom colour', async () => {
    const api = setup();
    fillBasics();
    pick('Profissional');
    pick('Instagram');
    fireEvent.change(screen.getByLabelText(text.customColor), { target: { value: '#12' } });
    submit();
    await expectToast(messages.common.error, text.invalidHex);
    expect(api.callsTo('themes.create')).toHaveLength(0);
  });

  it('says a malformed custom colour on the field as soon as it is left, before any submit', async () => {
    setup();
    const field = screen.getByLabelText(text.customColor);
    fireEvent.change(field, { target: { value: '#12' } });
    // Not while typing a short code…
    expect(screen.queryByText(text.invalidHex)).toBeNull();
    fireEvent.blur(field);
    // …but once the field is left, on the field itself (linked to it for screen readers).
    const error = await screen.findByText(text.invalidHex);
    expect(field.getAttribute('aria-describedby') ?? '').toContain(error.id);
    // A full-length bad code is said while typing; a good one clears it.
    fireEvent.change(field, { target: { value: '#GG0000' } });
    expect(screen.getByText(text.invalidHex)).toBeTruthy();
    fireEvent.change(field, { target: { value: '#FF0000' } });
    expect(screen.queryByText(text.invalidHex)).toBeNull();
  });

  it('counts the characters of name and description and refuses a longer text whole, in pt-BR', async () => {
    const api = setup();
    const description = screen.getByLabelText(text.description, { exact: false }) as HTMLTextAreaElement;
    expect(screen.getByText(messages.common.characterCount(0, 2000))).toBeTruthy();
    expect(screen.getByText(messages.common.characterCount(0, 120))).toBeTruthy();
    fillBasics();
    pick('Profissional');
    pick('Instagram');
    // A 5,000-character paste is kept whole (no silent cut to 2,000) and marked over the limit.
    fireEvent.change(description, { target: { value: 'a'.repeat(5000) } });
    expect(description.value).toHaveLength(5000);
    const counter = screen.getByText(new RegExp(messages.common.characterCount(5000, 2000)));
    expect(counter.getAttribute('data-over')).toBe('true');
    expect(description.getAttribute('aria-describedby') ?? '').toContain(counter.closest('[id]')?.id);
    submit();
    await expectToast(messages.common.error, messages.common.tooLong(2000));
    expect(api.callsTo('themes.create')).toHaveLength(0);
    expect(description.value).toHaveLength(5000);
  });

  it('offers the 14 presets with blue and weekly preselected', () => {
    setup();
    const swatches = screen.getAllByRole('radio').filter((radio) => radio.getAttribute('type') === 'radio');
    expect(swatches).toHaveLength(14);
    expect((screen.getByRole('radio', { name: 'Azul' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: '3x por semana' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: 'Diário' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Semanal' })).toBeTruthy();
    for (const network of ['Instagram', 'LinkedIn', 'Facebook', 'X (Twitter)'])
      expect(screen.getByRole('checkbox', { name: network })).toBeTruthy();
    expect(screen.getByText('Digite um código hexadecimal (ex: #FF0000)')).toBeTruthy();
  });
});

describe('creating a theme', () => {
  it('shows Criando... and progress, sends once, then toasts and goes to the dashboard', async () => {
    const answer = deferred<unknown>();
    const api = setup(() => answer.promise);
    fillBasics();
    pick('Profissional');
    pick('Inspirador');
    pick('Política');
    pick('LinkedIn');
    pick('X (Twitter)');
    pick('Diário', 'radio');
    pick('Verde', 'radio');
    submit();

    const busy = await screen.findByRole('button', { name: text.creating });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(text.creatingProgress(SUGGESTIONS_ON_THEME_CREATION))).toBeTruthy();
    fireEvent.click(busy);
    fireEvent.submit(busy.closest('form') as HTMLFormElement);

    answer.resolve({ theme: { id: 't1', name: 'Marketing' }, outcome: { kind: 'ai', postsCreated: 30 } });
    await expectToast(text.createdTitle, text.createdWithPosts(30));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(api.callsTo('themes.create')).toHaveLength(1);
    expect(api.callsTo('themes.create')[0]?.input).toEqual({
      name: 'Marketing',
      description: 'Dicas de marketing',
      toneOfVoice: ['professional', 'inspirational'],
      avoidTopics: ['politics'],
      socialNetworks: ['linkedin', 'x'],
      frequency: 'daily',
      colorPalette: 'green',
    });
  });

  it.each([
    [
      { kind: 'templates', postsCreated: 15, reason: 'timeout' },
      text.createdTitle,
      text.createdWithTemplates(15),
    ],
    [
      { kind: 'templates', postsCreated: 15, reason: 'no_key' },
      text.createdTitle,
      text.createdWithLocalTemplates(15),
    ],
    [
      { kind: 'partial', postsCreated: 30, fromTemplates: 4, reason: 'timeout' },
      text.createdTitle,
      text.createdWithSomeTemplates(30, 4),
    ],
    [{ kind: 'suggestions_failed' }, text.warningTitle, text.suggestionsFailed],
    [{ kind: 'no_posts' }, text.warningTitle, text.noPostsGenerated],
  ])('announces the %o outcome', async (outcome, title, message) => {
    setup({ theme: { id: 't1', name: 'Marketing' }, outcome });
    fillBasics();
    pick('Profissional');
    pick('Facebook');
    submit();
    await expectToast(title, message);
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
  });

  it('says local models (no AI key) as information: blue, and never "a IA não respondeu"', async () => {
    setup({
      theme: { id: 't1', name: 'Marketing' },
      outcome: { kind: 'templates', postsCreated: 15, reason: 'no_key' },
    });
    fillBasics();
    pick('Profissional');
    pick('Facebook');
    submit();
    await expectToast(text.createdTitle, text.createdWithLocalTemplates(15));
    const toast = document.querySelector('.mantine-Notification-root') as HTMLElement;
    expect(toast.getAttribute('style')).toContain('brand');
    expect(toast.textContent).not.toMatch(/não respondeu/);
  });

  it('warns, where Instagram is chosen, that it cannot publish without media', async () => {
    setup();
    fillBasics();
    expect(screen.queryByText(text.instagramNeedsMedia)).toBeNull();
    pick('Instagram');
    expect(await screen.findByText(text.instagramNeedsMedia)).toBeTruthy();
    pick('Instagram');
    await waitFor(() => expect(screen.queryByText(text.instagramNeedsMedia)).toBeNull());
  });

  it('sends a custom hex colour upper-cased', async () => {
    const api = setup();
    fillBasics();
    pick('Profissional');
    pick('Facebook');
    fireEvent.change(screen.getByLabelText(text.customColor), { target: { value: '#ff0000' } });
    submit();
    await waitFor(() => expect(api.callsTo('themes.create')).toHaveLength(1));
    expect(api.callsTo('themes.create')[0]?.input).toMatchObject({ colorPalette: '#FF0000' });
  });

  it('explains the theme limit', async () => {
    setup(() => {
      throw new TrpcErrorResponse('FORBIDDEN', 'THEME_LIMIT_REACHED', { details: { max: 3 } });
    });
    fillBasics();
    pick('Profissional');
    pick('Facebook');
    submit();
    await expectToast(messages.common.error, text.limitReached(3));
    expect(window.location.pathname).toBe('/create');
  });

  it('reports any other failure', async () => {
    setup(() => {
      throw new TrpcErrorResponse('INTERNAL_SERVER_ERROR', 'INTERNAL');
    });
    fillBasics();
    pick('Profissional');
    pick('Facebook');
    submit();
    await expectToast(messages.common.error, text.createError);
    expect(screen.getByRole('button', { name: text.createSubmit })).toBeTruthy();
  });
});

describe('Datas comemorativas', () => {
  afterEach(() => vi.useRealTimers());

  it('offers the dates of the next 60 days and sends the picked ones with the theme', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-10T15:00:00Z'));
    const api = setup();
    fillBasics();
    pick('Profissional');
    pick('Instagram');
    const offered = screen
      .getByRole('group', { name: commemorativeMessages.sectionTitle })
      .querySelectorAll('input[type="checkbox"]');
    // From Proclamação da República (15/11) to Confraternização Universal (01/01).
    expect(offered.length).toBe(7);
    expect(screen.queryByRole('checkbox', { name: 'Finados (02/11)' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Carnaval (09/02)' })).toBeNull();
    pick('Black Friday (27/11)');
    pick('Natal (25/12)');
    pick('Natal (25/12)');
    pick('Proclamação da República (15/11)');
    expect(screen.getByText(commemorativeMessages.chosen(2))).toBeTruthy();
    submit();
    await waitFor(() => expect(api.callsTo('themes.create')).toHaveLength(1));
    expect(api.callsTo('themes.create')[0]?.input).toMatchObject({
      commemorativeDates: ['black-friday-2026', 'proclamacao-da-republica-2026'],
    });
  });

  it('sends no dates when none is picked', async () => {
    const api = setup();
    fillBasics();
    pick('Profissional');
    pick('Instagram');
    submit();
    await waitFor(() => expect(api.callsTo('themes.create')).toHaveLength(1));
    expect(api.callsTo('themes.create')[0]?.input).not.toHaveProperty('commemorativeDates');
  });
});
