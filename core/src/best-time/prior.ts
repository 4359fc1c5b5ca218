/**
 * The prior of the best-time model (docs/best-time.md): how good each local weekday × hour is
 * for a network before the user has results of their own. ASSUMPTION, not data of ours: the
 * shape follows the commonly published industry studies of when posts get the most engagement
 * (Sprout Social "Best times to post on social media" 2024/2025, Hootsuite "Best time to post"
 * 2024, Later's Instagram study): weekday mornings to early afternoon for LinkedIn, Facebook and
 * X (Tuesday to Thursday strongest), and midday plus the evening for Instagram; nights and
 * weekends weak for the work networks. The studies are in the audience's local time, which we
 * take to be the user's zone. Values are relative (1 = the network's best cell).
 */
import type { Platform } from '../constants/platforms.js';

/** Weekday (0 = Sunday … 6 = Saturday) weights and hour (0–23, local) weights of one network. */
interface PriorShape {
  readonly days: readonly number[];
  readonly hours: readonly number[];
}

// biome-ignore format: one row of 24 hours reads better than one number a line.
const SHAPES: Record<Platform, PriorShape> = {
  // Sprout Social: Tue–Thu, 10:00–12:00 (and Tuesday 8–9); weekends the weakest.
  linkedin: {
    days: [0.3, 0.8, 1, 1, 0.95, 0.7, 0.3],
    hours: [0.05, 0.03, 0.03, 0.03, 0.05, 0.1, 0.25, 0.5, 0.8, 0.9, 1, 1, 0.9, 0.8, 0.7, 0.6, 0.55, 0.45, 0.35, 0.3, 0.25, 0.2, 0.12, 0.08],
  },
  // Sprout Social / Hootsuite: weekdays 9:00–13:00, Tuesday to Thursday strongest; some evening reach.
  facebook: {
    days: [0.55, 0.85, 1, 1, 0.95, 0.8, 0.55],
    hours: [0.08, 0.05, 0.04, 0.04, 0.05, 0.1, 0.25, 0.45, 0.7, 0.9, 1, 1, 0.95, 0.8, 0.7, 0.65, 0.6, 0.6, 0.6, 0.6, 0.55, 0.45, 0.3, 0.15],
  },
  // Later / Hootsuite: midday (11–13) and the evening (18–21) on weekdays; weekends fair.
  instagram: {
    days: [0.7, 0.85, 1, 1, 0.95, 0.85, 0.7],
    hours: [0.12, 0.06, 0.04, 0.04, 0.05, 0.1, 0.25, 0.4, 0.55, 0.65, 0.8, 0.95, 1, 0.9, 0.75, 0.7, 0.7, 0.8, 0.9, 1, 0.95, 0.8, 0.55, 0.3],
  },
  // Sprout Social: weekdays 9:00–12:00, Tuesday to Thursday; mornings before work too.
  x: {
    days: [0.45, 0.85, 1, 1, 0.95, 0.75, 0.45],
    hours: [0.08, 0.05, 0.04, 0.04, 0.06, 0.15, 0.35, 0.6, 0.85, 1, 1, 0.95, 0.85, 0.75, 0.65, 0.6, 0.55, 0.5, 0.5, 0.45, 0.4, 0.3, 0.2, 0.12],
  },
};

/** The prior of `platform` as 7 × 24 relative values in [0, 1] (1 = its best cell). */
export function priorGrid(platform: Platform): number[][] {
  const { days, hours } = SHAPES[platform];
  const raw = days.map((d) => hours.map((h) => d * h));
  const max = Math.max(...raw.flat());
  return raw.map((row) => row.map((v) => v / max));
}
