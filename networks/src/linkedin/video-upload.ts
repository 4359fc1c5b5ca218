// LinkedIn's Videos API (learn.microsoft.com/linkedin/marketing/community-management/shares/
// videos-api), the same for the member and for a Page (only the owner URN differs):
// `POST /rest/videos?action=initializeUpload` {owner, fileSizeBytes, uploadCaptions, uploadThumbnail}
// → `PUT` each part to its uploadInstructions[i].uploadUrl (bytes firstByte..lastByte, read range
// by range), keeping each answer's ETag → `PUT` the cover to thumbnailUploadUrl when there is one →
// `POST /rest/videos?action=finalizeUpload` {video, uploadToken, uploadedPartIds: the ETags in
// order} → `GET /rest/videos/{urn}` until status AVAILABLE (PROCESSING_FAILED: refused). The
// video is invisible until a post uses it: every failure here is a retry or a refusal.
import {
  type HttpContext,
  type HttpResult,
  isObject,
  numberField,
  publishError,
  sendRequest,
  stringField,
} from '../publishing/http.js';
import type { PublishError, PublishVideo } from '../publishing/types.js';
import {
  pauseBeforeRead,
  processingTooSlow,
  type VideoPolling,
  videoStep,
} from '../publishing/video-upload-steps.js';

const VIDEOS_URL = 'https://api.linkedin.com/rest/videos';

export interface LinkedInVideoUpload {
  ctx: HttpContext;
  accessToken: string;
  /** urn:li:person:… or urn:li:organization:… */
  owner: string;
  video: PublishVideo;
  polling: VideoPolling;
  signal: AbortSignal | undefined;
  /** LinkedIn-Version, X-Restli-Protocol-Version and the bearer token. */
  headers: Record<string, string>;
  /** A failed versioned call, classified (sunset version, else the common mapping). */
  failure: (result: HttpResult) => PublishError;
}

interface Instruction {
  uploadUrl: string;
  firstByte: number;
  lastByte: number;
}

function instructions(value: unknown): Instruction[] | null {
  if (!isObject(value) || !Array.isArray(value.uploadInstructions)) return null;
  const out: Instruction[] = [];
  for (const item of value.uploadInstructions) {
    const uploadUrl = stringField(item, 'uploadUrl');
    const firstByte = numberField(item, 'firstByte');
    const lastByte = numberField(item, 'lastByte');
    if (uploadUrl === null || !/^https:\/\//.test(uploadUrl) || firstByte === null || lastByte === null)
      return null;
    out.push({ uploadUrl, firstByte, lastByte });
  }
  return out;
}

/** Uploads the video (and its cover) and waits until LinkedIn has it AVAILABLE; the video URN. */
export async function uploadLinkedInVideo(upload: LinkedInVideoUpload): Promise<string> {
  const { ctx, video, signal } = upload;
  const { platform } = ctx;
  const broken = (message: string) =>
    publishError(ctx, 'retryable', 'NETWORK_UNAVAILABLE', `${platform}: ${message}`);
  const cover = video.cover;

  const init = await videoStep(platform, 'video initializeUpload', async () => {
    const answer = await sendRequest(ctx, `${VIDEOS_URL}?action=initializeUpload`, {
      method: 'POST',
      headers: { ...upload.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        initializeUploadRequest: {
          owner: upload.owner,
          fileSizeBytes: video.sizeBytes,
          uploadCaptions: false,
          uploadThumbnail: cover !== null,
        },
      }),
      signal,
    });
    if (answer.status < 200 || answer.status >= 300) throw upload.failure(answer);
    const value = isObject(answer.json) ? answer.json.value : null;
    const urn = stringField(value, 'video');
    const parts = instructions(value);
    const thumbnailUrl = stringField(value, 'thumbnailUploadUrl');
    if (urn === null || parts === null || parts.length === 0)
      throw broken('initializeUpload answered without video/uploadInstructions');
    if (cover !== null && (thumbnailUrl === null || !/^https:\/\//.test(thumbnailUrl)))
      throw broken('initializeUpload answered without thumbnailUploadUrl');
    const covered = parts.reduce((sum, p) => sum + (p.lastByte - p.firstByte + 1), 0);
    if (covered !== video.sizeBytes || parts.some((p) => p.firstByte < 0 || p.lastByte >= video.sizeBytes))
      throw broken(`uploadInstructions cover ${covered} bytes of ${video.sizeBytes}`);
    return { urn, parts, thumbnailUrl, uploadToken: stringField(value, 'uploadToken') ?? '' };
  });

  const etags: string[] = [];
  for (const [index, part] of init.parts.entries()) {
    const etag = await videoStep(platform, `video part ${index + 1}`, async () => {
      const bytes = await video.read(part.firstByte, part.lastByte + 1);
      if (bytes.byteLength !== part.lastByte - part.firstByte + 1)
        throw broken(`reading bytes ${part.firstByte}–${part.lastByte} gave ${bytes.byteLength} bytes`);
      // The upload URL is signed; the bearer token goes along, as with the Images API's PUT.
      const put = await sendRequest(ctx, part.uploadUrl, {
        method: 'PUT',
        headers: {
          Authorization: `Bearer ${upload.accessToken}`,
          'Content-Type': 'application/octet-stream',
        },
        body: bytes,
        signal,
      });
      if (put.status < 200 || put.status >= 300) throw upload.failure(put);
      const tag = put.headers.get('etag');
      if (tag === null || tag === '') throw broken(`part ${index + 1} answered without an ETag`);
      return tag;
    });
    etags.push(etag);
  }

  if (cover !== null && init.thumbnailUrl !== null) {
    const thumbnailUrl = init.thumbnailUrl;
    await videoStep(platform, 'video thumbnail', async () => {
      const put = await sendRequest(ctx, thumbnailUrl, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${upload.accessToken}`, 'Content-Type': cover.image.mimeType },
        body: cover.image.bytes,
        signal,
      });
      if (put.status < 200 || put.status >= 300) throw upload.failure(put);
    });
  }

  await videoStep(platform, 'video finalizeUpload', async () => {
    const answer = await sendRequest(ctx, `${VIDEOS_URL}?action=finalizeUpload`, {
      method: 'POST',
      headers: { ...upload.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        finalizeUploadRequest: { video: init.urn, uploadToken: init.uploadToken, uploadedPartIds: etags },
      }),
      signal,
    });
    if (answer.status < 200 || answer.status >= 300) throw upload.failure(answer);
  });

  let status = 'PROCESSING';
  for (let read = 0; ; read += 1) {
    if (read >= upload.polling.attempts) throw processingTooSlow(ctx, read, status);
    if (read > 0) await pauseBeforeRead(ctx, upload.polling.intervalMs, signal);
    const answer = await videoStep(platform, 'video status', async () => {
      const result = await sendRequest(ctx, `${VIDEOS_URL}/${encodeURIComponent(init.urn)}`, {
        method: 'GET',
        headers: upload.headers,
        signal,
      });
      if (result.status < 200 || result.status >= 300) throw upload.failure(result);
      return result.json;
    });
    status = stringField(answer, 'status') ?? 'PROCESSING';
    if (status === 'AVAILABLE') return init.urn;
    if (status === 'PROCESSING_FAILED') {
      const why = stringField(answer, 'processingFailureReason');
      throw publishError(
        ctx,
        'permanent',
        'REJECTED',
        `${platform}: the video failed processing${why === null ? '' : ` (${why})`}`,
        { networkCode: 'VIDEO_PROCESSING_FAILED' },
      );
    }
  }
}
