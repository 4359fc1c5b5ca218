// Sandbox X (Twitter API v2): OAuth 2.0 with PKCE and HTTP Basic client authentication,
// rotating refresh tokens when `offline.access` was granted, GET /2/users/me, POST /2/tweets
// (with X's duplicate-content refusal) and GET /2/tweets?ids=… with public_metrics. Images go
// through `POST /2/media/upload`; a video through the chunked upload of x-video.ts.
import { measureXLength } from '@pauta/core';
import { type Request, type Response, Router } from 'express';
import { fileField, inspectImage, readMultipart, type SandboxImage, sha256Hex } from './images.js';
import {
  avatarUrl,
  basicAuthClient,
  bearerToken,
  mountAuthorize,
  param,
  queryString,
  redeemRequestCode,
  type SandboxContext,
  sendOAuthError,
} from './oauth-common.js';
import type { SandboxVideo } from './posts.js';
import type { Grant, IssuedTokens } from './store.js';
import { mountXVideo, usableXVideo, type XVideoUpload } from './x-video.js';

const MEDIA_TTL_SECONDS = 86_400;
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const GIF_MAX_BYTES = 15 * 1024 * 1024;
const ALT_TEXT_MAX = 1000;
const MEDIA_PER_POST = 4;

function tokenBody(issued: IssuedTokens, grant: Grant) {
  const body: Record<string, unknown> = {
    token_type: 'bearer',
    expires_in: issued.expiresIn,
    access_token: issued.accessToken.token,
    scope: grant.scopes.join(' '),
  };
  if (issued.refreshToken !== null) body.refresh_token = issued.refreshToken.token;
  return body;
}

function problem(status: number, title: string, detail: string = title) {
  return { title, type: 'about:blank', status, detail };
}

function invalidRequest(res: Response, message: string, code?: number): void {
  res.status(400).json({
    errors: [{ message, ...(code === undefined ? {} : { code }) }],
    title: 'Invalid Request',
    detail: 'One or more parameters to your request was invalid.',
    type: 'https://api.twitter.com/2/problems/invalid-request',
  });
}

async function createTweet(ctx: SandboxContext, req: Request, res: Response): Promise<void> {
  const token = ctx.store.findAccessToken('x', bearerToken(req));
  if (token === null) {
    res.status(401).json(problem(401, 'Unauthorized'));
    return;
  }
  if (!token.grant.scopes.includes('tweet.write')) {
    res.status(403).json(problem(403, 'Forbidden', 'You are not permitted to perform this action.'));
    return;
  }
  const body = req.body as unknown;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    invalidRequest(res, 'The request body must be a JSON object.');
    return;
  }
  const { text, media, reply } = body as { text?: unknown; media?: unknown; reply?: unknown };
  // A reply (the first comment, docs/first-comment.md): `reply.in_reply_to_tweet_id`, a post that
  // exists; X answers 403 for a post deleted or not visible.
  let inReplyToId: string | undefined;
  if (reply !== undefined) {
    const target =
      typeof reply === 'object' && reply !== null
        ? (reply as { in_reply_to_tweet_id?: unknown }).in_reply_to_tweet_id
        : null;
    if (typeof target !== 'string' || !/^\d{1,19}$/.test(target)) {
      invalidRequest(res, '$.reply.in_reply_to_tweet_id: a numeric post id is required.');
      return;
    }
    if (ctx.posts.find('x', target) === null) {
      res
        .status(403)
        .json(
          problem(
            403,
            'Forbidden',
            'You attempted to reply to a Tweet that is deleted or not visible to you.',
          ),
        );
      return;
    }
    inReplyToId = target;
  }
  const mediaIds =
    typeof media === 'object' && media !== null && Array.isArray((media as { media_ids?: unknown }).media_ids)
      ? ((media as { media_ids: unknown[] }).media_ids as unknown[])
      : media === undefined
        ? []
        : null;
  if (
    mediaIds === null ||
    mediaIds.length > MEDIA_PER_POST ||
    mediaIds.some((id) => typeof id !== 'string')
  ) {
    invalidRequest(res, `$.media.media_ids: 1 to ${MEDIA_PER_POST} media id strings are required.`);
    return;
  }
  if (typeof text !== 'string' || (text.trim() === '' && mediaIds.length === 0)) {
    invalidRequest(res, '$.text: the text of the post must not be empty when no media is attached.');
    return;
  }
  const images: SandboxImage[] = [];
  let video: XVideoUpload | null = null;
  for (const id of mediaIds as string[]) {
    const uploadedVideo = usableXVideo(ctx, id, token.grant.user.sub);
    if (uploadedVideo === 'not-ready') {
      // X refuses a video whose processing has not succeeded (still in progress, or failed).
      invalidRequest(res, 'Your media IDs are invalid.', 324);
      return;
    }
    if (uploadedVideo !== null) {
      // A video goes alone: one per post, no images beside it.
      if (mediaIds.length > 1) {
        invalidRequest(res, 'Your media IDs are invalid.', 324);
        return;
      }
      video = uploadedVideo;
      continue;
    }
    const upload = ctx.posts.findUpload('x', id);
    if (
      upload === null ||
      upload.ownerId !== token.grant.user.sub ||
      upload.image === null ||
      ctx.posts.isExpired(upload)
    ) {
      invalidRequest(res, 'Your media IDs are invalid.', 324);
      return;
    }
    images.push(upload.image);
  }
  if (measureXLength(text) > 280) {
    res.status(403).json(problem(403, 'Forbidden', 'Your Tweet text is too long.'));
    return;
  }
  const author = token.grant.user.sub;
  if (ctx.posts.isDuplicate('x', author, text)) {
    res
      .status(403)
      .json(problem(403, 'Forbidden', 'You are not allowed to create a Tweet with duplicate content.'));
    return;
  }
  await ctx.posts.latency();
  // Checked again: a concurrent identical post may have landed during the latency.
  if (ctx.posts.isDuplicate('x', author, text)) {
    res
      .status(403)
      .json(problem(403, 'Forbidden', 'You are not allowed to create a Tweet with duplicate content.'));
    return;
  }
  const id = ctx.posts.nextNumber();
  const recordedVideo: SandboxVideo | null =
    video === null || video.sha256 === null
      ? null
      : {
          sha256: video.sha256,
          size: video.totalBytes,
          mimeType: video.mediaType,
          chunks: video.chunks,
          thumbnailSha256: null,
          title: null,
        };
  ctx.posts.add({
    network: 'x',
    id,
    authorId: author,
    text,
    imageUrl: null,
    media: images.map((i) => ({ ...i })),
    ...(recordedVideo === null ? {} : { video: recordedVideo }),
    ...(inReplyToId === undefined ? {} : { inReplyToId }),
  });
  if (video !== null) video.usedBy = id;
  for (const mediaId of mediaIds as string[]) {
    const upload = ctx.posts.findUpload('x', mediaId);
    if (upload !== null) upload.usedBy = id;
  }
  res.status(201).json({ data: { id, text, edit_history_tweet_ids: [id] } });
}

