// A Facebook Page video post (docs/networks.md, Facebook "Vídeo"). Which flow:
// - a vertical 9:16 video of 3–90 s (at least 540 px wide, 24–60 fps) goes as a Reel, through the
//   Reels Publishing API: `POST /{page-id}/video_reels upload_phase=start` → video_id; the bytes,
//   chunk by chunk, to `rupload.facebook.com/video-upload/{version}/{video_id}` with the `offset`
//   and `file_size` headers (an interrupted chunk is resumed from `bytes_transferred`, read with
//   `GET /{video_id}?fields=status`); then `upload_phase=finish&video_state=PUBLISHED` with the
//   description — the visible step. The API takes no cover for a Reel: Facebook picks the frame.
// - anything else as a Page video, through the resumable upload on graph-video.facebook.com:
//   `POST /{page-id}/videos upload_phase=start` (file_size) → session and the first chunk's
//   offsets; `transfer` (start_offset, video_file_chunk: exactly the bytes Facebook asked for)
//   until start_offset = end_offset; then `finish` with description, title and the cover as
//   `thumb` — the visible step.
// Every step before the finish is invisible: a failure there is a plain retry (the retry uploads
// again in a new session). beforeSend runs once, right before the finish.
import { classifyGraphFailure } from '../meta/graph.js';
import { ensureTimeToPublishVideo, videoStep } from '../meta/video.js';
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
import {
  type PublishCallOptions,
  PublishError,
  type PublishRequest,
  type PublishResult,
  type PublishVideo,
} from '../publishing/types.js';

/** A Reel's bytes go to rupload in pieces of this size (the adapter never holds the whole file). */
export const DEFAULT_REEL_CHUNK_BYTES = 8 * 1024 * 1024;
/** How many times an interrupted rupload chunk is resumed from the offset Facebook reports. */
const REEL_RESUMES = 3;
/** Facebook's asked-for chunk, when its answer is implausible, is capped here (memory). */
const MAX_TRANSFER_CHUNK_BYTES = 64 * 1024 * 1024;

export interface FacebookVideoDeps {
  ctx: HttpContext;
  /** https://graph.facebook.com/{version} */
  graph: string;
  /** https://graph-video.facebook.com/{version} */
  graphVideo: string;
  /** The Graph version (rupload's path carries it). */
  version: string;
  proof: Record<string, string>;
  reelChunkBytes: number;
}

/** Whether the video is published as a Reel (else as a Page video): the Reels specifications. */
export function isFacebookReel(
  video: Pick<PublishVideo, 'width' | 'height' | 'durationSeconds' | 'frameRate'>,
): boolean {
  const { width, height } = video;
  if (width <= 0 || height <= 0 || width >= height) return false;
  const slack = 1 / Math.min(width, height);
  const nineBySixteen = Math.abs(width / height - 9 / 16) <= slack;
  return (
    nineBySixteen &&
    Math.min(width, height) >= 540 &&
    video.durationSeconds >= 3 &&
    video.durationSeconds <= 90 &&
    video.frameRate >= 23.5 &&
    video.frameRate <= 60.5
  );
}

function offsetField(body: unknown, name: string): number | null {
  const raw = stringField(body, name);
  return raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;
}

export async function publishFacebookVideo(
  deps: FacebookVideoDeps,
  request: PublishRequest,
  video: PublishVideo,
  callOptions: PublishCallOptions,
): Promise<PublishResult> {
  const { ctx } = deps;
  if ((request.media ?? []).length > 0) {
    throw publishError(ctx, 'permanent', 'REJECTED', 'facebook: a post has images or one video, not both', {
      reason:
        'Um post do Facebook leva imagens ou um vídeo, não os dois. Remova as imagens ou o vídeo e reagende.',
    });
  }
  if (video.sizeBytes <= 0) {
    throw publishError(ctx, 'permanent', 'REJECTED', 'facebook: the video is empty', {
      reason: 'O arquivo de vídeo do post está vazio. Envie o vídeo de novo e reagende.',
    });
  }
  return isFacebookReel(video)
    ? publishReel(deps, request, video, callOptions)
    : publishPageVideo(deps, request, video, callOptions);
}

const token = (request: PublishRequest) => request.target.accessToken;
const pagePath = (request: PublishRequest) => encodeURIComponent(request.target.platformUserId);

