// Images of posts (docs/media.md): the post_media rows, scoped to their owner in SQL, and fenced
// like text edits: every change locks the post's row and goes ahead only while the post is in one
// of core's EDITABLE_POST_STATUSES, so a post the worker has claimed (publishing) or published keeps
// the images it was claimed with. The worker's claim waits for the lock, and the reverse.
//
// Files are deleted after the rows: a trigger queues the keys of every deleted post_media row in
// media_garbage (post, theme and user deletes included, through their cascades), and
// sweepMediaGarbage deletes the files once that has committed.
import {
  EDITABLE_POST_STATUSES,
  MAX_MEDIA_PER_POST,
  type MediaMimeType,
  type MediaRejection,
  type Platform,
  type PostStatus,
  VIDEO_MIME_TYPES,
  type VideoFacts,
  type VideoMimeType,
} from '@pauta/core';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { storedImageSize } from '../media/image-size.js';
import type { MediaStorage } from '../media/storage.js';
import type { Database, PostMediaTable } from '../schema.js';

/** A post's image or video as the repositories return it: the stored row without its owners. */
export type PostMediaRow = Omit<Selectable<PostMediaTable>, 'workspace_id' | 'user_id'>;

/** What a media row says about its file: all but its id, its post and its owners. */
const MEDIA_FILE_COLUMNS = [
  'position',
  'storage_key',
  'thumb_key',
  'mime_type',
  'width',
  'height',
  'size_bytes',
  'alt_text',
  'kind',
  'duration_seconds',
  'rotation',
  'container',
  'video_codec',
  'video_codec_string',
  'frame_rate',
  'bitrate',
  'audio',
  'cover_key',
  'cover_time_seconds',
] as const;

const MEDIA_COLUMNS = ['id', 'post_id', 'created_at', ...MEDIA_FILE_COLUMNS] as const;

/**
 * Copies a post's images and video to another post, in the caller's transaction (a recurring
 * post's next occurrence): new rows, same order, same stored files, same owners.
 */
export async function copyPostMediaIn(
  trx: Transaction<Database>,
  fromPostId: string,
  toPostId: string,
): Promise<void> {
  const carried = ['workspace_id', 'user_id', ...MEDIA_FILE_COLUMNS] as const;
  await trx
    .insertInto('post_media')
    .columns(['id', 'post_id', ...carried])
    .expression((eb) =>
      eb
        .selectFrom('post_media as m')
        .select([
          sql<string>`gen_random_uuid()`.as('id'),
          sql<string>`${toPostId}::uuid`.as('post_id'),
          ...carried.map((column) => `m.${column}` as const),
        ])
        .where('m.post_id', '=', fromPostId),
    )
    .execute();
}

/** A post's images in order. With `workspaceId`, only when the post is that workspace's. */
export async function listPostMedia(
  db: Kysely<Database>,
  postId: string,
  options: { workspaceId?: string } = {},
): Promise<PostMediaRow[]> {
  let query = db.selectFrom('post_media').select(MEDIA_COLUMNS).where('post_id', '=', postId);
  if (options.workspaceId !== undefined) query = query.where('workspace_id', '=', options.workspaceId);
  return query.orderBy('position').execute();
}

/** The images of several posts (thumbnails of a list), grouped by post, each in order. */
export async function listMediaForPosts(
  db: Kysely<Database>,
  postIds: readonly string[],
  options: { workspaceId?: string; firstOnly?: boolean } = {},
): Promise<Map<string, PostMediaRow[]>> {
  const byPost = new Map<string, PostMediaRow[]>();
  if (postIds.length === 0) return byPost;
  let query = db
    .selectFrom('post_media')
    .select(MEDIA_COLUMNS)
    .where('post_id', 'in', [...new Set(postIds)]);
  if (options.workspaceId !== undefined) query = query.where('workspace_id', '=', options.workspaceId);
  if (options.firstOnly) query = query.where('position', '=', 0);
  const rows = await query.orderBy('post_id').orderBy('position').execute();
  for (const row of rows) {
    const list = byPost.get(row.post_id);
    if (list) list.push(row);
    else byPost.set(row.post_id, [row]);
  }
  return byPost;
}

