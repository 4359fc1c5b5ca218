/**
 * Network budgets (issue 18 item 3; docs/budgets.md): how many posts an installation means to send
 * to a network per calendar month and per calendar day, the periods a date falls in, and whether
 * one more post goes past a budget. Universal (browser and Node): the server counts and checks,
 * the composer and the calendar show the same arithmetic.
 *
 * Periods are local to a time zone: a day is the user's calendar day, a month the user's calendar
 * month (midnight to midnight in that zone, DST included), as `zonedTimeToUtc` resolves them.
 */
import { PLATFORMS, type Platform } from '../constants/platforms.js';
import type { PostStatus } from '../constants/statuses.js';
import { addDays, type CalendarDate, utcToZonedParts, zonedTimeToUtc } from '../scheduling/zoned-time.js';

/**
 * Whose posts a budget counts: `installation` = every workspace's (the network limits the app, as
 * X's free tier does), `account` = the posts of one connected account (the network limits each
 * account, as Instagram's 50 posts per 24 h per Instagram account).
 */
export const BUDGET_SCOPES = ['installation', 'account'] as const;
export type BudgetScope = (typeof BUDGET_SCOPES)[number];

/**
 * Scopes stored before the one per account, and what they mean now: `user` ("Cada usuário") was
 * written when each person connected one account per network, so it meant "each account's own
 * posts" — read as `account` (docs/budgets.md "Stored values from before").
 */
const LEGACY_SCOPES: Readonly<Record<string, BudgetScope>> = { user: 'account' };

/** A stored scope as it is read now; undefined when it is not a scope. */
export function readBudgetScope(value: unknown): BudgetScope | undefined {
  if (typeof value !== 'string') return undefined;
  if ((BUDGET_SCOPES as readonly string[]).includes(value)) return value as BudgetScope;
  return Object.hasOwn(LEGACY_SCOPES, value) ? LEGACY_SCOPES[value] : undefined;
}

export const BUDGET_PERIODS = ['day', 'month'] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];

/** A network's budget: null (or 0 when typed) = no budget for that period. */
export interface NetworkBudget {
  readonly month: number | null;
  readonly day: number | null;
  readonly scope: BudgetScope;
}

export type NetworkBudgets = Readonly<Record<Platform, NetworkBudget>>;

/** The largest budget an administrator may type (per period). */
export const BUDGET_MAX = 1_000_000;

/** No budget at all (a network without a documented cap). */
export const NO_BUDGET: NetworkBudget = { month: null, day: null, scope: 'installation' };

/**
 * Posts that use a budget: those waiting to go (`scheduled`), going (`publishing`), gone
 * (`published`) and those that may have gone (`needs_attention`: the request may have reached the
 * network). A failed or missed post did not reach the network and counts for nothing.
 */
export const BUDGET_COUNTED_STATUSES = [
  'scheduled',
  'publishing',
  'published',
  'needs_attention',
] as const satisfies readonly PostStatus[];

export function isBudgetCounted(status: PostStatus): boolean {
  return (BUDGET_COUNTED_STATUSES as readonly PostStatus[]).includes(status);
}

export function hasBudget(budget: NetworkBudget): boolean {
  return budget.month !== null || budget.day !== null;
}

function limitValue(value: unknown): number | null | undefined {
  if (value === null || value === 0 || value === '') return null;
  if (typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= BUDGET_MAX) return value;
  return undefined;
}

export type BudgetOverride = { month: number | null; day: number | null; scope: BudgetScope };

/**
 * Reads the stored setting (`network_budgets`: `{ "<platform>": { month, day, scope } }`, only the
 * networks an administrator changed) into typed overrides; undefined when it is not of that shape.
 * 0 and null mean "no budget"; a stored `user` scope is read as `account` (readBudgetScope).
 */
export function parseBudgetOverrides(value: unknown): Partial<Record<Platform, BudgetOverride>> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const result: Partial<Record<Platform, BudgetOverride>> = {};
  for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
    if (!(PLATFORMS as readonly string[]).includes(key)) return undefined;
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return undefined;
    const fields = entry as Record<string, unknown>;
    if (Object.keys(fields).some((name) => !['month', 'day', 'scope'].includes(name))) return undefined;
    const month = limitValue(fields.month ?? null);
    const day = limitValue(fields.day ?? null);
    const scope = readBudgetScope(fields.scope);
    if (month === undefined || day === undefined || scope === undefined) return undefined;
    result[key as Platform] = { month, day, scope };
  }
  return result;
}

/** The budgets in force: each network's override, else its default (the network descriptor's). */
export function resolveBudgets(
  stored: unknown,
  defaults: Readonly<Record<Platform, NetworkBudget>>,
): NetworkBudgets {
  const overrides = parseBudgetOverrides(stored) ?? {};
  return Object.fromEntries(
    PLATFORMS.map((platform) => [platform, overrides[platform] ?? defaults[platform]]),
  ) as unknown as NetworkBudgets;
}

