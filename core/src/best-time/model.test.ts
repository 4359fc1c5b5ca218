import { describe, expect, it } from 'vitest';
// The networks' priors are theirs (networks/src/<network>/profile.ts); the model takes one.
import { priorGrid } from '../../../networks/src/browser.js';
import { addDays, utcToZonedParts, zonedTimeToUtc } from '../scheduling/zoned-time.js';
import {
  type BestTimeCell,
  type BestTimePost,
  bestHourOn,
  bucketBestTimePosts,
  confidenceOf,
  distinctTopSlots,
  bestTimeModel as modelWithPrior,
  suggestSlots,
} from './model.js';

const bestTimeModel = (platform: BestTimePost['platform'], cells: readonly BestTimeCell[]) =>
  modelWithPrior(platform, cells, priorGrid(platform));

const SP = 'America/Sao_Paulo';

function post(
  at: Date,
  engagementRate: number | null,
  platform: BestTimePost['platform'] = 'linkedin',
): BestTimePost {
  return { platform, publishedAt: at, engagementRate, likes: null, comments: null };
}

/** `n` posts on Saturdays at `hour` local (São Paulo, a non-DST year) with rate `rate`. */
function saturdays(n: number, hour: number, rate: number): BestTimePost[] {
  return Array.from({ length: n }, (_, i) =>
    post(
      zonedTimeToUtc({ ...addDays({ year: 2025, month: 3, day: 1 }, 7 * (i % 40)), hour, minute: 5 }, SP),
      rate,
    ),
  );
}

function cellsOf(posts: BestTimePost[], zone = SP): BestTimeCell[] {
  return bucketBestTimePosts(posts, zone).get('linkedin') ?? [];
}

describe('bestTimeModel with no data', () => {
  it("is the prior: its best slot is the prior's best, confidence baixa on 0 posts", () => {
    for (const platform of ['linkedin', 'facebook', 'instagram', 'x'] as const) {
      const model = bestTimeModel(platform, []);
      expect(model.posts).toBe(0);
      expect(model.confidence).toBe('baixa');
      const prior = priorGrid(platform);
      const top = model.ranking[0]!;
      expect(prior[top.weekday]![top.hour]).toBe(1);
      expect(model.scores).toHaveLength(7);
      for (const row of model.scores) expect(row).toHaveLength(24);
    }
  });

  it('ranks LinkedIn weekday late mornings above Sunday 3 am', () => {
    const model = bestTimeModel('linkedin', []);
    expect(model.scores[2]![10]).toBeGreaterThan(model.scores[0]![3]!);
    expect(model.ranking[0]!.weekday).toBeGreaterThanOrEqual(2);
    expect(model.ranking[0]!.weekday).toBeLessThanOrEqual(4);
  });
});

describe('bucketBestTimePosts', () => {
  it('gives mid-rank percentiles per network, so one viral post counts as the best, not 100× the rest', () => {
    const at = zonedTimeToUtc({ year: 2025, month: 3, day: 4, hour: 9, minute: 0 }, SP);
    const cells = cellsOf([
      post(at, 1),
      post(at, 2),
      post(at, 3),
      post(new Date(at.getTime() + 3_600_000), 900),
    ]);
    const nine = cells.find((c) => c.hour === 9)!;
    const ten = cells.find((c) => c.hour === 10)!;
    expect(nine.posts).toBe(3);
    expect(nine.percentileSum).toBeCloseTo(0.125 + 0.375 + 0.625);
    expect(ten.percentileSum).toBeCloseTo(0.875);
  });

  it('shares the percentile between ties and ranks networks separately', () => {
    const at = new Date('2025-03-04T12:00:00Z');
    const map = bucketBestTimePosts([post(at, 5), post(at, 5), post(at, 0.1, 'x')], 'UTC');
    expect(map.get('linkedin')![0]!.percentileSum).toBeCloseTo(1);
    expect(map.get('x')![0]!.percentileSum).toBeCloseTo(0.5);
  });

  it('leaves out posts without metrics and ranks like-only posts among themselves', () => {
    const at = new Date('2025-03-04T12:00:00Z');
    const map = bucketBestTimePosts(
      [
        post(at, null),
        { platform: 'linkedin', publishedAt: at, engagementRate: null, likes: 3, comments: 1 },
        { platform: 'linkedin', publishedAt: at, engagementRate: null, likes: 10, comments: null },
      ],
      'UTC',
    );
    const cell = map.get('linkedin')![0]!;
    expect(cell.posts).toBe(2);
    expect(cell.percentileSum).toBeCloseTo(0.25 + 0.75);
    expect(bucketBestTimePosts([post(at, null)], 'UTC').size).toBe(0);
  });

  it('buckets by the local weekday and hour of the user zone, across DST changes', () => {
    // New York: 2025-03-09 02:00 EST jumps to 03:00 EDT. 13:30Z is 08:30 EST on Saturday the 8th
    // and 09:30 EDT on Sunday the 9th: the same UTC hour, different local hours.
    const ny = 'America/New_York';
    const before = post(new Date('2025-03-08T13:30:00Z'), 1);
    const after = post(new Date('2025-03-09T13:30:00Z'), 2);
    const cells = cellsOf([before, after], ny);
    expect(cells.map((c) => [c.weekday, c.hour]).sort()).toEqual([
      [0, 9],
      [6, 8],
    ]);
    // Near midnight the local weekday is not the UTC one: Monday 01:30Z is Sunday 22:30 in São Paulo.
    const late = cellsOf([post(new Date('2025-03-03T01:30:00Z'), 1)]);
    expect(late).toEqual([{ weekday: 0, hour: 22, posts: 1, percentileSum: 0.5 }]);
  });

  it('reads the fall-back overlap hour once per instant (both 01:xx local posts are 01h)', () => {
    const ny = 'America/New_York';
    // 2025-11-02 01:30 happens twice in New York (EDT then EST).
    const first = post(new Date('2025-11-02T05:30:00Z'), 1);
    const second = post(new Date('2025-11-02T06:30:00Z'), 2);
    const cells = cellsOf([first, second], ny);
    expect(cells).toEqual([{ weekday: 0, hour: 1, posts: 2, percentileSum: 1 }]);
  });
});

