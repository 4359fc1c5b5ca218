// Best time to post against real PostgreSQL (docs/best-time.md): the one-statement aggregate
// buckets exactly as core's reference does (per user, in the user's zone, across DST), the grid
// and the suggestions through HTTP, and themes with "Usar o melhor horário de cada rede".
import {
  addDays,
  type BestTimeModel,
  type BestTimePost,
  bestHourOn,
  bestTimeModel,
  bucketBestTimePosts,
  type CalendarDate,
  type Platform,
  utcToZonedParts,
  zonedTimeToUtc,
} from '@pauta/core';
import { type DbHandle, readBestTimeCells } from '@pauta/db';
import { priorGrid } from '@pauta/networks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { TestClient } from '../../../test/http-client.js';
import { insertTestTheme, listen, signedInUser, testDeps } from '../../../test/server-harness.js';

let handle: DbHandle;
let app: { url: string; close(): Promise<void> };

beforeAll(async () => {
  handle = await testDb();
  app = await listen(testDeps(handle));
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

const NY = 'America/New_York';

async function publish(userId: string, post: BestTimePost) {
  await handle.db
    .insertInto('published_posts')
    .values({
      user_id: userId,
      title: 'P',
      content: 'C',
      platform: post.platform,
      published_at: post.publishedAt,
      engagement_rate: post.engagementRate,
      likes_count: post.likes,
      comments_count: post.comments,
    })
    .execute();
}

/** The local days of `weekday` going back from a week ago, `count` of them. */
function pastWeekdays(weekday: number, count: number, timeZone: string): CalendarDate[] {
  let day: CalendarDate = addDays(utcToZonedParts(new Date(), timeZone), -7);
  while (
    utcToZonedParts(zonedTimeToUtc({ ...day, hour: 12, minute: 0 }, timeZone), timeZone).weekday !== weekday
  )
    day = addDays(day, -1);
  return Array.from({ length: count }, (_, i) => addDays(day, -7 * i));
}

/** 20 strong LinkedIn posts on Saturdays at 20:xx local and 40 weak ones on weekdays at 10:xx. */
async function seedSaturdayEvenings(userId: string, timeZone: string) {
  const posts: BestTimePost[] = [];
  for (const [i, day] of pastWeekdays(6, 20, timeZone).entries())
    posts.push({
      platform: 'linkedin',
      publishedAt: zonedTimeToUtc({ ...day, hour: 20, minute: 10 }, timeZone),
      engagementRate: 8 + (i % 3),
      likes: 40,
      comments: 5,
    });
  for (const weekday of [1, 2, 3, 4])
    for (const [i, day] of pastWeekdays(weekday, 10, timeZone).entries())
      posts.push({
        platform: 'linkedin',
        publishedAt: zonedTimeToUtc({ ...day, hour: 10, minute: 0 }, timeZone),
        engagementRate: 1 + (i % 4) / 10,
        likes: 5,
        comments: 0,
      });
  for (const post of posts) await publish(userId, post);
  return posts;
}

describe('readBestTimeCells (the aggregate)', () => {
  it('buckets like core, per user, by local weekday and hour across DST, leaving out posts without metrics', async () => {
    const ana = await signedInUser(handle, app.url, { label: 'best-time', timezone: NY });
    const bia = await signedInUser(handle, app.url, { label: 'best-time' });
    // Around New York's 2025 DST changes (Mar 9, Nov 2) and midnight, with ties and like-only posts.
    const instants = [
      '2025-03-08T13:30:00Z',
      '2025-03-09T13:30:00Z',
      '2025-03-09T06:59:00Z',
      '2025-03-09T07:01:00Z',
      '2025-11-02T05:30:00Z',
      '2025-11-02T06:30:00Z',
      '2025-11-03T04:59:00Z',
      '2025-06-01T15:00:00Z',
    ];
    const posts: BestTimePost[] = [];
    for (const [i, at] of instants.entries()) {
      for (const platform of ['linkedin', 'facebook'] as Platform[]) {
        posts.push({
          platform,
          publishedAt: new Date(at),
          engagementRate: i % 3 === 0 ? null : (i % 4) + 0.5,
          likes: i % 3 === 0 && i !== 0 ? i * 2 : null,
          comments: null,
        });
      }
    }
    for (const post of posts) await publish(ana.id, post);
    // Bia's posts at the same times never reach Ana's grid.
    for (const post of posts) await publish(bia.id, { ...post, engagementRate: 99 });

    const rows = await readBestTimeCells(handle.db, {
      workspaceId: ana.id,
      timeZone: NY,
      since: new Date('2025-01-01T00:00:00Z'),
      until: new Date('2026-01-01T00:00:00Z'),
    });
    const expected = bucketBestTimePosts(posts, NY);
    for (const platform of ['linkedin', 'facebook'] as const) {
      const sort = <T extends { weekday: number; hour: number }>(cells: T[]) =>
        [...cells].sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);
      const got = sort(rows.filter((r) => r.platform === platform)).map(({ platform: _p, ...cell }) => cell);
      const want = sort(expected.get(platform)!);
      expect(got.map((c) => [c.weekday, c.hour, c.posts])).toEqual(
        want.map((c) => [c.weekday, c.hour, c.posts]),
      );
      for (const [i, cell] of got.entries())
        expect(cell.percentileSum).toBeCloseTo(want[i]!.percentileSum, 9);
    }
    // The posts without metrics (i = 0) are left out: 7 of 8 per network.
    expect(rows.filter((r) => r.platform === 'linkedin').reduce((n, r) => n + r.posts, 0)).toBe(7);
  });
});

describe('bestTime.grid', () => {
  it("shows the user's proven slot first on that network and the prior on the others, with the confidence", async () => {
    const user = await signedInUser(handle, app.url, { label: 'best-time', timezone: NY });
    await seedSaturdayEvenings(user.id, NY);
    // A post of the last hours (early metrics) is not counted.
    await publish(user.id, {
      platform: 'linkedin',
      publishedAt: new Date(Date.now() - 3_600_000),
      engagementRate: 50,
      likes: 1,
      comments: 1,
    });
    const res = await user.browser.query<{ timeZone: string; networks: BestTimeModel[] }>('bestTime.grid');
    expect(res.status).toBe(200);
    expect(res.data!.timeZone).toBe(NY);
    const linkedin = res.data!.networks.find((n) => n.platform === 'linkedin')!;
    expect(linkedin.posts).toBe(60);
    expect(linkedin.confidence).toBe('alta');
    expect(linkedin.ranking[0]).toMatchObject({ weekday: 6, hour: 20 });
    const x = res.data!.networks.find((n) => n.platform === 'x')!;
    expect(x).toMatchObject({ posts: 0, confidence: 'baixa' });
    expect(x.scores).toEqual(bestTimeModel('x', [], priorGrid('x')).scores);
    expect((await new TestClient(app.url).query('bestTime.grid')).status).toBe(401);
  });
});

describe('bestTime.suggestions', () => {
  it('offers 3 future free slots of the post network in the user zone, skipping busy hours; NOT_FOUND for others', async () => {
    const user = await signedInUser(handle, app.url, { label: 'best-time', timezone: NY });
    const other = await signedInUser(handle, app.url, { label: 'best-time' });
    await seedSaturdayEvenings(user.id, NY);
    const theme = await insertTestTheme(handle, user.id);
    const post = await handle.db
      .insertInto('suggested_posts')
      .values({
        user_id: user.id,
        theme_id: theme.id,
        title: 'T',
        content: 'C',
        platform: 'linkedin',
        scheduled_for: new Date(Date.now() + 30 * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    type Answer = {
      platform: Platform;
      suggestions: { scheduledFor: Date; weekday: number; hour: number; score: number }[];
    };
    const first = await user.browser.query<Answer>('bestTime.suggestions', { postId: post.id });
    expect(first.status).toBe(200);
    expect(first.data!.platform).toBe('linkedin');
    const slots = first.data!.suggestions;
    expect(slots).toHaveLength(3);
    // Saturday 20h (the data's best) is among them, at 20:00 New York time. Not necessarily the
    // first Saturday: on a Saturday evening in New York today's 20:00 is within the hour's lead,
    // and today's best left is 21:00 (the CI ran at 19:11 there once); the next Saturdays' 20:00
    // are within the 14 days.
    const saturday = slots.find((s) => s.weekday === 6 && s.hour === 20);
    expect(saturday, JSON.stringify(slots)).toBeDefined();
    if (!saturday) return;
    for (const slot of slots) {
      const at = new Date(slot.scheduledFor);
      expect(at.getTime()).toBeGreaterThan(Date.now());
      expect(utcToZonedParts(at, NY)).toMatchObject({ weekday: slot.weekday, hour: slot.hour, minute: 0 });
    }
    // Another LinkedIn post at that Saturday 20:00: the slot is not offered any more.
    await handle.db
      .insertInto('suggested_posts')
      .values({
        user_id: user.id,
        theme_id: theme.id,
        title: 'Ocupado',
        content: 'C',
        platform: 'linkedin',
        scheduled_for: new Date(saturday.scheduledFor),
      })
      .execute();
    const second = await user.browser.query<Answer>('bestTime.suggestions', { postId: post.id });
    const times = second.data!.suggestions.map((s) => new Date(s.scheduledFor).getTime());
    expect(times).not.toContain(new Date(saturday.scheduledFor).getTime());
    expect(second.data!.suggestions).toHaveLength(3);

    const foreign = await other.browser.query('bestTime.suggestions', { postId: post.id });
    expect(foreign.error?.message).toBe('NOT_FOUND');
  });
});

describe('themes with "Usar o melhor horário de cada rede"', () => {
  const themeInput = {
    name: 'Café especial',
    description: 'Dicas de preparo e origem dos grãos',
    toneOfVoice: ['informative'],
    avoidTopics: [],
    socialNetworks: ['linkedin', 'x'],
    frequency: 'daily',
    colorPalette: 'blue',
  };

  async function postsOf(themeId: string) {
    return handle.db
      .selectFrom('suggested_posts')
      .select(['platform', 'scheduled_for', 'post_order'])
      .where('theme_id', '=', themeId)
      .orderBy('post_order')
      .execute();
  }

  it('schedules each network at its best hour of the day in the user zone; off keeps 10:00', async () => {
    const user = await signedInUser(handle, app.url, { label: 'best-time', timezone: NY });
    await seedSaturdayEvenings(user.id, NY);
    const created = await user.browser.mutate<{ theme: { id: string } }>('themes.create', {
      ...themeInput,
      useBestTime: true,
    });
    expect(created.status).toBe(200);
    const themeId = created.data!.theme.id;
    const got = await user.browser.query<{ useBestTime: boolean }>('themes.get', { id: themeId });
    expect(got.data!.useBestTime).toBe(true);

    const posts = await postsOf(themeId);
    expect(posts).toHaveLength(30);
    const grid = (await user.browser.query<{ networks: BestTimeModel[] }>('bestTime.grid')).data!.networks;
    const model = (p: Platform) => grid.find((n) => n.platform === p)!;
    const byOrder = new Map<number, Map<string, Date>>();
    for (const post of posts) {
      const local = utcToZonedParts(post.scheduled_for!, NY);
      expect(local.minute).toBe(0);
      expect(local.hour).toBe(bestHourOn(model(post.platform), local.weekday));
      const same = byOrder.get(post.post_order) ?? new Map<string, Date>();
      same.set(post.platform, post.scheduled_for!);
      byOrder.set(post.post_order, same);
    }
    // Saturdays: LinkedIn at 20:00 (the user's data), X at the industry's best Saturday hour.
    const saturdays = posts.filter((p) => utcToZonedParts(p.scheduled_for!, NY).weekday === 6);
    expect(saturdays.length).toBeGreaterThan(0);
    for (const post of saturdays)
      expect(utcToZonedParts(post.scheduled_for!, NY).hour).toBe(post.platform === 'linkedin' ? 20 : 10);
    // The cadence is unchanged: both networks of a post on the same local day, one day apart.
    const days = [...byOrder.values()].map((networks) => {
      const [a, b] = [...networks.values()].map((d) => utcToZonedParts(d, NY));
      expect([a!.year, a!.month, a!.day]).toEqual([b!.year, b!.month, b!.day]);
      return a!;
    });
    for (let i = 1; i < days.length; i++)
      expect(addDays(days[i - 1]!, 1)).toEqual({
        year: days[i]!.year,
        month: days[i]!.month,
        day: days[i]!.day,
      });

    // Without the option (the default), the spec's 10:00 local for every network.
    const plain = await user.browser.mutate<{ theme: { id: string } }>('themes.create', {
      ...themeInput,
      name: 'Sem opção',
    });
    for (const post of await postsOf(plain.data!.theme.id))
      expect(utcToZonedParts(post.scheduled_for!, NY).hour).toBe(10);

    // The option is switched off on update (and kept when absent).
    const { toneOfVoice, avoidTopics, socialNetworks, frequency, colorPalette, description } = themeInput;
    const kept = await user.browser.mutate<{ useBestTime: boolean }>('themes.update', {
      id: themeId,
      name: 'Café',
      description,
      toneOfVoice,
      avoidTopics,
      socialNetworks,
      frequency,
      colorPalette,
    });
    expect(kept.data!.useBestTime).toBe(true);
    const off = await user.browser.mutate<{ useBestTime: boolean }>('themes.update', {
      id: themeId,
      name: 'Café',
      description,
      toneOfVoice,
      avoidTopics,
      socialNetworks,
      frequency,
      colorPalette,
      useBestTime: false,
    });
    expect(off.data!.useBestTime).toBe(false);
  });
});