/** Why a media change was refused by the repository. */
export type MediaChangeRefusal =
  | { refused: 'NOT_FOUND' }
  | { refused: 'REJECTED'; rejection: MediaRejection }
  /** The id is already another image's (another post's or another user's): a reused key. */
  | { refused: 'ID_TAKEN' };

interface LockedPost {
  id: string;
  platform: Platform;
  status: PostStatus;
}

/**
 * Locks the caller's post for a media change (FOR NO KEY UPDATE: the worker's claim, an UPDATE of
 * the same row, waits) and checks that it is still editable.
 */
export async function lockEditablePost(
  trx: Transaction<Database>,
  workspaceId: string,
  postId: string,
): Promise<LockedPost | MediaChangeRefusal> {
  const post = await trx
    .selectFrom('suggested_posts')
    .select(['id', 'platform', 'status'])
    .where('id', '=', postId)
    .where('workspace_id', '=', workspaceId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!post) return { refused: 'NOT_FOUND' };
  if (!(EDITABLE_POST_STATUSES as readonly PostStatus[]).includes(post.status)) {
    return { refused: 'REJECTED', rejection: { reason: 'NOT_EDITABLE' } };
  }
  return post;
}

export function isRefusal(value: LockedPost | MediaChangeRefusal): value is MediaChangeRefusal {
  return 'refused' in value;
}

/** The caller's post's platform and status, or undefined (another user's post looks missing). */
export async function findPostForMedia(
  db: Kysely<Database>,
  workspaceId: string,
  postId: string,
): Promise<LockedPost | undefined> {
  return db
    .selectFrom('suggested_posts')
    .select(['id', 'platform', 'status'])
    .where('id', '=', postId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
}

/** One media row by id, whoever's it is (the upload's idempotency check). */
export async function findMediaById(
  db: Kysely<Database>,
  mediaId: string,
): Promise<(PostMediaRow & { workspace_id: string }) | undefined> {
  return db
    .selectFrom('post_media')
    .select([...MEDIA_COLUMNS, 'workspace_id'])
    .where('id', '=', mediaId)
    .executeTakeFirst();
}

/**
 * Reserves storage keys before their files are written: should the row never be inserted (a
 * crash, a refusal), the sweeper deletes the files after `graceMs`. Inserting the row releases them.
 */
export async function reserveMediaKeys(
  db: Kysely<Database>,
  keys: readonly string[],
  options: { graceMs: number },
): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insertInto('media_garbage')
    .values(
      keys.map((storage_key) => ({
        storage_key,
        not_before: sql<Date>`now() + ${`${Math.round(options.graceMs)} milliseconds`}::interval`,
      })),
    )
    .onConflict((oc) =>
      oc.column('storage_key').doUpdateSet({ not_before: (eb) => eb.ref('excluded.not_before') }),
    )
    .execute();
}

/** An image whose files are written (and reserved) under its post's keys: a post_media row to be. */
export interface StoredImage {
  id: string;
  storageKey: string;
  thumbKey: string;
  mimeType: MediaMimeType;
  width: number;
  height: number;
  sizeBytes: number;
  altText?: string;
}

export interface NewPostMedia extends StoredImage {
  /** The post's workspace: the post must be one of its posts. */
  workspaceId: string;
  /** Who uploads (user_id). */
  userId: string;
  postId: string;
}

/** The post_media row of a stored image, at `position` among its post's media (by `userId`). */
export function imageRow(
  image: StoredImage,
  post: { postId: string; userId: string; workspaceId?: string },
  position: number,
) {
  return {
    id: image.id,
    ...(post.workspaceId === undefined ? {} : { workspace_id: post.workspaceId }),
    post_id: post.postId,
    user_id: post.userId,
    position,
    storage_key: image.storageKey,
    thumb_key: image.thumbKey,
    mime_type: image.mimeType,
    width: image.width,
    height: image.height,
    size_bytes: image.sizeBytes,
    alt_text: image.altText ?? '',
  };
}

