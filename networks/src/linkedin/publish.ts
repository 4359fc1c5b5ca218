// LinkedIn publishing: `POST /rest/posts` as the member (urn:li:person:<sub>), versioned API.
// Metrics: member posts' analytics (`GET /rest/memberCreatorPostAnalytics`, one call per metric)
// need r_member_postAnalytics, which only apps with the Community Management API product may
// request; they are read only when the installation turns them on (LINKEDIN_POST_ANALYTICS).
import { fitsPlatformLimit } from '@pauta/core';
import { explainFailure } from '../publishing/errors.js';
import {
  classifyHttpStatus,
  DEFAULT_TIMEOUT_MS,
  type HttpContext,
  type HttpResult,
  isObject,
  mapLimited,
  numberField,
  publishError,
  sendRequest,
  stringField,
} from '../publishing/http.js';
import { findRecentPost, lookupSafely } from '../publishing/lookup.js';
import { altTextFor, checkMedia, ensureTimeToSend, mapLimitedMedia, mediaStep } from '../publishing/media.js';
import type {
  AdapterOptions,
  LookupResult,
  NetworkAdapter,
  PostMetrics,
  PublishCallOptions,
  PublishError,
  PublishMedia,
  PublishResult,
  PublishTarget,
} from '../publishing/types.js';
import { LINKEDIN_ANALYTICS_SCOPE, LINKEDIN_ERRORS } from './errors.js';
import { escapeLittleText } from './little-text.js';
import { LINKEDIN_MEDIA_LIMITS } from './media.js';

export const DEFAULT_LINKEDIN_VERSION = '202601';
const POSTS_URL = 'https://api.linkedin.com/rest/posts';
const IMAGES_URL = 'https://api.linkedin.com/rest/images';
/** LinkedIn's limit on an image's alt text. */
const ALT_TEXT_MAX = 4086;
/** Images uploaded at the same time. */
const UPLOAD_CONCURRENCY = 4;
const ANALYTICS_URL = 'https://api.linkedin.com/rest/memberCreatorPostAnalytics';
/** Posts whose metrics are read at the same time (each post is three calls). */
const METRICS_CONCURRENCY = 2;
/** The metric types read for Pauta's reach / likes / comments. */
const METRIC_QUERIES = [
  ['reach', 'MEMBERS_REACHED'],
  ['likes', 'REACTION'],
  ['comments', 'COMMENT'],
] as const;
/** Posts per page when looking up a post (LinkedIn's finder allows up to 100). */
const LOOKUP_PAGE = 50;
const POST_URN = /^urn:li:(share|ugcPost):\d+$/;

/** `entity` of the finder, Rest.li 2.0: `(share:urn%3Ali%3Ashare%3A1)` / `(ugc:urn%3Ali%3AugcPost%3A1)`. */
export function analyticsEntity(urn: string): string | null {
  const match = POST_URN.exec(urn);
  if (match === null) return null;
  return `(${match[1] === 'ugcPost' ? 'ugc' : 'share'}:${encodeURIComponent(urn)})`;
}

function linkedinMessage(body: unknown): { message: string | null; code: string | undefined } {
  if (!isObject(body)) return { message: null, code: undefined };
  const code = stringField(body, 'code') ?? stringField(body, 'serviceErrorCode') ?? undefined;
  return { message: stringField(body, 'message'), code };
}

export function postUrl(urn: string): string {
  return `https://www.linkedin.com/feed/update/${urn}/`;
}

