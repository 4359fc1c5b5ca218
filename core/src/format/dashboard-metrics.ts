/**
 * The dashboard's derived figures and their labels (spec §9): average engagement, total reach
 * and time saved. Thresholds live in constants/limits.ts, texts in messages.dashboard.
 */
import { ENGAGEMENT_THRESHOLDS, MINUTES_PER_POST, REACH_THRESHOLDS } from '../constants/limits.js';
import { messages } from '../messages/messages.js';

export type EngagementLevel = keyof typeof messages.dashboard.engagement;
export type ReachLevel = keyof typeof messages.dashboard.reach;

/**
 * Mean of the engagement rates above 0; posts without engagement yet (0, null, NaN) are left
 * out so they do not drag the average down. null when no post counts.
 */
export function averageEngagement(rates: readonly (number | null | undefined)[]): number | null {
  let sum = 0;
  let count = 0;
  for (const rate of rates) {
    if (typeof rate === 'number' && Number.isFinite(rate) && rate > 0) {
      sum += rate;
      count++;
    }
  }
  return count === 0 ? null : sum / count;
}

/** Level of an average engagement (%): ≥5 excellent, ≥3 good, ≥1 regular, below poor, none noData. */
export function engagementLevel(average: number | null | undefined): EngagementLevel {
  if (average === null || average === undefined || Number.isNaN(average)) return 'noData';
  if (average >= ENGAGEMENT_THRESHOLDS.excellent) return 'excellent';
  if (average >= ENGAGEMENT_THRESHOLDS.good) return 'good';
  if (average >= ENGAGEMENT_THRESHOLDS.regular) return 'regular';
  return 'poor';
}

/** 'Excelente performance' ... 'Sem dados suficientes', per engagementLevel. */
export function engagementLabel(average: number | null | undefined): string {
  return messages.dashboard.engagement[engagementLevel(average)];
}

/** Level of a total reach: ≥10000 exceptional, ≥5000 good, ≥1000 moderate, else growing (no data too). */
export function reachLevel(total: number | null | undefined): ReachLevel {
  const value = total ?? 0;
  if (value >= REACH_THRESHOLDS.exceptional) return 'exceptional';
  if (value >= REACH_THRESHOLDS.good) return 'good';
  if (value >= REACH_THRESHOLDS.moderate) return 'moderate';
  return 'growing';
}

/** 'Alcance excepcional' ... 'Crescendo', per reachLevel. */
export function reachLabel(total: number | null | undefined): string {
  return messages.dashboard.reach[reachLevel(total)];
}

/**
 * Hours saved by the published posts: posts × 70 min / 60, rounded half up (3 posts = 3.5 h →
 * 4). A missing, negative or non-finite count counts as 0.
 */
export function timeSavedHours(publishedCount: number | null | undefined): number {
  const count = publishedCount ?? 0;
  if (!Number.isFinite(count) || count <= 0) return 0;
  return Math.round((count * MINUTES_PER_POST) / 60);
}
