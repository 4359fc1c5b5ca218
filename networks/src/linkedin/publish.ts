// LinkedIn publishing: `POST /rest/posts`, versioned API, as an author the caller names: the
// member (urn:li:person:<sub>, platform linkedin) or a company Page the member administers
// (urn:li:organization:<id>, platform linkedin_page). One implementation for both: the author URN,
// the error table and the metrics reader are the only differences (`LinkedInAuthor`).
import { fitsPlatformLimit, type Platform } from '@pauta/core';
import { explainFailure, type NetworkErrorTable } from '../publishing/errors.js';
import {
  classifyHttpStatus,
  DEFAULT_TIMEOUT_MS,
  type HttpContext,
  type HttpResult,
  isObject,
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
import { checkVideoRequest, ensureTimeToSendVideo, videoPolling } from '../publishing/video-upload-steps.js';
import { LINKEDIN_ERRORS } from './errors.js';
import { linkedinFirstComment } from './first-comment.js';
import { escapeLittleText } from './little-text.js';
import { LINKEDIN_MEDIA_LIMITS } from './media.js';
import { readMemberMetrics } from './member-metrics.js';
import { LINKEDIN_VIDEO_LIMITS } from './video.js';
import { uploadLinkedInVideo } from './video-upload.js';

export const DEFAULT_LINKEDIN_VERSION = '202601';
const POSTS_URL = 'https://api.linkedin.com/rest/posts';
const IMAGES_URL = 'https://api.linkedin.com/rest/images';
/** LinkedIn's limit on an image's alt text. */
const ALT_TEXT_MAX = 4086;
/** Images uploaded at the same time. */
const UPLOAD_CONCURRENCY = 4;
/** Posts per page when looking up a post (LinkedIn's finder allows up to 100). */
const LOOKUP_PAGE = 50;

export function linkedinMessage(body: unknown): { message: string | null; code: string | undefined } {
  if (!isObject(body)) return { message: null, code: undefined };
  const code = stringField(body, 'code') ?? stringField(body, 'serviceErrorCode') ?? undefined;
  return { message: stringField(body, 'message'), code };
}

export function postUrl(urn: string): string {
  return `https://www.linkedin.com/feed/update/${urn}/`;
}

/** The versioned calls' plumbing an author's metrics reader shares with the publisher. */
export interface LinkedInApi {
  readonly options: AdapterOptions;
  context(target: PublishTarget): HttpContext;
  /** Bearer, LinkedIn-Version and X-Restli-Protocol-Version 2.0.0. */
  versioned(accessToken: string): Record<string, string>;
  /** A failed versioned call: the version sunset (426), else the common HTTP mapping. */
  failure(ctx: HttpContext, result: HttpResult): PublishError;
  sunset(ctx: HttpContext, result: HttpResult, message: string | null): PublishError;
}

/** Who a LinkedIn publisher posts as (the member, or an organisation it administers). */
export interface LinkedInAuthor {
  readonly platform: Platform;
  /** The author URN of the connected account (`platformUserId`): urn:li:person / urn:li:organization. */
  urn(platformUserId: string): string;
  /** What the owner reads per LinkedIn failure (docs/networks.md, "Error tables"). */
  readonly errors: NetworkErrorTable;
  /** The metrics of the author's posts (null per post LinkedIn does not know). */
  readMetrics(
    api: LinkedInApi,
    target: PublishTarget,
    ids: readonly string[],
  ): Promise<Map<string, PostMetrics | null>>;
}

/** The member's own profile: member post analytics, opt-in (LINKEDIN_POST_ANALYTICS). */
export const MEMBER_AUTHOR: LinkedInAuthor = {
  platform: 'linkedin',
  urn: (id) => `urn:li:person:${id}`,
  errors: LINKEDIN_ERRORS,
  readMetrics: readMemberMetrics,
};

/** The adapter's options; the video processing-status pacing (tests make it fast). */
export interface LinkedInAdapterOptions extends AdapterOptions {
  statusPollAttempts?: number;
  statusPollIntervalMs?: number;
}

/** LinkedIn's media title of a video post: up to 200 characters (Posts API, `content.media.title`). */
const VIDEO_TITLE_MAX = 200;

export function createLinkedInAdapter(
  options: LinkedInAdapterOptions,
  author: LinkedInAuthor = MEMBER_AUTHOR,
): NetworkAdapter {
  const { platform } = author;
  const polling = videoPolling(options);
  const version = options.linkedinVersion ?? DEFAULT_LINKEDIN_VERSION;
  const context = (target: PublishTarget): HttpContext => ({
    platform,
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
      `${platform} answered ${result.status} NONEXISTENT_VERSION: LinkedIn-Version ${version} is no longer active; set LINKEDIN_VERSION to a current YYYYMM version${message === null ? '' : ` (${message})`}`,
      { status: result.status, networkCode: 'NONEXISTENT_VERSION' },
    );

  /** A failed versioned call: the version sunset, else the common mapping. */
  function failure(ctx: HttpContext, result: HttpResult): PublishError {
    const { message, code } = linkedinMessage(result.json);
    if (result.status === 426 || code === 'NONEXISTENT_VERSION') return sunset(ctx, result, message);
    return classifyHttpStatus(ctx, result, message ?? (result.text.slice(0, 200) || null), code);
  }
  const api: LinkedInApi = { options, context, versioned, failure, sunset };

  return {
    platform,
    ...linkedinFirstComment(api, author),
    async publish(request, callOptions = {}): Promise<PublishResult> {
      try {
        return await publishPost(request, callOptions);
      } catch (error) {
        throw explainFailure(platform, author.errors, error);
      }
    },
    lookupRecentPost(request, lookupOptions = {}): Promise<LookupResult> {
      const ctx = context(request.target);
      const authorUrn = encodeURIComponent(author.urn(request.target.platformUserId));
      return lookupSafely(() =>
        findRecentPost(request, {
          // LinkedIn lists `commentary` as it was sent: little-text escaped.
          expected: escapeLittleText(request.text),
          fetchPage: async (cursor) => {
            const start = cursor === null ? 0 : Number(cursor);
            const result = await sendRequest(
              ctx,
              `${POSTS_URL}?author=${authorUrn}&q=author&count=${LOOKUP_PAGE}&start=${start}&sortBy=CREATED`,
              {
                method: 'GET',
                headers: { ...versioned(request.target.accessToken), 'X-RestLi-Method': 'FINDER' },
                signal: lookupOptions.signal,
              },
            );
            if (result.status < 200 || result.status >= 300)
              throw new Error(`${platform} answered ${result.status} to GET /rest/posts?q=author`);
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
      try {
        return await author.readMetrics(api, request.target, [...new Set(request.platformPostIds)]);
      } catch (error) {
        throw explainFailure(platform, author.errors, error);
      }
    },
  };

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
      body: JSON.stringify({ initializeUploadRequest: { owner: author.urn(target.platformUserId) } }),
      signal,
    });
    if (init.status < 200 || init.status >= 300) throw failure(ctx, init);
    const value = isObject(init.json) ? init.json.value : null;
    const uploadUrl = stringField(value, 'uploadUrl');
    const image = stringField(value, 'image');
    if (uploadUrl === null || image === null || !/^https:\/\//.test(uploadUrl)) {
      throw publishError(
        ctx,
        'retryable',
        'NETWORK_UNAVAILABLE',
        `${platform}: initializeUpload answered without uploadUrl/image`,
      );
    }
    const put = await sendRequest(ctx, uploadUrl, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${target.accessToken}`, 'Content-Type': 'application/octet-stream' },
      body: item.bytes,
      signal,
    });
    if (put.status < 200 || put.status >= 300) throw failure(ctx, put);
    return image;
  }

  async function publishPost(
    request: Parameters<NetworkAdapter['publish']>[0],
    callOptions: PublishCallOptions,
  ): Promise<PublishResult> {
    const ctx = context(request.target);
    if (!fitsPlatformLimit(platform, request.text)) {
      throw publishError(ctx, 'permanent', 'CONTENT_TOO_LONG', `${platform}: text exceeds 3000 characters`);
    }
    const media = request.media ?? [];
    const problem =
      checkVideoRequest(ctx, LINKEDIN_VIDEO_LIMITS.video, request) ??
      checkMedia(ctx, LINKEDIN_MEDIA_LIMITS, media);
    if (problem !== null) throw problem;
    if (request.video !== undefined) {
      // initializeUpload, parts, thumbnail, finalizeUpload, status: invisible until the post.
      const urn = await uploadLinkedInVideo({
        ctx,
        accessToken: request.target.accessToken,
        owner: author.urn(request.target.platformUserId),
        video: request.video,
        polling,
        signal: callOptions.signal,
        headers: versioned(request.target.accessToken),
        failure: (result) => failure(ctx, result),
      });
      ensureTimeToSendVideo(ctx, callOptions.deadline);
      await callOptions.beforeSend?.();
      const title = [...request.title.trim()].slice(0, VIDEO_TITLE_MAX).join('');
      return createPost(
        ctx,
        request,
        { content: { media: title === '' ? { id: urn } : { id: urn, title } } },
        callOptions,
      );
    }
    // Uploaded images are invisible until a post uses them: their failures are never doubtful.
    const images = await mapLimitedMedia(media, UPLOAD_CONCURRENCY, (item, index) =>
      mediaStep(platform, `image upload ${index + 1}`, async () => {
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
    return createPost(ctx, request, content, callOptions);
  }

  /** `POST /rest/posts`: the only call that creates a visible post (after beforeSend). */
  async function createPost(
    ctx: HttpContext,
    request: Parameters<NetworkAdapter['publish']>[0],
    content: { content?: unknown },
    callOptions: PublishCallOptions,
  ): Promise<PublishResult> {
    const body = {
      author: author.urn(request.target.platformUserId),
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
          `${platform} answered ${result.status} without an x-restli-id header`,
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
        `${platform} answered ${result.status}: ${message}`,
        {
          status: result.status,
          networkCode: 'DUPLICATE_POST',
        },
      );
    }
    throw classifyHttpStatus(ctx, result, message ?? (result.text.slice(0, 200) || null), code);
  }
}
