// Sandbox Pinterest (API v5): the OAuth dialog at www.pinterest.com/oauth/, the token endpoint
// (`POST /v5/oauth/token`, HTTP Basic client authentication only; authorization_code and
// refresh_token grants; 30-day access and 365-day refresh tokens), `GET /v5/user_account`,
// `GET /v5/boards` (paged with `bookmark`), `POST /v5/pins` (image_url or multiple_image_urls,
// fetched from the URL as Pinterest does), `GET /v5/boards/{id}/pins` (newest first, paged) and
// `GET /v5/pins/{id}/analytics` (business accounts only). Errors have Pinterest's shape,
// `{ code, message }`, with the HTTP status; each refusal is logged in the answer's message.
import { type Request, type Response, Router } from 'express';
import { isHttpUrl } from '../publishing/http.js';
import { inspectImage, type SandboxImage, sha256Hex } from './images.js';
import {
  basicAuthClient,
  bearerToken,
  mountAuthorize,
  param,
  queryString,
  redeemRequestCode,
  type SandboxContext,
} from './oauth-common.js';
import { pinterestAccountType, pinterestBoards } from './pinterest-boards.js';
import type { SandboxPublishedPost } from './posts.js';
import type { AccessToken, Grant, IssuedTokens } from './store.js';

const REFRESH_TTL = 31_536_000;
const TITLE_MAX = 100;
const DESCRIPTION_MAX = 800;
const ALT_TEXT_MAX = 500;
const LINK_MAX = 2048;
const CAROUSEL_MIN = 2;
const CAROUSEL_MAX = 5;
const IMAGE_MAX_BYTES = 20 * 1024 * 1024;
const PAGE_SIZE_MAX = 250;
const PAGE_SIZE_DEFAULT = 25;
const ANALYTICS_DAYS_MAX = 90;
const FETCH_TIMEOUT_MS = 10_000;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
const METRIC_TYPES = [
  'IMPRESSION',
  'SAVE',
  'PIN_CLICK',
  'OUTBOUND_CLICK',
  'OUTBOUND_CLICK_RATE',
  'SAVE_RATE',
];

/** Pinterest's error body: `{ code, message }`. */
function sendError(res: Response, status: number, code: number, message: string): void {
  res.status(status).json({ code, message });
}

/** The record a pin keeps beside the published post (title, link, alt text, board). */
interface PinRecord {
  board_id: string;
  title: string;
  link: string | null;
  alt_text: string | null;
  media_source_type: 'image_url' | 'multiple_image_urls';
}

function tokenBody(issued: IssuedTokens, grant: Grant, responseType: string): Record<string, unknown> {
  return {
    access_token: issued.accessToken.token,
    token_type: 'bearer',
    expires_in: issued.expiresIn,
    scope: grant.scopes.join(','),
    response_type: responseType,
    ...(issued.refreshToken === null
      ? {}
      : { refresh_token: issued.refreshToken.token, refresh_token_expires_in: REFRESH_TTL }),
  };
}

/** The call's token with `scopes`, else Pinterest's 401 / 403 answered (and null). */
function authenticated(
  ctx: SandboxContext,
  req: Request,
  res: Response,
  scopes: readonly string[],
): AccessToken | null {
  const token = ctx.store.findAccessToken('pinterest', bearerToken(req));
  if (token === null) {
    sendError(res, 401, 2, 'Authentication failed.');
    return null;
  }
  const missing = scopes.filter((scope) => !token.grant.scopes.includes(scope));
  if (missing.length > 0) {
    sendError(
      res,
      401,
      3,
      `Not authorized to access the user account. Missing scope(s): ${missing.join(', ')}.`,
    );
    return null;
  }
  return token;
}

/** `page_size` (1–250, default 25) and `bookmark` (an offset, opaque to the caller). */
function paging(req: Request, res: Response): { size: number; offset: number } | null {
  const rawSize = queryString(req, 'page_size');
  const size = rawSize === undefined ? PAGE_SIZE_DEFAULT : Number(rawSize);
  if (!Number.isInteger(size) || size < 1 || size > PAGE_SIZE_MAX) {
    sendError(res, 400, 1, `Invalid parameters. page_size must be between 1 and ${PAGE_SIZE_MAX}.`);
    return null;
  }
  const bookmark = queryString(req, 'bookmark');
  if (bookmark === undefined) return { size, offset: 0 };
  const offset = Number(Buffer.from(bookmark, 'base64url').toString('utf8').replace(/^o:/, ''));
  if (!Number.isInteger(offset) || offset < 0) {
    sendError(res, 400, 1, 'Invalid parameters. The bookmark is not valid.');
    return null;
  }
  return { size, offset };
}