/**
 * Records new media rows (images' or a video's) in the caller's transaction and releases their
 * files' reservations (media_garbage): from then on the rows keep the files. The rows, as stored.
 */
export async function insertMediaRows(
  trx: Kysely<Database>,
  rows: (ReturnType<typeof imageRow> | ReturnType<typeof videoRow>)[],
): Promise<PostMediaRow[]> {
  if (rows.length === 0) return [];
  const inserted = await trx.insertInto('post_media').values(rows).returning(MEDIA_COLUMNS).execute();
  await trx
    .deleteFrom('media_garbage')
    .where(
      'storage_key',
      'in',
      rows.flatMap((row) => (row.thumb_key === null ? [row.storage_key] : [row.storage_key, row.thumb_key])),
    )
    .execute();
  return inserted;
}

/**
 * Adds an image or a video to the workspace's editable post, in one transaction under the post's
 * lock: `refusal` (Pauta's rules and the network's, with the post and its current media) or else
 * `insert`. The same id again answers the row already stored (a retried upload), `created: false`.
 */
function addUnderPostLock(
  db: Kysely<Database>,
  item: { id: string; workspaceId: string; postId: string },
  refusal: (post: LockedPost, current: PostMediaRow[]) => MediaRejection | null,
  insert: (trx: Transaction<Database>, current: PostMediaRow[]) => Promise<PostMediaRow>,
): Promise<{ row: PostMediaRow; created: boolean } | MediaChangeRefusal> {
  return db.transaction().execute(async (trx) => {
    const post = await lockEditablePost(trx, item.workspaceId, item.postId);
    if (isRefusal(post)) return post;
    const existing = await findMediaById(trx, item.id);
    if (existing) {
      if (existing.workspace_id !== item.workspaceId || existing.post_id !== item.postId)
        return { refused: 'ID_TAKEN' };
      const { workspace_id: _owner, ...row } = existing;
      return { row, created: false };
    }
    const current = await listPostMedia(trx, item.postId);
    const rejection = refusal(post, current);
    if (rejection) return { refused: 'REJECTED', rejection };
    return { row: await insert(trx, current), created: true };
  });
}

/**
 * Adds an image at the end of the caller's editable post. `check` runs under the post's lock with
 * the post and its current images (the network's count and GIF rules), so two uploads at once
 * cannot both squeeze past a limit. The same id again returns the row already stored (a retried
 * upload), `created: false`.
 */
export async function addPostMedia(
  db: Kysely<Database>,
  media: NewPostMedia,
  check: (post: { platform: Platform }, current: PostMediaRow[]) => MediaRejection | null = () => null,
): Promise<{ row: PostMediaRow; created: boolean } | MediaChangeRefusal> {
  return addUnderPostLock(
    db,
    media,
    (post, current) => {
      if (current.some((m) => m.kind === 'video')) return { reason: 'IMAGES_WITH_VIDEO' };
      if (current.length >= MAX_MEDIA_PER_POST) return { reason: 'TOO_MANY', max: MAX_MEDIA_PER_POST };
      return check(post, current);
    },
    async (trx, current) => (await insertMediaRows(trx, [imageRow(media, media, current.length)]))[0]!,
  );
}

/** Removes one image of the caller's editable post and closes the gap in the positions. */
export async function removePostMedia(
  db: Kysely<Database>,
  options: { workspaceId: string; postId: string; mediaId: string },
): Promise<{ removed: boolean; media: PostMediaRow[] } | MediaChangeRefusal> {
  return db.transaction().execute(async (trx) => {
    const post = await lockEditablePost(trx, options.workspaceId, options.postId);
    if (isRefusal(post)) return post;
    const removed = await trx
      .deleteFrom('post_media')
      .where('id', '=', options.mediaId)
      .where('post_id', '=', options.postId)
      .where('workspace_id', '=', options.workspaceId)
      .returning('position')
      .executeTakeFirst();
    if (removed) {
      await trx
        .updateTable('post_media')
        .set((eb) => ({ position: eb('position', '-', 1) }))
        .where('post_id', '=', options.postId)
        .where('position', '>', removed.position)
        .execute();
    }
    // Removing an image that is already gone is a success (a retried click).
    return { removed: Boolean(removed), media: await listPostMedia(trx, options.postId) };
  });
}

