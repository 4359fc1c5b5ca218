// Mastodon: a status is one call, `POST https://<host>/api/v1/statuses` (JSON `status`,
// `media_ids`, `visibility: public`, `language: pt`) with an `Idempotency-Key` header — Mastodon
// keeps the key an hour and answers a repeated call with the status it already created, so a
// resend of the same claimed version cannot make a second status. Images go first through
// `POST /api/v2/media` (multipart `file`, `description` = the alt text): 200 when processed, 202
// while the instance still processes it, then `GET /api/v1/media/:id` until its `url` is set (206
// meanwhile). The instance's own limits (`GET /api/v2/instance`: characters, links' length, images
// per status, image size) are read before posting and refused in pt-BR before any upload.
// https://docs.joinmastodon.org/methods/statuses/#create
// https://docs.joinmastodon.org/methods/media/#v2
import { measureMastodonLength } from '@pauta/core';
import { withErrorTable } from '../publishing/errors.js';
import type { HttpContext, HttpResult } from '../publishing/http.js';
import * as http from '../publishing/http.js';
import { findRecentPost, type ListedPage, lookupSafely } from '../publishing/lookup.js';
import * as media from '../publishing/media.js';
import type {
  AdapterOptions,
  NetworkAdapter,
  PostMetrics,
  PublishError,
  PublishMedia,
  PublishResult,
  PublishTarget,
} from '../publishing/types.js';
import { MASTODON_ERRORS } from './errors.js';
import { mastodonFirstComment } from './first-comment.js';
import {
  type InstanceCallOptions,
  type MastodonInstanceLimits,
  readInstance,
  splitAccountKey,
} from './instance.js';
import { MASTODON_MEDIA_LIMITS } from './media.js';
import { listedStatus } from './status-text.js';

/**
 * Mastodon's numbers as the publisher uses them: the alt text limit (`description`, 1,500 by
 * default); uploads are limited by count (30 per 30 minutes), not by concurrency, so a post's images
 * go together; the reads of a processing attachment (10, after 150, 300, 600 ms… up to the
 * interval); an instance's limits are read again after an hour; a page of the account's statuses.
 */
const MASTODON = {
  altTextMax: 1500,
  uploadsAtOnce: 4,
  metricsAtOnce: 4,
  mediaReads: 10,
  mediaReadIntervalMs: 1000,
  firstReadMs: 150,
  instanceTtlMs: 60 * 60 * 1000,
  statusesPage: 40,
} as const;

export interface MastodonAdapterOptions extends AdapterOptions {
  statusPollAttempts?: number;
  statusPollIntervalMs?: number;
  now?: () => number;
}

/**
 * A non-2xx answer: Mastodon's `{ error }` body kept in the message; 429 waits until
 * `X-RateLimit-Reset` (an ISO date); 422 is a validation refusal (the text over the instance's
 * limit, too many images, a media id not ready or not the account's).
 */
function classifyMastodonFailure(ctx: HttpContext, result: HttpResult): PublishError {
  const said = http.stringField(result.json, 'error');
  const failure = http.classifyHttpStatus(ctx, result, said, codeOf(result.status, said));
  if (result.status === 429) {
    const reset = Date.parse(result.headers.get('x-ratelimit-reset') ?? '');
    if (!Number.isNaN(reset)) failure.details.retryAfterMs = Math.max(1000, reset - Date.now());
  }
  return failure;
}

/** The error table's key of a refusal: 422's kinds by Mastodon's own message, else the status. */
function codeOf(status: number, said: string | null): string {
  if (status === 422 && said !== null) {
    if (/character limit/i.test(said)) return 'TEXT_TOO_LONG';
    if (/media/i.test(said) && /(processed|not ready|unprocessed)/i.test(said)) return 'MEDIA_NOT_READY';
    if (/(more than|up to) \d+ (images|attachments|media)|too many/i.test(said)) return 'MEDIA_COUNT';
  }
  return `HTTP ${status}`;
}

