// TikTok (Content Posting API, Direct Post): a post is one video on the person's profile, sent in
// the order TikTok documents:
//   1. `POST /v2/post/publish/creator_info/query/` — the account's privacy options, whether it has
//      comments/Duet/Stitch turned off, and the longest video it may post: a chosen privacy level
//      it does not offer, or a longer video, is refused here (permanent, pt-BR) before any upload;
//   2. `POST /v2/post/publish/video/init/` — post_info (caption as `title`, privacy level, the
//      interaction switches, the cover frame) and source_info (FILE_UPLOAD, the size, the chunk
//      size, the chunk count) → `publish_id` and `upload_url`;
//   3. `PUT upload_url` per chunk, in order, with `Content-Range: bytes first-last/total`. The
//      bytes are read range by range (`PublishVideo.read`), never whole. Completing the upload is
//      what makes the post: `beforeSend` is called right before the last chunk, and never before;
//   4. `POST /v2/post/publish/status/fetch/` until PUBLISH_COMPLETE (the public post id, for posts
//      people other than the author can see) or FAILED (`fail_reason`, permanent).
// Every step before the last chunk is invisible, so its doubtful failures are plain retries (a new
// init next time; the unfinished upload is never published). A doubtful last chunk is resolved by
// the same status polls: a terminal status answers it, otherwise it stays `unknown` (the publish_id
// lives only in this call: docs/networks.md, "TikTok"). After the last chunk nothing is retried.
// Until TikTok audits the app (TIKTOK_APP_AUDITED), TikTok keeps every post private, and the
// adapter sends SELF_ONLY whatever was chosen.
// https://developers.tiktok.com/doc/content-posting-api-reference-direct-post
// https://developers.tiktok.com/doc/content-posting-api-media-transfer-guide
// https://developers.tiktok.com/doc/content-posting-api-reference-get-video-status
// https://developers.tiktok.com/doc/tiktok-api-v2-video-query
import { PLATFORM_TEXT_LIMITS } from '@pauta/core';
import { withErrorTable } from '../publishing/errors.js';
import {
  classifyHttpStatus,
  type HttpContext,
  type HttpResult,
  isObject,
  numberField,
  publishContext,
  publishError,
  sendRequest,
  sleep,
  stringField,
} from '../publishing/http.js';
import { invisibleStep } from '../publishing/media.js';
import {
  type AdapterOptions,
  type NetworkAdapter,
  type PostMetrics,
  type PublishCallOptions,
  PublishError,
  type PublishResult,
  type PublishTarget,
  type PublishVideo,
} from '../publishing/types.js';
import { TIKTOK_API } from './api.js';
import { TIKTOK_ERRORS } from './errors.js';
import { TIKTOK_PRIVACY_LEVELS, type TikTokPrivacyLevel } from './profile.js';

const MB = 1024 * 1024;
/** TikTok's chunk rules: 5–64 MB a chunk, the last up to 128 MB, 1 to 1,000 chunks. */
export const TIKTOK_CHUNK_MIN_BYTES = 5 * MB;
export const TIKTOK_CHUNK_MAX_BYTES = 64 * MB;
export const TIKTOK_FINAL_CHUNK_MAX_BYTES = 128 * MB;
export const TIKTOK_MAX_CHUNKS = 1000;
/** The chunk Pauta sends by default: small enough to retry cheaply, large enough for 4 GB in 410. */
export const TIKTOK_DEFAULT_CHUNK_BYTES = 10 * MB;
/** `post_info.title`: at most 2,200 UTF-16 code units. */
export const TIKTOK_CAPTION_MAX = PLATFORM_TEXT_LIMITS.tiktok;
/** video/query takes at most 20 ids a call. */
const METRICS_BATCH = 20;
/** status/fetch is limited to 30 calls a minute per token: one every 3 s stays far below it. */
const DEFAULT_POLL_ATTEMPTS = 20;
const DEFAULT_POLL_INTERVAL_MS = 3_000;

