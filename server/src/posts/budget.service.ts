// Network budgets (issue 18 item 3; docs/budgets.md): what a user sees used of each network's
// budget in a month, the check before a post is rescheduled past a budget, and the overruns a
// batch of new posts (a theme's calendar) caused.
//
// Who counts: a budget with scope 'installation' counts every workspace's posts (a cap of the
// network app, shared by the whole installation: X's free tier); 'account' counts the posts of one
// connected account of the workspace (a cap of each account: Instagram's 50 per 24 h), with the
// workspace's posts of the network that have no account yet. Periods are the user's calendar day
// and month.
import {
  AppError,
  type BudgetOverrun,
  type BudgetScope,
  type BudgetWindow,
  dayWindow,
  findOverruns,
  hasBudget,
  isBudgetCounted,
  monthWindow,
  monthWindowOf,
  type NetworkBudget,
  type NetworkBudgets,
  PLATFORMS,
  type Platform,
  type PostStatus,
  parseMonthKey,
  resolveBudgets,
  SETTING_KEYS,
} from '@pauta/core';
import {
  type AccountSummary,
  countBudgetPosts,
  countBudgetPostsByDay,
  type Database,
  getSetting,
  listActiveAccounts,
} from '@pauta/db';
import { DEFAULT_BUDGETS } from '@pauta/networks';
import type { Kysely } from 'kysely';
import type { MemoryCache } from '../cache/memory-cache.js';
import { userTimeZone } from './user-time-zone.js';

export interface BudgetDeps {
  db: Kysely<Database>;
  now?: () => Date;
  /** The web process's copies of settings (cache/memory-cache.ts); absent: read every time. */
  cache?: MemoryCache | undefined;
}

/** The budgets in force: the administrator's overrides over the networks' defaults. */
export async function loadBudgets(db: Kysely<Database>, cache?: MemoryCache): Promise<NetworkBudgets> {
  const key = SETTING_KEYS.networkBudgets;
  const stored = cache ? await cache.setting(key, () => getSetting(db, key)) : await getSetting(db, key);
  return resolveBudgets(stored, DEFAULT_BUDGETS);
}

/**
 * Whose posts one count reads: every workspace's (`installation`), or one account's of a workspace
 * (`account`; `accountId` undefined when the post has no account and the workspace has none or
 * several of the network: the workspace's posts of the network are counted then). `label` names
 * the account where the workspace has several of the network ('@loja_centro'); null otherwise.
 */
export interface BudgetCounter {
  workspaceId?: string | undefined;
  accountId?: string | undefined;
  label: string | null;
}

/** How a budget names an account: its @handle, else its name or Page (the client's accountHandle). */
function accountLabel(account: AccountSummary): string {
  if (account.platform_username) return `@${account.platform_username.replace(/^@/, '')}`;
  return account.account_data?.name ?? account.account_data?.page_name ?? account.id.slice(0, 8);
}

/** The workspace's active accounts of a network, in the order they were connected. */
async function networkAccounts(
  db: Kysely<Database>,
  workspaceId: string,
  platform: Platform,
  cached?: readonly AccountSummary[],
): Promise<AccountSummary[]> {
  const all = cached ?? (await listActiveAccounts(db, workspaceId));
  return all
    .filter((account) => account.platform === platform)
    .sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id.localeCompare(b.id));
}

/**
 * Whose posts count against `budget` for a post of the workspace going out from `accountId` (the
 * post's account; null: none chosen — the workspace's only active account of the network, if it
 * has exactly one).
 */
export async function budgetCounter(
  db: Kysely<Database>,
  budget: NetworkBudget,
  options: { workspaceId: string; platform: Platform; accountId: string | null },
  cached?: readonly AccountSummary[],
): Promise<BudgetCounter> {
  if (budget.scope === 'installation') return { label: null };
  const accounts = await networkAccounts(db, options.workspaceId, options.platform, cached);
  const chosen =
    options.accountId !== null
      ? accounts.find((account) => account.id === options.accountId)
      : accounts.length === 1
        ? accounts[0]
        : undefined;
  const accountId = options.accountId ?? chosen?.id;
  return {
    workspaceId: options.workspaceId,
    accountId: accountId ?? undefined,
    label: chosen && accounts.length > 1 ? accountLabel(chosen) : null,
  };
}

