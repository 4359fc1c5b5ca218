import type { Platform } from '@pauta/core';
import type { WakeUp } from '@pauta/core/schemas/jobs';
import { type Kysely, sql } from 'kysely';
import type { Database, PostOptionValuesJson } from '../schema.js';

export interface NewScheduledPost {
  /** The post's id when the caller chose it first (its images' storage keys name it). */
  id?: string | undefined;
  title: string;
  content: string;
  platform: Platform;
  postOrder: number;
  scheduledFor: Date;
  /** The post's options on its network, validated by the caller (docs/post-options.md); absent: {}. */
  networkOptions?: PostOptionValuesJson | undefined;
}

/**
 * Bulk insert of one theme's posts (spec §7 call 3), in one statement. Returns what the queue needs.
 * `userId` is the author; the posts are in the theme's workspace (the database takes it from the
 * theme, and the composite key refuses a `workspaceId` that is not the theme's).
 */
export async function insertScheduledPosts(
  db: Kysely<Database>,
  options: { userId: string; workspaceId?: string; themeId: string; posts: NewScheduledPost[] },
): Promise<WakeUp[]> {
  if (options.posts.length === 0) return [];
  const rows = await db
    .insertInto('suggested_posts')
    .values(
      options.posts.map((p) => ({
        ...(p.id ? { id: p.id } : {}),
        theme_id: options.themeId,
        user_id: options.userId,
        ...(options.workspaceId ? { workspace_id: options.workspaceId } : {}),
        title: p.title,
        content: p.content,
        platform: p.platform,
        post_order: p.postOrder,
        scheduled_for: p.scheduledFor,
        ...(p.networkOptions === undefined ? {} : { network_options: JSON.stringify(p.networkOptions) }),
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

/**
 * Another network's version of a post (issue 15 item 4): stores `post` in the theme unless the
 * theme already has a post for that network at that time and order, which it returns instead.
 * The check and the insert run under a transaction-scoped advisory lock on (theme, network, time,
 * order), so two concurrent requests — even with different idempotency keys — store one post.
 */
export async function insertSiblingPost(
  db: Kysely<Database>,
  options: { workspaceId: string; userId: string; themeId: string; post: NewScheduledPost },
): Promise<{ id: string; created: boolean; wakeUp: WakeUp | null }> {
  const { post } = options;
  return db.transaction().execute(async (trx) => {
    const lockKey = `sibling:${options.themeId}:${post.platform}:${post.scheduledFor.toISOString()}:${post.postOrder}`;
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`.execute(trx);
    const existing = await findSibling(trx, {
      ...options,
      platform: post.platform,
      scheduledFor: post.scheduledFor,
      postOrder: post.postOrder,
    });
    if (existing) return { id: existing, created: false, wakeUp: null };
    const [wakeUp] = await insertScheduledPosts(trx, {
      workspaceId: options.workspaceId,
      userId: options.userId,
      themeId: options.themeId,
      posts: [post],
    });
    return { id: wakeUp!.id, created: true, wakeUp: wakeUp! };
  });
}

/** The id of the workspace's post of `platform` in the theme at that time and order, if any. */
export async function findSibling(
  db: Kysely<Database>,
  options: {
    workspaceId: string;
    themeId: string;
    platform: Platform;
    scheduledFor: Date;
    postOrder: number;
  },
): Promise<string | undefined> {
  const row = await db
    .selectFrom('suggested_posts')
    .select('id')
    .where('workspace_id', '=', options.workspaceId)
    .where('theme_id', '=', options.themeId)
    .where('platform', '=', options.platform)
    .where('scheduled_for', '=', options.scheduledFor)
    .where('post_order', '=', options.postOrder)
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** Whether the post is one of the workspace's (another workspace's post looks missing). */
export async function isWorkspacePost(
  db: Kysely<Database>,
  options: { workspaceId: string; postId: string },
): Promise<boolean> {
  const post = await db
    .selectFrom('suggested_posts')
    .select('id')
    .where('id', '=', options.postId)
    .where('workspace_id', '=', options.workspaceId)
    .executeTakeFirst();
  return post !== undefined;
}
