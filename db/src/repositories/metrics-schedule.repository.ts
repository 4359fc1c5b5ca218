// Early metrics reads (issue 13): a published post's metrics are read at +15 min, +1 h and +24 h
// (published_posts.metrics_due_at, set to +15 min when the row is written), then only by the
// regular METRICS_SYNC_INTERVAL_MS sync. The worker's scan lists what is due and moves each post
// to its next milestone after the read — whatever its outcome, so a post whose network or
// account is gone is not read again every minute. Idempotent: a second scan of the same minute
// finds nothing due.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.js';
import type { MetricsTarget } from './publishing.repository.js';

/** Published posts whose early read is due (oldest due first). */
export async function listPostsDueForMetrics(
  db: Kysely<Database>,
  options: { limit?: number } = {},
): Promise<MetricsTarget[]> {
  const rows = await db
    .selectFrom('published_posts')
    .select(['id', 'workspace_id', 'user_id', 'platform', 'platform_post_id', 'connected_account_id'])
    .where('metrics_due_at', '<=', sql<Date>`now()`)
    .where('platform_post_id', 'is not', null)
    .orderBy('metrics_due_at')
    .limit(options.limit ?? 500)
    .execute();
  return rows.map((r) => ({ ...r, platform_post_id: r.platform_post_id as string }));
}

/**
 * After a read: the next milestone still ahead (+1 h, +24 h after publishing), or none. Conditional
 * on the due time the scan saw having passed, so a concurrent scan cannot move it twice.
 */
export async function advanceMetricsDue(db: Kysely<Database>, publishedPostIds: string[]): Promise<void> {
  if (publishedPostIds.length === 0) return;
  await db
    .updateTable('published_posts')
    .set({
      metrics_due_at: sql<Date | null>`CASE
        WHEN published_at + interval '1 hour' > now() THEN published_at + interval '1 hour'
        WHEN published_at + interval '24 hours' > now() THEN published_at + interval '24 hours'
        ELSE NULL END`,
    })
    .where('id', 'in', publishedPostIds)
    .where('metrics_due_at', '<=', sql<Date>`now()`)
    .execute();
}
