// Sandbox Instagram (professional accounts through Facebook Login, on graph.facebook.com, and
// through Instagram Login, on graph.instagram.com: instagram-login.ts): media containers, status
// polling, media_publish, media fields and insights, IG user fields. What differs per host is how a
// token reaches an account (`InstagramAccess`).
import type { Request, Response, Router } from 'express';
import { isHttpUrl } from '../publishing/http.js';
import {
  authenticatedGraph,
  graphEdgePage,
  graphTimestamp,
  pick,
  requestedFields,
  sendGraphError,
  sendPermissionError,
  sendUnsupported,
  versioned,
} from './graph-common.js';
import { inspectImage, type SandboxImage, sha256Hex } from './images.js';
import { looksLikeVideo } from './meta-video.js';
import { param, type SandboxContext } from './oauth-common.js';
import type { SandboxPublishedPost, SandboxVideo } from './posts.js';
import type { AccessToken, SandboxPage } from './store.js';

const CAPTION_MAX = 2200;
const ALT_TEXT_MAX = 1000;
const CAROUSEL_MIN = 2;
const CAROUSEL_MAX = 10;
/** What Instagram takes for a feed image: JPEG, 8 MB, aspect 4:5 to 1.91:1. */
const IMAGE_MAX_BYTES = 8 * 1024 * 1024;
const ASPECT_MIN = 0.8;
const ASPECT_MAX = 1.91;
const FETCH_TIMEOUT_MS = 10_000;
/** Reels: up to 300 MB (Reel specifications of POST /{ig-user-id}/media). */
const REEL_MAX_BYTES = 300 * 1024 * 1024;

type Fetched =
  | { ok: true; image: SandboxImage }
  | { ok: false; code: number; subcode: number; message: string };

/**
 * Fetches `imageUrl` as Instagram's cURL does (it must be public, it must answer an image) and
 * checks what Instagram checks: JPEG, size, aspect ratio.
 */
