// "Trechos salvos" (docs/snippets.md): the empty state that explains the first snippet, the form's
// own checks before any request (naming the bad hashtag), the server's refusal on its field, the
// counters, one request per click, reordering within a kind, and the read-only state of a Revisor.
import { snippetMessages, snippetRefusalMessage } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { WorkspaceScope } from '../../app/WorkspaceScope';
import { cleanup, fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { deferred, mockTrpc, personalWorkspace, TrpcErrorResponse } from '../../test-utils/trpc-mock';
import { SnippetsView } from './SnippetsView';

const text = snippetMessages;

const snippet = (
  id: string,
  kind: 'hashtags' | 'signature',
  name: string,
  body: string,
  position: number,
) => ({
  id,
  kind,
  name,
  text: body,
  position,
  createdAt: new Date('2026-11-20T12:00:00Z'),
  updatedAt: new Date('2026-11-20T12:00:00Z'),
});

const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByRole('textbox', { name: new RegExp(`^${label}`) }) as HTMLInputElement;

describe('Trechos salvos', () => {
  it('explains the first snippet, checks the form before sending, and creates once per click', async () => {
    let list: ReturnType<typeof snippet>[] = [];
    const answer = deferred<unknown>();
    const api = mockTrpc({
      'snippets.list': () => ({ snippets: list, max: 50 }),
      'snippets.create': async (input: unknown) => {
        await answer.promise;
        list = [snippet('s1', 'hashtags', 'Confeitaria', '#bolo #confeitaria', 0)];
        return { snippet: list[0], input };
      },
    });
    render(<SnippetsView />);
    expect(await screen.findByText(text.emptyTitle)).toBeTruthy();
    expect(screen.getByText(text.empty)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: text.create }));
    const dialog = await screen.findByRole('dialog', { name: text.newTitle });

    // Nothing typed: the name is asked for, and nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: text.create }));
    expect(await within(dialog).findByText(snippetRefusalMessage({ reason: 'NAME_REQUIRED' }))).toBeTruthy();
    fireEvent.change(field(dialog, text.nameLabel), { target: { value: 'Confeitaria' } });
    fireEvent.change(field(dialog, text.textLabel.hashtags), { target: { value: 'bolo #pé-de-moleque' } });
    fireEvent.click(within(dialog).getByRole('button', { name: text.create }));
    expect(
      await within(dialog).findByText(
        snippetRefusalMessage({ reason: 'TAG_INVALID', tag: '#pé-de-moleque', char: '-' }),
      ),
    ).toBeTruthy();
    expect(api.callsTo('snippets.create')).toEqual([]);

    // The counters and what the group will be saved as.
    fireEvent.change(field(dialog, text.textLabel.hashtags), {
      target: { value: 'bolo, #confeitaria bolo' },
    });
    expect(within(dialog).getByText('23/500 caracteres')).toBeTruthy();
    expect(within(dialog).getByText('11/60 caracteres')).toBeTruthy();
    expect(within(dialog).getByTestId('snippet-normalized').textContent).toBe(
      text.normalizedPreview('#bolo #confeitaria'),
    );

    fireEvent.click(within(dialog).getByRole('button', { name: text.create }));
    const busy = await within(dialog).findByRole('button', { name: text.creating });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(busy);
    answer.resolve(undefined);
    expect(await screen.findByRole('listitem', { name: 'Confeitaria' })).toBeTruthy();
    expect(api.callsTo('snippets.create')).toHaveLength(1);
    expect(api.callsTo('snippets.create')[0]).toMatchObject({
      input: { kind: 'hashtags', name: 'Confeitaria', text: 'bolo, #confeitaria bolo' },
    });
    expect(api.callsTo('snippets.create')[0]?.idempotencyKey).toBeTruthy();
    expect(screen.getByTestId('snippet-count').textContent).toBe(text.count(1, 50));
    cleanup();
  });

  it("shows the server's refusal (a taken name) under its field", async () => {
    mockTrpc({
      'snippets.list': { snippets: [snippet('s1', 'signature', 'Loja', 'Até logo', 0)], max: 50 },
      'snippets.create': () => {
        throw new TrpcErrorResponse('BAD_REQUEST', 'SNIPPET_REFUSED', {
          details: { reason: 'NAME_TAKEN', field: 'name' },
        });
      },
    });
    render(<SnippetsView />);
    fireEvent.click(await screen.findByRole('button', { name: text.create }));
    const dialog = await screen.findByRole('dialog', { name: text.newTitle });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Assinatura' }));
    fireEvent.change(field(dialog, text.nameLabel), { target: { value: 'LOJA' } });
    fireEvent.change(field(dialog, text.textLabel.signature), { target: { value: 'Outra' } });
    fireEvent.click(within(dialog).getByRole('button', { name: text.create }));
    expect(await within(dialog).findByText(snippetRefusalMessage({ reason: 'NAME_TAKEN' }))).toBeTruthy();
    cleanup();
  });

  it('moves a snippet within its kind by sending the whole new order', async () => {
    const list = [
      snippet('a', 'hashtags', 'Doces', '#doce', 0),
      snippet('b', 'signature', 'Loja', 'Até logo', 1),
      snippet('c', 'hashtags', 'Salgados', '#coxinha', 2),
    ];
    const api = mockTrpc({
      'snippets.list': { snippets: list, max: 50 },
      'snippets.reorder': (input: unknown) => {
        const ids = (input as { ids: string[] }).ids;
        return { snippets: ids.map((id) => list.find((s) => s.id === id)) };
      },
    });
    render(<SnippetsView />);
    const down = await screen.findByRole('button', { name: text.moveDown('Doces') });
    expect((screen.getByRole('button', { name: text.moveUp('Doces') }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(down);
    await waitFor(() => expect(api.callsTo('snippets.reorder')).toHaveLength(1));
    expect(api.callsTo('snippets.reorder')[0]?.input).toEqual({ ids: ['c', 'b', 'a'] });
    const section = screen.getByRole('region', { name: text.kindPlural.hashtags });
    await waitFor(() =>
      expect(
        within(section)
          .getAllByRole('listitem')
          .map((li) => li.getAttribute('aria-label')),
      ).toEqual(['Salgados', 'Doces']),
    );
    cleanup();
  });

  it('a Revisor sees the snippets but no button that changes them', async () => {
    mockTrpc({
      'workspaces.list': {
        workspaces: [
          personalWorkspace,
          { ...personalWorkspace, id: 'w-2', personal: false, role: 'reviewer' },
        ],
      },
      'snippets.list': { snippets: [snippet('a', 'hashtags', 'Doces', '#doce', 0)], max: 50 },
    });
    window.history.replaceState(null, '', '/snippets?cliente=w-2');
    render(
      <WorkspaceScope userId={personalWorkspace.id}>
        <SnippetsView />
      </WorkspaceScope>,
    );
    expect(await screen.findByText(text.readOnly)).toBeTruthy();
    expect(await screen.findByRole('listitem', { name: 'Doces' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: text.create })).toBeNull();
    expect(screen.queryByRole('button', { name: text.removeLabel('Doces') })).toBeNull();
    window.history.replaceState(null, '', '/');
    cleanup();
  });
});
