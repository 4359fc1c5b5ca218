// The dashboard's figures for one user (docs/security.md Z4: every aggregate scoped to the caller).
// The summary is one statement with one aggregate per table; the charts bucket rows by week
// boundaries the caller computes in the user's time zone.

import type { Platform } from '@pauta/core';
import { EDITABLE_POST_STATUSES } from '@pauta/core';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { compileOnce } from '../compiled.js';
import type { Database } from '../schema.js';

export interface DashboardTotals {
  published_count: number;
  /** Sum of the reach of posts that report one; 0 when none do. */
  total_reach: number;
  /** Mean engagement_rate of the posts with one above 0 (numeric as text); null when none. */
  avg_engagement: string | null;
  scheduled_count: number;
  failed_count: number;
  needs_attention_count: number;
  missed_count: number;
  theme_count: number;
}

/** Every figure of the summary in one round trip; one shape, compiled once (db/src/compiled.ts). */
const totalsStatement = compileOnce((db, p: { workspaceId: string }) => {
  const published = db
    .selectFrom('published_posts')
    .select((eb) => [
      eb.fn.countAll<number>().as('published_count'),
      eb.fn.coalesce(eb.fn.sum<number>('reach'), sql<number>`0`).as('total_reach'),
      eb.fn
        .avg<string | null>('engagement_rate')
        .filterWhere('engagement_rate', '>', '0')
        .as('avg_engagement'),
    ])
    .where('workspace_id', '=', p.workspaceId);
  const posts = db
    .selectFrom('suggested_posts')
    .select((eb) => [
      eb.fn
        .countAll<number>()
        .filterWhere((f) => f.and([f('status', '=', 'scheduled'), f('scheduled_for', 'is not', null)]))
        .as('scheduled_count'),
      eb.fn.countAll<number>().filterWhere('status', '=', 'failed').as('failed_count'),
      eb.fn.countAll<number>().filterWhere('status', '=', 'needs_attention').as('needs_attention_count'),
      eb.fn.countAll<number>().filterWhere('status', '=', 'missed').as('missed_count'),
    ])
    .where('workspace_id', '=', p.workspaceId)
    // Drafts count in none of these figures (and stay out of the partial index's status list).
    .where(
      'status',
      'in',
      EDITABLE_POST_STATUSES.filter((status) => status !== 'draft'),
    );
  const themes = db
    .selectFrom('themes')
    .select((eb) => eb.fn.countAll<number>().as('theme_count'))
    .where('workspace_id', '=', p.workspaceId);
  return db.selectFrom([published.as('p'), posts.as('s'), themes.as('th')]).selectAll();
});

export async function readDashboardTotals(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<DashboardTotals> {
  const row = (await totalsStatement(db, { workspaceId })).rows[0];
  if (!row) throw new Error('readDashboardTotals: no row');
  return {
    published_count: Number(row.published_count),
    total_reach: Number(row.total_reach),
    avg_engagement: row.avg_engagement,
    scheduled_count: Number(row.scheduled_count),
    failed_count: Number(row.failed_count),
    needs_attention_count: Number(row.needs_attention_count),
    missed_count: Number(row.missed_count),
    theme_count: Number(row.theme_count),
  };
}

/**
 * `boundaries` are N+1 ascending instants delimiting N weeks; a row's bucket is the 1-based
 * index of the week holding it (PostgreSQL's width_bucket over the array).
 */
function bucketOf(column: 'published_at' | 'scheduled_for', boundaries: readonly Date[]) {
  return sql<number>`width_bucket(${sql.ref(column)}, ${boundaries.map((d) => d.toISOString())}::timestamptz[])`;
}

/** Published posts per week and their mean engagement above 0, for the weeks in `boundaries`. */
export async function readWeeklyPublished(
  db: Kysely<Database>,
  options: { workspaceId: string; boundaries: readonly Date[] },
): Promise<Array<{ bucket: number; published: number; avg_engagement: string | null }>> {
  const { boundaries } = options;
  if (boundaries.length < 2) return [];
  const rows = await db
    .selectFrom('published_posts')
    .select((eb) => [
      bucketOf('published_at', boundaries).as('bucket'),
      eb.fn.countAll<number>().as('published'),
      eb.fn
        .avg<string | null>('engagement_rate')
        .filterWhere('engagement_rate', '>', '0')
        .as('avg_engagement'),
    ])
    .where('workspace_id', '=', options.workspaceId)
    .where('published_at', '>=', boundaries[0]!)
    .where('published_at', '<', boundaries.at(-1)!)
    .groupBy(sql.ref('bucket'))
    .execute();
  return rows.map((r) => ({
    bucket: Number(r.bucket),
    published: Number(r.published),
    avg_engagement: r.avg_engagement,
  }));
}

/** Posts still waiting to be published, per week and network, for the weeks in `boundaries`. */
export async function readUpcomingByWeek(
  db: Kysely<Database>,
  options: { workspaceId: string; boundaries: readonly Date[] },
): Promise<Array<{ bucket: number; platform: Platform; scheduled: number }>> {
  const { boundaries } = options;
  if (boundaries.length < 2) return [];
  const rows = await db
    .selectFrom('suggested_posts')
    .select((eb) => [
      bucketOf('scheduled_for', boundaries).as('bucket'),
      'platform',
      eb.fn.countAll<number>().as('scheduled'),
    ])
    .where('workspace_id', '=', options.workspaceId)
    .where('status', '=', 'scheduled')
    .where('scheduled_for', '>=', boundaries[0]!)
    .where('scheduled_for', '<', boundaries.at(-1)!)
    .groupBy([sql.ref('bucket'), 'platform'])
    .execute();
  return rows.map((r) => ({
    bucket: Number(r.bucket),
    platform: r.platform,
    scheduled: Number(r.scheduled),
  }));
}
