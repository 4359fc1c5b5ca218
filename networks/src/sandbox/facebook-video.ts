// Sandbox Facebook Page video: the two ways a Page publishes a video, in Graph's shapes.
// - Reels (Reels Publishing API): `POST /{page-id}/video_reels upload_phase=start` → video_id and
//   upload_url; the bytes to `rupload.facebook.com/video-upload/{version}/{video_id}` with the
//   `offset` and `file_size` headers (resumable: `GET /{video_id}?fields=status` tells
//   `bytes_transferred`); `upload_phase=finish&video_state=PUBLISHED&description=…` publishes.
// - Page videos (resumable upload on graph-video.facebook.com): `POST /{page-id}/videos`
//   `upload_phase=start` (file_size) → session and the first chunk's offsets; `transfer`
//   (start_offset, video_file_chunk, exactly the chunk asked for) → the next offsets; `finish`
//   (title, description, thumb) publishes.
// Offsets are checked, the bytes assembled in order and hashed; only `finish` makes a post, once.
// Upload sessions live in memory (a sandbox restart loses them: the adapter starts over).
import { createHash, type Hash } from 'node:crypto';
import type { Request, Response, Router } from 'express';
import {
  authenticatedGraph,
  pick,
  requestedFields,
  sendGraphError,
  sendPermissionError,
  sendUnsupported,
  versioned,
} from './graph-common.js';
import { fileField, inspectImage, readMultipart, sha256Hex } from './images.js';
import { looksLikeVideo } from './meta-video.js';
import { param, type SandboxContext } from './oauth-common.js';
import type { SandboxPosts } from './posts.js';
import type { AccessToken } from './store.js';

/** The chunk Facebook asks for in a Page video's transfer phase. */
export const PAGE_VIDEO_CHUNK_BYTES = 1024 * 1024;
/** Reels: the Reels Publishing API's "Video specifications" (3–90 s, 1 GB is the Page video cap). */
const PAGE_VIDEO_MAX_BYTES = 4 * 1024 * 1024 * 1024;
const DESCRIPTION_MAX = 63_206;
const TITLE_MAX = 255;
const THUMB_MAX_BYTES = 10 * 1024 * 1024;
const VIDEO_STATES = new Set(['PUBLISHED', 'DRAFT', 'SCHEDULED']);

interface VideoSession {
  id: string;
  pageId: string;
  kind: 'reel' | 'page_video';
  /** Page video: its upload session id. */
  uploadSessionId: string | null;
  /** Declared size (Page video: at start; Reel: by the first rupload's `file_size`). */
  fileSize: number | null;
  received: number;
  hash: Hash;
  /** First bytes, to check the file is a video. */
  head: Buffer;
  sha256: string | null;
  postId: string | null;
}

const sessionsByContext = new WeakMap<SandboxPosts, Map<string, VideoSession>>();

function sessionsOf(ctx: SandboxContext): Map<string, VideoSession> {
  let sessions = sessionsByContext.get(ctx.posts);
  if (sessions === undefined) {
    sessions = new Map();
    sessionsByContext.set(ctx.posts, sessions);
  }
  return sessions;
}

function newSession(ctx: SandboxContext, pageId: string, kind: VideoSession['kind']): VideoSession {
  const session: VideoSession = {
    id: ctx.posts.nextNumber(),
    pageId,
    kind,
    uploadSessionId: kind === 'page_video' ? ctx.posts.nextNumber() : null,
    fileSize: null,
    received: 0,
    hash: createHash('sha256'),
    head: Buffer.alloc(0),
    sha256: null,
    postId: null,
  };
  sessionsOf(ctx).set(session.id, session);
  return session;
}

function append(session: VideoSession, bytes: Buffer): void {
  session.hash.update(bytes);
  if (session.head.length < 16) session.head = Buffer.concat([session.head, bytes]).subarray(0, 16);
  session.received += bytes.length;
}

function uploadComplete(session: VideoSession): boolean {
  return session.fileSize !== null && session.received === session.fileSize;
}

/** A Page token of this Page with pages_manage_posts, or null after answering Graph's error. */
function pageToken(ctx: SandboxContext, req: Request, res: Response, pageId: string, edge: string) {
  const token = authenticatedGraph(ctx, req, res);
  if (token === null) return null;
  if (ctx.store.findPage(pageId) === null) {
    sendUnsupported(res, 'post', `${pageId}/${edge}`);
    return null;
  }
  const page = token.grant.user.pages.find((p) => p.id === pageId);
  if (token.pageId !== pageId || page === undefined || !token.grant.scopes.includes('pages_manage_posts')) {
    sendPermissionError(
      res,
      200,
      '(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission',
    );
    return null;
  }
  return token;
}

