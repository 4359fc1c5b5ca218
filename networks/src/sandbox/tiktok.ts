// Sandbox TikTok (API v2): the Login Kit dialog at www.tiktok.com/v2/auth/authorize/ (`client_key`,
// comma-separated scopes, PKCE S256 required), the token endpoint (`POST /v2/oauth/token/`,
// form-encoded with client_key and client_secret in the body; authorization_code with its
// code_verifier checked against the challenge, refresh_token; errors `{ error, error_description,
// log_id }`), `POST /v2/oauth/revoke/`, `GET /v2/user/info/` (each field needs its scope), and the
// Content Posting API's Direct Post: creator_info/query, video/init (post_info and source_info
// checked against TikTok's chunk rules), the chunk PUTs to the upload URL (in order, each
// Content-Range and size checked; 206 for a part, 201 when the upload is complete), status/fetch
// (PROCESSING_UPLOAD for a configurable number of reads, then PUBLISH_COMPLETE or FAILED) and
// video/query. Completing an upload makes exactly one post per publish_id, recorded with the
// sha256 of the assembled bytes. Errors have TikTok's shape `{ data: {}, error: { code, message,
// log_id } }` with the HTTP status. The app is unaudited unless told otherwise: video/init then
// refuses every privacy level but SELF_ONLY, as TikTok restricts unaudited clients.
import { createHash, randomBytes } from 'node:crypto';
import express, { type Request, type Response, Router } from 'express';
import {
  authenticateClient,
  bearerToken,
  mountAuthorize,
  param,
  queryString,
  redeemRequestCode,
  type SandboxContext,
} from './oauth-common.js';
import type { SandboxPublishedPost } from './posts.js';
import type { AccessToken, Grant, IssuedTokens, SandboxUser } from './store.js';

export const TIKTOK_HOST = 'open.tiktokapis.com';
export const TIKTOK_UPLOAD_HOST = 'open-upload.tiktokapis.com';
const REFRESH_TTL = 31_536_000;
const MB = 1024 * 1024;
const CHUNK_MIN = 5 * MB;
const CHUNK_MAX = 64 * MB;
const FINAL_CHUNK_MAX = 128 * MB;
const MAX_CHUNKS = 1000;
const TITLE_MAX_UTF16 = 2200;
const UPLOAD_URL_TTL_MS = 60 * 60 * 1000;
const VIDEO_QUERY_MAX_IDS = 20;
const PRIVACY_LEVELS = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'];
const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'];
const USER_FIELD_SCOPES: Record<string, string> = {
  open_id: 'user.info.basic',
  union_id: 'user.info.basic',
  avatar_url: 'user.info.basic',
  display_name: 'user.info.basic',
  follower_count: 'user.info.stats',
  following_count: 'user.info.stats',
  likes_count: 'user.info.stats',
  video_count: 'user.info.stats',
};
const VIDEO_FIELDS = [
  'id',
  'title',
  'create_time',
  'share_url',
  'view_count',
  'like_count',
  'comment_count',
  'share_count',
];

/** What an account's creator_info answers (a test changes it per open_id). */
export interface SandboxTikTokCreator {
  privacyLevelOptions: string[];
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
  maxVideoPostDurationSec: number;
}

/** The record a TikTok post keeps beside the published post (post_info and the assembled video). */
export interface SandboxTikTokRecord {
  publish_id: string;
  privacy_level: string;
  disable_comment: boolean;
  disable_duet: boolean;
  disable_stitch: boolean;
  video_cover_timestamp_ms: number | null;
  video: { sha256: string; size: number; mimeType: string; chunks: number };
}

interface Publish {
  publishId: string;
  openId: string;
  uploadId: string;
  uploadToken: string;
  postInfo: Omit<SandboxTikTokRecord, 'publish_id' | 'video'> & { title: string };
  videoSize: number;
  chunkSize: number;
  totalChunks: number;
  chunks: Buffer[];
  received: number;
  mimeType: string | null;
  expiresAt: number;
  /** Set when the last chunk arrived. */
  complete: boolean;
  completedAt: number | null;
  statusReads: number;
  /** The post made (null while uploading, or when the publish FAILED). */
  postId: string | null;
  failReason: string | null;
}

