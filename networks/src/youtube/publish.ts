// YouTube: a Short is one video uploaded with the resumable protocol of the Data API
// (https://developers.google.com/youtube/v3/guides/using_resumable_upload_protocol):
// 1. `POST https://www.googleapis.com/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`
//    with the video resource (`snippet: {title, description, categoryId}`, `status: {privacyStatus,
//    selfDeclaredMadeForKids}`) and `X-Upload-Content-Length`/`X-Upload-Content-Type`; the answer's
//    `Location` is the session URI (invisible: nothing exists on the channel yet);
// 2. `PUT <session>` chunk by chunk (multiples of 256 KiB, the last one may be shorter) with
//    `Content-Range: bytes a-b/SIZE`; YouTube answers 308 with `Range: bytes=0-N` (what it holds);
// 3. the final chunk completes the upload and creates the video (200/201 with the video resource):
//    `beforeSend` is called right before it and only once. When its outcome is doubtful (timeout,
//    reset, 5xx), the session is asked (`PUT` with `Content-Range: bytes */SIZE`, no body): 200/201
//    gives the video (it exists: success), 308 says the upload is not complete (no video: the
//    missing bytes are sent again, still invisible); when even that cannot be read, `unknown`.
// 4. the cover, when the person chose one, is set as the thumbnail
//    (`POST https://www.googleapis.com/upload/youtube/v3/thumbnails/set?videoId=…`); a failure there
//    does not fail the post (the video is published): it is a warning in the result.
// Metrics: `GET /youtube/v3/videos?part=statistics&id=…` (up to 50 ids a call): viewCount is the
// reach, likeCount and commentCount.
// Lookup (a worker killed mid-send, docs/publishing.md "Asking the network"): the session query
// above settles a doubtful final chunk within the call, but a killed worker loses the session URI.
// Then the channel's uploads are listed (`GET /youtube/v3/channels?part=contentDetails&mine=true`
// → `relatedPlaylists.uploads`, then `GET /youtube/v3/playlistItems?part=snippet&playlistId=…`,
// newest first, 50 a page, 1 quota unit each) and the video is matched by its description (the
// post's text) in the window. An empty text proves nothing (any video without a description would
// match): `unknown`.

import { withErrorTable } from '../publishing/errors.js';
import type { HttpContext, HttpResult } from '../publishing/http.js';
import * as http from '../publishing/http.js';
import { findRecentPost, type ListedPage, lookupSafely, normaliseText } from '../publishing/lookup.js';
import * as media from '../publishing/media.js';
import {
  type AdapterOptions,
  type NetworkAdapter,
  type PostMetrics,
  PublishError,
  type PublishRequest,
  type PublishResult,
  type PublishTarget,
  type PublishVideo,
} from '../publishing/types.js';
import { YOUTUBE_API, YOUTUBE_UPLOAD_API, youtubeVideoUrl } from './api.js';
import { YOUTUBE_ERRORS } from './errors.js';
import { YOUTUBE_THUMBNAIL_MAX_BYTES, YOUTUBE_THUMBNAIL_TYPES } from './media.js';
import { YOUTUBE_VIDEO_LIMITS } from './video.js';

/** YouTube's chunk unit: every chunk but the last is a multiple of it. */
export const YOUTUBE_CHUNK_UNIT = 256 * 1024;
/** Default chunk: 8 MiB (32 units), a few seconds each on an ordinary uplink. */
const DEFAULT_CHUNK_BYTES = 32 * YOUTUBE_CHUNK_UNIT;
/** Title: 1–100 characters; title and description: no `<` or `>`; description: 5,000 bytes. */
export const YOUTUBE_TITLE_MAX = 100;
export const YOUTUBE_DESCRIPTION_MAX_BYTES = 5000;
/** "People & Blogs": the category YouTube's own uploader proposes by default. */
export const YOUTUBE_DEFAULT_CATEGORY = '22';
/** How many times a doubtful or 308-answered step is resumed from what the session holds. */
const MAX_RESUMES = 3;
const PRIVACY = new Set(['public', 'unlisted', 'private']);
const ANGLE = /[<>]/;

