// Bluesky: a post is one `app.bsky.feed.post` record created with `com.atproto.repo.createRecord`
// in the account's repository (its DID). Images are uploaded first (`com.atproto.repo.uploadBlob`,
// invisible until a record points at them) and embedded as `app.bsky.embed.images` with their alt
// text and aspect ratio; links, mentions and hashtags become facets (facets.ts); a post without
// images carries its first link's card (link-card.ts, `app.bsky.embed.external`). Only createRecord
// makes a post visible: a doubtful outcome there is resolved by listing the repository's recent
// posts (`com.atproto.repo.listRecords`) before anything is sent again (docs/publishing.md).
import { fitsPlatformLimit } from '@pauta/core';
import { withErrorTable } from '../publishing/errors.js';
import {
  createdPostId,
  DEFAULT_TIMEOUT_MS,
  type HttpContext,
  isObject,
  mapLimited,
  numberField,
  publishError,
  stringField,
} from '../publishing/http.js';
import { findRecentPost, lookupSafely } from '../publishing/lookup.js';
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
import { BLUESKY_ERRORS } from './errors.js';
import { detectFacets, firstLink, mentionedHandles } from './facets.js';
import { blueskyFirstComment } from './first-comment.js';
import { buildLinkCard } from './link-card.js';
import { BLUESKY_MEDIA_LIMITS } from './media.js';
import { listPostRecords } from './records.js';
import { splitSession } from './session.js';
import { BLUESKY_WEB, POST_COLLECTION, xrpc } from './xrpc.js';

/** The lexicon's alt text limit (app.bsky.embed.images#image `alt`: no maxGraphemes; 2,000 is what bsky.app allows). */
const ALT_TEXT_MAX = 2000;
const UPLOAD_CONCURRENCY = 2;
const METRICS_BATCH = 25;

/** `at://did/app.bsky.feed.post/rkey` → the post's page on bsky.app. */
export function postUrl(uri: string): string | null {
  const match = /^at:\/\/([^/]+)\/app\.bsky\.feed\.post\/([^/]+)$/u.exec(uri);
  return match === null ? null : `${BLUESKY_WEB}/profile/${match[1]}/post/${match[2]}`;
}