/** The sandbox TikTok's own state: the creators' settings, the publishes and their uploads. */
export class SandboxTikTok {
  /** status/fetch answers PROCESSING_UPLOAD this many times after the upload completes. */
  processingChecks = 1;
  /** Whether TikTok audited the sandbox app (unaudited: only SELF_ONLY posts). */
  audited = false;
  /** Posts through the API per account per 24 h before spam_risk_too_many_posts. */
  dailyCap = 15;
  /** The next completed publishes end FAILED with this fail_reason (null: they succeed). */
  failNext: { reason: string; times: number } | null = null;
  private readonly creators = new Map<string, Partial<SandboxTikTokCreator>>();
  readonly publishes = new Map<string, Publish>();
  private sequence = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Changes what creator_info answers for an account (e.g. a private account, a 60 s cap). */
  setCreator(openId: string, creator: Partial<SandboxTikTokCreator>): void {
    this.creators.set(openId, { ...this.creators.get(openId), ...creator });
  }

  creator(openId: string): SandboxTikTokCreator {
    return {
      privacyLevelOptions: [...PRIVACY_LEVELS],
      commentDisabled: false,
      duetDisabled: false,
      stitchDisabled: false,
      maxVideoPostDurationSec: 600,
      ...this.creators.get(openId),
    };
  }

  /** The publishes started (init), for "nothing was uploaded" checks. */
  listPublishes(): Omit<Publish, 'chunks'>[] {
    return [...this.publishes.values()].map(({ chunks: _chunks, ...rest }) => ({ ...rest }));
  }

  reset(): void {
    this.processingChecks = 1;
    this.audited = false;
    this.dailyCap = 15;
    this.failNext = null;
    this.creators.clear();
    this.publishes.clear();
  }

  nextId(): string {
    this.sequence += 1;
    return `${this.now()}${String(this.sequence).padStart(4, '0')}`;
  }

  time(): number {
    return this.now();
  }
}

/** The open_id TikTok gives the sandbox user for the sandbox app. */
export function tiktokOpenId(user: SandboxUser): string {
  return `-000${createHash('sha256').update(`tiktok:${user.sub}`).digest('base64url').slice(0, 24)}`;
}

const logId = () => `2026${randomBytes(12).toString('hex').toUpperCase()}`;

/** TikTok API v2's error answer. */
function sendError(res: Response, status: number, code: string, message: string): void {
  res.status(status).json({ data: {}, error: { code, message, log_id: logId() } });
}

function sendData(res: Response, data: unknown, status = 200): void {
  res.status(status).json({ data, error: { code: 'ok', message: '', log_id: logId() } });
}

/** The token endpoint's error answer. */
function sendTokenError(res: Response, status: number, error: string, description: string): void {
  res.status(status).json({ error, error_description: description, log_id: logId() });
}

/** The body a fault answers with on TikTok's API host. */
export function tiktokFaultBody(status: number): unknown {
  const code =
    status === 429
      ? 'rate_limit_exceeded'
      : status === 401
        ? 'access_token_invalid'
        : status >= 500
          ? 'internal_error'
          : 'invalid_params';
  return { data: {}, error: { code, message: `Sandbox fault (${status}).`, log_id: logId() } };
}

function tokenBody(issued: IssuedTokens, grant: Grant): Record<string, unknown> {
  return {
    access_token: issued.accessToken.token,
    expires_in: issued.expiresIn,
    open_id: tiktokOpenId(grant.user),
    refresh_expires_in: REFRESH_TTL,
    refresh_token: issued.refreshToken?.token,
    scope: grant.scopes.join(','),
    token_type: 'Bearer',
  };
}

