// Threads: every post is a media container (`POST /{threads-user-id}/threads`, media_type TEXT,
// IMAGE or CAROUSEL with 2–20 `is_carousel_item` children), read until its status is FINISHED,
// then published (`POST /{threads-user-id}/threads_publish?creation_id=…`). Only that last call
// creates a post, so a doubtful outcome before it is safe to retry; after it, the account's recent
// threads are asked (`lookupRecentPost`) before anything is sent again (docs/publishing.md).
import { fitsPlatformLimit } from '@pauta/core';
import { classifyGraphFailure, insightValue, mapLimited, readGraphError } from '../meta/graph.js';
import { explainFailure } from '../publishing/errors.js';
import {
  DEFAULT_TIMEOUT_MS,
  type HttpContext,
  type HttpResult,
  publishError,
  sendRequest,
  sleep,
  stringField,
} from '../publishing/http.js';
import { findRecentPost, graphPage, lookupSafely } from '../publishing/lookup.js';
import { altTextFor, checkMedia, ensureTimeToSend, mapLimitedMedia, mediaStep } from '../publishing/media.js';
import {
  type AdapterOptions,
  type NetworkAdapter,
  type PostMetrics,
  PublishError,
  type PublishMedia,
  type PublishResult,
  type PublishTarget,
} from '../publishing/types.js';
import { THREADS_API } from './api.js';
import { THREADS_ERRORS } from './errors.js';
import { threadsFirstComment } from './first-comment.js';
import { THREADS_MEDIA_LIMITS } from './media.js';

/** Threads' alt text limit (`alt_text` on an IMAGE or carousel item container). */
const ALT_TEXT_MAX = 1000;
const CONTAINER_CONCURRENCY = 4;
const METRICS_CONCURRENCY = 4;
export const DEFAULT_STATUS_POLL_ATTEMPTS = 10;
export const DEFAULT_STATUS_POLL_INTERVAL_MS = 1000;
/** Code 9: the 250 posts per 24 h of the profile are used (assumed shape, docs/networks.md). */
const PUBLISH_LIMIT_CODE = 9;
const PUBLISH_LIMIT_WAIT_MS = 60 * 60 * 1000;
/** 24/4279009 "Media Not Found" on threads_publish: the container was not ready; nothing posted. */
const MEDIA_NOT_FOUND = '24/4279009';
/** The first http(s) link of a text post becomes its `link_attachment` (the preview card). */
const LINK = /\bhttps?:\/\/[^\s<>"]+/iu;

export interface ThreadsAdapterOptions extends AdapterOptions {
  statusPollAttempts?: number;
  statusPollIntervalMs?: number;
}

/** Threads' errors are Graph's, with its own publishing limit and "media not found". */
export function classifyThreadsFailure(ctx: HttpContext, result: HttpResult): PublishError {
  const graph = readGraphError(result.json);
  const failure = classifyGraphFailure(ctx, result);
  if (graph?.code === PUBLISH_LIMIT_CODE) {
    return publishError(ctx, 'rate_limited', 'RATE_LIMITED', failure.message, {
      ...failure.details,
      networkCode: String(PUBLISH_LIMIT_CODE),
      retryAfterMs: PUBLISH_LIMIT_WAIT_MS,
    });
  }
  if (failure.details.networkCode === MEDIA_NOT_FOUND) {
    return publishError(ctx, 'retryable', 'NETWORK_UNAVAILABLE', failure.message, failure.details);
  }
  return failure;
}

/** The first link of the text, when it has one (Threads previews it on a text post). */
export function linkAttachment(text: string): string | null {
  return text.match(LINK)?.[0]?.replace(/[.,;:!?)\]]+$/u, '') ?? null;
}

