import { clientLinkMessages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { deferred, mockTrpc } from '../../test-utils/trpc-mock';
import { ShareWithClient } from './ShareWithClient';

const text = clientLinkMessages;
const THEME = '44444444-4444-4444-8444-444444444444';
const LINK = '55555555-5555-4555-8555-555555555555';
const URL_ = `http://pauta.test/aprovacao/${'k'.repeat(43)}`;

function link(status: 'active' | 'expired' | 'revoked', overrides: Record<string, unknown> = {}) {
  return {
    id: LINK,
    clientName: 'Ana Cliente',
    scope: { kind: 'theme', themeId: THEME, themeName: 'Campanha de verão' },
    status,
    expiresAt: new Date('2026-12-08T13:00:00Z'),
    lastUsedAt: null,
    createdAt: new Date('2026-12-01T13:00:00Z'),
    ...overrides,
  };
}

function open(handlers: Record<string, unknown>) {
  const api = mockTrpc(handlers);
  render(
    <ShareWithClient
      themes={[{ id: THEME, name: 'Campanha de verão' }]}
      themeId={null}
      timeZone="America/Sao_Paulo"
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: text.share }));
  return api;
}

describe('Compartilhar com o cliente', () => {
  it('validates, creates a link for a theme (7 days by default) and shows it once with a copy button', async () => {
    let links: unknown[] = [];
    const api = open({
      'clientLinks.list': () => ({ links }),
      'clientLinks.create': () => {
        links = [link('active')];
        return { link: link('active'), url: URL_ };
      },
    });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(text.listEmpty)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: text.create }));
    expect(await within(dialog).findByText(text.required.clientName)).toBeTruthy();
    expect(api.callsTo('clientLinks.create')).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(text.clientName) }), {
      target: { value: 'Ana Cliente' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: text.create }));
    expect(await within(dialog).findByText(URL_)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: text.copy })).toBeTruthy();
    expect(api.callsTo('clientLinks.create').map((c) => c.input)).toEqual([
      { clientName: 'Ana Cliente', validDays: 7, themeId: THEME },
    ]);
    // The list refetched: the new link, active, with its revoke button.
    const row = await within(dialog).findByTestId('client-link-row');
    expect(within(row).getByText(text.status.active)).toBeTruthy();
    expect(within(row).getByText(text.scopeThemeText('Campanha de verão'))).toBeTruthy();
    cleanup();
  });

  it('refuses a validity above the maximum without a request', async () => {
    const api = open({ 'clientLinks.list': { links: [] } });
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(text.clientName) }), {
      target: { value: 'Ana' },
    });
    fireEvent.change(
      within(dialog).getByRole('textbox', { name: new RegExp(text.validity.replace(/[()]/g, '\\$&')) }),
      {
        target: { value: '45' },
      },
    );
    fireEvent.click(within(dialog).getByRole('button', { name: text.create }));
    expect(await within(dialog).findByText(text.required.validity(30))).toBeTruthy();
    expect(api.callsTo('clientLinks.create')).toEqual([]);
    cleanup();
  });

  it('lists statuses; "Revogar" is disabled while it runs and sent once', async () => {
    let links = [
      link('active'),
      link('expired', { id: '66666666-6666-4666-8666-666666666666', clientName: 'Bruno' }),
    ];
    const answer = deferred<unknown>();
    const api = open({
      'clientLinks.list': () => ({ links }),
      'clientLinks.revoke': () => answer.promise,
    });
    const dialog = await screen.findByRole('dialog');
    const rows = await within(dialog).findAllByTestId('client-link-row');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['active', 'expired']);
    expect(within(rows[1]!).queryByRole('button', { name: /Revogar/ })).toBeNull();
    const revoke = within(rows[0]!).getByRole('button', { name: text.revokeLabel('Ana Cliente') });
    fireEvent.click(revoke);
    fireEvent.click(revoke);
    await waitFor(() => expect((revoke as HTMLButtonElement).disabled).toBe(true));
    links = [link('revoked'), links[1]!];
    answer.resolve(link('revoked'));
    await waitFor(() =>
      expect(within(dialog).getAllByTestId('client-link-row')[0]?.getAttribute('data-status')).toBe(
        'revoked',
      ),
    );
    expect(api.callsTo('clientLinks.revoke')).toHaveLength(1);
    cleanup();
  });
});