/** The call's token with `scopes`, else TikTok's 401 answered (and null). */
function authenticated(
  ctx: SandboxContext,
  req: Request,
  res: Response,
  scopes: readonly string[],
): AccessToken | null {
  const token = ctx.store.findAccessToken('tiktok', bearerToken(req));
  if (token === null) {
    sendError(res, 401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
    return null;
  }
  const missing = scopes.filter((scope) => !token.grant.scopes.includes(scope));
  if (missing.length > 0) {
    sendError(
      res,
      401,
      'scope_not_authorized',
      `The user did not authorize the scope required for completing this request (${missing.join(', ')}).`,
    );
    return null;
  }
  return token;
}

const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** source_info checked against TikTok's chunk rules (media transfer guide). */
function readSourceInfo(
  input: unknown,
): Checked<{ videoSize: number; chunkSize: number; totalChunks: number }> {
  if (typeof input !== 'object' || input === null) return { ok: false, message: 'source_info is required.' };
  const { source, video_size, chunk_size, total_chunk_count } = input as Record<string, unknown>;
  if (source !== 'FILE_UPLOAD')
    return {
      ok: false,
      message: 'source_info.source must be FILE_UPLOAD (PULL_FROM_URL needs a verified domain).',
    };
  if (!isInt(video_size) || video_size <= 0) return { ok: false, message: 'video_size is required.' };
  if (!isInt(chunk_size) || chunk_size <= 0) return { ok: false, message: 'chunk_size is required.' };
  if (!isInt(total_chunk_count) || total_chunk_count < 1 || total_chunk_count > MAX_CHUNKS)
    return { ok: false, message: `total_chunk_count must be between 1 and ${MAX_CHUNKS}.` };
  if (total_chunk_count === 1) {
    if (chunk_size !== video_size)
      return { ok: false, message: 'A video sent in one chunk must have chunk_size equal to video_size.' };
    if (video_size > CHUNK_MAX)
      return { ok: false, message: 'Videos over 64 MB must be uploaded in multiple chunks.' };
  } else {
    if (video_size < CHUNK_MIN)
      return { ok: false, message: 'Videos under 5 MB must be uploaded as a whole.' };
    if (chunk_size < CHUNK_MIN || chunk_size > CHUNK_MAX)
      return { ok: false, message: 'chunk_size must be between 5 MB and 64 MB.' };
    if (total_chunk_count !== Math.floor(video_size / chunk_size))
      return {
        ok: false,
        message: 'total_chunk_count must be video_size divided by chunk_size, rounded down.',
      };
    if (video_size - (total_chunk_count - 1) * chunk_size > FINAL_CHUNK_MAX)
      return { ok: false, message: 'The final chunk cannot exceed 128 MB.' };
  }
  return {
    ok: true,
    value: { videoSize: video_size, chunkSize: chunk_size, totalChunks: total_chunk_count },
  };
}

function readPostInfo(input: unknown): Checked<Publish['postInfo']> {
  if (typeof input !== 'object' || input === null) return { ok: false, message: 'post_info is required.' };
  const info = input as Record<string, unknown>;
  const title = info.title ?? '';
  if (typeof title !== 'string' || title.length > TITLE_MAX_UTF16)
    return { ok: false, message: `title must be a string of at most ${TITLE_MAX_UTF16} UTF-16 runes.` };
  if (typeof info.privacy_level !== 'string' || !PRIVACY_LEVELS.includes(info.privacy_level))
    return { ok: false, message: 'privacy_level is required and must be one of the privacy_level_options.' };
  for (const name of ['disable_comment', 'disable_duet', 'disable_stitch'])
    if (info[name] !== undefined && typeof info[name] !== 'boolean')
      return { ok: false, message: `${name} must be a boolean.` };
  const cover = info.video_cover_timestamp_ms;
  if (cover !== undefined && (!isInt(cover) || cover < 0))
    return { ok: false, message: 'video_cover_timestamp_ms must be a non-negative integer.' };
  return {
    ok: true,
    value: {
      title,
      privacy_level: info.privacy_level,
      disable_comment: info.disable_comment === true,
      disable_duet: info.disable_duet === true,
      disable_stitch: info.disable_stitch === true,
      video_cover_timestamp_ms: cover === undefined ? null : (cover as number),
    },
  };
}

/** `bytes first-last/total` → its numbers; null when malformed. */
function contentRange(header: string | undefined): { first: number; last: number; total: number } | null {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header ?? '');
  if (match === null) return null;
  const [first, last, total] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return last < first ? null : { first, last, total };
}

/** The expected bytes [start, end) of chunk `index` of a publish. */
function chunkBounds(publish: Publish, index: number): [number, number] {
  const start = index * publish.chunkSize;
  return [start, index === publish.totalChunks - 1 ? publish.videoSize : start + publish.chunkSize];
}

/** The account's posts made in the last 24 hours (the daily cap counts them). */
function postsToday(tiktok: SandboxTikTok, openId: string): number {
  const since = tiktok.time() - 86_400_000;
  return [...tiktok.publishes.values()].filter(
    (p) => p.openId === openId && p.postId !== null && (p.completedAt ?? 0) >= since,
  ).length;
}

