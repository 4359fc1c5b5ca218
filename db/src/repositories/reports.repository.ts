// The figures of a client's report (docs/reports.md): set-based aggregates over the workspace-led
// indexes (published_posts (workspace_id, published_at), suggested_posts, post_stage_events,
// account_follower_snapshots (workspace_id, day)), for the period and the one before it in one
// statement each. Every statement names its workspace; the caller is a workspace procedure.
import type { Platform } from '@pauta/core';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../schema.js';

/** Instants [from, to) of the period and of the previous one. */
export interface ReportWindows {
  from: Date;
  to: Date;
  previousFrom: Date;
  previousTo: Date;
}

export interface ReportNetworkRow {
  platform: Platform;
  published: number;
  reach: number | null;
  likes: number | null;
  comments: number | null;
  /** Mean of the engagement rates above 0 (%), numeric as text; null when none. */
  engagement: string | null;
  previous_published: number;
  previous_reach: number | null;
  previous_likes: number | null;
  previous_comments: number | null;
  previous_engagement: string | null;
}

/**
 * The totals of ReportNetworkRow over the published posts where `window` holds, their columns named
 * with `prefix` (the period's: none; the previous one's: previous_).
 */
function publishedTotals(window: RawBuilder<unknown>, prefix: '' | 'previous_'): RawBuilder<unknown> {
  const as = (name: string) => sql.raw(`${prefix}${name}`);
  return sql`count(*) FILTER (WHERE ${window})::int AS ${as('published')},
      sum(reach) FILTER (WHERE ${window}) AS ${as('reach')},
      sum(likes_count) FILTER (WHERE ${window}) AS ${as('likes')},
      sum(comments_count) FILTER (WHERE ${window}) AS ${as('comments')},
      avg(engagement_rate) FILTER (WHERE ${window} AND engagement_rate > 0) AS ${as('engagement')}`;
}

export async function readReportNetworks(
  db: Kysely<Database>,
  workspaceId: string,
  w: ReportWindows,
): Promise<ReportNetworkRow[]> {
  const cur = sql`published_at >= ${w.from} AND published_at < ${w.to}`;
  const prev = sql`published_at >= ${w.previousFrom} AND published_at < ${w.previousTo}`;
  const result = await sql<ReportNetworkRow>`
    SELECT platform, ${publishedTotals(cur, '')}, ${publishedTotals(prev, 'previous_')}
    FROM published_posts
    WHERE workspace_id = ${workspaceId}
      AND published_at >= ${w.previousFrom} AND published_at < ${w.to}
    GROUP BY platform`.execute(db);
  return result.rows;
}

export interface ReportPlannedRow {
  platform: Platform;
  planned: number;
  previous_planned: number;
}

/**
 * Posts planned in each window: every post of the workspace scheduled for a time in it, whatever
 * happened to it since (published, failed, missed, still scheduled); drafts without a date are not.
 * A published post keeps its scheduled_for, so it counts once in the plan and once in the results.
 */
export async function readReportPlanned(
  db: Kysely<Database>,
  workspaceId: string,
  w: ReportWindows,
): Promise<ReportPlannedRow[]> {
  const result = await sql<ReportPlannedRow>`
    SELECT platform,
      count(*) FILTER (WHERE scheduled_for >= ${w.from} AND scheduled_for < ${w.to})::int AS planned,
      count(*) FILTER (WHERE scheduled_for >= ${w.previousFrom} AND scheduled_for < ${w.previousTo})::int AS previous_planned
    FROM suggested_posts
    WHERE workspace_id = ${workspaceId}
      AND scheduled_for >= ${w.previousFrom} AND scheduled_for < ${w.to}
    GROUP BY platform`.execute(db);
  return result.rows;
}

export interface ReportPostRow {
  platform: Platform;
  id: string;
  title: string;
  content: string;
  url: string | null;
  published_at: Date;
  reach: number | null;
  likes_count: number | null;
  comments_count: number | null;
  engagement_rate: string | null;
  /** The post's first image (post_media position 0), when it had one. */
  thumb_key: string | null;
  alt_text: string | null;
  /** 'best' (rank 1 = best) or 'worst' (rank 1 = worst). */
  kind: 'best' | 'worst';
  rank: number;
}

