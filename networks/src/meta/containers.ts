// Meta's media containers, the way Instagram (both logins) and Threads publish: create a container
// (`POST /{user-id}/{edge}`), read it until its status is FINISHED, then publish it — the only
// call that creates a post — and read its permalink. Also what both read afterwards: the insights
// of a post and the account's recent posts (the lookup after a doubtful publish). The networks
// differ only in names (edges, fields, metrics), in their status values and in how a request is
// authenticated (`call`): those are the parameters.

import {
  createdPostId,
  type HttpContext,
  type HttpResult,
  publishError,
  requiredStepId,
  sleep,
  stringField,
} from '../publishing/http.js';
import {
  findFirstComment,
  findRecentPost,
  graphCommentPage,
  graphPage,
  lookupSafely,
} from '../publishing/lookup.js';
import { altTextFor, mapLimitedMedia } from '../publishing/media.js';
import {
  type FirstCommentLookup,
  type NetworkAdapter,
  type PostMetrics,
  PublishError,
  type PublishMedia,
  type PublishResult,
  type PublishTarget,
} from '../publishing/types.js';
import { insightValue, mapLimited } from './graph.js';

/** Carousel items created at the same time, and posts whose insights are read at the same time. */
export const CONTAINER_CONCURRENCY = 4;
const METRICS_CONCURRENCY = 4;

/** One Graph request of the network, its failure already classified (a thrown PublishError). */
export type GraphCall = (
  ctx: HttpContext,
  target: PublishTarget,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, string>,
  signal?: AbortSignal,
) => Promise<HttpResult>;

/** How a container's status is read until FINISHED. */
export interface ContainerPolling {
  attempts: number;
  intervalMs: number;
  /** The fields the status read asks for; `statusField` is the one that says FINISHED. */
  fields: string;
  statusField: string;
  /**
   * A status that ends the wait before FINISHED: the error to throw, 'give-up' to stop reading
   * (the container counts as still processing: a retry), or null to read again.
   */
  settle(
    status: string,
    answer: unknown,
    containerId: string,
    ctx: HttpContext,
  ): PublishError | 'give-up' | null;
  /** The message when the call is aborted during a pause between two reads. */
  abortMessage: string;
}

export interface MetaContainerNetwork {
  platform: 'instagram' | 'threads';
  call: GraphCall;
  /** The user's edge that makes containers and lists the posts (`media`, `threads`). */
  containerEdge: string;
  /** The user's edge that publishes a container (`media_publish`, `threads_publish`). */
  publishEdge: string;
  /** Where the publish call carries creation_id: Instagram's in the query, Threads' in the body. */
  creationIdIn: 'query' | 'body';
  /** The post's text, as a container parameter and a listed field (`caption`, `text`). */
  textField: string;
  /** The parameters of an image container beyond its URL (Threads: media_type IMAGE). */
  imageParams: Record<string, string>;
  altTextMax: number;
  /** The insights asked for, and which of them are the reach, the likes and the comments. */
  insights: { metric: string; reach: string; likes: string; comments: string };
}