/** The upload completed: TikTok posts the video (once), unless a planted failure ends it FAILED. */
function complete(ctx: SandboxContext, tiktok: SandboxTikTok, publish: Publish): void {
  publish.complete = true;
  publish.completedAt = tiktok.time();
  if (tiktok.failNext !== null) {
    publish.failReason = tiktok.failNext.reason;
    tiktok.failNext.times -= 1;
    if (tiktok.failNext.times <= 0) tiktok.failNext = null;
    return;
  }
  const bytes = Buffer.concat(publish.chunks);
  publish.chunks = [];
  const { title, ...postInfo } = publish.postInfo;
  const record: SandboxTikTokRecord = {
    publish_id: publish.publishId,
    ...postInfo,
    video: {
      sha256: createHash('sha256').update(bytes).digest('hex'),
      size: bytes.length,
      mimeType: publish.mimeType ?? 'video/mp4',
      chunks: publish.totalChunks,
    },
  };
  const post: SandboxPublishedPost = ctx.posts.add({
    network: 'tiktok',
    id: ctx.posts.nextNumber(),
    authorId: publish.openId,
    text: title,
    imageUrl: null,
    record,
    // As every sandbox network records a video post (tests compare the bytes' sha256).
    video: record.video,
  });
  publish.postId = post.id;
}