function statusOf(session: VideoSession): Record<string, unknown> {
  const done = uploadComplete(session);
  const published = session.postId !== null;
  return {
    video_status: published ? 'ready' : done ? 'upload_complete' : 'uploading',
    uploading_phase: {
      status: done ? 'complete' : 'in_progress',
      bytes_transferred: session.received,
    },
    processing_phase: { status: published ? 'complete' : 'not_started' },
    publishing_phase: { status: published ? 'complete' : 'not_started' },
  };
}

/**
 * `GET /{video-id}`: an uploading or published Page video or Reel (`status`, `post_id`,
 * `permalink_url`, `description`). False when `id` is no video session of the sandbox.
 */
export function readFacebookVideo(
  ctx: SandboxContext,
  req: Request,
  res: Response,
  token: AccessToken,
  id: string,
  postFields: (postId: string) => Record<string, unknown>,
): boolean {
  const session = sessionsOf(ctx).get(id);
  if (session === undefined) return false;
  if (
    token.pageId !== null
      ? token.pageId !== session.pageId
      : !token.grant.user.pages.some((p) => p.id === session.pageId)
  ) {
    sendUnsupported(res, 'get', id);
    return true;
  }
  const fields: Record<string, unknown> = {
    ...(session.postId === null ? {} : postFields(session.postId)),
    id,
    status: statusOf(session),
    ...(session.postId === null
      ? {}
      : {
          post_id: `${session.pageId}_${session.postId}`,
          permalink_url:
            session.kind === 'reel'
              ? `https://www.facebook.com/reel/${id}`
              : `https://www.facebook.com/${session.pageId}/videos/${id}`,
        }),
  };
  res.json(pick(fields, requestedFields(req, ['id'])));
  return true;
}

/** Publishes a finished session: the one visible step, recorded once. */
async function publishSession(
  ctx: SandboxContext,
  session: VideoSession,
  text: string,
  extra: { title?: string | null; coverSha256?: string | null },
): Promise<void> {
  await ctx.posts.latency();
  session.sha256 = session.hash.digest('hex');
  session.postId = session.id;
  ctx.posts.add({
    network: 'facebook',
    id: session.id,
    authorId: session.pageId,
    text,
    imageUrl: null,
    media: [],
    video: {
      sha256: session.sha256,
      size: session.received,
      kind: session.kind,
      title: extra.title ?? null,
      coverSha256: extra.coverSha256 ?? null,
    },
  });
}

