// Images of a post (docs/media.md): upload (checked and re-encoded for the post's network, then
// stored, then recorded), list, reorder, alt text and removal. The owner's post must still be
// editable (the repository locks it); the browser sees its images through signed /media URLs.
import {
  AppError,
  EDITABLE_POST_STATUSES,
  MAX_MEDIA_PER_POST,
  type MediaMimeType,
  type MediaRejection,
  mediaRejectionMessage,
  type Platform,
  type PostStatus,
  type VideoContainer,
  type VideoMimeType,
} from '@pauta/core';
import {
  addPostMedia,
  blockedFor,
  findMediaById,
  findPostForMedia,
  listPostMedia,
  MEDIA_ROUTE,
  type MediaChangeRefusal,
  type MediaSetup,
  type PostMediaRow,
  recordHit,
  removePostMedia,
  reorderPostMedia,
  reserveMediaKeys,
  signMediaKey,
  updatePostMediaAlt,
} from '@pauta/db';
import { capabilitiesOf, mediaLimitsOf } from '@pauta/networks';
import sharp from 'sharp';
import type { AppDeps } from '../deps.js';
import {
  checkAgainstOthers,
  MediaRejectedError,
  type ProcessedImage,
  processImage,
} from './process-image.js';

/** What the web needs for images: the storage, the URL signing key and the sweeper's kick. */
export interface MediaDeps extends MediaSetup {
  /** Asks the sweeper to delete queued files soon (after a removal). */
  kickSweeper?: () => void;
  /** Uploads one user may start per window (tests lower it); default UPLOAD_LIMIT. */
  uploadLimit?: { limit: number; windowMs: number };
  /** Video uploads one user may start per window (tests lower it); default VIDEO_UPLOAD_LIMIT. */
  videoUploadLimit?: { limit: number; windowMs: number };
  /** CSV image addresses one workspace may fetch per window (tests lower it); default CSV_IMAGE_FETCH_LIMIT. */
  csvImageFetchLimit?: { limit: number; windowMs: number };
}

/**
 * Decoding is the costly part of an upload: at most 60 new images per user per 10 minutes (a
 * retried upload of an image already stored does not count), then 429 until the window ends.
 */
export const UPLOAD_LIMIT = { limit: 60, windowMs: 10 * 60_000 };

/**
 * Each new video upload opens a file on disk or an S3 multipart upload kept for up to 24 h: at most
 * 20 new video uploads per user per hour (a retried creation with the same Idempotency-Key and a
 * resumed upload — HEAD and PATCH — do not count), then 429 until the window ends.
 */
export const VIDEO_UPLOAD_LIMIT = { limit: 20, windowMs: 60 * 60_000 };

export type MediaServiceDeps = Pick<AppDeps, 'db' | 'logger'> & { media: MediaDeps };

/** One image or video as the browser sees it. */
export interface MediaView {
  id: string;
  kind: 'image' | 'video';
  position: number;
  mimeType: MediaMimeType | VideoMimeType;
  width: number;
  height: number;
  sizeBytes: number;
  altText: string;
  /** Same-origin signed URLs (`/media/<key>?exp=…&sig=…`), valid one to two hours. */
  url: string;
  /** Null only for a video without a cover yet. */
  thumbUrl: string | null;
  /** What the probe read from a video, and its cover; null for an image. */
  video: {
    durationSeconds: number;
    rotation: number;
    container: VideoContainer;
    videoCodec: string;
    frameRate: number;
    bitrate: number;
    audio: { codec: string; sampleRate: number; channels: number } | null;
    coverUrl: string | null;
    coverTimeSeconds: number | null;
    /** The pt-BR refusal the save will give while the post's network publishes no video yet. */
    notPublished: string | null;
  } | null;
}

const HOUR = 3600;

/**
 * A same-origin signed URL of the web's /media route. The expiry is rounded to the next full hour
 * plus one, so the URL of an image stays the same for an hour and the browser's cache works.
 */
