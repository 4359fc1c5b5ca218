// live_events (docs/live-updates.md): rows are written by the trigger of migration
// 2026-11-25T00-00-live-events in the statement that changed a post; this file only reads them
// (a browser's replay after a reconnect) and purges old ones.

import type { Platform, PostStatus } from '@pauta/core';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, LiveEventsTable } from '../schema.js';

export interface LiveEventRow {
  id: string;
  /** The workspace the event belongs to: its members receive it (docs/workspaces.md). */
  workspaceId: string;
  /** Who the changed row belongs to (its author). */
  userId: string;
  kind: LiveEventsTable['kind'];
  postId: string | null;
  publishedPostId: string | null;
  reportId: string | null;
  platform: Platform | null;
  status: PostStatus | null;
  errorCode: string | null;
  retryAt: Date | null;
  at: Date;
}

function toRow(r: Selectable<LiveEventsTable>): LiveEventRow {
  return {
    id: String(r.id),
    workspaceId: r.workspace_id,
    userId: r.user_id,
    kind: r.kind,
    postId: r.post_id,
    publishedPostId: r.published_post_id,
    reportId: r.report_id,
    platform: r.platform,
    status: r.status,
    errorCode: r.error_code,
    retryAt: r.retry_at,
    at: r.created_at,
  };
}

/** Events after `afterId`, oldest first: one workspace's, or everyone's (`workspaceId: null`, administrators). */
export async function listLiveEventsSince(
  db: Kysely<Database>,
  options: { workspaceId: string | null; afterId: number; limit: number; newerThanMs?: number },
): Promise<LiveEventRow[]> {
  let query = db
    .selectFrom('live_events')
    .selectAll()
    .where('id', '>', options.afterId)
    .orderBy('id')
    .limit(options.limit);
  if (options.workspaceId) query = query.where('workspace_id', '=', options.workspaceId);
  if (options.newerThanMs !== undefined)
    query = query.where(
      'created_at',
      '>',
      sql<Date>`now() - make_interval(secs => ${options.newerThanMs / 1000})`,
    );
  return (await query.execute()).map(toRow);
}

/** The newest event id (0 when there is none): where a new stream starts. */
export async function latestLiveEventId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('live_events')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

/** Deletes events older than `olderThanMs` (a browser away longer than that refetches everything). */
export async function purgeLiveEvents(db: Kysely<Database>, olderThanMs: number): Promise<number> {
  const result = await db
    .deleteFrom('live_events')
    .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanMs / 1000})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
