// Sandbox LinkedIn: OAuth 2.0 with credentials in the body (no Basic auth, as Arctic notes),
// OpenID Connect userinfo at api.linkedin.com/v2/userinfo, and the versioned Posts API
// (`POST /rest/posts`, post id in `x-restli-id`), and member post analytics
// (`GET /rest/memberCreatorPostAnalytics`, scope r_member_postAnalytics). A post, a listing or an
// image may also be an organisation's the member administers (company Pages, platform
// linkedin_page: linkedin-organizations.ts), whose posts are kept as the `linkedin_page` network's.
// A post may carry a video uploaded through the Videos API (linkedin-video.ts).

import { randomBytes } from 'node:crypto';
import { type Request, type Response, Router } from 'express';
import { inspectImage, type SandboxImage, sha256Hex } from './images.js';
import { mountLinkedInComments } from './linkedin-comments.js';
import { administers, mountLinkedInOrganizations, organizationAuthor } from './linkedin-organizations.js';
import { type LinkedInVideoHandlers, mountLinkedInVideos, postVideo } from './linkedin-video.js';
import {
  bearerToken,
  mountAuthorize,
  oidcTokenBody,
  param,
  redeemRequestCode,
  type SandboxContext,
  safeEqual,
  sendOAuthError,
  userInfoClaims,
} from './oauth-common.js';
import type { SandboxPublishNetwork } from './posts.js';
import { type AccessToken, type Grant, type IssuedTokens, LINKEDIN_REFRESH_TTL } from './store.js';

/** How long an initializeUpload's upload URL stays valid. */
export const SANDBOX_LINKEDIN_UPLOAD_URL_TTL_MS = 60 * 60 * 1000;
const IMAGE_URN_PREFIX = 'urn:li:image:D4E10AQ';
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif']);
const IMAGE_MAX_PIXELS = 36_152_320;
const ALT_TEXT_MAX = 4086;
const MULTI_IMAGE_MIN = 2;
const MULTI_IMAGE_MAX = 20;

/** Versions older than this are "sunset": 426 NONEXISTENT_VERSION, as LinkedIn answers. */
export const SANDBOX_LINKEDIN_OLDEST_VERSION = '202501';
const VERSION_PATTERN = /^(\d{6})(\.\d{2})?$/;
const COMMENTARY_MAX = 3000;
const VISIBILITIES = new Set(['PUBLIC', 'CONNECTIONS', 'LOGGED_IN', 'CONTAINER']);

function restError(
  res: Response,
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
): void {
  res.status(status).json({ status, message, ...extra });
}

/**
 * LinkedIn's 401s: a token the member revoked (removed the app in their settings) answers
 * REVOKED_ACCESS_TOKEN / 65601; an expired or unknown one INVALID_ACCESS_TOKEN / 65600.
 */
function refuseToken(ctx: SandboxContext, req: Request, res: Response): void {
  if (ctx.store.isRevoked('linkedin', bearerToken(req))) {
    restError(res, 401, 'The token used in the request has been revoked by the user', {
      serviceErrorCode: 65601,
      code: 'REVOKED_ACCESS_TOKEN',
    });
    return;
  }
  restError(res, 401, 'Invalid access token', { serviceErrorCode: 65600, code: 'INVALID_ACCESS_TOKEN' });
}

/** Who a post or an image is by: the member (network linkedin) or an organisation (linkedin_page). */
interface Author {
  network: Extract<SandboxPublishNetwork, 'linkedin' | 'linkedin_page'>;
  /** The member's sub, or the organisation's id. */
  id: string;
}

const ORGANIZATION_URN = /^urn:li:organization:(\d+)$/;

/**
 * The author `urn` names, when the token may act as it: the member itself (w_member_social), or an
 * organisation it administers (w_organization_social; 422 when no such organisation, 403 when not
 * an admin). Otherwise answers LinkedIn's error and returns null.
 */