export function browserMediaUrl(signingKey: Buffer, key: string, nowMs = Date.now()): string {
  const exp = (Math.ceil(nowMs / 1000 / HOUR) + 1) * HOUR;
  return `${MEDIA_ROUTE}/${key}?${new URLSearchParams(signMediaKey(signingKey, key, exp))}`;
}

export function toMediaView(
  signingKey: Buffer,
  row: PostMediaRow,
  nowMs = Date.now(),
  /** The post's network, when known: a video says whether that network publishes it yet. */
  platform?: Platform,
): MediaView {
  return {
    id: row.id,
    kind: row.kind,
    position: row.position,
    mimeType: row.mime_type,
    width: row.width,
    height: row.height,
    sizeBytes: row.size_bytes,
    altText: row.alt_text,
    url: browserMediaUrl(signingKey, row.storage_key, nowMs),
    thumbUrl: row.thumb_key === null ? null : browserMediaUrl(signingKey, row.thumb_key, nowMs),
    video:
      row.kind === 'video'
        ? {
            durationSeconds: row.duration_seconds ?? 0,
            rotation: row.rotation ?? 0,
            container: row.container ?? 'mp4',
            videoCodec: row.video_codec ?? '',
            frameRate: row.frame_rate ?? 0,
            bitrate: row.bitrate ?? 0,
            audio: row.audio,
            coverUrl: row.cover_key === null ? null : browserMediaUrl(signingKey, row.cover_key, nowMs),
            coverTimeSeconds: row.cover_time_seconds,
            notPublished:
              platform !== undefined && !capabilitiesOf(platform).video
                ? mediaRejectionMessage({ reason: 'VIDEO_NOT_PUBLISHED', platform })
                : null,
          }
        : null,
  };
}

export const EXTENSION: Record<MediaMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** Files of an upload that never became a row are deleted by the sweeper after this long. */
const RESERVATION_GRACE_MS = 15 * 60_000;

/** What a post_media row records of a processed image besides its keys. */
export function storedImageFacts(image: {
  bytes: Buffer;
  mimeType: MediaMimeType;
  width: number;
  height: number;
}) {
  return {
    mimeType: image.mimeType,
    width: image.width,
    height: image.height,
    sizeBytes: image.bytes.length,
  };
}

/**
 * Writes a post's image and its WebP thumbnail. The post is in the keys: the same id on another
 * post can never overwrite these files. The keys are reserved first (the sweeper deletes the files
 * unless a row holds them within RESERVATION_GRACE_MS), then added to `written` when given, so a
 * caller that fails later can delete them at once.
 */
export async function storeImageFiles(
  deps: Pick<MediaServiceDeps, 'db' | 'media'>,
  place: { workspaceId: string; postId: string; id: string },
  image: { bytes: Buffer; mimeType: MediaMimeType; thumb: Buffer },
  written?: string[],
): Promise<{ storageKey: string; thumbKey: string }> {
  const base = `posts/${place.workspaceId}/${place.postId}/${place.id}`;
  const storageKey = `${base}.${EXTENSION[image.mimeType]}`;
  const thumbKey = `${base}-thumb.webp`;
  await reserveMediaKeys(deps.db, [storageKey, thumbKey], { graceMs: RESERVATION_GRACE_MS });
  written?.push(storageKey, thumbKey);
  await deps.media.storage.put(storageKey, image.bytes, image.mimeType);
  await deps.media.storage.put(thumbKey, image.thumb, 'image/webp');
  return { storageKey, thumbKey };
}

/** At most this many images are decoded at once per process (sharp is CPU- and memory-hungry). */
const MAX_CONCURRENT_DECODES = 2;
let decoding = 0;
const waiting: (() => void)[] = [];
export async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (decoding >= MAX_CONCURRENT_DECODES) await new Promise<void>((resolve) => waiting.push(resolve));
  decoding++;
  try {
    return await work();
  } finally {
    decoding--;
    waiting.shift()?.();
  }
}

