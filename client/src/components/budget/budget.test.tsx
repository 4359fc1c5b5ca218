// Network budgets in the client (docs/budgets.md): the composer's usage and warning, the
// confirmation after the server's BUDGET_EXCEEDED, the calendar's panel and day marks, and the
// administrator's editor.
import { type BudgetOverrun, budgetMessages, messages, SETTING_KEYS } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { postItem } from '../../test-utils/posts-fixtures';
import { fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { expectToast, shownToasts } from '../../test-utils/toasts';
import { mockTrpc, noBudgetUsage, signedIn, TrpcErrorResponse } from '../../test-utils/trpc-mock';
import { AdminSettingsView } from '../../views/admin-settings/AdminSettingsView';
import { EditPostModal } from '../posts/EditPostModal';
import { useReschedulePost, useRetryPost } from '../posts/usePostActions';
import { BudgetConfirmHost } from './BudgetConfirmHost';
import { CalendarBudget, useBudgetDayBadge } from './CalendarBudget';

const text = budgetMessages;
const SP = 'America/Sao_Paulo';

/** November 2026 in São Paulo: X at 37 of 1,500 for the month, the 25th full (17 of 17). */
const usage = {
  ...noBudgetUsage,
  month: '2026-11',
  today: '2026-11-24',
  currentMonth: '2026-11',
  networks: [
    {
      platform: 'x',
      scope: 'installation',
      accountId: null,
      account: null,
      month: 1500,
      day: 17,
      monthUsed: 37,
      days: { '2026-11-25': 17, '2026-11-26': 18, '2026-11-20': 2 },
    },
  ],
};

const overrun: BudgetOverrun = {
  platform: 'x',
  period: 'day',
  periodKey: '2026-11-25',
  scope: 'installation',
  used: 17,
  budget: 17,
};

function openEditor(post: ReturnType<typeof postItem>, update: unknown) {
  const api = mockTrpc({ 'auth.session': signedIn(true), 'posts.budget': usage, 'posts.update': update });
  render(<EditPostModal post={post as never} timeZone={SP} onClose={() => {}} />);
  return api;
}

describe('the composer', () => {
  it('shows what the post network has used and warns before a save past the daily budget', async () => {
    // A failed post on the 25th is not counted yet: scheduling it there adds one to a full day.
    const post = postItem({
      platform: 'x',
      status: 'failed',
      scheduledFor: new Date('2026-11-25T13:00:00Z'),
    });
    openEditor(post, () => post);
    const dialog = await screen.findByRole('dialog');
    const panel = await within(dialog).findByTestId('composer-budget');
    expect(within(panel).getByText('X (Twitter): 37 de 1.500 posts este mês')).toBeTruthy();
    expect(within(panel).getByText('X (Twitter): 17 de 17 posts em 25/11/2026')).toBeTruthy();
    expect(within(panel).getByText(text.scopeNote('installation'))).toBeTruthy();
    const warning = within(panel).getByTestId('budget-warning');
    expect(warning.textContent).toContain(text.overrun(overrun, '2026-11-24'));
  });

  it('a post already counted on its day is not warned about', async () => {
    const post = postItem({
      platform: 'x',
      status: 'scheduled',
      scheduledFor: new Date('2026-11-25T13:00:00Z'),
    });
    openEditor(post, () => post);
    const panel = await screen.findByTestId('composer-budget');
    expect(within(panel).getByText('X (Twitter): 17 de 17 posts em 25/11/2026')).toBeTruthy();
    expect(within(panel).queryByTestId('budget-warning')).toBeNull();
  });

  it('a network without a budget shows nothing', async () => {
    const post = postItem({ platform: 'linkedin' });
    openEditor(post, () => post);
    await screen.findByRole('dialog');
    await waitFor(() => expect(screen.queryByText(messages.common.loading)).toBeNull());
    expect(screen.queryByTestId('composer-budget')).toBeNull();
  });

  it('asks to confirm when the server refuses the date, and saves confirmed on "Agendar mesmo assim"', async () => {
    const post = postItem({
      platform: 'x',
      status: 'failed',
      scheduledFor: new Date('2026-11-25T13:00:00Z'),
    });
    const api = openEditor(post, (input: { confirmOverBudget?: boolean }) => {
      if (!input.confirmOverBudget)
        throw new TrpcErrorResponse('PRECONDITION_FAILED', 'BUDGET_EXCEEDED', {
          details: { overruns: [overrun], timeZone: SP },
        });
      return { ...post, status: 'scheduled' };
    });
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(messages.posts.title) }), {
      target: { value: 'Título novo' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    const confirm = await within(dialog).findByTestId('budget-confirm');
    expect(within(confirm).getByText(text.confirmTitle)).toBeTruthy();
    // A refusal to confirm is not an error: no error toast, nothing saved yet.
    expect(shownToasts().filter((toast) => toast.title === messages.common.error)).toEqual([]);
    expect(api.callsTo('posts.update')).toHaveLength(1);

    fireEvent.click(within(confirm).getByRole('button', { name: text.confirm }));
    await expectToast(messages.common.success, messages.posts.updated);
    const calls = api.callsTo('posts.update');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.input).toMatchObject({ id: post.id, title: 'Título novo', confirmOverBudget: true });
    expect(calls[0]!.input).not.toHaveProperty('confirmOverBudget');
  });

  it('"Escolher outra data" drops the confirmation without saving', async () => {
    const post = postItem({
      platform: 'x',
      status: 'failed',
      scheduledFor: new Date('2026-11-25T13:00:00Z'),
    });
    const api = openEditor(post, () => {
      throw new TrpcErrorResponse('PRECONDITION_FAILED', 'BUDGET_EXCEEDED', {
        details: { overruns: [overrun], timeZone: SP },
      });
    });
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(messages.posts.title) }), {
      target: { value: 'Outro' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    const confirm = await within(dialog).findByTestId('budget-confirm');
    fireEvent.click(within(confirm).getByRole('button', { name: text.keep }));
    await waitFor(() => expect(within(dialog).queryByTestId('budget-confirm')).toBeNull());
    expect(api.callsTo('posts.update')).toHaveLength(1);
  });
});

