// Bulk actions on the approval board and Posts Agendados (docs/bulk-actions.md): select, the bar's
// count and actions per role, the confirmation naming the count, one call with its key, the
// result toast with its skipped reasons and "Desfazer".
import { APPROVAL_STAGE_LABELS, type ApprovalStage, messages, bulkMessages as text } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { postItem, postPage, THEME_ID } from '../../test-utils/posts-fixtures';
import { cleanup, fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { themeListItem } from '../../test-utils/themes';
import { expectToast } from '../../test-utils/toasts';
import { mockTrpc, personalWorkspace, signedIn, TrpcErrorResponse } from '../../test-utils/trpc-mock';
import { ApprovalBoardView } from '../../views/approval-board/ApprovalBoardView';
import { ScheduledPostsView } from '../../views/scheduled-posts/ScheduledPostsView';

const ids = [
  '33333333-3333-4333-8333-000000000001',
  '33333333-3333-4333-8333-000000000002',
  '33333333-3333-4333-8333-000000000003',
];
const TOKEN = '44444444-4444-4444-8444-444444444444';

function item(id: string, index: number, stage: ApprovalStage = 'draft') {
  return {
    id,
    themeId: themeListItem().id,
    themeName: 'Marketing digital',
    title: `Post ${index + 1}`,
    excerpt: 'Texto',
    platform: 'linkedin',
    scheduledFor: new Date('2026-12-01T13:00:00Z'),
    status: 'scheduled',
    stage,
    column: stage,
    overdue: false,
    lastError: null,
    comments: 0,
  };
}

function column(stage: ApprovalStage) {
  return screen.getByRole('region', {
    name: new RegExp(`^${APPROVAL_STAGE_LABELS[stage].replace(/[()]/g, '\\$&')} \\(`),
  });
}

describe('Ações em massa', () => {
  it('selects every card of the board, approves them after a confirmation naming the count, and undoes', async () => {
    let stage: ApprovalStage = 'draft';
    const api = mockTrpc({
      'auth.session': signedIn(true),
      'themes.list': [themeListItem({ requiresApproval: true })],
      'approval.board': () => ({ items: ids.map((id, i) => item(id, i, stage)) }),
      'posts.bulk': () => {
        stage = 'approved';
        return { action: 'approve', changed: 3, skipped: { publishing: 1 }, undoToken: TOKEN };
      },
      'posts.bulkUndo': () => {
        stage = 'draft';
        return { state: 'undone', restored: 3, skipped: {} };
      },
    });
    window.history.replaceState(null, '', '/approval-board');
    render(<ApprovalBoardView />);
    // No bar until something is selected.
    await screen.findByRole('article', { name: 'Post 1' });
    expect(screen.queryByRole('region', { name: text.bar })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: text.select('Post 2') }));
    const bar = await screen.findByRole('region', { name: text.bar });
    expect(within(bar).getByText(text.selected(1))).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: text.selectAllBoard(3) }));
    await waitFor(() => expect(within(bar).getByText(text.selected(3))).toBeTruthy());
    // The owner sees every action.
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(
      expect.arrayContaining([text.approve, text.move, text.reschedule, text.queue, text.theme, text.delete]),
    );

    fireEvent.click(within(bar).getByRole('button', { name: text.approve }));
    const dialog = await screen.findByRole('dialog', { name: text.confirmApprove(3) });
    expect(within(dialog).getByText(text.undoable)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: text.confirm }));
    await waitFor(() =>
      expect(api.callsTo('posts.bulk').map((c) => c.input)).toEqual([{ ids, action: { kind: 'approve' } }]),
    );
    expect(api.callsTo('posts.bulk')[0]?.idempotencyKey).toBeTruthy();
    // The toast's text, then its "Desfazer" button.
    await expectToast(
      messages.common.success,
      `${text.changed(3)}. ${text.skipped(['1 sendo publicados agora'])}${text.undo}`,
    );
    // The board refetched: the cards are in Aprovado; the selection is gone.
    await waitFor(() => expect(within(column('approved')).getAllByRole('article')).toHaveLength(3));
    expect(screen.queryByRole('region', { name: text.bar })).toBeNull();

    fireEvent.click(await screen.findByRole('button', { name: text.undo }));
    await waitFor(() =>
      expect(api.callsTo('posts.bulkUndo').map((c) => c.input)).toEqual([{ token: TOKEN }]),
    );
    await expectToast(messages.common.success, `${text.undone(3)}.`);
    await waitFor(() => expect(within(column('draft')).getAllByRole('article')).toHaveLength(3));
    cleanup();
  });

  it('reschedules by an offset in days and says a delete cannot be undone', async () => {
    const api = mockTrpc({
      'auth.session': signedIn(true),
      'themes.list': [themeListItem({ requiresApproval: true })],
      'approval.board': { items: ids.map((id, i) => item(id, i)) },
      'posts.bulk': (input: { action: { kind: string } }) => ({
        action: input.action.kind,
        changed: 1,
        skipped: {},
        undoToken: input.action.kind === 'delete' ? null : TOKEN,
      }),
    });
    window.history.replaceState(null, '', '/approval-board');
    render(<ApprovalBoardView />);
    fireEvent.click(await screen.findByRole('checkbox', { name: text.select('Post 1') }));
    const bar = await screen.findByRole('region', { name: text.bar });
    fireEvent.click(within(bar).getByRole('button', { name: text.reschedule }));
    const dialog = await screen.findByRole('dialog', { name: text.confirmReschedule(1, '+1 dia') });
    fireEvent.change(within(dialog).getByRole('textbox', { name: text.offsetLabel }), {
      target: { value: '2' },
    });
    await screen.findByRole('dialog', { name: text.confirmReschedule(1, '+2 dias') });
    fireEvent.click(within(dialog).getByRole('button', { name: text.confirm }));
    await waitFor(() =>
      expect(api.callsTo('posts.bulk').map((c) => c.input)).toEqual([
        { ids: [ids[0]], action: { kind: 'reschedule', offsetMinutes: 2 * 1440 } },
      ]),
    );
    await expectToast(messages.common.success, `${text.changed(1)}.${text.undo}`);

    fireEvent.click(await screen.findByRole('checkbox', { name: text.select('Post 3') }));
    fireEvent.click(
      within(await screen.findByRole('region', { name: text.bar })).getByRole('button', {
        name: text.delete,
      }),
    );
    const confirm = await screen.findByRole('dialog', { name: text.confirmDelete(1) });
    expect(within(confirm).getByText(text.notUndoable)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: text.confirm }));
    await waitFor(() => expect(api.callsTo('posts.bulk')).toHaveLength(2));
    expect(api.callsTo('posts.bulk')[1]?.input).toEqual({ ids: [ids[2]], action: { kind: 'delete' } });
    await expectToast(messages.common.success, `${text.deleted(1)}.`);
    cleanup();
  });

  it('"Para a fila": a confirmation naming the count, one call, the skipped reasons in the toast, the budget confirmation, and Desfazer', async () => {
    let queueCalls = 0;
    const api = mockTrpc({
      'auth.session': signedIn(true),
      'themes.list': [themeListItem({ requiresApproval: true })],
      'approval.board': { items: ids.map((id, i) => item(id, i)) },
      'posts.bulk': (input: { action: { kind: string; confirmOverBudget?: boolean } }) => {
        queueCalls++;
        if (!input.action.confirmOverBudget)
          throw new TrpcErrorResponse('PRECONDITION_FAILED', 'BUDGET_EXCEEDED', {
            details: { overruns: [], timeZone: 'America/Sao_Paulo' },
          });
        return {
          action: 'queue',
          changed: 2,
          skipped: { queue_no_slots: 1 },
          undoToken: TOKEN,
        };
      },
      'posts.bulkUndo': { state: 'undone', restored: 2, skipped: {} },
    });
    window.history.replaceState(null, '', '/approval-board');
    render(<ApprovalBoardView />);
    for (const title of ['Post 1', 'Post 2', 'Post 3'])
      fireEvent.click(await screen.findByRole('checkbox', { name: text.select(title) }));
    const bar = await screen.findByRole('region', { name: text.bar });
    await waitFor(() => expect(within(bar).getByText(text.selected(3))).toBeTruthy());
    fireEvent.click(within(bar).getByRole('button', { name: text.queue }));
    const dialog = await screen.findByRole('dialog', { name: text.confirmQueue(3) });
    expect(dialog.textContent).toContain('Colocar 3 posts na fila?');
    expect(within(dialog).getByText(text.queueNote)).toBeTruthy();
    expect(within(dialog).getByText(text.undoable)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: text.confirm }));
    // Past a network budget: the dialog stays, says so, and offers to go on.
    expect(await within(dialog).findByText(text.overBudget)).toBeTruthy();
    expect(api.callsTo('posts.bulk').map((c) => c.input)).toEqual([{ ids, action: { kind: 'queue' } }]);
    fireEvent.click(within(dialog).getByRole('button', { name: text.overBudgetConfirm }));
    await waitFor(() => expect(api.callsTo('posts.bulk')).toHaveLength(2));
    expect(api.callsTo('posts.bulk')[1]?.input).toEqual({
      ids,
      action: { kind: 'queue', confirmOverBudget: true },
    });
    expect(queueCalls).toBe(2);
    await expectToast(
      messages.common.success,
      `${text.changed(2)}. Ignorados: 1 de contas sem horários na fila (crie em Fila).${text.undo}`,
    );
    fireEvent.click(await screen.findByRole('button', { name: text.undo }));
    await waitFor(() =>
      expect(api.callsTo('posts.bulkUndo').map((c) => c.input)).toEqual([{ token: TOKEN }]),
    );
    await expectToast(messages.common.success, `${text.undone(2)}.`);
    cleanup();
  });

  it('a Revisor gets approve and move, never reschedule, queue, theme nor delete', async () => {
    mockTrpc({
      'auth.session': signedIn(true),
      'workspaces.list': {
        workspaces: [
          personalWorkspace,
          { id: 'ws-padaria', name: 'Padaria', color: null, personal: false, role: 'reviewer' },
        ],
      },
      'themes.list': [themeListItem({ requiresApproval: true })],
      'approval.board': { items: ids.map((id, i) => item(id, i)) },
    });
    window.history.replaceState(null, '', '/approval-board?cliente=ws-padaria');
    render(<App />);
    fireEvent.click(await screen.findByRole('checkbox', { name: text.select('Post 1') }));
    const bar = await screen.findByRole('region', { name: text.bar });
    const labels = within(bar)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(labels).toEqual(expect.arrayContaining([text.approve, text.move]));
    for (const refused of [text.reschedule, text.queue, text.theme, text.delete])
      expect(labels).not.toContain(refused);
    cleanup();
  });
});