export function createMastodonAdapter(options: MastodonAdapterOptions): NetworkAdapter {
  const attempts = Math.max(1, options.statusPollAttempts ?? MASTODON.mediaReads);
  const intervalMs = Math.max(0, options.statusPollIntervalMs ?? MASTODON.mediaReadIntervalMs);
  const now = options.now ?? Date.now;
  const instances = new Map<string, { limits: MastodonInstanceLimits; readAt: number }>();
  const context = (target: PublishTarget): HttpContext => http.publishContext('mastodon', options, target);

  /** One call of the account (its bearer token); a non-2xx answer throws, classified. */
  const call = async (
    target: PublishTarget,
    method: 'GET' | 'POST',
    url: string,
    init: {
      headers?: Record<string, string>;
      body?: string | FormData;
      signal?: AbortSignal | undefined;
    } = {},
  ): Promise<HttpResult> => {
    const ctx = context(target);
    const result = await http.sendRequest(ctx, url, {
      method,
      headers: { Authorization: `Bearer ${target.accessToken}`, ...init.headers },
      ...(init.body === undefined ? {} : { body: init.body }),
      signal: init.signal,
    });
    if (result.status < 200 || result.status >= 300) throw classifyMastodonFailure(ctx, result);
    return result;
  };

  /** The instance's limits, read at most once an hour; null when it does not answer (it decides). */
  const limitsOf = async (host: string): Promise<MastodonInstanceLimits | null> => {
    const known = instances.get(host);
    if (known !== undefined && now() - known.readAt < MASTODON.instanceTtlMs) return known.limits;
    const callOptions: InstanceCallOptions = {
      fetch: options.fetch,
      timeoutMs: options.timeoutMs ?? http.DEFAULT_TIMEOUT_MS,
    };
    try {
      const { limits } = await readInstance(host, callOptions);
      instances.set(host, { limits, readAt: now() });
      return limits;
    } catch {
      return null;
    }
  };

  /** Refuses, before any upload, what the instance would refuse (its own limits, in pt-BR). */
  const checkInstanceLimits = (
    ctx: HttpContext,
    host: string,
    limits: MastodonInstanceLimits,
    text: string,
    images: readonly PublishMedia[],
  ): void => {
    const length = measureMastodonLength(text, limits.charactersReservedPerUrl);
    if (length > limits.maxCharacters) {
      throw http.publishError(
        ctx,
        'permanent',
        'CONTENT_TOO_LONG',
        `mastodon: text of ${length} characters exceeds ${host}'s ${limits.maxCharacters}`,
        {
          networkCode: 'TEXT_TOO_LONG',
          reason: `O texto tem ${length} caracteres e a instância ${host} aceita até ${limits.maxCharacters} (cada link conta ${limits.charactersReservedPerUrl}). Encurte o post e reagende.`,
        },
      );
    }
    if (images.length > limits.maxMediaAttachments) {
      throw http.publishError(
        ctx,
        'permanent',
        'REJECTED',
        `mastodon: ${images.length} images; ${host} takes ${limits.maxMediaAttachments}`,
        {
          networkCode: 'MEDIA_COUNT',
          reason: `A instância ${host} aceita até ${limits.maxMediaAttachments} imagens por post e este tem ${images.length}. Remova imagens e reagende.`,
        },
      );
    }
    const large = images.findIndex((image) => image.bytes.byteLength > limits.imageSizeLimit);
    if (large >= 0) {
      const mb = (limits.imageSizeLimit / (1024 * 1024)).toFixed(0);
      throw http.publishError(
        ctx,
        'permanent',
        'REJECTED',
        `mastodon: image ${large + 1} over ${host}'s size limit`,
        {
          networkCode: 'MEDIA_TOO_LARGE',
          reason: `A imagem ${large + 1} passa de ${mb} MB, o limite da instância ${host}. Troque a imagem e reagende.`,
        },
      );
    }
  };

  /** `POST /api/v2/media`, then `GET /api/v1/media/:id` until its `url` is set (202/206 meanwhile). */
  const upload = async (
    ctx: HttpContext,
    target: PublishTarget,
    base: string,
    image: PublishMedia,
    signal: AbortSignal | undefined,
  ): Promise<string> => {
    const form = new FormData();
    form.set('file', media.mediaBlob(image), `imagem.${image.mimeType.split('/')[1] ?? 'jpg'}`);
    const alt = media.altTextFor(image, MASTODON.altTextMax);
    if (alt !== '') form.set('description', alt);
    const created = await call(target, 'POST', `${base}/api/v2/media`, { body: form, signal });
    const id = http.stringField(created.json, 'id');
    if (id === null)
      throw http.publishError(
        ctx,
        'retryable',
        'NETWORK_UNAVAILABLE',
        'mastodon: media answer without an id',
      );
    if (created.status === 200 && http.stringField(created.json, 'url') !== null) return id;
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      try {
        // 150, 300, 600 ms … up to the interval: an image is usually processed within a second.
        await http.sleep(Math.min(intervalMs, MASTODON.firstReadMs * 2 ** (attempt - 1)), signal);
      } catch {
        throw http.publishError(
          ctx,
          'retryable',
          'NETWORK_UNAVAILABLE',
          'mastodon: aborted while the media was processing',
        );
      }
      const read = await call(target, 'GET', `${base}/api/v1/media/${encodeURIComponent(id)}`, {
        signal,
      });
      if (read.status === 200 && http.stringField(read.json, 'url') !== null) return id;
    }
    throw http.publishError(
      ctx,
      'retryable',
      'NETWORK_UNAVAILABLE',
      `mastodon: media ${id} still processing after ${attempts} reads; nothing was published`,
      { networkCode: 'MEDIA_NOT_READY' },
    );
  };

  /** `GET /api/v1/statuses/:id`: Mastodon shows no reach; boosts stand closest to it. */
  const metricsOf = async (target: PublishTarget, statusId: string): Promise<PostMetrics> => {
    const { host } = splitAccountKey(target.platformUserId);
    const url = `https://${host}/api/v1/statuses/${encodeURIComponent(statusId)}`;
    const { json } = await call(target, 'GET', url);
    const count = (name: string) => http.numberField(json, name);
    return {
      reach: count('reblogs_count'),
      likes: count('favourites_count'),
      comments: count('replies_count'),
    };
  };

  const adapter: NetworkAdapter = {
    platform: 'mastodon',
    ...mastodonFirstComment({ context, call }),
    async publish(request, callOptions = {}): Promise<PublishResult> {
      const ctx = context(request.target);
      const { signal } = callOptions;
      const images: readonly PublishMedia[] = request.media ?? [];
      const problem = media.checkMedia(ctx, MASTODON_MEDIA_LIMITS, images);
      if (problem !== null) throw problem;
      const { host } = splitAccountKey(request.target.platformUserId);
      if (host === '') {
        throw http.publishError(
          ctx,
          'permanent',
          'ACCOUNT_NEEDS_RECONNECT',
          'mastodon: the account has no instance',
        );
      }
      const base = `https://${host}`;
      const limits = await limitsOf(host);
      if (limits !== null) checkInstanceLimits(ctx, host, limits, request.text, images);
      const mediaIds = await media.mediaStep('mastodon', 'media upload', () =>
        media.mapLimitedMedia(images, MASTODON.uploadsAtOnce, (image) =>
          upload(ctx, request.target, base, image, signal),
        ),
      );
      if (images.length > 0) media.ensureTimeToSend(ctx, callOptions.deadline);
      await callOptions.beforeSend?.();
      const created = await call(request.target, 'POST', `${base}/api/v1/statuses`, {
        headers: {
          'Content-Type': 'application/json',
          ...(callOptions.idempotencyKey === undefined
            ? {}
            : { 'Idempotency-Key': callOptions.idempotencyKey }),
        },
        body: JSON.stringify({
          status: request.text,
          visibility: 'public',
          language: 'pt',
          ...(mediaIds.length === 0 ? {} : { media_ids: mediaIds }),
        }),
        signal,
      });
      const id = http.createdPostId(
        ctx,
        http.stringField(created.json, 'id'),
        created.status,
        `mastodon answered ${created.status} without a status id`,
      );
      return { platformPostId: id, url: http.stringField(created.json, 'url') };
    },
    fetchMetrics: (request) =>
      http.metricsByPost(request.platformPostIds, MASTODON.metricsAtOnce, (id) =>
        metricsOf(request.target, id),
      ),
    lookupRecentPost: (request, lookupOptions = {}) =>
      lookupSafely(() =>
        findRecentPost(request, {
          expected: request.text,
          fetchPage: (cursor) => listPage(request.target, cursor, lookupOptions.signal),
          // The listing is the status's HTML: a remote mention loses its domain there, so no match
          // is not proof that the status is absent.
          absenceProvable: false,
        }),
      ),
  };

  /** `GET /api/v1/accounts/:id/statuses` (newest first, `max_id` paging) as listed posts. */
  const listPage = async (
    target: PublishTarget,
    cursor: string | null,
    signal?: AbortSignal,
  ): Promise<ListedPage> => {
    const { accountId, host } = splitAccountKey(target.platformUserId);
    const query = new URLSearchParams({
      limit: String(MASTODON.statusesPage),
      exclude_replies: 'true',
      exclude_reblogs: 'true',
    });
    if (cursor !== null) query.set('max_id', cursor);
    const result = await call(
      target,
      'GET',
      `https://${host}/api/v1/accounts/${encodeURIComponent(accountId)}/statuses?${query}`,
      { signal },
    );
    const list = Array.isArray(result.json) ? result.json.filter(http.isObject) : [];
    const posts = list.flatMap((status) => listedStatus(status) ?? []);
    return { posts, next: list.length < MASTODON.statusesPage ? null : (posts.at(-1)?.id ?? null) };
  };

  return withErrorTable('mastodon', MASTODON_ERRORS, adapter);
}
