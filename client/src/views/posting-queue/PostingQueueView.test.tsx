// "Fila de publicação" drag-and-drop (docs/posting-queue.md "Reordering"): a queued post dragged onto
// another queued post's slot takes it, the posts between shift by one; the new order shows at once
// and is sent in ONE reorder call; a refusal puts the server's order back and says why. The arrows
// (the keyboard's way) keep working.
import { errorMessages, postingQueueMessages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '../../test-utils/render';
import { shownToasts } from '../../test-utils/toasts';
import { deferred, mockTrpc, signedIn, TrpcErrorResponse } from '../../test-utils/trpc-mock';
import { PostingQueueView } from './PostingQueueView';

const text = postingQueueMessages;
const ACCOUNT = '7b0c1a52-5f5e-4a38-9d1e-0c4a8f3c1d01';
const ids = {
  a: '0f8a8e0e-1111-4a38-9d1e-0c4a8f3c1d01',
  b: '0f8a8e0e-2222-4a38-9d1e-0c4a8f3c1d01',
  c: '0f8a8e0e-3333-4a38-9d1e-0c4a8f3c1d01',
};

const post = (id: string, title: string) => ({
  id,
  title,
  content: `Texto de ${title}`,
  themeName: 'Padaria',
  themeColor: '#2f9e44',
  status: 'scheduled',
  approvalStage: null,
  queued: true,
});

const board = (order: [string, string][]) => ({
  timeZone: 'America/Sao_Paulo',
  accounts: [
    {
      accountId: ACCOUNT,
      platform: 'linkedin',
      accountName: 'padaria',
      slots: [
        { weekday: 1, minute: 600 },
        { weekday: 3, minute: 600 },
        { weekday: 5, minute: 600 },
      ],
      upcoming: [
        ...order.map(([id, title], i) => ({
          at: new Date(Date.UTC(2026, 11, 7 + 2 * i, 13)),
          post: post(id, title),
        })),
        { at: new Date(Date.UTC(2026, 11, 14, 13)), post: null },
      ],
      queuedPostIds: order.map(([id]) => id),
    },
  ],
});

const titles = () => screen.getAllByTestId('queue-entry-title').map((el) => el.textContent);
const entryOf = (title: string) =>
  screen.getByText(title).closest('[data-testid="queue-entry"]') as HTMLElement;

function dragOnto(from: string, to: string) {
  const store = new Map<string, string>();
  const dataTransfer = {
    effectAllowed: 'all',
    dropEffect: 'none',
    setData: (type: string, value: string) => store.set(type, value),
    getData: (type: string) => store.get(type) ?? '',
    types: [] as string[],
  };
  fireEvent.dragStart(entryOf(from), { dataTransfer });
  fireEvent.dragOver(entryOf(to), { dataTransfer });
  fireEvent.drop(entryOf(to), { dataTransfer });
  fireEvent.dragEnd(entryOf(from), { dataTransfer });
}

const INITIAL: [string, string][] = [
  [ids.a, 'Pão de fermentação natural'],
  [ids.b, 'Bolo de cenoura'],
  [ids.c, 'Café da manhã'],
];

describe('PostingQueueView drag-and-drop', () => {
  it('moves a dragged post onto another slot at once and sends one reorder call', async () => {
    const answer = deferred<{ moved: number }>();
    let current = INITIAL;
    const api = mockTrpc({
      'auth.session': signedIn(true),
      'postingQueue.board': () => board(current),
      'postingQueue.reorder': async (input: { postIds: string[] }) => {
        const result = await answer.promise;
        current = input.postIds.map((id) => INITIAL.find(([i]) => i === id)!);
        return result;
      },
    });
    render(<PostingQueueView />);
    await screen.findByText('Café da manhã');
    expect(titles()).toEqual(['Pão de fermentação natural', 'Bolo de cenoura', 'Café da manhã']);
    expect(entryOf('Pão de fermentação natural').getAttribute('draggable')).toBe('true');
    // A free slot is no target: dropping there changes nothing.
    expect(
      screen.getByText(text.emptySlot).closest('[data-testid="queue-entry"]')?.getAttribute('draggable'),
    ).toBe('false');

    dragOnto('Pão de fermentação natural', 'Café da manhã');
    // Shown before the server answers: the first post took the third slot, the others moved up.
    expect(titles()).toEqual(['Bolo de cenoura', 'Café da manhã', 'Pão de fermentação natural']);
    await waitFor(() => expect(api.callsTo('postingQueue.reorder')).toHaveLength(1));
    expect(api.callsTo('postingQueue.reorder')[0]!.input).toEqual({
      accountId: ACCOUNT,
      postIds: [ids.b, ids.c, ids.a],
    });
    expect(api.callsTo('postingQueue.reorder')[0]!.idempotencyKey).toBeTruthy();
    answer.resolve({ moved: 3 });
    await waitFor(() => expect(shownToasts().map((t) => t.message)).toContain(text.reordered), {
      timeout: 4000,
    });
    await waitFor(() =>
      expect(titles()).toEqual(['Bolo de cenoura', 'Café da manhã', 'Pão de fermentação natural']),
    );
    expect(api.callsTo('postingQueue.reorder')).toHaveLength(1);
  });

  it('puts the order back and says why when the server refuses', async () => {
    const api = mockTrpc({
      'auth.session': signedIn(true),
      'postingQueue.board': () => board(INITIAL),
      'postingQueue.reorder': () => {
        throw new TrpcErrorResponse('CONFLICT', 'CONFLICT');
      },
    });
    render(<PostingQueueView />);
    await screen.findByText('Café da manhã');
    dragOnto('Café da manhã', 'Pão de fermentação natural');
    expect(await screen.findByText(errorMessages.CONFLICT)).toBeTruthy();
    await waitFor(() =>
      expect(titles()).toEqual(['Pão de fermentação natural', 'Bolo de cenoura', 'Café da manhã']),
    );
    expect(api.callsTo('postingQueue.reorder')).toHaveLength(1);
  });

  it('still moves a post with the arrows (the keyboard alternative)', async () => {
    const api = mockTrpc({
      'auth.session': signedIn(true),
      'postingQueue.board': () => board(INITIAL),
      'postingQueue.reorder': { moved: 2 },
    });
    render(<PostingQueueView />);
    fireEvent.click(await screen.findByRole('button', { name: text.moveDown('Pão de fermentação natural') }));
    await waitFor(() => expect(api.callsTo('postingQueue.reorder')).toHaveLength(1));
    expect(api.callsTo('postingQueue.reorder')[0]!.input).toEqual({
      accountId: ACCOUNT,
      postIds: [ids.b, ids.a, ids.c],
    });
  });
});
