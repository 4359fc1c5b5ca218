// Instagram (professional account, via the Graph API): every post needs an image or a video at a
// public URL. Three steps: create a media container (an image, a carousel, or a Reel with
// `media_type=REELS&video_url=…`), poll it until FINISHED, then media_publish.
// Only the last step creates a post, so a doubtful outcome before it is safe to retry.
import { fitsPlatformLimit } from '@pauta/core';
import { type ContainerPolling, type GraphCall, metaContainers } from '../meta/containers.js';
import { classifyGraphFailure, graphBase, proofParams } from '../meta/graph.js';
import { ensureTimeToPublishVideo, videoStep } from '../meta/video.js';
import { explainFailure, withErrorTable } from '../publishing/errors.js';
import {
  createdPostId,
  DEFAULT_TIMEOUT_MS,
  type HttpContext,
  isHttpUrl,
  publishError,
  sendRequest,
  stringField,
} from '../publishing/http.js';
import { checkMedia, ensureTimeToSend, mediaStep } from '../publishing/media.js';
import type {
  AdapterOptions,
  NetworkAdapter,
  PublishCallOptions,
  PublishMedia,
  PublishRequest,
  PublishResult,
  PublishTarget,
  PublishVideo,
} from '../publishing/types.js';
import { INSTAGRAM_ERRORS } from './errors.js';
import { INSTAGRAM_MEDIA_LIMITS } from './media.js';

const ALT_TEXT_MAX = 1000;

export const DEFAULT_STATUS_POLL_ATTEMPTS = 10;
export const DEFAULT_STATUS_POLL_INTERVAL_MS = 1000;
/** A Reel is fetched and transcoded by Meta: its container is read up to 60 times, 5 s apart. */
export const DEFAULT_VIDEO_STATUS_POLL_ATTEMPTS = 60;
export const DEFAULT_VIDEO_STATUS_POLL_INTERVAL_MS = 5000;

export interface InstagramAdapterOptions extends AdapterOptions {
  /** How many times the container status is read before giving up (default 10). */
  statusPollAttempts?: number;
  /** Pause between two status reads (default 1 s). */
  statusPollIntervalMs?: number;
  /** The same for a Reel's container (defaults 60 reads, 5 s apart). */
  videoStatusPollAttempts?: number;
  videoStatusPollIntervalMs?: number;
  /** The Graph host: graph.facebook.com (Facebook Login), graph.instagram.com (Instagram Login, login.ts). */
  graphHost?: string;
}