async function fetchImage(imageUrl: string, altText: string): Promise<Fetched> {
  const downloadFailed: Fetched = {
    ok: false,
    code: 9004,
    subcode: 2207052,
    message: "Media download has failed. The media URI doesn't meet our requirements.",
  };
  let bytes: Buffer;
  let contentType: string;
  try {
    const response = await fetch(imageUrl, {
      redirect: 'follow',
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!response.ok) return downloadFailed;
    contentType = response.headers.get('content-type') ?? '';
    bytes = Buffer.from(await response.arrayBuffer());
  } catch {
    return downloadFailed;
  }
  const image = inspectImage(bytes);
  if (image === null || !contentType.startsWith('image/')) {
    return {
      ok: false,
      code: 9004,
      subcode: 2207052,
      message: 'Only photo or video can be accepted as media type.',
    };
  }
  if (image.mimeType !== 'image/jpeg' || bytes.length > IMAGE_MAX_BYTES) {
    return {
      ok: false,
      code: 36001,
      subcode: 2207005,
      message: 'The image format is not supported. Instagram takes JPEG images up to 8 MB.',
    };
  }
  const ratio = image.width / Math.max(1, image.height);
  if (ratio < ASPECT_MIN || ratio > ASPECT_MAX) {
    return {
      ok: false,
      code: 36003,
      subcode: 2207009,
      message: 'The submitted image with aspect ratio is not supported.',
    };
  }
  return { ok: true, image: { sha256: sha256Hex(bytes), size: bytes.length, ...image, altText } };
}
type FetchedVideo = { ok: true; video: SandboxVideo } | { ok: false; message: string };

/**
 * Fetches a Reel's `video_url` (and `cover_url`) as Instagram does once the container exists:
 * a failure does not refuse the request, it ends the container in ERROR with Instagram's message.
 */
async function fetchReel(
  videoUrl: string,
  cover: { coverUrl: string | null; thumbOffsetMs: number | null },
  shareToFeed: boolean,
): Promise<FetchedVideo> {
  const download = async (url: string): Promise<Buffer | null> => {
    try {
      const response = await fetch(url, {
        redirect: 'follow',
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
      return response.ok ? Buffer.from(await response.arrayBuffer()) : null;
    } catch {
      return null;
    }
  };
  const bytes = await download(videoUrl);
  if (bytes === null) return { ok: false, message: 'Media download has failed. (2207052)' };
  if (!looksLikeVideo(bytes))
    return { ok: false, message: 'The video file is not in a supported format (MOV or MP4). (2207026)' };
  if (bytes.length > REEL_MAX_BYTES)
    return { ok: false, message: 'The video file is larger than 300 MB. (2207026)' };
  let coverSha256: string | null = null;
  if (cover.coverUrl !== null) {
    const image = await download(cover.coverUrl);
    const inspected = image === null ? null : inspectImage(image);
    if (image === null || inspected === null || inspected.mimeType !== 'image/jpeg')
      return { ok: false, message: 'The cover image could not be fetched or is not a JPEG. (2207052)' };
    coverSha256 = sha256Hex(image);
  }
  return {
    ok: true,
    video: {
      sha256: sha256Hex(bytes),
      size: bytes.length,
      kind: 'REELS',
      thumbOffsetMs: cover.thumbOffsetMs,
      coverSha256,
      shareToFeed,
    },
  };
}

const INSIGHT_METRICS = new Set([
  'reach',
  'likes',
  'comments',
  'saved',
  'shares',
  'views',
  'total_interactions',
]);

/** The Page linked to `igUserId` when this token's user manages it (and, for a Page token, is it). */
function linkedPage(ctx: SandboxContext, token: AccessToken, igUserId: string): SandboxPage | null {
  const page = token.grant.user.pages.find((p) => p.instagramAccountId === igUserId);
  if (page === undefined || (token.pageId !== null && token.pageId !== page.id)) return null;
  return ctx.store.findInstagramAccount(igUserId) === null ? null : page;
}

function missingScope(token: AccessToken, scopes: string[]): string | null {
  return scopes.find((scope) => !token.grant.scopes.includes(scope)) ?? null;
}

/**
 * How a Graph host lets a token reach an IG user: through the Page linking it (Facebook Login,
 * graph.facebook.com) or as the account itself (Instagram Login, graph.instagram.com), and which
 * permissions each kind of call needs there.
 */
export interface InstagramAccess {
  authenticate(ctx: SandboxContext, req: Request, res: Response): AccessToken | null;
  owns(ctx: SandboxContext, token: AccessToken, igUserId: string): boolean;
  scopes: { read: string[]; publish: string[]; insights: string[]; comments: string[] };
}

export const FACEBOOK_LOGIN_ACCESS: InstagramAccess = {
  authenticate: authenticatedGraph,
  owns: (ctx, token, igUserId) => linkedPage(ctx, token, igUserId) !== null,
  scopes: {
    read: ['instagram_basic'],
    publish: ['instagram_basic', 'instagram_content_publish'],
    insights: ['instagram_basic', 'instagram_manage_insights'],
    comments: ['instagram_basic', 'instagram_manage_comments'],
  },
};

export function permalink(mediaId: string): string {
  const code = BigInt(mediaId).toString(36).toUpperCase().slice(-11);
  return `https://www.instagram.com/p/${code}/`;
}

function mediaFields(ctx: SandboxContext, post: SandboxPublishedPost): Record<string, unknown> {
  const metrics = ctx.posts.metrics(post.id);
  return {
    id: post.id,
    caption: post.text,
    media_type: post.video !== undefined ? 'VIDEO' : post.media.length > 1 ? 'CAROUSEL_ALBUM' : 'IMAGE',
    media_product_type: post.video !== undefined ? 'REELS' : 'FEED',
    media_url: post.imageUrl,
    permalink: permalink(post.id),
    timestamp: post.createdAt,
    like_count: metrics.likes,
    comments_count: metrics.comments,
    owner: { id: post.authorId },
  };
}

/** `GET /<id>` for Instagram objects (container, media, IG user). False when `id` is none of them. */
export function readInstagramObject(
  ctx: SandboxContext,
  req: Request,
  res: Response,
  token: AccessToken,
  id: string,
  access: InstagramAccess = FACEBOOK_LOGIN_ACCESS,
): boolean {
  const fields = (defaults: string[]) => requestedFields(req, defaults);
  const container = ctx.posts.findContainer(id);
  if (container !== null) {
    if (!access.owns(ctx, token, container.igUserId)) sendUnsupported(res, 'get', id);
    else {
      const status = ctx.posts.checkContainer(container);
      res.json(
        pick(
          {
            id,
            status_code: status,
            status:
              status === 'ERROR'
                ? `Error: ${container.errorMessage ?? 'Media download has failed.'}`
                : status,
          },
          fields(['id']),
        ),
      );
    }
    return true;
  }
  const media = ctx.posts.find('instagram', id);
  if (media !== null) {
    if (!access.owns(ctx, token, media.authorId)) sendUnsupported(res, 'get', id);
    else res.json(pick(mediaFields(ctx, media), fields(['id'])));
    return true;
  }
  if (ctx.store.findInstagramAccount(id) !== null) {
    if (!access.owns(ctx, token, id)) {
      sendUnsupported(res, 'get', id);
      return true;
    }
    res.json(pick(instagramUserFields(ctx, req, id)!, fields(['id'])));
    return true;
  }
  return false;
}

/**
 * The fields of an IG user (a professional account), as `GET /{ig-user-id}` and the Page field
 * `instagram_business_account{…}` answer them; null when no Page links this account.
 */
export function instagramUserFields(
  ctx: SandboxContext,
  req: Request,
  igUserId: string,
): Record<string, unknown> | null {
  const account = ctx.store.findInstagramAccount(igUserId);
  if (account === null) return null;
  const owner = account.managers[0]!;
  const username = account.page.instagramUsername ?? `${owner.username}.ig`;
  return {
    id: igUserId,
    username,
    name: account.page.name,
    profile_picture_url: `${req.protocol}://${req.get('host') ?? '127.0.0.1'}/__sandbox/avatars/${encodeURIComponent(owner.sub)}.svg`,
    followers_count: 200 + (Number(igUserId.slice(-6)) % 5000),
    follows_count: 150,
    media_count: ctx.posts.list('instagram').filter((p) => p.authorId === igUserId).length,
  };
}

/** `GET /<media>/insights`. False when `id` is no Instagram media. */
export function instagramInsights(
  ctx: SandboxContext,
  req: Request,
  res: Response,
  token: AccessToken,
  id: string,
  access: InstagramAccess = FACEBOOK_LOGIN_ACCESS,
): boolean {
  const media = ctx.posts.find('instagram', id);
  if (media === null) return false;
  if (!access.owns(ctx, token, media.authorId)) {
    sendUnsupported(res, 'get', `${id}/insights`);
    return true;
  }
  if (missingScope(token, access.scopes.insights) !== null) {
    sendPermissionError(res, 10, '(#10) Application does not have permission for this action');
    return true;
  }
  const metrics = (param(req, 'metric') ?? '').split(',').filter((m) => m !== '');
  const unknown = metrics.find((m) => !INSIGHT_METRICS.has(m));
  if (metrics.length === 0 || unknown !== undefined) {
    sendGraphError(
      res,
      100,
      `(#100) metric[0] must be one of the following values: ${[...INSIGHT_METRICS].join(', ')}`,
      undefined,
      'GraphMethodException',
    );
    return true;
  }
  const m = ctx.posts.metrics(id);
  const values: Record<string, number> = {
    reach: m.reach,
    likes: m.likes,
    comments: m.comments,
    saved: Math.floor(m.likes / 5),
    shares: m.shares,
    views: m.reach + Math.floor(m.reach / 4),
    total_interactions: m.likes + m.comments + m.shares,
  };
  res.json({
    data: metrics.map((name) => ({
      name,
      period: 'lifetime',
      values: [{ value: values[name] ?? 0 }],
      title: name,
      description: name,
      id: `${id}/insights/${name}/lifetime`,
    })),
  });
  return true;
}

export function mountInstagramGraph(
  graph: Router,
  ctx: SandboxContext,
  access: InstagramAccess = FACEBOOK_LOGIN_ACCESS,
): void {
  /**
   * `POST /{ig-user-id}/media` with `media_type=REELS`: `video_url` (required), `caption`,
   * `share_to_feed`, a cover from `cover_url` (an image) or `thumb_offset` (ms). The container is
   * answered at once; the video is fetched then, and a failure ends the container in ERROR.
   */
  const createReelContainer = async (
    req: Request,
    res: Response,
    igUserId: string,
    caption: string,
  ): Promise<void> => {
    const refuse = (message: string, subcode?: number) =>
      sendGraphError(res, 100, `(#100) ${message}`, subcode, 'GraphMethodException');
    const videoUrl = param(req, 'video_url');
    if (videoUrl === undefined || videoUrl === '') return refuse('The parameter video_url is required');
    if (!isHttpUrl(videoUrl))
      return sendGraphError(res, 9004, 'Only photo or video can be accepted as media type.', 2207052);
    for (const name of ['image_url', 'children', 'alt_text']) {
      if (param(req, name) !== undefined) return refuse(`The parameter ${name} is not supported for REELS`);
    }
    if (param(req, 'is_carousel_item') === 'true')
      return refuse('A REELS container cannot be a carousel item');
    const share = param(req, 'share_to_feed');
    if (share !== undefined && share !== 'true' && share !== 'false')
      return refuse('Param share_to_feed must be a boolean');
    const offset = param(req, 'thumb_offset');
    if (offset !== undefined && !/^\d{1,9}$/.test(offset))
      return refuse('Param thumb_offset must be a non-negative integer (milliseconds)');
    const coverUrl = param(req, 'cover_url');
    if (coverUrl !== undefined && !isHttpUrl(coverUrl)) return refuse('Param cover_url must be a URL');
    const fetched = await fetchReel(
      videoUrl,
      { coverUrl: coverUrl ?? null, thumbOffsetMs: offset === undefined ? null : Number(offset) },
      share !== 'false',
    );
    const container = ctx.posts.createContainer({
      igUserId,
      imageUrl: videoUrl,
      caption,
      mediaType: 'REELS',
      video: fetched.ok ? fetched.video : null,
      ...(fetched.ok ? {} : { errorMessage: fetched.message }),
    });
    res.json({ id: container.id });
  };

  const publishingToken = (req: Request, res: Response, igUserId: string): AccessToken | null => {
    const token = access.authenticate(ctx, req, res);
    if (token === null) return null;
    if (ctx.store.findInstagramAccount(igUserId) === null || !access.owns(ctx, token, igUserId)) {
      sendUnsupported(res, 'post', igUserId);
      return null;
    }
    if (missingScope(token, access.scopes.publish) !== null) {
      sendPermissionError(res, 10, '(#10) Application does not have permission for this action');
      return null;
    }
    return token;
  };

  // The first comment (docs/first-comment.md). `POST /{ig-media-id}/comments?message=`: a comment by
  // the media's own account (the token must publish for it); `message` required, at most 2,200
  // characters; a media that does not exist is Graph's "Unsupported post request". Answers `{id}`.
  graph.post(
    '/:version/:id/comments',
    versioned(async (req, res) => {
      const mediaId = String(req.params.id);
      const media = ctx.posts.find('instagram', mediaId);
      if (media === null) {
        const token = access.authenticate(ctx, req, res);
        if (token !== null) sendUnsupported(res, 'post', mediaId);
        return;
      }
      const token = publishingToken(req, res, media.authorId);
      if (token === null) return;
      if (missingScope(token, access.scopes.comments) !== null) {
        sendPermissionError(res, 10, '(#10) Application does not have permission for this action');
        return;
      }
      const message = param(req, 'message');
      if (message === undefined || message.trim() === '') {
        sendGraphError(
          res,
          100,
          '(#100) The parameter message is required',
          undefined,
          'GraphMethodException',
        );
        return;
      }
      if ([...message].length > CAPTION_MAX) {
        sendGraphError(res, 100, '(#100) The comment is too long.', 2207004, 'GraphMethodException');
        return;
      }
      await ctx.posts.latency();
      const account = ctx.store.findInstagramAccount(media.authorId);
      const comment = ctx.posts.addComment({
        network: 'instagram',
        parentId: mediaId,
        authorId: media.authorId,
        authorName:
          account?.page.instagramUsername ?? `${account?.managers[0]?.username ?? media.authorId}.ig`,
        text: message,
      });
      res.json({ id: comment.id });
    }),
  );
  // `GET /{ig-media-id}/comments`: the media's comments, oldest first (`id`, `text`, `timestamp`,
  // `username`, `from{id,username}`), paged like every Graph edge.
  graph.get(
    '/:version/:id/comments',
    versioned((req, res) => {
      const token = access.authenticate(ctx, req, res);
      if (token === null) return;
      const mediaId = String(req.params.id);
      const media = ctx.posts.find('instagram', mediaId);
      if (media === null || !access.owns(ctx, token, media.authorId)) {
        sendUnsupported(res, 'get', `${mediaId}/comments`);
        return;
      }
      const fields = requestedFields(req, ['id', 'text', 'timestamp']);
      res.json(
        graphEdgePage(req, ctx.posts.listComments({ network: 'instagram', parentId: mediaId }), (comment) =>
          pick(
            {
              id: comment.id,
              text: comment.text,
              timestamp: graphTimestamp(comment.createdAt),
              username: comment.authorName,
              from: { id: comment.authorId, username: comment.authorName },
            },
            fields,
          ),
        ),
      );
    }),
  );
  // `GET /{ig-user-id}/media`: the account's media, newest first (caption, timestamp, permalink).
  graph.get(
    '/:version/:id/media',
    versioned((req, res) => {
      const token = access.authenticate(ctx, req, res);
      if (token === null) return;
      const igUserId = String(req.params.id);
      if (!access.owns(ctx, token, igUserId)) {
        sendUnsupported(res, 'get', `${igUserId}/media`);
        return;
      }
      if (missingScope(token, access.scopes.read) !== null) {
        sendPermissionError(res, 10, '(#10) Application does not have permission for this action');
        return;
      }
      const fields = requestedFields(req, ['id']);
      res.json(
        graphEdgePage(req, ctx.posts.listByAuthor('instagram', igUserId), (post) =>
          pick({ ...mediaFields(ctx, post), timestamp: graphTimestamp(post.createdAt) }, fields),
        ),
      );
    }),
  );
  graph.post(
    '/:version/:id/media',
    versioned(async (req, res) => {
      const igUserId = String(req.params.id);
      if (publishingToken(req, res, igUserId) === null) return;
      const imageUrl = param(req, 'image_url');
      const caption = param(req, 'caption') ?? '';
      const altText = param(req, 'alt_text') ?? '';
      const mediaType = param(req, 'media_type');
      const isCarouselItem = param(req, 'is_carousel_item') === 'true';
      if ([...caption].length > CAPTION_MAX) {
        sendGraphError(res, 100, '(#100) The caption is too long.', 2207004, 'GraphMethodException');
        return;
      }
      if (mediaType === 'REELS') {
        await createReelContainer(req, res, igUserId, caption);
        return;
      }
      if (param(req, 'video_url') !== undefined || (mediaType !== undefined && mediaType !== 'CAROUSEL')) {
        // Since 2023 a video is a Reel (media_type=VIDEO is gone); the sandbox has no Stories.
        sendGraphError(
          res,
          100,
          '(#100) The parameter media_type must be REELS for a video (or CAROUSEL, or absent for an image)',
          2207067,
          'GraphMethodException',
        );
        return;
      }
      if (mediaType === 'CAROUSEL') {
        const ids = (param(req, 'children') ?? '').split(',').filter((id) => id !== '');
        if (ids.length < CAROUSEL_MIN || ids.length > CAROUSEL_MAX) {
          sendGraphError(
            res,
            100,
            `(#100) A carousel needs ${CAROUSEL_MIN} to ${CAROUSEL_MAX} children`,
            2207036,
            'GraphMethodException',
          );
          return;
        }
        const children = ids.map((id) => ctx.posts.findContainer(id));
        const bad = children.findIndex(
          (child) => child === null || child.igUserId !== igUserId || !child.isCarouselItem,
        );
        if (bad !== -1) {
          sendGraphError(
            res,
            100,
            `(#100) children[${bad}] is not a carousel item of this account`,
            undefined,
            'GraphMethodException',
          );
          return;
        }
        if (children.some((child) => ctx.posts.containerStatus(child!) !== 'FINISHED')) {
          sendGraphError(
            res,
            9007,
            'Media ID is not available: a carousel item is not ready, please wait for a moment.',
            2207027,
            'OAuthException',
          );
          return;
        }
        const container = ctx.posts.createContainer({
          igUserId,
          imageUrl: '',
          caption,
          mediaType: 'CAROUSEL',
          children: ids,
        });
        res.json({ id: container.id });
        return;
      }
      if (imageUrl === undefined || imageUrl === '') {
        sendGraphError(
          res,
          100,
          '(#100) The parameter image_url is required',
          undefined,
          'GraphMethodException',
        );
        return;
      }
      let parsed: URL | null = null;
      try {
        parsed = new URL(imageUrl);
      } catch {
        parsed = null;
      }
      if (parsed === null || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
        sendGraphError(
          res,
          9004,
          'Only photo or video can be accepted as media type.',
          2207052,
          'OAuthException',
        );
        return;
      }
      if ([...altText].length > ALT_TEXT_MAX) {
        sendGraphError(res, 100, '(#100) alt_text is too long.', undefined, 'GraphMethodException');
        return;
      }
      const fetched = await fetchImage(imageUrl, altText);
      if (!fetched.ok) {
        sendGraphError(res, fetched.code, fetched.message, fetched.subcode, 'OAuthException');
        return;
      }
      const container = ctx.posts.createContainer({
        igUserId,
        imageUrl,
        caption: isCarouselItem ? '' : caption,
        isCarouselItem,
        altText,
        image: fetched.image,
      });
      res.json({ id: container.id });
    }),
  );

  graph.post(
    '/:version/:id/media_publish',
    versioned(async (req, res) => {
      const igUserId = String(req.params.id);
      if (publishingToken(req, res, igUserId) === null) return;
      const creationId = param(req, 'creation_id');
      const container = creationId === undefined ? null : ctx.posts.findContainer(creationId);
      if (container === null || container.igUserId !== igUserId) {
        sendGraphError(
          res,
          100,
          '(#100) Param creation_id must be a valid media container id',
          undefined,
          'GraphMethodException',
        );
        return;
      }
      if (container.isCarouselItem) {
        sendGraphError(
          res,
          100,
          '(#100) A carousel item cannot be published on its own',
          undefined,
          'GraphMethodException',
        );
        return;
      }
      const status = ctx.posts.containerStatus(container);
      if (status === 'PUBLISHED') {
        sendGraphError(res, 9007, 'The media has already been published.', 2207006, 'OAuthException');
        return;
      }
      if (status !== 'FINISHED') {
        sendGraphError(
          res,
          9007,
          'Media ID is not available: the media is not ready for publishing, please wait for a moment.',
          2207027,
          'OAuthException',
        );
        return;
      }
      await ctx.posts.latency();
      if (container.publishedMediaId !== null) {
        sendGraphError(res, 9007, 'The media has already been published.', 2207006, 'OAuthException');
        return;
      }
      const mediaId = ctx.posts.nextNumber();
      container.publishedMediaId = mediaId;
      const items =
        container.mediaType === 'CAROUSEL'
          ? container.children.map((id) => ctx.posts.findContainer(id)).filter((c) => c !== null)
          : [container];
      const reel = container.mediaType === 'REELS' ? (container.video ?? null) : null;
      ctx.posts.add({
        network: 'instagram',
        id: mediaId,
        authorId: igUserId,
        text: container.caption,
        imageUrl: reel === null ? (items[0]?.imageUrl ?? null) : null,
        media: items.flatMap((item) => (item.image === null ? [] : [{ ...item.image }])),
        ...(reel === null ? {} : { video: { ...reel } }),
      });
      res.json({ id: mediaId });
    }),
  );
}