/** The token of a media call, with media.write; null after answering 401/403. */
function mediaToken(ctx: SandboxContext, req: Request, res: Response) {
  const token = ctx.store.findAccessToken('x', bearerToken(req));
  if (token === null) {
    res.status(401).json(problem(401, 'Unauthorized'));
    return null;
  }
  if (!token.grant.scopes.includes('media.write')) {
    res.status(403).json(problem(403, 'Forbidden', 'You are not permitted to perform this action.'));
    return null;
  }
  return token;
}

/** `POST /2/media/upload` (multipart: `media`, `media_category`): one image, checked by its bytes. */
async function uploadMedia(ctx: SandboxContext, req: Request, res: Response): Promise<void> {
  const token = mediaToken(ctx, req, res);
  if (token === null) return;
  const form = await readMultipart(req.get('content-type'), req.body);
  const bytes = form === null ? null : await fileField(form, 'media');
  if (form === null || bytes === null || bytes.length === 0) {
    invalidRequest(res, 'media: a multipart/form-data body with the media file is required.');
    return;
  }
  const category = form.get('media_category');
  if (category !== null && !['tweet_image', 'tweet_gif'].includes(String(category))) {
    invalidRequest(res, `media_category: ${String(category)} is not supported by the sandbox.`);
    return;
  }
  const image = inspectImage(bytes);
  if (image === null) {
    invalidRequest(res, 'media type unrecognized.');
    return;
  }
  const max = image.mimeType === 'image/gif' ? GIF_MAX_BYTES : IMAGE_MAX_BYTES;
  if (bytes.length > max) {
    invalidRequest(res, `File size exceeds ${max} bytes.`);
    return;
  }
  const upload = ctx.posts.createUpload({
    network: 'x',
    ownerId: token.grant.user.sub,
    image: { sha256: sha256Hex(bytes), size: bytes.length, ...image, altText: '' },
    ttlMs: MEDIA_TTL_SECONDS * 1000,
  });
  res.json({
    data: {
      id: upload.id,
      media_key: `3_${upload.id}`,
      size: bytes.length,
      expires_after_secs: MEDIA_TTL_SECONDS,
      image: { image_type: image.mimeType, w: image.width, h: image.height },
    },
  });
}