describe('Ações em massa em Posts Agendados', () => {
  it('"Selecionar todos os N filtrados" sends the filter (the server selects), not the loaded page', async () => {
    const posts = [postItem({ id: ids[0], title: 'Primeiro' }), postItem({ id: ids[1], title: 'Segundo' })];
    const api = mockTrpc({
      'auth.session': signedIn(true),
      'themes.list': [themeListItem()],
      // Two loaded, 120 in the filter.
      'posts.list': { ...postPage(posts), total: 120, scheduledTotal: 120 },
      'posts.bulk': { action: 'move', changed: 118, skipped: { published: 2 }, undoToken: TOKEN },
    });
    window.history.replaceState(null, '', `/scheduled-posts?theme=${THEME_ID}`);
    render(<ScheduledPostsView />);
    // One ticked by hand: the bar offers the whole filter.
    fireEvent.click(await screen.findByRole('checkbox', { name: text.select('Primeiro') }));
    const bar = await screen.findByRole('region', { name: text.bar });
    expect(within(bar).getByText(text.selected(1))).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: text.selectAllFiltered(120) }));
    await waitFor(() => expect(within(bar).getByText(text.selected(120))).toBeTruthy());
    // Every card shows as ticked.
    expect((screen.getByRole('checkbox', { name: text.select('Segundo') }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(within(bar).getByRole('button', { name: text.move }));
    const dialog = await screen.findByRole('dialog', { name: text.confirmMove(120, 'Em revisão') });
    fireEvent.click(within(dialog).getByRole('button', { name: text.confirm }));
    await waitFor(() =>
      expect(api.callsTo('posts.bulk').map((c) => c.input)).toEqual([
        { filter: { themeId: THEME_ID }, action: { kind: 'move', to: 'review' } },
      ]),
    );
    await expectToast(
      messages.common.success,
      `${text.changed(118)}. ${text.skipped(['2 já publicados'])}${text.undo}`,
    );
    cleanup();
  });
});
