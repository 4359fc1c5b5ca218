// Sandbox Facebook: the Login dialog, the Graph token endpoint (code exchange and
// fb_exchange_token), /me and /me/accounts with Page tokens, Page fields, publishing to a Page
// feed and post metrics (fields and insights), in Graph API error shapes. Instagram's Graph
// surface is mounted on the same router (instagram.ts), and so are Page videos and Reels with
// rupload.facebook.com (facebook-video.ts).
import { createHash } from 'node:crypto';
import { type Request, type Response, Router } from 'express';
import { mountFacebookComments } from './facebook-comments.js';
import { mountFacebookVideo, readFacebookVideo } from './facebook-video.js';
import {
  authenticatedGraph,
  GRAPH_VERSION,
  graphEdgePage,
  graphTimestamp,
  graphToken,
  pick,
  requestedFields,
  requestedFieldTree,
  sendGraphError,
  sendPermissionError,
  sendUnsupported,
  versioned,
} from './graph-common.js';
import { fileField, inspectImage, readMultipart, type SandboxImage, sha256Hex } from './images.js';
import {
  instagramInsights,
  instagramUserFields,
  mountInstagramGraph,
  readInstagramObject,
} from './instagram.js';
import {
  avatarUrl,
  handleAuthorize,
  param,
  type SandboxContext,
  safeEqual,
  sendErrorPage,
} from './oauth-common.js';
import type { SandboxPublishedPost } from './posts.js';
import {
  type AccessToken,
  type CodeExchangeFailure,
  FACEBOOK_LONG_LIVED_TTL,
  type SandboxPage,
} from './store.js';

const MESSAGE_MAX = 63_206;
/** Page photos: up to 10 MB; an unpublished photo can be attached to a post for 24 hours. */
const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
const UNPUBLISHED_PHOTO_TTL_MS = 24 * 60 * 60 * 1000;
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const ALT_TEXT_MAX = 1000;
const POST_INSIGHT_METRICS = new Set([
  'post_total_media_view_unique',
  'post_reactions_by_type_total',
  'post_clicks',
]);

/**
 * A Page's `instagram_business_account` (omitted when no professional account is linked, or the
 * token lacks the permissions to see it): `id` with `pages_read_engagement` or `instagram_basic`,
 * the account's other fields (`{username,profile_picture_url}`) with `instagram_basic`.
 */
function linkedInstagramAccount(
  ctx: SandboxContext,
  req: Request,
  token: AccessToken,
  page: SandboxPage,
  nested: string[] | null,
): Record<string, unknown> | undefined {
  const igUserId = page.instagramAccountId;
  if (igUserId === undefined || igUserId === null) return undefined;
  const { scopes } = token.grant;
  if (!scopes.includes('instagram_basic') && !scopes.includes('pages_read_engagement')) return undefined;
  const profile = instagramUserFields(ctx, req, igUserId);
  if (profile === null) return undefined;
  if (!scopes.includes('instagram_basic')) return { id: igUserId };
  return pick(profile, nested ?? ['id']);
}

/** Deterministic audience numbers for a Page. */
function pageAudience(pageId: string): { fan_count: number; followers_count: number } {
  const n = createHash('sha256').update(pageId).digest().readUInt32BE(0);
  const fans = 150 + (n % 9850);
  return { fan_count: fans, followers_count: fans + (n % 97) };
}

/** Can this token act on/read the Page: its Page token, or a user token of one of its managers. */
function pageAccess(token: AccessToken, pageId: string): SandboxPage | null {
  if (token.pageId !== null && token.pageId !== pageId) return null;
  return token.grant.user.pages.find((p) => p.id === pageId) ?? null;
}

function postFields(ctx: SandboxContext, post: SandboxPublishedPost): Record<string, unknown> {
  const m = ctx.posts.metrics(post.id);
  const fields: Record<string, unknown> = {
    id: post.id,
    message: post.text,
    created_time: post.createdAt.replace(/\.\d{3}Z$/, '+0000'),
    permalink_url: `https://www.facebook.com/${post.id}`,
    from: { id: post.authorId },
    likes: { data: [], summary: { total_count: m.likes, can_like: true, has_liked: false } },
    comments: { data: [], summary: { order: 'ranked', total_count: m.comments, can_comment: true } },
  };
  // Facebook omits `shares` entirely when nobody shared the post.
  if (m.shares > 0) fields.shares = { count: m.shares };
  return fields;
}