/** `POST /2/media/metadata` `{ id, metadata: { alt_text: { text } } }`. */
function mediaMetadata(ctx: SandboxContext, req: Request, res: Response): void {
  const token = mediaToken(ctx, req, res);
  if (token === null) return;
  const body = req.body as { id?: unknown; metadata?: { alt_text?: { text?: unknown } } } | undefined;
  const id = typeof body?.id === 'string' ? body.id : '';
  const text = body?.metadata?.alt_text?.text;
  const upload = ctx.posts.findUpload('x', id);
  if (upload === null || upload.ownerId !== token.grant.user.sub || ctx.posts.isExpired(upload)) {
    invalidRequest(res, `$.id: media ${id} was not found.`);
    return;
  }
  if (typeof text !== 'string' || [...text].length > ALT_TEXT_MAX) {
    invalidRequest(res, `$.metadata.alt_text.text: up to ${ALT_TEXT_MAX} characters are required.`);
    return;
  }
  if (upload.image !== null) upload.image.altText = text;
  res.json({ data: { id, associated_metadata: { alt_text: { text } } } });
}

/** X escapes these in the text it returns. */
function escapeXText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * `GET /2/users/:id/tweets`: the user's posts, newest first; `start_time` honoured, `max_results`
 * 5–100, `pagination_token`; `tweet.fields=created_at` adds the date. Read-only.
 */
function userTweets(ctx: SandboxContext, req: Request, res: Response): void {
  const token = ctx.store.findAccessToken('x', bearerToken(req));
  if (token === null) {
    res.status(401).json(problem(401, 'Unauthorized'));
    return;
  }
  if (!token.grant.scopes.includes('tweet.read') || !token.grant.scopes.includes('users.read')) {
    res.status(403).json(problem(403, 'Forbidden'));
    return;
  }
  const max = Number(queryString(req, 'max_results') ?? 10);
  if (!Number.isInteger(max) || max < 5 || max > 100) {
    invalidRequest(res, 'The `max_results` query parameter value must be between 5 and 100.');
    return;
  }
  const startTime = queryString(req, 'start_time');
  const since = startTime === undefined ? 0 : Date.parse(startTime);
  if (Number.isNaN(since)) {
    invalidRequest(res, 'The `start_time` query parameter value is not a valid RFC 3339 date.');
    return;
  }
  const excluded = (queryString(req, 'exclude') ?? '').split(',');
  const tweets = ctx.posts
    .listByAuthor('x', String(req.params.id))
    .filter((post) => Date.parse(post.createdAt) >= since)
    .filter((post) => !(excluded.includes('replies') && post.inReplyToId !== undefined));
  const withReferences = (queryString(req, 'tweet.fields') ?? '').split(',').includes('referenced_tweets');
  const token_ = queryString(req, 'pagination_token');
  const start = token_ === undefined ? 0 : Number(Buffer.from(token_, 'base64url').toString('utf8')) || 0;
  const page = tweets.slice(start, start + max);
  const withDate = (queryString(req, 'tweet.fields') ?? '').split(',').includes('created_at');
  const next = start + page.length < tweets.length;
  res.json({
    ...(page.length === 0
      ? {}
      : {
          data: page.map((post) => ({
            id: post.id,
            text: escapeXText(post.text),
            edit_history_tweet_ids: [post.id],
            ...(withDate ? { created_at: post.createdAt } : {}),
            ...(withReferences && post.inReplyToId !== undefined
              ? { referenced_tweets: [{ type: 'replied_to', id: post.inReplyToId }] }
              : {}),
          })),
        }),
    meta: {
      result_count: page.length,
      ...(page.length === 0 ? {} : { newest_id: page[0]!.id, oldest_id: page.at(-1)!.id }),
      ...(next ? { next_token: Buffer.from(String(start + page.length), 'utf8').toString('base64url') } : {}),
    },
  });
}

