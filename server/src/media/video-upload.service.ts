// A video upload's end (docs/media.md, "Vídeo"): once the last byte is stored, the video is read
// by ranges from the storage (never loaded whole), checked against Pauta's limits and then the
// post's network's rules, and recorded as the post's only media — or refused in pt-BR, its bytes
// deleted. Also the cover: an image through the image pipeline, with the frame time chosen.
import { randomUUID } from 'node:crypto';
import {
  AppError,
  checkVideoForPauta,
  type MediaRejection,
  type Platform,
  VIDEO_MIME_TYPES,
  type VideoFacts,
} from '@pauta/core';
import {
  addPostVideo,
  type ComposerVideoRow,
  findPostForMedia,
  finishVideoUpload,
  insertComposerMedia,
  listPostMedia,
  reserveMediaKeys,
  resumableStateOf,
  setVideoCover,
  type VideoUploadRow,
} from '@pauta/db';
import { mediaLimitsOf, networkVideoRejections, videoLimitsOf } from '@pauta/networks';
import { type ComposerVideoView, composerVideoView } from './composer-media.service.js';
import { type MediaServiceDeps, type MediaView, toMediaView } from './media.service.js';
import { MediaRejectedError, processImage } from './process-image.js';
import { probeVideoRanges, VideoProbeError } from './video-probe.js';

/** The largest file any kind of the network's video posts takes (the creation's early check). */
export function networkVideoMaxBytes(platform: Platform): number | null {
  const kinds = Object.values(videoLimitsOf(platform));
  if (kinds.length === 0) return null;
  return Math.max(...kinds.map((k) => k.maxBytes));
}

const rejected = (rejection: MediaRejection) => new AppError('MEDIA_REJECTED', rejection);

/**
 * Probes the stored video, checks it and records it. Throws the AppError to answer (the video's
 * bytes are then deleted and the upload marked refused, so a retry answers the same refusal).
 */
export async function completeVideoUpload(
  deps: MediaServiceDeps,
  upload: VideoUploadRow,
): Promise<MediaView | ComposerVideoView> {
  const storage = deps.media.storage;
  const state = resumableStateOf(upload);
  let refusal: MediaRejection | null = null;
  let facts: VideoFacts | null = null;
  try {
    facts = await probeVideoRanges({
      size: state.length,
      read: (start, end) => storage.readRange(state.finalKey, start, Math.min(end, state.length)),
    });
  } catch (error) {
    if (!(error instanceof VideoProbeError)) throw error;
    refusal = { reason: 'VIDEO_REFUSED', rejections: [error.rejection] };
  }
  if (upload.post_id === null) return completeComposerVideo(deps, upload, facts, refusal);
  const post = await findPostForMedia(deps.db, upload.workspace_id, upload.post_id);
  if (!post) throw new AppError('NOT_FOUND');
  if (facts !== null && refusal === null) {
    const own = checkVideoForPauta(facts);
    const network = own ? [] : networkVideoRejections(facts, post.platform);
    if (own) refusal = { reason: 'VIDEO_REFUSED', rejections: [own] };
    else if (network.length > 0) refusal = { reason: 'VIDEO_REFUSED', rejections: network };
  }
  if (refusal === null && facts !== null) {
    const result = await addPostVideo(deps.db, {
      id: upload.id,
      workspaceId: upload.workspace_id,
      userId: upload.user_id,
      postId: upload.post_id,
      storageKey: state.finalKey,
      facts,
    });
    if (!('refused' in result)) {
      await finishVideoUpload(deps.db, { id: upload.id, state: 'done' });
      return toMediaView(deps.media.signingKey, result.row);
    }
    if (result.refused === 'NOT_FOUND') refusal = null;
    else if (result.refused === 'ID_TAKEN') throw new AppError('IDEMPOTENCY_KEY_REUSED');
    else refusal = result.rejection;
    if (result.refused === 'NOT_FOUND') {
      await dropVideo(deps, upload, null);
      throw new AppError('NOT_FOUND');
    }
  }
  await dropVideo(deps, upload, refusal);
  throw rejected(refusal ?? { reason: 'VIDEO_REFUSED', rejections: [{ reason: 'VIDEO_CORRUPT' }] });
}

/**
 * The composer's video (docs/composer.md): no post and no network yet, so only Pauta's own limits
 * here; it becomes a `composer_media` video row, which each network's rules judge at the save.
 */