describe('shrinkage towards the data', () => {
  const strongSaturdayEvening = (n: number) => [...saturdays(n, 20, 9), ...saturdays(n * 2, 10, 1)];

  it('moves monotonically closer to the data as posts accumulate', () => {
    // The data says: Saturday 20h is the user's best (percentile ≈ 0.83), which the prior calls weak.
    let lastGap = Number.POSITIVE_INFINITY;
    for (const n of [0, 1, 3, 10, 30, 100]) {
      const posts = strongSaturdayEvening(n);
      const cells = cellsOf(posts);
      const model = bestTimeModel('linkedin', cells);
      const cell = cells.find((c) => c.weekday === 6 && c.hour === 20);
      const dataMean = cell ? (cell.percentileSum / cell.posts) * 100 : 83;
      const gap = Math.abs(model.scores[6]![20]! - dataMean);
      expect(gap).toBeLessThanOrEqual(lastGap);
      lastGap = gap;
    }
    expect(lastGap).toBeLessThan(3);
  });

  it("lets the user's proven slot win over the prior's best once there is enough data", () => {
    const model = bestTimeModel('linkedin', cellsOf(strongSaturdayEvening(10)));
    expect(model.ranking[0]).toMatchObject({ weekday: 6, hour: 20 });
    expect(model.confidence).toBe('media');
  });

  it("keeps the prior's best with one lucky post (thin data)", () => {
    const model = bestTimeModel('linkedin', cellsOf([...saturdays(1, 20, 9), ...saturdays(1, 10, 1)]));
    expect(model.ranking[0]).not.toMatchObject({ weekday: 6, hour: 20 });
  });

  it('smooths a post into the neighbouring hours (weaker) but not into distant ones', () => {
    const base = bestTimeModel('linkedin', []);
    const model = bestTimeModel('linkedin', cellsOf(saturdays(20, 20, 9)));
    // All posts equal: percentile 0.5, above the prior (≈0.3) on a Saturday night.
    const lift = (h: number) => model.scores[6]![h]! - base.scores[6]![h]!;
    expect(lift(20)).toBeGreaterThan(lift(21));
    expect(lift(21)).toBeGreaterThan(lift(22));
    expect(lift(22)).toBeGreaterThan(0);
    expect(lift(23)).toBe(0);
  });

  it('wraps the smoothing across Saturday midnight into Sunday', () => {
    const base = bestTimeModel('instagram', []);
    const at = zonedTimeToUtc({ year: 2025, month: 3, day: 1, hour: 23, minute: 0 }, SP);
    const cells = bucketBestTimePosts(
      Array.from({ length: 10 }, () => post(at, 5, 'instagram')),
      SP,
    ).get('instagram')!;
    const model = bestTimeModel('instagram', cells);
    expect(model.scores[0]![0]).toBeGreaterThan(base.scores[0]![0]!);
  });
});

describe('confidence', () => {
  it('is baixa below 15 posts, média from 15, alta from 50', () => {
    expect([0, 14, 15, 49, 50, 500].map(confidenceOf)).toEqual([
      'baixa',
      'baixa',
      'media',
      'media',
      'alta',
      'alta',
    ]);
  });

  it('rejects impossible cells', () => {
    expect(() => bestTimeModel('x', [{ weekday: 7, hour: 0, posts: 1, percentileSum: 0.5 }])).toThrow(
      RangeError,
    );
    expect(() => bestTimeModel('x', [{ weekday: 0, hour: 24, posts: 1, percentileSum: 0.5 }])).toThrow(
      RangeError,
    );
    expect(() => bestTimeModel('x', [{ weekday: 0, hour: 1, posts: 1, percentileSum: 2 }])).toThrow(
      RangeError,
    );
  });
});