function actingAs(
  ctx: SandboxContext,
  token: AccessToken,
  urn: string,
  res: Response,
  input: { resource: string; field: string; notSelf: string },
): Author | null {
  const organization = ORGANIZATION_URN.exec(urn);
  if (organization !== null) {
    const id = organization[1] ?? '';
    const scope = 'w_organization_social';
    return organizationAuthor(
      token,
      ctx,
      { id, scope, resource: input.resource, field: input.field },
      res,
      restError,
    )
      ? { network: 'linkedin_page', id }
      : null;
  }
  if (!token.grant.scopes.includes('w_member_social')) {
    restError(res, 403, `Not enough permissions to access: ${input.resource}`, {
      serviceErrorCode: 100,
      code: 'ACCESS_DENIED',
    });
    return null;
  }
  if (urn !== `urn:li:person:${token.grant.user.sub}`) {
    restError(res, 403, input.notSelf, { serviceErrorCode: 100, code: 'ACCESS_DENIED' });
    return null;
  }
  return { network: 'linkedin', id: token.grant.user.sub };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The validation LinkedIn does on a post body; the first problem found, or null. */
function postBodyProblem(body: unknown): string | null {
  if (!isRecord(body)) return 'ERROR :: / :: a JSON object is required';
  if (typeof body.author !== 'string' || !/^urn:li:(person|organization):[\w-]+$/.test(body.author)) {
    return 'ERROR :: /author :: field is required and must be a person or organization URN';
  }
  if (typeof body.commentary !== 'string' || body.commentary.trim() === '') {
    return 'ERROR :: /commentary :: field is required and must not be empty';
  }
  if ([...body.commentary].length > COMMENTARY_MAX) {
    return `ERROR :: /commentary :: length exceeds ${COMMENTARY_MAX} characters`;
  }
  if (typeof body.visibility !== 'string' || !VISIBILITIES.has(body.visibility)) {
    return 'ERROR :: /visibility :: field is required';
  }
  if (!isRecord(body.distribution) || typeof body.distribution.feedDistribution !== 'string') {
    return 'ERROR :: /distribution/feedDistribution :: field is required';
  }
  if (body.lifecycleState !== 'PUBLISHED') return 'ERROR :: /lifecycleState :: must be PUBLISHED';
  return null;
}

/**
 * The API version and the member's token of a versioned REST call; without the version headers or
 * with a bad token, LinkedIn's answer is sent and null returned.
 */
function versionedCaller(
  ctx: SandboxContext,
  req: Request,
  res: Response,
): { version: string; token: AccessToken } | null {
  const version = checkVersionHeaders(req, res);
  if (version === null) return null;
  const token = ctx.store.findAccessToken('linkedin', bearerToken(req));
  if (token === null) {
    refuseToken(ctx, req, res);
    return null;
  }
  return { version, token };
}

/**
 * The checks every versioned (`/rest/…`) call gets: LinkedIn-Version present, well-formed and
 * active, and X-Restli-Protocol-Version 2.0.0. Answers the error and returns null when one fails.
 */
function checkVersionHeaders(req: Request, res: Response): string | null {
  const version = req.get('linkedin-version');
  if (version === undefined || version.trim() === '') {
    restError(
      res,
      400,
      'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
      {
        code: 'VERSION_MISSING',
      },
    );
    return null;
  }
  const versionMatch = VERSION_PATTERN.exec(version.trim());
  if (versionMatch === null) {
    restError(res, 400, `Invalid version format: ${version}. Expected YYYYMM.`, { code: 'INVALID_VERSION' });
    return null;
  }
  if ((versionMatch[1] ?? '') < SANDBOX_LINKEDIN_OLDEST_VERSION) {
    restError(res, 426, `Requested version ${version} is not active`, { code: 'NONEXISTENT_VERSION' });
    return null;
  }
  if (req.get('x-restli-protocol-version') !== '2.0.0') {
    restError(res, 400, 'The X-Restli-Protocol-Version header must be 2.0.0 for this resource', {
      code: 'INVALID_PROTOCOL_VERSION',
    });
    return null;
  }
  return version.trim();
}

/**
 * `GET /rest/posts?q=author&author=<urn>`: the member's posts, newest first (`sortBy=CREATED`),
 * `start`/`count` paging (count at most 100); each element with `commentary` as it was sent,
 * `createdAt` and `publishedAt` (epoch ms). Read-only; only the member's own token.
 */
function listMemberPosts(ctx: SandboxContext, req: Request, res: Response): void {
  const caller = versionedCaller(ctx, req, res);
  if (caller === null) return;
  const { version, token } = caller;
  if (req.query.q !== 'author' || typeof req.query.author !== 'string') {
    restError(res, 400, 'Query parameter q=author with an author URN is required', {
      errorDetailType: 'com.linkedin.common.error.BadRequest',
    });
    return;
  }
  const sub = token.grant.user.sub;
  const organization = ORGANIZATION_URN.exec(req.query.author);
  const author: Author | null =
    organization !== null && administers(token.grant.user, organization[1] ?? '')
      ? { network: 'linkedin_page', id: organization[1] ?? '' }
      : req.query.author === `urn:li:person:${sub}`
        ? { network: 'linkedin', id: sub }
        : null;
  if (author === null) {
    restError(
      res,
      403,
      `Not enough permissions to access: partnerApiPostsExternal.FINDER-author.${version}`,
      {
        serviceErrorCode: 100,
        code: 'ACCESS_DENIED',
      },
    );
    return;
  }
  const start = Math.max(0, Number(req.query.start ?? 0) || 0);
  const count = Math.min(100, Math.max(1, Number(req.query.count ?? 10) || 10));
  const posts = ctx.posts.listByAuthor(author.network, author.id);
  res.json({
    paging: { start, count, links: [] },
    elements: posts.slice(start, start + count).map((post) => ({
      id: post.id,
      author: req.query.author,
      commentary: post.text,
      visibility: 'PUBLIC',
      lifecycleState: 'PUBLISHED',
      createdAt: Date.parse(post.createdAt),
      publishedAt: Date.parse(post.createdAt),
      lastModifiedAt: Date.parse(post.createdAt),
    })),
  });
}

async function createPost(ctx: SandboxContext, req: Request, res: Response): Promise<void> {
  const caller = versionedCaller(ctx, req, res);
  if (caller === null) return;
  const { version, token } = caller;
  const problem = postBodyProblem(req.body);
  if (problem !== null) {
    restError(res, 400, problem, { errorDetailType: 'com.linkedin.common.error.BadRequest' });
    return;
  }
  const body = req.body as { author: string; commentary: string; content?: unknown };
  const author = actingAs(ctx, token, body.author, res, {
    resource: `partnerApiPostsExternal.CREATE.${version}`,
    field: '/author',
    notSelf:
      'Field Value validation failed in REQUEST_BODY: Data Processing Exception while processing fields [/author]',
  });
  if (author === null) return;
  // A video (Videos API, linkedin-video.ts) in `content.media`, else images.
  const video = postVideo(ctx, author, body.content);
  const media = video === null ? postImages(ctx, author, body.content) : [];
  for (const problem of [video, media]) {
    if (typeof problem === 'string') {
      restError(res, 400, problem, { errorDetailType: 'com.linkedin.common.error.BadRequest' });
      return;
    }
  }
  await ctx.posts.latency();
  const urn = `urn:li:share:${ctx.posts.nextNumber()}`;
  const images = typeof media === 'string' ? [] : media;
  const withVideo = video !== null && typeof video !== 'string' ? video : null;
  ctx.posts.add({
    network: author.network,
    id: urn,
    authorId: author.id,
    text: body.commentary,
    imageUrl: null,
    media: images.map((m) => ({ ...m.image, altText: m.altText })),
    ...(withVideo === null ? {} : { video: withVideo.video }),
  });
  for (const m of images) m.upload.usedBy = urn;
  withVideo?.use(urn);
  res.status(201).set('x-restli-id', urn).set('x-linkedin-id', urn).end();
}

type ImageReference = {
  upload: NonNullable<ReturnType<SandboxContext['posts']['findUpload']>>;
  image: SandboxImage;
  altText: string;
};

/**
 * The images of a post's `content` (`media` for one, `multiImage.images` for 2–20), each an image
 * this member uploaded; the validation error's message when one is wrong.
 */
function postImages(ctx: SandboxContext, author: Author, content: unknown): ImageReference[] | string {
  if (content === undefined) return [];
  if (!isRecord(content)) return 'ERROR :: /content :: must be an object';
  let entries: unknown[];
  let path: string;
  if (isRecord(content.media)) {
    entries = [content.media];
    path = '/content/media';
  } else if (isRecord(content.multiImage) && Array.isArray(content.multiImage.images)) {
    entries = content.multiImage.images;
    path = '/content/multiImage/images';
    if (entries.length < MULTI_IMAGE_MIN || entries.length > MULTI_IMAGE_MAX) {
      return `ERROR :: ${path} :: must have between ${MULTI_IMAGE_MIN} and ${MULTI_IMAGE_MAX} images`;
    }
  } else return 'ERROR :: /content :: the sandbox supports media (one image) and multiImage only';
  const out: ImageReference[] = [];
  for (const [index, entry] of entries.entries()) {
    const at = entries.length === 1 && path === '/content/media' ? path : `${path}/${index}`;
    const id = isRecord(entry) && typeof entry.id === 'string' ? entry.id : '';
    const altText = isRecord(entry) && typeof entry.altText === 'string' ? entry.altText : '';
    const upload = id.startsWith(IMAGE_URN_PREFIX)
      ? ctx.posts.findUpload(author.network, id.slice(IMAGE_URN_PREFIX.length))
      : null;
    if (upload === null || upload.ownerId !== author.id) return `ERROR :: ${at}/id :: Image ${id} not found`;
    if (upload.image === null)
      return `ERROR :: ${at}/id :: Image ${id} is not AVAILABLE (status WAITING_UPLOAD)`;
    if ([...altText].length > ALT_TEXT_MAX)
      return `ERROR :: ${at}/altText :: length exceeds ${ALT_TEXT_MAX} characters`;
    out.push({ upload, image: upload.image, altText });
  }
  return out;
}

/** `POST /rest/images?action=initializeUpload`: an image URN and a one-hour upload URL. */
function initializeImageUpload(ctx: SandboxContext, req: Request, res: Response): void {
  const version = checkVersionHeaders(req, res);
  if (version === null) return;
  const token = ctx.store.findAccessToken('linkedin', bearerToken(req));
  if (token === null) {
    restError(res, 401, 'Invalid access token', { serviceErrorCode: 65600, code: 'INVALID_ACCESS_TOKEN' });
    return;
  }
  if (req.query.action !== 'initializeUpload') {
    restError(res, 400, 'Unsupported action for resource images', { code: 'ILLEGAL_ARGUMENT' });
    return;
  }
  const body = req.body as { initializeUploadRequest?: { owner?: unknown } } | undefined;
  const owner = body?.initializeUploadRequest?.owner;
  if (typeof owner !== 'string') {
    restError(res, 400, 'ERROR :: /initializeUploadRequest/owner :: field is required', {
      errorDetailType: 'com.linkedin.common.error.BadRequest',
    });
    return;
  }
  const author = actingAs(ctx, token, owner, res, {
    resource: `images.ACTION-initializeUpload.${version}`,
    field: '/initializeUploadRequest/owner',
    notSelf: `Member is not allowed to upload on behalf of ${owner}`,
  });
  if (author === null) return;
  const key = randomBytes(12).toString('hex');
  const upload = ctx.posts.createUpload({
    network: author.network,
    ownerId: author.id,
    image: null,
    ttlMs: SANDBOX_LINKEDIN_UPLOAD_URL_TTL_MS,
    uploadKey: key,
  });
  res.json({
    value: {
      uploadUrlExpiresAt: upload.expiresAt,
      uploadUrl: `https://www.linkedin.com/dms-uploads/sp/v2/${key}/uploaded-image/0?ca=vector_feedshare&cn=uploads&sync=0&v=beta`,
      image: `${IMAGE_URN_PREFIX}${upload.id}`,
    },
  });
}

/** `PUT <uploadUrl>`: the image bytes, with the member's token, before the URL expires. */
function receiveImageBytes(ctx: SandboxContext, req: Request, res: Response): void {
  const key = String(req.params.key);
  const upload = [...ctx.posts.listUploads('linkedin'), ...ctx.posts.listUploads('linkedin_page')].find(
    (u) => u.uploadKey === key,
  );
  const token = ctx.store.findAccessToken('linkedin', bearerToken(req));
  if (upload === undefined) {
    restError(res, 404, 'Upload not found');
    return;
  }
  const owner =
    token !== null &&
    (upload.network === 'linkedin_page'
      ? administers(token.grant.user, upload.ownerId)
      : token.grant.user.sub === upload.ownerId);
  if (!owner) {
    restError(res, 401, 'Invalid access token', { serviceErrorCode: 65600, code: 'INVALID_ACCESS_TOKEN' });
    return;
  }
  const stored = ctx.posts.findUpload(upload.network, upload.id)!;
  if (ctx.posts.isExpired(stored)) {
    restError(res, 400, 'The upload URL has expired', { code: 'UPLOAD_URL_EXPIRED' });
    return;
  }
  const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  const image = inspectImage(bytes);
  if (image === null || !IMAGE_TYPES.has(image.mimeType)) {
    restError(res, 400, 'Unsupported media type: JPG, GIF and PNG images are supported', {
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    return;
  }
  if (image.width * image.height > IMAGE_MAX_PIXELS) {
    restError(res, 400, `The image exceeds ${IMAGE_MAX_PIXELS} pixels`, { code: 'IMAGE_TOO_LARGE' });
    return;
  }
  stored.image = { sha256: sha256Hex(bytes), size: bytes.length, ...image, altText: '' };
  res.status(201).end();
}

/** The metrics memberCreatorPostAnalytics answers (member posts, Community Management API). */
export const LINKEDIN_MEMBER_POST_METRICS = [
  'IMPRESSION',
  'MEMBERS_REACHED',
  'RESHARE',
  'REACTION',
  'COMMENT',
] as const;
type MemberPostMetric = (typeof LINKEDIN_MEMBER_POST_METRICS)[number];
const METRIC_TYPE_UNION = 'com.linkedin.adsexternalapi.memberanalytics.v1.CreatorPostAnalyticsMetricTypeV1';
/**
 * `entity` as Rest.li 2.0 sends it: `(share:urn%3Ali%3Ashare%3A123)` or `(ugc:urn%3Ali%3AugcPost%3A…)`,
 * the URN's own colons percent-encoded. Read from the raw query: an unencoded URN is refused.
 */
const ENTITY_PATTERN = /(?:^|&)entity=\((share|ugc):(urn%3Ali%3A(?:share|ugcPost)%3A\d+)\)(?:&|$)/i;

/**
 * `GET /rest/memberCreatorPostAnalytics?q=entity&entity=(share:…)&queryType=…&aggregation=TOTAL`:
 * one metric of one of the member's own posts, needs r_member_postAnalytics. Numbers grow with the
 * post's age as the other networks' sandbox metrics do (posts.ts, grownMetrics).
 */
function memberPostAnalytics(ctx: SandboxContext, req: Request, res: Response): void {
  const caller = versionedCaller(ctx, req, res);
  if (caller === null) return;
  const { version, token } = caller;
  if (!token.grant.scopes.includes('r_member_postAnalytics')) {
    restError(
      res,
      403,
      `Not enough permissions to access: memberCreatorPostAnalytics.FINDER-entity.${version}`,
      { serviceErrorCode: 100, code: 'ACCESS_DENIED' },
    );
    return;
  }
  const rawQuery = req.originalUrl.includes('?')
    ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1)
    : '';
  const entity = ENTITY_PATTERN.exec(rawQuery);
  const queryType = typeof req.query.queryType === 'string' ? req.query.queryType : '';
  const aggregation = typeof req.query.aggregation === 'string' ? req.query.aggregation : 'TOTAL';
  if (req.query.q !== 'entity' || entity === null) {
    restError(
      res,
      400,
      'Invalid query parameters passed to request: q=entity and an encoded entity are required',
      {
        code: 'ILLEGAL_ARGUMENT',
      },
    );
    return;
  }
  if (!(LINKEDIN_MEMBER_POST_METRICS as readonly string[]).includes(queryType)) {
    restError(res, 400, `Invalid value for param queryType: ${queryType}`, { code: 'ILLEGAL_ARGUMENT' });
    return;
  }
  if (aggregation !== 'TOTAL') {
    // The real API also answers DAILY buckets; Pauta reads totals only, so the sandbox does too.
    restError(res, 400, `Unsupported aggregation in the sandbox: ${aggregation}`, {
      code: 'ILLEGAL_ARGUMENT',
    });
    return;
  }
  const kind = (entity[1] ?? '').toLowerCase() === 'ugc' ? 'ugc' : 'share';
  const urn = decodeURIComponent(entity[2] ?? '');
  const post = ctx.posts.find('linkedin', urn);
  if (post === null) {
    restError(res, 404, `Entity ${urn} not found`, { code: 'NOT_FOUND' });
    return;
  }
  if (post.authorId !== token.grant.user.sub) {
    restError(res, 403, `Member is not the author of ${urn}`, {
      serviceErrorCode: 100,
      code: 'ACCESS_DENIED',
    });
    return;
  }
  const m = ctx.posts.metrics(urn);
  const counts: Record<MemberPostMetric, number> = {
    IMPRESSION: Math.round(m.reach * 1.25),
    MEMBERS_REACHED: m.reach,
    RESHARE: m.shares,
    REACTION: m.likes,
    COMMENT: m.comments,
  };
  res.json({
    paging: { start: 0, count: 10, links: [] },
    elements: [
      {
        count: counts[queryType as MemberPostMetric],
        metricType: { [METRIC_TYPE_UNION]: queryType },
        targetEntity: { [kind === 'ugc' ? 'ugcPost' : 'share']: urn },
      },
    ],
  });
}

function tokenBody(issued: IssuedTokens, grant: Grant, clientSecret: string, now: number) {
  const body = oidcTokenBody(issued, grant, {
    // LinkedIn reports granted scopes comma-separated.
    separator: ',',
    issuer: { iss: 'https://www.linkedin.com/oauth', aud: grant.clientId, locale: 'pt_BR' },
    clientSecret,
    now,
  });
  if (issued.refreshToken !== null) body.refresh_token_expires_in = LINKEDIN_REFRESH_TTL;
  return body;
}

export function mountLinkedIn(app: Router, ctx: SandboxContext): void {
  mountAuthorize(app, ctx, {
    network: 'linkedin',
    requirePkce: false,
    denyParams: {
      error: 'user_cancelled_authorize',
      error_description: 'The user cancelled the authorization',
    },
    hosts: ['www.linkedin.com'],
    path: '/oauth/v2/authorization',
  });
  const www = Router();
  www.post('/oauth/v2/accessToken', (req, res) => {
    const clientId = param(req, 'client_id');
    const clientSecret = param(req, 'client_secret');
    const client = ctx.store.findClient('linkedin', clientId);
    if (client === null || clientSecret === undefined || !safeEqual(clientSecret, client.clientSecret)) {
      sendOAuthError(res, 401, 'invalid_client', 'Client authentication failed');
      return;
    }
    const grantType = param(req, 'grant_type');
    const now = ctx.store.now();
    if (grantType === 'authorization_code') {
      const result = redeemRequestCode(ctx, req, 'linkedin', client.clientId, true);
      if (!result.ok) {
        const description =
          result.reason === 'redirect_mismatch'
            ? 'Unable to retrieve access token: redirect_uri does not match the redirect_uri used in the authorization code request'
            : 'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired.';
        sendOAuthError(res, 400, 'invalid_grant', description);
        return;
      }
      // A partner app gets a refresh token; any other LinkedIn app only a 60-day access token.
      const planted = result.grant.tokens;
      const issued = ctx.store.issueTokens(result.grant, {
        refresh: planted?.refreshToken ?? true,
        ...(planted?.accessTokenTtlSeconds === undefined
          ? {}
          : { ttlSeconds: planted.accessTokenTtlSeconds }),
      });
      res.json(tokenBody(issued, result.grant, client.clientSecret, now));
      return;
    }
    if (grantType === 'refresh_token') {
      const issued = ctx.store.refresh('linkedin', client.clientId, param(req, 'refresh_token'));
      if (issued === null) {
        sendOAuthError(
          res,
          400,
          'invalid_grant',
          'The provided authorization grant or refresh token is invalid, expired or revoked.',
        );
        return;
      }
      res.json(tokenBody(issued, issued.accessToken.grant, client.clientSecret, now));
      return;
    }
    sendOAuthError(res, 400, 'unsupported_grant_type', 'Unsupported grant type');
  });
  www.put('/dms-uploads/sp/v2/:key/uploaded-image/0', (req, res) => {
    receiveImageBytes(ctx, req, res);
  });
  app.use('/www.linkedin.com', www);

  const api = Router();
  api.get('/v2/userinfo', (req, res) => {
    const token = ctx.store.findAccessToken('linkedin', bearerToken(req));
    if (token === null) {
      res.status(401).json({ serviceErrorCode: 65600, message: 'Invalid access token', status: 401 });
      return;
    }
    const { user, scopes } = token.grant;
    if (!scopes.includes('openid')) {
      res.status(403).json({
        serviceErrorCode: 100,
        code: 'ACCESS_DENIED',
        message: 'Not enough permissions to access: userinfo.GET.NO_VERSION',
        status: 403,
      });
      return;
    }
    res.json({
      sub: user.sub,
      locale: { country: 'BR', language: 'pt' },
      ...userInfoClaims(req, token.grant),
    });
  });
  api.post('/rest/posts', (req, res) => createPost(ctx, req, res));
  api.get('/rest/posts', (req, res) => listMemberPosts(ctx, req, res));
  api.post('/rest/images', (req, res) => {
    initializeImageUpload(ctx, req, res);
  });
  api.get('/rest/memberCreatorPostAnalytics', (req, res) => memberPostAnalytics(ctx, req, res));
  // What the videos', comments' and organizations' routes share with these: the version headers,
  // the bearer token (401 when unknown), who the token may act as, and the error answer.
  const handlers: LinkedInVideoHandlers = {
    versioned: checkVersionHeaders,
    token(req, res) {
      const token = ctx.store.findAccessToken('linkedin', bearerToken(req));
      if (token === null) refuseToken(ctx, req, res);
      return token;
    },
    actingAs: (token, urn, res, input) => actingAs(ctx, token, urn, res, input),
    restError,
  };
  mountLinkedInVideos(api, www, ctx, handlers);
  // Comments on a post (the first comment): linkedin-comments.ts.
  mountLinkedInComments(api, ctx, handlers);
  mountLinkedInOrganizations(api, ctx, handlers);
  app.use('/api.linkedin.com', api);
}
