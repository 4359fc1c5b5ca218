import {
  APPROVAL_STAGE_LABELS,
  type ApprovalStage,
  approvalMessages,
  type BoardColumn,
  messages,
} from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { themeListItem } from '../../test-utils/themes';
import { expectToast } from '../../test-utils/toasts';
import { mockTrpc, signedIn, TrpcErrorResponse } from '../../test-utils/trpc-mock';
import { ApprovalBoardView } from './ApprovalBoardView';

const text = approvalMessages;
const POST = '33333333-3333-4333-8333-333333333333';

function item(stage: ApprovalStage, overrides: Record<string, unknown> = {}) {
  return {
    id: POST,
    themeId: themeListItem().id,
    themeName: 'Marketing digital',
    title: 'Lançamento da coleção',
    excerpt: 'Texto do lançamento',
    platform: 'linkedin',
    scheduledFor: new Date('2026-12-01T13:00:00Z'),
    status: 'scheduled',
    stage,
    column: stage as BoardColumn,
    overdue: false,
    lastError: null,
    comments: 0,
    ...overrides,
  };
}

function column(stage: BoardColumn) {
  return screen.getByRole('region', {
    name: new RegExp(`^${APPROVAL_STAGE_LABELS[stage].replace(/[()]/g, '\\$&')} \\(`),
  });
}

function open(handlers: Record<string, unknown>) {
  const api = mockTrpc({
    'auth.session': signedIn(true),
    'themes.list': [themeListItem({ requiresApproval: true })],
    ...handlers,
  });
  window.history.replaceState(null, '', '/approval-board');
  render(<ApprovalBoardView />);
  return api;
}