export function createInstagramAdapter(options: InstagramAdapterOptions): NetworkAdapter {
  const graph = graphBase(options.graphVersion, options.graphHost);
  const attempts = Math.max(1, options.statusPollAttempts ?? DEFAULT_STATUS_POLL_ATTEMPTS);
  const intervalMs = Math.max(0, options.statusPollIntervalMs ?? DEFAULT_STATUS_POLL_INTERVAL_MS);
  const videoAttempts = Math.max(1, options.videoStatusPollAttempts ?? DEFAULT_VIDEO_STATUS_POLL_ATTEMPTS);
  const videoIntervalMs = Math.max(
    0,
    options.videoStatusPollIntervalMs ?? DEFAULT_VIDEO_STATUS_POLL_INTERVAL_MS,
  );
  const context = (target: PublishTarget): HttpContext => ({
    platform: 'instagram',
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    secrets: [target.accessToken],
  });
  const proof = (token: string) => proofParams(token, options.facebookAppSecret);

  const call: GraphCall = async (ctx, target, method, path, params, signal) => {
    const proofQuery = proof(target.accessToken);
    if (method === 'GET') {
      const query = new URLSearchParams({ ...params, ...proofQuery });
      const result = await sendRequest(ctx, `${graph}/${path}?${query}`, {
        method,
        headers: { Authorization: `Bearer ${target.accessToken}` },
        signal,
      });
      if (result.status < 200 || result.status >= 300) throw classifyGraphFailure(ctx, result);
      return result;
    }
    const body = new URLSearchParams({ ...params, access_token: target.accessToken, ...proofQuery });
    const result = await sendRequest(ctx, `${graph}/${path}`, {
      method,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
      signal,
    });
    if (result.status < 200 || result.status >= 300) throw classifyGraphFailure(ctx, result);
    return result;
  };

  const containers = metaContainers({
    platform: 'instagram',
    call,
    containerEdge: 'media',
    publishEdge: 'media_publish',
    creationIdIn: 'query',
    textField: 'caption',
    imageParams: {},
    altTextMax: ALT_TEXT_MAX,
    insights: { metric: 'reach,likes,comments', reach: 'reach', likes: 'likes', comments: 'comments' },
  });
  /** The status read of an image's container (`video`: a Reel's, read longer and less often). */
  const pollingFor = (video: boolean): ContainerPolling => ({
    attempts: video ? videoAttempts : attempts,
    intervalMs: video ? videoIntervalMs : intervalMs,
    fields: video ? 'status_code,status' : 'status_code',
    statusField: 'status_code',
    settle: (status, answer, containerId, ctx) => {
      if (status === 'ERROR') {
        const said = stringField(answer, 'status');
        const what = video ? 'the video (Reel)' : 'the image';
        return publishError(
          ctx,
          'permanent',
          'REJECTED',
          `instagram: media container ${containerId} ended in ERROR (${what} could not be fetched or processed${said === null ? '' : `: ${said}`})`,
          { networkCode: video ? 'VIDEO_CONTAINER_ERROR' : 'CONTAINER_ERROR' },
        );
      }
      if (status !== 'EXPIRED') return null;
      // A Reel's container that expired (24 h) will not come back; an image's is made again.
      if (!video) return 'give-up';
      return publishError(
        ctx,
        'permanent',
        'REJECTED',
        `instagram: media container ${containerId} EXPIRED before it was published`,
        { networkCode: 'VIDEO_CONTAINER_EXPIRED' },
      );
    },
    abortMessage: 'instagram: aborted while the media was processing; nothing was published',
  });
  const imagePolling = pollingFor(false);
  const videoPolling = pollingFor(true);

  /**
   * A Reel (docs/networks.md, Instagram "Vídeo"): a REELS container from the video's signed URL,
   * shared to the feed, with the chosen cover (`cover_url` for an uploaded image, `thumb_offset`
   * in ms for a frame); polled until FINISHED; then media_publish, the only visible step.
   */
  const publishReel = async (
    ctx: HttpContext,
    request: PublishRequest,
    video: PublishVideo,
    callOptions: PublishCallOptions,
  ): Promise<PublishResult> => {
    const { signal } = callOptions;
    if ((request.media ?? []).length > 0) {
      throw publishError(
        ctx,
        'permanent',
        'REJECTED',
        'instagram: a post has images or one video, not both',
        {
          reason:
            'Um post do Instagram leva imagens ou um vídeo, não os dois. Remova as imagens ou o vídeo e reagende.',
        },
      );
    }
    if (!isHttpUrl(video.url)) {
      throw publishError(ctx, 'permanent', 'REJECTED', 'instagram: the video URL is not an http(s) URL');
    }
    if (!fitsPlatformLimit('instagram', request.text)) {
      throw publishError(ctx, 'permanent', 'CONTENT_TOO_LONG', 'instagram: caption exceeds 2200 characters');
    }
    const params: Record<string, string> = {
      media_type: 'REELS',
      video_url: video.url,
      caption: request.text,
      share_to_feed: 'true',
    };
    const cover = video.cover;
    if (cover !== null && cover.timeSeconds !== null)
      params.thumb_offset = String(Math.max(0, Math.round(cover.timeSeconds * 1000)));
    else if (cover !== null && isHttpUrl(cover.image.url)) params.cover_url = cover.image.url;
    const containerId = await videoStep('instagram', 'Reel container', async () => {
      const id = await containers.create(ctx, request.target, params, signal);
      await containers.waitUntilFinished(ctx, request.target, id, videoPolling, signal);
      return id;
    });
    ensureTimeToPublishVideo(ctx, callOptions.deadline);
    await callOptions.beforeSend?.();
    return containers.publish(ctx, request.target, containerId, signal);
  };

  const adapter: NetworkAdapter = {
    platform: 'instagram',
    async publish(request, callOptions = {}): Promise<PublishResult> {
      const ctx = context(request.target);
      const { signal } = callOptions;
      if (request.video !== undefined) return publishReel(ctx, request, request.video, callOptions);
      const media = request.media ?? [];
      const legacyUrl = request.imageUrl?.trim() ?? '';
      const images: readonly Pick<PublishMedia, 'url' | 'altText'>[] =
        media.length > 0 ? media : legacyUrl === '' ? [] : [{ url: legacyUrl, altText: '' }];
      if (images.length === 0) {
        throw publishError(
          ctx,
          'permanent',
          'MEDIA_REQUIRED',
          'instagram: a post needs an image; none was given',
        );
      }
      const problem = checkMedia(ctx, INSTAGRAM_MEDIA_LIMITS, media);
      if (problem !== null) throw problem;
      if (!images.every((image) => isHttpUrl(image.url))) {
        throw publishError(ctx, 'permanent', 'REJECTED', 'instagram: the image URL is not an http(s) URL');
      }
      if (!fitsPlatformLimit('instagram', request.text)) {
        throw publishError(
          ctx,
          'permanent',
          'CONTENT_TOO_LONG',
          'instagram: caption exceeds 2200 characters',
        );
      }
      // Containers create nothing visible: until media_publish, no failure is doubtful (media.ts).
      const containerId = await mediaStep('instagram', 'media container', () =>
        containers.createForImages(ctx, request.target, images, request.text, imagePolling, signal),
      );
      ensureTimeToSend(ctx, callOptions.deadline);
      await callOptions.beforeSend?.();
      return containers.publish(ctx, request.target, containerId, signal);
    },
    ...containers.readers(context),
  };
  return withErrorTable('instagram', INSTAGRAM_ERRORS, {
    ...adapter,
    // The first comment (docs/first-comment.md): a comment on the published media, one request.
    publishFirstComment: async (request, commentOptions = {}) => {
      const ctx = context(request.target);
      try {
        const created = await call(
          ctx,
          request.target,
          'POST',
          `${encodeURIComponent(request.platformPostId)}/comments`,
          { message: request.text },
          commentOptions.signal,
        );
        const id = createdPostId(
          ctx,
          stringField(created.json, 'id'),
          created.status,
          `instagram answered ${created.status} to the comment without an id`,
        );
        return { id };
      } catch (error) {
        throw explainFailure('instagram', INSTAGRAM_ERRORS, error);
      }
    },
    // The media's comments by the account itself (`from.id`), matched by exact normalised text.
    lookupFirstComment: containers.commentLookup(context, (request) => ({
      path: `${encodeURIComponent(request.platformPostId)}/comments`,
      fields: 'id,text,timestamp,from',
      limit: '50',
      keep: (item) => stringField(item.from, 'id') === request.target.platformUserId,
    })),
  });
}