function page<T>(items: readonly T[], at: { size: number; offset: number }) {
  const slice = items.slice(at.offset, at.offset + at.size);
  const next = at.offset + at.size;
  return {
    items: slice,
    bookmark: next < items.length ? Buffer.from(`o:${next}`).toString('base64url') : null,
  };
}

/** Pinterest's `created_at`: ISO without milliseconds nor offset (UTC). */
function pinTime(iso: string): string {
  return iso.slice(0, 19);
}

function pinBody(post: SandboxPublishedPost) {
  const record = post.record as PinRecord;
  return {
    id: post.id,
    created_at: pinTime(post.createdAt),
    link: record.link,
    title: record.title,
    description: post.text,
    alt_text: record.alt_text,
    board_id: record.board_id,
    board_owner: { username: null as string | null },
    media: {
      media_type: post.media.length > 1 ? 'multiple_images' : 'image',
      images: { '1200x': { url: post.imageUrl, width: post.media[0]?.width, height: post.media[0]?.height } },
    },
  };
}

type Fetched = { ok: true; image: SandboxImage } | { ok: false; message: string };

/** Downloads `url` as Pinterest does (it must be public) and checks what Pinterest checks. */
async function fetchImage(url: string, altText: string): Promise<Fetched> {
  let bytes: Buffer;
  try {
    const response = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok)
      return { ok: false, message: `Sorry we could not fetch the image (HTTP ${response.status}).` };
    bytes = Buffer.from(await response.arrayBuffer());
  } catch {
    return { ok: false, message: 'Sorry we could not fetch the image.' };
  }
  const image = inspectImage(bytes);
  if (image === null || !IMAGE_TYPES.includes(image.mimeType))
    return {
      ok: false,
      message: 'Sorry we could not fetch the image: the file is not an image Pinterest takes.',
    };
  if (bytes.length > IMAGE_MAX_BYTES)
    return { ok: false, message: 'Sorry we could not fetch the image: it is over 20 MB.' };
  return { ok: true, image: { sha256: sha256Hex(bytes), size: bytes.length, ...image, altText } };
}

/** A link Pinterest takes: an http(s) URL of at most LINK_MAX characters. */
function isPinLink(value: unknown): value is string {
  return typeof value === 'string' && value.length <= LINK_MAX && isHttpUrl(value);
}

