// Threads: every post is a media container (`POST /{threads-user-id}/threads`, media_type TEXT,
// IMAGE or CAROUSEL with 2–20 `is_carousel_item` children), read until its status is FINISHED,
// then published (`POST /{threads-user-id}/threads_publish?creation_id=…`). Only that last call
// creates a post, so a doubtful outcome before it is safe to retry; after it, the account's recent
// threads are asked (`lookupRecentPost`) before anything is sent again (docs/publishing.md).
import { fitsPlatformLimit } from '@pauta/core';
import { type ContainerPolling, type GraphCall, metaContainers } from '../meta/containers.js';
import { classifyGraphFailure, readGraphError } from '../meta/graph.js';
import { withErrorTable } from '../publishing/errors.js';
import {
  DEFAULT_TIMEOUT_MS,
  type HttpContext,
  type HttpResult,
  publishError,
  sendRequest,
  stringField,
} from '../publishing/http.js';
import { checkMedia, ensureTimeToSend, mediaStep } from '../publishing/media.js';
import type {
  AdapterOptions,
  NetworkAdapter,
  PublishError,
  PublishMedia,
  PublishResult,
  PublishTarget,
} from '../publishing/types.js';
import { THREADS_API } from './api.js';
import { THREADS_ERRORS } from './errors.js';
import { threadsFirstComment } from './first-comment.js';
import { THREADS_MEDIA_LIMITS } from './media.js';

/** Threads' alt text limit (`alt_text` on an IMAGE or carousel item container). */
const ALT_TEXT_MAX = 1000;
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

  const call: GraphCall = async (ctx, target, method, path, params, signal) => {
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

  const containers = metaContainers({
    platform: 'threads',
    call,
    containerEdge: 'threads',
    publishEdge: 'threads_publish',
    creationIdIn: 'body',
    textField: 'text',
    imageParams: { media_type: 'IMAGE' },
    altTextMax: ALT_TEXT_MAX,
    insights: {
      metric: 'views,likes,replies,reposts,quotes',
      reach: 'views',
      likes: 'likes',
      comments: 'replies',
    },
  });
  /** Reads `GET /{container}?fields=status,error_message` until FINISHED (ERROR / EXPIRED stop). */
  const polling: ContainerPolling = {
    attempts,
    intervalMs,
    fields: 'status,error_message',
    statusField: 'status',
    settle: (status, answer, containerId, ctx) => {
      if (status !== 'ERROR' && status !== 'EXPIRED') return null;
      const why = stringField(answer, 'error_message') ?? 'no error_message';
      return publishError(
        ctx,
        'permanent',
        'REJECTED',
        `threads: media container ${containerId} ended in ${status} (${why})`,
        { networkCode: `CONTAINER_${status}` },
      );
    },
    abortMessage: 'threads: aborted while the media was processing',
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
      const containerId = await mediaStep('threads', 'media container', async () => {
        if (images.length > 0) {
          return containers.createForImages(ctx, request.target, images, request.text, polling, signal);
        }
        const link = linkAttachment(request.text);
        const id = await containers.create(
          ctx,
          request.target,
          { media_type: 'TEXT', text: request.text, ...(link === null ? {} : { link_attachment: link }) },
          signal,
        );
        await containers.waitUntilFinished(ctx, request.target, id, polling, signal);
        return id;
      });
      ensureTimeToSend(ctx, callOptions.deadline);
      await callOptions.beforeSend?.();
      return containers.publish(ctx, request.target, containerId, signal);
    },
    ...containers.readers(context),
  };
  return withErrorTable('threads', THREADS_ERRORS, {
    ...adapter,
    ...threadsFirstComment({ context, call, containers, polling }),
  });
}
