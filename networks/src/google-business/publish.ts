// Google Business Profile: a post (a Novidade, an Evento or an Oferta: the post's options) is one call,
// `POST https://mybusiness.googleapis.com/v4/accounts/{accountId}/locations/{locationId}/localPosts`
// with `languageCode: 'pt-BR'`, `summary` (≤ 1,500 characters), the post's one photo as
// `media: [{ mediaFormat: 'PHOTO', sourceUrl }]` (Google downloads the signed URL; it takes no alt
// text), the type's `event`/`offer` and the chosen button or, when none and the text has a link, a
// "Saiba mais" button (`callToAction: { actionType: 'LEARN_MORE', url }`): localPostBody. The
// answer is the LocalPost: its `name` is the post's id, `searchUrl` its page on Search. The outcome of a doubtful send is looked up in `GET …/localPosts` (newest first,
// matched by summary). Metrics: the localPosts insights (reportInsights) are deprecated and
// nothing replaces them per post, so none are read (docs/networks.md).
// https://developers.google.com/my-business/reference/rest/v4/accounts.locations.localPosts
import { PLATFORM_TEXT_LIMITS } from '@pauta/core';
import { validatePostOptions } from '../browser.js';
import { withErrorTable } from '../publishing/errors.js';
import type { HttpContext, HttpResult } from '../publishing/http.js';
import * as http from '../publishing/http.js';
import { findRecentPost, type ListedPage, lookupSafely } from '../publishing/lookup.js';
import * as media from '../publishing/media.js';
import type {
  AdapterOptions,
  NetworkAdapter,
  PostOptionValues,
  PublishError,
  PublishMedia,
  PublishRequest,
  PublishResult,
  PublishTarget,
} from '../publishing/types.js';
import { GOOGLE_BUSINESS_ERRORS } from './errors.js';
import { GOOGLE_BUSINESS_MEDIA_LIMITS, GOOGLE_BUSINESS_MIN_SIDE } from './media.js';

const API = 'https://mybusiness.googleapis.com/v4';
/** localPosts.list's largest page. */
const LIST_PAGE = 100;
const LOCATION_ID = /^accounts\/[^/]+\/locations\/[^/]+$/;
const FIRST_LINK = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]]/;

/** Google's `{ error: { status, message } }`: the status is the error table's key. */
function classifyGoogleFailure(ctx: HttpContext, result: HttpResult): PublishError {
  const error = http.isObject(result.json) ? result.json.error : null;
  const status = http.stringField(error, 'status');
  return http.classifyHttpStatus(
    ctx,
    result,
    http.stringField(error, 'message'),
    status ?? `HTTP ${result.status}`,
  );
}

/** '2026-12-24T18:30' (a validated option) as a schedule's Date and TimeOfDay. */
function dateAndTime(value: string | boolean | null | undefined) {
  const [date = '', time = ''] = String(value ?? '').split('T');
  const [year, month, day] = date.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  return { date: { year, month, day }, time: { hours, minutes, seconds: 0, nanos: 0 } };
}

function schedule(start: PostOptionValues[string] | undefined, end: PostOptionValues[string] | undefined) {
  const from = dateAndTime(start);
  const to = dateAndTime(end);
  return { startDate: from.date, startTime: from.time, endDate: to.date, endTime: to.time };
}

const given = (value: PostOptionValues[string] | undefined): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * The LocalPost Pauta sends for a post, from its options (the profile's GOOGLE_BUSINESS_POST_OPTIONS,
 * validated when saved and again before the call): a Novidade (STANDARD), an Evento (EVENT: `event`
 * with title and schedule) or an Oferta (OFFER: `event` and `offer`, no button: Google ignores it).
 * The chosen button goes as `callToAction` (CALL without url); without one, the text's first link
 * becomes "Saiba mais".
 */
export function localPostBody(
  summary: string,
  photo: PublishMedia | undefined,
  options: PostOptionValues = {},
): Record<string, unknown> {
  const topicType = given(options.postType) ?? 'STANDARD';
  const link = FIRST_LINK.exec(summary)?.[0];
  const button = given(options.buttonType);
  const callToAction =
    topicType === 'OFFER'
      ? undefined
      : button !== undefined
        ? { actionType: button, ...(button === 'CALL' ? {} : { url: given(options.buttonUrl) }) }
        : link === undefined
          ? undefined
          : { actionType: 'LEARN_MORE', url: link };
  const event =
    topicType === 'EVENT'
      ? { title: options.eventTitle, schedule: schedule(options.eventStart, options.eventEnd) }
      : topicType === 'OFFER'
        ? { title: options.offerTitle, schedule: schedule(options.offerStart, options.offerEnd) }
        : undefined;
  const offer =
    topicType === 'OFFER'
      ? Object.fromEntries(
          Object.entries({
            couponCode: given(options.couponCode),
            redeemOnlineUrl: given(options.redeemUrl),
            termsConditions: given(options.terms),
          }).filter(([, value]) => value !== undefined),
        )
      : undefined;
  return {
    languageCode: 'pt-BR',
    summary,
    topicType,
    ...(event === undefined ? {} : { event }),
    ...(offer === undefined ? {} : { offer }),
    ...(callToAction === undefined ? {} : { callToAction }),
    ...(photo === undefined ? {} : { media: [{ mediaFormat: 'PHOTO', sourceUrl: photo.url }] }),
  };
}