export function mountFacebookVideo(app: Router, graph: Router, ctx: SandboxContext): void {
  const sessions = () => sessionsOf(ctx);
  const refuse = (res: Response, message: string, code = 100, subcode?: number) =>
    sendGraphError(res, code, message, subcode, code === 100 ? 'GraphMethodException' : 'OAuthException');
  /** At a finish: an upload not complete, or bytes that are no video, get Facebook's refusal (true). */
  const refusedUnfinished = (res: Response, session: VideoSession): boolean => {
    if (!uploadComplete(session)) {
      refuse(res, '(#6000) There was a problem uploading your video file: the upload is not complete', 6000);
      return true;
    }
    if (!looksLikeVideo(session.head)) {
      refuse(res, "(#352) Sorry, the video file you selected is in a format that we don't support.", 352);
      return true;
    }
    return false;
  };

  graph.post(
    '/:version/:id/video_reels',
    versioned(async (req, res) => {
      const pageId = String(req.params.id);
      if (pageToken(ctx, req, res, pageId, 'video_reels') === null) return;
      const phase = param(req, 'upload_phase');
      if (phase === 'start') {
        const session = newSession(ctx, pageId, 'reel');
        res.json({
          video_id: session.id,
          upload_url: `https://rupload.facebook.com/video-upload/${String(req.params.version)}/${session.id}`,
        });
        return;
      }
      if (phase !== 'finish') {
        refuse(res, '(#100) The parameter upload_phase must be one of {start, finish}');
        return;
      }
      const session = sessions().get(param(req, 'video_id') ?? '');
      if (session === undefined || session.kind !== 'reel' || session.pageId !== pageId) {
        refuse(res, '(#100) Param video_id must be a Reel upload of this Page');
        return;
      }
      const state = param(req, 'video_state');
      if (state === undefined || !VIDEO_STATES.has(state)) {
        refuse(res, '(#100) The parameter video_state must be one of {PUBLISHED, DRAFT, SCHEDULED}');
        return;
      }
      if (state !== 'PUBLISHED') {
        refuse(res, '(#100) The sandbox publishes Reels only (video_state=PUBLISHED)');
        return;
      }
      if (session.postId !== null) {
        refuse(res, '(#100) This video has already been published');
        return;
      }
      if (refusedUnfinished(res, session)) return;
      const description = param(req, 'description') ?? '';
      if ([...description].length > DESCRIPTION_MAX) {
        refuse(res, '(#100) The description is too long');
        return;
      }
      await publishSession(ctx, session, description, {});
      res.json({ success: true });
    }),
  );

  // rupload: the Reel's bytes, `offset` and `file_size` headers, `Authorization: OAuth <token>`.
  const rupload = async (req: Request, res: Response): Promise<void> => {
    const debug = (status: number, type: string, message: string) =>
      res.status(status).json({ debug_info: { retriable: false, type, message } });
    const token = ctx.store.findAccessToken(
      'facebook',
      req.get('authorization')?.replace(/^OAuth\s+/i, '') ?? null,
    );
    if (token === null) {
      debug(401, 'AuthError', 'Invalid OAuth access token');
      return;
    }
    const session = sessions().get(String(req.params.videoId));
    if (session === undefined || session.kind !== 'reel' || token.pageId !== session.pageId) {
      debug(404, 'NotFoundError', 'The video upload session does not exist or is not yours');
      return;
    }
    const offsetHeader = req.get('offset') ?? '';
    const sizeHeader = req.get('file_size') ?? '';
    if (!/^\d+$/.test(offsetHeader)) {
      debug(
        400,
        'ParameterValidationError',
        'HeaderValuePredicate: Header Offset not convertable to unsigned long',
      );
      return;
    }
    if (!/^\d+$/.test(sizeHeader) || Number(sizeHeader) === 0) {
      debug(
        400,
        'ParameterValidationError',
        'HeaderValuePredicate: Header file_size not convertable to unsigned long',
      );
      return;
    }
    const offset = Number(offsetHeader);
    const fileSize = Number(sizeHeader);
    if (session.fileSize !== null && session.fileSize !== fileSize) {
      debug(
        400,
        'ParameterValidationError',
        `file_size ${fileSize} differs from the upload's ${session.fileSize}`,
      );
      return;
    }
    if (offset !== session.received) {
      debug(
        400,
        'ParameterValidationError',
        `Offset ${offset} does not match the bytes received (${session.received})`,
      );
      return;
    }
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (body.length === 0 || offset + body.length > fileSize) {
      debug(400, 'ParameterValidationError', 'The body is empty or goes past file_size');
      return;
    }
    if (session.postId !== null) {
      debug(400, 'ParameterValidationError', 'The video has already been published');
      return;
    }
    session.fileSize = fileSize;
    append(session, body);
    res.json({ success: true });
  };
  app.post('/rupload.facebook.com/video-upload/:version/:videoId', rupload);

  graph.post(
    '/:version/:id/videos',
    versioned(async (req, res) => {
      const form = await readMultipart(req.get('content-type'), req.body);
      if (form !== null) {
        const fields: Record<string, string> = {};
        for (const [name, value] of form.entries()) if (typeof value === 'string') fields[name] = value;
        req.body = fields;
      }
      const pageId = String(req.params.id);
      if (pageToken(ctx, req, res, pageId, 'videos') === null) return;
      const phase = param(req, 'upload_phase');
      if (phase === 'start') {
        const size = param(req, 'file_size') ?? '';
        if (!/^\d+$/.test(size) || Number(size) === 0) {
          refuse(res, '(#100) The parameter file_size is required and must be a positive integer');
          return;
        }
        if (Number(size) > PAGE_VIDEO_MAX_BYTES) {
          refuse(res, '(#382) The video file you tried to upload is too large', 382);
          return;
        }
        const session = newSession(ctx, pageId, 'page_video');
        session.fileSize = Number(size);
        res.json({
          video_id: session.id,
          upload_session_id: session.uploadSessionId,
          start_offset: '0',
          end_offset: String(Math.min(session.fileSize, PAGE_VIDEO_CHUNK_BYTES)),
        });
        return;
      }
      if (phase !== 'transfer' && phase !== 'finish') {
        refuse(
          res,
          '(#100) The sandbox takes Page videos as resumable uploads: upload_phase start, transfer or finish',
        );
        return;
      }
      const sessionId = param(req, 'upload_session_id');
      const session = [...sessions().values()].find(
        (s) => s.kind === 'page_video' && s.uploadSessionId === sessionId && s.pageId === pageId,
      );
      if (session === undefined) {
        refuse(res, '(#100) Invalid upload_session_id', 100, 1363020);
        return;
      }
      if (session.postId !== null) {
        refuse(res, '(#100) This upload session has already been finished');
        return;
      }
      const size = session.fileSize ?? 0;
      if (phase === 'transfer') {
        const start = param(req, 'start_offset') ?? '';
        if (!/^\d+$/.test(start) || Number(start) !== session.received) {
          refuse(res, `(#6001) start_offset ${start} is not the expected ${session.received}`, 6001, 1363037);
          return;
        }
        const chunk = form === null ? null : await fileField(form, 'video_file_chunk');
        const expected = Math.min(size, session.received + PAGE_VIDEO_CHUNK_BYTES) - session.received;
        if (chunk === null || chunk.length !== expected) {
          refuse(res, `(#6001) video_file_chunk must hold exactly ${expected} bytes`, 6001, 1363019);
          return;
        }
        append(session, chunk);
        res.json({
          start_offset: String(session.received),
          end_offset: String(Math.min(size, session.received + PAGE_VIDEO_CHUNK_BYTES)),
        });
        return;
      }
      if (refusedUnfinished(res, session)) return;
      const description = param(req, 'description') ?? '';
      const title = param(req, 'title') ?? null;
      if ([...description].length > DESCRIPTION_MAX || (title !== null && [...title].length > TITLE_MAX)) {
        refuse(res, '(#100) The title or description is too long');
        return;
      }
      let coverSha256: string | null = null;
      const thumb = form === null ? null : await fileField(form, 'thumb');
      if (thumb !== null) {
        const image = inspectImage(thumb);
        if (
          image === null ||
          (image.mimeType !== 'image/jpeg' && image.mimeType !== 'image/png') ||
          thumb.length > THUMB_MAX_BYTES
        ) {
          refuse(res, '(#100) thumb must be a JPEG or PNG image of up to 10 MB');
          return;
        }
        coverSha256 = sha256Hex(thumb);
      }
      await publishSession(ctx, session, description, { title, coverSha256 });
      res.json({ success: true });
    }),
  );

  // Video insights: reach for a Page video (total_video_impressions_unique) or a Reel
  // (post_impressions_unique), plays; as Graph does, an unknown metric is error 100.
  graph.get(
    '/:version/:id/video_insights',
    versioned((req, res) => {
      const token = authenticatedGraph(ctx, req, res);
      if (token === null) return;
      const id = String(req.params.id);
      const session = sessions().get(id);
      const post = ctx.posts.find('facebook', id);
      if (
        session === undefined ||
        post === null ||
        (token.pageId !== null && token.pageId !== session.pageId)
      ) {
        sendUnsupported(res, 'get', `${id}/video_insights`);
        return;
      }
      const m = ctx.posts.metrics(id);
      const values: Record<string, number> = {
        total_video_impressions_unique: m.reach,
        post_impressions_unique: m.reach,
        total_video_views: Math.floor(m.reach * 0.6),
        total_video_views_unique: Math.floor(m.reach * 0.5),
        blue_reels_play_count: Math.floor(m.reach * 0.8),
      };
      const asked = (param(req, 'metric') ?? '').split(',').filter((name) => name !== '');
      const unknown = asked.find((name) => !(name in values));
      if (unknown !== undefined) {
        refuse(res, `(#100) The value must be a valid insights metric: ${unknown}`);
        return;
      }
      // A Reel has no Page-video impressions, and the reverse: only what exists is answered.
      const applies = (name: string) =>
        session.kind === 'reel'
          ? name !== 'total_video_impressions_unique'
          : name !== 'post_impressions_unique' && name !== 'blue_reels_play_count';
      const names = (asked.length === 0 ? Object.keys(values) : asked).filter(applies);
      res.json({
        data: names.map((name) => ({
          name,
          period: 'lifetime',
          values: [{ value: values[name] }],
          title: name,
          description: name,
          id: `${id}/video_insights/${name}/lifetime`,
        })),
      });
    }),
  );
}