describe('bestHourOn', () => {
  it('is the best hour of the weekday, following the data when it is strong', () => {
    const model = bestTimeModel('linkedin', cellsOf([...saturdays(30, 20, 9), ...saturdays(60, 10, 1)]));
    expect(bestHourOn(model, 6)).toBe(20);
    const prior = bestTimeModel('linkedin', []);
    const tuesday = bestHourOn(prior, 2);
    expect(prior.scores[2]![tuesday]).toBe(Math.max(...prior.scores[2]!));
  });
});

describe('distinctTopSlots', () => {
  it('names the best slots without neighbours of the same day', () => {
    const model = bestTimeModel('linkedin', cellsOf([...saturdays(30, 20, 9), ...saturdays(60, 10, 1)]));
    expect(model.ranking.slice(0, 3).map((s) => [s.weekday, s.hour])).toEqual([
      [6, 20],
      [6, 19],
      [6, 21],
    ]);
    const top = distinctTopSlots(model);
    expect(top[0]).toMatchObject({ weekday: 6, hour: 20 });
    expect(top).toHaveLength(3);
    for (const [i, a] of top.entries())
      for (const b of top.slice(i + 1))
        expect(a.weekday !== b.weekday || Math.abs(a.hour - b.hour) > 2).toBe(true);
  });
});

describe('suggestSlots', () => {
  const model = bestTimeModel('linkedin', []);
  const now = new Date('2025-03-03T12:00:00Z'); // Monday 09:00 in São Paulo

  it('offers the 3 best free hours, in the future, one per local day, in the user zone', () => {
    const slots = suggestSlots(model, { now, timeZone: SP });
    expect(slots).toHaveLength(3);
    const days = new Set(slots.map((s) => utcToZonedParts(s.at, SP).day));
    expect(days.size).toBe(3);
    for (const slot of slots) {
      expect(slot.at.getTime()).toBeGreaterThan(now.getTime() + 59 * 60_000);
      const local = utcToZonedParts(slot.at, SP);
      expect([local.weekday, local.hour, local.minute]).toEqual([slot.weekday, slot.hour, 0]);
      expect(slot.score).toBe(model.scores[slot.weekday]![slot.hour]);
    }
    // In time order; each chosen day's best beats every day left out.
    expect(slots.map((s) => s.at.getTime())).toEqual(slots.map((s) => s.at.getTime()).sort((a, b) => a - b));
    // Tuesday and Wednesday this week, then next Tuesday (Thursday is a little weaker in the prior).
    expect(slots.map((s) => utcToZonedParts(s.at, SP).day)).toEqual([4, 5, 11]);
    const all = suggestSlots(model, { now, timeZone: SP, count: 100 });
    const worstChosen = Math.min(...slots.map((s) => s.score));
    for (const other of all.filter((a) => !slots.some((s) => s.at.getTime() === a.at.getTime())))
      expect(other.score).toBeLessThanOrEqual(worstChosen);
  });

  it('skips hours within an hour of a busy post of the same network', () => {
    const first = suggestSlots(model, { now, timeZone: SP })[0]!;
    const again = suggestSlots(model, {
      now,
      timeZone: SP,
      busy: [new Date(first.at.getTime() + 30 * 60_000)],
    });
    expect(again.map((s) => s.at.getTime())).not.toContain(first.at.getTime());
    const sameDay = again.find((s) => utcToZonedParts(s.at, SP).day === utcToZonedParts(first.at, SP).day);
    if (sameDay)
      expect(Math.abs(sameDay.at.getTime() - first.at.getTime())).toBeGreaterThanOrEqual(3_600_000);
  });

  it('never offers a local hour a DST change skips', () => {
    // New York 2025-03-09: 02:00 does not exist. A model whose best hour is 2 am.
    const cells = [{ weekday: 0, hour: 2, posts: 200, percentileSum: 200 }];
    const nightOwl = bestTimeModel('x', cells);
    const slots = suggestSlots(nightOwl, {
      now: new Date('2025-03-08T12:00:00Z'),
      timeZone: 'America/New_York',
      days: 1,
      count: 5,
    });
    for (const slot of slots) {
      const local = utcToZonedParts(slot.at, 'America/New_York');
      expect(local.hour).toBe(slot.hour);
    }
    expect(slots.some((s) => utcToZonedParts(s.at, 'America/New_York').day === 9 && s.hour === 2)).toBe(
      false,
    );
  });

  it('returns nothing when every hour is busy or past', () => {
    expect(suggestSlots(model, { now, timeZone: SP, days: 0, leadMinutes: 24 * 60 })).toEqual([]);
  });
});
