// The dashboard against real PostgreSQL: each user sees only their own figures (docs/security.md Z4),
// the spec's labels at their boundaries, and weekly charts in the user's time zone, zero-filled.
import type { DbHandle } from '@pauta/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { TestClient } from '../../../test/http-client.js';
import { insertTestTheme, listen, signedInUser, testDeps } from '../../../test/server-harness.js';
import { type DashboardCharts, type DashboardSummary, readCharts, readSummary } from './dashboard.service.js';

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

const makeAccount = (timezone?: string) =>
  signedInUser(handle, app.url, { label: 'dashboard', ...(timezone ? { timezone } : {}) });

const makeTheme = (userId: string, name?: string) => insertTestTheme(handle, userId, name);

async function publish(
  userId: string,
  publishedAt: string,
  metrics: { reach?: number | null; engagement?: number | null } = {},
) {
  await handle.db
    .insertInto('published_posts')
    .values({
      user_id: userId,
      title: 'P',
      content: 'C',
      platform: 'linkedin',
      published_at: new Date(publishedAt),
      reach: metrics.reach ?? null,
      engagement_rate: metrics.engagement ?? null,
    })
    .execute();
}

async function schedule(
  userId: string,
  themeId: string,
  scheduledFor: string,
  status: 'scheduled' | 'failed' | 'needs_attention' | 'missed' | 'published' | 'publishing' = 'scheduled',
  platform: 'linkedin' | 'facebook' | 'x' | 'instagram' = 'linkedin',
) {
  await handle.db
    .insertInto('suggested_posts')
    .values({
      user_id: userId,
      theme_id: themeId,
      title: 'T',
      content: 'C',
      platform,
      scheduled_for: scheduledFor,
      status,
    })
    .execute();
}

