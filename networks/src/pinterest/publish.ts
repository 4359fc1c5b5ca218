// Pinterest: a post is one pin, `POST /v5/pins` on the board the person picked, with `title`
// (≤ 100: the post's title, else its text's first line), `description` (≤ 800: the post's text),
// `link` (the text's first link), `alt_text` (≤ 500) and the image(s) Pinterest downloads itself
// from the signed media URLs (`media_source`: `image_url`, or `multiple_image_urls` for a 2–5
// image carousel). A pin needs an image. The one call creates the pin, so a doubtful outcome is
// resolved by listing the board's pins (`GET /v5/boards/{board_id}/pins`, newest first) before
// anything is sent again (docs/publishing.md, "Asking the network").
// https://developers.pinterest.com/docs/api/v5/pins-create/
import { fitsPlatformLimit, PLATFORM_TEXT_LIMITS } from '@pauta/core';
import { withErrorTable } from '../publishing/errors.js';
import {
  classifyHttpStatus,
  createdPostId,
  type HttpContext,
  type HttpResult,
  isObject,
  metricsByPost,
  numberField,
  publishContext,
  publishError,
  sendRequest,
  stringField,
} from '../publishing/http.js';
import { findRecentPost, type ListedPage, lookupSafely } from '../publishing/lookup.js';
import { altTextFor, checkMedia } from '../publishing/media.js';
import type {
  AdapterOptions,
  NetworkAdapter,
  PostMetrics,
  PublishError,
  PublishMedia,
  PublishResult,
  PublishTarget,
} from '../publishing/types.js';
import { linkAttachment } from '../threads/publish.js';
import { PINTEREST_API } from './api.js';
import { PINTEREST_ERRORS } from './errors.js';
import { PINTEREST_MEDIA_LIMITS } from './media.js';

/** A pin's title, and its image's alternative text (Pinterest's field limits). */
export const PIN_TITLE_MAX = 100;
export const PIN_ALT_TEXT_MAX = 500;
const METRICS_CONCURRENCY = 4;
/** Pin analytics reach back at most 90 days. */
const ANALYTICS_DAYS = 90;
const LOOKUP_PAGE_SIZE = '25';

/** The pin's title: the post's title when it has one, else the text's first line; cut at 100. */
export function pinTitle(title: string, text: string): string {
  const source =
    title.trim() !== '' ? title.trim() : (text.split('\n').find((line) => line.trim() !== '') ?? '');
  return [...source.trim()].slice(0, PIN_TITLE_MAX).join('');
}

/** What POST /v5/pins receives for this post on this board. */
export function pinBody(
  boardId: string,
  request: { title: string; text: string },
  images: readonly Pick<PublishMedia, 'url' | 'altText'>[],
): Record<string, unknown> {
  const link = linkAttachment(request.text);
  const alt = images[0] === undefined ? '' : altTextFor(images[0], PIN_ALT_TEXT_MAX);
  const mediaSource =
    images.length === 1
      ? { source_type: 'image_url', url: images[0]!.url }
      : { source_type: 'multiple_image_urls', items: images.map((image) => ({ url: image.url })), index: 0 };
  return {
    board_id: boardId,
    title: pinTitle(request.title, request.text),
    description: request.text,
    ...(link === null ? {} : { link }),
    ...(alt === '' ? {} : { alt_text: alt }),
    media_source: mediaSource,
  };
}

/** A Pinterest error answer (`{ code, message }`) as a PublishError on the common mapping. */
function classifyPinterestFailure(ctx: HttpContext, result: HttpResult): PublishError {
  const message = stringField(result.json, 'message');
  const code = numberField(result.json, 'code');
  // A 400 about the image: Pinterest could not download it from the signed URL.
  const networkCode =
    result.status === 400 && message !== null && /image|fetch|download/i.test(message)
      ? 'IMAGE_FETCH'
      : code === null
        ? undefined
        : String(code);
  return classifyHttpStatus(ctx, result, message, networkCode);
}

