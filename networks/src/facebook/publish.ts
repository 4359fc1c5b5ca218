// Facebook Pages publishing: `POST /<page-id>/feed` with the Page token (a video: a Reel or a
// Page video, video-publish.ts), metrics from the post's like/comment summaries plus the
// post_total_media_view_unique insight (reach; a video's from its video_insights).
import { fitsPlatformLimit } from '@pauta/core';
import {
  classifyGraphFailure,
  DEFAULT_GRAPH_VERSION,
  graphBase,
  insightValue,
  mapLimited,
  proofParams,
} from '../meta/graph.js';
import { withErrorTable } from '../publishing/errors.js';
import {
  createdPostId,
  DEFAULT_TIMEOUT_MS,
  type HttpContext,
  isObject,
  numberField,
  publishError,
  requiredStepId,
  sendRequest,
  stringField,
} from '../publishing/http.js';
import { findRecentPost, graphPage, LOOKUP_SLACK_MS, lookupSafely } from '../publishing/lookup.js';
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
  NetworkAdapter,
  PostMetrics,
  PublishResult,
  PublishTarget,
} from '../publishing/types.js';
import { PublishError } from '../publishing/types.js';
import { FACEBOOK_ERRORS } from './errors.js';
import { facebookFirstComment } from './first-comment.js';
import { FACEBOOK_MEDIA_LIMITS } from './media.js';
import { DEFAULT_REEL_CHUNK_BYTES, publishFacebookVideo } from './video-publish.js';

export interface FacebookAdapterOptions extends AdapterOptions {
  /** The size of each piece of a Reel sent to rupload (default 8 MB; tests use less). */
  reelChunkBytes?: number;
}

/** Photos uploaded at the same time. */
const UPLOAD_CONCURRENCY = 4;
const ALT_TEXT_MAX = 1000;

/** How many posts' metrics are fetched at the same time. */
const METRICS_CONCURRENCY = 4;

function summaryCount(body: unknown, edge: string): number | null {
  if (!isObject(body)) return null;
  const value = body[edge];
  // An edge with nothing in it may be omitted entirely: that is a real 0.
  if (value === undefined) return 0;
  return isObject(value) ? numberField(value.summary, 'total_count') : null;
}

