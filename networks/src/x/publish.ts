// X (API v2) publishing: `POST /2/tweets` with the user's OAuth 2.0 token; the weighted 280
// limit is checked before any request. Metrics from `GET /2/tweets?ids=…&tweet.fields=public_metrics`.
import { fitsPlatformLimit, measureXLength } from '@pauta/core';
import { explainFailure, withErrorTable } from '../publishing/errors.js';
import {
  classifyHttpStatus,
  createdPostId,
  DEFAULT_RETRY_AFTER_MS,
  DEFAULT_TIMEOUT_MS,
  type HttpContext,
  type HttpResult,
  isObject,
  numberField,
  parseRateLimitReset,
  parseRetryAfter,
  publishError,
  requiredStepId,
  sendRequest,
  stringField,
} from '../publishing/http.js';
import { findRecentPost, LOOKUP_SLACK_MS, lookupSafely } from '../publishing/lookup.js';
import {
  altTextFor,
  checkMedia,
  ensureTimeToSend,
  mapLimitedMedia,
  mediaBlob,
  mediaStep,
} from '../publishing/media.js';
import type {
  AdapterOptions,
  LookupRequest,
  LookupResult,
  NetworkAdapter,
  PostMetrics,
  PublishError,
  PublishResult,
  PublishTarget,
} from '../publishing/types.js';
import { checkVideoRequest, ensureTimeToSendVideo, videoPolling } from '../publishing/video-upload-steps.js';
import { X_API as API, X_MEDIA_API } from './api.js';
import { X_ERRORS } from './errors.js';
import { X_MEDIA_LIMITS } from './media.js';
import { X_VIDEO_LIMITS } from './video.js';
import { uploadXVideo } from './video-upload.js';

/** Alt text on X: up to 1000 characters. */
const ALT_TEXT_MAX = 1000;
/** Images uploaded at the same time. */
const UPLOAD_CONCURRENCY = 4;

/** `GET /2/tweets` takes at most 100 ids. */
const MAX_IDS_PER_CALL = 100;

/** The message of an X error body: v2 problem (`detail`/`title`) or v1.1 `errors[]`. */
function xMessage(body: unknown): string | null {
  if (!isObject(body)) return null;
  const detail = stringField(body, 'detail') ?? stringField(body, 'title');
  if (detail !== null) return detail;
  if (Array.isArray(body.errors)) {
    const first: unknown = body.errors[0];
    return stringField(first, 'message') ?? stringField(first, 'detail');
  }
  return null;
}

/** X's own code: v1.1-style `errors[0].code` (187, 186, 453…) or a v2 problem's `reason`. */
function xCode(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  if (Array.isArray(body.errors)) {
    const code = stringField(body.errors[0], 'code');
    if (code !== null && /^\d+$/.test(code)) return code;
  }
  return stringField(body, 'reason') ?? undefined;
}

function classifyXFailure(ctx: HttpContext, result: HttpResult): never {
  const message = xMessage(result.json) ?? (result.text.slice(0, 200) || null);
  const code = xCode(result.json);
  if (result.status === 403 && (code === '187' || /duplicate/i.test(message ?? ''))) {
    throw publishError(ctx, 'permanent', 'DUPLICATE_CONTENT', `x answered 403: ${message}`, {
      status: 403,
      networkCode: code ?? 'DUPLICATE',
    });
  }
  if (result.status === 429) {
    const retryAfterMs =
      parseRetryAfter(result.headers.get('retry-after')) ??
      parseRateLimitReset(result.headers.get('x-rate-limit-reset')) ??
      DEFAULT_RETRY_AFTER_MS;
    throw publishError(
      ctx,
      'rate_limited',
      'RATE_LIMITED',
      `x answered 429: ${message ?? 'Too Many Requests'}`,
      {
        status: 429,
        retryAfterMs,
        ...(code === undefined ? {} : { networkCode: code }),
      },
    );
  }
  throw classifyHttpStatus(ctx, result, message, code);
}

export function tweetUrl(id: string): string {
  return `https://x.com/i/web/status/${id}`;
}

/** The adapter's options; the processing-status pacing of a video (tests make it fast). */
export interface XAdapterOptions extends AdapterOptions {
  statusPollAttempts?: number;
  statusPollIntervalMs?: number;
}

/**
 * Looks for the post among the account's tweets (`GET /2/users/:id/tweets`, 100 a page, from the
 * window's start on: X filters by start_time, newest first), for the post lookup and the first
 * comment's (reply) lookup; `keep`: which listed tweets may be it. A non-2xx answer throws
 * (lookupSafely: unknown). X lists text with &amp; &lt; &gt; escaped, and links shortened to t.co:
 * with a link in the text, no match is no proof of absence.
 */