/** Pinterest's `created_at` (`2026-11-27T12:00:00`, UTC without an offset) as a Date. */
function pinTime(value: string | null): Date | null {
  if (value === null) return null;
  const date = new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pinUrl = (id: string) => `https://www.pinterest.com/pin/${encodeURIComponent(id)}/`;

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The metrics of one pin: its summary over the window (IMPRESSION → reach, SAVE → likes). */
function readPinMetrics(body: unknown): PostMetrics {
  const all = isObject(body) && isObject(body.all) ? body.all : {};
  const summary = isObject(all.summary_metrics)
    ? all.summary_metrics
    : isObject(all.lifetime_metrics)
      ? all.lifetime_metrics
      : {};
  return {
    reach: numberField(summary, 'IMPRESSION'),
    likes: numberField(summary, 'SAVE'),
    // Pinterest's pin analytics carry no comment count.
    comments: null,
  };
}

export function createPinterestAdapter(options: AdapterOptions & { now?: () => number }): NetworkAdapter {
  const now = options.now ?? Date.now;
  const context = (target: PublishTarget) => publishContext('pinterest', options, target);

  const call = async (
    ctx: HttpContext,
    target: PublishTarget,
    method: 'GET' | 'POST',
    path: string,
    body?: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<HttpResult> => {
    const result = await sendRequest(ctx, `${PINTEREST_API}/${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${target.accessToken}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal,
    });
    if (result.status < 200 || result.status >= 300) throw classifyPinterestFailure(ctx, result);
    return result;
  };

  const adapter: NetworkAdapter = {
    platform: 'pinterest',
    async publish(request, callOptions = {}): Promise<PublishResult> {
      const ctx = context(request.target);
      const images: readonly PublishMedia[] = request.media ?? [];
      if (images.length === 0) {
        throw publishError(
          ctx,
          'permanent',
          'MEDIA_REQUIRED',
          'pinterest: a pin needs an image; none was given',
        );
      }
      const problem = checkMedia(ctx, PINTEREST_MEDIA_LIMITS, images);
      if (problem !== null) throw problem;
      if (!fitsPlatformLimit('pinterest', request.text)) {
        throw publishError(
          ctx,
          'permanent',
          'CONTENT_TOO_LONG',
          `pinterest: description exceeds ${PLATFORM_TEXT_LIMITS.pinterest} characters`,
        );
      }
      await callOptions.beforeSend?.();
      const created = await call(
        ctx,
        request.target,
        'POST',
        'pins',
        pinBody(request.target.platformUserId, request, images),
        callOptions.signal,
      );
      const id = createdPostId(
        ctx,
        stringField(created.json, 'id'),
        created.status,
        `pinterest answered ${created.status} to POST /pins without a pin id`,
      );
      return { platformPostId: id, url: pinUrl(id) };
    },
    lookupRecentPost: (request, lookupOptions = {}) => {
      const ctx = context(request.target);
      const board = encodeURIComponent(request.target.platformUserId);
      return lookupSafely(() =>
        findRecentPost(request, {
          expected: request.text,
          fetchPage: async (cursor): Promise<ListedPage> => {
            const query = new URLSearchParams({ page_size: LOOKUP_PAGE_SIZE });
            if (cursor !== null) query.set('bookmark', cursor);
            const result = await call(
              ctx,
              request.target,
              'GET',
              `boards/${board}/pins?${query}`,
              undefined,
              lookupOptions.signal,
            );
            const items = isObject(result.json) && Array.isArray(result.json.items) ? result.json.items : [];
            const next = stringField(result.json, 'bookmark');
            return {
              posts: items.flatMap((item) => {
                const id = stringField(item, 'id');
                if (id === null) return [];
                return [
                  {
                    id,
                    text: stringField(item, 'description'),
                    createdAt: pinTime(stringField(item, 'created_at')),
                    url: pinUrl(id),
                  },
                ];
              }),
              next: next === null || next === '' ? null : next,
            };
          },
        }),
      );
    },
    fetchMetrics(request) {
      const end = new Date(now());
      const start = new Date(end.getTime() - (ANALYTICS_DAYS - 1) * 86_400_000);
      const query = new URLSearchParams({
        start_date: isoDay(start),
        end_date: isoDay(end),
        metric_types: 'IMPRESSION,SAVE,PIN_CLICK,OUTBOUND_CLICK',
      });
      const ctx = context(request.target);
      // A pin of a personal (non-business) account has no analytics: 403, shown as "indisponível".
      return metricsByPost(request.platformPostIds, METRICS_CONCURRENCY, async (id) =>
        readPinMetrics(
          (await call(ctx, request.target, 'GET', `pins/${encodeURIComponent(id)}/analytics?${query}`)).json,
        ),
      );
    },
  };
  return withErrorTable('pinterest', PINTEREST_ERRORS, adapter);
}
