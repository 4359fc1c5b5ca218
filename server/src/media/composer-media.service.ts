// Images of "Novo post" (docs/composer.md). The composer writes one post per network in one call,
// so an image is uploaded to the workspace first (checked, upright, EXIF-free, as any upload) and
// only becomes a post's image in the composer's save: there it goes through the same pipeline as an
// upload in Editar Post, once per network (that network's format and limits), and any refusal is
// answered in that network's tab with nothing stored. A cancelled composer drops its uploads; the
// sweeper drops any left behind after COMPOSER_MEDIA_MAX_AGE_MS.
import { randomUUID } from 'node:crypto';
import { AppError, type MediaMimeType, mediaRejectionMessage, messages, type Platform } from '@pauta/core';
import {
  type ComposerImageRow,
  type ComposerMediaRow,
  type ComposerVideoRow,
  deleteComposerMedia,
  findComposerMedia,
  insertComposerMedia,
  type NewGroupMedia,
  type NewGroupVideo,
  reserveMediaKeys,
} from '@pauta/db';
import { capabilitiesOf, mediaLimitsOf, networkVideoRejections } from '@pauta/networks';
import {
  browserMediaUrl,
  countImageUpload,
  decodeImage,
  EXTENSION,
  type MediaServiceDeps,
  withDecodeSlot,
} from './media.service.js';
import { checkAgainstOthers, MediaRejectedError, processImage, processUpload } from './process-image.js';

/** Files of an upload that never became a row are deleted by the sweeper after this long. */
const RESERVATION_GRACE_MS = 15 * 60_000;

/** An image uploaded in the composer as the browser sees it. */
export interface ComposerMediaView {
  id: string;
  mimeType: MediaMimeType;
  width: number;
  height: number;
  sizeBytes: number;
  /** Same-origin signed URLs (`/media/<key>?exp=…&sig=…`). */
  url: string;
  thumbUrl: string;
}

/** A video uploaded in the composer (tus, POST /api/composer/video) as the browser sees it. */
export interface ComposerVideoView {
  id: string;
  kind: 'video';
  mimeType: string;
  width: number;
  height: number;
  sizeBytes: number;
  durationSeconds: number;
  /** Same-origin signed URL of the video (streamed with ranges by the /media route). */
  url: string;
}

export function composerVideoView(signingKey: Buffer, row: ComposerVideoRow): ComposerVideoView {
  return {
    id: row.id,
    kind: 'video',
    mimeType: row.mime_type,
    width: row.width,
    height: row.height,
    sizeBytes: row.size_bytes,
    durationSeconds: row.video_facts.durationSeconds,
    url: browserMediaUrl(signingKey, row.storage_key),
  };
}

function toView(signingKey: Buffer, row: ComposerImageRow): ComposerMediaView {
  return {
    id: row.id,
    mimeType: row.mime_type,
    width: row.width,
    height: row.height,
    sizeBytes: row.size_bytes,
    url: browserMediaUrl(signingKey, row.storage_key),
    thumbUrl: browserMediaUrl(signingKey, row.thumb_key),
  };
}

/**
 * Stores an image for the composer in the caller's workspace. `mediaId` is the upload's
 * Idempotency-Key: the same id again answers the image stored (`created: false`); an id used by
 * another workspace or user is IDEMPOTENCY_KEY_REUSED. The same per-user upload limit as Editar Post.
 */
export async function uploadComposerMedia(
  deps: MediaServiceDeps,
  options: { workspaceId: string; userId: string; mediaId: string; body: Buffer },
): Promise<{ media: ComposerMediaView; created: boolean }> {
  const { workspaceId, userId, mediaId } = options;
  const [existing] = await findComposerMedia(deps.db, workspaceId, [mediaId]);
  if (existing) {
    if (existing.user_id !== userId || existing.kind !== 'image')
      throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return { media: toView(deps.media.signingKey, existing), created: false };
  }
  await countImageUpload(deps, userId);
  // Only the upload's own check here: each network's rules apply at the save (prepareComposerMedia).
  const image = await decodeImage(() => processUpload(options.body));
  const storageKey = `uploads/${workspaceId}/${mediaId}.${EXTENSION[image.mimeType]}`;
  const thumbKey = `uploads/${workspaceId}/${mediaId}-thumb.webp`;
  await reserveMediaKeys(deps.db, [storageKey, thumbKey], { graceMs: RESERVATION_GRACE_MS });
  await deps.media.storage.put(storageKey, image.bytes, image.mimeType);
  await deps.media.storage.put(thumbKey, image.thumb, 'image/webp');
  const result = await insertComposerMedia(deps.db, {
    id: mediaId,
    workspace_id: workspaceId,
    user_id: userId,
    storage_key: storageKey,
    thumb_key: thumbKey,
    mime_type: image.mimeType,
    width: image.width,
    height: image.height,
    size_bytes: image.bytes.length,
  });
  if ('refused' in result || result.row.kind !== 'image') throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return { media: toView(deps.media.signingKey, result.row), created: result.created };
}

/** A cancelled composer: its uploads go (files queued for the sweeper). Another workspace's ids are ignored. */
export async function discardComposerMedia(
  deps: MediaServiceDeps,
  options: { workspaceId: string; ids: readonly string[] },
): Promise<{ discarded: number }> {
  const discarded = await deleteComposerMedia(deps.db, options.workspaceId, options.ids);
  if (discarded > 0) deps.media.kickSweeper?.();
  return { discarded };
}