export function mountTikTok(app: Router, ctx: SandboxContext, tiktok: SandboxTikTok): void {
  mountAuthorize(app, ctx, {
    network: 'tiktok',
    requirePkce: true,
    clientIdParam: 'client_key',
    denyParams: { error: 'access_denied', error_description: 'The user denied the authorization.' },
    hosts: ['www.tiktok.com'],
    path: '/v2/auth/authorize/',
  });
  const api = Router();

  /** client_key and client_secret in the form body (TikTok takes no HTTP Basic). */
  const client = (req: Request, res: Response) => {
    const check = authenticateClient(ctx, 'tiktok', {
      clientId: param(req, 'client_key'),
      clientSecret: param(req, 'client_secret'),
      method: 'body',
    });
    if (!check.ok) {
      sendTokenError(res, 401, 'invalid_client', 'Client key or secret is incorrect.');
      return null;
    }
    return check.client;
  };

  api.post('/v2/oauth/token/', (req, res) => {
    const app = client(req, res);
    if (app === null) return;
    const grantType = param(req, 'grant_type');
    if (grantType === 'authorization_code') {
      const result = redeemRequestCode(ctx, req, 'tiktok', app.clientId, true);
      if (!result.ok) {
        const pkce = result.reason === 'pkce_missing' || result.reason === 'pkce_mismatch';
        sendTokenError(
          res,
          400,
          pkce ? 'invalid_request' : 'invalid_grant',
          pkce
            ? 'Code verifier or code challenge is invalid.'
            : `Authorization code is invalid (${result.reason}).`,
        );
        return;
      }
      res.json(tokenBody(ctx.store.issueTokens(result.grant, { refresh: true }), result.grant));
      return;
    }
    if (grantType === 'refresh_token') {
      const issued = ctx.store.refresh('tiktok', app.clientId, param(req, 'refresh_token'));
      if (issued === null) {
        sendTokenError(res, 400, 'invalid_grant', 'Refresh token is invalid or expired.');
        return;
      }
      res.json(tokenBody(issued, issued.accessToken.grant));
      return;
    }
    sendTokenError(res, 400, 'invalid_request', 'grant_type must be authorization_code or refresh_token.');
  });

  api.post('/v2/oauth/revoke/', (req, res) => {
    if (client(req, res) === null) return;
    const token = param(req, 'token');
    if (token === undefined || token === '') {
      sendTokenError(res, 400, 'invalid_request', 'token is required.');
      return;
    }
    ctx.store.revoke(token);
    res.json({});
  });

  api.get('/v2/user/info/', (req, res) => {
    const fields = (queryString(req, 'fields') ?? '').split(',').filter((f) => f !== '');
    if (fields.length === 0 || fields.some((f) => USER_FIELD_SCOPES[f] === undefined)) {
      sendError(res, 400, 'invalid_params', 'fields is required and must name user fields.');
      return;
    }
    const token = authenticated(ctx, req, res, [...new Set(fields.map((f) => USER_FIELD_SCOPES[f]!))]);
    if (token === null) return;
    const { user } = token.grant;
    const all: Record<string, unknown> = {
      open_id: tiktokOpenId(user),
      union_id: `u${tiktokOpenId(user).slice(4)}`,
      avatar_url: `${req.protocol}://${req.get('host') ?? '127.0.0.1'}/__sandbox/avatars/${encodeURIComponent(user.sub)}.svg`,
      display_name: user.name,
      follower_count: 1000 + (Number.parseInt(user.sub.slice(-3), 10) || 0),
      following_count: 12,
      likes_count: 3400,
      video_count: ctx.posts.listByAuthor('tiktok', tiktokOpenId(user)).length,
    };
    sendData(res, { user: Object.fromEntries(fields.map((f) => [f, all[f]])) });
  });

  api.post('/v2/post/publish/creator_info/query/', (req, res) => {
    const token = authenticated(ctx, req, res, ['video.publish']);
    if (token === null) return;
    const { user } = token.grant;
    const creator = tiktok.creator(tiktokOpenId(user));
    sendData(res, {
      creator_avatar_url: `https://p16.tiktokcdn.com/${encodeURIComponent(user.sub)}.jpeg`,
      creator_username: user.username,
      creator_nickname: user.name,
      privacy_level_options: creator.privacyLevelOptions,
      comment_disabled: creator.commentDisabled,
      duet_disabled: creator.duetDisabled,
      stitch_disabled: creator.stitchDisabled,
      max_video_post_duration_sec: creator.maxVideoPostDurationSec,
    });
  });

  api.post('/v2/post/publish/video/init/', (req, res) => {
    const token = authenticated(ctx, req, res, ['video.publish']);
    if (token === null) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const postInfo = readPostInfo(body.post_info);
    if (!postInfo.ok) {
      sendError(res, 400, 'invalid_params', postInfo.message);
      return;
    }
    const source = readSourceInfo(body.source_info);
    if (!source.ok) {
      sendError(res, 400, 'invalid_params', source.message);
      return;
    }
    const openId = tiktokOpenId(token.grant.user);
    const creator = tiktok.creator(openId);
    if (!creator.privacyLevelOptions.includes(postInfo.value.privacy_level)) {
      sendError(
        res,
        403,
        'privacy_level_option_mismatch',
        'privacy_level is not one of the creator’s privacy_level_options.',
      );
      return;
    }
    if (!tiktok.audited && postInfo.value.privacy_level !== 'SELF_ONLY') {
      sendError(
        res,
        403,
        'unaudited_client_can_only_post_to_private_accounts',
        'Unaudited clients can only post SELF_ONLY content to private accounts.',
      );
      return;
    }
    if (postsToday(tiktok, openId) >= tiktok.dailyCap) {
      sendError(
        res,
        403,
        'spam_risk_too_many_posts',
        'The daily post cap from the API is reached for the current user.',
      );
      return;
    }
    const publishId = `v_pub_file~v2-1.${tiktok.nextId()}`;
    const publish: Publish = {
      publishId,
      openId,
      uploadId: tiktok.nextId(),
      uploadToken: randomBytes(12).toString('hex'),
      postInfo: postInfo.value,
      videoSize: source.value.videoSize,
      chunkSize: source.value.chunkSize,
      totalChunks: source.value.totalChunks,
      chunks: [],
      received: 0,
      mimeType: null,
      expiresAt: tiktok.time() + UPLOAD_URL_TTL_MS,
      complete: false,
      completedAt: null,
      statusReads: 0,
      postId: null,
      failReason: null,
    };
    tiktok.publishes.set(publishId, publish);
    sendData(res, {
      publish_id: publishId,
      upload_url: `https://${TIKTOK_UPLOAD_HOST}/upload/?upload_id=${publish.uploadId}&upload_token=${publish.uploadToken}`,
    });
  });

  api.post('/v2/post/publish/status/fetch/', (req, res) => {
    const token = authenticated(ctx, req, res, ['video.publish']);
    if (token === null) return;
    const publishId = (req.body as Record<string, unknown> | undefined)?.publish_id;
    const publish = typeof publishId === 'string' ? tiktok.publishes.get(publishId) : undefined;
    if (publish === undefined || publish.openId !== tiktokOpenId(token.grant.user)) {
      sendError(res, 400, 'invalid_params', 'publish_id is invalid or does not belong to the user.');
      return;
    }
    let status = 'PROCESSING_UPLOAD';
    if (publish.complete) {
      publish.statusReads += 1;
      if (publish.statusReads > tiktok.processingChecks)
        status = publish.failReason === null ? 'PUBLISH_COMPLETE' : 'FAILED';
    }
    // The public post id is an int64 JSON number (only for posts others can see), as TikTok sends it.
    const ids =
      status === 'PUBLISH_COMPLETE' &&
      publish.postId !== null &&
      publish.postInfo.privacy_level !== 'SELF_ONLY'
        ? `[${publish.postId}]`
        : '[]';
    const failReason = status === 'FAILED' ? `,"fail_reason":${JSON.stringify(publish.failReason)}` : '';
    res
      .status(200)
      .type('application/json')
      .send(
        `{"data":{"status":"${status}"${failReason},"publicaly_available_post_id":${ids},"uploaded_bytes":${publish.received}},"error":{"code":"ok","message":"","log_id":"${logId()}"}}`,
      );
  });

  api.post('/v2/video/query/', (req, res) => {
    const token = authenticated(ctx, req, res, ['video.list']);
    if (token === null) return;
    const fields = (queryString(req, 'fields') ?? '').split(',').filter((f) => f !== '');
    if (fields.length === 0 || fields.some((f) => !VIDEO_FIELDS.includes(f))) {
      sendError(res, 400, 'invalid_params', 'fields is required and must name video fields.');
      return;
    }
    const filters = (req.body as Record<string, unknown> | undefined)?.filters;
    const ids =
      typeof filters === 'object' && filters !== null ? (filters as Record<string, unknown>).video_ids : null;
    if (
      !Array.isArray(ids) ||
      ids.length === 0 ||
      ids.length > VIDEO_QUERY_MAX_IDS ||
      ids.some((id) => typeof id !== 'string')
    ) {
      sendError(res, 400, 'invalid_params', `filters.video_ids must list 1 to ${VIDEO_QUERY_MAX_IDS} ids.`);
      return;
    }
    const openId = tiktokOpenId(token.grant.user);
    const videos = (ids as string[]).flatMap((id) => {
      const post = ctx.posts.find('tiktok', id);
      if (post === null || post.authorId !== openId) return [];
      const metrics = ctx.posts.metrics(id);
      const all: Record<string, unknown> = {
        id,
        title: post.text,
        create_time: Math.floor(Date.parse(post.createdAt) / 1000),
        share_url: `https://www.tiktok.com/video/${id}`,
        view_count: metrics.reach,
        like_count: metrics.likes,
        comment_count: metrics.comments,
        share_count: metrics.shares,
      };
      return [Object.fromEntries(fields.map((f) => [f, all[f]]))];
    });
    sendData(res, { videos, cursor: 0, has_more: false });
  });

  app.use(`/${TIKTOK_HOST}`, api);

  // The upload URL: raw chunks, in order, each with its Content-Range.
  const upload = Router();
  upload.put('/upload/', express.raw({ type: () => true, limit: FINAL_CHUNK_MAX + MB }), (req, res) => {
    const publish = [...tiktok.publishes.values()].find(
      (p) =>
        p.uploadId === queryString(req, 'upload_id') && p.uploadToken === queryString(req, 'upload_token'),
    );
    if (publish === undefined || tiktok.time() > publish.expiresAt) {
      sendError(res, 404, 'invalid_params', 'The upload URL is unknown or expired.');
      return;
    }
    if (publish.complete) {
      sendError(res, 400, 'invalid_params', 'The upload is already complete.');
      return;
    }
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!VIDEO_TYPES.includes(type)) {
      sendError(
        res,
        400,
        'invalid_file_upload',
        'Content-Type must be video/mp4, video/quicktime or video/webm.',
      );
      return;
    }
    const range = contentRange(req.headers['content-range']);
    const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const index = publish.chunks.length;
    const [start, end] = chunkBounds(publish, index);
    if (range === null || range.total !== publish.videoSize) {
      sendError(res, 400, 'invalid_params', 'Content-Range must be "bytes first-last/video_size".');
      return;
    }
    if (range.first !== start || range.last !== end - 1) {
      sendError(
        res,
        416,
        'invalid_params',
        `Chunks must be uploaded in order: expected bytes ${start}-${end - 1}.`,
      );
      return;
    }
    if (bytes.length !== end - start) {
      sendError(
        res,
        400,
        'invalid_params',
        `The chunk has ${bytes.length} bytes; Content-Range says ${end - start}.`,
      );
      return;
    }
    if (publish.mimeType !== null && publish.mimeType !== type) {
      sendError(res, 400, 'invalid_file_upload', 'Every chunk must have the same Content-Type.');
      return;
    }
    publish.mimeType = type;
    publish.chunks.push(Buffer.from(bytes));
    publish.received += bytes.length;
    if (publish.chunks.length < publish.totalChunks) {
      res
        .status(206)
        .set('Range', `bytes=0-${publish.received - 1}`)
        .end();
      return;
    }
    complete(ctx, tiktok, publish);
    res.status(201).end();
  });
  app.use(`/${TIKTOK_UPLOAD_HOST}`, upload);
}