function lookupTweets(ctx: SandboxContext, req: Request, res: Response): void {
  const token = ctx.store.findAccessToken('x', bearerToken(req));
  if (token === null) {
    res.status(401).json(problem(401, 'Unauthorized'));
    return;
  }
  if (!token.grant.scopes.includes('tweet.read')) {
    res.status(403).json(problem(403, 'Forbidden', 'You are not permitted to perform this action.'));
    return;
  }
  const ids = (queryString(req, 'ids') ?? '').split(',').filter((id) => id !== '');
  if (ids.length === 0 || ids.length > 100 || ids.some((id) => !/^\d{1,19}$/.test(id))) {
    invalidRequest(res, 'The `ids` query parameter value must be 1 to 100 comma-separated numeric ids.');
    return;
  }
  const fields = (queryString(req, 'tweet.fields') ?? '').split(',');
  const data: Record<string, unknown>[] = [];
  const errors: Record<string, unknown>[] = [];
  for (const id of ids) {
    const post = ctx.posts.find('x', id);
    if (post === null) {
      errors.push({
        value: id,
        detail: `Could not find tweet with ids: [${id}].`,
        title: 'Not Found Error',
        resource_type: 'tweet',
        parameter: 'ids',
        resource_id: id,
        type: 'https://api.twitter.com/2/problems/resource-not-found',
      });
      continue;
    }
    const tweet: Record<string, unknown> = { id, text: post.text, edit_history_tweet_ids: [id] };
    if (fields.includes('created_at')) tweet.created_at = post.createdAt;
    if (fields.includes('author_id')) tweet.author_id = post.authorId;
    if (fields.includes('public_metrics')) {
      const m = ctx.posts.metrics(id);
      tweet.public_metrics = {
        retweet_count: m.shares,
        reply_count: m.comments,
        like_count: m.likes,
        quote_count: Math.floor(m.shares / 3),
        bookmark_count: Math.floor(m.likes / 10),
        impression_count: m.reach,
      };
    }
    data.push(tweet);
  }
  res.json({ ...(data.length > 0 ? { data } : {}), ...(errors.length > 0 ? { errors } : {}) });
}

export function mountX(app: Router, ctx: SandboxContext): void {
  mountAuthorize(app, ctx, {
    network: 'x',
    requirePkce: true,
    denyParams: { error: 'access_denied' },
    hosts: ['twitter.com', 'x.com'],
    path: '/i/oauth2/authorize',
  });

  const api = Router();
  api.post('/2/oauth2/token', (req, res) => {
    // Confidential clients must use HTTP Basic.
    const client = basicAuthClient(ctx, 'x', req);
    if (client === null) {
      sendOAuthError(res, 401, 'invalid_client', 'Missing valid authorization header');
      return;
    }
    const grantType = param(req, 'grant_type');
    if (grantType === 'authorization_code') {
      const result = redeemRequestCode(ctx, req, 'x', client.clientId, true);
      if (!result.ok) {
        sendOAuthError(res, 400, 'invalid_grant', 'Value passed for the authorization code was invalid.');
        return;
      }
      // Without offline.access X issues no refresh token.
      const issued = ctx.store.issueTokens(result.grant, {
        refresh: result.grant.scopes.includes('offline.access'),
      });
      res.json(tokenBody(issued, result.grant));
      return;
    }
    if (grantType === 'refresh_token') {
      const issued = ctx.store.refresh('x', client.clientId, param(req, 'refresh_token'));
      if (issued === null) {
        sendOAuthError(res, 400, 'invalid_grant', 'Value passed for the token was invalid.');
        return;
      }
      res.json(tokenBody(issued, issued.accessToken.grant));
      return;
    }
    sendOAuthError(res, 400, 'invalid_request', 'Missing required parameter [grant_type].');
  });
  api.post('/2/oauth2/revoke', (req, res) => {
    const token = param(req, 'token');
    if (token !== undefined) ctx.store.revoke(token);
    res.json({ revoked: true });
  });
  api.get('/2/users/me', (req, res) => {
    const token = ctx.store.findAccessToken('x', bearerToken(req));
    if (token === null) {
      res.status(401).json(problem(401, 'Unauthorized'));
      return;
    }
    const { user, scopes } = token.grant;
    if (!scopes.includes('users.read') || !scopes.includes('tweet.read')) {
      res.status(403).json(problem(403, 'Forbidden'));
      return;
    }
    const fields = (queryString(req, 'user.fields') ?? '').split(',');
    const data: Record<string, unknown> = { id: user.sub, name: user.name, username: user.username };
    if (fields.includes('profile_image_url')) data.profile_image_url = avatarUrl(req, user);
    if (fields.includes('public_metrics')) {
      data.public_metrics = {
        followers_count: 128,
        following_count: 64,
        tweet_count: 42,
        listed_count: 1,
        like_count: 256,
      };
    }
    if (fields.includes('verified')) data.verified = false;
    res.json({ data });
  });
  api.post('/2/tweets', (req, res) => createTweet(ctx, req, res));
  api.post('/2/media/upload', (req, res) => uploadMedia(ctx, req, res));
  mountXVideo(api, ctx, { mediaToken: (req, res) => mediaToken(ctx, req, res), invalidRequest });
  api.post('/2/media/metadata', (req, res) => {
    mediaMetadata(ctx, req, res);
  });
  api.get('/2/users/:id/tweets', (req, res) => userTweets(ctx, req, res));
  api.get('/2/tweets', (req, res) => {
    lookupTweets(ctx, req, res);
  });
  app.use('/api.twitter.com', api);
  app.use('/api.x.com', api);
}