function DropProbe({ id }: { id: string }) {
  const reschedule = useReschedulePost();
  return (
    <>
      <button
        type="button"
        onClick={() => reschedule.mutate({ id, scheduledFor: new Date('2026-11-25T13:00:00Z') })}
      >
        soltar
      </button>
      <BudgetConfirmHost />
    </>
  );
}

describe('a calendar drop past a budget', () => {
  it('asks in a dialog and saves confirmed, or keeps the old date', async () => {
    const api = mockTrpc({
      'auth.session': signedIn(true),
      'posts.reschedule': (input: { confirmOverBudget?: boolean }) => {
        if (!input.confirmOverBudget)
          throw new TrpcErrorResponse('PRECONDITION_FAILED', 'BUDGET_EXCEEDED', {
            details: { overruns: [overrun], timeZone: SP },
          });
        return postItem({ platform: 'x' });
      },
    });
    render(<DropProbe id="post-x" />);
    fireEvent.click(screen.getByRole('button', { name: 'soltar' }));
    const dialog = await screen.findByRole('dialog', { name: text.confirmTitle });
    expect(
      within(dialog).getByText(/já há 17 posts no X \(Twitter\), e o orçamento é de 17 por dia/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: text.confirm }));
    await expectToast(messages.common.success, messages.posts.dateUpdated);
    expect(api.callsTo('posts.reschedule').map((call) => call.input)).toEqual([
      { id: 'post-x', scheduledFor: new Date('2026-11-25T13:00:00Z') },
      { id: 'post-x', scheduledFor: new Date('2026-11-25T13:00:00Z'), confirmOverBudget: true },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'soltar' }));
    const again = await screen.findByRole('dialog', { name: text.confirmTitle });
    fireEvent.click(within(again).getByRole('button', { name: text.keep }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: text.confirmTitle })).toBeNull());
    expect(api.callsTo('posts.reschedule')).toHaveLength(3);
  });
});