function findTweet(
  ctx: HttpContext,
  request: LookupRequest,
  listing: { fields: string; exclude: string; keep?: (tweet: unknown) => boolean },
  signal: AbortSignal | undefined,
): Promise<LookupResult> {
  const startTime = new Date(request.since.getTime() - LOOKUP_SLACK_MS)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z');
  return lookupSafely(() =>
    findRecentPost(request, {
      expected: request.text,
      decode: (text) => text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&'),
      absenceProvable: !/https?:\/\/|www\./i.test(request.text),
      fetchPage: async (cursor) => {
        const query = new URLSearchParams({
          max_results: '100',
          'tweet.fields': listing.fields,
          exclude: listing.exclude,
          start_time: startTime,
          ...(cursor === null ? {} : { pagination_token: cursor }),
        });
        const result = await sendRequest(
          ctx,
          `${API}/users/${encodeURIComponent(request.target.platformUserId)}/tweets?${query}`,
          { method: 'GET', headers: { Authorization: `Bearer ${request.target.accessToken}` }, signal },
        );
        if (result.status < 200 || result.status >= 300)
          throw new Error(`x answered ${result.status} to GET /2/users/:id/tweets`);
        const data = isObject(result.json) && Array.isArray(result.json.data) ? result.json.data : [];
        return {
          posts: data.flatMap((tweet) => {
            const id = stringField(tweet, 'id');
            if (id === null || (listing.keep !== undefined && !listing.keep(tweet))) return [];
            const created = stringField(tweet, 'created_at');
            return [
              {
                id,
                text: stringField(tweet, 'text'),
                createdAt: created === null ? null : new Date(created),
                url: tweetUrl(id),
              },
            ];
          }),
          next: stringField(isObject(result.json) ? result.json.meta : null, 'next_token'),
        };
      },
    }),
  );
}

/** X's 403 to an upload: the token lacks media.write, which only reconnecting grants. */
function mediaWriteMissing(
  ctx: HttpContext,
  step: string,
  body: unknown,
  networkCode: 'VIDEO_SCOPE_MISSING' | 'MEDIA_SCOPE_MISSING',
): PublishError {
  return publishError(
    ctx,
    'permanent',
    'ACCOUNT_NEEDS_RECONNECT',
    `x answered 403 to the ${step}: ${xMessage(body) ?? 'Forbidden'} (the token lacks media.write)`,
    { status: 403, networkCode },
  );
}

/** A post or a reply over X's 280 weighted characters is refused before any request. */
function ensureFitsX(ctx: HttpContext, text: string, what: 'text' | 'reply'): void {
  if (!fitsPlatformLimit('x', text))
    throw publishError(
      ctx,
      'permanent',
      'CONTENT_TOO_LONG',
      `x: ${what} weighs ${measureXLength(text)} of 280 characters`,
    );
}

