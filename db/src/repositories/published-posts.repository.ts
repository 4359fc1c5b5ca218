// Posts Publicados: the caller's publication history with metrics, newest first, and removal of
// Pauta's record of one (the post stays on the network). Scoped to the caller in SQL.

import type { Platform } from '@pauta/core';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../schema.js';

export interface PublishedPostRow {
  id: string;
  theme_id: string | null;
  theme_name: string | null;
  theme_color: string | null;
  title: string;
  content: string;
  platform: Platform;
  published_at: Date;
  url: string | null;
  reach: number | null;
  likes_count: number | null;
  comments_count: number | null;
  /** numeric(7,2) as text, as pg returns it; null = not available. */
  engagement_rate: string | null;
  metrics_updated_at: Date | null;
}

/** Position after which the next page starts: the (published_at, id) of the last row shown. */
export interface PublishedPostKey {
  /** published_at as an ISO text with microseconds. */
  publishedAt: string;
  id: string;
}

const keyText = sql<string>`to_char(pp.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** One page of the caller's published posts, descending by (published_at, id). */
export async function listPublishedPosts(
  db: Kysely<Database>,
  options: {
    workspaceId: string;
    themeId?: string | undefined;
    platform?: Platform | undefined;
    before?: PublishedPostKey | undefined;
    limit: number;
  },
): Promise<{ rows: PublishedPostRow[]; next: PublishedPostKey | null }> {
  let query = db
    .selectFrom('published_posts as pp')
    // A theme of someone else can never label this user's post, even if a row pointed at one.
    .leftJoin('themes as t', (join) =>
      join.onRef('t.id', '=', 'pp.theme_id').onRef('t.workspace_id', '=', 'pp.workspace_id'),
    )
    .select([
      'pp.id',
      'pp.theme_id',
      't.name as theme_name',
      't.color_palette as theme_color',
      'pp.title',
      'pp.content',
      'pp.platform',
      'pp.published_at',
      'pp.url',
      'pp.reach',
      'pp.likes_count',
      'pp.comments_count',
      'pp.engagement_rate',
      'pp.metrics_updated_at',
      keyText.as('key_text'),
    ])
    .where('pp.workspace_id', '=', options.workspaceId);
  if (options.themeId !== undefined) query = query.where('pp.theme_id', '=', options.themeId);
  if (options.platform !== undefined) query = query.where('pp.platform', '=', options.platform);
  const before = options.before;
  if (before) {
    query = query.where((eb) =>
      eb(
        eb.refTuple('pp.published_at', 'pp.id'),
        '<',
        eb.tuple(sql<Date>`${before.publishedAt}::timestamptz`, before.id),
      ),
    );
  }
  const rows = await query
    .orderBy('pp.published_at', 'desc')
    .orderBy('pp.id', 'desc')
    .limit(options.limit + 1)
    .execute();
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    rows: page.map(({ key_text: _key, ...row }) => row),
    next: rows.length > options.limit && last ? { publishedAt: last.key_text, id: last.id } : null,
  };
}

/** Removes Pauta's record of one of the caller's published posts. False when not theirs. */
export async function deletePublishedPost(
  db: Kysely<Database>,
  workspaceId: string,
  postId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('published_posts')
    .where('id', '=', postId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
