// X's chunked media upload for a video (docs.x.com, "Chunked media upload", the v2 endpoints the
// image upload already uses, on api.x.com): INIT `POST /2/media/upload/initialize` with
// total_bytes, media_type and media_category tweet_video → APPEND `POST /2/media/upload/{id}/append`
// (multipart `media` + `segment_index`, each segment at most 5 MB, read from the file range by
// range) → FINALIZE `POST /2/media/upload/{id}/finalize` → STATUS `GET /2/media/upload?command=
// STATUS&media_id=` while processing_info.state is pending/in_progress, after check_after_secs.
// Nothing here is visible: every failure is a retry or a permanent refusal, never "unknown".
import {
  type HttpContext,
  type HttpResult,
  isObject,
  numberField,
  publishError,
  requiredStepId,
  sendRequest,
  stringField,
} from '../publishing/http.js';
import type { PublishVideo } from '../publishing/types.js';
import {
  pauseBeforeRead,
  processingTooSlow,
  type VideoPolling,
  videoStep,
} from '../publishing/video-upload-steps.js';
import { X_MEDIA_API } from './api.js';

/** Bytes per APPEND: X takes segments up to 5 MB; 4 MiB leaves room for the multipart envelope. */
export const X_VIDEO_SEGMENT_BYTES = 4 * 1024 * 1024;

export interface XVideoUpload {
  ctx: HttpContext;
  accessToken: string;
  video: PublishVideo;
  polling: VideoPolling;
  signal: AbortSignal | undefined;
  /** Classifies a non-2xx answer (the adapter's X error reading); never returns. */
  fail: (result: HttpResult, step: string) => never;
}

interface ProcessingInfo {
  state: string;
  checkAfterMs: number | null;
  error: string | null;
}

function processingInfo(body: unknown): ProcessingInfo | null {
  const data = isObject(body) ? body.data : null;
  const info = isObject(data) ? data.processing_info : null;
  if (!isObject(info)) return null;
  const seconds = numberField(info, 'check_after_secs');
  const error = isObject(info.error)
    ? (stringField(info.error, 'message') ?? stringField(info.error, 'name'))
    : null;
  return {
    state: stringField(info, 'state') ?? 'unknown',
    checkAfterMs: seconds === null ? null : seconds * 1000,
    error,
  };
}

/** Uploads the video and waits until X has processed it; its media id, ready for POST /2/tweets. */
export async function uploadXVideo(upload: XVideoUpload): Promise<string> {
  const { ctx, video, signal, fail } = upload;
  const auth = { Authorization: `Bearer ${upload.accessToken}` };

  const id = await videoStep('x', 'video INIT', async () => {
    const init = await sendRequest(ctx, `${X_MEDIA_API}/upload/initialize`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        media_type: video.mimeType,
        total_bytes: video.sizeBytes,
        media_category: 'tweet_video',
      }),
      signal,
    });
    if (init.status < 200 || init.status >= 300) fail(init, 'INIT');
    const mediaId = requiredStepId(
      ctx,
      isObject(init.json) ? stringField(init.json.data, 'id') : null,
      'x: video INIT answered without an id',
    );
    return mediaId;
  });

  const segments = Math.ceil(video.sizeBytes / X_VIDEO_SEGMENT_BYTES);
  for (let index = 0; index < segments; index += 1) {
    await videoStep('x', `video APPEND ${index}`, async () => {
      const start = index * X_VIDEO_SEGMENT_BYTES;
      const end = Math.min(video.sizeBytes, start + X_VIDEO_SEGMENT_BYTES);
      const bytes = await video.read(start, end);
      if (bytes.byteLength !== end - start) {
        throw publishError(
          ctx,
          'retryable',
          'NETWORK_UNAVAILABLE',
          `x: reading bytes ${start}–${end} of the video gave ${bytes.byteLength} bytes`,
          { networkCode: 'VIDEO_READ' },
        );
      }
      const form = new FormData();
      form.set('segment_index', String(index));
      form.set(
        'media',
        new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }),
        `segment-${index}`,
      );
      const appended = await sendRequest(ctx, `${X_MEDIA_API}/upload/${encodeURIComponent(id)}/append`, {
        method: 'POST',
        headers: auth,
        body: form,
        signal,
      });
      if (appended.status < 200 || appended.status >= 300) fail(appended, `APPEND ${index}`);
    });
  }

  let info = await videoStep('x', 'video FINALIZE', async () => {
    const finalized = await sendRequest(ctx, `${X_MEDIA_API}/upload/${encodeURIComponent(id)}/finalize`, {
      method: 'POST',
      headers: auth,
      signal,
    });
    if (finalized.status < 200 || finalized.status >= 300) fail(finalized, 'FINALIZE');
    return processingInfo(finalized.json);
  });

  // No processing_info: the media is ready at once (X's FINALIZE documentation).
  let reads = 0;
  while (info !== null && info.state !== 'succeeded') {
    if (info.state === 'failed') {
      throw publishError(
        ctx,
        'permanent',
        'REJECTED',
        `x: the video failed processing${info.error === null ? '' : `: ${info.error}`}`,
        { networkCode: 'VIDEO_PROCESSING_FAILED' },
      );
    }
    if (reads >= upload.polling.attempts) throw processingTooSlow(ctx, reads, info.state);
    // X says when to look again (check_after_secs); the pacing caps it (30 s by default).
    const wait = Math.min(info.checkAfterMs ?? upload.polling.intervalMs, upload.polling.maxWaitMs);
    await pauseBeforeRead(ctx, wait, signal);
    reads += 1;
    info = await videoStep('x', 'video STATUS', async () => {
      const query = new URLSearchParams({ command: 'STATUS', media_id: id });
      const status = await sendRequest(ctx, `${X_MEDIA_API}/upload?${query}`, {
        method: 'GET',
        headers: auth,
        signal,
      });
      if (status.status < 200 || status.status >= 300) fail(status, 'STATUS');
      // A STATUS answer without processing_info is X saying there is nothing left to wait for.
      return processingInfo(status.json) ?? { state: 'succeeded', checkAfterMs: null, error: null };
    });
  }
  return id;
}