/** One network's images for the composer's save: ids of the workspace's uploads and their alt texts. */
export interface ComposerMediaChoice {
  id: string;
  altText: string;
}

/** The composer's uploads, read once for a save; a missing one is refused in the tab that uses it. */
export async function loadComposerMedia(
  deps: Pick<MediaServiceDeps, 'db'>,
  workspaceId: string,
  ids: readonly string[],
): Promise<Map<string, ComposerMediaRow>> {
  const rows = await findComposerMedia(deps.db, workspaceId, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row]));
}

/** A network's images made from the uploads, or the pt-BR refusal for its tab. */
export type PreparedMedia =
  | { ok: true; images: { processed: Awaited<ReturnType<typeof processImage>>; altText: string }[] }
  | { ok: false; message: string };

/**
 * Runs each chosen upload through the network's pipeline, as an upload in Editar Post: its
 * formats (kept or converted), bytes, pixels, width, ratio, then the count and GIF rules against
 * the images before it. Reads the bytes from the storage; writes nothing.
 */
export async function prepareComposerMedia(
  deps: MediaServiceDeps,
  platform: Platform,
  chosen: readonly ComposerMediaChoice[],
  uploads: ReadonlyMap<string, ComposerMediaRow>,
): Promise<PreparedMedia> {
  const limits = mediaLimitsOf(platform);
  const images: { processed: Awaited<ReturnType<typeof processImage>>; altText: string }[] = [];
  for (const choice of chosen) {
    const upload = uploads.get(choice.id);
    if (upload?.kind !== 'image') return { ok: false, message: messages.composer.mediaGone };
    const bytes = await deps.media.storage.get(upload.storage_key);
    let processed: Awaited<ReturnType<typeof processImage>>;
    try {
      processed = await withDecodeSlot(() => processImage(bytes, platform, limits));
    } catch (error) {
      if (error instanceof MediaRejectedError)
        return { ok: false, message: mediaRejectionMessage(error.rejection) };
      throw error;
    }
    const others = images.map((image) => ({ mime_type: image.processed.mimeType }));
    const rejection = checkAgainstOthers(platform, limits, processed, others);
    if (rejection) return { ok: false, message: mediaRejectionMessage(rejection) };
    images.push({ processed, altText: choice.altText });
  }
  return { ok: true, images };
}

/**
 * Writes a post's prepared images under the post's own keys (reserved first: a save that fails
 * after this leaves files the sweeper deletes), and answers the rows insertPostGroup records.
 */
export async function storePreparedMedia(
  deps: MediaServiceDeps,
  workspaceId: string,
  postId: string,
  images: Extract<PreparedMedia, { ok: true }>['images'],
): Promise<NewGroupMedia[]> {
  const rows: NewGroupMedia[] = [];
  for (const { processed, altText } of images) {
    const id = randomUUID();
    const storageKey = `posts/${workspaceId}/${postId}/${id}.${EXTENSION[processed.mimeType]}`;
    const thumbKey = `posts/${workspaceId}/${postId}/${id}-thumb.webp`;
    await reserveMediaKeys(deps.db, [storageKey, thumbKey], { graceMs: RESERVATION_GRACE_MS });
    await deps.media.storage.put(storageKey, processed.bytes, processed.mimeType);
    await deps.media.storage.put(thumbKey, processed.thumb, 'image/webp');
    rows.push({
      id,
      storageKey,
      thumbKey,
      mimeType: processed.mimeType,
      width: processed.width,
      height: processed.height,
      sizeBytes: processed.bytes.length,
      altText,
    });
  }
  return rows;
}

/**
 * The network's refusal of the composer's video (docs/composer.md), in pt-BR, or null: a network
 * that does not publish video yet (`capabilities.video`), then every rule of its video kinds the
 * file breaks (`networkVideoRejections`, the same check as an upload to a post of that network).
 */
export function composerVideoRefusal(
  platform: Platform,
  facts: ComposerVideoRow['video_facts'],
): string | null {
  if (!capabilitiesOf(platform).video)
    return mediaRejectionMessage({ reason: 'VIDEO_NOT_PUBLISHED', platform });
  const rejections = networkVideoRejections(facts, platform);
  return rejections.length > 0 ? mediaRejectionMessage({ reason: 'VIDEO_REFUSED', rejections }) : null;
}

/**
 * Copies the composer's video to the post's own key (reserved first: a save that fails after this
 * leaves a file the sweeper deletes), and answers the row insertPostGroup records. Each post owns
 * its copy, as a video uploaded in Editar Post: deleting one post never touches another's.
 */
export async function copyComposerVideo(
  deps: MediaServiceDeps,
  workspaceId: string,
  postId: string,
  upload: ComposerVideoRow,
): Promise<NewGroupVideo> {
  const id = randomUUID();
  const storageKey = `posts/${workspaceId}/${postId}/${id}.${upload.video_facts.container}`;
  await reserveMediaKeys(deps.db, [storageKey], { graceMs: RESERVATION_GRACE_MS });
  await deps.media.storage.copy(upload.storage_key, storageKey, upload.mime_type);
  return { id, storageKey, facts: upload.video_facts };
}
