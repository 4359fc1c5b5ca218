// The private read-only link to a report (issue 27 item 3; docs/reports.md "The private link").
//
// Built like the client approval link (approval/client-link.service.ts): 256 random bits
// (base64url) of which only the SHA-256 is stored, an expiry of at most CLIENT_LINK_MAX_DAYS days,
// revocable at once, rate limited per IP and per link with the same limits (rate_limits in
// PostgreSQL), tokens that open nothing counted apart. The page /relatorio/<token> shows the
// report's snapshot — the very figures and analysis its PDF was drawn from — built field by field
// here (ReportPageView): the client's name, colour and logo, the figures, the best and worst posts
// as the networks published them, the best times, the approval figures, the analysis, the note and
// the PDF's signed URL — everything the PDF shows. No ids, no e-mail, no token, nothing of the
// workspace but its branding.
import { randomBytes } from 'node:crypto';
import {
  AppError,
  type BestTimeConfidence,
  type CadenceRow,
  CLIENT_LINK_MAX_DAYS,
  cadenceRows,
  PLATFORM_LABELS,
  type Platform,
  type ReportPeriod,
} from '@pauta/core';
import {
  findReport,
  findReportLinkByHash,
  findReportSnapshot,
  findWorkspaceTimeZone,
  insertReportLink,
  listReportLinks,
  type ReportLinkRow,
  revokeReportLink,
  touchReportLink,
} from '@pauta/db';
import { CLIENT_LINK_LIMITS, hashToken, TOKEN_SHAPE } from '../approval/client-link.service.js';
import { assertNotBlocked, countFailure } from '../auth/rate-limit.js';
import type { AppDeps } from '../deps.js';
import { browserMediaUrl } from '../media/media.service.js';
import { localAnalysis, type ReportAnalysis } from './analysis.js';
import {
  type Compared,
  type ReportData,
  type ReportNetwork,
  type ReportPost,
  readReportData,
} from './report-data.js';

const DAY = 24 * 3_600_000;
/** The path of a report's page; the server marks it no-referrer and noindex (app.ts). */
export const REPORT_LINK_PAGE = '/relatorio/';

export type ReportLinkStatus = 'active' | 'expired' | 'revoked';

export interface ReportLinkView {
  id: string;
  reportId: string;
  status: ReportLinkStatus;
  expiresAt: Date;
  lastUsedAt: Date | null;
  createdAt: Date;
}

function statusOf(link: Pick<ReportLinkRow, 'revoked_at' | 'expires_at'>, now: Date): ReportLinkStatus {
  if (link.revoked_at) return 'revoked';
  return link.expires_at.getTime() <= now.getTime() ? 'expired' : 'active';
}

function toLinkView(row: ReportLinkRow, now: Date): ReportLinkView {
  return {
    id: row.id,
    reportId: row.report_id,
    status: statusOf(row, now),
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    createdAt: row.created_at,
  };
}

/** "Criar link": a done report of the workspace, valid 1–CLIENT_LINK_MAX_DAYS days. */
export async function createReportLink(
  deps: Pick<AppDeps, 'db' | 'env'>,
  input: { workspaceId: string; userId: string; reportId: string; validDays: number; requestKey: string },
  now = new Date(),
): Promise<{ link: ReportLinkView; url: string }> {
  if (!Number.isInteger(input.validDays) || input.validDays < 1 || input.validDays > CLIENT_LINK_MAX_DAYS)
    throw new AppError('VALIDATION_FAILED', { field: 'validDays' });
  const report = await findReport(deps.db, input.workspaceId, input.reportId);
  if (!report) throw new AppError('NOT_FOUND');
  if (report.status !== 'done') throw new AppError('CONFLICT', { reason: 'REPORT_NOT_READY' });
  const token = randomBytes(32).toString('base64url');
  const row = await insertReportLink(deps.db, {
    workspaceId: input.workspaceId,
    reportId: report.id,
    createdBy: input.userId,
    requestKey: input.requestKey,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + input.validDays * DAY),
  });
  return {
    link: toLinkView(row, now),
    url: `${deps.env.appUrl.replace(/\/+$/, '')}${REPORT_LINK_PAGE}${token}`,
  };
}

/** The workspace's links per report id (newest first). */
export async function reportLinksOf(
  deps: Pick<AppDeps, 'db'>,
  workspaceId: string,
  now = new Date(),
): Promise<Map<string, ReportLinkView[]>> {
  const byReport = new Map<string, ReportLinkView[]>();
  for (const row of await listReportLinks(deps.db, workspaceId)) {
    const list = byReport.get(row.report_id) ?? [];
    list.push(toLinkView(row, now));
    byReport.set(row.report_id, list);
  }
  return byReport;
}

/** "Revogar": at once and for good; a repeat changes nothing. */
export async function revokeReportLinkOf(
  deps: Pick<AppDeps, 'db'>,
  input: { workspaceId: string; linkId: string },
  now = new Date(),
): Promise<ReportLinkView> {
  const row = await revokeReportLink(deps.db, input);
  if (!row) throw new AppError('NOT_FOUND');
  return toLinkView(row, now);
}

// ——— The public page ———

/** A report's post as the public page shows it: its image by a signed URL, not its storage key. */
export type ReportPagePost = Omit<ReportPost, 'id' | 'thumbKey'> & { imageUrl: string | null };

/** A network's section of the page: the report's figures, its follower growth only, its posts' pictures by URL. */
export type ReportPageNetwork = Omit<ReportNetwork, 'followers' | 'best' | 'worst'> & {
  followerGrowth: Compared;
  best: ReportPagePost[];
  worst: ReportPagePost[];
};