export interface TikTokAdapterOptions extends AdapterOptions {
  /** TIKTOK_APP_AUDITED: the app passed TikTok's audit; otherwise every post is sent SELF_ONLY. */
  appAudited?: boolean;
  /** status/fetch reads after the last chunk, and the pause between them. */
  statusPollAttempts?: number;
  statusPollIntervalMs?: number;
  /** The chunk size asked for (clamped to TikTok's 5–64 MB). */
  chunkBytes?: number;
  now?: () => number;
}

export interface ChunkPlan {
  /** `source_info.chunk_size`. */
  chunkSize: number;
  /** `source_info.total_chunk_count`. */
  count: number;
  /** Each chunk's bytes [start, end), in order; the last takes the trailing bytes. */
  ranges: readonly (readonly [number, number])[];
}

/**
 * How a video of `size` bytes is cut, by TikTok's rules: under 5 MB (or not over one chunk) it is
 * one chunk of the whole size (up to 64 MB); else chunks of `preferred` (5–64 MB, larger when
 * 1,000 would not do; two halves for a video of 64 to 128 MB), `total_chunk_count` =
 * ⌊size ÷ chunk_size⌋, the last chunk taking the trailing bytes (less than two chunks: ≤ 128 MB).
 */
export function chunkPlan(size: number, preferred: number = TIKTOK_DEFAULT_CHUNK_BYTES): ChunkPlan {
  if (!Number.isSafeInteger(size) || size <= 0) throw new RangeError(`invalid video size ${size}`);
  const clamped = Math.min(TIKTOK_CHUNK_MAX_BYTES, Math.max(TIKTOK_CHUNK_MIN_BYTES, Math.floor(preferred)));
  const chunk = Math.min(TIKTOK_CHUNK_MAX_BYTES, Math.max(clamped, Math.ceil(size / TIKTOK_MAX_CHUNKS)));
  if (size <= chunk) return { chunkSize: size, count: 1, ranges: [[0, size]] };
  // Over 64 MB a video must go in several chunks: between one and two chunks' size, two halves.
  const cut = Math.floor(size / chunk) < 2 && size > TIKTOK_CHUNK_MAX_BYTES ? Math.floor(size / 2) : chunk;
  const count = Math.floor(size / cut);
  if (count <= 1) return { chunkSize: size, count: 1, ranges: [[0, size]] };
  const ranges: [number, number][] = [];
  for (let index = 0; index < count; index++)
    ranges.push([index * cut, index === count - 1 ? size : (index + 1) * cut]);
  return { chunkSize: cut, count, ranges };
}

/** The privacy level sent: the chosen one once the app is audited, SELF_ONLY before. */
export function privacyToSend(chosen: TikTokPrivacyLevel, appAudited: boolean): TikTokPrivacyLevel {
  return appAudited ? chosen : 'SELF_ONLY';
}

function isPrivacyLevel(value: unknown): value is TikTokPrivacyLevel {
  return typeof value === 'string' && (TIKTOK_PRIVACY_LEVELS as readonly string[]).includes(value);
}

/** TikTok's `{ error: { code } }` of an answer; 'ok' on success. */
function errorCodeOf(body: unknown): string | null {
  return isObject(body) ? stringField(body.error, 'code') : null;
}

function dataOf(body: unknown): Record<string, unknown> {
  return isObject(body) && isObject(body.data) ? body.data : {};
}

interface CreatorInfo {
  privacyLevels: string[];
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
  maxDurationSeconds: number | null;
}

function readCreatorInfo(body: unknown): CreatorInfo {
  const data = dataOf(body);
  const levels = Array.isArray(data.privacy_level_options)
    ? data.privacy_level_options.filter((v): v is string => typeof v === 'string')
    : [];
  return {
    privacyLevels: levels,
    commentDisabled: data.comment_disabled === true,
    duetDisabled: data.duet_disabled === true,
    stitchDisabled: data.stitch_disabled === true,
    maxDurationSeconds: numberField(data, 'max_video_post_duration_sec'),
  };
}

/**
 * The first public post id of a status/fetch answer, read from the text: TikTok sends
 * `publicaly_available_post_id` (sic) as int64 numbers, which JSON.parse would round.
 */