export function createBlueskyAdapter(options: AdapterOptions): NetworkAdapter {
  const context = (target: PublishTarget): HttpContext => ({
    platform: 'bluesky',
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    secrets: [target.accessToken, splitSession(target.accessToken).jwt],
  });

  /** Handles mentioned in the text → DIDs; one that does not resolve stays plain text. */
  const resolveMentions = async (
    ctx: HttpContext,
    session: { service: string; jwt: string },
    text: string,
    signal: AbortSignal | undefined,
  ): Promise<Map<string, string>> => {
    const dids = new Map<string, string>();
    for (const handle of mentionedHandles(text)) {
      try {
        const result = await xrpc(ctx, {
          ...session,
          nsid: 'com.atproto.identity.resolveHandle',
          query: { handle },
          signal,
        });
        const did = stringField(result.json, 'did');
        if (did !== null) dids.set(handle, did);
      } catch (error) {
        // 400 "Unable to resolve handle": not a Bluesky account; anything else stops the publish.
        if (!(error instanceof PublishError && error.kind === 'permanent')) throw error;
      }
    }
    return dids;
  };

  const uploadBlob = async (
    ctx: HttpContext,
    session: { service: string; jwt: string },
    file: { bytes: Uint8Array; mimeType: string },
    signal: AbortSignal | undefined,
  ): Promise<Record<string, unknown>> => {
    const result = await xrpc(ctx, {
      ...session,
      nsid: 'com.atproto.repo.uploadBlob',
      bytes: { data: file.bytes, mimeType: file.mimeType },
      signal,
    });
    const blob = isObject(result.json) ? result.json.blob : null;
    if (!isObject(blob)) {
      throw publishError(
        ctx,
        'retryable',
        'NETWORK_UNAVAILABLE',
        'bluesky: uploadBlob answer without a blob',
      );
    }
    return blob;
  };

  /** The first link's card, its image uploaded as the thumb; null without a link or a readable page. */
  const linkCard = async (
    ctx: HttpContext,
    session: { service: string; jwt: string },
    text: string,
    signal: AbortSignal | undefined,
  ) => {
    const uri = firstLink(text);
    if (uri === null || options.fetchLinkPage === undefined) return null;
    const card = await buildLinkCard(uri, options.fetchLinkPage);
    if (card === null) return null;
    let thumb: Record<string, unknown> | null = null;
    if (card.thumb !== null) {
      try {
        thumb = await uploadBlob(ctx, session, card.thumb, signal);
      } catch (error) {
        // An image Bluesky refuses (size, type) leaves the card without it; anything else stops.
        if (!(error instanceof PublishError && error.kind === 'permanent')) throw error;
      }
    }
    return {
      $type: 'app.bsky.embed.external',
      external: {
        uri: card.uri,
        title: card.title,
        description: card.description,
        ...(thumb === null ? {} : { thumb }),
      },
    };
  };

  const uploadImage = async (
    ctx: HttpContext,
    session: { service: string; jwt: string },
    image: PublishMedia,
    signal: AbortSignal | undefined,
  ) => ({
    alt: altTextFor(image, ALT_TEXT_MAX),
    image: await uploadBlob(ctx, session, image, signal),
    aspectRatio: { width: image.width, height: image.height },
  });

  const adapter: NetworkAdapter = {
    platform: 'bluesky',
    async publish(request, callOptions = {}): Promise<PublishResult> {
      const ctx = context(request.target);
      const { signal } = callOptions;
      const images: readonly PublishMedia[] = request.media ?? [];
      const problem = checkMedia(ctx, BLUESKY_MEDIA_LIMITS, images);
      if (problem !== null) throw problem;
      if (!fitsPlatformLimit('bluesky', request.text)) {
        throw publishError(ctx, 'permanent', 'CONTENT_TOO_LONG', 'bluesky: text exceeds 300 graphemes', {
          networkCode: 'TEXT_TOO_LONG',
        });
      }
      const session = splitSession(request.target.accessToken);
      const repo = request.target.platformUserId;
      const { facets, embed } = await mediaStep('bluesky', 'image upload', async () => {
        const dids = await resolveMentions(ctx, session, request.text, signal);
        const uploaded = await mapLimitedMedia(images, UPLOAD_CONCURRENCY, (image) =>
          uploadImage(ctx, session, image, signal),
        );
        // One embed per post: the images, or else the link's card.
        const embed =
          uploaded.length > 0
            ? { $type: 'app.bsky.embed.images', images: uploaded }
            : await linkCard(ctx, session, request.text, signal);
        return { facets: detectFacets(request.text, dids), embed };
      });
      const record = {
        $type: POST_COLLECTION,
        text: request.text,
        createdAt: new Date().toISOString(),
        langs: ['pt'],
        ...(facets.length === 0 ? {} : { facets }),
        ...(embed === null ? {} : { embed }),
      };
      ensureTimeToSend(ctx, callOptions.deadline);
      await callOptions.beforeSend?.();
      const created = await xrpc(ctx, {
        ...session,
        nsid: 'com.atproto.repo.createRecord',
        json: { repo, collection: POST_COLLECTION, record },
        signal,
      });
      const uri = createdPostId(
        ctx,
        stringField(created.json, 'uri'),
        created.status,
        `bluesky answered ${created.status} to createRecord without a uri`,
      );
      return { platformPostId: uri, url: postUrl(uri) };
    },
    async fetchMetrics(request): Promise<Map<string, PostMetrics | null>> {
      const ctx = context(request.target);
      const session = splitSession(request.target.accessToken);
      const uris = [...new Set(request.platformPostIds)];
      const batches: string[][] = [];
      for (let i = 0; i < uris.length; i += METRICS_BATCH) batches.push(uris.slice(i, i + METRICS_BATCH));
      const metrics = new Map<string, PostMetrics | null>();
      await mapLimited(batches, 2, async (batch) => {
        const result = await xrpc(ctx, {
          ...session,
          nsid: 'app.bsky.feed.getPosts',
          query: { uris: batch },
        });
        const posts = isObject(result.json) && Array.isArray(result.json.posts) ? result.json.posts : [];
        for (const post of posts) {
          const uri = stringField(post, 'uri');
          if (uri === null) continue;
          // Bluesky shows no views: reach is unknown; reposts and quotes are counted as shares elsewhere.
          metrics.set(uri, {
            reach: null,
            likes: numberField(post, 'likeCount'),
            comments: numberField(post, 'replyCount'),
          });
        }
      });
      // A post getPosts did not answer (deleted, taken down) has no metrics.
      for (const uri of uris) if (!metrics.has(uri)) metrics.set(uri, null);
      return metrics;
    },
  };
  return withErrorTable('bluesky', BLUESKY_ERRORS, {
    ...adapter,
    ...blueskyFirstComment({ context, resolveMentions }),
    lookupRecentPost: (request, lookupOptions = {}) => {
      const ctx = context(request.target);
      return lookupSafely(() =>
        findRecentPost(request, {
          expected: request.text,
          fetchPage: (cursor) =>
            listPostRecords(ctx, request.target, cursor, lookupOptions.signal, (uri, value) =>
              // A reply (the first comment) is not a post.
              isObject(value) && value.reply !== undefined
                ? null
                : { text: stringField(value, 'text'), url: postUrl(uri) },
            ),
        }),
      );
    },
  });
}