export function createLinkedInAdapter(options: AdapterOptions): NetworkAdapter {
  const version = options.linkedinVersion ?? DEFAULT_LINKEDIN_VERSION;
  const context = (target: PublishTarget): HttpContext => ({
    platform: 'linkedin',
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    secrets: [target.accessToken],
  });
  const versioned = (accessToken: string) => ({
    Authorization: `Bearer ${accessToken}`,
    'LinkedIn-Version': version,
    'X-Restli-Protocol-Version': '2.0.0',
  });

  const sunset = (ctx: HttpContext, result: HttpResult, message: string | null): PublishError =>
    publishError(
      ctx,
      'permanent',
      'REJECTED',
      `linkedin answered ${result.status} NONEXISTENT_VERSION: LinkedIn-Version ${version} is no longer active; set LINKEDIN_VERSION to a current YYYYMM version${message === null ? '' : ` (${message})`}`,
      { status: result.status, networkCode: 'NONEXISTENT_VERSION' },
    );

  /** One metric of one post; null when LinkedIn has no such post (deleted, not the member's). */
  const readMetric = async (
    target: PublishTarget,
    entity: string,
    queryType: string,
  ): Promise<number | null> => {
    const ctx = context(target);
    const query = `q=entity&entity=${entity}&queryType=${queryType}&aggregation=TOTAL`;
    const result = await sendRequest(ctx, `${ANALYTICS_URL}?${query}`, {
      method: 'GET',
      headers: versioned(target.accessToken),
    });
    if (result.status === 404) return null;
    if (result.status < 200 || result.status >= 300) {
      const { message, code } = linkedinMessage(result.json);
      if (result.status === 426 || code === 'NONEXISTENT_VERSION') throw sunset(ctx, result, message);
      if (result.status === 403) {
        // Without the scope every call is refused: a clear classification, not "no metrics".
        throw publishError(
          ctx,
          'permanent',
          'ACCOUNT_NEEDS_RECONNECT',
          `linkedin answered 403 on memberCreatorPostAnalytics (${code ?? 'no code'}): the token lacks ${LINKEDIN_ANALYTICS_SCOPE}${message === null ? '' : ` (${message})`}`,
          { status: 403, networkCode: 'SCOPE_MISSING_ANALYTICS' },
        );
      }
      throw classifyHttpStatus(ctx, result, message ?? (result.text.slice(0, 200) || null), code);
    }
    const elements = isObject(result.json) && Array.isArray(result.json.elements) ? result.json.elements : [];
    // TOTAL aggregation: one element; none when LinkedIn has nothing to report yet (a real 0).
    if (elements.length === 0) return 0;
    return numberField(elements[0], 'count');
  };

  const metricsOf = async (target: PublishTarget, urn: string): Promise<PostMetrics | null> => {
    const entity = analyticsEntity(urn);
    if (entity === null) return null;
    const values: PostMetrics = { reach: null, likes: null, comments: null };
    for (const [field, queryType] of METRIC_QUERIES) {
      const value = await readMetric(target, entity, queryType);
      if (value === null) return null;
      values[field] = value;
    }
    return values;
  };

  return {
    platform: 'linkedin',
    async publish(request, callOptions = {}): Promise<PublishResult> {
      try {
        return await publishPost(request, callOptions);
      } catch (error) {
        throw explainFailure('linkedin', LINKEDIN_ERRORS, error);
      }
    },
    lookupRecentPost(request, lookupOptions = {}): Promise<LookupResult> {
      const ctx = context(request.target);
      const author = encodeURIComponent(`urn:li:person:${request.target.platformUserId}`);
      return lookupSafely(() =>
        findRecentPost(request, {
          // LinkedIn lists `commentary` as it was sent: little-text escaped.
          expected: escapeLittleText(request.text),
          fetchPage: async (cursor) => {
            const start = cursor === null ? 0 : Number(cursor);
            const result = await sendRequest(
              ctx,
              `${POSTS_URL}?author=${author}&q=author&count=${LOOKUP_PAGE}&start=${start}&sortBy=CREATED`,
              {
                method: 'GET',
                headers: { ...versioned(request.target.accessToken), 'X-RestLi-Method': 'FINDER' },
                signal: lookupOptions.signal,
              },
            );
            if (result.status < 200 || result.status >= 300)
              throw new Error(`linkedin answered ${result.status} to GET /rest/posts?q=author`);
            const elements =
              isObject(result.json) && Array.isArray(result.json.elements) ? result.json.elements : [];
            return {
              posts: elements.flatMap((element) => {
                const id = stringField(element, 'id');
                if (id === null) return [];
                const createdAt = numberField(element, 'createdAt') ?? numberField(element, 'publishedAt');
                return [
                  {
                    id,
                    text: stringField(element, 'commentary'),
                    createdAt: createdAt === null ? null : new Date(createdAt),
                    url: postUrl(id),
                  },
                ];
              }),
              next: elements.length < LOOKUP_PAGE ? null : String(start + elements.length),
            };
          },
        }),
      );
    },
    async fetchMetrics(request): Promise<Map<string, PostMetrics | null>> {
      // Off: LinkedIn would refuse the scope to an app without the product; nothing to ask.
      if (options.postAnalytics !== true) return new Map();
      const ids = [...new Set(request.platformPostIds)];
      try {
        const values = await mapLimited(ids, METRICS_CONCURRENCY, (id) => metricsOf(request.target, id));
        return new Map(ids.map((id, index) => [id, values[index] ?? null]));
      } catch (error) {
        throw explainFailure('linkedin', LINKEDIN_ERRORS, error);
      }
    },
  };

  /** A failed step of the Images API: the version sunset, else the common mapping. */
  function imagesFailure(ctx: HttpContext, result: HttpResult): PublishError {
    const { message, code } = linkedinMessage(result.json);
    if (result.status === 426 || code === 'NONEXISTENT_VERSION') return sunset(ctx, result, message);
    return classifyHttpStatus(ctx, result, message ?? (result.text.slice(0, 200) || null), code);
  }

  /** Images API: initializeUpload, then PUT the bytes to the upload URL; the image URN. */
  async function uploadImage(
    ctx: HttpContext,
    target: PublishTarget,
    item: PublishMedia,
    signal: AbortSignal | undefined,
  ): Promise<string> {
    const init = await sendRequest(ctx, `${IMAGES_URL}?action=initializeUpload`, {
      method: 'POST',
      headers: { ...versioned(target.accessToken), 'Content-Type': 'application/json' },
      body: JSON.stringify({ initializeUploadRequest: { owner: `urn:li:person:${target.platformUserId}` } }),
      signal,
    });
    if (init.status < 200 || init.status >= 300) throw imagesFailure(ctx, init);
    const value = isObject(init.json) ? init.json.value : null;
    const uploadUrl = stringField(value, 'uploadUrl');
    const image = stringField(value, 'image');
    if (uploadUrl === null || image === null || !/^https:\/\//.test(uploadUrl)) {
      throw publishError(
        ctx,
        'retryable',
        'NETWORK_UNAVAILABLE',
        'linkedin: initializeUpload answered without uploadUrl/image',
      );
    }
    const put = await sendRequest(ctx, uploadUrl, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${target.accessToken}`, 'Content-Type': 'application/octet-stream' },
      body: item.bytes,
      signal,
    });
    if (put.status < 200 || put.status >= 300) throw imagesFailure(ctx, put);
    return image;
  }

  async function publishPost(
    request: Parameters<NetworkAdapter['publish']>[0],
    callOptions: PublishCallOptions,
  ): Promise<PublishResult> {
    const ctx = context(request.target);
    if (!fitsPlatformLimit('linkedin', request.text)) {
      throw publishError(ctx, 'permanent', 'CONTENT_TOO_LONG', 'linkedin: text exceeds 3000 characters');
    }
    const media = request.media ?? [];
    const problem = checkMedia(ctx, LINKEDIN_MEDIA_LIMITS, media);
    if (problem !== null) throw problem;
    // Uploaded images are invisible until a post uses them: their failures are never doubtful.
    const images = await mapLimitedMedia(media, UPLOAD_CONCURRENCY, (item, index) =>
      mediaStep('linkedin', `image upload ${index + 1}`, async () => {
        const id = await uploadImage(ctx, request.target, item, callOptions.signal);
        const altText = altTextFor(item, ALT_TEXT_MAX);
        return altText === '' ? { id } : { id, altText };
      }),
    );
    if (images.length > 0) ensureTimeToSend(ctx, callOptions.deadline);
    await callOptions.beforeSend?.();
    const content =
      images.length === 0
        ? {}
        : images.length === 1
          ? { content: { media: images[0] } }
          : { content: { multiImage: { images } } };
    const body = {
      author: `urn:li:person:${request.target.platformUserId}`,
      commentary: escapeLittleText(request.text),
      visibility: 'PUBLIC',
      distribution: {
        feedDistribution: 'MAIN_FEED',
        targetEntities: [],
        thirdPartyDistributionChannels: [],
      },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
      ...content,
    };
    const result = await sendRequest(ctx, POSTS_URL, {
      method: 'POST',
      headers: { ...versioned(request.target.accessToken), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: callOptions.signal,
    });
    if (result.status >= 200 && result.status < 300) {
      const urn = result.headers.get('x-restli-id') ?? result.headers.get('x-linkedin-id');
      if (urn === null || urn === '') {
        // The post was most likely created; without its id we cannot tell which one.
        throw publishError(
          ctx,
          'unknown',
          'UNKNOWN_OUTCOME',
          `linkedin answered ${result.status} without an x-restli-id header`,
          { status: result.status },
        );
      }
      return { platformPostId: urn, url: postUrl(urn) };
    }
    const { message, code } = linkedinMessage(result.json);
    if (result.status === 426 || code === 'NONEXISTENT_VERSION') throw sunset(ctx, result, message);
    if ((result.status === 422 || result.status === 409) && /duplicate/i.test(message ?? '')) {
      throw publishError(
        ctx,
        'permanent',
        'DUPLICATE_CONTENT',
        `linkedin answered ${result.status}: ${message}`,
        {
          status: result.status,
          networkCode: 'DUPLICATE_POST',
        },
      );
    }
    throw classifyHttpStatus(ctx, result, message ?? (result.text.slice(0, 200) || null), code);
  }
}
