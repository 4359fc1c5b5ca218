// What Instagram's and Facebook's video publishing share (docs/publishing.md, "Exactly once"):
// every step before the one that makes the post visible (a container, an upload session, chunks,
// status reads) creates nothing anyone sees, so a doubtful outcome there is a plain retry, told
// to the owner in pt-BR as such; and the visible call is sent only with enough deadline left.
import type { Platform } from '@pauta/core';
import type { HttpContext } from '../publishing/http.js';
import { ensureTimeLeft, invisibleStep } from '../publishing/media.js';
import { videoRetryReason, videoSlowReason } from '../publishing/video-upload-steps.js';

/** Runs one invisible step of a video publish; its doubtful failures become plain retries. */
export function videoStep<T>(platform: Platform, step: string, work: () => Promise<T>): Promise<T> {
  return invisibleStep(work, step, 'before the post was made visible', videoRetryReason(platform));
}

/**
 * Before the visible call of a video post: when the upload and processing left less than
 * `SEND_RESERVE_MS` (or a quarter of the per-request timeout) of the call's deadline, stop with a
 * plain retry rather than send a call the deadline could cut off (a doubtful outcome).
 */
export function ensureTimeToPublishVideo(
  ctx: Pick<HttpContext, 'platform' | 'secrets' | 'timeoutMs'>,
  deadline: number | undefined,
  now: number = Date.now(),
): void {
  ensureTimeLeft(ctx, deadline, now, {
    steps: 'video',
    call: 'publish',
    networkCode: 'VIDEO_SLOW',
    reason: videoSlowReason(ctx.platform),
  });
}