/** Puts the caller's editable post's images in `order` (every one of its image ids, once each). */
export async function reorderPostMedia(
  db: Kysely<Database>,
  options: { workspaceId: string; postId: string; order: readonly string[] },
): Promise<{ media: PostMediaRow[] } | MediaChangeRefusal | { refused: 'ORDER_MISMATCH' }> {
  return db.transaction().execute(async (trx) => {
    const post = await lockEditablePost(trx, options.workspaceId, options.postId);
    if (isRefusal(post)) return post;
    const current = await listPostMedia(trx, options.postId);
    const ids = new Set(current.map((m) => m.id));
    // An id that is not one of this post's images (another post's, another user's) looks missing.
    if (!options.order.every((id) => ids.has(id))) return { refused: 'NOT_FOUND' as const };
    // Some of the post's images left out, or one twice: the caller's view is out of date.
    if (options.order.length !== current.length || new Set(options.order).size !== options.order.length) {
      return { refused: 'ORDER_MISMATCH' as const };
    }
    // The unique (post_id, position) is checked at commit (DEFERRABLE), so positions may swap.
    for (const [position, id] of options.order.entries()) {
      await trx
        .updateTable('post_media')
        .set({ position })
        .where('id', '=', id)
        .where('post_id', '=', options.postId)
        .execute();
    }
    return { media: await listPostMedia(trx, options.postId) };
  });
}

/** Sets one image's alt text (the caller's editable post only). */
export async function updatePostMediaAlt(
  db: Kysely<Database>,
  options: { workspaceId: string; postId: string; mediaId: string; altText: string },
): Promise<{ row: PostMediaRow } | MediaChangeRefusal> {
  return db.transaction().execute(async (trx) => {
    const post = await lockEditablePost(trx, options.workspaceId, options.postId);
    if (isRefusal(post)) return post;
    const row = await trx
      .updateTable('post_media')
      .set({ alt_text: options.altText })
      .where('id', '=', options.mediaId)
      .where('post_id', '=', options.postId)
      .where('workspace_id', '=', options.workspaceId)
      .returning(MEDIA_COLUMNS)
      .executeTakeFirst();
    return row ? { row } : { refused: 'NOT_FOUND' };
  });
}

/**
 * Deletes from the storage the files queued in media_garbage that are due and that no post_media
 * row holds, then their rows. Returns how many keys were deleted. The due rows are leased for a
 * few minutes first (no transaction stays open across the storage calls), so several processes
 * can sweep at once and a storage failure leaves the rows for a later sweep.
 */
