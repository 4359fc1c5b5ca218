// The dashboard (spec §9): the caller's totals with their labels, and weekly charts bucketed by
// weeks that start on Monday 00:00 in the user's time zone.
import {
  addDays,
  averageEngagement,
  type CalendarDate,
  engagementLabel,
  PLATFORMS,
  type Platform,
  reachLabel,
  timeSavedHours,
  utcToZonedParts,
  zonedTimeToUtc,
} from '@pauta/core';
import { type Database, readDashboardTotals, readUpcomingByWeek, readWeeklyPublished } from '@pauta/db';
import type { Kysely } from 'kysely';
import { userTimeZone } from '../posts/user-time-zone.js';

/** Weeks of history in the weekly chart, the current one included. */
export const WEEKLY_CHART_WEEKS = 12;
/** Weeks of the upcoming chart: the current one and the next five. */
export const UPCOMING_CHART_WEEKS = 6;

export interface DashboardSummary {
  postsPublished: number;
  postsScheduled: number;
  timeSavedHours: number;
  averageEngagement: number | null;
  engagementLabel: string;
  totalReach: number;
  reachLabel: string;
  themeCount: number;
  attention: { failed: number; needsAttention: number; missed: number };
}

function numberOrNull(value: string | null): number | null {
  return value === null ? null : Number(value);
}

export async function readSummary(db: Kysely<Database>, workspaceId: string): Promise<DashboardSummary> {
  const totals = await readDashboardTotals(db, workspaceId);
  // PostgreSQL already averaged only the rates above 0; averageEngagement keeps the rule in one place.
  const average = averageEngagement([numberOrNull(totals.avg_engagement)]);
  return {
    postsPublished: totals.published_count,
    postsScheduled: totals.scheduled_count,
    timeSavedHours: timeSavedHours(totals.published_count),
    averageEngagement: average,
    engagementLabel: engagementLabel(average),
    totalReach: totals.total_reach,
    reachLabel: reachLabel(totals.total_reach),
    themeCount: totals.theme_count,
    attention: {
      failed: totals.failed_count,
      needsAttention: totals.needs_attention_count,
      missed: totals.missed_count,
    },
  };
}

export function formatLocalDate(date: CalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** The Monday of the week holding `now` in `timeZone`. */
export function currentWeekStart(now: Date, timeZone: string): CalendarDate {
  const today = utcToZonedParts(now, timeZone);
  return addDays(today, -((today.weekday + 6) % 7));
}

/** `count` consecutive weeks from `firstMonday`: their start dates and the count + 1 instants bounding them. */
export function weekGrid(firstMonday: CalendarDate, count: number, timeZone: string) {
  const mondays = Array.from({ length: count + 1 }, (_, i) => addDays(firstMonday, 7 * i));
  return {
    starts: mondays.slice(0, count).map(formatLocalDate),
    boundaries: mondays.map((d) => zonedTimeToUtc({ ...d, hour: 0, minute: 0 }, timeZone)),
  };
}

export interface DashboardCharts {
  weekly: Array<{ weekStart: string; published: number; avgEngagement: number | null }>;
  upcoming: Array<{ weekStart: string } & Record<Platform, number>>;
}

export async function readCharts(
  db: Kysely<Database>,
  options: {
    workspaceId: string;
    userId: string;
    now: Date;
    /** The user's profile zone when already known (read with the session); otherwise read here. */
    timeZone?: string | undefined;
  },
): Promise<DashboardCharts> {
  const timeZone = options.timeZone ?? (await userTimeZone(db, options.userId));
  const thisWeek = currentWeekStart(options.now, timeZone);
  const past = weekGrid(addDays(thisWeek, -7 * (WEEKLY_CHART_WEEKS - 1)), WEEKLY_CHART_WEEKS, timeZone);
  const next = weekGrid(thisWeek, UPCOMING_CHART_WEEKS, timeZone);
  const [published, upcoming] = await Promise.all([
    readWeeklyPublished(db, { workspaceId: options.workspaceId, boundaries: past.boundaries }),
    readUpcomingByWeek(db, { workspaceId: options.workspaceId, boundaries: next.boundaries }),
  ]);
  const weekly = past.starts.map((weekStart, i) => {
    const row = published.find((r) => r.bucket === i + 1);
    return {
      weekStart,
      published: row?.published ?? 0,
      avgEngagement: averageEngagement([numberOrNull(row?.avg_engagement ?? null)]),
    };
  });
  const perWeek = next.starts.map((weekStart, i) => {
    const counts = Object.fromEntries(PLATFORMS.map((p) => [p, 0])) as Record<Platform, number>;
    for (const row of upcoming) if (row.bucket === i + 1) counts[row.platform] += row.scheduled;
    return { weekStart, ...counts };
  });
  return { weekly, upcoming: perWeek };
}