export function createXAdapter(options: XAdapterOptions): NetworkAdapter {
  const polling = videoPolling(options);
  const context = (target: PublishTarget): HttpContext => ({
    platform: 'x',
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    secrets: [target.accessToken],
  });
  /** The send: the only call that creates a visible post (after beforeSend). */
  async function sendTweet(
    ctx: HttpContext,
    accessToken: string,
    text: string,
    mediaIds: readonly string[],
    signal: AbortSignal | undefined,
  ): Promise<PublishResult> {
    const result = await sendRequest(ctx, `${API}/tweets`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(mediaIds.length === 0 ? { text } : { text, media: { media_ids: mediaIds } }),
      signal,
    });
    if (result.status < 200 || result.status >= 300) classifyXFailure(ctx, result);
    const id = createdPostId(
      ctx,
      isObject(result.json) ? stringField(result.json.data, 'id') : null,
      result.status,
      `x answered ${result.status} without a post id`,
    );
    return { platformPostId: id, url: tweetUrl(id) };
  }
  const adapter: NetworkAdapter = {
    platform: 'x',
    async publish(request, callOptions = {}): Promise<PublishResult> {
      const ctx = context(request.target);
      ensureFitsX(ctx, request.text, 'text');
      const media = request.media ?? [];
      const problem =
        checkVideoRequest(ctx, X_VIDEO_LIMITS.video, request) ?? checkMedia(ctx, X_MEDIA_LIMITS, media);
      if (problem !== null) throw problem;
      const auth = { Authorization: `Bearer ${request.target.accessToken}` };
      const { signal } = callOptions;
      const { video } = request;
      if (video !== undefined) {
        // INIT, APPEND, FINALIZE, STATUS: invisible; their failures are retries or refusals.
        const mediaId = await uploadXVideo({
          ctx,
          accessToken: request.target.accessToken,
          video,
          polling,
          signal,
          fail: (result, step) => {
            if (step === 'INIT' && result.status === 403) {
              throw mediaWriteMissing(ctx, 'video INIT', result.json, 'VIDEO_SCOPE_MISSING');
            }
            classifyXFailure(ctx, result);
          },
        });
        ensureTimeToSendVideo(ctx, callOptions.deadline);
        await callOptions.beforeSend?.();
        return sendTweet(ctx, request.target.accessToken, request.text, [mediaId], signal);
      }
      // Uploads and alt text create nothing visible: their failures are never doubtful (media.ts).
      const mediaIds = await mapLimitedMedia(media, UPLOAD_CONCURRENCY, (item, index) =>
        mediaStep('x', `media upload ${index + 1}`, async () => {
          const form = new FormData();
          form.set('media_category', item.mimeType === 'image/gif' ? 'tweet_gif' : 'tweet_image');
          form.set('media_type', item.mimeType);
          form.set('media', mediaBlob(item), `image-${index + 1}`);
          const uploaded = await sendRequest(ctx, `${X_MEDIA_API}/upload`, {
            method: 'POST',
            headers: auth,
            body: form,
            signal,
          });
          if (uploaded.status === 403) {
            // Accounts connected before images lack media.write: only reconnecting grants it.
            throw mediaWriteMissing(ctx, 'media upload', uploaded.json, 'MEDIA_SCOPE_MISSING');
          }
          if (uploaded.status < 200 || uploaded.status >= 300) classifyXFailure(ctx, uploaded);
          const id = requiredStepId(
            ctx,
            isObject(uploaded.json) ? stringField(uploaded.json.data, 'id') : null,
            'x: media upload answered without an id',
          );
          const alt = altTextFor(item, ALT_TEXT_MAX);
          if (alt !== '') {
            const described = await sendRequest(ctx, `${X_MEDIA_API}/metadata`, {
              method: 'POST',
              headers: { ...auth, 'Content-Type': 'application/json' },
              body: JSON.stringify({ id, metadata: { alt_text: { text: alt } } }),
              signal,
            });
            if (described.status < 200 || described.status >= 300) classifyXFailure(ctx, described);
          }
          return id;
        }),
      );
      if (mediaIds.length > 0) ensureTimeToSend(ctx, callOptions.deadline);
      await callOptions.beforeSend?.();
      return sendTweet(ctx, request.target.accessToken, request.text, mediaIds, signal);
    },
    async fetchMetrics(request): Promise<Map<string, PostMetrics | null>> {
      const ctx = context(request.target);
      const ids = [...new Set(request.platformPostIds)];
      const metrics = new Map<string, PostMetrics | null>();
      for (let start = 0; start < ids.length; start += MAX_IDS_PER_CALL) {
        const chunk = ids.slice(start, start + MAX_IDS_PER_CALL);
        const query = new URLSearchParams({ ids: chunk.join(','), 'tweet.fields': 'public_metrics' });
        const result = await sendRequest(ctx, `${API}/tweets?${query}`, {
          method: 'GET',
          headers: { Authorization: `Bearer ${request.target.accessToken}` },
        });
        if (result.status < 200 || result.status >= 300) classifyXFailure(ctx, result);
        const data = isObject(result.json) && Array.isArray(result.json.data) ? result.json.data : [];
        for (const tweet of data) {
          const id = stringField(tweet, 'id');
          if (id === null || !isObject(tweet) || !isObject(tweet.public_metrics)) continue;
          const pm = tweet.public_metrics;
          metrics.set(id, {
            reach: numberField(pm, 'impression_count'),
            likes: numberField(pm, 'like_count'),
            comments: numberField(pm, 'reply_count'),
          });
        }
        // Deleted or protected posts come back in `errors`: no metrics for them.
        for (const id of chunk) if (!metrics.has(id)) metrics.set(id, null);
      }
      return metrics;
    },
  };
  return withErrorTable('x', X_ERRORS, {
    ...adapter,
    // The first comment (docs/first-comment.md): a reply to the published post, one request.
    publishFirstComment: async (request, commentOptions = {}) => {
      const ctx = context(request.target);
      try {
        ensureFitsX(ctx, request.text, 'reply');
        const result = await sendRequest(ctx, `${API}/tweets`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${request.target.accessToken}`,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({
            text: request.text,
            reply: { in_reply_to_tweet_id: request.platformPostId },
          }),
          signal: commentOptions.signal,
        });
        if (result.status < 200 || result.status >= 300) classifyXFailure(ctx, result);
        const id = createdPostId(
          ctx,
          isObject(result.json) ? stringField(result.json.data, 'id') : null,
          result.status,
          `x answered ${result.status} to the reply without an id`,
        );
        return { id };
      } catch (error) {
        throw explainFailure('x', X_ERRORS, error);
      }
    },
    // The account's posts since the reply's send, replies included: the one replying to the post
    // (referenced_tweets replied_to) with the same text.
    lookupFirstComment: (request, lookupOptions = {}) =>
      findTweet(
        context(request.target),
        { target: request.target, text: request.text, since: request.since, until: new Date() },
        {
          fields: 'created_at,referenced_tweets',
          exclude: 'retweets',
          keep: (tweet) => {
            const refs =
              isObject(tweet) && Array.isArray(tweet.referenced_tweets) ? tweet.referenced_tweets : [];
            return refs.some(
              (ref) =>
                stringField(ref, 'type') === 'replied_to' &&
                stringField(ref, 'id') === request.platformPostId,
            );
          },
        },
        lookupOptions.signal,
      ),
    lookupRecentPost: (request, lookupOptions = {}) =>
      findTweet(
        context(request.target),
        request,
        { fields: 'created_at', exclude: 'retweets,replies' },
        lookupOptions.signal,
      ),
  });
}
