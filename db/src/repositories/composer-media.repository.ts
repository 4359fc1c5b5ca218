// Images of "Novo post" before its save (docs/composer.md): uploaded to the workspace, then turned
// into each network's post_media rows by the save (insertPostGroup, same transaction, all or
// nothing). Every read and delete is scoped by the workspace (docs/workspaces.md). A trigger queues a
// deleted row's files in media_garbage (migration 2026-11-30T07-10-composer-media).
import { type Kysely, type Selectable, sql } from 'kysely';
import type { ComposerMediaTable, Database } from '../schema.js';

/** An uploaded image of "Novo post" as stored (ComposerMediaTable). */
export type ComposerMediaRow = Selectable<ComposerMediaTable>;

/**
 * Records an uploaded image (its files already written and reserved). The same id again answers
 * the row stored (a retried upload), `created: false`; an id another workspace or user holds is
 * `ID_TAKEN`. Inserting releases the files' reservation in the same transaction.
 */
export async function insertComposerMedia(
  db: Kysely<Database>,
  media: Omit<ComposerMediaRow, 'created_at'>,
): Promise<{ row: ComposerMediaRow; created: boolean } | { refused: 'ID_TAKEN' }> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('composer_media')
      .values(media)
      .onConflict((oc) => oc.column('id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) {
      await trx
        .deleteFrom('media_garbage')
        .where('storage_key', 'in', [media.storage_key, media.thumb_key])
        .execute();
      return { row: inserted, created: true };
    }
    const existing = await trx
      .selectFrom('composer_media')
      .selectAll()
      .where('id', '=', media.id)
      .executeTakeFirst();
    if (!existing || existing.workspace_id !== media.workspace_id || existing.user_id !== media.user_id)
      return { refused: 'ID_TAKEN' };
    return { row: existing, created: false };
  });
}

/** The workspace's composer images among `ids` (another workspace's are not found). */
export async function findComposerMedia(
  db: Kysely<Database>,
  workspaceId: string,
  ids: readonly string[],
): Promise<ComposerMediaRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('composer_media')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', [...ids])
    .execute();
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