export interface YouTubeAdapterOptions extends AdapterOptions {
  /** Bytes per chunk, a multiple of 256 KiB (tests use one unit). Default 8 MiB. */
  chunkBytes?: number;
}

/** What the post sends as the video resource (snippet and status). */
export interface YouTubeVideoResource {
  snippet: { title: string; description: string; categoryId: string };
  status: { privacyStatus: string; selfDeclaredMadeForKids: boolean };
}

function googleFailure(ctx: HttpContext, result: HttpResult): PublishError {
  const error = http.isObject(result.json) ? result.json.error : null;
  const errors = http.isObject(error) && Array.isArray(error.errors) ? error.errors : [];
  const reason = http.stringField(errors[0], 'reason');
  const message = http.stringField(error, 'message');
  // The daily quota is spent until midnight Pacific time: wait, do not burn attempts.
  if (result.status === 403 && (reason === 'quotaExceeded' || reason === 'rateLimitExceeded'))
    return http.publishError(
      ctx,
      'rate_limited',
      'RATE_LIMITED',
      `youtube answered 403: ${message ?? reason}`,
      {
        status: 403,
        networkCode: reason,
        retryAfterMs: reason === 'quotaExceeded' ? 60 * 60 * 1000 : http.DEFAULT_RETRY_AFTER_MS,
      },
    );
  return http.classifyHttpStatus(ctx, result, message, reason ?? `HTTP ${result.status}`);
}

function refuse(
  ctx: HttpContext,
  code: 'MEDIA_REQUIRED' | 'REJECTED' | 'CONTENT_TOO_LONG',
  log: string,
  reason: string,
  networkCode?: string,
) {
  return http.publishError(ctx, 'permanent', code, `youtube: ${log}`, {
    reason,
    ...(networkCode === undefined ? {} : { networkCode }),
  });
}

/** The video resource for a post, or a permanent refusal (pt-BR) of what YouTube would refuse. */
export function videoResource(ctx: HttpContext, request: PublishRequest): YouTubeVideoResource {
  const options = request.options ?? {};
  const chosen = typeof options.title === 'string' ? options.title.trim() : '';
  const firstLine = request.text.split('\n')[0]?.trim() ?? '';
  const title = chosen !== '' ? chosen : request.title.trim() !== '' ? request.title.trim() : firstLine;
  if (title === '')
    throw refuse(
      ctx,
      'REJECTED',
      'no title',
      'O vídeo precisa de um título para o YouTube. Dê um título ao post (ou preencha "Título do vídeo") e reagende.',
      'invalidTitle',
    );
  if ([...title].length > YOUTUBE_TITLE_MAX)
    throw refuse(
      ctx,
      'REJECTED',
      `title of ${[...title].length} characters`,
      `O título do vídeo tem ${[...title].length} caracteres e o YouTube aceita até ${YOUTUBE_TITLE_MAX}. Encurte o título (ou preencha "Título do vídeo") e reagende.`,
      'invalidTitle',
    );
  if (ANGLE.test(title))
    throw refuse(
      ctx,
      'REJECTED',
      'title with < or >',
      'O YouTube não aceita < ou > no título do vídeo. Remova esses caracteres e reagende.',
      'invalidTitle',
    );
  const bytes = Buffer.byteLength(request.text, 'utf8');
  if (bytes > YOUTUBE_DESCRIPTION_MAX_BYTES)
    throw refuse(
      ctx,
      'CONTENT_TOO_LONG',
      `description of ${bytes} bytes`,
      `A descrição tem ${bytes} bytes e o YouTube aceita até ${YOUTUBE_DESCRIPTION_MAX_BYTES} (acentos e emojis contam mais de um byte). Encurte o texto e reagende.`,
      'invalidDescription',
    );
  if (ANGLE.test(request.text))
    throw refuse(
      ctx,
      'REJECTED',
      'description with < or >',
      'O YouTube não aceita < ou > na descrição do vídeo. Remova esses caracteres do texto e reagende.',
      'invalidDescription',
    );
  const privacy = options.privacy ?? 'public';
  if (typeof privacy !== 'string' || !PRIVACY.has(privacy))
    throw refuse(
      ctx,
      'REJECTED',
      `privacy ${String(privacy)}`,
      'A visibilidade escolhida para o vídeo não existe no YouTube. Escolha Público, Não listado ou Privado e reagende.',
      'invalidVideoMetadata',
    );
  const madeForKids = options.madeForKids;
  if (typeof madeForKids !== 'boolean')
    throw refuse(
      ctx,
      'REJECTED',
      'madeForKids not chosen',
      'O YouTube exige que você diga se o vídeo é conteúdo para crianças. Responda em Editar Post, nas opções do YouTube, e reagende.',
      'invalidVideoMetadata',
    );
  return {
    snippet: { title, description: request.text, categoryId: YOUTUBE_DEFAULT_CATEGORY },
    status: { privacyStatus: privacy, selfDeclaredMadeForKids: madeForKids },
  };
}