function refusalError(refusal: MediaChangeRefusal | { refused: 'ORDER_MISMATCH' }): AppError {
  switch (refusal.refused) {
    case 'NOT_FOUND':
      return new AppError('NOT_FOUND');
    case 'ID_TAKEN':
      return new AppError('IDEMPOTENCY_KEY_REUSED');
    case 'ORDER_MISMATCH':
      return new AppError('CONFLICT');
    case 'REJECTED':
      return new AppError('MEDIA_REJECTED', refusal.rejection);
  }
}

const rejected = (rejection: MediaRejection) => new AppError('MEDIA_REJECTED', rejection);

/**
 * Counts a new image upload against its user's limit (UPLOAD_LIMIT, both Editar Post and "Novo
 * post"): RATE_LIMITED while the user is blocked.
 */
export async function countImageUpload(deps: MediaServiceDeps, userId: string): Promise<void> {
  const { limit, windowMs } = deps.media.uploadLimit ?? UPLOAD_LIMIT;
  const limiterKey = `media-upload:${userId}`;
  const now = new Date();
  const wait = await blockedFor(deps.db, limiterKey, now);
  if (wait > 0) throw new AppError('RATE_LIMITED', { retryAfterSeconds: wait });
  // Blocks once the count reaches `limit`: that upload goes ahead, the next one waits.
  await recordHit(deps.db, { key: limiterKey, limit, windowMs, blockMs: windowMs, now });
}

/** Runs an image's check in a decode slot; a refusal is thrown as MEDIA_REJECTED with its reason. */
export async function decodeImage(work: () => Promise<ProcessedImage>): Promise<ProcessedImage> {
  try {
    return await withDecodeSlot(work);
  } catch (error) {
    if (error instanceof MediaRejectedError) throw rejected(error.rejection);
    throw error;
  }
}

/**
 * Adds an uploaded image to the caller's post. `mediaId` is the client's id for this upload (its
 * Idempotency-Key): the same id again returns the image already stored, `created: false`.
 */
export async function uploadPostMedia(
  deps: MediaServiceDeps,
  options: { workspaceId: string; userId: string; postId: string; mediaId: string; body: Buffer },
): Promise<{ media: MediaView; created: boolean }> {
  const { workspaceId, userId, postId, mediaId } = options;
  const post = await findPostForMedia(deps.db, workspaceId, postId);
  if (!post) throw new AppError('NOT_FOUND');
  const existing = await findMediaById(deps.db, mediaId);
  if (existing) {
    if (existing.workspace_id !== workspaceId || existing.post_id !== postId)
      throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return { media: toMediaView(deps.media.signingKey, existing), created: false };
  }
  // Cheap refusals before any decoding (the repository checks them again under the post's lock).
  if (!(EDITABLE_POST_STATUSES as readonly PostStatus[]).includes(post.status))
    throw rejected({ reason: 'NOT_EDITABLE' });
  const limits = mediaLimitsOf(post.platform);
  const current = await listPostMedia(deps.db, postId);
  if (current.some((m) => m.kind === 'video')) throw rejected({ reason: 'IMAGES_WITH_VIDEO' });
  if (current.length >= MAX_MEDIA_PER_POST) throw rejected({ reason: 'TOO_MANY', max: MAX_MEDIA_PER_POST });

  await countImageUpload(deps, userId);
  const image = await decodeImage(() => processImage(options.body, post.platform, limits));
  const early = checkAgainstOthers(post.platform, limits, image, current);
  if (early) throw rejected(early);

  const { storageKey, thumbKey } = await storeImageFiles(deps, { workspaceId, postId, id: mediaId }, image);

  const result = await addPostMedia(
    deps.db,
    {
      id: mediaId,
      workspaceId,
      userId,
      postId,
      storageKey,
      thumbKey,
      ...storedImageFacts(image),
    },
    (locked, others) => checkAgainstOthers(locked.platform, limits, image, others),
  );
  if ('refused' in result) {
    // Nothing holds the files: delete them now (the reservation is the safety net).
    if (result.refused !== 'ID_TAKEN') {
      await deps.media.storage.delete([storageKey, thumbKey]).catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'falha ao apagar arquivos de uma imagem recusada');
      });
    }
    throw refusalError(result);
  }
  return { media: toMediaView(deps.media.signingKey, result.row), created: result.created };
}