export interface NetworkUsage {
  platform: Platform;
  scope: BudgetScope;
  /**
   * A per-account budget: the account counted (one entry per active account of the network in the
   * workspace; null when it has none, then the workspace's posts of the network are counted).
   * Null for an installation budget.
   */
  accountId: string | null;
  /** The account's name ('@loja_centro') where the workspace has several of the network; else null. */
  account: string | null;
  /** Budgets; null = none for that period. */
  month: number | null;
  day: number | null;
  /** Posts counted in the month. */
  monthUsed: number;
  /** Posts counted per local day of the month ('YYYY-MM-DD' → count; days without posts absent). */
  days: Record<string, number>;
}

export interface BudgetUsage {
  timeZone: string;
  /** The month counted ('YYYY-MM'). */
  month: string;
  /** Today and this month in the user's zone (for "hoje" and "este mês"). */
  today: string;
  currentMonth: string;
  /** The networks that have a budget. */
  networks: NetworkUsage[];
  /** Each network's default (shown to administrators beside their overrides). */
  defaults: Record<Platform, NetworkBudget>;
  /** The budgets in force for every network (networks without one have nulls). */
  budgets: NetworkBudgets;
}

/** What is used of each network's budget in a month of the user's zone (default: this month). */
export async function budgetUsage(
  deps: BudgetDeps,
  options: { workspaceId: string; userId: string; month?: string | undefined },
): Promise<BudgetUsage> {
  const now = deps.now?.() ?? new Date();
  const [timeZone, budgets] = await Promise.all([
    userTimeZone(deps.db, options.userId),
    loadBudgets(deps.db, deps.cache),
  ]);
  const today = dayWindow(now, timeZone);
  const current = monthWindow(now, timeZone);
  const asked = options.month ? parseMonthKey(options.month) : null;
  if (options.month && !asked) throw new AppError('VALIDATION_FAILED', { field: 'month' });
  const window = asked ? monthWindowOf(asked.year, asked.month, timeZone) : current;
  const budgeted = PLATFORMS.filter((platform) => hasBudget(budgets[platform]));
  const accounts = budgeted.some((platform) => budgets[platform].scope === 'account')
    ? await listActiveAccounts(deps.db, options.workspaceId)
    : [];
  // One entry per network, or per active account of a network whose budget is per account.
  const counters = (
    await Promise.all(
      budgeted.map(async (platform) => {
        const budget = budgets[platform];
        const mine = await networkAccounts(deps.db, options.workspaceId, platform, accounts);
        const ids =
          budget.scope === 'account' && mine.length > 0 ? mine.map((account) => account.id) : [null];
        return Promise.all(
          ids.map(async (accountId) => ({
            platform,
            budget,
            accountId,
            counter: await budgetCounter(
              deps.db,
              budget,
              { workspaceId: options.workspaceId, platform, accountId },
              accounts,
            ),
          })),
        );
      }),
    )
  ).flat();
  const networks = await Promise.all(
    counters.map(async ({ platform, budget, accountId, counter }): Promise<NetworkUsage> => {
      const byDay = await countBudgetPostsByDay(deps.db, {
        platform,
        from: window.start,
        before: window.end,
        timeZone,
        workspaceId: counter.workspaceId,
        accountId: counter.accountId,
      });
      let monthUsed = 0;
      for (const count of byDay.values()) monthUsed += count;
      return {
        platform,
        scope: budget.scope,
        accountId,
        account: counter.label,
        month: budget.month,
        day: budget.day,
        monthUsed,
        days: Object.fromEntries(byDay),
      };
    }),
  );
  return {
    timeZone,
    month: window.key,
    today: today.key,
    currentMonth: current.key,
    networks,
    defaults: { ...DEFAULT_BUDGETS },
    budgets,
  };
}

/**
 * Refuses (AppError BUDGET_EXCEEDED, with every overrun) a post's new date when it goes past a
 * budget of its network and the user has not confirmed it. `previous` is the post as stored: a
 * post already counted in the same day or month adds nothing there, so it is not held against it.
 * Two users saving at once may both pass and end one post over: a budget is a warning, not a cap
 * the network enforces (docs/budgets.md).
 */