describe('dashboard.summary', () => {
  it('gives each of two users only their own figures', async () => {
    const ana = await makeAccount();
    const bia = await makeAccount();
    const anaTheme = await makeTheme(ana.id);
    await makeTheme(ana.id, 'Outro');
    const biaTheme = await makeTheme(bia.id);
    // Ana: 3 published (one without metrics, one with engagement 0), reach 6000.
    await publish(ana.id, '2026-01-01T10:00:00Z', { reach: 5000, engagement: 4 });
    await publish(ana.id, '2026-01-02T10:00:00Z', { reach: 1000, engagement: 0 });
    await publish(ana.id, '2026-01-03T10:00:00Z');
    await schedule(ana.id, anaTheme.id, '2030-01-01T10:00:00Z');
    await schedule(ana.id, anaTheme.id, '2030-01-02T10:00:00Z');
    await schedule(ana.id, anaTheme.id, '2026-01-02T10:00:00Z', 'failed');
    await schedule(ana.id, anaTheme.id, '2026-01-02T10:00:00Z', 'needs_attention');
    await schedule(ana.id, anaTheme.id, '2026-01-02T10:00:00Z', 'missed');
    await schedule(ana.id, anaTheme.id, '2026-01-02T10:00:00Z', 'missed');
    await schedule(ana.id, anaTheme.id, '2026-01-02T10:00:00Z', 'published');
    await schedule(ana.id, anaTheme.id, '2026-01-02T10:00:00Z', 'publishing');
    // Bia: 1 published with engagement 6 and reach 12000, 1 scheduled.
    await publish(bia.id, '2026-01-01T10:00:00Z', { reach: 12_000, engagement: 6 });
    await schedule(bia.id, biaTheme.id, '2030-01-01T10:00:00Z');

    const anaSummary = await ana.browser.query<DashboardSummary>('dashboard.summary');
    expect(anaSummary.data).toEqual({
      postsPublished: 3,
      postsScheduled: 2,
      timeSavedHours: 4,
      averageEngagement: 4,
      engagementLabel: 'Boa performance',
      totalReach: 6000,
      reachLabel: 'Bom alcance',
      themeCount: 2,
      attention: { failed: 1, needsAttention: 1, missed: 2 },
    });
    const biaSummary = await bia.browser.query<DashboardSummary>('dashboard.summary');
    expect(biaSummary.data).toEqual({
      postsPublished: 1,
      postsScheduled: 1,
      timeSavedHours: 1,
      averageEngagement: 6,
      engagementLabel: 'Excelente performance',
      totalReach: 12_000,
      reachLabel: 'Alcance excepcional',
      themeCount: 1,
      attention: { failed: 0, needsAttention: 0, missed: 0 },
    });
    expect((await new TestClient(app.url).query('dashboard.summary')).status).toBe(401);
  });

  it('labels an empty account and the thresholds exactly', async () => {
    const empty = await makeAccount();
    expect(await readSummary(handle.db, empty.id)).toEqual({
      postsPublished: 0,
      postsScheduled: 0,
      timeSavedHours: 0,
      averageEngagement: null,
      engagementLabel: 'Sem dados suficientes',
      totalReach: 0,
      reachLabel: 'Crescendo',
      themeCount: 0,
      attention: { failed: 0, needsAttention: 0, missed: 0 },
    });

    const cases: Array<[number, number, string, string]> = [
      [5, 10_000, 'Excelente performance', 'Alcance excepcional'],
      [4.99, 9_999, 'Boa performance', 'Bom alcance'],
      [3, 5_000, 'Boa performance', 'Bom alcance'],
      [2.99, 4_999, 'Performance regular', 'Alcance moderado'],
      [1, 1_000, 'Performance regular', 'Alcance moderado'],
      [0.99, 999, 'Precisa melhorar', 'Crescendo'],
    ];
    for (const [engagement, reach, engagementLabel, reachLabel] of cases) {
      const user = await makeAccount();
      await publish(user.id, '2026-01-01T10:00:00Z', { reach, engagement });
      // A post without engagement yet does not drag the average down.
      await publish(user.id, '2026-01-02T10:00:00Z', { reach: 0, engagement: 0 });
      expect(await readSummary(handle.db, user.id)).toMatchObject({
        averageEngagement: engagement,
        engagementLabel,
        totalReach: reach,
        reachLabel,
        timeSavedHours: 2,
      });
    }
  });
});

