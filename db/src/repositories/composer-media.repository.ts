// Images of "Novo post" before its save (docs/composer.md): uploaded to the workspace, then turned
// into each network's post_media rows by the save (insertPostGroup, same transaction, all or
// nothing). Every read and delete is scoped by the workspace (docs/workspaces.md). A trigger queues a
// deleted row's files in media_garbage (migration 2026-11-30T07-10-composer-media).
import type { MediaMimeType, VideoFacts, VideoMimeType } from '@pauta/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.js';

/** An image of the composer (checked, upright, with its thumbnail). */
export interface ComposerImageRow {
  id: string;
  workspace_id: string;
  user_id: string;
  kind: 'image';
  storage_key: string;
  thumb_key: string;
  mime_type: MediaMimeType;
  width: number;
  height: number;
  size_bytes: number;
  video_facts: null;
  created_at: Date;
}

/** A video of the composer: a finished tus upload, checked against Pauta's own limits. */
export interface ComposerVideoRow {
  id: string;
  workspace_id: string;
  user_id: string;
  kind: 'video';
  storage_key: string;
  thumb_key: null;
  mime_type: VideoMimeType;
  width: number;
  height: number;
  size_bytes: number;
  video_facts: VideoFacts;
  created_at: Date;
}

export type ComposerMediaRow = ComposerImageRow | ComposerVideoRow;

/** What an upload records: an image (kind and facts may be left out) or a video. */
export type NewComposerMedia =
  | (Omit<ComposerImageRow, 'created_at' | 'kind' | 'video_facts'> & { kind?: 'image' })
  | Omit<ComposerVideoRow, 'created_at'>;

/**
 * Records an uploaded image (its files already written and reserved). The same id again answers
 * the row stored (a retried upload), `created: false`; an id another workspace or user holds is
 * `ID_TAKEN`. Inserting releases the files' reservation in the same transaction.
 */
export async function insertComposerMedia(
  db: Kysely<Database>,
  media: NewComposerMedia,
): Promise<{ row: ComposerMediaRow; created: boolean } | { refused: 'ID_TAKEN' }> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('composer_media')
      .values({
        ...media,
        kind: media.kind ?? 'image',
        video_facts: media.kind === 'video' ? JSON.stringify(media.video_facts) : null,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) {
      await trx
        .deleteFrom('media_garbage')
        .where(
          'storage_key',
          'in',
          [media.storage_key, media.thumb_key].filter((key) => key !== null),
        )
        .execute();
      return { row: inserted as ComposerMediaRow, created: true };
    }
    const existing = await trx
      .selectFrom('composer_media')
      .selectAll()
      .where('id', '=', media.id)
      .executeTakeFirst();
    if (!existing || existing.workspace_id !== media.workspace_id || existing.user_id !== media.user_id)
      return { refused: 'ID_TAKEN' };
    return { row: existing as ComposerMediaRow, created: false };
  });
}

/** The workspace's composer images among `ids` (another workspace's are not found). */
export async function findComposerMedia(
  db: Kysely<Database>,
  workspaceId: string,
  ids: readonly string[],
): Promise<ComposerMediaRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('composer_media')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', [...ids])
    .execute();
  // The table's check keeps each kind's shape (migration 2026-12-01T03-30-composer-video).
  return rows as ComposerMediaRow[];
}

/** Drops the workspace's composer images among `ids` (a cancelled composer); the trigger queues their files. */
export async function deleteComposerMedia(
  db: Kysely<Database>,
  workspaceId: string,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('composer_media')
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Drops composer images older than `maxAgeMs` (a browser closed without saving nor cancelling):
 * the sweeper runs it; the trigger queues their files.
 */
export async function expireComposerMedia(db: Kysely<Database>, maxAgeMs: number): Promise<number> {
  const result = await db
    .deleteFrom('composer_media')
    .where('created_at', '<', sql<Date>`now() - ${`${Math.round(maxAgeMs)} milliseconds`}::interval`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