/** A video YouTube would not take as a Short (checked when it was added; checked again here). */
function checkShort(ctx: HttpContext, video: PublishVideo | undefined): PublishVideo {
  if (video === undefined)
    throw refuse(
      ctx,
      'MEDIA_REQUIRED',
      'post without a video',
      'O YouTube só publica vídeos. Adicione um vídeo ao post e reagende.',
    );
  const limits = YOUTUBE_VIDEO_LIMITS.short;
  if (video.durationSeconds > limits.maxDurationSeconds)
    throw refuse(
      ctx,
      'REJECTED',
      `video of ${video.durationSeconds} s`,
      'O vídeo passa de 3 minutos e o YouTube só trata como Short vídeos de até 3 minutos. Corte o vídeo e reagende.',
    );
  if (video.width > video.height + 1)
    throw refuse(
      ctx,
      'REJECTED',
      `horizontal video ${video.width}x${video.height}`,
      'O vídeo está na horizontal e um Short precisa ser vertical ou quadrado. Envie o vídeo em pé (9:16) ou quadrado e reagende.',
    );
  if (video.sizeBytes <= 0 || video.sizeBytes > limits.maxBytes)
    throw refuse(
      ctx,
      'REJECTED',
      `video of ${video.sizeBytes} bytes`,
      'O tamanho do vídeo não é aceito para um Short (até 1 GB). Envie outro vídeo e reagende.',
    );
  return video;
}

/** `Range: bytes=0-N` → N + 1 bytes held; no header → 0. */
export function heldBytes(range: string | null): number | null {
  if (range === null || range === '') return 0;
  const match = /^bytes=0-(\d+)$/.exec(range.trim());
  return match === null ? null : Number(match[1]) + 1;
}