function RetryProbe({ id }: { id: string }) {
  const retry = useRetryPost();
  return (
    <>
      <button type="button" onClick={() => retry.mutate({ id })}>
        tentar
      </button>
      <BudgetConfirmHost />
    </>
  );
}

describe('"Tentar novamente" past a budget', () => {
  it('asks in a dialog and retries confirmed', async () => {
    const api = mockTrpc({
      'auth.session': signedIn(true),
      'posts.retry': (input: { confirmOverBudget?: boolean }) => {
        if (!input.confirmOverBudget)
          throw new TrpcErrorResponse('PRECONDITION_FAILED', 'BUDGET_EXCEEDED', {
            details: { overruns: [overrun], timeZone: SP },
          });
        return postItem({ platform: 'x' });
      },
    });
    render(<RetryProbe id="post-r" />);
    fireEvent.click(screen.getByRole('button', { name: 'tentar' }));
    const dialog = await screen.findByRole('dialog', { name: text.confirmTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: text.confirm }));
    await expectToast(messages.common.success, messages.posts.retryQueued);
    expect(api.callsTo('posts.retry').map((call) => call.input)).toEqual([
      { id: 'post-r' },
      { id: 'post-r', confirmOverBudget: true },
    ]);
  });
});

function BadgeProbe({ day }: { day: string }) {
  const badge = useBudgetDayBadge('2026-11');
  return <div data-testid="probe">{badge(day)}</div>;
}

describe('the calendar', () => {
  it('shows each network usage of the month and the days past the daily budget', async () => {
    mockTrpc({ 'auth.session': signedIn(true), 'posts.budget': usage });
    render(<CalendarBudget month="2026-11" />);
    const panel = await screen.findByRole('region', { name: text.calendarTitle('2026-11') });
    expect(within(panel).getByText('X (Twitter): 37 de 1.500 posts este mês')).toBeTruthy();
    // 17 of 17 is at the budget, not past it; 18 of 17 is past.
    expect(within(panel).getByText(text.overDays('x', 17, ['2026-11-26']))).toBeTruthy();
  });

  it('marks a day past the daily budget, and only such a day', async () => {
    mockTrpc({ 'auth.session': signedIn(true), 'posts.budget': usage });
    render(<BadgeProbe day="2026-11-26" />);
    const mark = await screen.findByLabelText(text.dayBadgeLabel('x', 18, 17));
    expect(mark.textContent).toContain('18/17');
    render(<BadgeProbe day="2026-11-25" />);
    await waitFor(() => expect(screen.getAllByTestId('probe')[1]!.textContent).toBe(''));
  });

  it('shows nothing when no network has a budget', async () => {
    const api = mockTrpc({ 'auth.session': signedIn(true) });
    render(<CalendarBudget month="2026-11" />);
    await waitFor(() => expect(api.callsTo('posts.budget')).toHaveLength(1));
    expect(screen.queryByTestId('calendar-budget')).toBeNull();
  });
});

