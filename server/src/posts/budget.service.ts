// Network budgets (issue 18 item 3; docs/budgets.md): what a user sees used of each network's
// budget in a month, the check before a post is rescheduled past a budget, and the overruns a
// batch of new posts (a theme's calendar) caused.
//
// Who counts: a budget with scope 'installation' counts every user's posts (a cap of the network
// app, shared by the whole installation: X's free tier); 'user' counts the posting user's own (a cap
// of each account: Instagram's 50 per 24 h). Periods are the user's calendar day and month.
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
import { countBudgetPosts, countBudgetPostsByDay, type Database, getSetting } from '@pauta/db';
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

/** A per-user budget counts the posts of the workspace (its accounts are the network's "user"). */
const scopeWorkspace = (scope: BudgetScope, workspaceId: string) =>
  scope === 'user' ? workspaceId : undefined;

export interface NetworkUsage {
  platform: Platform;
  scope: BudgetScope;
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
  const networks = await Promise.all(
    PLATFORMS.filter((platform) => hasBudget(budgets[platform])).map(async (platform) => {
      const budget = budgets[platform];
      const byDay = await countBudgetPostsByDay(deps.db, {
        platform,
        from: window.start,
        before: window.end,
        timeZone,
        workspaceId: scopeWorkspace(budget.scope, options.workspaceId),
      });
      let monthUsed = 0;
      for (const count of byDay.values()) monthUsed += count;
      return {
        platform,
        scope: budget.scope,
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
    scheduledFor: Date;
    previous: { scheduledFor: Date | null; status: PostStatus };
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
  const overruns = await findOverruns({
    platform: options.platform,
    budget,
    scheduledFor: options.scheduledFor,
    timeZone,
    alreadyIn: (window: BudgetWindow) =>
      previous.scheduledFor !== null &&
      isBudgetCounted(previous.status) &&
      previous.scheduledFor >= window.start &&
      previous.scheduledFor < window.end,
    count: (window) =>
      countBudgetPosts(deps.db, {
        platform: options.platform,
        from: window.start,
        before: window.end,
        workspaceId: scopeWorkspace(budget.scope, options.workspaceId),
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
    posts: readonly { platform: Platform; scheduled_for: Date | null }[];
  },
): Promise<BudgetOverrun[]> {
  const budgets = await loadBudgets(deps.db, deps.cache);
  const platforms = PLATFORMS.filter(
    (platform) => hasBudget(budgets[platform]) && options.posts.some((post) => post.platform === platform),
  );
  if (platforms.length === 0) return [];
  const timeZone = await userTimeZone(deps.db, options.userId);
  const overruns: BudgetOverrun[] = [];
  for (const platform of platforms) {
    const budget = budgets[platform];
    const dates = options.posts
      .filter((post) => post.platform === platform && post.scheduled_for !== null)
      .map((post) => post.scheduled_for as Date);
    if (dates.length === 0) continue;
    const first = monthWindow(new Date(Math.min(...dates.map(Number))), timeZone);
    const last = monthWindow(new Date(Math.max(...dates.map(Number))), timeZone);
    const byDay = await countBudgetPostsByDay(deps.db, {
      platform,
      from: first.start,
      before: last.end,
      timeZone,
      workspaceId: scopeWorkspace(budget.scope, options.workspaceId),
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
            used,
            budget: budget.month,
          });
      }
  }
  return overruns;
}
