import { messages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { expectToast } from '../../test-utils/toasts';
import { deferred, mockTrpc, signedIn } from '../../test-utils/trpc-mock';
import { SettingsView } from './SettingsView';
import { timeZoneLabel, timeZoneOptions } from './time-zones';

const text = messages.settings;

async function pickZone(zone: string) {
  const field = screen.getByRole('combobox', { name: text.timeZone });
  fireEvent.click(field);
  fireEvent.change(field, { target: { value: zone.split('/').pop()!.replace(/_/g, ' ') } });
  const listbox = await screen.findByRole('listbox');
  fireEvent.click(
    within(listbox)
      .getAllByRole('option')
      .find((o) => o.textContent?.startsWith('Lisbon'))!,
  );
}

describe('Configurações → Fuso horário', () => {
  it('labels zones in pt-BR with the city, the name and the offset, Brazil first', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(timeZoneLabel('America/Sao_Paulo', now)).toMatch(/^Sao Paulo — Horário .*Brasília \(GMT-3\)$/);
    const options = timeZoneOptions(now);
    expect(options.length).toBeGreaterThan(300);
    expect(options[0]!.value.startsWith('America/')).toBe(true);
    expect(options.slice(0, 16).map((o) => o.value)).toContain('America/Sao_Paulo');
  });

  it('saves the chosen zone once, with the button disabled while it runs, then reads the session again', async () => {
    const answer = deferred<unknown>();
    const api = mockTrpc({ 'auth.session': signedIn(true), 'auth.setTimeZone': () => answer.promise });
    render(<SettingsView />);
    expect(
      await screen.findByText(text.timeZoneCurrent(timeZoneLabel('America/Sao_Paulo', new Date()))),
    ).toBeTruthy();
    await pickZone('Europe/Lisbon');
    const save = screen.getByRole('button', { name: text.timeZoneSave });
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() =>
      expect(save.hasAttribute('disabled') || save.getAttribute('data-loading')).toBeTruthy(),
    );
    expect(api.callsTo('auth.setTimeZone')).toHaveLength(1);
    expect(api.callsTo('auth.setTimeZone')[0]!.input).toEqual({ timeZone: 'Europe/Lisbon' });
    const sessionsBefore = api.callsTo('auth.session').length;
    answer.resolve({ timezone: 'Europe/Lisbon' });
    await expectToast(messages.common.success, text.timeZoneSaved);
    await waitFor(() => expect(api.callsTo('auth.session').length).toBeGreaterThan(sessionsBefore));
  });

  it('keeps the stored zone when a text that is no zone is typed, and sends nothing', async () => {
    const api = mockTrpc({ 'auth.session': signedIn(true) });
    render(<SettingsView />);
    await screen.findByTestId('time-zone-current');
    const field = screen.getByRole('combobox', { name: text.timeZone });
    fireEvent.change(field, { target: { value: 'Marte' } });
    fireEvent.blur(field);
    // Only a zone of the list can be chosen: the field goes back to the stored one.
    fireEvent.click(screen.getByRole('button', { name: text.timeZoneSave }));
    await expectToast(messages.common.info, text.timeZoneNothing);
    expect((field as HTMLInputElement).value).toMatch(/^Sao Paulo/);
    expect(api.callsTo('auth.setTimeZone')).toHaveLength(0);
  });

  it('sends nothing when the zone chosen is the one already stored', async () => {
    const api = mockTrpc({ 'auth.session': signedIn(true) });
    render(<SettingsView />);
    await screen.findByTestId('time-zone-current');
    fireEvent.click(screen.getByRole('button', { name: text.timeZoneSave }));
    await expectToast(messages.common.info, text.timeZoneNothing);
    expect(api.callsTo('auth.setTimeZone')).toHaveLength(0);
  });
});