export async function sweepMediaGarbage(
  db: Kysely<Database>,
  storage: MediaStorage,
  options: { limit?: number; leaseMs?: number } = {},
): Promise<number> {
  const limit = options.limit ?? 500;
  const lease = `${options.leaseMs ?? 5 * 60_000} milliseconds`;
  const leased = await db
    .updateTable('media_garbage')
    .set({ not_before: sql<Date>`now() + ${lease}::interval` })
    .where(
      'storage_key',
      'in',
      db
        .selectFrom('media_garbage')
        .select('storage_key')
        .where('not_before', '<=', sql<Date>`now()`)
        .orderBy('not_before')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning('storage_key')
    .execute();
  if (leased.length === 0) return 0;
  const keys = leased.map((r) => r.storage_key);
  // A key a row holds again (a retried upload that landed after its reservation) is kept.
  const held = await db
    .selectFrom('post_media')
    .select(['storage_key', 'thumb_key', 'cover_key'])
    .where((eb) =>
      eb.or([eb('storage_key', 'in', keys), eb('thumb_key', 'in', keys), eb('cover_key', 'in', keys)]),
    )
    .execute();
  // An upload in progress holds its staging key (a retried creation after its reservation).
  const uploading = await db
    .selectFrom('video_uploads')
    .select(['staging_key', 'storage_key'])
    .where('state', '=', 'receiving')
    .where((eb) => eb.or([eb('staging_key', 'in', keys), eb('storage_key', 'in', keys)]))
    .execute();
  // A composer's upload holds its keys until its save or its expiry (docs/composer.md).
  const pending = await db
    .selectFrom('composer_media')
    .select(['storage_key', 'thumb_key'])
    .where((eb) => eb.or([eb('storage_key', 'in', keys), eb('thumb_key', 'in', keys)]))
    .execute();
  const keep = new Set<string | null>([
    ...held.flatMap((r) => [r.storage_key, r.thumb_key, r.cover_key]),
    ...pending.flatMap((r) => [r.storage_key, r.thumb_key]),
    ...uploading.flatMap((r) => [r.staging_key, r.storage_key]),
  ]);
  const doomed = keys.filter((k) => !keep.has(k));
  if (doomed.length > 0) await storage.delete(doomed);
  await db.deleteFrom('media_garbage').where('storage_key', 'in', keys).execute();
  return doomed.length;
}

/** One image as the publisher sends it (the m-publish worker's input). */
export interface PublishMediaItem {
  id: string;
  mimeType: MediaMimeType;
  altText: string;
  width: number;
  height: number;
  bytes: Buffer;
  /** A signed URL valid for `ttlSeconds` (Instagram fetches its images from it). */
  url: string;
}

/** How the publisher's media get their URLs: how long they last, and who signs them. */
export interface PublishUrlOptions {
  ttlSeconds?: number;
  urlFor?: (key: string, ttlSeconds: number) => string | Promise<string>;
}

/** `options.urlFor` (MediaSetup.publicUrl: the web's /media route), else the storage's own signed URL. */
function urlSigner(
  storage: MediaStorage,
  options: PublishUrlOptions,
): (key: string, ttlSeconds: number) => string | Promise<string> {
  return options.urlFor ?? ((key, seconds) => storage.signedUrl(key, seconds));
}

/**
 * The post's images in order, with their bytes and a signed, expiring URL each. `urlFor` signs the
 * URL (pass MediaSetup.publicUrl: the web's /media route, reachable by the networks); without it,
 * the storage's own signed URL (S3: a presigned GET of the bucket's endpoint).
 */
export async function loadPublishMedia(
  db: Kysely<Database>,
  storage: MediaStorage,
  postId: string,
  options: PublishUrlOptions = {},
): Promise<PublishMediaItem[]> {
  // Videos are not sent yet (no network publishes them: capabilities.video), and never loaded
  // whole in memory: the save refuses them and the worker stops such a post before this.
  const rows = (await listPostMedia(db, postId)).filter((row) => row.kind === 'image');
  const ttl = options.ttlSeconds ?? 60 * 60;
  const sign = urlSigner(storage, options);
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      mimeType: row.mime_type as MediaMimeType,
      altText: row.alt_text,
      width: row.width,
      height: row.height,
      bytes: await storage.get(row.storage_key),
      url: await sign(row.storage_key, ttl),
    })),
  );
}

/** A video's cover as the publisher sends it (the chosen frame drawn by the browser, or an image). */
export interface PublishVideoCoverItem {
  /** The frame chosen, in seconds from the start; null when the cover is an uploaded image. */
  timeSeconds: number | null;
  image: { mimeType: string; width: number; height: number; bytes: Buffer; url: string };
}

/**
 * The post's video as the publisher sends it (networks' PublishVideo, docs/publishing.md "Vídeo"),
 * plus its row id and every probed fact (the worker checks them against the network's rules again
 * before publishing). The bytes are never loaded whole: `read` reads one range from the storage.
 */
