import { API_TOKEN_PATTERN, apiMessages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { deferred, mockTrpc, signedIn } from '../../test-utils/trpc-mock';
import { IntegrationsView } from './IntegrationsView';

const text = apiMessages.tokens;

const LISTED = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Planilha',
  prefix: 'pauta_pat_AbCdEfGh',
  scopes: ['read'],
  createdAt: new Date('2026-11-20T12:00:00Z'),
  lastUsedAt: null,
  expiresAt: null,
  revokedAt: null,
};

describe('Integrações → Tokens de acesso pessoal', () => {
  it('creates a token once (button busy meanwhile), shows the secret once with a warning, never again', async () => {
    const answer = deferred<unknown>();
    let listed: (typeof LISTED)[] = [];
    const api = mockTrpc({
      'auth.session': signedIn(false),
      'apiTokens.list': () => listed,
      'apiTokens.create': () => answer.promise,
    });
    render(<IntegrationsView />);
    expect(await screen.findByText(text.empty)).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: new RegExp(text.name) }), {
      target: { value: 'Zapier' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /Escrita/ }));
    const create = screen.getByRole('button', { name: text.create });
    fireEvent.click(create);
    fireEvent.click(create);
    await waitFor(() => expect(api.callsTo('apiTokens.create')).toHaveLength(1));
    await waitFor(() =>
      expect(create.hasAttribute('disabled') || create.getAttribute('data-loading')).toBeTruthy(),
    );
    const sent = api.callsTo('apiTokens.create')[0]!.input as {
      token: string;
      scopes: string[];
      name: string;
    };
    expect(sent.name).toBe('Zapier');
    expect(sent.scopes).toEqual(['read', 'write']);
    expect(sent.token).toMatch(API_TOKEN_PATTERN);

    listed = [
      {
        ...LISTED,
        id: '22222222-2222-4222-8222-222222222222',
        name: 'Zapier',
        prefix: sent.token.slice(0, 18),
      },
    ];
    answer.resolve({ ...listed[0] });
    const dialog = await screen.findByRole('dialog', { name: text.createdTitle });
    expect(within(dialog).getByText(text.createdWarning)).toBeTruthy();
    expect((within(dialog).getByRole('textbox') as HTMLInputElement).value).toBe(sent.token);
    expect(within(dialog).getByRole('button', { name: text.copy })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: text.done }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list shows the prefix, never the secret.
    expect(await screen.findByText('Zapier')).toBeTruthy();
    expect(document.body.textContent).not.toContain(sent.token);
  });

  it('refuses a form without a name or a scope with pt-BR messages and sends nothing', async () => {
    const api = mockTrpc({ 'auth.session': signedIn(false), 'apiTokens.list': () => [] });
    render(<IntegrationsView />);
    await screen.findByText(text.empty);
    fireEvent.click(screen.getByRole('checkbox', { name: /Leitura/ }));
    fireEvent.click(screen.getByRole('button', { name: text.create }));
    expect(await screen.findByText(text.nameRequired)).toBeTruthy();
    expect(screen.getByText(text.scopesRequired)).toBeTruthy();
    expect(api.callsTo('apiTokens.create')).toHaveLength(0);
  });

  it('revokes after a confirmation', async () => {
    const api = mockTrpc({
      'auth.session': signedIn(false),
      'apiTokens.list': () => [LISTED],
      'apiTokens.revoke': () => ({ id: LISTED.id, revoked: true }),
    });
    render(<IntegrationsView />);
    fireEvent.click(await screen.findByRole('button', { name: `${text.revoke}: Planilha` }));
    const dialog = await screen.findByRole('dialog', { name: text.revokeTitle });
    expect(within(dialog).getByText(text.revokeConfirm('Planilha'))).toBeTruthy();
    expect(api.callsTo('apiTokens.revoke')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: text.revoke }));
    await waitFor(() => expect(api.callsTo('apiTokens.revoke')).toHaveLength(1));
    expect(api.callsTo('apiTokens.revoke')[0]!.input).toEqual({ id: LISTED.id });
  });
});