/** A local period: its key ('YYYY-MM-DD' or 'YYYY-MM') and its UTC bounds [start, end). */
export interface BudgetWindow {
  readonly period: BudgetPeriod;
  readonly key: string;
  readonly start: Date;
  readonly end: Date;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function dayKeyOf(date: CalendarDate): string {
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

export function monthKeyOf(year: number, month: number): string {
  return `${year}-${pad(month)}`;
}

/** 'YYYY-MM' → its year and month; null when not a month. */
export function parseMonthKey(key: string): { year: number; month: number } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(key);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (year < 1970 || year > 9999 || month < 1 || month > 12) return null;
  return { year, month };
}

/** The local calendar day `instant` falls on in `timeZone`, as a window. */
export function dayWindow(instant: Date, timeZone: string): BudgetWindow {
  const parts = utcToZonedParts(instant, timeZone);
  const day: CalendarDate = { year: parts.year, month: parts.month, day: parts.day };
  const next = addDays(day, 1);
  return {
    period: 'day',
    key: dayKeyOf(day),
    start: zonedTimeToUtc({ ...day, hour: 0, minute: 0 }, timeZone),
    end: zonedTimeToUtc({ ...next, hour: 0, minute: 0 }, timeZone),
  };
}

/** A local calendar month in `timeZone`, as a window. */
export function monthWindowOf(year: number, month: number, timeZone: string): BudgetWindow {
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  return {
    period: 'month',
    key: monthKeyOf(year, month),
    start: zonedTimeToUtc({ year, month, day: 1, hour: 0, minute: 0 }, timeZone),
    end: zonedTimeToUtc({ year: nextYear, month: nextMonth, day: 1, hour: 0, minute: 0 }, timeZone),
  };
}

/** The local calendar month `instant` falls in. */
export function monthWindow(instant: Date, timeZone: string): BudgetWindow {
  const parts = utcToZonedParts(instant, timeZone);
  return monthWindowOf(parts.year, parts.month, timeZone);
}

export function windowOf(period: BudgetPeriod, instant: Date, timeZone: string): BudgetWindow {
  return period === 'day' ? dayWindow(instant, timeZone) : monthWindow(instant, timeZone);
}

export function budgetOf(budget: NetworkBudget, period: BudgetPeriod): number | null {
  return period === 'day' ? budget.day : budget.month;
}

/** True when `adding` more posts on top of `used` go past `budget` (null = no budget). */
export function exceedsBudget(used: number, budget: number | null, adding = 1): boolean {
  return budget !== null && used + adding > budget;
}

/** A period in which a schedule goes past a budget: what the warning and the AppError carry. */
export interface BudgetOverrun {
  platform: Platform;
  period: BudgetPeriod;
  /** 'YYYY-MM-DD' (day) or 'YYYY-MM' (month), in the user's zone. */
  periodKey: string;
  scope: BudgetScope;
  /**
   * A per-account budget: the account whose posts were counted (null: the post has no account yet,
   * the workspace's posts of the network were counted).
   */
  accountId?: string | null | undefined;
  /** How the account is named ('@loja_centro') where the workspace has several of the network; else null. */
  account?: string | null | undefined;
  /** Posts already counted in the period, without the one being scheduled. */
  used: number;
  budget: number;
}

/**
 * Where one post at `scheduledFor` would go past its network's budgets, given a count of the
 * posts already in a window (without this post). `alreadyIn` says the post is counted in that
 * window already (moving it inside its day or month adds nothing), so no overrun is reported
 * for that window.
 */
export async function findOverruns(options: {
  platform: Platform;
  budget: NetworkBudget;
  /** A per-account budget: the account counted and its name where it needs one. */
  account?: { id: string | null; label: string | null } | undefined;
  scheduledFor: Date;
  timeZone: string;
  count: (window: BudgetWindow) => Promise<number>;
  alreadyIn?: (window: BudgetWindow) => boolean;
}): Promise<BudgetOverrun[]> {
  const overruns: BudgetOverrun[] = [];
  for (const period of BUDGET_PERIODS) {
    const budget = budgetOf(options.budget, period);
    if (budget === null) continue;
    const window = windowOf(period, options.scheduledFor, options.timeZone);
    if (options.alreadyIn?.(window)) continue;
    const used = await options.count(window);
    if (exceedsBudget(used, budget))
      overruns.push({
        platform: options.platform,
        period,
        periodKey: window.key,
        scope: options.budget.scope,
        ...(options.account ? { accountId: options.account.id, account: options.account.label } : {}),
        used,
        budget,
      });
  }
  return overruns;
}
