// "Inserir trecho" in the post's edit dialog (docs/snippets.md): a hashtag group goes in at the
// cursor, a signature at the end; the counter follows and shows the network's over-limit state;
// the saved text is the one on screen. The empty menu says how to create the first snippet.
import { messages, PLATFORM_LABELS, PLATFORM_TEXT_LIMITS, snippetMessages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { postItem } from '../../test-utils/posts-fixtures';
import { cleanup, fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { mockTrpc, signedIn } from '../../test-utils/trpc-mock';
import { EditPostModal } from '../posts/EditPostModal';

const text = snippetMessages;
const SP = 'America/Sao_Paulo';

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

const SNIPPETS = {
  snippets: [
    snippet('s1', 'hashtags', 'Confeitaria', '#bolo #confeitaria', 0),
    snippet('s2', 'signature', 'Loja', 'Encomendas: (11) 99999-0000', 1),
  ],
  max: 50,
};

function openEditor(post: ReturnType<typeof postItem>, list: unknown = SNIPPETS) {
  const api = mockTrpc({
    'auth.session': signedIn(true),
    'snippets.list': list,
    'posts.update': (input: unknown) => ({ ...post, ...(input as object) }),
  });
  render(<EditPostModal post={post as never} timeZone={SP} onClose={() => {}} />);
  return api;
}

async function pick(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: text.insert }));
  fireEvent.click(await screen.findByRole('menuitem', { name: new RegExp(`^${name}`) }));
}

describe('Inserir trecho', () => {
  it('inserts a hashtag group at the cursor and a signature at the end, and saves that text', async () => {
    const post = postItem({ platform: 'linkedin', content: 'Bolo novo hoje', status: 'scheduled' });
    const api = openEditor(post);
    const dialog = await screen.findByRole('dialog');
    const content = within(dialog).getByRole('textbox', {
      name: new RegExp(messages.posts.content),
    }) as HTMLTextAreaElement;
    content.focus();
    content.setSelectionRange(4, 4);
    await pick('Confeitaria');
    await waitFor(() => expect(content.value).toBe('Bolo #bolo #confeitaria novo hoje'));
    content.setSelectionRange(0, 0);
    await pick('Loja');
    const expected = 'Bolo #bolo #confeitaria novo hoje\n\nEncomendas: (11) 99999-0000';
    await waitFor(() => expect(content.value).toBe(expected));
    expect(
      within(dialog).getByText(messages.posts.contentLength(expected.length, PLATFORM_TEXT_LIMITS.linkedin)),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    await waitFor(() => expect(api.callsTo('posts.update')).toHaveLength(1));
    expect(api.callsTo('posts.update')[0]?.input).toMatchObject({ content: expected });
    cleanup();
  });

  it("shows the network's over-limit state when a snippet takes the text past it", async () => {
    const limit = PLATFORM_TEXT_LIMITS.x;
    const post = postItem({ platform: 'x', content: 'a'.repeat(limit - 5), status: 'scheduled' });
    openEditor(post);
    const dialog = await screen.findByRole('dialog');
    await pick('Loja');
    const over = await within(dialog).findByText(
      (_, el) => el?.getAttribute('aria-live') === 'polite' && el.hasAttribute('data-over'),
    );
    expect(over.textContent).toContain(messages.posts.contentTooLong(PLATFORM_LABELS.x, limit));
    cleanup();
  });

  it('explains how to create the first snippet when there is none', async () => {
    openEditor(postItem({ status: 'scheduled' }), { snippets: [], max: 50 });
    fireEvent.click(await screen.findByRole('button', { name: text.insert }));
    expect(await screen.findByText(text.insertEmpty)).toBeTruthy();
    const link = screen.getByRole('menuitem', { name: text.insertCreateFirst });
    expect(link.getAttribute('href')).toBe('/snippets');
    expect(link.getAttribute('target')).toBe('_blank');
    cleanup();
  });

  it('is not offered on a post that cannot be edited', async () => {
    openEditor(postItem({ status: 'published' }));
    await screen.findByRole('dialog');
    expect(screen.queryByRole('button', { name: text.insert })).toBeNull();
    cleanup();
  });
});
