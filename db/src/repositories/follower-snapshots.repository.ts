// The daily follower snapshots (docs/reports.md "History"): one row per connected account per day,
// written with ON CONFLICT DO NOTHING on its primary key, so two workers, a retry or a restart
// never make a second one. The row also keeps the sums of the account's post metrics known then.
import type { Platform } from '@pauta/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.js';

export interface FollowerSnapshotInput {
  accountId: string;
  workspaceId: string;
  platform: Platform;
  /** 'YYYY-MM-DD' in America/Sao_Paulo. */
  day: string;
  followers: number;
  source?: 'daily' | 'backfill';
}

/** True when this call wrote the day's row; false when the account already had one. */
export async function saveFollowerSnapshot(
  db: Kysely<Database>,
  input: FollowerSnapshotInput,
): Promise<boolean> {
  const result = await sql<{ one: number }>`
    INSERT INTO account_follower_snapshots
      (connected_account_id, workspace_id, platform, day, followers, posts_reach, posts_likes, posts_comments, source)
    SELECT ${input.accountId}, ${input.workspaceId}, ${input.platform}, ${input.day}::date, ${input.followers},
           sum(p.reach), sum(p.likes_count), sum(p.comments_count), ${input.source ?? 'daily'}
      FROM (SELECT 1) one
      LEFT JOIN published_posts p
        ON p.workspace_id = ${input.workspaceId} AND p.platform = ${input.platform}
       AND p.published_at < (${input.day}::date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo'
    ON CONFLICT (connected_account_id, day) DO NOTHING
    RETURNING 1 AS one`.execute(db);
  return result.rows.length === 1;
}
