// Posts Publicados: the caller's publication history with metrics, newest first, and removal of
// Pauta's record of one (the post stays on the network). Scoped to the caller in SQL.

import type { Platform } from '@pauta/core';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { compilePerShape } from '../compiled.js';
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
  /** The account that published it (null: disconnected and deleted since). */
  connected_account_id: string | null;
}

/** Position after which the next page starts: the (published_at, id) of the last row shown. */
export interface PublishedPostKey {
  /** published_at as an ISO text with microseconds. */
  publishedAt: string;
  id: string;
}

const keyText = sql<string>`to_char(pp.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Which optional parts the page's statement has: each of the 8 shapes is compiled once. */
interface PublishedShape {
  theme: boolean;
  platform: boolean;
  before: boolean;
}

const publishedPageStatement = compilePerShape(
  (shape: PublishedShape) => `${+shape.theme}${+shape.platform}${+shape.before}`,
  (shape) =>
    (
      db,
      p: {
        workspaceId: string;
        themeId: string | undefined;
        platform: Platform | undefined;
        beforeAt: string | undefined;
        beforeId: string | undefined;
        limit: number;
      },
    ) => {
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
          'pp.connected_account_id',
          keyText.as('key_text'),
        ])
        .where('pp.workspace_id', '=', p.workspaceId);
      if (shape.theme) query = query.where('pp.theme_id', '=', p.themeId!);
      if (shape.platform) query = query.where('pp.platform', '=', p.platform!);
      if (shape.before) {
        query = query.where((eb) =>
          eb(
            eb.refTuple('pp.published_at', 'pp.id'),
            '<',
            eb.tuple(sql<Date>`${p.beforeAt}::timestamptz`, p.beforeId!),
          ),
        );
      }
      return query.orderBy('pp.published_at', 'desc').orderBy('pp.id', 'desc').limit(p.limit);
    },
);

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
  const { before } = options;
  const shape = {
    theme: options.themeId !== undefined,
    platform: options.platform !== undefined,
    before: before !== undefined,
  };
  const { rows } = await publishedPageStatement(db, shape, {
    workspaceId: options.workspaceId,
    themeId: options.themeId,
    platform: options.platform,
    beforeAt: before?.publishedAt,
    beforeId: before?.id,
    limit: options.limit + 1,
  });
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
