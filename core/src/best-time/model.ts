/**
 * Best time to post (issue 17 item 4; docs/best-time.md). Per network, a 7 × 24 grid of local
 * weekday × hour scores from the user's own published posts, shrunk towards an industry prior
 * (the network's, `priorGrid` of @pauta/networks/browser, passed in) while the data is thin:
 *
 * 1. Each post's engagement becomes its mid-rank PERCENTILE among the user's posts of the same
 *    network (0 = the weakest, 1 = the strongest, ties share): one viral post counts as "the
 *    best", never as 100× the others. Engagement is the stored engagement rate ((likes +
 *    comments) / reach); a post without reach but with likes/comments is ranked among such
 *    posts by likes + comments; a post without metrics is left out.
 * 2. A post is evidence for its local hour (weight 1) and, smoothed, for the hours around it
 *    (±1 h: 0.5, ±2 h: 0.25) on the week's circular 168-hour timeline.
 * 3. Posterior of a cell = (k·prior + Σ w·percentile) / (k + Σ w), k = PRIOR_PSEUDO_POSTS: with
 *    no posts it is the prior, with many the user's mean percentile there.
 *
 * Scores are that posterior × 100 (0–100, 50 = a typical post of the user). The prior is mapped
 * onto the same scale (PRIOR_FLOOR … PRIOR_FLOOR + PRIOR_SPAN), so a cell the user proved good
 * outranks any cell that only the industry says is good.
 */
import type { Platform } from '../constants/platforms.js';
import { addDays, utcToZonedParts, zonedTimeToUtc } from '../scheduling/zoned-time.js';

/** How many posts' worth of evidence the prior is worth in every cell. */
export const PRIOR_PSEUDO_POSTS = 3;
/** The prior's worst cell on the percentile scale; its best is PRIOR_FLOOR + PRIOR_SPAN. */
const PRIOR_FLOOR = 0.3;
const PRIOR_SPAN = 0.4;
/** Weights of a post for its own hour and the hours 1 and 2 away. */
const KERNEL = [1, 0.5, 0.25] as const;
/** Posts with metrics from which the confidence is 'media' and 'alta'. */
export const CONFIDENCE_THRESHOLDS = { media: 15, alta: 50 } as const;
/** Best slots returned in a model's ranking. */
export const RANKING_SIZE = 10;

const HOURS_PER_WEEK = 168;

export type BestTimeConfidence = 'baixa' | 'media' | 'alta';

/** A published post as the model reads it. Null metrics = not available. */
export interface BestTimePost {
  platform: Platform;
  publishedAt: Date;
  /** Engagement rate in percent, as stored (published_posts.engagement_rate). */
  engagementRate: number | null;
  likes: number | null;
  comments: number | null;
}

/** The posts of one network published at one local weekday (0 = Sunday) and hour, and the sum of their percentiles. */
export interface BestTimeCell {
  weekday: number;
  hour: number;
  posts: number;
  percentileSum: number;
}

export interface BestTimeSlot {
  weekday: number;
  hour: number;
  /** 0–100. */
  score: number;
}

export interface BestTimeModel {
  platform: Platform;
  /** Posts with metrics the grid rests on. */
  posts: number;
  confidence: BestTimeConfidence;
  /** scores[weekday][hour], 0–100 integers; weekday 0 = Sunday. */
  scores: number[][];
  /** The best RANKING_SIZE slots, best first (ties: earlier in the week, Monday first). */
  ranking: BestTimeSlot[];
}

export function confidenceOf(posts: number): BestTimeConfidence {
  if (posts >= CONFIDENCE_THRESHOLDS.alta) return 'alta';
  if (posts >= CONFIDENCE_THRESHOLDS.media) return 'media';
  return 'baixa';
}

/** The value a post is ranked by, and among which posts; null without metrics. */
function engagementOf(post: BestTimePost): { kind: 'rate' | 'count'; value: number } | null {
  if (post.engagementRate !== null && Number.isFinite(post.engagementRate))
    return { kind: 'rate', value: post.engagementRate };
  if (post.likes !== null || post.comments !== null)
    return { kind: 'count', value: (post.likes ?? 0) + (post.comments ?? 0) };
  return null;
}

