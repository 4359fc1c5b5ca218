// Sandbox Threads (Meta's Threads API): the Authorization Window at threads.net, the token
// endpoints of graph.threads.net (code → short-lived token; th_exchange_token → 60-day token;
// th_refresh_token, only once the token is 24 hours old), `/me`, media containers (TEXT, IMAGE,
// CAROUSEL of 2–20 items) with their IN_PROGRESS → FINISHED / ERROR lifecycle, threads_publish,
// the profile's threads, replies (`reply_to_id`; the profile's replies at `/{id}/replies`), insights,
// the follower count and the 250-posts-per-24-h publishing limit.
// Errors have Graph's shape (`{ error: { message, type, code, error_subcode?, fbtrace_id } }`).
import { randomBytes } from 'node:crypto';
import { measurePostLength, PLATFORM_TEXT_LIMITS } from '@pauta/core';
import { type Request, type Response, Router } from 'express';
import { graphEdgePage, graphTimestamp, pick, requestedFields } from './graph-common.js';
import { inspectImage, type SandboxImage, sha256Hex } from './images.js';
import {
  avatarUrl,
  mountAuthorize,
  mountLongLivedTokenRoutes,
  param,
  redeemRequestCode,
  type SandboxContext,
  safeEqual,
} from './oauth-common.js';
import type { SandboxMediaContainer, SandboxPublishedPost } from './posts.js';
import type { AccessToken } from './store.js';
import { threadsPermalink, threadsUserId } from './threads-ids.js';

