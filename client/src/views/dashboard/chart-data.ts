// The dashboard charts' rows: weeks labelled 'dd/MM' (pt-BR), series named in pt-BR.
import type { Platform } from '@pauta/core';
import { formatEngagement, LISTING_PLATFORMS, weekLabel } from '@pauta/core';
import { NETWORK_PROFILES } from '@pauta/networks/browser';

export interface WeeklyPoint {
  weekStart: string;
  published: number;
  avgEngagement: number | null;
}

/** A week of the upcoming-posts chart: its start and each network's count. */
export type UpcomingPoint = { weekStart: string } & Record<Platform, number>;

/** Stacking order of the networks in the upcoming-posts chart. */
export const CHART_PLATFORMS = LISTING_PLATFORMS;

/** Each network's series colour (its profile's `chartColor`). */
export const PLATFORM_CHART_COLORS = Object.fromEntries(
  CHART_PLATFORMS.map((platform) => [platform, NETWORK_PROFILES[platform].chartColor]),
) as Record<Platform, string>;

// The week labels are core's (core/src/reports/chart-data.ts): the report draws the same weeks.
export { weekLabel } from '@pauta/core';

export function weeklyRows(weekly: readonly WeeklyPoint[]) {
  return weekly.map((point) => ({
    week: weekLabel(point.weekStart),
    published: point.published,
    engagement: point.avgEngagement,
  }));
}

export function upcomingRows(upcoming: readonly UpcomingPoint[]) {
  return upcoming.map((point) => ({
    week: weekLabel(point.weekStart),
    ...(Object.fromEntries(CHART_PLATFORMS.map((platform) => [platform, point[platform]])) as Record<
      (typeof CHART_PLATFORMS)[number],
      number
    >),
  }));
}

export function totalPublished(weekly: readonly WeeklyPoint[]): number {
  return weekly.reduce((sum, point) => sum + point.published, 0);
}

export function hasEngagement(weekly: readonly WeeklyPoint[]): boolean {
  return weekly.some((point) => point.avgEngagement !== null);
}

export function totalUpcoming(upcoming: readonly UpcomingPoint[]): number {
  return upcoming.reduce(
    (sum, point) => sum + CHART_PLATFORMS.reduce((total, platform) => total + point[platform], 0),
    0,
  );
}

const integerFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

export function formatCount(value: number): string {
  return integerFormat.format(value);
}

export function formatRate(value: number | null): string {
  return formatEngagement(value);
}