export interface PublishVideoItem {
  id: string;
  facts: VideoFacts;
  mimeType: VideoMimeType;
  sizeBytes: number;
  durationSeconds: number;
  width: number;
  height: number;
  frameRate: number;
  /** Bytes [start, end) of the file; a range outside the file, or a file shorter than recorded, throws. */
  read(start: number, end: number): Promise<Uint8Array>;
  /** A signed URL of the file valid for `ttlSeconds` (networks that fetch the file themselves). */
  url: string;
  cover: PublishVideoCoverItem | null;
}

/** Thrown by a video's `read` when the stored file does not hold the range asked for. */
export class VideoRangeError extends Error {
  override name = 'VideoRangeError';
}

/**
 * The post's video (kind 'video'), or null when it has none. Reads nothing of the file but the
 * cover: `read` goes through `storage.readRange`, range by range. `urlFor` signs the URLs as
 * loadPublishMedia does; `ttlSeconds` (default 2 h) must outlast the whole publish call plus the
 * network's fetch, so at least an hour after the call's budget (VIDEO_PUBLISH_TIMEOUT_MS).
 */
export async function loadPublishVideo(
  db: Kysely<Database>,
  storage: MediaStorage,
  postId: string,
  options: PublishUrlOptions = {},
): Promise<PublishVideoItem | null> {
  const row = (await listPostMedia(db, postId)).find((m) => m.kind === 'video');
  if (!row) return null;
  const ttl = options.ttlSeconds ?? 2 * 60 * 60;
  const sign = urlSigner(storage, options);
  const facts = videoFactsOf(row);
  const key = row.storage_key;
  const size = row.size_bytes;
  let cover: PublishVideoCoverItem | null = null;
  if (row.cover_key !== null) {
    const bytes = await storage.get(row.cover_key);
    const image = storedImageSize(bytes);
    if (image === null) throw new VideoRangeError(`capa do vídeo ilegível: ${row.cover_key}`);
    cover = {
      timeSeconds: row.cover_time_seconds,
      image: { ...image, bytes, url: await sign(row.cover_key, ttl) },
    };
  }
  return {
    id: row.id,
    facts,
    mimeType: row.mime_type as VideoMimeType,
    sizeBytes: size,
    durationSeconds: facts.durationSeconds,
    width: row.width,
    height: row.height,
    frameRate: facts.frameRate,
    async read(start, end) {
      if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start || end > size)
        throw new VideoRangeError(`intervalo inválido [${start}, ${end}) de um vídeo de ${size} bytes`);
      if (end === start) return new Uint8Array(0);
      const bytes = await storage.readRange(key, start, end);
      if (bytes.length !== end - start)
        throw new VideoRangeError(
          `o arquivo do vídeo tem menos bytes que o registrado (${start}+${bytes.length} < ${end})`,
        );
      return bytes;
    },
    url: await sign(key, ttl),
    cover,
  };
}

/** A video row's probed facts, as the upload's check saw them. */
export function videoFactsOf(row: PostMediaRow): VideoFacts {
  return {
    container: row.container ?? (row.mime_type === 'video/quicktime' ? 'mov' : 'mp4'),
    sizeBytes: row.size_bytes,
    durationSeconds: row.duration_seconds ?? 0,
    width: row.width,
    height: row.height,
    rotation: row.rotation ?? 0,
    videoCodec: row.video_codec ?? '',
    videoCodecString: row.video_codec_string,
    frameRate: row.frame_rate ?? 0,
    // Not stored; no network rule reads it.
    constantFrameRate: true,
    bitrate: row.bitrate ?? 0,
    audio: row.audio,
  };
}

/** A probed, accepted video to record as the post's only media. */
export interface NewPostVideo extends StoredVideo {
  workspaceId: string;
  userId: string;
  postId: string;
}

/**
 * Records a finished, probed video as the post's media (position 0), under the post's lock: the
 * post must be editable and have no media (a post has images or one video); `check` runs there
 * with the post (the network's rules). The same id again returns the row (a retried completion).
 */
