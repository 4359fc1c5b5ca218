// A post's delivery timeline (issue 24, item 4), for its owner only: the steps the trigger of
// migration 2026-11-28T00-30-delivery-events derived from the post's changes, and the network's
// answer of each attempt (publishing_logs). Scoped like every owner read of a post: the post must
// be the caller's, else nothing (the caller answers NOT_FOUND).
import type { PublishingLogStatus } from '@pauta/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { isWorkspacePost } from './posts.repository.js';

export interface DeliveryStepRow {
  id: string;
  kind: string;
  attempt: number;
  version: number;
  code: string | null;
  detail: string | null;
  due_at: Date | null;
  created_at: Date;
}

export interface DeliveryAttemptRow {
  attempt: number;
  status: PublishingLogStatus;
  platform_post_id: string | null;
  error_message: string | null;
  error_location: string | null;
  attempted_at: Date;
}

/** Steps (oldest first, at most `limit`) and per-attempt answers; undefined when not the caller's. */
export async function listDeliveryTimeline(
  db: Kysely<Database>,
  options: { workspaceId: string; postId: string; limit?: number },
): Promise<{ steps: DeliveryStepRow[]; attempts: DeliveryAttemptRow[]; url: string | null } | undefined> {
  if (!(await isWorkspacePost(db, options))) return undefined;
  const [steps, attempts, published] = await Promise.all([
    db
      .selectFrom('post_delivery_events')
      .select(['id', 'kind', 'attempt', 'version', 'code', 'detail', 'due_at', 'created_at'])
      .where('suggested_post_id', '=', options.postId)
      .where('workspace_id', '=', options.workspaceId)
      .orderBy('id', 'desc')
      .limit(options.limit ?? 200)
      .execute(),
    db
      .selectFrom('publishing_logs')
      .select(['attempt', 'status', 'platform_post_id', 'error_message', 'error_location', 'attempted_at'])
      // The logs carry no workspace: the post was found in the caller's workspace just above.
      .where('suggested_post_id', '=', options.postId)
      .orderBy('attempt')
      .execute(),
    db
      .selectFrom('published_posts')
      .select('url')
      .where('suggested_post_id', '=', options.postId)
      .where('workspace_id', '=', options.workspaceId)
      .executeTakeFirst(),
  ]);
  return {
    steps: steps.reverse().map((s) => ({ ...s, due_at: s.due_at as Date | null })),
    attempts: attempts as DeliveryAttemptRow[],
    url: published?.url ?? null,
  };
}