/**
 * The `limit` best and worst posts of each network in the period, ranked by engagement rate, then
 * reach (posts without any metric are neither). Best and worst never overlap: with few posts the
 * worst list is shorter (the best ones are not listed again as the worst).
 */
export async function readReportTopPosts(
  db: Kysely<Database>,
  workspaceId: string,
  w: Pick<ReportWindows, 'from' | 'to'>,
  limit: number,
): Promise<ReportPostRow[]> {
  const result = await sql<ReportPostRow>`
    WITH ranked AS (
      SELECT p.platform, p.id, p.title, p.content, p.url, p.published_at, p.reach, p.likes_count,
             p.comments_count, p.engagement_rate, p.suggested_post_id,
             row_number() OVER (PARTITION BY p.platform
               ORDER BY p.engagement_rate DESC NULLS LAST, p.reach DESC NULLS LAST, p.published_at, p.id) AS best_rank,
             row_number() OVER (PARTITION BY p.platform
               ORDER BY p.engagement_rate ASC NULLS LAST, p.reach ASC NULLS LAST, p.published_at DESC, p.id DESC) AS worst_rank,
             count(*) OVER (PARTITION BY p.platform) AS n
        FROM published_posts p
       WHERE p.workspace_id = ${workspaceId}
         AND p.published_at >= ${w.from} AND p.published_at < ${w.to}
         AND (p.engagement_rate IS NOT NULL OR p.reach IS NOT NULL)
    )
    SELECT r.platform, r.id, r.title, r.content, r.url, r.published_at, r.reach, r.likes_count,
           r.comments_count, r.engagement_rate, m.thumb_key, m.alt_text,
           CASE WHEN r.best_rank <= ${limit} THEN 'best' ELSE 'worst' END AS kind,
           CASE WHEN r.best_rank <= ${limit} THEN r.best_rank ELSE r.worst_rank END::int AS rank
      FROM ranked r
      LEFT JOIN post_media m
        ON m.workspace_id = ${workspaceId} AND m.post_id = r.suggested_post_id AND m.position = 0
     WHERE r.best_rank <= ${limit} OR (r.worst_rank <= ${limit} AND r.best_rank > ${limit})
     ORDER BY r.platform, kind, rank`.execute(db);
  return result.rows;
}

/** Published and planned posts per local day ('YYYY-MM-DD' in `timeZone`) of the period. */
export async function readReportCadence(
  db: Kysely<Database>,
  workspaceId: string,
  w: Pick<ReportWindows, 'from' | 'to'>,
  timeZone: string,
): Promise<Array<{ day: string; published: number; planned: number }>> {
  const result = await sql<{ day: string; published: number; planned: number }>`
    SELECT day, sum(published)::int AS published, sum(planned)::int AS planned FROM (
      SELECT to_char(published_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS day, 1 AS published, 0 AS planned
        FROM published_posts
       WHERE workspace_id = ${workspaceId} AND published_at >= ${w.from} AND published_at < ${w.to}
      UNION ALL
      SELECT to_char(scheduled_for AT TIME ZONE ${timeZone}, 'YYYY-MM-DD'), 0, 1
        FROM suggested_posts
       WHERE workspace_id = ${workspaceId} AND scheduled_for >= ${w.from} AND scheduled_for < ${w.to}
    ) d GROUP BY day ORDER BY day`.execute(db);
  return result.rows;
}

export interface ReportFollowerRow {
  platform: Platform;
  connected_account_id: string;
  /** The last count on or before the day before the window (else the window's first), per window. */
  start_followers: number | null;
  end_followers: number | null;
  previous_start_followers: number | null;
  previous_end_followers: number | null;
}

/**
 * Each account's followers at the start and end of both windows, from the daily snapshots:
 * the start is the last snapshot before the window's first day (else its first inside), the end
 * the last snapshot up to its last day. Days are 'YYYY-MM-DD' (inclusive).
 */