export function createThreadsAdapter(options: ThreadsAdapterOptions): NetworkAdapter {
  const attempts = Math.max(1, options.statusPollAttempts ?? DEFAULT_STATUS_POLL_ATTEMPTS);
  const intervalMs = Math.max(0, options.statusPollIntervalMs ?? DEFAULT_STATUS_POLL_INTERVAL_MS);
  const context = (target: PublishTarget): HttpContext => ({
    platform: 'threads',
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    secrets: [target.accessToken],
  });

  const call = async (
    ctx: HttpContext,
    target: PublishTarget,
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<HttpResult> => {
    const result =
      method === 'GET'
        ? await sendRequest(
            ctx,
            `${THREADS_API}/${path}?${new URLSearchParams({ ...params, access_token: target.accessToken })}`,
            { method, signal },
          )
        : await sendRequest(ctx, `${THREADS_API}/${path}`, {
            method,
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ ...params, access_token: target.accessToken }),
            signal,
          });
    if (result.status < 200 || result.status >= 300) throw classifyThreadsFailure(ctx, result);
    return result;
  };

  /** Reads `GET /{container}?fields=status,error_message` until FINISHED (ERROR / EXPIRED stop). */
  const waitUntilFinished = async (
    ctx: HttpContext,
    target: PublishTarget,
    containerId: string,
    signal: AbortSignal | undefined,
  ): Promise<void> => {
    let last = 'unknown';
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      const result = await call(
        ctx,
        target,
        'GET',
        encodeURIComponent(containerId),
        { fields: 'status,error_message' },
        signal,
      );
      last = stringField(result.json, 'status') ?? 'unknown';
      if (last === 'FINISHED') return;
      if (last === 'ERROR' || last === 'EXPIRED') {
        const why = stringField(result.json, 'error_message') ?? 'no error_message';
        throw publishError(
          ctx,
          'permanent',
          'REJECTED',
          `threads: media container ${containerId} ended in ${last} (${why})`,
          { networkCode: `CONTAINER_${last}` },
        );
      }
      if (attempt < attempts) {
        try {
          await sleep(intervalMs, signal);
        } catch {
          throw publishError(
            ctx,
            'retryable',
            'NETWORK_UNAVAILABLE',
            'threads: aborted while the media was processing',
          );
        }
      }
    }
    throw publishError(
      ctx,
      'retryable',
      'NETWORK_UNAVAILABLE',
      `threads: media container ${containerId} still ${last} after ${attempts} status checks; nothing was published`,
      { networkCode: `CONTAINER_${last}` },
    );
  };

  const metricsOf = async (target: PublishTarget, mediaId: string): Promise<PostMetrics | null> => {
    const ctx = context(target);
    try {
      const result = await call(ctx, target, 'GET', `${encodeURIComponent(mediaId)}/insights`, {
        metric: 'views,likes,replies,reposts,quotes',
      });
      return {
        reach: insightValue(result.json, 'views'),
        likes: insightValue(result.json, 'likes'),
        comments: insightValue(result.json, 'replies'),
      };
    } catch (error) {
      if (error instanceof PublishError && error.kind === 'permanent' && error.code === 'REJECTED')
        return null;
      throw error;
    }
  };

  const adapter: NetworkAdapter = {
    platform: 'threads',
    async publish(request, callOptions = {}): Promise<PublishResult> {
      const ctx = context(request.target);
      const { signal } = callOptions;
      const images: readonly PublishMedia[] = request.media ?? [];
      const problem = checkMedia(ctx, THREADS_MEDIA_LIMITS, images);
      if (problem !== null) throw problem;
      if (!fitsPlatformLimit('threads', request.text)) {
        throw publishError(
          ctx,
          'permanent',
          'CONTENT_TOO_LONG',
          'threads: text exceeds 500 characters (emojis count their UTF-8 bytes)',
        );
      }
      const userId = encodeURIComponent(request.target.platformUserId);
      const createContainer = async (params: Record<string, string>): Promise<string> => {
        const created = await call(ctx, request.target, 'POST', `${userId}/threads`, params, signal);
        const id = stringField(created.json, 'id');
        if (id === null || id === '') {
          throw publishError(
            ctx,
            'retryable',
            'NETWORK_UNAVAILABLE',
            'threads: container answer without an id',
          );
        }
        return id;
      };
      const withAlt = (image: PublishMedia, params: Record<string, string>) => {
        const alt = altTextFor(image, ALT_TEXT_MAX);
        return alt === '' ? params : { ...params, alt_text: alt };
      };
      const containerId = await mediaStep('threads', 'media container', async () => {
        let id: string;
        if (images.length === 0) {
          const link = linkAttachment(request.text);
          id = await createContainer({
            media_type: 'TEXT',
            text: request.text,
            ...(link === null ? {} : { link_attachment: link }),
          });
        } else if (images.length === 1) {
          id = await createContainer(
            withAlt(images[0]!, { media_type: 'IMAGE', image_url: images[0]!.url, text: request.text }),
          );
        } else {
          const children = await mapLimitedMedia(images, CONTAINER_CONCURRENCY, async (image) => {
            const child = await createContainer(
              withAlt(image, { media_type: 'IMAGE', image_url: image.url, is_carousel_item: 'true' }),
            );
            await waitUntilFinished(ctx, request.target, child, signal);
            return child;
          });
          id = await createContainer({
            media_type: 'CAROUSEL',
            children: children.join(','),
            text: request.text,
          });
        }
        await waitUntilFinished(ctx, request.target, id, signal);
        return id;
      });
      ensureTimeToSend(ctx, callOptions.deadline);
      await callOptions.beforeSend?.();
      const published = await call(
        ctx,
        request.target,
        'POST',
        `${userId}/threads_publish`,
        { creation_id: containerId },
        signal,
      );
      const mediaId = stringField(published.json, 'id');
      if (mediaId === null || mediaId === '') {
        throw publishError(
          ctx,
          'unknown',
          'UNKNOWN_OUTCOME',
          `threads answered ${published.status} to threads_publish without a media id`,
          { status: published.status },
        );
      }
      // The post exists now: the permalink is a nicety and must never turn success into failure.
      let url: string | null = null;
      try {
        const media = await call(ctx, request.target, 'GET', encodeURIComponent(mediaId), {
          fields: 'permalink',
        });
        url = stringField(media.json, 'permalink');
      } catch {
        url = null;
      }
      return { platformPostId: mediaId, url };
    },
    async fetchMetrics(request): Promise<Map<string, PostMetrics | null>> {
      const ids = [...new Set(request.platformPostIds)];
      const values = await mapLimited(ids, METRICS_CONCURRENCY, (id) => metricsOf(request.target, id));
      return new Map(ids.map((id, index) => [id, values[index] ?? null]));
    },
  };
  return {
    platform: 'threads',
    ...threadsFirstComment(options, context),
    lookupRecentPost: (request, lookupOptions = {}) => {
      const ctx = context(request.target);
      return lookupSafely(() =>
        findRecentPost(request, {
          expected: request.text,
          fetchPage: async (cursor) => {
            const result = await call(
              ctx,
              request.target,
              'GET',
              `${encodeURIComponent(request.target.platformUserId)}/threads`,
              {
                fields: 'id,text,timestamp,permalink',
                limit: '25',
                ...(cursor === null ? {} : { after: cursor }),
              },
              lookupOptions.signal,
            );
            return graphPage(result.json, 'text', 'timestamp', 'permalink', () => null);
          },
        }),
      );
    },
    publish: (request, callOptions) =>
      adapter.publish(request, callOptions).catch((error: unknown) => {
        throw explainFailure('threads', THREADS_ERRORS, error);
      }),
    fetchMetrics: (request) =>
      adapter.fetchMetrics(request).catch((error: unknown) => {
        throw explainFailure('threads', THREADS_ERRORS, error);
      }),
  };
}