const CAROUSEL_MIN = 2;
const CAROUSEL_MAX = 20;
const ALT_TEXT_MAX = 1000;
const LINKS_MAX = 5;
const IMAGE_MAX_BYTES = 8 * 1024 * 1024;
const ASPECT_MAX = 10;
/** Posts a profile may publish through the API in a moving 24 h (a carousel counts once). */
const THREADS_PUBLISH_QUOTA = 250;
const QUOTA_WINDOW_MS = 24 * 3_600_000;
const FETCH_TIMEOUT_MS = 10_000;
const INSIGHT_METRICS = ['views', 'likes', 'replies', 'reposts', 'quotes', 'shares'];
const URLS = /\bhttps?:\/\/[^\s<>"]+/giu;

/** A Threads API error: Graph's body, HTTP 400 unless said (Threads' API errors are THApiException). */
function sendThreadsError(
  res: Response,
  code: number,
  message: string,
  options: { subcode?: number; type?: string; status?: number; transient?: boolean } = {},
): void {
  res.status(options.status ?? 400).json({
    error: {
      message,
      type: options.type ?? 'THApiException',
      code,
      ...(options.subcode === undefined ? {} : { error_subcode: options.subcode }),
      is_transient: options.transient ?? false,
      fbtrace_id: randomBytes(8).toString('base64url'),
    },
  });
}

/** What a fault without a body answers on graph.threads.net (FaultInjector's per-host default). */
export function threadsFaultBody(status: number): unknown {
  const error = (code: number, message: string, transient: boolean) => ({
    error: { message, type: 'THApiException', code, is_transient: transient, fbtrace_id: 'sandbox-fault' },
  });
  if (status === 429) return error(4, 'Application request limit reached', true);
  if (status >= 500)
    return error(
      status === 500 ? 1 : 2,
      'An unexpected error has occurred. Please retry your request later.',
      true,
    );
  return error(100, 'Invalid parameter', false);
}

function sendInvalidToken(res: Response): void {
  sendThreadsError(res, 190, 'Invalid OAuth access token - Cannot parse access token', {
    type: 'OAuthException',
  });
}

/** The token of a call (`access_token` in the query or body, else `Authorization: Bearer`). */
function readToken(req: Request): string | null {
  const explicit = param(req, 'access_token');
  if (explicit !== undefined) return explicit;
  const match = req.headers.authorization?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

function authenticated(
  ctx: SandboxContext,
  req: Request,
  res: Response,
  scopes: string[],
): AccessToken | null {
  const raw = readToken(req);
  const token = ctx.store.findAccessToken('threads', raw);
  if (token === null) {
    if (ctx.store.isRevoked('threads', raw))
      sendThreadsError(res, 190, 'Error validating access token: The user has not authorized application.', {
        subcode: 458,
        type: 'OAuthException',
      });
    else sendInvalidToken(res);
    return null;
  }
  const missing = scopes.find((scope) => !token.grant.scopes.includes(scope));
  if (missing !== undefined) {
    sendThreadsError(res, 10, `(#10) Application does not have permission for this action (${missing})`, {
      type: 'OAuthException',
    });
    return null;
  }
  return token;
}

/** `me` or the token's own Threads user id; anything else is an object this token cannot see. */
function ownUserId(token: AccessToken, id: string): string | null {
  const own = threadsUserId(token.grant.user);
  return id === 'me' || id === own ? own : null;
}

/**
 * The token and profile id of a request on the caller's own profile (`/{id}/…`, id `me` or its
 * own): with the scopes missing or another id, the answer Threads gives is sent and null returned.
 */
function ownProfile(
  ctx: SandboxContext,
  req: Request,
  res: Response,
  scopes: string[],
  method: 'get' | 'post',
  edge: string | null,
): { token: AccessToken; userId: string } | null {
  const token = authenticated(ctx, req, res, scopes);
  if (token === null) return null;
  const id = String(req.params.id);
  const userId = ownUserId(token, id);
  if (userId === null) {
    sendUnsupported(res, method, edge === null ? id : `${id}/${edge}`);
    return null;
  }
  return { token, userId };
}

function sendUnsupported(res: Response, method: 'get' | 'post', id: string): void {
  sendThreadsError(
    res,
    100,
    `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    { subcode: 33 },
  );
}

type Fetched = { ok: true; image: SandboxImage } | { ok: false; errorMessage: string };

/** Downloads `imageUrl` as Threads does (it must be public) and checks what Threads checks. */
async function fetchImage(imageUrl: string, altText: string): Promise<Fetched> {
  let bytes: Buffer;
  try {
    const response = await fetch(imageUrl, {
      redirect: 'follow',
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!response.ok) return { ok: false, errorMessage: 'FAILED_DOWNLOADING_IMAGE' };
    bytes = Buffer.from(await response.arrayBuffer());
  } catch {
    return { ok: false, errorMessage: 'FAILED_DOWNLOADING_IMAGE' };
  }
  const image = inspectImage(bytes);
  if (image === null || (image.mimeType !== 'image/jpeg' && image.mimeType !== 'image/png'))
    return { ok: false, errorMessage: 'UNSUPPORTED_IMAGE_FORMAT' };
  if (bytes.length > IMAGE_MAX_BYTES) return { ok: false, errorMessage: 'IMAGE_TOO_LARGE' };
  const ratio = image.width / Math.max(1, image.height);
  if (ratio > ASPECT_MAX || ratio < 1 / ASPECT_MAX) return { ok: false, errorMessage: 'INVALID_ASPEC_RATIO' };
  return { ok: true, image: { sha256: sha256Hex(bytes), size: bytes.length, ...image, altText } };
}

function postFields(post: SandboxPublishedPost, username: string): Record<string, unknown> {
  return {
    id: post.id,
    media_product_type: 'THREADS',
    media_type: post.media.length > 1 ? 'CAROUSEL_ALBUM' : post.media.length === 1 ? 'IMAGE' : 'TEXT_POST',
    media_url: post.imageUrl ?? undefined,
    permalink: threadsPermalink(username, post.id),
    owner: { id: post.authorId },
    username,
    text: post.text,
    timestamp: graphTimestamp(post.createdAt),
    shortcode: BigInt(post.id).toString(36).toUpperCase().slice(-11),
    is_quote_post: false,
    is_reply: post.inReplyToId !== undefined,
    ...(post.inReplyToId === undefined
      ? {}
      : { replied_to: { id: post.inReplyToId }, root_post: { id: post.inReplyToId } }),
  };
}

function insightEntry(id: string, name: string, value: number, period: 'lifetime' | 'day') {
  return {
    name,
    period,
    values: [{ value }],
    title: name,
    description: name,
    id: `${id}/insights/${name}/${period}`,
  };
}

function mountTokenEndpoints(api: Router, ctx: SandboxContext): void {
  // Code → short-lived token (1 hour). Threads answers `{ access_token, user_id }`.
  api.post('/oauth/access_token', (req, res) => {
    const client = ctx.store.findClient('threads', param(req, 'client_id'));
    const secret = param(req, 'client_secret');
    if (client === null || secret === undefined || !safeEqual(secret, client.clientSecret)) {
      sendThreadsError(res, 101, 'Error validating client secret.', { type: 'OAuthException' });
      return;
    }
    if (param(req, 'grant_type') !== 'authorization_code') {
      sendThreadsError(res, 100, 'Unsupported grant_type', { type: 'OAuthException' });
      return;
    }
    const result = redeemRequestCode(ctx, req, 'threads', client.clientId, false);
    if (!result.ok) {
      sendThreadsError(res, 100, `Invalid authorization code (${result.reason})`, {
        type: 'OAuthException',
        subcode: 36007,
      });
      return;
    }
    const issued = ctx.store.issueTokens(result.grant, { refresh: false });
    res.json({ access_token: issued.accessToken.token, user_id: threadsUserId(result.grant.user) });
  });

  mountLongLivedTokenRoutes(api, ctx, {
    network: 'threads',
    grantPrefix: 'th',
    sendError: (res, code, message) => sendThreadsError(res, code, message, { type: 'OAuthException' }),
    sendInvalidToken,
  });
}

export function mountThreads(app: Router, ctx: SandboxContext): void {
  mountAuthorize(app, ctx, {
    network: 'threads',
    requirePkce: false,
    denyParams: {
      error: 'access_denied',
      error_reason: 'user_denied',
      error_description: 'Permissions error',
    },
    hosts: ['threads.net', 'www.threads.net', 'threads.com', 'www.threads.com'],
    path: '/oauth/authorize',
  });

  const api = Router();
  mountTokenEndpoints(api, ctx);

  const username = (token: AccessToken) => token.grant.user.username;

  // Create a media container.
  api.post('/v1.0/:id/threads', async (req, res) => {
    const own = ownProfile(ctx, req, res, ['threads_basic', 'threads_content_publish'], 'post', null);
    if (own === null) return;
    const { userId } = own;
    const mediaType = param(req, 'media_type');
    const text = param(req, 'text') ?? '';
    const isCarouselItem = param(req, 'is_carousel_item') === 'true';
    const altText = param(req, 'alt_text') ?? '';
    const link = param(req, 'link_attachment');
    if (mediaType !== 'TEXT' && mediaType !== 'IMAGE' && mediaType !== 'CAROUSEL' && mediaType !== 'VIDEO') {
      sendThreadsError(res, 100, 'Param media_type must be one of {TEXT, IMAGE, VIDEO, CAROUSEL}');
      return;
    }
    if (mediaType === 'VIDEO') {
      sendThreadsError(res, 100, 'The sandbox publishes text, images and carousels of images only');
      return;
    }
    if (measurePostLength('threads', text) > PLATFORM_TEXT_LIMITS.threads) {
      sendThreadsError(res, 100, 'Param text must be at most 500 characters long.');
      return;
    }
    if (
      new Set([...text.matchAll(URLS)].map((m) => m[0]).concat(link === undefined ? [] : [link])).size >
      LINKS_MAX
    ) {
      sendThreadsError(res, 100, 'THREADS_API__LINK_LIMIT_EXCEEDED: a post may have at most 5 links.');
      return;
    }
    // A reply ("Create Replies"): to a post that exists, by the owner of that post.
    const replyToId = param(req, 'reply_to_id');
    if (replyToId !== undefined) {
      const parent = ctx.posts.find('threads', replyToId);
      if (parent === null) {
        sendUnsupported(res, 'post', replyToId);
        return;
      }
      if (parent.authorId !== userId) {
        sendThreadsError(res, 10, '(#10) Application does not have permission to reply to this post', {
          type: 'OAuthException',
        });
        return;
      }
    }
    const reply = replyToId === undefined ? {} : { replyToId };
    /** Creates this profile's Threads container and answers its `{ id }`. */
    const answerContainer = (
      fields: Omit<Parameters<typeof ctx.posts.createContainer>[0], 'network' | 'igUserId'>,
    ): void => {
      const container = ctx.posts.createContainer({ network: 'threads', igUserId: userId, ...fields });
      res.json({ id: container.id });
    };
    if (link !== undefined && mediaType !== 'TEXT') {
      sendThreadsError(res, 100, 'Param link_attachment is only supported for TEXT posts');
      return;
    }
    if (mediaType === 'TEXT') {
      if (text.trim() === '') {
        sendThreadsError(res, 100, 'Param text is required for TEXT posts');
        return;
      }
      answerContainer({
        imageUrl: '',
        caption: text,
        mediaType: 'TEXT',
        linkAttachment: link ?? null,
        ...reply,
      });
      return;
    }
    if (mediaType === 'CAROUSEL') {
      const ids = (param(req, 'children') ?? '').split(',').filter((id) => id !== '');
      if (ids.length < CAROUSEL_MIN || ids.length > CAROUSEL_MAX) {
        sendThreadsError(res, 100, `Param children must have ${CAROUSEL_MIN} to ${CAROUSEL_MAX} items`);
        return;
      }
      const children = ids.map((id) => ctx.posts.findContainer(id, 'threads'));
      const bad = children.findIndex((c) => c === null || c.igUserId !== userId || !c.isCarouselItem);
      if (bad !== -1) {
        sendThreadsError(res, 100, `children[${bad}] is not a carousel item of this profile`);
        return;
      }
      if (children.some((c) => ctx.posts.containerStatus(c!) !== 'FINISHED')) {
        sendThreadsError(res, 24, 'Media Not Found: a carousel item is not ready', { subcode: 4279009 });
        return;
      }
      answerContainer({
        imageUrl: '',
        caption: text,
        mediaType: 'CAROUSEL',
        children: ids,
        ...reply,
      });
      return;
    }
    const imageUrl = param(req, 'image_url');
    if (imageUrl === undefined || imageUrl === '') {
      sendThreadsError(res, 100, 'Param image_url is required for IMAGE posts');
      return;
    }
    if ([...altText].length > ALT_TEXT_MAX) {
      sendThreadsError(res, 100, `Param alt_text must be at most ${ALT_TEXT_MAX} characters long.`);
      return;
    }
    // Threads downloads the image while it processes the container: a failure shows as ERROR.
    const fetched = await fetchImage(imageUrl, altText);
    answerContainer({
      imageUrl,
      caption: isCarouselItem ? '' : text,
      mediaType: 'IMAGE',
      isCarouselItem,
      altText,
      image: fetched.ok ? fetched.image : null,
      errorMessage: fetched.ok ? null : fetched.errorMessage,
      ...(isCarouselItem ? {} : reply),
    });
  });

  api.post('/v1.0/:id/threads_publish', async (req, res) => {
    const own = ownProfile(ctx, req, res, ['threads_basic', 'threads_content_publish'], 'post', null);
    if (own === null) return;
    const { userId } = own;
    const creationId = param(req, 'creation_id');
    const container = creationId === undefined ? null : ctx.posts.findContainer(creationId, 'threads');
    if (container === null || container.igUserId !== userId || container.isCarouselItem) {
      sendThreadsError(res, 100, 'Param creation_id must be a valid media container id of this profile');
      return;
    }
    const status = ctx.posts.containerStatus(container);
    if (status === 'PUBLISHED') {
      sendThreadsError(res, 100, 'The media container has already been published.');
      return;
    }
    if (status !== 'FINISHED') {
      sendThreadsError(res, 24, 'Media Not Found', { subcode: 4279009 });
      return;
    }
    const since = ctx.store.now() - QUOTA_WINDOW_MS;
    // Replies have their own quota (1,000 a day), apart from the 250 posts.
    const recent = ctx.posts
      .listByAuthor('threads', userId)
      .filter((p) => p.inReplyToId === undefined && Date.parse(p.createdAt) > since);
    if (recent.length >= THREADS_PUBLISH_QUOTA) {
      sendThreadsError(
        res,
        9,
        `The profile reached its limit of ${THREADS_PUBLISH_QUOTA} API-published posts in 24 hours.`,
      );
      return;
    }
    await ctx.posts.latency();
    if (container.publishedMediaId !== null) {
      sendThreadsError(res, 100, 'The media container has already been published.');
      return;
    }
    const mediaId = ctx.posts.nextNumber();
    container.publishedMediaId = mediaId;
    const items: SandboxMediaContainer[] =
      container.mediaType === 'CAROUSEL'
        ? container.children.flatMap((id) => ctx.posts.findContainer(id, 'threads') ?? [])
        : [container];
    ctx.posts.add({
      network: 'threads',
      id: mediaId,
      authorId: userId,
      text: container.caption,
      imageUrl: items[0]?.imageUrl || null,
      media: items.flatMap((item) => (item.image === null ? [] : [{ ...item.image }])),
      ...(container.replyToId == null ? {} : { inReplyToId: container.replyToId }),
    });
    res.json({ id: mediaId });
  });

  // The profile's threads, newest first (Graph paging); its replies are listed at /replies.
  api.get('/v1.0/:id/threads', (req, res) => {
    const own = ownProfile(ctx, req, res, ['threads_basic'], 'get', 'threads');
    if (own === null) return;
    const { token, userId } = own;
    const fields = requestedFields(req, ['id']);
    const threads = ctx.posts.listByAuthor('threads', userId).filter((p) => p.inReplyToId === undefined);
    res.json(graphEdgePage(req, threads, (post) => pick(postFields(post, username(token)), fields)));
  });

  // The profile's replies, newest first (`GET /{threads-user-id}/replies`, threads_read_replies),
  // each with `replied_to` / `root_post`.
  api.get('/v1.0/:id/replies', (req, res) => {
    const token = authenticated(ctx, req, res, ['threads_basic', 'threads_read_replies']);
    if (token === null) return;
    const userId = ownUserId(token, String(req.params.id));
    if (userId === null) {
      sendUnsupported(res, 'get', `${String(req.params.id)}/replies`);
      return;
    }
    const fields = requestedFields(req, ['id']);
    const replies = ctx.posts.listByAuthor('threads', userId).filter((p) => p.inReplyToId !== undefined);
    res.json(graphEdgePage(req, replies, (post) => pick(postFields(post, username(token)), fields)));
  });

  api.get('/v1.0/:id/threads_publishing_limit', (req, res) => {
    const own = ownProfile(ctx, req, res, ['threads_basic'], 'get', 'threads_publishing_limit');
    if (own === null) return;
    const { userId } = own;
    const since = ctx.store.now() - QUOTA_WINDOW_MS;
    const used = ctx.posts
      .listByAuthor('threads', userId)
      .filter((p) => Date.parse(p.createdAt) > since).length;
    res.json({
      data: [{ quota_usage: used, config: { quota_total: THREADS_PUBLISH_QUOTA, quota_duration: 86_400 } }],
    });
  });

  api.get('/v1.0/:id/threads_insights', (req, res) => {
    const own = ownProfile(
      ctx,
      req,
      res,
      ['threads_basic', 'threads_manage_insights'],
      'get',
      'threads_insights',
    );
    if (own === null) return;
    const { userId } = own;
    const metrics = (param(req, 'metric') ?? '').split(',').filter((m) => m !== '');
    const known = ['views', 'likes', 'replies', 'reposts', 'quotes', 'followers_count'];
    if (metrics.length === 0 || metrics.some((m) => !known.includes(m))) {
      sendThreadsError(res, 100, `Param metric must be one of: ${known.join(', ')}`);
      return;
    }
    const followers = 300 + (Number(userId.slice(-6)) % 5000);
    res.json({
      data: metrics.map((name) =>
        name === 'followers_count'
          ? {
              name,
              period: 'day',
              title: name,
              description: name,
              total_value: { value: followers },
              id: `${userId}/insights/${name}/day`,
            }
          : insightEntry(userId, name, 0, 'day'),
      ),
    });
  });

  api.get('/v1.0/:id/insights', (req, res) => {
    const token = authenticated(ctx, req, res, ['threads_basic', 'threads_manage_insights']);
    if (token === null) return;
    const id = String(req.params.id);
    const post = ctx.posts.find('threads', id);
    if (post === null || post.authorId !== threadsUserId(token.grant.user)) {
      sendUnsupported(res, 'get', `${id}/insights`);
      return;
    }
    const metrics = (param(req, 'metric') ?? '').split(',').filter((m) => m !== '');
    if (metrics.length === 0 || metrics.some((m) => !INSIGHT_METRICS.includes(m))) {
      sendThreadsError(res, 100, `Param metric must be one of: ${INSIGHT_METRICS.join(', ')}`);
      return;
    }
    const m = ctx.posts.metrics(id);
    const values: Record<string, number> = {
      views: m.reach,
      likes: m.likes,
      replies: m.comments,
      reposts: m.shares,
      quotes: Math.floor(m.shares / 3),
      shares: Math.floor(m.shares / 2),
    };
    res.json({ data: metrics.map((name) => insightEntry(id, name, values[name] ?? 0, 'lifetime')) });
  });

  // A container's status, a post's fields, or the profile (`/me`, `/{threads-user-id}`).
  api.get('/v1.0/:id', (req, res) => {
    const token = authenticated(ctx, req, res, ['threads_basic']);
    if (token === null) return;
    const id = String(req.params.id);
    const own = threadsUserId(token.grant.user);
    const container = ctx.posts.findContainer(id, 'threads');
    if (container !== null) {
      if (container.igUserId !== own) {
        sendUnsupported(res, 'get', id);
        return;
      }
      const status = ctx.posts.checkContainer(container);
      res.json(
        pick(
          {
            id,
            status,
            ...(status === 'ERROR' ? { error_message: container.errorMessage ?? 'UNKNOWN' } : {}),
          },
          requestedFields(req, ['id']),
        ),
      );
      return;
    }
    const post = ctx.posts.find('threads', id);
    if (post !== null) {
      if (post.authorId !== own) sendUnsupported(res, 'get', id);
      else res.json(pick(postFields(post, username(token)), requestedFields(req, ['id'])));
      return;
    }
    if (ownUserId(token, id) === null) {
      sendUnsupported(res, 'get', id);
      return;
    }
    const { user } = token.grant;
    res.json(
      pick(
        {
          id: own,
          username: user.username,
          name: user.name,
          threads_profile_picture_url: avatarUrl(req, user),
          threads_biography: `Perfil de testes de ${user.given_name}.`,
        },
        requestedFields(req, ['id']),
      ),
    );
  });

  for (const host of ['graph.threads.net', 'graph.threads.com']) app.use(`/${host}`, api);
}
