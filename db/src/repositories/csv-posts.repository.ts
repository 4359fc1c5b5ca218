// The CSV import and export of posts (docs/csv-import.md): the export's rows (the list's filter,
// with each post's first image) and the import's one transaction. Scoped by the workspace in SQL.

import type { Platform } from '@pauta/core';
import type { WakeUp } from '@pauta/core/schemas/jobs';
import { type Kysely, sql } from 'kysely';
import type { Database, PostOptionValuesJson } from '../schema.js';
import type { NewGroupMedia } from './post-groups.repository.js';
import { insertScheduledPosts } from './posts.repository.js';
import {
  firstMediaOf,
  type ScheduledPostFilter,
  type ScheduledPostRow,
  selectionMatching,
} from './scheduled-posts.repository.js';

export interface ExportPostRow
  extends Pick<
    ScheduledPostRow,
    'title' | 'content' | 'platform' | 'scheduled_for' | 'status' | 'approval_stage' | 'network_options'
  > {
  theme_name: string;
  /** The storage key of the first image, or null. */
  image_key: string | null;
}

/** The posts Posts Agendados shows for `filter`, ascending by date, at most `limit`. */
export async function listPostsForExport(
  db: Kysely<Database>,
  options: { workspaceId: string; filter: ScheduledPostFilter; limit: number },
): Promise<ExportPostRow[]> {
  const rows = await db
    .selectFrom('suggested_posts as sp')
    .innerJoin('themes as t', (join) =>
      join.onRef('t.id', '=', 'sp.theme_id').onRef('t.workspace_id', '=', 'sp.workspace_id'),
    )
    .select([
      'sp.title',
      'sp.content',
      'sp.platform',
      'sp.scheduled_for',
      'sp.status',
      'sp.approval_stage',
      'sp.network_options',
      't.name as theme_name',
    ])
    .select((eb) => firstMediaOf(eb).select('pm.storage_key').as('image_key'))
    .where((eb) => selectionMatching(eb, options.workspaceId, options.filter))
    .orderBy('sp.scheduled_for', 'asc')
    .orderBy('sp.id', 'asc')
    .limit(options.limit)
    .execute();
  return rows as ExportPostRow[];
}

export interface CsvImportPost {
  themeId: string;
  platform: Platform;
  title: string;
  content: string;
  scheduledFor: Date;
  postOrder: number;
  /** The row's network options, validated by the caller (docs/csv-import.md); absent: {}. */
  networkOptions?: PostOptionValuesJson;
  /** The post's id, chosen before the import so its images' keys can name it. */
  id?: string | undefined;
  /**
   * The row's images (fetched from the `imagem` address), their files already written and reserved
   * in media_garbage: stored as post_media rows in the same transaction, which releases them.
   */
  media?: readonly NewGroupMedia[] | undefined;
}

/**
 * Stores every post of an import in ONE transaction, under a per-workspace advisory lock so two
 * imports of the same file cannot both pass the "already exists" check. A post whose theme,
 * network, instant and text already exist in the workspace is not stored again (counted in
 * `existing`). A theme deleted meanwhile (or of another workspace) fails the whole import: the
 * composite key refuses it and nothing is kept.
 */
