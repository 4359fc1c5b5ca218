import { commemorativeMessages, messages } from '@pauta/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '../../test-utils/render';
import { themeDetail } from '../../test-utils/themes';
import { expectToast } from '../../test-utils/toasts';
import { deferred, mockTrpc, signedIn, TrpcErrorResponse } from '../../test-utils/trpc-mock';
import { EditThemeView } from './EditThemeView';

const text = messages.themes;
const theme = themeDetail({ colorPalette: '#123ABC', socialNetworks: ['linkedin'] });

function open(handlers: Record<string, unknown>, path = `/edit?theme=${theme.id}`) {
  const api = mockTrpc({ 'auth.session': signedIn(true), 'themes.get': theme, ...handlers });
  window.history.replaceState(null, '', path);
  render(<EditThemeView />);
  return api;
}

describe('editing a theme', () => {
  it('loads the theme of ?theme= and saves it (Salvando... then dashboard)', async () => {
    const answer = deferred<unknown>();
    const api = open({ 'themes.update': () => answer.promise });
    const name = (await screen.findByLabelText(text.name, { exact: false })) as HTMLInputElement;
    expect(name.value).toBe(theme.name);
    expect(api.callsTo('themes.get')[0]?.input).toEqual({ id: theme.id });
    expect((screen.getByRole('checkbox', { name: 'Profissional' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'LinkedIn' }).getAttribute('aria-checked')).toBe('true');
    expect((screen.getByLabelText(text.customColor) as HTMLInputElement).value).toBe('#123ABC');
    expect(screen.getByRole('link', { name: text.cancel }).getAttribute('href')).toBe('/dashboard');

    fireEvent.change(name, { target: { value: 'Novo nome' } });
    fireEvent.click(screen.getByRole('button', { name: text.updateSubmit }));
    const busy = await screen.findByRole('button', { name: text.saving });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    answer.resolve(theme);
    await expectToast(messages.common.success, text.updated);
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(api.callsTo('themes.update')[0]?.input).toMatchObject({
      id: theme.id,
      name: 'Novo nome',
      colorPalette: '#123ABC',
      socialNetworks: ['linkedin'],
    });
  });

  it('reports a failed update', async () => {
    open({
      'themes.update': () => {
        throw new TrpcErrorResponse('INTERNAL_SERVER_ERROR', 'INTERNAL');
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: text.updateSubmit }));
    await expectToast(messages.common.error, text.updateError);
    expect(window.location.pathname).toBe('/edit');
  });

  it('validates like the create form', async () => {
    const api = open({ 'themes.update': theme });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'LinkedIn' }));
    fireEvent.click(screen.getByRole('button', { name: text.updateSubmit }));
    await expectToast(messages.common.error, text.missingNetwork);
    expect(api.callsTo('themes.update')).toHaveLength(0);
  });

  it('says when the theme does not exist', async () => {
    open({
      'themes.get': () => {
        throw new TrpcErrorResponse('NOT_FOUND', 'NOT_FOUND');
      },
    });
    expect(await screen.findByText(text.themeNotFound)).toBeTruthy();
  });

  it('asks to pick a theme without ?theme=', () => {
    open({}, '/edit');
    expect(screen.getByText(messages.posts.noThemeSelected)).toBeTruthy();
  });
});

describe('Datas comemorativas in Editar Tema', () => {
  afterEach(() => vi.useRealTimers());
  const dated = themeDetail({
    socialNetworks: ['linkedin'],
    // Finados (02/11) is past on 10/11; Carnaval 2027 (09/02) is beyond the 60 days offered.
    commemorativeDates: ['finados-2026', 'black-friday-2026', 'carnaval-2027'],
  });
  const openDated = (handlers: Record<string, unknown>) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-10T15:00:00Z'));
    const api = mockTrpc({ 'auth.session': signedIn(true), 'themes.get': dated, ...handlers });
    window.history.replaceState(null, '', `/edit?theme=${dated.id}`);
    render(<EditThemeView />);
    return api;
  };
  const chip = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

  it('shows the stored dates still to come as picked, drops the past ones, and saves the changes', async () => {
    const answer = deferred<unknown>();
    const api = openDated({ 'themes.update': () => answer.promise });
    await screen.findByRole('group', { name: commemorativeMessages.sectionTitle });
    expect(chip('Black Friday (27/11)').checked).toBe(true);
    expect(chip('Carnaval (09/02)').checked).toBe(true);
    expect(chip('Natal (25/12)').checked).toBe(false);
    expect(screen.queryByRole('checkbox', { name: 'Finados (02/11)' })).toBeNull();
    expect(screen.getByText(commemorativeMessages.chosen(2))).toBeTruthy();

    fireEvent.click(chip('Black Friday (27/11)'));
    fireEvent.click(chip('Natal (25/12)'));
    expect(chip('Black Friday (27/11)').checked).toBe(false);
    expect(chip('Natal (25/12)').checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: text.updateSubmit }));
    expect(((await screen.findByRole('button', { name: text.saving })) as HTMLButtonElement).disabled).toBe(
      true,
    );
    answer.resolve(dated);
    await expectToast(messages.common.success, text.updated);
    const sent = (api.callsTo('themes.update')[0]!.input as { commemorativeDates: string[] })
      .commemorativeDates;
    expect([...sent].sort()).toEqual(['carnaval-2027', 'natal-2026']);
  });

  it('saving without touching the dates keeps the ones to come and drops the past one', async () => {
    const api = openDated({ 'themes.update': dated });
    fireEvent.click(await screen.findByRole('button', { name: text.updateSubmit }));
    await waitFor(() => expect(api.callsTo('themes.update')).toHaveLength(1));
    expect(api.callsTo('themes.update')[0]?.input).toMatchObject({
      commemorativeDates: ['black-friday-2026', 'carnaval-2027'],
    });
  });
});