describe('Quadro de aprovação', () => {
  it('shows one column per stage plus Publicado, with the post in its stage and the overdue warning', async () => {
    open({ 'approval.board': { items: [item('client', { overdue: true })] } });
    const card = await screen.findByRole('article', { name: 'Lançamento da coleção' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Rascunho (0)',
      'Em revisão (0)',
      'Aprovação do cliente (1)',
      'Ajustes (0)',
      'Aprovado (agendado) (0)',
      'Publicado (0)',
    ]);
    expect(within(column('client')).getByRole('article')).toBe(card);
    expect(within(card).getByText(text.overdue)).toBeTruthy();
    cleanup();
  });

  it('moves a post with the keyboard: "Mover para…" menu, Enter; the card lands in the new column and keeps the focus', async () => {
    let stage: ApprovalStage = 'draft';
    const api = open({
      'approval.board': () => ({ items: [item(stage)] }),
      'approval.move': (input: { postId: string; to: ApprovalStage }) => {
        stage = input.to;
        return { id: input.postId, stage: input.to, status: 'scheduled', changed: true };
      },
    });
    const button = await screen.findByRole('button', { name: text.moveToLabel('Lançamento da coleção') });
    button.focus();
    // Enter on a focused button is its click; the open menu then takes the arrow keys.
    fireEvent.click(button);
    await screen.findAllByRole('menuitem');
    // The current stage is not offered.
    expect(screen.queryByRole('menuitem', { name: 'Rascunho' })).toBeNull();
    for (let i = 0; i < 5 && document.activeElement?.textContent !== 'Em revisão'; i++) {
      fireEvent.keyDown(document.activeElement ?? document.body, { key: 'ArrowDown' });
    }
    expect(document.activeElement?.getAttribute('role')).toBe('menuitem');
    expect(document.activeElement?.textContent).toBe('Em revisão');
    fireEvent.click(document.activeElement as HTMLElement);
    await waitFor(() =>
      expect(api.callsTo('approval.move').map((c) => c.input)).toEqual([{ postId: POST, to: 'review' }]),
    );
    // Sent with an Idempotency-Key, like every mutation.
    expect(api.callsTo('approval.move')[0]?.idempotencyKey).toBeTruthy();
    await waitFor(() => expect(within(column('review')).queryByRole('article')).toBeTruthy());
    expect(within(column('draft')).queryByRole('article')).toBeNull();
    await expectToast(messages.common.success, text.moved('Lançamento da coleção', 'review'));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: text.moveToLabel('Lançamento da coleção') }),
      ),
    );
    cleanup();
  });

  it('says why a move was refused, in pt-BR, and leaves the card where it was', async () => {
    open({
      'approval.board': { items: [item('approved')] },
      'approval.move': () => {
        throw new TrpcErrorResponse('CONFLICT', 'CONFLICT', { details: { reason: 'SENDING' } });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: text.moveToLabel('Lançamento da coleção') }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Ajustes' }));
    await expectToast(messages.common.error, text.refusals.SENDING);
    expect(within(column('approved')).getByRole('article')).toBeTruthy();
    cleanup();
  });

  it('approving a video its network does not publish says so and leaves the card where it was', async () => {
    open({
      'approval.board': { items: [item('review')] },
      'approval.move': () => {
        throw new TrpcErrorResponse('UNPROCESSABLE_CONTENT', 'MEDIA_REJECTED', {
          details: { reason: 'VIDEO_NOT_PUBLISHED', platform: 'mastodon' },
        });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: text.moveToLabel('Lançamento da coleção') }));
    fireEvent.click(await screen.findByRole('menuitem', { name: APPROVAL_STAGE_LABELS.approved }));
    await expectToast(
      messages.common.error,
      'Mastodon ainda não publica vídeo pela Pauta. Remova o vídeo para agendar este post.',
    );
    expect(within(column('review')).getByRole('article')).toBeTruthy();
    cleanup();
  });

  it('drag and drop moves the card to the column it is dropped on', async () => {
    const api = open({
      'approval.board': { items: [item('review')] },
      'approval.move': (input: { postId: string; to: ApprovalStage }) => ({
        id: input.postId,
        stage: input.to,
        status: 'scheduled',
        changed: true,
      }),
    });
    const card = await screen.findByRole('article', { name: 'Lançamento da coleção' });
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      get types() {
        return [...data.keys()];
      },
      effectAllowed: 'all',
      dropEffect: 'none',
    };
    fireEvent.dragStart(card, { dataTransfer });
    fireEvent.dragOver(column('approved'), { dataTransfer });
    fireEvent.drop(column('approved'), { dataTransfer });
    await waitFor(() =>
      expect(api.callsTo('approval.move').map((c) => c.input)).toEqual([{ postId: POST, to: 'approved' }]),
    );
    // Publicado is not a drop target: only the worker publishes.
    fireEvent.dragStart(card, { dataTransfer });
    fireEvent.drop(column('published'), { dataTransfer });
    expect(api.callsTo('approval.move')).toHaveLength(1);
    cleanup();
  });

  it('shows the history and sends a comment mentioning the author', async () => {
    const api = open({
      'approval.board': { items: [item('review', { comments: 1 })] },
      'approval.history': {
        entries: [
          {
            kind: 'move',
            id: 'm1',
            actor: 'owner',
            actorName: 'Marina',
            from: 'draft',
            to: 'review',
            reason: null,
            body: null,
            mentionsAuthor: false,
            createdAt: new Date('2026-11-20T12:00:00Z'),
          },
          // The client approval link: the client's move and comment, with the name given.
          {
            kind: 'move',
            id: 'm2',
            actor: 'client',
            actorName: 'Ana Cliente',
            from: 'client',
            to: 'changes',
            reason: null,
            body: null,
            mentionsAuthor: false,
            createdAt: new Date('2026-11-20T13:00:00Z'),
          },
          {
            kind: 'comment',
            id: 'c0',
            actor: 'client',
            actorName: 'Ana Cliente',
            from: null,
            to: null,
            reason: null,
            body: 'Trocar a foto',
            mentionsAuthor: false,
            createdAt: new Date('2026-11-20T13:00:01Z'),
          },
        ],
      },
      'approval.comment': { id: 'c1', mentionsAuthor: true, createdAt: new Date() },
    });
    fireEvent.click(
      await screen.findByRole('button', {
        name: `${text.comments(1)} ${text.forPost('Lançamento da coleção')}`,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: text.historyTitle });
    expect(await within(dialog).findByText('Marina moveu de Rascunho para Em revisão')).toBeTruthy();
    expect(
      within(dialog).getByText('Ana Cliente (cliente) moveu de Aprovação do cliente para Ajustes'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Trocar a foto')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(text.commentLabel), {
      target: { value: '@Marina ajuste o CTA' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: text.commentSubmit }));
    await waitFor(() =>
      expect(api.callsTo('approval.comment').map((c) => c.input)).toEqual([
        { postId: POST, body: '@Marina ajuste o CTA' },
      ]),
    );
    await expectToast(messages.common.success, text.commentSaved);
    cleanup();
  });
});