async function graphPost(
  deps: FacebookVideoDeps,
  url: string,
  body: URLSearchParams | FormData,
  signal: AbortSignal | undefined,
): Promise<HttpResult> {
  const result = await sendRequest(deps.ctx, url, {
    method: 'POST',
    ...(body instanceof URLSearchParams
      ? { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }
      : {}),
    body,
    signal,
  });
  if (result.status < 200 || result.status >= 300) throw classifyGraphFailure(deps.ctx, result);
  return result;
}

/** A finish that answered 2xx without `success: true`: the post may or may not exist. */
function finishOutcome(deps: FacebookVideoDeps, result: HttpResult, what: string): void {
  if (isObject(result.json) && result.json.success === true) return;
  throw publishError(
    deps.ctx,
    'unknown',
    'UNKNOWN_OUTCOME',
    `facebook answered ${result.status} to the ${what} finish without success: true`,
    { status: result.status },
  );
}

async function publishReel(
  deps: FacebookVideoDeps,
  request: PublishRequest,
  video: PublishVideo,
  callOptions: PublishCallOptions,
): Promise<PublishResult> {
  const { ctx } = deps;
  const { signal } = callOptions;
  const reelsUrl = `${deps.graph}/${pagePath(request)}/video_reels`;
  const videoId = await videoStep('facebook', 'Reel upload', async () => {
    const started = await graphPost(
      deps,
      reelsUrl,
      new URLSearchParams({ upload_phase: 'start', access_token: token(request), ...deps.proof }),
      signal,
    );
    const id = requiredStepId(
      ctx,
      stringField(started.json, 'video_id'),
      'facebook: video_reels start answered without a video_id',
    );
    const uploadUrl = `https://rupload.facebook.com/video-upload/${deps.version}/${encodeURIComponent(id)}`;
    let offset = 0;
    let resumes = 0;
    while (offset < video.sizeBytes) {
      const end = Math.min(video.sizeBytes, offset + deps.reelChunkBytes);
      const bytes = await video.read(offset, end);
      try {
        const sent = await sendRequest(ctx, uploadUrl, {
          method: 'POST',
          headers: {
            Authorization: `OAuth ${token(request)}`,
            offset: String(offset),
            file_size: String(video.sizeBytes),
            'Content-Type': 'application/octet-stream',
          },
          body: bytes,
          signal,
        });
        if (sent.status < 200 || sent.status >= 300) throw ruploadFailure(ctx, sent);
        offset = end;
      } catch (error) {
        const resumable =
          error instanceof PublishError && (error.kind === 'unknown' || error.kind === 'retryable');
        if (!resumable || resumes >= REEL_RESUMES || signal?.aborted === true) throw error;
        resumes += 1;
        // Resume where Facebook says it is (the lost chunk may or may not have arrived).
        offset = await bytesTransferred(deps, request, id, signal);
      }
    }
    return id;
  });
  ensureTimeToPublishVideo(ctx, callOptions.deadline);
  await callOptions.beforeSend?.();
  const finished = await graphPost(
    deps,
    reelsUrl,
    new URLSearchParams({
      upload_phase: 'finish',
      video_id: videoId,
      video_state: 'PUBLISHED',
      description: request.text,
      access_token: token(request),
      ...deps.proof,
    }),
    signal,
  );
  finishOutcome(deps, finished, 'video_reels');
  return { platformPostId: videoId, url: `https://www.facebook.com/reel/${videoId}` };
}

/** rupload's errors are `{ debug_info: { type, message } }`, not Graph's: classified by status. */
function ruploadFailure(ctx: HttpContext, result: HttpResult): PublishError {
  const info = isObject(result.json) ? result.json.debug_info : null;
  const type = stringField(info, 'type');
  const message = stringField(info, 'message') ?? result.text.slice(0, 200);
  if (result.status === 401)
    return publishError(ctx, 'auth', 'ACCOUNT_NEEDS_RECONNECT', `facebook rupload answered 401: ${message}`, {
      status: 401,
    });
  if (result.status >= 500 || result.status === 429) {
    return classifyGraphFailure(ctx, result);
  }
  return publishError(
    ctx,
    'permanent',
    'REJECTED',
    `facebook rupload answered ${result.status} (${type ?? 'error'}): ${message}`,
    {
      status: result.status,
      networkCode: 'RUPLOAD_REJECTED',
    },
  );
}