export type ReportPageView =
  | { state: 'expired' }
  | { state: 'revoked' }
  | { state: 'invalid' }
  | {
      state: 'open';
      client: { name: string; color: string | null; logoUrl: string | null };
      period: ReportPeriod;
      previous: ReportPeriod;
      expiresAt: Date;
      finishedAt: Date | null;
      summary: ReportData['summary'];
      /** The cadence chart's rows: the PDF's (core/src/reports/chart-data.ts). */
      cadence: CadenceRow[];
      networks: ReportPageNetwork[];
      /** The heat map's top slots per network as of the period's end (the PDF's "Melhores horários"). */
      bestTimes: Array<{
        platform: Platform;
        label: string;
        confidence: BestTimeConfidence;
        slots: Array<{ weekday: number; hour: number }>;
      }>;
      /** Null when no theme of the workspace requires approval. */
      approval: { approved: Compared; averageHours: Compared } | null;
      analysis: { source: 'ai' | 'local'; text: string };
      note: string | null;
      /** Same-origin signed URL of the PDF (one to two hours). */
      pdfUrl: string | null;
    };

export type ReportPageDeps = Pick<AppDeps, 'db' | 'media'>;

const compared = (c: Compared): Compared => ({
  current: c.current,
  previous: c.previous,
  changePct: c.changePct,
});

/** The page /relatorio/<token>: the report's snapshot, or why the link opens nothing. */
export async function openReportPage(
  deps: ReportPageDeps,
  input: { token: string; ip: string },
  now = new Date(),
): Promise<ReportPageView> {
  const ipKey = `reportlink:ip:${input.ip}`;
  const badKey = `reportlink:bad:${input.ip}`;
  await assertNotBlocked(deps.db, [ipKey, badKey], now);
  await countFailure(deps.db, ipKey, CLIENT_LINK_LIMITS.ip, now);
  const link = TOKEN_SHAPE.test(input.token)
    ? await findReportLinkByHash(deps.db, hashToken(input.token))
    : undefined;
  if (!link) {
    await countFailure(deps.db, badKey, CLIENT_LINK_LIMITS.badToken, now);
    return { state: 'invalid' };
  }
  const linkKey = `reportlink:link:${link.id}`;
  await assertNotBlocked(deps.db, [linkKey], now);
  await countFailure(deps.db, linkKey, CLIENT_LINK_LIMITS.link, now);
  const status = statusOf(link, now);
  if (status !== 'active') return { state: status };
  const [report, snapshot] = await Promise.all([
    findReport(deps.db, link.workspace_id, link.report_id),
    findReportSnapshot(deps.db, link.workspace_id, link.report_id),
  ]);
  if (report?.status !== 'done') return { state: 'invalid' };
  await touchReportLink(deps.db, link.id);
  let data: ReportData;
  let analysis: ReportAnalysis;
  if (snapshot) {
    data = snapshot.data as ReportData;
    analysis = snapshot.analysis as ReportAnalysis;
  } else {
    // A report finished before snapshots were kept: today's figures and the automatic text.
    data = await readReportData(deps.db, {
      workspaceId: link.workspace_id,
      period: { from: report.period_start, to: report.period_end },
      timeZone: await findWorkspaceTimeZone(deps.db, link.workspace_id),
      now,
    });
    analysis = { source: 'local', text: localAnalysis(data) };
  }
  const signingKey = deps.media?.signingKey;
  const sign = (key: string | null) =>
    key && signingKey ? browserMediaUrl(signingKey, key, now.getTime()) : null;
  const post = (p: ReportData['networks'][number]['best'][number]): ReportPagePost => ({
    title: p.title,
    content: p.content,
    url: p.url,
    publishedAt: p.publishedAt,
    reach: p.reach,
    likes: p.likes,
    comments: p.comments,
    engagement: p.engagement,
    imageUrl: sign(p.thumbKey),
    altText: p.altText,
  });
  return {
    state: 'open',
    client: { name: data.client.name, color: data.client.color, logoUrl: sign(data.client.logoKey) },
    period: { from: data.period.from, to: data.period.to },
    previous: { from: data.previous.from, to: data.previous.to },
    expiresAt: link.expires_at,
    finishedAt: report.finished_at,
    summary: {
      published: compared(data.summary.published),
      planned: compared(data.summary.planned),
      reach: compared(data.summary.reach),
      engagement: compared(data.summary.engagement),
      followerGrowth: compared(data.summary.followerGrowth),
      followers: data.summary.followers,
    },
    cadence: cadenceRows(data.period, data.cadence),
    networks: data.networks.map((n) => ({
      platform: n.platform,
      label: n.label,
      published: compared(n.published),
      planned: compared(n.planned),
      reach: compared(n.reach),
      likes: compared(n.likes),
      comments: compared(n.comments),
      engagement: compared(n.engagement),
      followerGrowth: compared(n.followers.growth),
      best: n.best.map(post),
      worst: (n.worst ?? []).map(post),
    })),
    bestTimes: (data.bestTimes ?? []).map((b) => ({
      platform: b.platform,
      label: data.networks.find((n) => n.platform === b.platform)?.label ?? PLATFORM_LABELS[b.platform],
      confidence: b.confidence,
      slots: b.slots.map((s) => ({ weekday: s.weekday, hour: s.hour })),
    })),
    approval: data.approval
      ? { approved: compared(data.approval.approved), averageHours: compared(data.approval.averageHours) }
      : null,
    analysis: { source: analysis.source === 'ai' ? 'ai' : 'local', text: analysis.text },
    note: report.note || null,
    pdfUrl: report.pdf_key ? sign(report.pdf_key) : null,
  };
}
