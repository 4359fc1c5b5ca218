// A client's report figures against real PostgreSQL (issue 27 item 2): a seeded month of four
// networks; every total equals what plain SQL over the same rows says, each against the previous
// month; another workspace's rows never count; the analysis is marked and its numbers are Pauta's.
import { type DbHandle, parseKeyring } from '@pauta/db';
import { type SandboxHandle, startSandbox } from '@pauta/networks/sandbox';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, testDb } from '../../../test/harness.js';
import { seedReportMonth } from '../../../test/report-seed.js';
import { TEST_KEYS } from '../../../test/server-harness.js';
import { createAiClient } from '../ai/ai-client.js';
import { localAnalysis, writeAnalysis } from './analysis.js';
import { type ReportData, readReportData } from './report-data.js';

const keyring = parseKeyring(TEST_KEYS);
const logger = pino({ level: 'silent' });
const TZ = 'America/Sao_Paulo';
const NOV = { from: '2026-11-01', to: '2026-11-30' };
// November 2026 in São Paulo (no DST): [03:00Z on the 1st, 03:00Z on 1 Dec).
const NOV_FROM = new Date('2026-11-01T03:00:00Z');
const NOV_TO = new Date('2026-12-01T03:00:00Z');
const OCT_FROM = new Date('2026-10-01T03:00:00Z');

let handle: DbHandle;
let workspaceId: string;
let otherWorkspace: string;
let data: ReportData;

beforeAll(async () => {
  handle = await testDb();
  const user = await makeUser(handle, 'report');
  workspaceId = user.id;
  await handle.db
    .updateTable('workspaces')
    .set({ name: 'Café Aurora', color: '#b45309' })
    .where('id', '=', workspaceId)
    .execute();
  await seedReportMonth(handle.db, keyring, {
    workspaceId,
    userId: user.id,
    platforms: ['linkedin', 'instagram', 'facebook', 'x'],
    postsPerNetwork: 12,
    year: 2026,
    month: 11,
  });
  // Another client's month: must never reach this report.
  const other = await makeUser(handle, 'other');
  otherWorkspace = other.id;
  await seedReportMonth(handle.db, keyring, {
    workspaceId: otherWorkspace,
    userId: other.id,
    platforms: ['linkedin', 'x'],
    postsPerNetwork: 30,
    year: 2026,
    month: 11,
  });
  data = await readReportData(handle.db, {
    workspaceId,
    period: NOV,
    timeZone: TZ,
    now: new Date('2026-12-02T12:00:00Z'),
  });
});
afterAll(async () => {
  await handle?.close();
});