async function bytesTransferred(
  deps: FacebookVideoDeps,
  request: PublishRequest,
  videoId: string,
  signal: AbortSignal | undefined,
): Promise<number> {
  const query = new URLSearchParams({ fields: 'status', ...deps.proof });
  const result = await sendRequest(deps.ctx, `${deps.graph}/${encodeURIComponent(videoId)}?${query}`, {
    method: 'GET',
    headers: { Authorization: `Bearer ${token(request)}` },
    signal,
  });
  if (result.status < 200 || result.status >= 300) throw classifyGraphFailure(deps.ctx, result);
  const status = isObject(result.json) ? result.json.status : null;
  const uploading = isObject(status) ? status.uploading_phase : null;
  const transferred = numberField(uploading, 'bytes_transferred');
  if (transferred === null || transferred < 0) {
    throw publishError(
      deps.ctx,
      'retryable',
      'NETWORK_UNAVAILABLE',
      'facebook: the Reel status has no bytes_transferred',
    );
  }
  return transferred;
}

async function publishPageVideo(
  deps: FacebookVideoDeps,
  request: PublishRequest,
  video: PublishVideo,
  callOptions: PublishCallOptions,
): Promise<PublishResult> {
  const { ctx } = deps;
  const { signal } = callOptions;
  const videosUrl = `${deps.graphVideo}/${pagePath(request)}/videos`;
  const form = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries({ ...fields, access_token: token(request), ...deps.proof }))
      body.set(name, value);
    return body;
  };
  const { videoId, sessionId } = await videoStep('facebook', 'Page video upload', async () => {
    const started = await graphPost(
      deps,
      videosUrl,
      form({ upload_phase: 'start', file_size: String(video.sizeBytes) }),
      signal,
    );
    const id = stringField(started.json, 'video_id');
    const session = stringField(started.json, 'upload_session_id');
    let start = offsetField(started.json, 'start_offset');
    let end = offsetField(started.json, 'end_offset');
    if (id === null || session === null || start === null || end === null) {
      throw publishError(
        ctx,
        'retryable',
        'NETWORK_UNAVAILABLE',
        'facebook: videos start answered without a session or offsets',
      );
    }
    while (start < end) {
      if (end > video.sizeBytes || end - start > MAX_TRANSFER_CHUNK_BYTES) {
        throw publishError(
          ctx,
          'retryable',
          'NETWORK_UNAVAILABLE',
          `facebook asked for bytes ${start}-${end} of a ${video.sizeBytes}-byte video`,
        );
      }
      const chunk = await video.read(start, end);
      const body = form({
        upload_phase: 'transfer',
        upload_session_id: session,
        start_offset: String(start),
      });
      body.set(
        'video_file_chunk',
        new Blob([chunk as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }),
        'chunk',
      );
      const sent = await graphPost(deps, videosUrl, body, signal);
      const nextStart = offsetField(sent.json, 'start_offset');
      const nextEnd = offsetField(sent.json, 'end_offset');
      if (nextStart === null || nextEnd === null || nextStart <= start) {
        throw publishError(
          ctx,
          'retryable',
          'NETWORK_UNAVAILABLE',
          `facebook: the transfer at ${start} answered no progress`,
        );
      }
      start = nextStart;
      end = nextEnd;
    }
    if (start !== video.sizeBytes) {
      throw publishError(
        ctx,
        'retryable',
        'NETWORK_UNAVAILABLE',
        `facebook ended the transfer at ${start} of ${video.sizeBytes} bytes`,
      );
    }
    return { videoId: id, sessionId: session };
  });
  const fields: Record<string, string> = {
    upload_phase: 'finish',
    upload_session_id: sessionId,
    description: request.text,
  };
  const title = request.title.trim();
  if (title !== '') fields.title = [...title].slice(0, 255).join('');
  const body = form(fields);
  const cover = video.cover?.image;
  if (cover !== undefined && cover.bytes.byteLength > 0) {
    body.set(
      'thumb',
      new Blob([cover.bytes as Uint8Array<ArrayBuffer>], { type: cover.mimeType }),
      'thumb.jpg',
    );
  }
  ensureTimeToPublishVideo(ctx, callOptions.deadline);
  await callOptions.beforeSend?.();
  const finished = await graphPost(deps, videosUrl, body, signal);
  finishOutcome(deps, finished, 'videos');
  return {
    platformPostId: videoId,
    url: `https://www.facebook.com/${request.target.platformUserId}/videos/${videoId}`,
  };
}
