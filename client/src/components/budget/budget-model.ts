// Network budgets on the client (docs/budgets.md): the usage answer of `posts.budget`, the
// overruns a date would cause (the same rule as the server's check), and the overruns a refusal
// carries. The server decides; this lets the composer warn before the person saves.
import {
  type BudgetOverrun,
  type BudgetPeriod,
  dayWindow,
  exceedsBudget,
  isBudgetCounted,
  monthWindow,
  type Platform,
  type PostStatus,
} from '@pauta/core';
import type { AppRouter } from '@pauta/server';
import type { inferRouterOutputs } from '@trpc/server';
import { errorCodeOf, errorDetails } from '../../lib/errors';

export type BudgetUsage = inferRouterOutputs<AppRouter>['posts']['budget'];
export type NetworkUsage = BudgetUsage['networks'][number];

/** 'YYYY-MM' of an instant in the user's zone (the month `posts.budget` is asked for). */
export function monthKeyIn(instant: Date, timeZone: string): string {
  return monthWindow(instant, timeZone).key;
}

/** Posts counted in a period of the usage (a day of its month, or the month). */
export function usedIn(network: NetworkUsage, period: BudgetPeriod, key: string): number {
  return period === 'month' ? network.monthUsed : (network.days[key] ?? 0);
}

/**
 * The usage that counts a post of `platform` going out from `accountId` (null: none chosen): the
 * network's entry, or — a per-account budget — its account's (the only one when the post names
 * none and the workspace has one); undefined when the post's account is not known there.
 */
export function usageOf(
  usage: BudgetUsage | undefined,
  platform: Platform,
  accountId: string | null,
): NetworkUsage | undefined {
  const entries = usage?.networks.filter((n) => n.platform === platform) ?? [];
  if (entries.length === 1 && (entries[0]!.accountId === null || accountId === null)) return entries[0];
  return entries.find((n) => n.accountId !== null && n.accountId === accountId);
}

/**
 * The overruns of moving `post` to `scheduledFor`, from the usage of that date's month. A post
 * already counted in the same day or month adds nothing there (the server's rule); moved to another
 * account (`accountId`, Editar Post's "Conta"), it is new to that account's count.
 */
export function overrunsFor(
  usage: BudgetUsage | undefined,
  post: { platform: Platform; scheduledFor: Date | string; status: PostStatus; accountId?: string | null },
  scheduledFor: Date,
  timeZone: string,
  accountId: string | null = post.accountId ?? null,
): BudgetOverrun[] {
  const network = usageOf(usage, post.platform, accountId);
  if (!usage || !network) return [];
  const previous = new Date(post.scheduledFor);
  const counted =
    isBudgetCounted(post.status) && (network.scope !== 'account' || accountId === (post.accountId ?? null));
  const overruns: BudgetOverrun[] = [];
  for (const period of ['day', 'month'] as const) {
    const budget = period === 'day' ? network.day : network.month;
    if (budget === null) continue;
    const window = period === 'day' ? dayWindow(scheduledFor, timeZone) : monthWindow(scheduledFor, timeZone);
    if (window.key.slice(0, 7) !== usage.month) continue; // the usage is of another month
    const alreadyIn = counted && previous >= window.start && previous < window.end;
    if (alreadyIn) continue;
    const used = usedIn(network, period, window.key);
    if (exceedsBudget(used, budget))
      overruns.push({
        platform: post.platform,
        period,
        periodKey: window.key,
        scope: network.scope,
        ...(network.scope === 'account' ? { accountId: network.accountId, account: network.account } : {}),
        used,
        budget,
      });
  }
  return overruns;
}

/** The overruns of a BUDGET_EXCEEDED refusal; null for any other error. */
export function refusedOverruns(error: unknown): BudgetOverrun[] | null {
  if (errorCodeOf(error) !== 'BUDGET_EXCEEDED') return null;
  return errorDetails(error, 'BUDGET_EXCEEDED')?.overruns ?? [];
}

/** Days of the usage's month over a network's daily budget ('YYYY-MM-DD', ascending). */
export function daysOverBudget(network: NetworkUsage): string[] {
  const budget = network.day;
  if (budget === null) return [];
  return Object.entries(network.days)
    .filter(([, count]) => count > budget)
    .map(([day]) => day)
    .sort();
}