export async function addPostVideo(
  db: Kysely<Database>,
  video: NewPostVideo,
  check: (post: { platform: Platform }) => MediaRejection | null = () => null,
): Promise<{ row: PostMediaRow; created: boolean } | MediaChangeRefusal> {
  return addUnderPostLock(
    db,
    video,
    (post, current) => {
      if (current.some((m) => m.kind === 'video')) return { reason: 'ONE_VIDEO' };
      if (current.length > 0) return { reason: 'VIDEO_WITH_IMAGES' };
      return check(post);
    },
    async (trx) =>
      (await insertMediaRows(trx, [videoRow(video, { postId: video.postId, userId: video.userId })]))[0]!,
  );
}

/** A probed video stored under its post's key: a post_media row to be. */
export interface StoredVideo {
  id: string;
  storageKey: string;
  facts: VideoFacts;
}

/** The post_media row of a stored video: its post's only media, at position 0 (by `userId`). */
export function videoRow(video: StoredVideo, post: { postId: string; userId: string; workspaceId?: string }) {
  const f = video.facts;
  return {
    id: video.id,
    ...(post.workspaceId === undefined ? {} : { workspace_id: post.workspaceId }),
    post_id: post.postId,
    user_id: post.userId,
    position: 0,
    kind: 'video' as const,
    storage_key: video.storageKey,
    thumb_key: null,
    mime_type: VIDEO_MIME_TYPES[f.container],
    width: f.width,
    height: f.height,
    size_bytes: f.sizeBytes,
    duration_seconds: f.durationSeconds,
    rotation: f.rotation,
    container: f.container,
    video_codec: f.videoCodec,
    video_codec_string: f.videoCodecString,
    frame_rate: f.frameRate,
    bitrate: f.bitrate,
    audio: f.audio === null ? null : JSON.stringify(f.audio),
    cover_key: null,
    cover_time_seconds: null,
  };
}

/**
 * Sets a video's cover: an image already stored (`coverKey` and its `thumbKey`, written by the
 * image pipeline) and/or the frame time chosen. The previous cover's files are queued for deletion.
 */
export async function setVideoCover(
  db: Kysely<Database>,
  options: {
    workspaceId: string;
    postId: string;
    mediaId: string;
    coverKey: string;
    thumbKey: string;
    timeSeconds: number | null;
  },
): Promise<{ row: PostMediaRow } | MediaChangeRefusal> {
  return db.transaction().execute(async (trx) => {
    const post = await lockEditablePost(trx, options.workspaceId, options.postId);
    if (isRefusal(post)) return post;
    const before = await trx
      .selectFrom('post_media')
      .select(['cover_key', 'thumb_key', 'duration_seconds'])
      .where('id', '=', options.mediaId)
      .where('post_id', '=', options.postId)
      .where('workspace_id', '=', options.workspaceId)
      .where('kind', '=', 'video')
      .executeTakeFirst();
    if (!before) return { refused: 'NOT_FOUND' };
    const time =
      options.timeSeconds === null
        ? null
        : Math.min(Math.max(0, options.timeSeconds), before.duration_seconds ?? options.timeSeconds);
    const row = await trx
      .updateTable('post_media')
      .set({ cover_key: options.coverKey, thumb_key: options.thumbKey, cover_time_seconds: time })
      .where('id', '=', options.mediaId)
      .returning(MEDIA_COLUMNS)
      .executeTakeFirstOrThrow();
    const old = [before.cover_key, before.thumb_key].filter(
      (k): k is string => k !== null && k !== options.coverKey && k !== options.thumbKey,
    );
    if (old.length > 0)
      await trx
        .insertInto('media_garbage')
        .values(old.map((storage_key) => ({ storage_key })))
        .onConflict((oc) => oc.column('storage_key').doNothing())
        .execute();
    await trx
      .deleteFrom('media_garbage')
      .where('storage_key', 'in', [options.coverKey, options.thumbKey])
      .execute();
    return { row };
  });
}

/** Whether the post carries a video (the save's and the worker's guard). */
export async function postHasVideo(db: Kysely<Database>, postId: string): Promise<boolean> {
  const row = await db
    .selectFrom('post_media')
    .select('id')
    .where('post_id', '=', postId)
    .where('kind', '=', 'video')
    .executeTakeFirst();
  return row !== undefined;
}
