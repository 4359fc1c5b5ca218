// The resumable upload of a post's video (docs/media.md, "Envio retomável"): tus-js-client against
// the web's own tus server (POST /api/posts/:postId/video, then PATCHes to the upload's URL).
// Progress, pause (abort without terminating), resume (start again: HEAD then PATCH from the
// server's offset), cancel (terminate: DELETE), automatic retries after a dropped connection
// (retryDelays), and resuming after a page reload (the upload's URL kept in localStorage under a
// fingerprint of the post and the file).
import { type MediaRejection, mediaRejectionMessage, messages } from '@pauta/core';
import { DetailedError, Upload } from 'tus-js-client';
import { workspaceHeaders } from '../../app/workspace';
import { newUploadId } from './upload';

/**
 * Each PATCH carries at most 16 MiB: a request stays well inside the server's time limits and under
 * the Kubernetes ingress body limit (deploy/k8s/ingress.yaml, 21m, sized for images).
 */
const CHUNK_BYTES = 16 * 1024 * 1024;
/** After a dropped connection: try again at once, then after 1, 3, 5, 10 and 20 s (then give up). */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000];

export const VIDEO_ACCEPT = 'video/mp4,video/quicktime,.mp4,.mov';

export function isVideoFile(file: File): boolean {
  return /^video\//.test(file.type) || /\.(mp4|mov|m4v)$/i.test(file.name);
}

export interface VideoUploadHandlers {
  onProgress(sent: number, total: number): void;
  /** A retry after a failed request (a dropped connection) is about to start. */
  onRetry(): void;
  /** The upload finished and the server recorded the video under this id. */
  onSuccess(mediaId: string): void;
  onError(message: string): void;
}

export interface VideoUpload {
  start(): Promise<void>;
  pause(): Promise<void>;
  resume(): void;
  /** Stops and deletes what was sent (tus termination). */
  cancel(): Promise<void>;
}

/** The pt-BR text of a failed tus request: the server's refusal, or a network error. */
function messageOf(error: Error): string {
  if (error instanceof DetailedError && error.originalResponse) {
    try {
      const body = JSON.parse(error.originalResponse.getBody() || 'null') as {
        message?: unknown;
        details?: MediaRejection;
      } | null;
      if (body?.details?.reason) return mediaRejectionMessage(body.details);
      if (typeof body?.message === 'string') return body.message;
    } catch {
      // Not JSON (a proxy's page): the generic text below.
    }
    return messages.common.unexpectedError;
  }
  return messages.errors.network;
}

/**
 * `postId` null: the video of "Novo post" (docs/composer.md), sent to the workspace before its posts
 * exist (POST /api/composer/video); the same upload otherwise.
 */
export function createVideoUpload(
  postId: string | null,
  file: File,
  handlers: VideoUploadHandlers,
): VideoUpload {
  let retrying = false;
  const upload = new Upload(file, {
    endpoint: postId === null ? '/api/composer/video' : `/api/posts/${encodeURIComponent(postId)}/video`,
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS,
    // The upload's id (and the video's): a retried creation stores one upload.
    headers: { 'Idempotency-Key': newUploadId(), ...workspaceHeaders() },
    metadata: { filename: file.name, filetype: file.type || 'video/mp4' },
    // Resumable across a reload: the same post and the same file find the upload again.
    fingerprint: async () =>
      `pauta-video:${postId ?? 'composer'}:${file.name}:${file.size}:${file.lastModified}`,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onProgress: (sent, total) => {
      retrying = false;
      handlers.onProgress(sent, total);
    },
    onShouldRetry: (error, _attempt, options) => {
      // Refusals (4xx but 409/423) are final; the rest (network, 5xx, busy, out of sync) retried.
      const status = error instanceof DetailedError ? (error.originalResponse?.getStatus() ?? 0) : 0;
      const again = status === 0 || status >= 500 || status === 409 || status === 423;
      if (again && !retrying) {
        retrying = true;
        handlers.onRetry();
      }
      return again && (options.retryDelays?.length ?? 0) > 0;
    },
    onSuccess: () => handlers.onSuccess(upload.url?.split('/').at(-1) ?? ''),
    onError: (error) => handlers.onError(messageOf(error)),
  });
  return {
    async start() {
      const previous = await upload.findPreviousUploads();
      const [last] = previous.sort((a, b) => (a.creationTime < b.creationTime ? 1 : -1));
      if (last) upload.resumeFromPreviousUpload(last);
      upload.start();
    },
    pause: () => upload.abort(false),
    resume: () => upload.start(),
    cancel: () => upload.abort(true).catch(() => undefined),
  };
}