export function createYouTubeAdapter(options: YouTubeAdapterOptions): NetworkAdapter {
  const chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  if (chunkBytes <= 0 || chunkBytes % YOUTUBE_CHUNK_UNIT !== 0)
    throw new Error(`youtube: chunkBytes must be a multiple of ${YOUTUBE_CHUNK_UNIT}`);
  const context = (target: PublishTarget): HttpContext => http.publishContext('youtube', options, target);
  const auth = (target: PublishTarget) => ({ Authorization: `Bearer ${target.accessToken}` });

  /** Step 1: the session URI (invisible; a doubtful answer is a plain retry). */
  const startSession = (
    ctx: HttpContext,
    target: PublishTarget,
    video: PublishVideo,
    resource: YouTubeVideoResource,
    signal?: AbortSignal,
  ) =>
    media.mediaStep('youtube', 'upload session', async () => {
      const body = JSON.stringify(resource);
      const result = await http.sendRequest(
        ctx,
        `${YOUTUBE_UPLOAD_API}/videos?uploadType=resumable&part=snippet,status`,
        {
          method: 'POST',
          headers: {
            ...auth(target),
            'Content-Type': 'application/json; charset=UTF-8',
            'X-Upload-Content-Length': String(video.sizeBytes),
            'X-Upload-Content-Type': video.mimeType,
          },
          body,
          signal,
        },
      );
      if (result.status < 200 || result.status >= 300) throw googleFailure(ctx, result);
      const location = result.headers.get('location');
      if (location === null || location === '')
        throw http.publishError(
          ctx,
          'retryable',
          'NETWORK_UNAVAILABLE',
          `youtube answered ${result.status} without a session URI`,
          { status: result.status },
        );
      return location;
    });

  type ChunkOutcome = { kind: 'incomplete'; held: number } | { kind: 'created'; json: unknown };

  /** One PUT of bytes [start, end) to the session; 308 → how much it holds, 200/201 → the video. */
  const putChunk = async (
    ctx: HttpContext,
    target: PublishTarget,
    session: string,
    video: PublishVideo,
    start: number,
    end: number,
    signal?: AbortSignal,
  ): Promise<ChunkOutcome> => {
    const bytes = await video.read(start, end);
    if (bytes.length !== end - start)
      throw http.publishError(
        ctx,
        'retryable',
        'INTERNAL',
        `youtube: read ${bytes.length} bytes of [${start}, ${end})`,
      );
    const result = await http.sendRequest(ctx, session, {
      method: 'PUT',
      headers: {
        ...auth(target),
        'Content-Type': video.mimeType,
        'Content-Range': `bytes ${start}-${end - 1}/${video.sizeBytes}`,
      },
      body: bytes,
      signal,
    });
    return outcomeOf(ctx, result);
  };

  const outcomeOf = (ctx: HttpContext, result: HttpResult): ChunkOutcome => {
    if (result.status === 308) {
      const held = heldBytes(result.headers.get('range'));
      if (held === null)
        throw http.publishError(
          ctx,
          'unknown',
          'UNKNOWN_OUTCOME',
          `youtube answered 308 with an unreadable Range ${result.headers.get('range')}`,
          { status: 308 },
        );
      return { kind: 'incomplete', held };
    }
    if (result.status === 200 || result.status === 201) return { kind: 'created', json: result.json };
    throw googleFailure(ctx, result);
  };

  /** The session's state (a `Content-Range` of `bytes *` over SIZE, empty body). */
  const querySession = async (
    ctx: HttpContext,
    target: PublishTarget,
    session: string,
    video: PublishVideo,
    signal?: AbortSignal,
  ): Promise<ChunkOutcome> => {
    const result = await http.sendRequest(ctx, session, {
      method: 'PUT',
      headers: { ...auth(target), 'Content-Range': `bytes */${video.sizeBytes}` },
      signal,
    });
    return outcomeOf(ctx, result);
  };

  /** Step 2: every chunk but the final one (invisible). Returns how much the session holds. */
  const uploadUntilFinal = async (
    ctx: HttpContext,
    target: PublishTarget,
    session: string,
    video: PublishVideo,
    from: number,
    signal?: AbortSignal,
  ): Promise<number> => {
    let held = from;
    let resumes = 0;
    while (video.sizeBytes - held > chunkBytes) {
      const end = held + chunkBytes;
      let outcome: ChunkOutcome;
      try {
        outcome = await media.mediaStep('youtube', 'video chunk', () =>
          putChunk(ctx, target, session, video, held, end, signal),
        );
      } catch (error) {
        // A chunk lost on the way: ask the session what it holds and go on from there.
        if (
          !(error instanceof PublishError) ||
          error.kind !== 'retryable' ||
          resumes >= MAX_RESUMES ||
          signal?.aborted === true
        )
          throw error;
        resumes += 1;
        outcome = await media.mediaStep('youtube', 'upload status', () =>
          querySession(ctx, target, session, video, signal),
        );
      }
      if (outcome.kind === 'created')
        // The session completed before the final chunk: impossible unless the size was wrong.
        throw http.publishError(
          ctx,
          'unknown',
          'UNKNOWN_OUTCOME',
          'youtube created the video before the final chunk',
        );
      if (outcome.held < held)
        throw http.publishError(
          ctx,
          'retryable',
          'NETWORK_UNAVAILABLE',
          `youtube: the session went back from ${held} to ${outcome.held} bytes`,
        );
      held = outcome.held;
    }
    return held;
  };

  /** The created video's id, or unknown (it exists but the answer does not name it). */
  const createdId = (ctx: HttpContext, json: unknown): string => {
    const id = http.stringField(json, 'id');
    if (id === null || id === '')
      throw http.publishError(
        ctx,
        'unknown',
        'UNKNOWN_OUTCOME',
        'youtube completed the upload without a video id',
      );
    return id;
  };

  /**
   * Step 3: the final chunk, which creates the video. `beforeSend` was called once before the
   * first send; a doubtful send is settled by the session query, a 308 sends the rest again.
   */
  const sendFinal = async (
    ctx: HttpContext,
    target: PublishTarget,
    session: string,
    video: PublishVideo,
    from: number,
    signal?: AbortSignal,
  ): Promise<string> => {
    let held = from;
    for (let attempt = 0; ; attempt += 1) {
      let outcome: ChunkOutcome;
      try {
        outcome = await putChunk(ctx, target, session, video, held, video.sizeBytes, signal);
      } catch (error) {
        if (!(error instanceof PublishError) || (error.kind !== 'unknown' && error.kind !== 'retryable'))
          throw error;
        // Doubtful: did YouTube get the last byte? Ask the session (still within the call).
        try {
          outcome = await querySession(ctx, target, session, video, signal);
        } catch {
          throw error.kind === 'unknown'
            ? error
            : http.publishError(
                ctx,
                'unknown',
                'UNKNOWN_OUTCOME',
                `${error.message}; the upload's state could not be read`,
                error.details,
              );
        }
      }
      if (outcome.kind === 'created') return createdId(ctx, outcome.json);
      // 308: not complete, so no video exists; send what it lacks (held may be below `from`).
      if (attempt >= MAX_RESUMES)
        throw http.publishError(
          ctx,
          'unknown',
          'UNKNOWN_OUTCOME',
          `youtube: the upload stayed incomplete at ${outcome.held} of ${video.sizeBytes} bytes after the final chunk`,
        );
      held = await uploadUntilFinal(ctx, target, session, video, outcome.held, signal);
    }
  };

  /** Step 4: the cover as the thumbnail; a failure is a warning, never the post's failure. */
  const setThumbnail = async (
    ctx: HttpContext,
    target: PublishTarget,
    videoId: string,
    video: PublishVideo,
    signal?: AbortSignal,
  ): Promise<string | null> => {
    const image = video.cover?.image;
    if (image === undefined) return null;
    if (!YOUTUBE_THUMBNAIL_TYPES.includes(image.mimeType) || image.bytes.length > YOUTUBE_THUMBNAIL_MAX_BYTES)
      return `youtube: cover not set (${image.mimeType}, ${image.bytes.length} bytes: thumbnails take JPEG or PNG up to 2 MB)`;
    try {
      const result = await http.sendRequest(
        ctx,
        `${YOUTUBE_UPLOAD_API}/thumbnails/set?videoId=${encodeURIComponent(videoId)}`,
        {
          method: 'POST',
          headers: { ...auth(target), 'Content-Type': image.mimeType },
          body: image.bytes,
          signal,
        },
      );
      if (result.status >= 200 && result.status < 300) return null;
      const failure = googleFailure(ctx, result);
      return `youtube: cover not set (${failure.details.networkCode ?? 'error'}): ${failure.message}`;
    } catch (error) {
      return `youtube: cover not set: ${error instanceof Error ? error.message : String(error)}`;
    }
  };

  const metricsOf = (item: unknown): PostMetrics => {
    const statistics = http.isObject(item) ? item.statistics : null;
    const count = (name: string) => {
      const raw = http.stringField(statistics, name);
      const value = raw === null ? Number.NaN : Number(raw);
      return Number.isSafeInteger(value) ? value : null;
    };
    return { reach: count('viewCount'), likes: count('likeCount'), comments: count('commentCount') };
  };

  /** The channel's uploads playlist (`UU…`), read from the token's own channel. */
  const uploadsPlaylist = async (ctx: HttpContext, target: PublishTarget, signal?: AbortSignal) => {
    const query = new URLSearchParams({ part: 'contentDetails', mine: 'true' });
    const result = await http.sendRequest(ctx, `${YOUTUBE_API}/channels?${query}`, {
      method: 'GET',
      headers: auth(target),
      signal,
    });
    if (result.status !== 200) throw googleFailure(ctx, result);
    const items = http.isObject(result.json) && Array.isArray(result.json.items) ? result.json.items : [];
    const channel = items.find((item) => http.stringField(item, 'id') === target.platformUserId);
    const details = http.isObject(channel) ? channel.contentDetails : null;
    const playlists = http.isObject(details) ? details.relatedPlaylists : null;
    const uploads = http.stringField(playlists, 'uploads');
    if (uploads === null) throw new Error('youtube: the channel has no uploads playlist in the answer');
    return uploads;
  };

  /** One page of the uploads playlist as listed posts (the description is the post's text). */
  const uploadsPage = async (
    ctx: HttpContext,
    target: PublishTarget,
    playlistId: string,
    cursor: string | null,
    signal?: AbortSignal,
  ): Promise<ListedPage> => {
    const query = new URLSearchParams({
      part: 'snippet',
      playlistId,
      maxResults: '50',
      ...(cursor === null ? {} : { pageToken: cursor }),
    });
    const result = await http.sendRequest(ctx, `${YOUTUBE_API}/playlistItems?${query}`, {
      method: 'GET',
      headers: auth(target),
      signal,
    });
    if (result.status !== 200) throw googleFailure(ctx, result);
    const body = http.isObject(result.json) ? result.json : {};
    const items = Array.isArray(body.items) ? body.items : [];
    return {
      posts: items.flatMap((item) => {
        const snippet = http.isObject(item) ? item.snippet : null;
        const resource = http.isObject(snippet) ? snippet.resourceId : null;
        const id = http.stringField(resource, 'videoId');
        if (id === null) return [];
        const published = http.stringField(snippet, 'publishedAt');
        const at = published === null ? null : new Date(published);
        return [
          {
            id,
            text: http.stringField(snippet, 'description'),
            createdAt: at === null || Number.isNaN(at.getTime()) ? null : at,
            url: youtubeVideoUrl(id),
          },
        ];
      }),
      next: http.stringField(body, 'nextPageToken'),
    };
  };

  const adapter: NetworkAdapter = {
    platform: 'youtube',
    lookupRecentPost: (request, lookupOptions = {}) => {
      const ctx = context(request.target);
      const { signal } = lookupOptions;
      return lookupSafely(async () => {
        if (normaliseText(request.text) === '')
          return { kind: 'unknown', reason: 'um vídeo sem descrição não pode ser reconhecido na listagem' };
        const playlistId = await uploadsPlaylist(ctx, request.target, signal);
        return findRecentPost(request, {
          expected: request.text,
          fetchPage: (cursor) => uploadsPage(ctx, request.target, playlistId, cursor, signal),
        });
      });
    },
    async publish(request, callOptions = {}): Promise<PublishResult> {
      const ctx = context(request.target);
      const { signal } = callOptions;
      const video = checkShort(ctx, request.video);
      const resource = videoResource(ctx, request);
      const session = await startSession(ctx, request.target, video, resource, signal);
      const held = await uploadUntilFinal(ctx, request.target, session, video, 0, signal);
      media.ensureTimeToSend(ctx, callOptions.deadline);
      await callOptions.beforeSend?.();
      const id = await sendFinal(ctx, request.target, session, video, held, signal);
      const warning = await setThumbnail(ctx, request.target, id, video, signal);
      return {
        platformPostId: id,
        url: youtubeVideoUrl(id),
        ...(warning === null ? {} : { warnings: [warning] }),
      };
    },
    async fetchMetrics({ target, platformPostIds }) {
      const ctx = context(target);
      const ids = [...new Set(platformPostIds)];
      const out = new Map<string, PostMetrics | null>();
      for (let start = 0; start < ids.length; start += 50) {
        const batch = ids.slice(start, start + 50);
        const query = new URLSearchParams({ part: 'statistics', id: batch.join(','), maxResults: '50' });
        const result = await http.sendRequest(ctx, `${YOUTUBE_API}/videos?${query}`, {
          method: 'GET',
          headers: auth(target),
        });
        if (result.status !== 200) throw googleFailure(ctx, result);
        const items = http.isObject(result.json) && Array.isArray(result.json.items) ? result.json.items : [];
        for (const item of items) {
          const id = http.stringField(item, 'id');
          if (id !== null && batch.includes(id)) out.set(id, metricsOf(item));
        }
        // A video missing from the answer was deleted or made private: no metrics ("indisponível").
        for (const id of batch) if (!out.has(id)) out.set(id, null);
      }
      return out;
    },
  };

  return withErrorTable('youtube', YOUTUBE_ERRORS, adapter);
}