function readGraphObject(ctx: SandboxContext, req: Request, res: Response): void {
  const token = authenticatedGraph(ctx, req, res);
  if (token === null) return;
  const id = String(req.params.id);
  const found = ctx.store.findPage(id);
  if (found !== null) {
    if (pageAccess(token, id) === null) {
      sendUnsupported(res, 'get', id);
      return;
    }
    const { page } = found;
    res.json(
      pick(
        {
          id: page.id,
          name: page.name,
          category: page.category,
          link: `https://www.facebook.com/${page.id}`,
          ...pageAudience(page.id),
          instagram_business_account:
            page.instagramAccountId === undefined || page.instagramAccountId === null
              ? undefined
              : { id: page.instagramAccountId },
        },
        requestedFields(req, ['id', 'name']),
      ),
    );
    return;
  }
  if (
    readFacebookVideo(ctx, req, res, token, id, (postId) =>
      postFields(ctx, ctx.posts.find('facebook', postId)!),
    )
  )
    return;
  const post = ctx.posts.find('facebook', id);
  if (post !== null) {
    if (pageAccess(token, post.authorId) === null) sendUnsupported(res, 'get', id);
    else res.json(pick(postFields(ctx, post), requestedFields(req, ['id', 'message', 'created_time'])));
    return;
  }
  if (!readInstagramObject(ctx, req, res, token, id)) sendUnsupported(res, 'get', id);
}

/**
 * `GET /{page-id}/posts`: the Page's posts, newest first, `since` (unix seconds) honoured; fields
 * `message`, `created_time`, `permalink_url`. Read-only; the Page's own token.
 */
function listPagePosts(ctx: SandboxContext, req: Request, res: Response): void {
  const token = authenticatedGraph(ctx, req, res);
  if (token === null) return;
  const pageId = String(req.params.id);
  if (ctx.store.findPage(pageId) === null || pageAccess(token, pageId) === null) {
    sendUnsupported(res, 'get', `${pageId}/posts`);
    return;
  }
  const since = Number(req.query.since ?? 0) * 1000 || 0;
  const posts = ctx.posts
    .listByAuthor('facebook', pageId)
    .filter((post) => Date.parse(post.createdAt) >= since);
  const fields = requestedFields(req, ['id', 'message', 'created_time']);
  res.json(
    graphEdgePage(req, posts, (post) =>
      pick(
        {
          id: post.id,
          ...(post.text === '' ? {} : { message: post.text }),
          created_time: graphTimestamp(post.createdAt),
          permalink_url: `https://www.facebook.com/${post.id}`,
        },
        fields,
      ),
    ),
  );
}

async function publishToFeed(ctx: SandboxContext, req: Request, res: Response): Promise<void> {
  const token = authenticatedGraph(ctx, req, res);
  if (token === null) return;
  const pageId = String(req.params.id);
  if (ctx.store.findPage(pageId) === null) {
    sendUnsupported(res, 'post', `${pageId}/feed`);
    return;
  }
  // Only a Page token of this very Page may post as the Page.
  if (token.pageId !== pageId || pageAccess(token, pageId) === null) {
    sendPermissionError(
      res,
      200,
      '(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission',
    );
    return;
  }
  if (!token.grant.scopes.includes('pages_manage_posts')) {
    sendPermissionError(
      res,
      200,
      '(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission',
    );
    return;
  }
  const message = param(req, 'message') ?? '';
  const link = param(req, 'link');
  const attached = attachedMedia(ctx, req, pageId);
  if (typeof attached === 'string') {
    sendGraphError(res, 100, attached, undefined, 'GraphMethodException');
    return;
  }
  if (message.trim() === '' && (link === undefined || link === '') && attached.length === 0) {
    sendGraphError(res, 100, '(#100) Missing message or attachment', undefined, 'GraphMethodException');
    return;
  }
  if ([...message].length > MESSAGE_MAX) {
    sendGraphError(res, 100, '(#100) The message is too long', undefined, 'GraphMethodException');
    return;
  }
  await ctx.posts.latency();
  const id = `${pageId}_${ctx.posts.nextNumber()}`;
  ctx.posts.add({
    network: 'facebook',
    id,
    authorId: pageId,
    text: message,
    imageUrl: null,
    media: attached.map((upload) => ({ ...upload.image! })),
  });
  for (const upload of attached) {
    const stored = ctx.posts.findUpload('facebook', upload.id);
    if (stored !== null) stored.usedBy = id;
  }
  res.json({ id });
}

