// The exactly-once rule of a video publish (docs/publishing.md, "Posts with images", applied to a
// video): every step before the visible create (upload init, chunks, finalize, processing-status
// reads) creates nothing anyone sees, so a doubtful outcome there is a plain retry that uploads
// again. These helpers word the owner's reason for a video (media.ts words it for images).
import {
  PLATFORM_LABELS,
  type Platform,
  VIDEO_CONTAINER_LABELS,
  type VideoLimits,
  type VideoRejection,
  videoRejectionMessage,
} from '@pauta/core';
import { type HttpContext, publishError, sleep } from './http.js';
import { ensureTimeLeft, invisibleStep } from './media.js';
import type { PublishError, PublishRequest } from './types.js';

/**
 * What the adapter can still check before any request (the worker checked the probed facts
 * against the network's `videoLimits`): images beside the video, the file type, size and length.
 * A permanent refusal with the same pt-BR text the editor shows; null when it may go.
 */
export function checkVideoRequest(
  ctx: Pick<HttpContext, 'platform' | 'secrets'>,
  limits: VideoLimits,
  request: Pick<PublishRequest, 'media' | 'video'>,
): PublishError | null {
  const { video } = request;
  if (video === undefined) return null;
  const { platform } = ctx;
  const stop = (networkCode: string, message: string, reason: string) =>
    publishError(ctx, 'permanent', 'REJECTED', `${platform}: ${message}`, { networkCode, reason });
  if ((request.media ?? []).length > 0) {
    return stop(
      'VIDEO_WITH_IMAGES',
      'a post has images or one video, never both',
      'Um post leva imagens ou um vídeo, não os dois. Remova as imagens ou o vídeo e reagende.',
    );
  }
  const kind = limits.kind;
  const containers: readonly string[] = limits.containers;
  const container =
    video.mimeType === 'video/quicktime' ? 'mov' : video.mimeType === 'video/mp4' ? 'mp4' : null;
  let rejection: VideoRejection | null = null;
  if (container === null || !containers.includes(container)) {
    rejection = {
      reason: 'VIDEO_CONTAINER_NOT_ACCEPTED',
      platform,
      kind,
      accepted: limits.containers.map((c) => VIDEO_CONTAINER_LABELS[c]),
    };
  } else if (video.sizeBytes > limits.maxBytes) {
    rejection = { reason: 'VIDEO_TOO_LARGE', platform, kind, limitBytes: limits.maxBytes };
  } else if (video.durationSeconds > limits.maxDurationSeconds) {
    rejection = { reason: 'VIDEO_TOO_LONG', platform, kind, maxSeconds: limits.maxDurationSeconds };
  } else if (video.durationSeconds < limits.minDurationSeconds) {
    rejection = { reason: 'VIDEO_TOO_SHORT', platform, kind, minSeconds: limits.minDurationSeconds };
  }
  if (rejection === null) return null;
  return stop(
    rejection.reason,
    `video ${video.mimeType}, ${video.sizeBytes} bytes, ${video.durationSeconds} s: ${rejection.reason}`,
    `${videoRejectionMessage(rejection)} Depois, reagende o post.`,
  );
}

/** The owner's reason when a step before a video's visible call failed in doubt: a plain retry. */
export function videoRetryReason(platform: Platform): string {
  return `A conexão com o ${PLATFORM_LABELS[platform]} falhou durante o envio do vídeo, antes de o post ser criado: nada foi publicado. Uma nova tentativa será feita automaticamente.`;
}

/** Runs one step before the visible create; a doubtful failure becomes a retry (nothing visible). */
export function videoStep<T>(platform: Platform, step: string, work: () => Promise<T>): Promise<T> {
  return invisibleStep(work, step, 'before the post was created', videoRetryReason(platform));
}

/** The owner's reason when too little of the deadline was left for a video's visible call. */
export function videoSlowReason(platform: Platform): string {
  return `O envio do vídeo ao ${PLATFORM_LABELS[platform]} demorou demais e o post não foi criado: nada foi publicado. Uma nova tentativa será feita automaticamente.`;
}

/** `ensureTimeToSend` for a video: stop with a retry, worded for a video, when too little time is left. */
export function ensureTimeToSendVideo(
  ctx: Pick<HttpContext, 'platform' | 'secrets' | 'timeoutMs'>,
  deadline: number | undefined,
): void {
  ensureTimeLeft(ctx, deadline, Date.now(), {
    steps: 'media',
    call: 'post',
    networkCode: 'MEDIA_SLOW',
    reason: videoSlowReason(ctx.platform),
  });
}

/** How a network's processing-status reads are paced (tests pass a tiny interval). */
export interface VideoPolling {
  /** Reads at most this many times before giving up with a retry. */
  attempts: number;
  /** The pause before a read when the network suggests none (LinkedIn; X without check_after_secs). */
  intervalMs: number;
  /** The longest pause taken, whatever the network suggests (X's check_after_secs). */
  maxWaitMs: number;
}

/** Default pacing: 24 reads, 5 s apart unless X asks for more (up to 30 s). */
export const DEFAULT_VIDEO_POLLING: VideoPolling = { attempts: 24, intervalMs: 5_000, maxWaitMs: 30_000 };

/**
 * The pacing from the publisher's options. `statusPollIntervalMs` (tests, or an installation that
 * wants it) sets both the pause and its ceiling, so a test never waits for a network's hint.
 */
export function videoPolling(options: {
  statusPollAttempts?: number;
  statusPollIntervalMs?: number;
}): VideoPolling {
  return {
    attempts: Math.max(1, options.statusPollAttempts ?? DEFAULT_VIDEO_POLLING.attempts),
    intervalMs: Math.max(0, options.statusPollIntervalMs ?? DEFAULT_VIDEO_POLLING.intervalMs),
    maxWaitMs: Math.max(0, options.statusPollIntervalMs ?? DEFAULT_VIDEO_POLLING.maxWaitMs),
  };
}

/** Waits between two status reads; an abort by the caller stops the wait as a retry (nothing sent). */
export async function pauseBeforeRead(
  ctx: Pick<HttpContext, 'platform' | 'secrets'>,
  ms: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  try {
    await sleep(ms, signal);
  } catch {
    throw publishError(
      ctx,
      'retryable',
      'NETWORK_UNAVAILABLE',
      `${ctx.platform}: aborted while waiting for the video to be processed; nothing was published`,
      { networkCode: 'ABORTED', reason: videoRetryReason(ctx.platform) },
    );
  }
}

/** The processing did not finish within the reads allowed: a retry (the next attempt uploads again). */
export function processingTooSlow(
  ctx: Pick<HttpContext, 'platform' | 'secrets'>,
  reads: number,
  lastState: string,
): PublishError {
  return publishError(
    ctx,
    'retryable',
    'NETWORK_UNAVAILABLE',
    `${ctx.platform}: the video was still ${lastState} after ${reads} status reads; nothing was published`,
    { networkCode: 'VIDEO_PROCESSING_SLOW' },
  );
}
