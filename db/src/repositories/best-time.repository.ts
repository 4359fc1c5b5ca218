// Best time to post (docs/best-time.md): the caller's published posts bucketed by local weekday
// and hour in ONE aggregate statement (the same bucketing as core's bucketBestTimePosts), and
// the times the caller already has a post of a network (for the reschedule suggestions).

import type { Platform } from '@pauta/core';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../schema.js';

export interface BestTimeCellRow {
  platform: Platform;
  /** 0 = Sunday, in the given zone. */
  weekday: number;
  hour: number;
  posts: number;
  /** Sum of the posts' engagement percentiles within their network (mid-rank, ties shared). */
  percentileSum: number;
}

/**
 * Per network and local weekday × hour of `timeZone`: how many of the user's posts published in
 * [since, until) have metrics, and the sum of their percentiles. A post is ranked by its
 * engagement rate among the network's posts that have one, else by likes + comments among those
 * that have only these; posts without metrics are left out. Reads the covering index
 * published_posts_best_time_idx (workspace_id, published_at) only. At most 4 × 168 rows.
 */
export async function readBestTimeCells(
  db: Kysely<Database>,
  options: {
    workspaceId: string;
    timeZone: string;
    since: Date;
    until: Date;
    platform?: Platform | undefined;
  },
): Promise<BestTimeCellRow[]> {
  const platformFilter = options.platform ? sql`AND platform = ${options.platform}` : sql``;
  const result = await sql<{
    platform: Platform;
    weekday: number;
    hour: number;
    posts: number;
    percentile_sum: number;
  }>`
    WITH measured AS (
      SELECT platform,
             published_at AT TIME ZONE ${options.timeZone} AS local_at,
             (engagement_rate IS NOT NULL) AS by_rate,
             COALESCE(engagement_rate::float8, (COALESCE(likes_count, 0) + COALESCE(comments_count, 0))::float8) AS value
        FROM published_posts
       WHERE workspace_id = ${options.workspaceId}
         AND published_at >= ${options.since}
         AND published_at < ${options.until}
         AND (engagement_rate IS NOT NULL OR likes_count IS NOT NULL OR comments_count IS NOT NULL)
         ${platformFilter}
    ), ranked AS (
      -- Mid-rank percentile = (#below + #equal / 2) / n = ((rank - 1) / n + cume_dist) / 2:
      -- one window, so one sort.
      SELECT platform, local_at,
             ((rank() OVER w - 1)::float8 / count(*) OVER w_all + cume_dist() OVER w) / 2 AS percentile
        FROM measured
      WINDOW w_all AS (PARTITION BY platform, by_rate),
             w AS (w_all ORDER BY value)
    )
    SELECT platform,
           extract(dow FROM local_at)::int AS weekday,
           extract(hour FROM local_at)::int AS hour,
           count(*)::int AS posts,
           sum(percentile)::float8 AS percentile_sum
      FROM ranked
     GROUP BY 1, 2, 3
  `.execute(db);
  return result.rows.map((row) => ({
    platform: row.platform,
    weekday: Number(row.weekday),
    hour: Number(row.hour),
    posts: Number(row.posts),
    percentileSum: Number(row.percentile_sum),
  }));
}

/**
 * The scheduled times in [from, to) of the user's posts of `platform` that still wait to be
 * published (or are being published), except `exceptPostId`.
 */
export async function listBusyTimes(
  db: Kysely<Database>,
  options: {
    workspaceId: string;
    platform: Platform;
    from: Date;
    to: Date;
    exceptPostId?: string | undefined;
  },
): Promise<Date[]> {
  let query = db
    .selectFrom('suggested_posts')
    .select('scheduled_for')
    .where('workspace_id', '=', options.workspaceId)
    .where('platform', '=', options.platform)
    .where('status', 'in', ['scheduled', 'publishing'])
    .where('scheduled_for', '>=', options.from)
    .where('scheduled_for', '<', options.to);
  if (options.exceptPostId) query = query.where('id', '!=', options.exceptPostId);
  const rows = await query.execute();
  return rows.flatMap((row) => (row.scheduled_for ? [row.scheduled_for] : []));
}