/**
 * `attached_media[N]={"media_fbid":"…"}` (or `attached_media=[…]`): unpublished photos of this
 * Page, uploaded within 24 h and not yet in a post; the Graph error message when one is not.
 */
function attachedMedia(ctx: SandboxContext, req: Request, pageId: string) {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const raw: unknown[] = [];
  if (typeof body.attached_media === 'string') {
    try {
      const parsed: unknown = JSON.parse(body.attached_media);
      if (Array.isArray(parsed)) raw.push(...parsed);
      else return '(#100) param attached_media must be an array';
    } catch {
      return '(#100) param attached_media must be an array';
    }
  }
  for (let index = 0; typeof body[`attached_media[${index}]`] === 'string'; index++) {
    try {
      raw.push(JSON.parse(body[`attached_media[${index}]`] as string));
    } catch {
      return `(#100) param attached_media[${index}] must be a JSON object`;
    }
  }
  const uploads = [];
  for (const [index, entry] of raw.entries()) {
    const fbid =
      typeof entry === 'object' && entry !== null
        ? String((entry as { media_fbid?: unknown }).media_fbid ?? '')
        : '';
    const upload = ctx.posts.findUpload('facebook', fbid);
    if (
      upload === null ||
      upload.ownerId !== pageId ||
      upload.image === null ||
      ctx.posts.isExpired(upload)
    ) {
      return `(#100) param attached_media[${index}] has an invalid media_fbid: it must be an unpublished photo of this Page`;
    }
    if (upload.usedBy !== null) {
      return `(#100) param attached_media[${index}]: photo ${fbid} is already attached to a published post`;
    }
    uploads.push(upload);
  }
  return uploads;
}

/**
 * `POST /<page>/photos` (multipart: `source`, `published`, `alt_text_custom`, `message`): with
 * `published=false` an unpublished photo to attach to a feed post; otherwise a photo post.
 */
async function uploadPhoto(ctx: SandboxContext, req: Request, res: Response): Promise<void> {
  const form = await readMultipart(req.get('content-type'), req.body);
  if (form !== null) {
    // The form's text fields become the parameters (the token travels among them).
    const fields: Record<string, string> = {};
    for (const [name, value] of form.entries()) if (typeof value === 'string') fields[name] = value;
    req.body = fields;
  }
  const token = authenticatedGraph(ctx, req, res);
  if (token === null) return;
  const pageId = String(req.params.id);
  if (ctx.store.findPage(pageId) === null) {
    sendUnsupported(res, 'post', `${pageId}/photos`);
    return;
  }
  if (
    token.pageId !== pageId ||
    pageAccess(token, pageId) === null ||
    !token.grant.scopes.includes('pages_manage_posts')
  ) {
    sendPermissionError(
      res,
      200,
      '(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission',
    );
    return;
  }
  const bytes = form === null ? null : await fileField(form, 'source');
  if (bytes === null || bytes.length === 0) {
    sendGraphError(res, 324, '(#324) Requires upload file', undefined, 'OAuthException');
    return;
  }
  const image = inspectImage(bytes);
  if (image === null || !PHOTO_TYPES.has(image.mimeType)) {
    sendGraphError(res, 324, '(#324) Missing or invalid image file', 2069019, 'OAuthException');
    return;
  }
  if (bytes.length > PHOTO_MAX_BYTES) {
    sendGraphError(
      res,
      100,
      '(#100) The image file is too large (10 MB at most)',
      undefined,
      'GraphMethodException',
    );
    return;
  }
  const altText = param(req, 'alt_text_custom') ?? '';
  if ([...altText].length > ALT_TEXT_MAX) {
    sendGraphError(res, 100, '(#100) alt_text_custom is too long', undefined, 'GraphMethodException');
    return;
  }
  const received: SandboxImage = { sha256: sha256Hex(bytes), size: bytes.length, ...image, altText };
  const upload = ctx.posts.createUpload({
    network: 'facebook',
    ownerId: pageId,
    image: received,
    ttlMs: UNPUBLISHED_PHOTO_TTL_MS,
  });
  if (param(req, 'published') === 'false') {
    res.json({ id: upload.id });
    return;
  }
  // A photo post: visible at once (the photo is the post).
  await ctx.posts.latency();
  const postId = `${pageId}_${ctx.posts.nextNumber()}`;
  upload.usedBy = postId;
  ctx.posts.add({
    network: 'facebook',
    id: postId,
    authorId: pageId,
    text: param(req, 'message') ?? param(req, 'caption') ?? '',
    imageUrl: null,
    media: [{ ...received }],
  });
  res.json({ id: upload.id, post_id: postId });
}