async function completeComposerVideo(
  deps: MediaServiceDeps,
  upload: VideoUploadRow,
  facts: VideoFacts | null,
  probeRefusal: MediaRejection | null,
): Promise<ComposerVideoView> {
  const own = facts && !probeRefusal ? checkVideoForPauta(facts) : null;
  const refusal: MediaRejection | null =
    probeRefusal ?? (own ? { reason: 'VIDEO_REFUSED', rejections: [own] } : null);
  if (refusal === null && facts !== null) {
    const result = await insertComposerMedia(deps.db, {
      id: upload.id,
      workspace_id: upload.workspace_id,
      user_id: upload.user_id,
      kind: 'video',
      storage_key: upload.storage_key,
      thumb_key: null,
      mime_type: VIDEO_MIME_TYPES[facts.container],
      width: facts.width,
      height: facts.height,
      size_bytes: facts.sizeBytes,
      video_facts: facts,
    });
    if ('refused' in result) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    await finishVideoUpload(deps.db, { id: upload.id, state: 'done' });
    return composerVideoView(deps.media.signingKey, result.row as ComposerVideoRow);
  }
  await dropVideo(deps, upload, refusal);
  throw rejected(refusal ?? { reason: 'VIDEO_REFUSED', rejections: [{ reason: 'VIDEO_CORRUPT' }] });
}

/** A refused video's bytes go now (and through the sweeper should that fail); the refusal stays. */
async function dropVideo(
  deps: MediaServiceDeps,
  upload: VideoUploadRow,
  refusal: MediaRejection | null,
): Promise<void> {
  await reserveMediaKeys(deps.db, [upload.storage_key], { graceMs: 0 });
  await finishVideoUpload(deps.db, { id: upload.id, state: 'rejected', rejection: refusal });
  await deps.media.storage.delete([upload.storage_key]).catch((error: unknown) => {
    deps.logger.warn({ err: error }, 'falha ao apagar um vídeo recusado; o coletor tenta de novo');
  });
}

/**
 * Sets the video's cover from an image (an uploaded picture, or a frame the browser drew from the
 * video): re-encoded by the image pipeline (EXIF gone) as the post's network takes images, with a
 * thumbnail, and the frame time when it is a frame.
 */
export async function setCoverFromImage(
  deps: MediaServiceDeps,
  options: {
    workspaceId: string;
    postId: string;
    mediaId: string;
    body: Buffer;
    timeSeconds: number | null;
  },
): Promise<MediaView> {
  const post = await findPostForMedia(deps.db, options.workspaceId, options.postId);
  if (!post) throw new AppError('NOT_FOUND');
  const video = (await listPostMedia(deps.db, options.postId, { workspaceId: options.workspaceId })).find(
    (m) => m.id === options.mediaId && m.kind === 'video',
  );
  if (!video) throw new AppError('NOT_FOUND');
  let image: Awaited<ReturnType<typeof processImage>>;
  try {
    // The cover is an image: the network's image formats, without its ratio rules (a 9:16 frame).
    const { aspectRatio: _ratio, ...limits } = mediaLimitsOf(post.platform);
    image = await processImage(options.body, post.platform, limits);
  } catch (error) {
    if (error instanceof MediaRejectedError) throw rejected(error.rejection);
    throw error;
  }
  const coverId = randomUUID();
  const ext = image.mimeType === 'image/png' ? 'png' : image.mimeType === 'image/webp' ? 'webp' : 'jpg';
  const coverKey = `posts/${options.workspaceId}/${options.postId}/${coverId}.${ext}`;
  const thumbKey = `posts/${options.workspaceId}/${options.postId}/${coverId}-thumb.webp`;
  await reserveMediaKeys(deps.db, [coverKey, thumbKey], { graceMs: 15 * 60_000 });
  await deps.media.storage.put(coverKey, image.bytes, image.mimeType);
  await deps.media.storage.put(thumbKey, image.thumb, 'image/webp');
  const result = await setVideoCover(deps.db, {
    workspaceId: options.workspaceId,
    postId: options.postId,
    mediaId: options.mediaId,
    coverKey,
    thumbKey,
    timeSeconds: options.timeSeconds,
  });
  if ('refused' in result) {
    await deps.media.storage.delete([coverKey, thumbKey]).catch(() => undefined);
    if (result.refused === 'REJECTED') throw rejected(result.rejection);
    throw new AppError('NOT_FOUND');
  }
  deps.media.kickSweeper?.();
  return toMediaView(deps.media.signingKey, result.row);
}