describe('dashboard.charts', () => {
  // Wednesday 2026-03-11 12:00Z: in Sao Paulo (UTC-3) the week began Monday 2026-03-09 03:00Z.
  const now = new Date('2026-03-11T12:00:00Z');

  it('buckets by Monday 00:00 in the user zone and zero-fills 12 + 6 weeks', async () => {
    const user = await makeAccount('America/Sao_Paulo');
    const other = await makeAccount('America/Sao_Paulo');
    const theme = await makeTheme(user.id);
    const otherTheme = await makeTheme(other.id);
    await publish(user.id, '2026-03-09T03:00:00Z', { engagement: 2 }); // Monday 00:00 local: this week
    await publish(user.id, '2026-03-09T02:59:59Z', { engagement: 4 }); // Sunday 23:59 local: last week
    await publish(user.id, '2026-03-09T01:00:00Z', { engagement: 0 }); // last week, no engagement yet
    await publish(user.id, '2025-12-22T03:00:00Z'); // first day of the oldest week shown
    await publish(user.id, '2025-12-22T02:59:59Z'); // one second too old
    await publish(other.id, '2026-03-10T12:00:00Z', { engagement: 9 });
    await schedule(user.id, theme.id, '2026-03-12T12:00:00Z', 'scheduled', 'x');
    await schedule(user.id, theme.id, '2026-03-12T13:00:00Z', 'scheduled', 'x');
    await schedule(user.id, theme.id, '2026-03-12T14:00:00Z', 'failed', 'x');
    await schedule(user.id, theme.id, '2026-04-20T02:59:59Z', 'scheduled', 'facebook'); // Sunday 04-19 local: week 6
    await schedule(user.id, theme.id, '2026-04-20T03:00:00Z', 'scheduled', 'facebook'); // week 7: outside
    await schedule(other.id, otherTheme.id, '2026-03-12T12:00:00Z', 'scheduled', 'x');

    const charts: DashboardCharts = await readCharts(handle.db, {
      workspaceId: user.id,
      userId: user.id,
      now,
    });
    expect(charts.weekly).toHaveLength(12);
    expect(charts.weekly[0]).toEqual({ weekStart: '2025-12-22', published: 1, avgEngagement: null });
    expect(charts.weekly[10]).toEqual({ weekStart: '2026-03-02', published: 2, avgEngagement: 4 });
    expect(charts.weekly[11]).toEqual({ weekStart: '2026-03-09', published: 1, avgEngagement: 2 });
    expect(charts.weekly.slice(1, 10).every((w) => w.published === 0 && w.avgEngagement === null)).toBe(true);
    expect(charts.weekly.map((w) => w.weekStart).slice(0, 3)).toEqual([
      '2025-12-22',
      '2025-12-29',
      '2026-01-05',
    ]);

    expect(charts.upcoming.map((w) => w.weekStart)).toEqual([
      '2026-03-09',
      '2026-03-16',
      '2026-03-23',
      '2026-03-30',
      '2026-04-06',
      '2026-04-13',
    ]);
    expect(charts.upcoming[0]).toEqual({
      weekStart: '2026-03-09',
      linkedin: 0,
      facebook: 0,
      x: 2,
      instagram: 0,
      threads: 0,
      linkedin_page: 0,
      mastodon: 0,
      bluesky: 0,
      pinterest: 0,
      google_business: 0,
      tiktok: 0,
    });
    expect(charts.upcoming[5]).toEqual({
      weekStart: '2026-04-13',
      linkedin: 0,
      facebook: 1,
      x: 0,
      instagram: 0,
      threads: 0,
      linkedin_page: 0,
      mastodon: 0,
      bluesky: 0,
      pinterest: 0,
      google_business: 0,
      tiktok: 0,
    });
    expect(charts.upcoming.slice(1, 5).every((w) => w.linkedin + w.facebook + w.x + w.instagram === 0)).toBe(
      true,
    );
  });

  it('follows daylight saving time: New York weeks start at 05:00Z in winter and 04:00Z in summer', async () => {
    const user = await makeAccount('America/New_York');
    await publish(user.id, '2026-03-09T04:00:00Z'); // Monday 2026-03-09 00:00 EDT
    await publish(user.id, '2026-03-09T03:59:59Z'); // Sunday 23:59:59 EDT
    await publish(user.id, '2026-03-02T05:00:00Z'); // Monday 2026-03-02 00:00 EST
    await publish(user.id, '2026-03-02T04:59:59Z'); // Sunday 2026-03-01 23:59:59 EST
    const charts = await readCharts(handle.db, { workspaceId: user.id, userId: user.id, now });
    expect(charts.weekly.slice(-3)).toEqual([
      { weekStart: '2026-02-23', published: 1, avgEngagement: null },
      { weekStart: '2026-03-02', published: 2, avgEngagement: null },
      { weekStart: '2026-03-09', published: 1, avgEngagement: null },
    ]);
  });

  it('answers over HTTP for the current weeks', async () => {
    const user = await makeAccount('Asia/Tokyo');
    const res = await user.browser.query<DashboardCharts>('dashboard.charts');
    expect(res.status).toBe(200);
    expect(res.data!.weekly).toHaveLength(12);
    expect(res.data!.upcoming).toHaveLength(6);
    expect(new Date(`${res.data!.upcoming[0]!.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(res.data!.weekly[11]!.weekStart).toBe(res.data!.upcoming[0]!.weekStart);
  });
});