function readInsights(ctx: SandboxContext, req: Request, res: Response): void {
  const token = authenticatedGraph(ctx, req, res);
  if (token === null) return;
  const id = String(req.params.id);
  const post = ctx.posts.find('facebook', id);
  if (post === null) {
    if (!instagramInsights(ctx, req, res, token, id)) sendUnsupported(res, 'get', `${id}/insights`);
    return;
  }
  if (pageAccess(token, post.authorId) === null) {
    sendUnsupported(res, 'get', `${id}/insights`);
    return;
  }
  if (
    !token.grant.scopes.includes('read_insights') &&
    !token.grant.scopes.includes('pages_read_engagement')
  ) {
    sendPermissionError(res, 10, '(#10) Requires read_insights permission');
    return;
  }
  const metrics = (param(req, 'metric') ?? '').split(',').filter((m) => m !== '');
  if (metrics.length === 0 || metrics.some((m) => !POST_INSIGHT_METRICS.has(m))) {
    sendGraphError(
      res,
      100,
      '(#100) The value must be a valid insights metric',
      undefined,
      'GraphMethodException',
    );
    return;
  }
  const m = ctx.posts.metrics(id);
  const value = (name: string): unknown => {
    if (name === 'post_total_media_view_unique') return m.reach;
    if (name === 'post_clicks') return Math.floor(m.reach / 20);
    return { like: m.likes };
  };
  res.json({
    data: metrics.map((name) => ({
      name,
      period: 'lifetime',
      values: [{ value: value(name) }],
      title: name,
      description: name,
      id: `${id}/insights/${name}/lifetime`,
    })),
    paging: {},
  });
}

const CODE_ERRORS: Record<CodeExchangeFailure, [string, number]> = {
  invalid_code: ['Invalid verification code format.', 36007],
  code_reused: ['This authorization code has been used.', 36009],
  code_expired: ['This authorization code has expired.', 36007],
  client_mismatch: ['Invalid verification code format.', 36007],
  redirect_mismatch: [
    'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
    36008,
  ],
  pkce_missing: ['Invalid code verifier.', 36007],
  pkce_mismatch: ['Invalid code verifier.', 36007],
};