describe('Configurações do Sistema › Orçamento de posts por rede', () => {
  const setting = {
    key: SETTING_KEYS.networkBudgets,
    // Stored before budgets per account: "Cada usuário" ('user') is read as each connected account.
    value: { instagram: { month: null, day: 25, scope: 'user' } },
    description: 'Orçamento.',
    updatedAt: new Date('2026-11-20T12:00:00Z'),
  };

  function openSettings() {
    const api = mockTrpc({
      'auth.session': signedIn(true),
      'admin.settings.list': [setting],
      'admin.settings.update': () => setting,
    });
    render(<AdminSettingsView />);
    return api;
  }

  it('shows each network with its default, refuses a bad number and saves only what differs', async () => {
    const api = openSettings();
    const x = await screen.findByLabelText(text.admin.fieldLabel('x', text.admin.day));
    expect((x as HTMLInputElement).value).toBe('17');
    expect(screen.getByText(text.admin.defaultHint(1500, 17))).toBeTruthy();
    expect(
      (screen.getByLabelText(text.admin.fieldLabel('instagram', text.admin.day)) as HTMLInputElement).value,
    ).toBe('25');
    // Whose posts count: the app-wide network's installation, Instagram's (the stored 'user') each account.
    expect(
      (
        screen.getByRole('combobox', {
          name: text.admin.fieldLabel('x', text.admin.scope),
        }) as HTMLInputElement
      ).value,
    ).toBe('Todos os usuários');
    const instagramScope = screen.getByRole('combobox', {
      name: text.admin.fieldLabel('instagram', text.admin.scope),
    }) as HTMLInputElement;
    expect(instagramScope.value).toBe('Cada conta conectada');

    fireEvent.change(x, { target: { value: '-3' } });
    fireEvent.click(screen.getByRole('button', { name: messages.common.save }));
    expect(await screen.findByText(text.admin.invalid(1_000_000))).toBeTruthy();
    expect(api.callsTo('admin.settings.update')).toHaveLength(0);

    fireEvent.change(x, { target: { value: '50' } });
    // Empty = no monthly budget.
    fireEvent.change(screen.getByLabelText(text.admin.fieldLabel('x', text.admin.month)), {
      target: { value: '' },
    });
    fireEvent.click(screen.getByRole('button', { name: messages.common.save }));
    await expectToast(messages.common.success, text.admin.saved);
    const input = api.callsTo('admin.settings.update')[0]!.input as {
      key: string;
      value: string;
      json: boolean;
    };
    expect(input.key).toBe('network_budgets');
    expect(input.json).toBe(true);
    // The old 'user' is saved as what it means now.
    expect(JSON.parse(input.value)).toEqual({
      x: { month: null, day: 50, scope: 'installation' },
      instagram: { month: null, day: 25, scope: 'account' },
    });
  });

  it('"Restaurar padrão" puts the network default back (and it is then not stored)', async () => {
    const api = openSettings();
    const restore = await screen.findByRole('button', { name: `${text.admin.restore} — Instagram` });
    fireEvent.click(restore);
    expect(
      (screen.getByLabelText(text.admin.fieldLabel('instagram', text.admin.day)) as HTMLInputElement).value,
    ).toBe('50');
    fireEvent.click(screen.getByRole('button', { name: messages.common.save }));
    await waitFor(() => expect(api.callsTo('admin.settings.update')).toHaveLength(1));
    expect(JSON.parse((api.callsTo('admin.settings.update')[0]!.input as { value: string }).value)).toEqual(
      {},
    );
  });
});