/** What POST /v5/pins received, checked: the refusal's message, or the pin's fields and image URLs. */
function readPin(
  body: unknown,
): { ok: false; message: string } | { ok: true; record: PinRecord; description: string; urls: string[] } {
  if (typeof body !== 'object' || body === null) return { ok: false, message: 'Invalid request body.' };
  const input = body as Record<string, unknown>;
  const { board_id, title, description, link, alt_text, media_source } = input;
  if (typeof board_id !== 'string' || board_id === '')
    return { ok: false, message: "Invalid parameters. 'board_id' is a required property." };
  if (title !== undefined && (typeof title !== 'string' || [...title].length > TITLE_MAX))
    return {
      ok: false,
      message: `Invalid parameters. 'title' is too long (maximum ${TITLE_MAX} characters).`,
    };
  if (
    description !== undefined &&
    (typeof description !== 'string' || [...description].length > DESCRIPTION_MAX)
  )
    return {
      ok: false,
      message: `Invalid parameters. 'description' is too long (maximum ${DESCRIPTION_MAX} characters).`,
    };
  if (alt_text !== undefined && (typeof alt_text !== 'string' || [...alt_text].length > ALT_TEXT_MAX))
    return {
      ok: false,
      message: `Invalid parameters. 'alt_text' is too long (maximum ${ALT_TEXT_MAX} characters).`,
    };
  if (link !== undefined && !isPinLink(link))
    return { ok: false, message: "Invalid parameters. 'link' is not a valid URL." };
  if (typeof media_source !== 'object' || media_source === null)
    return { ok: false, message: "Invalid parameters. 'media_source' is a required property." };
  const source = media_source as Record<string, unknown>;
  let urls: string[];
  if (source.source_type === 'image_url') {
    if (!isPinLink(source.url))
      return { ok: false, message: "Invalid parameters. 'media_source.url' is not a valid URL." };
    urls = [source.url];
  } else if (source.source_type === 'multiple_image_urls') {
    const items = Array.isArray(source.items) ? source.items : [];
    if (items.length < CAROUSEL_MIN || items.length > CAROUSEL_MAX)
      return {
        ok: false,
        message: `Invalid parameters. 'media_source.items' must have ${CAROUSEL_MIN} to ${CAROUSEL_MAX} images.`,
      };
    urls = [];
    for (const item of items) {
      const url =
        typeof item === 'object' && item !== null ? (item as Record<string, unknown>).url : undefined;
      if (!isPinLink(url))
        return { ok: false, message: "Invalid parameters. 'media_source.items[].url' is not a valid URL." };
      urls.push(url);
    }
  } else {
    return {
      ok: false,
      message:
        "Invalid parameters. 'media_source.source_type' must be one of image_url, multiple_image_urls.",
    };
  }
  return {
    ok: true,
    description: typeof description === 'string' ? description : '',
    urls,
    record: {
      board_id,
      title: typeof title === 'string' ? title : '',
      link: typeof link === 'string' ? link : null,
      alt_text: typeof alt_text === 'string' ? alt_text : null,
      media_source_type: source.source_type,
    },
  };
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export function mountPinterest(app: Router, ctx: SandboxContext): void {
  mountAuthorize(app, ctx, {
    network: 'pinterest',
    requirePkce: false,
    denyParams: { error: 'access_denied' },
    hosts: ['www.pinterest.com'],
    path: '/oauth/',
  });
  const api = Router();

  api.post('/v5/oauth/token', (req, res) => {
    // Pinterest takes the app's credentials as HTTP Basic only.
    const client = basicAuthClient(ctx, 'pinterest', req);
    if (client === null) {
      sendError(res, 401, 2, 'Authentication failed.');
      return;
    }
    const grantType = param(req, 'grant_type');
    if (grantType === 'authorization_code') {
      const result = redeemRequestCode(ctx, req, 'pinterest', client.clientId, false);
      if (!result.ok) {
        sendError(res, 400, 1, `Invalid authorization code (${result.reason}).`);
        return;
      }
      const issued = ctx.store.issueTokens(result.grant, { refresh: true });
      res.json(tokenBody(issued, result.grant, 'authorization_code'));
      return;
    }
    if (grantType === 'refresh_token') {
      const issued = ctx.store.refresh('pinterest', client.clientId, param(req, 'refresh_token'));
      if (issued === null) {
        sendError(res, 400, 1, 'Invalid refresh token.');
        return;
      }
      res.json(tokenBody(issued as IssuedTokens, issued.accessToken.grant, 'refresh_token'));
      return;
    }
    sendError(res, 400, 1, 'Invalid parameters. grant_type must be authorization_code or refresh_token.');
  });

  api.get('/v5/user_account', (req, res) => {
    const token = authenticated(ctx, req, res, ['user_accounts:read']);
    if (token === null) return;
    const { user } = token.grant;
    const boards = pinterestBoards(user);
    const pins = ctx.posts
      .list('pinterest')
      .filter((post) => boards.some((board) => board.id === post.authorId)).length;
    res.json({
      account_type: pinterestAccountType(user),
      id: `7${user.sub.slice(-17)}`,
      profile_image: null,
      website_url: null,
      username: user.username,
      about: '',
      business_name: pinterestAccountType(user) === 'BUSINESS' ? user.name : null,
      board_count: boards.length,
      pin_count: pins,
      follower_count: 1200 + Number(user.sub.slice(-3)),
      following_count: 87,
      monthly_views: 4500,
    });
  });

  api.get('/v5/boards', (req, res) => {
    const token = authenticated(ctx, req, res, ['boards:read']);
    if (token === null) return;
    const at = paging(req, res);
    if (at === null) return;
    const { user } = token.grant;
    const boards = pinterestBoards(user).map((board) => ({
      id: board.id,
      name: board.name,
      description: '',
      privacy: board.privacy,
      owner: { username: user.username },
      pin_count: ctx.posts.listByAuthor('pinterest', board.id).length,
      follower_count: 40,
      collaborator_count: 0,
    }));
    res.json(page(boards, at));
  });

  api.post('/v5/pins', async (req, res) => {
    const token = authenticated(ctx, req, res, ['pins:write', 'boards:write']);
    if (token === null) return;
    const pin = readPin(req.body);
    if (!pin.ok) {
      sendError(res, 400, 1, pin.message);
      return;
    }
    // The board must be one of the token's user's own.
    if (!pinterestBoards(token.grant.user).some((board) => board.id === pin.record.board_id)) {
      const exists = ctx.store
        .allUsers()
        .some((user) => pinterestBoards(user).some((b) => b.id === pin.record.board_id));
      if (exists)
        sendError(res, 403, 29, 'You are not permitted to access that resource (the board is not yours).');
      else sendError(res, 404, 40, 'Board not found.');
      return;
    }
    const images: SandboxImage[] = [];
    for (const [index, url] of pin.urls.entries()) {
      const fetched = await fetchImage(url, index === 0 ? (pin.record.alt_text ?? '') : '');
      if (!fetched.ok) {
        sendError(res, 400, 1, fetched.message);
        return;
      }
      images.push(fetched.image);
    }
    await ctx.posts.latency();
    const post = ctx.posts.add({
      network: 'pinterest',
      id: ctx.posts.nextNumber(),
      authorId: pin.record.board_id,
      text: pin.description,
      imageUrl: pin.urls[0] ?? null,
      media: images,
      record: pin.record,
    });
    res.status(201).json({ ...pinBody(post), board_owner: { username: token.grant.user.username } });
  });

  api.get('/v5/boards/:boardId/pins', (req, res) => {
    const token = authenticated(ctx, req, res, ['boards:read', 'pins:read']);
    if (token === null) return;
    const boardId = String(req.params.boardId);
    if (!pinterestBoards(token.grant.user).some((board) => board.id === boardId)) {
      sendError(res, 404, 40, 'Board not found.');
      return;
    }
    const at = paging(req, res);
    if (at === null) return;
    const pins = ctx.posts
      .listByAuthor('pinterest', boardId)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map(pinBody);
    res.json(page(pins, at));
  });

  api.get('/v5/pins/:pinId/analytics', (req, res) => {
    const token = authenticated(ctx, req, res, ['pins:read']);
    if (token === null) return;
    const post = ctx.posts.find('pinterest', String(req.params.pinId));
    const boards = pinterestBoards(token.grant.user);
    if (post === null || !boards.some((board) => board.id === post.authorId)) {
      sendError(res, 404, 50, 'Pin not found.');
      return;
    }
    if (pinterestAccountType(token.grant.user) !== 'BUSINESS') {
      sendError(
        res,
        403,
        29,
        'You are not permitted to access that resource: analytics need a business account.',
      );
      return;
    }
    const start = queryString(req, 'start_date');
    const end = queryString(req, 'end_date');
    const types = (queryString(req, 'metric_types') ?? '').split(',').filter((t) => t !== '');
    if (
      start === undefined ||
      end === undefined ||
      !isoDate.test(start) ||
      !isoDate.test(end) ||
      types.length === 0
    ) {
      sendError(res, 400, 1, "Invalid parameters. 'start_date', 'end_date' and 'metric_types' are required.");
      return;
    }
    const span = (Date.parse(end) - Date.parse(start)) / 86_400_000;
    if (!(span >= 0) || span >= ANALYTICS_DAYS_MAX) {
      sendError(res, 400, 1, `Invalid parameters. The date range must be within ${ANALYTICS_DAYS_MAX} days.`);
      return;
    }
    const unknown = types.find((type) => !METRIC_TYPES.includes(type));
    if (unknown !== undefined) {
      sendError(res, 400, 1, `Invalid parameters. '${unknown}' is not a metric type.`);
      return;
    }
    const m = ctx.posts.metrics(post.id);
    const values: Record<string, number> = {
      IMPRESSION: m.reach,
      SAVE: m.likes,
      PIN_CLICK: m.comments + m.shares,
      OUTBOUND_CLICK: m.shares,
      OUTBOUND_CLICK_RATE: m.reach === 0 ? 0 : m.shares / m.reach,
      SAVE_RATE: m.reach === 0 ? 0 : m.likes / m.reach,
    };
    const summary = Object.fromEntries(types.map((type) => [type, values[type] ?? 0]));
    res.json({ all: { daily_metrics: [], summary_metrics: summary, lifetime_metrics: summary } });
  });

  app.use('/api.pinterest.com', api);
}