export async function checkBudget(
  deps: BudgetDeps,
  options: {
    workspaceId: string;
    userId: string;
    postId: string;
    platform: Platform;
    /** The account the post goes out from (null: none chosen); a per-account budget counts its posts. */
    accountId: string | null;
    scheduledFor: Date;
    /**
     * The post as stored. `accountChanged`: it moves to another account, so it is new to that
     * account's periods (a per-account budget holds its previous date against none).
     */
    previous: { scheduledFor: Date | null; status: PostStatus; accountChanged?: boolean | undefined };
    confirmed: boolean;
    /** The user's zone when already known (read with the session); otherwise read here. */
    timeZone?: string | undefined;
  },
): Promise<void> {
  if (options.confirmed) return;
  const budgets = await loadBudgets(deps.db, deps.cache);
  const budget = budgets[options.platform];
  if (!hasBudget(budget)) return;
  const timeZone = options.timeZone ?? (await userTimeZone(deps.db, options.userId));
  const { previous } = options;
  const counter = await budgetCounter(deps.db, budget, options);
  const counted =
    previous.scheduledFor !== null &&
    isBudgetCounted(previous.status) &&
    !(budget.scope === 'account' && previous.accountChanged === true);
  const overruns = await findOverruns({
    platform: options.platform,
    budget,
    ...(budget.scope === 'account'
      ? { account: { id: counter.accountId ?? null, label: counter.label } }
      : {}),
    scheduledFor: options.scheduledFor,
    timeZone,
    alreadyIn: (window: BudgetWindow) =>
      counted &&
      previous.scheduledFor !== null &&
      previous.scheduledFor >= window.start &&
      previous.scheduledFor < window.end,
    count: (window) =>
      countBudgetPosts(deps.db, {
        platform: options.platform,
        from: window.start,
        before: window.end,
        workspaceId: counter.workspaceId,
        accountId: counter.accountId,
        excludePostId: options.postId,
      }),
  });
  if (overruns.length > 0) throw new AppError('BUDGET_EXCEEDED', { overruns, timeZone });
}

/**
 * The periods that new posts (already stored) put past a budget: each day or month holding at
 * least one of them whose count is over its budget; `used` is the count with them. The posts stay
 * scheduled: the caller tells the user (a theme's calendar is never cut short).
 */
export async function overrunsOfNewPosts(
  deps: BudgetDeps,
  options: {
    workspaceId: string;
    userId: string;
    /** The new posts as stored (their account where they have one: a per-account budget counts it). */
    posts: readonly {
      platform: Platform;
      scheduled_for: Date | null;
      connected_account_id?: string | null;
    }[];
  },
): Promise<BudgetOverrun[]> {
  const budgets = await loadBudgets(deps.db, deps.cache);
  const platforms = PLATFORMS.filter(
    (platform) => hasBudget(budgets[platform]) && options.posts.some((post) => post.platform === platform),
  );
  if (platforms.length === 0) return [];
  const timeZone = await userTimeZone(deps.db, options.userId);
  const accounts = platforms.some((platform) => budgets[platform].scope === 'account')
    ? await listActiveAccounts(deps.db, options.workspaceId)
    : [];
  const overruns: BudgetOverrun[] = [];
  for (const platform of platforms) {
    const budget = budgets[platform];
    // A per-account budget: each account's new posts against that account's count.
    const groups = new Map<string | null, Date[]>();
    for (const post of options.posts) {
      if (post.platform !== platform || post.scheduled_for === null) continue;
      const key = budget.scope === 'account' ? (post.connected_account_id ?? null) : null;
      groups.set(key, [...(groups.get(key) ?? []), post.scheduled_for]);
    }
    for (const [accountId, dates] of groups) {
      const counter = await budgetCounter(
        deps.db,
        budget,
        { workspaceId: options.workspaceId, platform, accountId },
        accounts,
      );
      const who =
        budget.scope === 'account' ? { accountId: counter.accountId ?? null, account: counter.label } : {};
      const first = monthWindow(new Date(Math.min(...dates.map(Number))), timeZone);
      const last = monthWindow(new Date(Math.max(...dates.map(Number))), timeZone);
      const byDay = await countBudgetPostsByDay(deps.db, {
        platform,
        from: first.start,
        before: last.end,
        timeZone,
        workspaceId: counter.workspaceId,
        accountId: counter.accountId,
      });
      const newDays = new Set(dates.map((date) => dayWindow(date, timeZone).key));
      const newMonths = new Set(dates.map((date) => monthWindow(date, timeZone).key));
      if (budget.day !== null)
        for (const day of [...newDays].sort()) {
          const used = byDay.get(day) ?? 0;
          if (used > budget.day)
            overruns.push({
              platform,
              period: 'day',
              periodKey: day,
              scope: budget.scope,
              ...who,
              used,
              budget: budget.day,
            });
        }
      if (budget.month !== null)
        for (const month of [...newMonths].sort()) {
          let used = 0;
          for (const [day, count] of byDay) if (day.startsWith(`${month}-`)) used += count;
          if (used > budget.month)
            overruns.push({
              platform,
              period: 'month',
              periodKey: month,
              scope: budget.scope,
              ...who,
              used,
              budget: budget.month,
            });
        }
    }
  }
  return overruns;
}
