// Posts Publicados: the caller's history with metrics, newest first. Null metrics stay null
// ("not available", e.g. LinkedIn personal profiles) so the screen never shows a false 0.
import type { Platform } from '@pauta/core';
import { type Database, deletePublishedPost, listPublishedPosts, type PublishedPostRow } from '@pauta/db';
import type { Kysely } from 'kysely';
import { decodeCursor, encodeCursor } from '../posts/post-filters.js';
import { PostRuleError } from '../posts/posts.service.js';

export interface PublishedItem {
  id: string;
  themeId: string | null;
  themeName: string | null;
  themeColor: string | null;
  title: string;
  content: string;
  platform: Platform;
  publishedAt: Date;
  url: string | null;
  reach: number | null;
  likes: number | null;
  comments: number | null;
  engagementRate: number | null;
  metricsUpdatedAt: Date | null;
}

export function presentPublished(row: PublishedPostRow): PublishedItem {
  return {
    id: row.id,
    themeId: row.theme_id,
    themeName: row.theme_name,
    themeColor: row.theme_color,
    title: row.title,
    content: row.content,
    platform: row.platform,
    publishedAt: row.published_at,
    url: row.url,
    reach: row.reach,
    likes: row.likes_count,
    comments: row.comments_count,
    engagementRate: row.engagement_rate === null ? null : Number(row.engagement_rate),
    metricsUpdatedAt: row.metrics_updated_at,
  };
}

export async function listPublished(
  db: Kysely<Database>,
  options: {
    userId: string;
    themeId?: string | undefined;
    platform?: Platform | undefined;
    cursor?: string | null | undefined;
    limit: number;
  },
): Promise<{ items: PublishedItem[]; nextCursor: string | null }> {
  const cursor = options.cursor ? decodeCursor(options.cursor) : null;
  if (options.cursor && !cursor) throw new PostRuleError('VALIDATION_FAILED', { field: 'cursor' });
  const page = await listPublishedPosts(db, {
    userId: options.userId,
    themeId: options.themeId,
    platform: options.platform,
    before: cursor ? { publishedAt: cursor.time, id: cursor.id } : undefined,
    limit: options.limit,
  });
  return {
    items: page.rows.map(presentPublished),
    nextCursor: page.next ? encodeCursor({ time: page.next.publishedAt, id: page.next.id }) : null,
  };
}

/** Removes Pauta's record only; the post stays on the network (the confirmation says so). */
export async function deletePublished(
  db: Kysely<Database>,
  userId: string,
  postId: string,
): Promise<{ deleted: 1 }> {
  if (!(await deletePublishedPost(db, userId, postId))) throw new PostRuleError('NOT_FOUND');
  return { deleted: 1 };
}
