// A client's report (issue 27 item 2, docs/reports.md): every figure for a period of one workspace
// and the same figures for the previous period, from set-based aggregates
// (db/src/repositories/reports.repository.ts). The numbers are always computed here; the AI only
// writes the short analysis around them (analysis.ts), and never a number.
import {
  averageEngagement,
  type BestTimeConfidence,
  distinctTopSlots,
  PLATFORM_LABELS,
  PLATFORMS,
  type Platform,
  percentChange,
  periodInstants,
  previousPeriod,
  type ReportPeriod,
} from '@pauta/core';
import {
  type Database,
  readReportApproval,
  readReportCadence,
  readReportFollowers,
  readReportNetworks,
  readReportPlanned,
  readReportTopPosts,
} from '@pauta/db';
import type { Kysely } from 'kysely';
import { readBestTimeModels } from '../best-time/best-time.service.js';

/** Posts listed as the best and as the worst of each network. */
export const REPORT_TOP_POSTS = 3;

/** A figure of the period, the previous period's, and the change in % (null when not comparable). */
export interface Compared {
  current: number | null;
  previous: number | null;
  changePct: number | null;
}

export interface ReportPost {
  id: string;
  title: string;
  content: string;
  url: string | null;
  publishedAt: string;
  reach: number | null;
  likes: number | null;
  comments: number | null;
  engagement: number | null;
  /** The post's first image's thumbnail key in media storage, when it had one. */
  thumbKey: string | null;
  altText: string | null;
}

export interface ReportNetwork {
  platform: Platform;
  label: string;
  published: Compared;
  planned: Compared;
  reach: Compared;
  likes: Compared;
  comments: Compared;
  engagement: Compared;
  followers: { start: number | null; end: number | null; growth: Compared };
  best: ReportPost[];
  worst: ReportPost[];
}

export interface ReportData {
  client: { name: string; color: string | null; logoKey: string | null };
  period: ReportPeriod;
  previous: ReportPeriod;
  timeZone: string;
  summary: {
    published: Compared;
    planned: Compared;
    reach: Compared;
    engagement: Compared;
    followerGrowth: Compared;
    followers: number | null;
  };
  networks: ReportNetwork[];
  /** Per local day of the period: posts published and planned. */
  cadence: Array<{ day: string; published: number; planned: number }>;
  bestTimes: Array<{
    platform: Platform;
    confidence: BestTimeConfidence;
    slots: Array<{ weekday: number; hour: number; score: number }>;
  }>;
  /** null when no theme of the workspace requires approval. */
  approval: { approved: Compared; averageHours: Compared } | null;
}

function compared(current: number | null, previous: number | null): Compared {
  return { current, previous, changePct: percentChange(current, previous) };
}