/** The workspace's post's images in order; NOT_FOUND for another workspace's post. */
export async function listMedia(
  deps: MediaServiceDeps,
  workspaceId: string,
  postId: string,
): Promise<MediaView[]> {
  const post = await findPostForMedia(deps.db, workspaceId, postId);
  if (!post) throw new AppError('NOT_FOUND');
  const rows = await listPostMedia(deps.db, postId, { workspaceId });
  const now = Date.now();
  return rows.map((row) => toMediaView(deps.media.signingKey, row, now, post.platform));
}

export async function removeMedia(
  deps: MediaServiceDeps,
  options: { workspaceId: string; postId: string; mediaId: string },
): Promise<MediaView[]> {
  const result = await removePostMedia(deps.db, options);
  if ('refused' in result) throw refusalError(result);
  if (result.removed) deps.media.kickSweeper?.();
  return result.media.map((row) => toMediaView(deps.media.signingKey, row));
}

export async function reorderMedia(
  deps: MediaServiceDeps,
  options: { workspaceId: string; postId: string; order: string[] },
): Promise<MediaView[]> {
  const result = await reorderPostMedia(deps.db, options);
  if ('refused' in result) throw refusalError(result);
  return result.media.map((row) => toMediaView(deps.media.signingKey, row));
}

export async function setMediaAlt(
  deps: MediaServiceDeps,
  options: { workspaceId: string; postId: string; mediaId: string; altText: string },
): Promise<MediaView> {
  const result = await updatePostMediaAlt(deps.db, options);
  if ('refused' in result) throw refusalError(result);
  return toMediaView(deps.media.signingKey, result.row);
}

/** The longest side of the JPEG sent to the AI: at most ~1 MP, few input tokens. */
export const ALT_SUGGESTION_SIDE = 1000;

/**
 * "Sugerir texto alternativo": the AI's pt-BR description of one of the caller's images, with the
 * post's text as context. Nothing is saved (the person edits it; the field saves it). NOT_FOUND
 * for an image that is not the caller's, AI_NOT_CONFIGURED without an AI key.
 */
export async function suggestMediaAlt(
  deps: MediaServiceDeps & Pick<AppDeps, 'drafts'>,
  options: {
    workspaceId: string;
    userId: string;
    postId: string;
    mediaId: string;
    requestId?: string | undefined;
  },
): Promise<{ altText: string }> {
  const { workspaceId, userId, postId, mediaId } = options;
  const row = await findMediaById(deps.db, mediaId);
  if (!row || row.workspace_id !== workspaceId || row.post_id !== postId) throw new AppError('NOT_FOUND');
  const post = await deps.db
    .selectFrom('suggested_posts')
    .innerJoin('themes', 'themes.id', 'suggested_posts.theme_id')
    .select(['suggested_posts.content', 'suggested_posts.status', 'themes.name as themeName'])
    .where('suggested_posts.id', '=', postId)
    .where('suggested_posts.workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!post) throw new AppError('NOT_FOUND');
  if (!(EDITABLE_POST_STATUSES as readonly PostStatus[]).includes(post.status))
    throw rejected({ reason: 'NOT_EDITABLE' });
  const describe = deps.drafts.describeImage;
  if (!describe || deps.drafts.aiConfigured !== true) throw new AppError('AI_NOT_CONFIGURED');
  const stored = await deps.media.storage.get(row.storage_key);
  // The first frame, upright already (uploads are re-encoded upright), as a JPEG of ≤ ~1 MP.
  const jpeg = await withDecodeSlot(() =>
    sharp(stored, { limitInputPixels: 36_000_000 })
      .flatten({ background: '#ffffff' })
      .resize(ALT_SUGGESTION_SIDE, ALT_SUGGESTION_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer(),
  );
  const altText = await describe({
    userId,
    jpeg,
    postText: post.content,
    themeName: post.themeName,
    requestId: options.requestId,
  });
  return { altText };
}