async function independent(from: Date, to: Date) {
  const published = await sql<{ n: number; reach: number; eng: string | null }>`
    SELECT count(*)::int AS n, sum(reach)::int AS reach, avg(engagement_rate) FILTER (WHERE engagement_rate > 0) AS eng
      FROM published_posts WHERE workspace_id = ${workspaceId} AND published_at >= ${from} AND published_at < ${to}`.execute(
    handle.db,
  );
  const planned = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM suggested_posts
     WHERE workspace_id = ${workspaceId} AND scheduled_for >= ${from} AND scheduled_for < ${to}`.execute(
    handle.db,
  );
  return { ...published.rows[0]!, planned: planned.rows[0]!.n };
}

describe('report data', () => {
  it('names the client and the period compared with the previous month', () => {
    expect(data.client).toEqual({ name: 'Café Aurora', color: '#b45309', logoKey: null });
    expect(data.period).toEqual(NOV);
    expect(data.previous).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  });

  it('the summary totals are the database totals, each against October with the change in %', async () => {
    const nov = await independent(NOV_FROM, NOV_TO);
    const oct = await independent(OCT_FROM, NOV_FROM);
    expect(nov.n).toBe(48);
    expect(data.summary.published).toEqual({
      current: nov.n,
      previous: oct.n,
      changePct: Math.round(((nov.n - oct.n) / oct.n) * 1000) / 10,
    });
    expect(data.summary.planned.current).toBe(nov.planned);
    expect(data.summary.planned.previous).toBe(oct.planned);
    expect(data.summary.reach.current).toBe(nov.reach);
    expect(data.summary.reach.previous).toBe(oct.reach);
    expect(data.summary.reach.changePct).toBeCloseTo(((nov.reach - oct.reach) / oct.reach) * 100, 0);
    expect(data.summary.engagement.current).toBeCloseTo(Number(nov.eng), 1);
  });

  it('follower growth is the last snapshot of the month minus the last one before it', async () => {
    const rows = await sql<{ growth: number }>`
      SELECT sum(e.followers - b.followers)::int AS growth
        FROM account_follower_snapshots e
        JOIN account_follower_snapshots b ON b.connected_account_id = e.connected_account_id AND b.day = '2026-10-31'
       WHERE e.workspace_id = ${workspaceId} AND e.day = '2026-11-30'`.execute(handle.db);
    expect(data.summary.followerGrowth.current).toBe(rows.rows[0]!.growth);
    // The seed grows network i by (i + 2) a day: 2+3+4+5 = 14 a day; November has 30 days.
    expect(data.summary.followerGrowth.current).toBe(14 * 30);
    expect(data.summary.followerGrowth.previous).toBe(14 * 31);
  });

  it('per network: results, best and worst posts by engagement, never overlapping', async () => {
    expect(data.networks.map((n) => n.platform)).toEqual(['linkedin', 'facebook', 'x', 'instagram']);
    for (const network of data.networks) {
      const rows = await sql<{ n: number; reach: number; likes: number; best: string; worst: string }>`
        SELECT count(*)::int AS n, sum(reach)::int AS reach, sum(likes_count)::int AS likes,
               max(engagement_rate)::text AS best, min(engagement_rate)::text AS worst
          FROM published_posts WHERE workspace_id = ${workspaceId} AND platform = ${network.platform}
           AND published_at >= ${NOV_FROM} AND published_at < ${NOV_TO}`.execute(handle.db);
      const r = rows.rows[0]!;
      expect(network.published.current).toBe(r.n);
      expect(network.planned.current).toBe(r.n + 2);
      expect(network.reach.current).toBe(r.reach);
      expect(network.likes.current).toBe(r.likes);
      expect(network.best).toHaveLength(3);
      expect(network.worst).toHaveLength(3);
      expect(network.best[0]!.engagement).toBeCloseTo(Number(r.best), 1);
      expect(network.worst[0]!.engagement).toBeCloseTo(Number(r.worst), 1);
      const bestIds = new Set(network.best.map((p) => p.id));
      expect(network.worst.some((p) => bestIds.has(p.id))).toBe(false);
      expect(network.best[0]!.content).toContain('café especial');
    }
  });

  it('cadence per day adds up to the published and planned totals; approval turnaround in hours', async () => {
    expect(data.cadence.reduce((s, d) => s + d.published, 0)).toBe(data.summary.published.current);
    expect(data.cadence.reduce((s, d) => s + d.planned, 0)).toBe(data.summary.planned.current);
    expect(data.cadence.every((d) => d.day >= NOV.from && d.day <= NOV.to)).toBe(true);
    // Each approval counted in the month it happened, with its hours since the review request.
    const spans = await sql<{ approved_at: Date; hours: number }>`
      SELECT a.created_at AS approved_at, extract(epoch FROM a.created_at - r.created_at)::float8 / 3600 AS hours
        FROM post_stage_events a JOIN post_stage_events r ON r.post_id = a.post_id AND r.to_stage = 'review'
       WHERE a.workspace_id = ${workspaceId} AND a.to_stage = 'approved'`.execute(handle.db);
    const inNov = spans.rows.filter((r) => r.approved_at >= NOV_FROM && r.approved_at < NOV_TO);
    expect(inNov.length).toBeGreaterThan(0);
    expect(data.approval?.approved.current).toBe(inNov.length);
    expect(data.approval?.averageHours.current).toBeCloseTo(
      inNov.reduce((s, r) => s + r.hours, 0) / inNov.length,
      2,
    );
    expect(data.bestTimes.map((b) => b.platform).sort()).toEqual(['facebook', 'instagram', 'linkedin', 'x']);
  });

  it('another workspace sees only its own report', async () => {
    const other = await readReportData(handle.db, {
      workspaceId: otherWorkspace,
      period: NOV,
      timeZone: TZ,
      now: new Date('2026-12-02T12:00:00Z'),
    });
    expect(other.summary.published.current).toBe(60);
    expect(other.networks.map((n) => n.platform)).toEqual(['linkedin', 'x']);
  });
});

describe('report analysis', () => {
  let sandbox: SandboxHandle;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('without an AI key: a local text with the computed figures, marked local', async () => {
    const analysis = await writeAnalysis({ ai: null, logger }, data);
    expect(analysis.source).toBe('local');
    expect(analysis.text).toBe(localAnalysis(data));
    expect(analysis.text).toContain(
      `Foram publicados 48 de ${data.summary.planned.current} posts planejados`,
    );
  });

  it('with the AI (the Anthropic stand-in): a text with no number, marked as the AI’s', async () => {
    const ai = createAiClient(
      {
        apiKey: 'sk-test',
        baseURL: `${sandbox.url}/api.anthropic.com`,
        model: 'claude-sonnet-5-5',
        timeoutMs: 10_000,
      },
      logger,
    );
    const analysis = await writeAnalysis({ ai, logger }, data);
    expect(analysis.source).toBe('ai');
    expect(analysis.text).not.toMatch(/\d/);
    expect(analysis.text).toContain('alcance');
  });

  it('an AI answer that is unreadable falls back to the local text', async () => {
    sandbox.setNextAnthropicOutput('malformed', 1);
    const ai = createAiClient(
      {
        apiKey: 'sk-test',
        baseURL: `${sandbox.url}/api.anthropic.com`,
        model: 'claude-sonnet-5-5',
        timeoutMs: 10_000,
      },
      logger,
    );
    const analysis = await writeAnalysis({ ai, logger }, data);
    expect(analysis).toEqual({ source: 'local', text: localAnalysis(data) });
  });
});