export interface MetaContainers {
  /** `POST /{user-id}/{containerEdge}` → the container id (an answer without one: a retry). */
  create(
    ctx: HttpContext,
    target: PublishTarget,
    params: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<string>;
  /** Reads the container until FINISHED; anything else ends in a PublishError. */
  waitUntilFinished(
    ctx: HttpContext,
    target: PublishTarget,
    containerId: string,
    polling: ContainerPolling,
    signal: AbortSignal | undefined,
  ): Promise<void>;
  /**
   * One FINISHED container for the images: one image's, or a carousel's (an item container per
   * image, each read until FINISHED, then the parent). Creates nothing visible.
   */
  createForImages(
    ctx: HttpContext,
    target: PublishTarget,
    images: readonly Pick<PublishMedia, 'url' | 'altText'>[],
    text: string,
    polling: ContainerPolling,
    signal: AbortSignal | undefined,
  ): Promise<string>;
  /** Publishes a FINISHED container: the one visible step; then the permalink (a nicety). */
  publish(
    ctx: HttpContext,
    target: PublishTarget,
    containerId: string,
    signal: AbortSignal | undefined,
  ): Promise<PublishResult>;
  /** The posts' insights (a post the network refuses to read: null) and the lookup of a recent post. */
  readers(
    context: (target: PublishTarget) => HttpContext,
  ): Pick<NetworkAdapter, 'fetchMetrics' | 'lookupRecentPost'>;
  /**
   * The lookup of a first comment: the Graph edge `listing` names (the media's comments, the
   * profile's replies), paged by `after`, each item's `text` and `timestamp`, keeping only the
   * items `keep` accepts.
   */
  commentLookup(
    context: (target: PublishTarget) => HttpContext,
    listing: (request: FirstCommentLookup) => {
      path: string;
      fields: string;
      limit: string;
      keep(item: Record<string, unknown>): boolean;
    },
  ): NonNullable<NetworkAdapter['lookupFirstComment']>;
}

export function metaContainers(network: MetaContainerNetwork): MetaContainers {
  const { platform, call } = network;

  const create: MetaContainers['create'] = async (ctx, target, params, signal) => {
    const userId = encodeURIComponent(target.platformUserId);
    const created = await call(ctx, target, 'POST', `${userId}/${network.containerEdge}`, params, signal);
    const id = requiredStepId(
      ctx,
      stringField(created.json, 'id'),
      `${platform}: container answer without an id`,
    );
    return id;
  };

  const waitUntilFinished: MetaContainers['waitUntilFinished'] = async (
    ctx,
    target,
    containerId,
    polling,
    signal,
  ) => {
    let last = 'unknown';
    for (let attempt = 1; attempt <= polling.attempts; attempt += 1) {
      const result = await call(
        ctx,
        target,
        'GET',
        encodeURIComponent(containerId),
        { fields: polling.fields },
        signal,
      );
      last = stringField(result.json, polling.statusField) ?? 'unknown';
      if (last === 'FINISHED') return;
      const settled = polling.settle(last, result.json, containerId, ctx);
      if (settled === 'give-up') break;
      if (settled !== null) throw settled;
      if (attempt < polling.attempts) {
        try {
          await sleep(polling.intervalMs, signal);
        } catch {
          throw publishError(ctx, 'retryable', 'NETWORK_UNAVAILABLE', polling.abortMessage);
        }
      }
    }
    throw publishError(
      ctx,
      'retryable',
      'NETWORK_UNAVAILABLE',
      `${platform}: media container ${containerId} still ${last} after ${polling.attempts} status checks; nothing was published`,
      { networkCode: `CONTAINER_${last}` },
    );
  };

  const withAlt = (image: Pick<PublishMedia, 'altText'>, params: Record<string, string>) => {
    const alt = altTextFor(image, network.altTextMax);
    return alt === '' ? params : { ...params, alt_text: alt };
  };

  const createForImages: MetaContainers['createForImages'] = async (
    ctx,
    target,
    images,
    text,
    polling,
    signal,
  ) => {
    const finished = async (params: Record<string, string>): Promise<string> => {
      const id = await create(ctx, target, params, signal);
      await waitUntilFinished(ctx, target, id, polling, signal);
      return id;
    };
    if (images.length === 1) {
      const image = images[0]!;
      return finished(
        withAlt(image, { ...network.imageParams, image_url: image.url, [network.textField]: text }),
      );
    }
    const children = await mapLimitedMedia(images, CONTAINER_CONCURRENCY, (image) =>
      finished(withAlt(image, { ...network.imageParams, image_url: image.url, is_carousel_item: 'true' })),
    );
    return finished({ media_type: 'CAROUSEL', children: children.join(','), [network.textField]: text });
  };

  const publish: MetaContainers['publish'] = async (ctx, target, containerId, signal) => {
    const userId = encodeURIComponent(target.platformUserId);
    const creation = { creation_id: containerId };
    const published =
      network.creationIdIn === 'query'
        ? await call(
            ctx,
            target,
            'POST',
            `${userId}/${network.publishEdge}?${new URLSearchParams(creation)}`,
            {},
            signal,
          )
        : await call(ctx, target, 'POST', `${userId}/${network.publishEdge}`, creation, signal);
    const mediaId = createdPostId(
      ctx,
      stringField(published.json, 'id'),
      published.status,
      `${platform} answered ${published.status} to ${network.publishEdge} without a media id`,
    );
    // The post exists now: the permalink is a nicety and must never turn success into failure.
    let url: string | null = null;
    try {
      const media = await call(ctx, target, 'GET', encodeURIComponent(mediaId), { fields: 'permalink' });
      url = stringField(media.json, 'permalink');
    } catch {
      url = null;
    }
    return { platformPostId: mediaId, url };
  };

  const readers: MetaContainers['readers'] = (context) => {
    const { insights } = network;
    const metricsOf = async (target: PublishTarget, mediaId: string): Promise<PostMetrics | null> => {
      try {
        const result = await call(context(target), target, 'GET', `${encodeURIComponent(mediaId)}/insights`, {
          metric: insights.metric,
        });
        return {
          reach: insightValue(result.json, insights.reach),
          likes: insightValue(result.json, insights.likes),
          comments: insightValue(result.json, insights.comments),
        };
      } catch (error) {
        if (error instanceof PublishError && error.kind === 'permanent' && error.code === 'REJECTED')
          return null;
        throw error;
      }
    };
    return {
      async fetchMetrics(request): Promise<Map<string, PostMetrics | null>> {
        const ids = [...new Set(request.platformPostIds)];
        const values = await mapLimited(ids, METRICS_CONCURRENCY, (id) => metricsOf(request.target, id));
        return new Map(ids.map((id, index) => [id, values[index] ?? null]));
      },
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
                `${encodeURIComponent(request.target.platformUserId)}/${network.containerEdge}`,
                {
                  fields: `id,${network.textField},timestamp,permalink`,
                  limit: '25',
                  ...(cursor === null ? {} : { after: cursor }),
                },
                lookupOptions.signal,
              );
              return graphPage(result.json, network.textField, 'timestamp', 'permalink', () => null);
            },
          }),
        );
      },
    };
  };

  const commentLookup: MetaContainers['commentLookup'] =
    (context, listing) =>
    (request, lookupOptions = {}) => {
      const ctx = context(request.target);
      const { path, fields, limit, keep } = listing(request);
      return findFirstComment(request, {
        fetchPage: async (cursor) => {
          const result = await call(
            ctx,
            request.target,
            'GET',
            path,
            { fields, limit, ...(cursor === null ? {} : { after: cursor }) },
            lookupOptions.signal,
          );
          return graphCommentPage(result.json, 'text', 'timestamp', keep);
        },
      });
    };

  return { create, waitUntilFinished, createForImages, publish, readers, commentLookup };
}