export async function insertCsvImport(
  db: Kysely<Database>,
  options: { workspaceId: string; userId: string; posts: readonly CsvImportPost[] },
): Promise<{ wakeUps: WakeUp[]; existing: number }> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`csv-import:${options.workspaceId}`}, 0))`.execute(
      trx,
    );
    const themeIds = [...new Set(options.posts.map((p) => p.themeId))];
    const existing = await existingPostKeys(trx, options.workspaceId, options.posts);
    const fresh = options.posts.filter((p) => !existing.has(csvPostKey(p)));
    const wakeUps: WakeUp[] = [];
    for (const themeId of themeIds) {
      const posts = fresh.filter((p) => p.themeId === themeId);
      wakeUps.push(
        ...(await insertScheduledPosts(trx, {
          userId: options.userId,
          workspaceId: options.workspaceId,
          themeId,
          posts: posts.map((p) => ({
            ...(p.id ? { id: p.id } : {}),
            title: p.title,
            content: p.content,
            platform: p.platform,
            postOrder: p.postOrder,
            scheduledFor: p.scheduledFor,
            networkOptions: p.networkOptions,
          })),
        })),
      );
    }
    // Each post's images, as an upload in Editar Post stores them (positions 0..n-1, the uploader as
    // their user); inserting the rows releases the files' reservations. The images of a post
    // skipped here (it already exists) stay reserved: the sweeper deletes their files.
    const ids = new Map(wakeUps.map((w) => [w.id, w]));
    const mediaRows = fresh.flatMap((post) =>
      post.id && ids.has(post.id)
        ? (post.media ?? []).map((media, position) => ({
            id: media.id,
            workspace_id: options.workspaceId,
            post_id: post.id!,
            user_id: options.userId,
            position,
            storage_key: media.storageKey,
            thumb_key: media.thumbKey,
            mime_type: media.mimeType,
            width: media.width,
            height: media.height,
            size_bytes: media.sizeBytes,
            alt_text: media.altText,
          }))
        : [],
    );
    if (fresh.some((p) => (p.media?.length ?? 0) > 0 && !(p.id && ids.has(p.id))))
      throw new Error('csv import: a post with images has no chosen id');
    if (mediaRows.length > 0) {
      await trx.insertInto('post_media').values(mediaRows).execute();
      await trx
        .deleteFrom('media_garbage')
        .where(
          'storage_key',
          'in',
          mediaRows.flatMap((row) => [row.storage_key, row.thumb_key]),
        )
        .execute();
    }
    return { wakeUps, existing: options.posts.length - fresh.length };
  });
}

/** The highest post order of each theme (imported posts continue each theme's sequence). */
export async function maxPostOrders(
  trxOrDb: Kysely<Database>,
  workspaceId: string,
  themeIds: readonly string[],
): Promise<Map<string, number>> {
  if (themeIds.length === 0) return new Map();
  const rows = await trxOrDb
    .selectFrom('suggested_posts')
    .select(['theme_id', (eb) => eb.fn.max<number | null>('post_order').as('m')])
    .where('workspace_id', '=', workspaceId)
    .where('theme_id', 'in', themeIds)
    .groupBy('theme_id')
    .execute();
  return new Map(rows.map((r) => [r.theme_id, Number(r.m ?? 0)]));
}

/** What makes two posts "the same" for an import: theme, network, instant and text. */
export function csvPostKey(p: {
  themeId: string;
  platform: string;
  scheduledFor: Date;
  content: string;
}): string {
  return `${p.themeId}\n${p.platform}\n${p.scheduledFor.toISOString()}\n${p.content}`;
}

/** The keys (csvPostKey) of `posts` that already exist in the workspace. */
export async function existingPostKeys(
  db: Kysely<Database>,
  workspaceId: string,
  posts: readonly { themeId: string; platform: Platform; scheduledFor: Date; content: string }[],
): Promise<Set<string>> {
  if (posts.length === 0) return new Set();
  const rows = await db
    .selectFrom('suggested_posts')
    .select(['theme_id', 'platform', 'scheduled_for', 'content'])
    .where('workspace_id', '=', workspaceId)
    .where('theme_id', 'in', [...new Set(posts.map((p) => p.themeId))])
    .where(
      'scheduled_for',
      'in',
      [...new Set(posts.map((p) => p.scheduledFor.getTime()))].map((ms) => new Date(ms)),
    )
    .execute();
  return new Set(
    rows.map((r) =>
      csvPostKey({
        themeId: r.theme_id,
        platform: r.platform,
        scheduledFor: r.scheduled_for as Date,
        content: r.content,
      }),
    ),
  );
}
