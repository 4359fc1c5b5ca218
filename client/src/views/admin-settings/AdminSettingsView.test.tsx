import { messages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { expectToast, shownToasts } from '../../test-utils/toasts';
import { mockTrpc, signedIn, TrpcErrorResponse } from '../../test-utils/trpc-mock';
import { AdminSettingsView } from './AdminSettingsView';

const text = messages.admin.settings;
const at = new Date('2026-11-20T12:00:00Z');

const settings = [
  { key: 'email_notifications_enabled', value: true, description: 'Enviar emails.', updatedAt: at },
  { key: 'feature_flags', value: { beta: false }, description: 'Flags.', updatedAt: at },
  { key: 'max_themes_per_user', value: 10, description: 'Máximo.', updatedAt: at },
  { key: 'support_text', value: 'Olá', description: null, updatedAt: at },
];

function open(update: unknown = (input: { key: string }) => settings.find((s) => s.key === input.key)) {
  const api = mockTrpc({
    'auth.session': signedIn(true),
    'admin.settings.list': settings,
    'admin.settings.update': update,
  });
  render(<AdminSettingsView />);
  return api;
}

function card(label: string) {
  return screen.getByRole('region', { name: label });
}

describe('Configurações do Sistema', () => {
  it('saves the notifications switch as a boolean', async () => {
    const api = open();
    const toggle = await screen.findByRole('switch', {
      name: text.editorLabel(text.knownKeys.email_notifications_enabled),
    });
    fireEvent.click(toggle);
    await waitFor(() => expect(api.callsTo('admin.settings.update')).toHaveLength(1));
    expect(api.callsTo('admin.settings.update')[0]!.input).toEqual({
      key: 'email_notifications_enabled',
      value: false,
      json: false,
    });
    await expectToast(messages.common.success, text.saved);
  });

  it('checks the theme limit (1..1000) before saving it as a number', async () => {
    const api = open();
    await screen.findByText(text.knownKeys.max_themes_per_user);
    const region = card(text.knownKeys.max_themes_per_user);
    const input = within(region).getByLabelText(text.editorLabel(text.knownKeys.max_themes_per_user));
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.click(within(region).getByRole('button', { name: messages.common.save }));
    expect(await within(region).findByText(text.maxThemesRange)).toBeTruthy();
    expect(api.callsTo('admin.settings.update')).toHaveLength(0);
    fireEvent.change(input, { target: { value: '25' } });
    fireEvent.click(within(region).getByRole('button', { name: messages.common.save }));
    await waitFor(() => expect(api.callsTo('admin.settings.update')).toHaveLength(1));
    expect(api.callsTo('admin.settings.update')[0]!.input).toEqual({
      key: 'max_themes_per_user',
      value: 25,
      json: false,
    });
  });

  it('refuses a negative or fractional theme limit as typed (never saves "-5" as 5)', async () => {
    const api = open();
    await screen.findByText(text.knownKeys.max_themes_per_user);
    const region = card(text.knownKeys.max_themes_per_user);
    const input = within(region).getByLabelText(
      text.editorLabel(text.knownKeys.max_themes_per_user),
    ) as HTMLInputElement;
    for (const typed of ['-5', '2.5']) {
      fireEvent.change(input, { target: { value: typed } });
      expect(input.value).toBe(typed);
      fireEvent.blur(input);
      expect(input.value).toBe(typed);
      fireEvent.click(within(region).getByRole('button', { name: messages.common.save }));
      expect(await within(region).findByText(text.maxThemesRange)).toBeTruthy();
    }
    expect(api.callsTo('admin.settings.update')).toHaveLength(0);
    expect(shownToasts()).toEqual([]);
  });

  it('validates JSON settings and keeps text settings free', async () => {
    const api = open();
    const json = await screen.findByRole('region', { name: 'feature_flags' });
    const area = within(json).getByLabelText(text.editorLabel('feature_flags'), { exact: false });
    fireEvent.change(area, { target: { value: '{"beta": tru' } });
    fireEvent.click(within(json).getByRole('button', { name: messages.common.save }));
    expect(await within(json).findByText(text.invalidJson)).toBeTruthy();
    expect(api.callsTo('admin.settings.update')).toHaveLength(0);
    fireEvent.change(area, { target: { value: '{"beta": true}' } });
    fireEvent.click(within(json).getByRole('button', { name: messages.common.save }));
    await waitFor(() => expect(api.callsTo('admin.settings.update')).toHaveLength(1));
    expect(api.callsTo('admin.settings.update')[0]!.input).toEqual({
      key: 'feature_flags',
      value: '{"beta": true}',
      json: true,
    });
    const free = card('support_text');
    fireEvent.change(within(free).getByLabelText(text.editorLabel('support_text'), { exact: false }), {
      target: { value: '{não é json' },
    });
    fireEvent.click(within(free).getByRole('button', { name: messages.common.save }));
    await waitFor(() => expect(api.callsTo('admin.settings.update')).toHaveLength(2));
    expect(api.callsTo('admin.settings.update')[1]!.input).toEqual({
      key: 'support_text',
      value: '{não é json',
      json: false,
    });
  });

  it('says when saving or loading fails', async () => {
    const api = open(() => {
      throw new TrpcErrorResponse('INTERNAL_SERVER_ERROR', 'INTERNAL');
    });
    fireEvent.click(
      await screen.findByRole('switch', {
        name: text.editorLabel(text.knownKeys.email_notifications_enabled),
      }),
    );
    await expectToast(messages.common.error, text.saveError);
    api.set('admin.settings.list', () => {
      throw new TrpcErrorResponse('INTERNAL_SERVER_ERROR', 'INTERNAL');
    });
  });
});