export function createFacebookAdapter(options: FacebookAdapterOptions): NetworkAdapter {
  const graph = graphBase(options.graphVersion);
  const graphVideo = graph.replace('https://graph.facebook.com/', 'https://graph-video.facebook.com/');
  const reelChunkBytes = Math.max(1, options.reelChunkBytes ?? DEFAULT_REEL_CHUNK_BYTES);
  const context = (target: PublishTarget): HttpContext => ({
    platform: 'facebook',
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    secrets: [target.accessToken],
  });
  const proof = (token: string) => proofParams(token, options.facebookAppSecret);

  const getJson = async (
    ctx: HttpContext,
    target: PublishTarget,
    path: string,
    query: Record<string, string>,
  ) => {
    const search = new URLSearchParams({ ...query, ...proof(target.accessToken) });
    const result = await sendRequest(ctx, `${graph}/${path}?${search}`, {
      method: 'GET',
      headers: { Authorization: `Bearer ${target.accessToken}` },
    });
    if (result.status < 200 || result.status >= 300) throw classifyGraphFailure(ctx, result);
    return result.json;
  };

  const metricsOf = async (target: PublishTarget, postId: string): Promise<PostMetrics | null> => {
    const ctx = context(target);
    // A feed post's id is `<page>_<post>`; a video's (Reel or Page video) is the bare video id.
    const isVideo = !postId.includes('_');
    let post: unknown;
    try {
      post = await getJson(ctx, target, encodeURIComponent(postId), {
        fields: isVideo
          ? 'likes.summary(true),comments.summary(true)'
          : 'likes.summary(true),comments.summary(true),shares',
      });
    } catch (error) {
      // A deleted or unreadable post has no metrics; anything else (token, limits) stops the sync.
      if (error instanceof PublishError && error.kind === 'permanent' && error.code === 'REJECTED')
        return null;
      throw error;
    }
    let reach: number | null = null;
    try {
      if (isVideo) {
        // Video Insights: a Page video's reach is total_video_impressions_unique, a Reel's
        // post_impressions_unique; Graph answers the one that applies.
        const insights = await getJson(ctx, target, `${encodeURIComponent(postId)}/video_insights`, {
          metric: 'total_video_impressions_unique,post_impressions_unique',
        });
        reach =
          insightValue(insights, 'total_video_impressions_unique') ??
          insightValue(insights, 'post_impressions_unique');
      } else {
        const insights = await getJson(ctx, target, `${encodeURIComponent(postId)}/insights`, {
          metric: 'post_total_media_view_unique',
        });
        reach = insightValue(insights, 'post_total_media_view_unique');
      }
    } catch {
      // Insights need read_insights and fail for young or small Pages: reach is then unavailable.
      reach = null;
    }
    return { reach, likes: summaryCount(post, 'likes'), comments: summaryCount(post, 'comments') };
  };

  const adapter: NetworkAdapter = {
    platform: 'facebook',
    async publish(request, callOptions = {}): Promise<PublishResult> {
      const ctx = context(request.target);
      // The Page post limit holds for a video's description as for a post's text.
      if (!fitsPlatformLimit('facebook', request.text)) {
        throw publishError(
          ctx,
          'permanent',
          'CONTENT_TOO_LONG',
          'facebook: text exceeds the Page post limit',
        );
      }
      if (request.video !== undefined) {
        return publishFacebookVideo(
          {
            ctx,
            graph,
            graphVideo,
            version: options.graphVersion ?? DEFAULT_GRAPH_VERSION,
            proof: proof(request.target.accessToken),
            reelChunkBytes,
          },
          request,
          request.video,
          callOptions,
        );
      }
      const media = request.media ?? [];
      const problem = checkMedia(ctx, FACEBOOK_MEDIA_LIMITS, media);
      if (problem !== null) throw problem;
      const pageId = request.target.platformUserId;
      const { signal } = callOptions;
      // Each image first as an unpublished photo (invisible; even a single one, so that the feed
      // call stays the only send and a failed upload is a plain retry), then one feed post.
      const photoIds = await mapLimitedMedia(media, UPLOAD_CONCURRENCY, (item, index) =>
        mediaStep('facebook', `photo upload ${index + 1}`, async () => {
          const form = new FormData();
          form.set('published', 'false');
          const alt = altTextFor(item, ALT_TEXT_MAX);
          if (alt !== '') form.set('alt_text_custom', alt);
          form.set('access_token', request.target.accessToken);
          for (const [name, value] of Object.entries(proof(request.target.accessToken)))
            form.set(name, value);
          form.set('source', mediaBlob(item), `image-${index + 1}`);
          const uploaded = await sendRequest(ctx, `${graph}/${encodeURIComponent(pageId)}/photos`, {
            method: 'POST',
            body: form,
            signal,
          });
          if (uploaded.status < 200 || uploaded.status >= 300) throw classifyGraphFailure(ctx, uploaded);
          const id = requiredStepId(
            ctx,
            stringField(uploaded.json, 'id'),
            'facebook: photo upload answered without an id',
          );
          return id;
        }),
      );
      const body = new URLSearchParams({
        message: request.text,
        access_token: request.target.accessToken,
        ...proof(request.target.accessToken),
      });
      for (const [index, id] of photoIds.entries()) {
        body.set(`attached_media[${index}]`, JSON.stringify({ media_fbid: id }));
      }
      if (photoIds.length > 0) ensureTimeToSend(ctx, callOptions.deadline);
      await callOptions.beforeSend?.();
      const result = await sendRequest(ctx, `${graph}/${encodeURIComponent(pageId)}/feed`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
        signal,
      });
      if (result.status < 200 || result.status >= 300) throw classifyGraphFailure(ctx, result);
      const id = createdPostId(
        ctx,
        stringField(result.json, 'id'),
        result.status,
        `facebook answered ${result.status} without a post id`,
      );
      return { platformPostId: id, url: `https://www.facebook.com/${id}` };
    },
    async fetchMetrics(request): Promise<Map<string, PostMetrics | null>> {
      const ids = [...new Set(request.platformPostIds)];
      const values = await mapLimited(ids, METRICS_CONCURRENCY, (id) => metricsOf(request.target, id));
      return new Map(ids.map((id, index) => [id, values[index] ?? null]));
    },
  };
  return withErrorTable('facebook', FACEBOOK_ERRORS, {
    ...adapter,
    ...facebookFirstComment({ context, graph, proof }),
    lookupRecentPost: (request, lookupOptions = {}) => {
      const ctx = context(request.target);
      const since = String(Math.floor((request.since.getTime() - LOOKUP_SLACK_MS) / 1000));
      return lookupSafely(() =>
        findRecentPost(request, {
          expected: request.text,
          fetchPage: async (cursor) => {
            const query = new URLSearchParams({
              fields: 'id,message,created_time,permalink_url',
              limit: '25',
              since,
              ...(cursor === null ? {} : { after: cursor }),
              ...proof(request.target.accessToken),
            });
            const result = await sendRequest(
              ctx,
              `${graph}/${encodeURIComponent(request.target.platformUserId)}/posts?${query}`,
              {
                method: 'GET',
                headers: { Authorization: `Bearer ${request.target.accessToken}` },
                signal: lookupOptions.signal,
              },
            );
            if (result.status < 200 || result.status >= 300)
              throw new Error(`facebook answered ${result.status} to GET /{page-id}/posts`);
            return graphPage(
              result.json,
              'message',
              'created_time',
              'permalink_url',
              (id) => `https://www.facebook.com/${id}`,
            );
          },
        }),
      );
    },
  });
}
