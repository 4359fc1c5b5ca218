// Resumable (tus) video uploads in progress (docs/media.md, "Envio retomável"): one row per upload,
// scoped to its workspace in SQL. The row is the shared truth between web processes: the offset,
// the S3 parts already sent, and a short lease (`lock_token`, `locked_until`) so only one PATCH
// writes at a time; a process that dies mid-PATCH loses the lease when it expires. No transaction
// stays open while bytes arrive.
import { type Kysely, type Selectable, sql } from 'kysely';
import type { MediaStorage, ResumableState } from '../media/storage.js';
import type { Database, VideoUploadsTable } from '../schema.js';

export type VideoUploadRow = Selectable<VideoUploadsTable>;

export interface NewVideoUpload {
  id: string;
  workspaceId: string;
  userId: string;
  /** Null: the composer's upload, bound to the workspace until its save (docs/composer.md). */
  postId: string | null;
  state: ResumableState;
  expiresAt: Date;
}

/**
 * Records a new upload. The same id again (a retried creation) answers the row already there,
 * `created: false`; an id that is another workspace's or post's is `taken`.
 */
export async function createVideoUpload(
  db: Kysely<Database>,
  upload: NewVideoUpload,
): Promise<{ row: VideoUploadRow; created: boolean } | { taken: true }> {
  const inserted = await db
    .insertInto('video_uploads')
    .values({
      id: upload.id,
      workspace_id: upload.workspaceId,
      user_id: upload.userId,
      post_id: upload.postId,
      storage_key: upload.state.finalKey,
      staging_key: upload.state.stagingKey,
      upload_length: upload.state.length,
      s3_upload_id: upload.state.s3UploadId,
      expires_at: upload.expiresAt,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { row: inserted, created: true };
  const existing = await db
    .selectFrom('video_uploads')
    .selectAll()
    .where('id', '=', upload.id)
    .executeTakeFirst();
  if (!existing || existing.workspace_id !== upload.workspaceId || existing.post_id !== upload.postId)
    return { taken: true };
  return { row: existing, created: false };
}

/** The workspace's upload, or undefined (another workspace's upload looks missing). */
export async function findVideoUpload(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<VideoUploadRow | undefined> {
  return db
    .selectFrom('video_uploads')
    .selectAll()
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
}

/** Where an upload stands, as the storage's resumable writes need it. */
export function resumableStateOf(row: VideoUploadRow): ResumableState {
  return {
    finalKey: row.storage_key,
    stagingKey: row.staging_key,
    length: Number(row.upload_length),
    offset: Number(row.upload_offset),
    s3UploadId: row.s3_upload_id,
    parts: row.s3_parts,
    tailBytes: row.tail_bytes,
  };
}

/**
 * Takes the upload's write lease for `leaseMs` (one PATCH at a time, across processes): the row,
 * or null when another request holds an unexpired lease or the upload is no longer receiving.
 */
export async function leaseVideoUpload(
  db: Kysely<Database>,
  options: { workspaceId: string; id: string; token: string; leaseMs: number },
): Promise<VideoUploadRow | null> {
  const row = await db
    .updateTable('video_uploads')
    .set({
      lock_token: options.token,
      locked_until: sql<Date>`now() + ${`${Math.round(options.leaseMs)} milliseconds`}::interval`,
    })
    .where('id', '=', options.id)
    .where('workspace_id', '=', options.workspaceId)
    .where('state', '=', 'receiving')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', sql<Date>`now()`)]))
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Records durable progress (offset, S3 parts, tail) while holding the lease, extends the lease and
 * the upload's expiry. False when the lease was lost (expired and taken by another request).
 */
export async function saveVideoUploadProgress(
  db: Kysely<Database>,
  options: {
    id: string;
    token: string;
    state: ResumableState;
    leaseMs: number;
    expiresAt: Date;
    release?: boolean;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('video_uploads')
    .set({
      upload_offset: options.state.offset,
      s3_parts: JSON.stringify(options.state.parts),
      tail_bytes: options.state.tailBytes,
      expires_at: options.expiresAt,
      updated_at: sql<Date>`now()`,
      ...(options.release
        ? { lock_token: null, locked_until: null }
        : {
            locked_until: sql<Date>`now() + ${`${Math.round(options.leaseMs)} milliseconds`}::interval`,
          }),
    })
    .where('id', '=', options.id)
    .where('lock_token', '=', options.token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends an upload: its video recorded (`done`) or refused (`rejected`, with the refusal to repeat). */
export async function finishVideoUpload(
  db: Kysely<Database>,
  options: { id: string; state: 'done' | 'rejected'; rejection?: unknown },
): Promise<void> {
  await db
    .updateTable('video_uploads')
    .set({
      state: options.state,
      rejection: options.rejection === undefined ? null : JSON.stringify(options.rejection),
      lock_token: null,
      locked_until: null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', options.id)
    .execute();
}

/** Deletes an upload the person cancelled (tus termination); its staging bytes are dropped first. */
export async function deleteVideoUpload(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('video_uploads').where('id', '=', id).execute();
}

/**
 * Aborts uploads past their expiry (nobody sent a byte for a while) and deletes their rows, and the
 * rows of finished ones past it. Returns how many rows went. A storage failure leaves the row for
 * the next sweep.
 */
export async function sweepExpiredVideoUploads(
  db: Kysely<Database>,
  storage: MediaStorage,
  options: { limit?: number } = {},
): Promise<number> {
  const rows = await db
    .selectFrom('video_uploads')
    .selectAll()
    .where('expires_at', '<', sql<Date>`now()`)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', sql<Date>`now()`)]))
    .orderBy('expires_at')
    .limit(options.limit ?? 100)
    .execute();
  let n = 0;
  for (const row of rows) {
    if (row.state === 'receiving') await storage.resumable.abort(resumableStateOf(row));
    const gone = await db
      .deleteFrom('video_uploads')
      .where('id', '=', row.id)
      .where('expires_at', '<', sql<Date>`now()`)
      .executeTakeFirst();
    n += Number(gone.numDeletedRows);
  }
  return n;
}