export async function readReportFollowers(
  db: Kysely<Database>,
  workspaceId: string,
  days: { from: string; to: string; previousFrom: string; previousTo: string },
): Promise<ReportFollowerRow[]> {
  const result = await sql<ReportFollowerRow>`
    WITH s AS (
      SELECT connected_account_id, platform, day, followers
        FROM account_follower_snapshots
       WHERE workspace_id = ${workspaceId}
         AND day >= ${days.previousFrom}::date - 40 AND day <= ${days.to}::date
    ),
    edges AS (
      SELECT connected_account_id, platform,
        (array_agg(followers ORDER BY day DESC) FILTER (WHERE day < ${days.from}::date))[1] AS before_cur,
        (array_agg(followers ORDER BY day) FILTER (WHERE day >= ${days.from}::date AND day <= ${days.to}::date))[1] AS first_cur,
        (array_agg(followers ORDER BY day DESC) FILTER (WHERE day <= ${days.to}::date AND day >= ${days.from}::date))[1] AS end_cur,
        (array_agg(followers ORDER BY day DESC) FILTER (WHERE day < ${days.previousFrom}::date))[1] AS before_prev,
        (array_agg(followers ORDER BY day) FILTER (WHERE day >= ${days.previousFrom}::date AND day <= ${days.previousTo}::date))[1] AS first_prev,
        (array_agg(followers ORDER BY day DESC) FILTER (WHERE day <= ${days.previousTo}::date AND day >= ${days.previousFrom}::date))[1] AS end_prev
      FROM s GROUP BY connected_account_id, platform
    )
    SELECT platform, connected_account_id,
           coalesce(before_cur, first_cur) AS start_followers, end_cur AS end_followers,
           coalesce(before_prev, first_prev) AS previous_start_followers, end_prev AS previous_end_followers
      FROM edges`.execute(db);
  return result.rows;
}

/**
 * Approval turnaround in the window: per post approved in it, the hours from its first move into
 * review (or to the client) to that approval; their mean and count. `enabled`: a theme of the
 * workspace requires approval.
 */
export async function readReportApproval(
  db: Kysely<Database>,
  workspaceId: string,
  w: ReportWindows,
): Promise<{
  enabled: boolean;
  approved: number;
  average_hours: number | null;
  previous_approved: number;
  previous_average_hours: number | null;
}> {
  const result = await sql<{
    enabled: boolean;
    approved: number;
    average_hours: number | null;
    previous_approved: number;
    previous_average_hours: number | null;
  }>`
    WITH spans AS (
      SELECT e.post_id,
             min(e.created_at) FILTER (WHERE e.to_stage IN ('review', 'client')) AS asked_at,
             max(e.created_at) FILTER (WHERE e.to_stage = 'approved') AS approved_at
        FROM post_stage_events e
       WHERE e.workspace_id = ${workspaceId}
         AND e.created_at >= ${w.previousFrom}::timestamptz - interval '90 days' AND e.created_at < ${w.to}
       GROUP BY e.post_id
    )
    SELECT
      EXISTS (SELECT 1 FROM themes t WHERE t.workspace_id = ${workspaceId} AND t.requires_approval) AS enabled,
      count(*) FILTER (WHERE approved_at >= ${w.from} AND approved_at < ${w.to})::int AS approved,
      (avg(extract(epoch FROM approved_at - asked_at) / 3600)
         FILTER (WHERE approved_at >= ${w.from} AND approved_at < ${w.to}))::float8 AS average_hours,
      count(*) FILTER (WHERE approved_at >= ${w.previousFrom} AND approved_at < ${w.previousTo})::int AS previous_approved,
      (avg(extract(epoch FROM approved_at - asked_at) / 3600)
         FILTER (WHERE approved_at >= ${w.previousFrom} AND approved_at < ${w.previousTo}))::float8 AS previous_average_hours
      FROM spans
     WHERE asked_at IS NOT NULL AND approved_at IS NOT NULL AND approved_at > asked_at`.execute(db);
  const row = result.rows[0]!;
  return row;
}