/**
 * The reference bucketing (the server does the same in one SQL aggregate): each post's
 * percentile within its network and kind, summed per local weekday × hour of `timeZone`.
 */
export function bucketBestTimePosts(
  posts: readonly BestTimePost[],
  timeZone: string,
): Map<Platform, BestTimeCell[]> {
  const groups = new Map<string, { post: BestTimePost; value: number }[]>();
  for (const post of posts) {
    const engagement = engagementOf(post);
    if (!engagement) continue;
    const key = `${post.platform}:${engagement.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), { post, value: engagement.value }]);
  }
  const cells = new Map<Platform, Map<number, BestTimeCell>>();
  for (const group of groups.values()) {
    for (const { post, value } of group) {
      const below = group.filter((other) => other.value < value).length;
      const equal = group.filter((other) => other.value === value).length;
      const percentile = (below + 0.5 * equal) / group.length;
      const local = utcToZonedParts(post.publishedAt, timeZone);
      const perPlatform = cells.get(post.platform) ?? new Map<number, BestTimeCell>();
      cells.set(post.platform, perPlatform);
      const index = local.weekday * 24 + local.hour;
      const cell = perPlatform.get(index) ?? {
        weekday: local.weekday,
        hour: local.hour,
        posts: 0,
        percentileSum: 0,
      };
      cell.posts += 1;
      cell.percentileSum += percentile;
      perPlatform.set(index, cell);
    }
  }
  return new Map([...cells].map(([platform, byIndex]) => [platform, [...byIndex.values()]]));
}

function assertCell(cell: BestTimeCell): void {
  const ok =
    Number.isInteger(cell.weekday) &&
    cell.weekday >= 0 &&
    cell.weekday <= 6 &&
    Number.isInteger(cell.hour) &&
    cell.hour >= 0 &&
    cell.hour <= 23 &&
    Number.isInteger(cell.posts) &&
    cell.posts >= 0 &&
    cell.percentileSum >= 0 &&
    cell.percentileSum <= cell.posts;
  if (!ok) throw new RangeError(`Invalid best-time cell: ${JSON.stringify(cell)}`);
}

/** The unrounded posterior per weekday × hour (0–1). */
function posteriorGrid(prior: PriorGrid, cells: readonly BestTimeCell[]): number[][] {
  const weight = new Array<number>(HOURS_PER_WEEK).fill(0);
  const sum = new Array<number>(HOURS_PER_WEEK).fill(0);
  for (const cell of cells) {
    assertCell(cell);
    if (cell.posts === 0) continue;
    const at = cell.weekday * 24 + cell.hour;
    for (let offset = -(KERNEL.length - 1); offset < KERNEL.length; offset++) {
      const w = KERNEL[Math.abs(offset)]!;
      const target = (at + offset + HOURS_PER_WEEK) % HOURS_PER_WEEK;
      weight[target]! += w * cell.posts;
      sum[target]! += w * cell.percentileSum;
    }
  }
  return prior.map((row, weekday) =>
    row.map((relative, hour) => {
      const i = weekday * 24 + hour;
      const priorMean = PRIOR_FLOOR + PRIOR_SPAN * relative;
      return (PRIOR_PSEUDO_POSTS * priorMean + sum[i]!) / (PRIOR_PSEUDO_POSTS + weight[i]!);
    }),
  );
}

/** Monday-first order of a weekday, for ties. */
const mondayFirst = (weekday: number) => (weekday + 6) % 7;

/** A network's prior: 7 × 24 relative values in [0, 1], 1 = its best cell (networks `priorGrid`). */
export type PriorGrid = readonly (readonly number[])[];

/**
 * The model of one network from its cells (bucketBestTimePosts, or the server's aggregate) and
 * its prior.
 */
export function bestTimeModel(
  platform: Platform,
  cells: readonly BestTimeCell[],
  prior: PriorGrid,
): BestTimeModel {
  const posterior = posteriorGrid(prior, cells);
  const posts = cells.reduce((total, cell) => total + cell.posts, 0);
  const ranked = posterior
    .flatMap((row, weekday) => row.map((value, hour) => ({ weekday, hour, value })))
    .sort((a, b) => b.value - a.value || mondayFirst(a.weekday) - mondayFirst(b.weekday) || a.hour - b.hour);
  return {
    platform,
    posts,
    confidence: confidenceOf(posts),
    scores: posterior.map((row) => row.map((value) => Math.round(value * 100))),
    ranking: ranked.slice(0, RANKING_SIZE).map(({ weekday, hour, value }) => ({
      weekday,
      hour,
      score: Math.round(value * 100),
    })),
  };
}

/** The best local hour of `weekday` in a model (ties: the hour nearest 10:00, then the earlier). */
export function bestHourOn(model: BestTimeModel, weekday: number): number {
  const row = model.scores[weekday];
  if (!row) throw new RangeError(`weekday must be 0-6, got ${String(weekday)}`);
  let best = 0;
  for (let hour = 1; hour < 24; hour++) {
    const better = row[hour]! > row[best]!;
    const tieNearer = row[hour] === row[best] && Math.abs(hour - 10) < Math.abs(best - 10);
    if (better || tieNearer) best = hour;
  }
  return best;
}

export interface SuggestedSlot extends BestTimeSlot {
  at: Date;
}

/**
 * The next `count` good moments to publish on the model's network: on the hour, at least
 * `leadMinutes` after `now`, within `days` local days, not within an hour of a `busy` instant
 * (the user's other posts of that network), at most one per local day: the best `count` of those
 * days' best hours (ties: sooner), in time order.
 * Local hours a DST change skips are not offered.
 */
export function suggestSlots(
  model: BestTimeModel,
  options: {
    now: Date;
    timeZone: string;
    busy?: readonly Date[];
    count?: number;
    days?: number;
    leadMinutes?: number;
  },
): SuggestedSlot[] {
  const { now, timeZone, busy = [], count = 3, days = 14, leadMinutes = 60 } = options;
  const earliest = now.getTime() + leadMinutes * 60_000;
  const today = utcToZonedParts(now, timeZone);
  const perDay: SuggestedSlot[] = [];
  for (let d = 0; d <= days; d++) {
    const day = addDays(today, d);
    let best: SuggestedSlot | null = null;
    for (let hour = 0; hour < 24; hour++) {
      const at = zonedTimeToUtc({ ...day, hour, minute: 0 }, timeZone);
      if (at.getTime() < earliest) continue;
      const local = utcToZonedParts(at, timeZone);
      if (local.hour !== hour || local.day !== day.day) continue; // skipped by a DST change
      if (busy.some((b) => Math.abs(b.getTime() - at.getTime()) < 3_600_000)) continue;
      const score = model.scores[local.weekday]![hour]!;
      if (!best || score > best.score) best = { at, weekday: local.weekday, hour, score };
    }
    if (best) perDay.push(best);
  }
  return perDay
    .sort((a, b) => b.score - a.score || a.at.getTime() - b.at.getTime())
    .slice(0, count)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * The `count` best slots of the week with no two on the same day within 2 hours of each other
 * (so the list says "Saturday 20h, Tuesday 13h…", not "Saturday 20h, 19h, 21h"). Best first.
 */
export function distinctTopSlots(model: BestTimeModel, count = 3): BestTimeSlot[] {
  const all = model.scores
    .flatMap((row, weekday) => row.map((score, hour) => ({ weekday, hour, score })))
    .sort((a, b) => b.score - a.score || mondayFirst(a.weekday) - mondayFirst(b.weekday) || a.hour - b.hour);
  const chosen: BestTimeSlot[] = [];
  for (const slot of all) {
    if (chosen.length >= count) break;
    if (chosen.some((c) => c.weekday === slot.weekday && Math.abs(c.hour - slot.hour) <= 2)) continue;
    chosen.push(slot);
  }
  return chosen;
}