const num = (value: string | number | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

/** Sum of the non-null values; null when all are null. */
function sumOrNull(values: readonly (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null);
  return present.length === 0 ? null : present.reduce((a, b) => a + b, 0);
}

function round2(value: number | null): number | null {
  return value === null ? null : Math.round(value * 100) / 100;
}

export async function readReportData(
  db: Kysely<Database>,
  input: { workspaceId: string; period: ReportPeriod; timeZone: string; now: Date },
): Promise<ReportData> {
  const { workspaceId, period, timeZone } = input;
  const previous = previousPeriod(period);
  const current = periodInstants(period, timeZone);
  const before = periodInstants(previous, timeZone);
  const windows = { from: current.from, to: current.to, previousFrom: before.from, previousTo: before.to };
  const [workspace, networks, planned, top, cadence, followers, approval, models, engagementAll] =
    await Promise.all([
      db
        .selectFrom('workspaces')
        .select(['name', 'color', 'logo_key'])
        .where('id', '=', workspaceId)
        .executeTakeFirstOrThrow(),
      readReportNetworks(db, workspaceId, windows),
      readReportPlanned(db, workspaceId, windows),
      readReportTopPosts(db, workspaceId, current, REPORT_TOP_POSTS),
      readReportCadence(db, workspaceId, current, timeZone),
      readReportFollowers(db, workspaceId, {
        from: period.from,
        to: period.to,
        previousFrom: previous.from,
        previousTo: previous.to,
      }),
      readReportApproval(db, workspaceId, windows),
      // The heat map as of the end of the period (or now, for a period not over yet).
      readBestTimeModels(db, {
        workspaceId,
        timeZone,
        now: new Date(Math.min(input.now.getTime(), current.to.getTime())),
      }),
      // The summary's engagement is the mean over every post (as the dashboard's), not a mean of means.
      readEngagementAll(db, workspaceId, windows),
    ]);

  const toPost = (row: (typeof top)[number]): ReportPost => ({
    id: row.id,
    title: row.title,
    content: row.content,
    url: row.url,
    publishedAt: row.published_at.toISOString(),
    reach: row.reach,
    likes: row.likes_count,
    comments: row.comments_count,
    engagement: round2(num(row.engagement_rate)),
    thumbKey: row.thumb_key,
    altText: row.alt_text,
  });

  const present = new Set<Platform>([
    ...networks.map((n) => n.platform),
    ...planned.map((p) => p.platform),
    ...followers.map((f) => f.platform),
  ]);
  const perNetwork: ReportNetwork[] = PLATFORMS.filter((p) => present.has(p)).map((platform) => {
    const n = networks.find((r) => r.platform === platform);
    const p = planned.find((r) => r.platform === platform);
    const f = followers.filter((r) => r.platform === platform);
    const start = sumOrNull(f.map((r) => r.start_followers));
    const end = sumOrNull(f.map((r) => r.end_followers));
    const prevStart = sumOrNull(f.map((r) => r.previous_start_followers));
    const prevEnd = sumOrNull(f.map((r) => r.previous_end_followers));
    return {
      platform,
      label: PLATFORM_LABELS[platform],
      published: compared(n?.published ?? 0, n?.previous_published ?? 0),
      planned: compared(p?.planned ?? 0, p?.previous_planned ?? 0),
      reach: compared(n?.reach ?? null, n?.previous_reach ?? null),
      likes: compared(n?.likes ?? null, n?.previous_likes ?? null),
      comments: compared(n?.comments ?? null, n?.previous_comments ?? null),
      engagement: compared(round2(num(n?.engagement)), round2(num(n?.previous_engagement))),
      followers: {
        start,
        end,
        growth: compared(
          start === null || end === null ? null : end - start,
          prevStart === null || prevEnd === null ? null : prevEnd - prevStart,
        ),
      },
      best: top.filter((t) => t.platform === platform && t.kind === 'best').map(toPost),
      worst: top.filter((t) => t.platform === platform && t.kind === 'worst').map(toPost),
    };
  });

  const growth = (pick: (n: ReportNetwork) => number | null) => sumOrNull(perNetwork.map(pick));
  return {
    client: { name: workspace.name, color: workspace.color, logoKey: workspace.logo_key },
    period,
    previous,
    timeZone,
    summary: {
      published: compared(
        perNetwork.reduce((s, n) => s + (n.published.current ?? 0), 0),
        perNetwork.reduce((s, n) => s + (n.published.previous ?? 0), 0),
      ),
      planned: compared(
        perNetwork.reduce((s, n) => s + (n.planned.current ?? 0), 0),
        perNetwork.reduce((s, n) => s + (n.planned.previous ?? 0), 0),
      ),
      reach: compared(
        growth((n) => n.reach.current),
        growth((n) => n.reach.previous),
      ),
      engagement: compared(engagementAll.current, engagementAll.previous),
      followerGrowth: compared(
        growth((n) => n.followers.growth.current),
        growth((n) => n.followers.growth.previous),
      ),
      followers: growth((n) => n.followers.end),
    },
    networks: perNetwork,
    cadence,
    bestTimes: models
      .filter((m) => present.has(m.platform))
      .map((m) => ({ platform: m.platform, confidence: m.confidence, slots: distinctTopSlots(m, 3) })),
    approval: approval.enabled
      ? {
          approved: compared(approval.approved, approval.previous_approved),
          averageHours: compared(round2(approval.average_hours), round2(approval.previous_average_hours)),
        }
      : null,
  };
}

async function readEngagementAll(
  db: Kysely<Database>,
  workspaceId: string,
  w: { from: Date; to: Date; previousFrom: Date; previousTo: Date },
): Promise<{ current: number | null; previous: number | null }> {
  const result = await db
    .selectFrom('published_posts')
    .select((eb) => [
      eb.fn
        .avg<string | null>('engagement_rate')
        .filterWhere((f) =>
          f.and([
            f('published_at', '>=', w.from),
            f('published_at', '<', w.to),
            f('engagement_rate', '>', '0'),
          ]),
        )
        .as('current'),
      eb.fn
        .avg<string | null>('engagement_rate')
        .filterWhere((f) =>
          f.and([
            f('published_at', '>=', w.previousFrom),
            f('published_at', '<', w.previousTo),
            f('engagement_rate', '>', '0'),
          ]),
        )
        .as('previous'),
    ])
    .where('workspace_id', '=', workspaceId)
    .where('published_at', '>=', w.previousFrom)
    .where('published_at', '<', w.to)
    .executeTakeFirstOrThrow();
  return {
    current: round2(averageEngagement([num(result.current)])),
    previous: round2(averageEngagement([num(result.previous)])),
  };
}