export function publicPostId(text: string): string | null {
  const match = /"publicaly_available_post_id"\s*:\s*\[\s*"?(\d+)/.exec(text);
  return match?.[1] ?? null;
}

const videoUrl = (id: string) => `https://www.tiktok.com/video/${encodeURIComponent(id)}`;

type PollOutcome =
  | { kind: 'complete'; postId: string | null }
  | { kind: 'failed'; reason: string }
  | { kind: 'pending'; status: string | null; error: PublishError | null };

export function createTikTokAdapter(options: TikTokAdapterOptions): NetworkAdapter {
  const now = options.now ?? Date.now;
  const appAudited = options.appAudited === true;
  const pollAttempts = Math.max(1, options.statusPollAttempts ?? DEFAULT_POLL_ATTEMPTS);
  const pollIntervalMs = Math.max(0, options.statusPollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS);
  const context = (target: PublishTarget) => publishContext('tiktok', options, target);

  /** A TikTok API call; a non-2xx answer or an error code other than 'ok' throws classified. */
  const call = async (
    ctx: HttpContext,
    target: PublishTarget,
    path: string,
    body: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<HttpResult> => {
    const result = await sendRequest(ctx, `${TIKTOK_API}/${path}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${target.accessToken}`,
        'Content-Type': 'application/json; charset=UTF-8',
      },
      body: JSON.stringify(body),
      signal,
    });
    const code = errorCodeOf(result.json);
    const message = isObject(result.json) ? stringField(result.json.error, 'message') : null;
    if (result.status < 200 || result.status >= 300)
      throw classifyHttpStatus(ctx, result, message, code ?? undefined);
    if (code !== null && code !== 'ok')
      throw publishError(ctx, 'permanent', 'REJECTED', `tiktok answered ${result.status} with ${code}`, {
        status: result.status,
        networkCode: code,
      });
    return result;
  };

  /** A step before the last chunk: a doubtful failure there is a plain retry (nothing is visible). */
  const invisible = <T>(step: string, work: () => Promise<T>): Promise<T> =>
    invisibleStep(
      work,
      step,
      'before the upload was complete',
      'A conexão com o TikTok falhou durante o envio do vídeo, antes da última parte: nada foi publicado. Uma nova tentativa será feita automaticamente.',
    );

  const refuse = (
    ctx: HttpContext,
    code: 'MEDIA_REQUIRED' | 'CONTENT_TOO_LONG' | 'REJECTED',
    key: string,
    message: string,
  ) => publishError(ctx, 'permanent', code, `tiktok: ${message}`, { networkCode: key });

  const putChunk = async (
    ctx: HttpContext,
    uploadUrl: string,
    video: PublishVideo,
    range: readonly [number, number],
    signal: AbortSignal | undefined,
  ): Promise<void> => {
    const [start, end] = range;
    const bytes = await video.read(start, end);
    if (bytes.byteLength !== end - start)
      throw publishError(
        ctx,
        'retryable',
        'NETWORK_UNAVAILABLE',
        `tiktok: read ${bytes.byteLength} bytes of the video for [${start}, ${end}); nothing was published`,
        { networkCode: 'UPLOAD_INCOMPLETE' },
      );
    const result = await sendRequest(ctx, uploadUrl, {
      method: 'PUT',
      headers: {
        'Content-Type': video.mimeType,
        'Content-Range': `bytes ${start}-${end - 1}/${video.sizeBytes}`,
      },
      body: bytes,
      signal,
    });
    if (result.status < 200 || result.status >= 300) {
      const code = errorCodeOf(result.json);
      const message = isObject(result.json) ? stringField(result.json.error, 'message') : null;
      throw classifyHttpStatus(ctx, result, message ?? result.text.slice(0, 200), code ?? undefined);
    }
  };

  /** Reads the post's status until a terminal one, the attempts run out or the deadline nears. */
  const poll = async (
    ctx: HttpContext,
    target: PublishTarget,
    publishId: string,
    callOptions: PublishCallOptions,
  ): Promise<PollOutcome> => {
    let last: PollOutcome = { kind: 'pending', status: null, error: null };
    for (let attempt = 0; attempt < pollAttempts; attempt++) {
      if (attempt > 0) {
        // A read the deadline cuts off is harmless (it is only a read): stop only when no read can start.
        if (callOptions.deadline !== undefined && now() + pollIntervalMs >= callOptions.deadline) return last;
        try {
          await sleep(pollIntervalMs, callOptions.signal);
        } catch {
          return last;
        }
      }
      try {
        const result = await call(
          ctx,
          target,
          'post/publish/status/fetch/',
          { publish_id: publishId },
          callOptions.signal,
        );
        const data = dataOf(result.json);
        const status = stringField(data, 'status');
        if (status === 'PUBLISH_COMPLETE') return { kind: 'complete', postId: publicPostId(result.text) };
        if (status === 'FAILED')
          return { kind: 'failed', reason: stringField(data, 'fail_reason') ?? 'unknown' };
        last = { kind: 'pending', status, error: null };
      } catch (error) {
        // A read: try again (a 401 or 429 here cannot be retried later: the post was sent).
        last = {
          kind: 'pending',
          status: last.kind === 'pending' ? last.status : null,
          error: error instanceof PublishError ? error : null,
        };
        if (callOptions.signal?.aborted === true) return last;
      }
    }
    return last;
  };

  const adapter: NetworkAdapter = {
    platform: 'tiktok',
    async publish(request, callOptions = {}): Promise<PublishResult> {
      const ctx = context(request.target);
      const video = request.video;
      if (video === undefined)
        throw refuse(ctx, 'MEDIA_REQUIRED', 'VIDEO_REQUIRED', 'a TikTok post needs a video; none was given');
      if (request.text.length > TIKTOK_CAPTION_MAX)
        throw refuse(
          ctx,
          'CONTENT_TOO_LONG',
          'CAPTION_TOO_LONG',
          `caption is ${request.text.length} UTF-16 code units, over ${TIKTOK_CAPTION_MAX}`,
        );
      const chosen = request.options?.privacyLevel;
      if (!isPrivacyLevel(chosen))
        throw refuse(ctx, 'REJECTED', 'PRIVACY_NOT_CHOSEN', 'no privacy level was chosen for the video');
      const privacy = privacyToSend(chosen, appAudited);
      const allowed = (key: string) => request.options?.[key] === true;

      const creator = readCreatorInfo(
        (
          await invisible('creator_info', () =>
            call(ctx, request.target, 'post/publish/creator_info/query/', {}, callOptions.signal),
          )
        ).json,
      );
      if (!creator.privacyLevels.includes(privacy))
        throw refuse(
          ctx,
          'REJECTED',
          'PRIVACY_NOT_OFFERED',
          `privacy level ${privacy} is not among the account's options (${creator.privacyLevels.join(', ') || 'none'})`,
        );
      if (creator.maxDurationSeconds !== null && video.durationSeconds > creator.maxDurationSeconds)
        throw refuse(
          ctx,
          'REJECTED',
          'VIDEO_TOO_LONG_FOR_CREATOR',
          `video lasts ${video.durationSeconds} s, the account may post ${creator.maxDurationSeconds} s`,
        );

      const plan = chunkPlan(video.sizeBytes, options.chunkBytes);
      const coverMs =
        video.cover?.timeSeconds === null || video.cover?.timeSeconds === undefined
          ? null
          : Math.max(0, Math.round(video.cover.timeSeconds * 1000));
      const init = await invisible('video/init', () =>
        call(
          ctx,
          request.target,
          'post/publish/video/init/',
          {
            post_info: {
              title: request.text,
              privacy_level: privacy,
              disable_comment: creator.commentDisabled || !allowed('allowComments'),
              disable_duet: creator.duetDisabled || !allowed('allowDuet'),
              disable_stitch: creator.stitchDisabled || !allowed('allowStitch'),
              ...(coverMs === null ? {} : { video_cover_timestamp_ms: coverMs }),
            },
            source_info: {
              source: 'FILE_UPLOAD',
              video_size: video.sizeBytes,
              chunk_size: plan.chunkSize,
              total_chunk_count: plan.count,
            },
          },
          callOptions.signal,
        ),
      );
      const initData = dataOf(init.json);
      const publishId = stringField(initData, 'publish_id');
      const uploadUrl = stringField(initData, 'upload_url');
      if (publishId === null || uploadUrl === null)
        throw publishError(
          ctx,
          'retryable',
          'NETWORK_UNAVAILABLE',
          `tiktok answered ${init.status} to video/init without publish_id or upload_url; nothing was published`,
          { status: init.status },
        );

      const ranges = plan.ranges;
      for (let index = 0; index < ranges.length - 1; index++)
        await invisible(`chunk ${index + 1} of ${ranges.length}`, () =>
          putChunk(ctx, uploadUrl, video, ranges[index]!, callOptions.signal),
        );

      // The last chunk completes the upload and TikTok posts the video: leave only with time for it.
      if (
        callOptions.deadline !== undefined &&
        callOptions.deadline - now() < Math.min(5_000, ctx.timeoutMs / 4)
      )
        throw publishError(
          ctx,
          'retryable',
          'NETWORK_UNAVAILABLE',
          'tiktok: the upload left too little time before the deadline for the last chunk; nothing was published',
          {
            networkCode: 'UPLOAD_SLOW',
            reason:
              'O envio do vídeo ao TikTok demorou demais e a última parte não foi enviada: nada foi publicado. Uma nova tentativa será feita automaticamente.',
          },
        );
      await callOptions.beforeSend?.();
      let doubt: PublishError | null = null;
      try {
        await putChunk(ctx, uploadUrl, video, ranges[ranges.length - 1]!, callOptions.signal);
      } catch (error) {
        // Refused (4xx) or surely not received (502–504): no post. Doubtful: the statuses tell.
        if (!(error instanceof PublishError) || error.kind !== 'unknown') throw error;
        doubt = error;
      }

      const outcome = await poll(ctx, request.target, publishId, callOptions);
      if (outcome.kind === 'complete') {
        // A post only its author sees has no public id: the publish_id stands for it.
        const id = outcome.postId ?? publishId;
        return { platformPostId: id, url: outcome.postId === null ? null : videoUrl(outcome.postId) };
      }
      if (outcome.kind === 'failed')
        throw publishError(
          ctx,
          'permanent',
          'REJECTED',
          `tiktok: publish ${publishId} FAILED (${outcome.reason}); nothing was published`,
          { networkCode: `FAILED/${outcome.reason}` },
        );
      const detail = doubt ?? outcome.error;
      throw publishError(
        ctx,
        'unknown',
        'UNKNOWN_OUTCOME',
        `tiktok: publish ${publishId} still ${outcome.status ?? 'unread'} after the last chunk${detail === null ? '' : ` (${detail.message})`}; the video may still be published`,
        { networkCode: doubt?.details.networkCode ?? 'PROCESSING_TIMEOUT' },
      );
    },
    fetchMetrics: async (request) => {
      const ctx = context(request.target);
      const unique = [...new Set(request.platformPostIds)];
      // A publish_id (`v_pub_…`, a post only its author sees) has no metrics: it maps to none.
      const ids = unique.filter((id) => !id.startsWith('v_pub'));
      const metrics = new Map<string, PostMetrics | null>(unique.map((id) => [id, null]));
      for (let at = 0; at < ids.length; at += METRICS_BATCH) {
        const batch = ids.slice(at, at + METRICS_BATCH);
        const result = await call(
          ctx,
          request.target,
          'video/query/?fields=id,view_count,like_count,comment_count',
          { filters: { video_ids: batch } },
        );
        const data = dataOf(result.json);
        const videos = Array.isArray(data.videos) ? data.videos : [];
        for (const item of videos) {
          const id = stringField(item, 'id');
          if (id === null || !metrics.has(id)) continue;
          metrics.set(id, {
            reach: numberField(item, 'view_count'),
            likes: numberField(item, 'like_count'),
            comments: numberField(item, 'comment_count'),
          });
        }
      }
      return metrics;
    },
  };
  return withErrorTable('tiktok', TIKTOK_ERRORS, adapter);
}