describe('budgets per connected account (two Instagram accounts)', () => {
  const CENTRO = '11111111-1111-4111-8111-111111111111';
  const BAIRRO = '22222222-2222-4222-8222-222222222222';
  const igAccount = (id: string, username: string) => ({
    id,
    platform: 'instagram',
    username,
    name: `Loja ${username}`,
    avatarUrl: null,
    pageName: null,
    followers: null,
    textLimit: null,
  });
  const entry = (accountId: string, account: string | null, days: Record<string, number>) => ({
    platform: 'instagram',
    scope: 'account',
    accountId,
    account,
    month: null,
    day: 50,
    monthUsed: Object.values(days).reduce((a, b) => a + b, 0),
    days,
  });
  /** March 2027: the first account full on the 12th (50 of 50), the second with 12 posts there. */
  const twoAccounts = {
    ...noBudgetUsage,
    month: '2027-03',
    today: '2027-03-01',
    currentMonth: '2027-03',
    networks: [
      entry(CENTRO, '@loja_centro', { '2027-03-12': 50, '2027-03-13': 51 }),
      entry(BAIRRO, '@loja_bairro', { '2027-03-12': 12 }),
    ],
  };
  const igPost = (accountId: string) =>
    postItem({
      platform: 'instagram',
      accountId,
      status: 'draft',
      scheduledFor: new Date('2027-03-12T15:00:00Z'),
    });

  function openWith(post: ReturnType<typeof postItem>, budget: unknown, active: unknown[]) {
    mockTrpc({
      'auth.session': signedIn(true),
      'posts.budget': budget,
      'accounts.active': active,
      'posts.update': () => post,
    });
    render(<EditPostModal post={post as never} timeZone={SP} onClose={() => {}} />);
  }

  it("Editar Post shows the post's own account, named, and warns only for that account", async () => {
    openWith(igPost(BAIRRO), twoAccounts, [
      igAccount(CENTRO, 'loja_centro'),
      igAccount(BAIRRO, 'loja_bairro'),
    ]);
    const panel = await screen.findByTestId('composer-budget');
    expect(within(panel).getByText('Instagram · @loja_bairro: 12 de 50 posts em 12/03/2027')).toBeTruthy();
    expect(within(panel).queryByText(/@loja_centro/)).toBeNull();
    expect(within(panel).getByText(text.scopeNote('account'))).toBeTruthy();
    expect(within(panel).queryByTestId('budget-warning')).toBeNull();
  });

  it('the first account, full that day, is warned about by name', async () => {
    openWith(igPost(CENTRO), twoAccounts, [
      igAccount(CENTRO, 'loja_centro'),
      igAccount(BAIRRO, 'loja_bairro'),
    ]);
    const panel = await screen.findByTestId('composer-budget');
    expect(within(panel).getByText('Instagram · @loja_centro: 50 de 50 posts em 12/03/2027')).toBeTruthy();
    // A draft is not counted yet: scheduling it there is the 51st of that account.
    const warning = await within(panel).findByTestId('budget-warning');
    expect(warning.textContent).toContain('posts no Instagram · @loja_centro, e o orçamento é de 50 por dia');
  });

  it('with one account it reads as before (no account named)', async () => {
    const one = { ...twoAccounts, networks: [entry(CENTRO, null, { '2027-03-12': 3 })] };
    openWith(igPost(CENTRO), one, [igAccount(CENTRO, 'loja_centro')]);
    const panel = await screen.findByTestId('composer-budget');
    expect(within(panel).getByText('Instagram: 3 de 50 posts em 12/03/2027')).toBeTruthy();
  });

  it("the server's refusal names the account in the confirmation", async () => {
    const refusal: BudgetOverrun = {
      platform: 'instagram',
      period: 'day',
      periodKey: '2027-03-12',
      scope: 'account',
      accountId: CENTRO,
      account: '@loja_centro',
      used: 50,
      budget: 50,
    };
    expect(text.overrun(refusal, '2027-03-01')).toBe(
      'Em 12/03/2027 já há 50 posts no Instagram · @loja_centro, e o orçamento é de 50 por dia (contando só os posts desta conta).',
    );
    expect(text.newPostsOver([refusal])).toContain(
      'Instagram · @loja_centro em 12/03/2027 (50 de 50 por dia)',
    );
  });

  it('the calendar shows each account of the network, and marks the day by account', async () => {
    mockTrpc({ 'auth.session': signedIn(true), 'posts.budget': twoAccounts });
    render(<CalendarBudget month="2027-03" />);
    const panel = await screen.findByTestId('calendar-budget');
    expect(within(panel).getByText('Instagram · @loja_centro: 101 posts este mês')).toBeTruthy();
    expect(within(panel).getByText('Instagram · @loja_bairro: 12 posts este mês')).toBeTruthy();
    expect(
      within(panel).getByText('Instagram · @loja_centro: o dia 13/03 passa do limite de 50 posts por dia.'),
    ).toBeTruthy();
    expect(
      within(panel).getByText('Instagram · @loja_bairro: limite de 50 posts por dia; nenhum dia acima.'),
    ).toBeTruthy();
    render(<BadgeProbe day="2027-03-13" />);
    expect(
      await screen.findByLabelText('Instagram · @loja_centro: 51 posts, acima do limite de 50 por dia'),
    ).toBeTruthy();
  });
});
