import { messages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
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
