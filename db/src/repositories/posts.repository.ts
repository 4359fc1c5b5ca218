import type { Platform } from '@pauta/core';
import type { WakeUp } from '@pauta/core/schemas/jobs';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

export interface NewScheduledPost {
  title: string;
  content: string;
  platform: Platform;
  postOrder: number;
  scheduledFor: Date;
}

/** Bulk insert of one theme's posts (spec §7 call 3), in one statement. Returns what the queue needs. */
export async function insertScheduledPosts(
  db: Kysely<Database>,
  options: { userId: string; themeId: string; posts: NewScheduledPost[] },
): Promise<WakeUp[]> {
  if (options.posts.length === 0) return [];
  const rows = await db
    .insertInto('suggested_posts')
    .values(
      options.posts.map((p) => ({
        theme_id: options.themeId,
        user_id: options.userId,
        title: p.title,
        content: p.content,
        platform: p.platform,
        post_order: p.postOrder,
        scheduled_for: p.scheduledFor,
      })),
    )
    .returning(['id', 'version', 'scheduled_for', 'platform'])
    .execute();
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    scheduled_for: r.scheduled_for as Date,
    platform: r.platform,
  }));
}

/** The latest scheduled_for of a theme (spec §7 call 4: the next slots start the day after it). */
export async function latestScheduledFor(db: Kysely<Database>, themeId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('suggested_posts')
    .select('scheduled_for')
    .where('theme_id', '=', themeId)
    .where('scheduled_for', 'is not', null)
    .orderBy('scheduled_for', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.scheduled_for ?? null;
}

/** The highest post_order used in a theme, so new drafts continue the sequence. */
export async function maxPostOrder(db: Kysely<Database>, themeId: string): Promise<number> {
  const row = await db
    .selectFrom('suggested_posts')
    .select((eb) => eb.fn.max<number | null>('post_order').as('m'))
    .where('theme_id', '=', themeId)
    .executeTakeFirst();
  return Number(row?.m ?? 0);
}