export function createGoogleBusinessAdapter(options: AdapterOptions): NetworkAdapter {
  const context = (target: PublishTarget): HttpContext =>
    http.publishContext('google_business', options, target);

  const call = async (
    target: PublishTarget,
    method: 'GET' | 'POST',
    url: string,
    init: { body?: string; signal?: AbortSignal | undefined } = {},
  ): Promise<HttpResult> => {
    const ctx = context(target);
    const result = await http.sendRequest(ctx, url, {
      method,
      headers: {
        Authorization: `Bearer ${target.accessToken}`,
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: init.body }),
      signal: init.signal,
    });
    if (result.status < 200 || result.status >= 300) throw classifyGoogleFailure(ctx, result);
    return result;
  };

  /** What Google would refuse, refused before the call (pt-BR reasons). */
  const check = (ctx: HttpContext, request: PublishRequest, images: readonly PublishMedia[]): void => {
    if (!LOCATION_ID.test(request.target.platformUserId))
      throw http.publishError(
        ctx,
        'permanent',
        'ACCOUNT_NEEDS_RECONNECT',
        'google_business: the account names no location',
      );
    const length = [...request.text].length;
    const limit = PLATFORM_TEXT_LIMITS.google_business;
    if (length > limit)
      throw http.publishError(
        ctx,
        'permanent',
        'CONTENT_TOO_LONG',
        `google_business: summary of ${length} characters`,
        {
          networkCode: 'INVALID_ARGUMENT',
          reason: `O texto tem ${length} caracteres e o Perfil da Empresa no Google aceita até ${limit}. Encurte o post e reagende.`,
        },
      );
    // The options were checked when the post was saved; a post scheduled before (or by the AI)
    // is checked here, so Google never gets an event without its dates.
    const options = validatePostOptions('google_business', { hasVideo: false, values: request.options });
    if (!options.ok)
      throw http.publishError(ctx, 'permanent', 'REJECTED', 'google_business: post options refused', {
        networkCode: 'INVALID_ARGUMENT',
        reason: `${options.issues[0]!.message} Depois reagende o post.`,
      });
    const problem = media.checkMedia(ctx, GOOGLE_BUSINESS_MEDIA_LIMITS, images);
    if (problem !== null) throw problem;
    const photo = images[0];
    if (photo !== undefined && photo.height < GOOGLE_BUSINESS_MIN_SIDE)
      throw http.publishError(ctx, 'permanent', 'REJECTED', 'google_business: photo below 250 px high', {
        networkCode: 'INVALID_ARGUMENT',
        reason:
          'A foto é pequena demais para o Google (pelo menos 250 × 250 px). Troque a imagem e reagende.',
      });
  };

  const listPage = async (
    target: PublishTarget,
    cursor: string | null,
    signal?: AbortSignal,
  ): Promise<ListedPage> => {
    const query = new URLSearchParams({ pageSize: String(LIST_PAGE) });
    if (cursor !== null) query.set('pageToken', cursor);
    const result = await call(target, 'GET', `${API}/${target.platformUserId}/localPosts?${query}`, {
      signal,
    });
    const body = http.isObject(result.json) ? result.json : {};
    const list = Array.isArray(body.localPosts) ? body.localPosts.filter(http.isObject) : [];
    const posts = list.flatMap((post) => {
      const id = http.stringField(post, 'name');
      if (id === null) return [];
      const at = Date.parse(http.stringField(post, 'createTime') ?? '');
      return [
        {
          id,
          text: http.stringField(post, 'summary'),
          createdAt: Number.isNaN(at) ? null : new Date(at),
          url: http.stringField(post, 'searchUrl'),
        },
      ];
    });
    const next = http.stringField(body, 'nextPageToken');
    return { posts, next: next === null || next === '' ? null : next };
  };

  const adapter: NetworkAdapter = {
    platform: 'google_business',
    async publish(request, callOptions = {}): Promise<PublishResult> {
      const ctx = context(request.target);
      const images: readonly PublishMedia[] = request.media ?? [];
      check(ctx, request, images);
      if (images.length > 0) media.ensureTimeToSend(ctx, callOptions.deadline);
      await callOptions.beforeSend?.();
      const created = await call(
        request.target,
        'POST',
        `${API}/${request.target.platformUserId}/localPosts`,
        {
          body: JSON.stringify(localPostBody(request.text, images[0], request.options)),
          signal: callOptions.signal,
        },
      );
      const id = http.createdPostId(
        ctx,
        http.stringField(created.json, 'name'),
        created.status,
        `google_business answered ${created.status} without a post name`,
      );
      return { platformPostId: id, url: http.stringField(created.json, 'searchUrl') };
    },
    // No per-post insights exist any more (localPosts:reportInsights is deprecated): none is read,
    // so every post shows "indisponível" (capabilities.metrics false).
    fetchMetrics: async () => new Map(),
    lookupRecentPost: (request, lookupOptions = {}) =>
      lookupSafely(() =>
        findRecentPost(request, {
          expected: request.text,
          fetchPage: (cursor) => listPage(request.target, cursor, lookupOptions.signal),
        }),
      ),
  };

  return withErrorTable('google_business', GOOGLE_BUSINESS_ERRORS, adapter);
}
