// "Usar o melhor horário de cada rede" in the theme form (docs/best-time.md): off by default (the
// spec's 10:00), and sent as useBestTime when switched on.
import { bestTimeMessages, messages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '../../test-utils/render';
import { mockTrpc, signedIn } from '../../test-utils/trpc-mock';
import { CreateThemeView } from '../../views/create/CreateThemeView';

const text = messages.themes;

function fillAndSubmit(switchOn: boolean) {
  const api = mockTrpc({
    'auth.session': signedIn(false),
    'themes.create': { theme: { id: 't1', name: 'Tema' }, outcome: { kind: 'ai', postsCreated: 15 } },
    'themes.list': [],
  });
  window.history.replaceState(null, '', '/create');
  render(<CreateThemeView />);
  fireEvent.change(screen.getByLabelText(text.name, { exact: false }), { target: { value: 'Marketing' } });
  fireEvent.change(screen.getByLabelText(text.description, { exact: false }), {
    target: { value: 'Dicas de marketing' },
  });
  fireEvent.click(screen.getByRole('checkbox', { name: 'Profissional' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'LinkedIn' }));
  const option = screen.getByRole('switch', {
    name: new RegExp(`^${bestTimeMessages.themeOption}`),
  }) as HTMLInputElement;
  expect(option.checked).toBe(false);
  expect(screen.getByText(bestTimeMessages.themeOptionHint)).toBeTruthy();
  if (switchOn) fireEvent.click(option);
  fireEvent.click(screen.getByRole('button', { name: text.createSubmit }));
  return api;
}

describe('the theme option', () => {
  it('is off by default: the theme keeps 10:00', async () => {
    const api = fillAndSubmit(false);
    await waitFor(() => expect(api.callsTo('themes.create')).toHaveLength(1));
    const input = api.callsTo('themes.create')[0]!.input as { useBestTime?: boolean };
    expect(input.useBestTime ?? false).toBe(false);
  });

  it('sends useBestTime when switched on', async () => {
    const api = fillAndSubmit(true);
    await waitFor(() => expect(api.callsTo('themes.create')).toHaveLength(1));
    expect(api.callsTo('themes.create')[0]?.input).toMatchObject({ useBestTime: true });
  });
});