export function mountFacebook(app: Router, ctx: SandboxContext): void {
  const www = Router();
  www.get(
    '/:version/dialog/oauth',
    (req, res, next) => {
      if (GRAPH_VERSION.test(String(req.params.version))) next();
      else sendErrorPage(res, 'Sorry, something went wrong.', 'Unknown Graph API version.');
    },
    (req, res) => {
      handleAuthorize(
        ctx,
        {
          network: 'facebook',
          requirePkce: false,
          denyParams: {
            error: 'access_denied',
            error_code: '200',
            error_description: 'Permissions error',
            error_reason: 'user_denied',
          },
        },
        req,
        res,
      );
    },
  );
  app.use('/www.facebook.com', www);

  const graph = Router();
  const accessToken = versioned((req, res) => {
    const client = ctx.store.findClient('facebook', param(req, 'client_id'));
    if (client === null) {
      sendGraphError(res, 101, 'Error validating application. Invalid application ID.');
      return;
    }
    const secret = param(req, 'client_secret');
    if (secret === undefined || !safeEqual(secret, client.clientSecret)) {
      sendGraphError(res, 1, 'Error validating client secret.');
      return;
    }
    if (param(req, 'grant_type') === 'fb_exchange_token') {
      const current = ctx.store.findAccessToken('facebook', param(req, 'fb_exchange_token') ?? null);
      if (current === null || current.pageId !== null || current.grant.clientId !== client.clientId) {
        sendGraphError(res, 190, 'Error validating access token: The session has been invalidated.', 460);
        return;
      }
      const issued = ctx.store.issueTokens(current.grant, {
        refresh: false,
        ttlSeconds: FACEBOOK_LONG_LIVED_TTL,
      });
      res.json({
        access_token: issued.accessToken.token,
        token_type: 'bearer',
        expires_in: issued.expiresIn,
      });
      return;
    }
    const result = ctx.store.redeemCode({
      network: 'facebook',
      clientId: client.clientId,
      code: param(req, 'code'),
      redirectUri: param(req, 'redirect_uri'),
      codeVerifier: param(req, 'code_verifier'),
      verifyPkce: () => false,
    });
    if (!result.ok) {
      const [message, subcode] = CODE_ERRORS[result.reason];
      sendGraphError(res, 100, message, subcode);
      return;
    }
    const issued = ctx.store.issueTokens(result.grant, { refresh: false });
    res.json({ access_token: issued.accessToken.token, token_type: 'bearer', expires_in: issued.expiresIn });
  });
  graph.get('/:version/oauth/access_token', accessToken);
  graph.post('/:version/oauth/access_token', accessToken);

  const authenticated = (req: Request, res: Response): AccessToken | null => {
    const token = ctx.store.findAccessToken('facebook', graphToken(req));
    if (token === null) sendGraphError(res, 190, 'Invalid OAuth access token - Cannot parse access token');
    return token;
  };

  graph.get(
    '/:version/me',
    versioned((req, res) => {
      const token = authenticated(req, res);
      if (token === null) return;
      const { user, scopes } = token.grant;
      if (token.pageId !== null) {
        const page = user.pages.find((p) => p.id === token.pageId);
        res.json(pick({ id: token.pageId, name: page?.name }, requestedFields(req, ['id', 'name'])));
        return;
      }
      const profile: Record<string, unknown> = {
        id: user.sub,
        name: user.name,
        first_name: user.given_name,
        last_name: user.family_name,
        short_name: user.given_name,
        // Facebook only ever returns a confirmed email, and only with the email permission.
        email:
          scopes.includes('email') && user.email_verified && user.email !== null ? user.email : undefined,
        picture: { data: { height: 50, is_silhouette: false, url: avatarUrl(req, user), width: 50 } },
      };
      res.json(pick(profile, requestedFields(req, ['id', 'name'])));
    }),
  );

  // The permissions of the grant, as Graph lists them (only the granted ones are known here).
  graph.get(
    '/:version/me/permissions',
    versioned((req, res) => {
      const token = authenticatedGraph(ctx, req, res);
      if (token === null) return;
      if (token.pageId !== null) {
        sendGraphError(
          res,
          100,
          '(#100) Tried accessing nonexisting field (permissions) on node type (Page)',
        );
        return;
      }
      res.json({
        data: [...new Set(['public_profile', ...token.grant.scopes])].map((permission) => ({
          permission,
          status: 'granted',
        })),
      });
    }),
  );
  graph.get(
    '/:version/me/accounts',
    versioned((req, res) => {
      const token = authenticated(req, res);
      if (token === null) return;
      const { user, scopes } = token.grant;
      const tree = requestedFieldTree(req);
      const fields =
        tree === null
          ? ['id', 'name', 'access_token', 'category', 'category_list', 'tasks']
          : [...tree.keys()];
      // Without pages_show_list Facebook answers an empty list, not an error.
      const pages = token.pageId === null && scopes.includes('pages_show_list') ? user.pages : [];
      const data = pages.map((page) =>
        pick(
          {
            id: page.id,
            name: page.name,
            access_token: ctx.store.pageToken(token.grant, page).token,
            category: page.category,
            category_list: [{ id: '2500', name: page.category }],
            tasks: ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'],
            instagram_business_account: linkedInstagramAccount(
              ctx,
              req,
              token,
              page,
              tree?.get('instagram_business_account') ?? null,
            ),
          },
          fields,
        ),
      );
      const cursor = (id: string | undefined) => Buffer.from(id ?? '').toString('base64url');
      res.json({
        data,
        paging: { cursors: { before: cursor(pages[0]?.id), after: cursor(pages.at(-1)?.id) } },
      });
    }),
  );
  // Registered after /me and /me/accounts so those keep their own handlers.
  graph.get(
    '/:version/:id',
    versioned((req, res) => readGraphObject(ctx, req, res)),
  );
  graph.get(
    '/:version/:id/posts',
    versioned((req, res) => listPagePosts(ctx, req, res)),
  );
  graph.post(
    '/:version/:id/feed',
    versioned((req, res) => publishToFeed(ctx, req, res)),
  );
  graph.post(
    '/:version/:id/photos',
    versioned((req, res) => uploadPhoto(ctx, req, res)),
  );
  graph.get(
    '/:version/:id/insights',
    versioned((req, res) => readInsights(ctx, req, res)),
  );
  // Before Instagram's: a Facebook post's comments here, any other id falls through to its media.
  mountFacebookComments(graph, ctx);
  mountInstagramGraph(graph, ctx);
  mountFacebookVideo(app, graph, ctx);
  app.use('/graph.facebook.com', graph);
  // Page video uploads go to graph-video.facebook.com (the same Graph API).
  app.use('/graph-video.facebook.com', graph);
}
