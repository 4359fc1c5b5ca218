// The two HTTP routes of images (docs/media.md) that are not tRPC:
//
// - `POST /api/posts/:postId/media`: the raw image as the body (no multipart), its type in
//   Content-Type (image/*), the client's uuid for this upload in `Idempotency-Key` (it becomes the
//   image's id, so a retried upload stores one image). Session cookie only; the same-origin check
//   of every cookie-authenticated write (docs/security.md C1); a body of at most
//   MEDIA_UPLOAD_MAX_BYTES, refused from Content-Length before it is read.
// - `GET /media/<key>?exp=…&sig=…`: the bytes of a stored image or thumbnail for whoever holds a
//   URL signed by this installation and not yet expired; 403 otherwise. Serves both storages.

import { pipeline } from 'node:stream/promises';
import {
  AppError,
  isAppError,
  MEDIA_UPLOAD_MAX_BYTES,
  type MediaRejection,
  WORKSPACE_HEADER,
  WORKSPACE_LOGO_MAX_BYTES,
  WORKSPACE_LOGO_PATH,
  type WorkspaceAction,
} from '@pauta/core';
import {
  contentTypeOfKey,
  isDatabaseUnavailable,
  isMediaKey,
  MediaNotFoundError,
  verifyMediaSignature,
} from '@pauta/db';
import express, { type NextFunction, type Request, type Response } from 'express';
import { cookieNames, readCookie, setSessionCookie } from '../auth/cookies.js';
import { validateSessionToken } from '../auth/session.js';
import type { AppDeps } from '../deps.js';
import { sameOriginOnly } from '../http/csrf.js';
import { httpStatusOf, userMessageOf } from '../trpc/errors.js';
import { IDEMPOTENCY_HEADER } from '../trpc/idempotency.js';
import { resolveWorkspace } from '../workspaces/scope.js';
import { uploadLogo } from '../workspaces/settings.service.js';
import { uploadComposerMedia } from './composer-media.service.js';
import { type MediaDeps, type MediaServiceDeps, type MediaView, uploadPostMedia } from './media.service.js';

export const MEDIA_UPLOAD_PATH = '/api/posts/:postId/media';
/** An image for "Novo post" before its save (docs/composer.md): the workspace's, on no post yet. */
const COMPOSER_MEDIA_PATH = '/api/composer/media';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * An AppError as these routes answer it, in the one error model (trpc/errors.ts): the status of its
 * code, `error` the code, `message` its pt-BR text, `details` the typed details.
 */
export function sendError(res: Response, error: AppError): void {
  const retryAfter =
    error.code === 'RATE_LIMITED' ? (error.details as { retryAfterSeconds?: number } | undefined) : undefined;
  if (retryAfter?.retryAfterSeconds) res.setHeader('Retry-After', String(retryAfter.retryAfterSeconds));
  res.status(httpStatusOf(error)).json({
    error: error.code,
    message: userMessageOf(error),
    ...(error.details ? { details: error.details } : {}),
  });
}

export const tooLarge = (limitBytes = MEDIA_UPLOAD_MAX_BYTES) =>
  new AppError('MEDIA_REJECTED', { reason: 'UPLOAD_TOO_LARGE', limitBytes });

/**
 * The checks of an upload's headers, before its body is read: an image type (a cross-site form
 * cannot send one without a CORS preflight) and a declared length of at most `maxBytes`. Shared by
 * the cookie route and the REST API's token route (api/rest.ts).
 */
export function uploadHeadersError(
  req: Request,
  res: Response,
  maxBytes: number,
  unsupported: MediaRejection = { reason: 'UNSUPPORTED_TYPE' },
): AppError | null {
  if (!req.is('image/*')) return new AppError('MEDIA_REJECTED', unsupported);
  const length = Number(req.get('content-length') ?? Number.NaN);
  if (Number.isFinite(length) && length > maxBytes) {
    res.setHeader('Connection', 'close');
    return tooLarge(maxBytes);
  }
  return null;
}

/** The body of an upload: the raw bytes, at most `maxBytes` (express.raw answers 413 past it). */
export const uploadBody = (maxBytes = MEDIA_UPLOAD_MAX_BYTES) =>
  express.raw({ type: () => true, limit: maxBytes });

/**
 * The core of a post image upload, shared by `POST /api/posts/:postId/media` (cookie) and
 * `POST /api/v1/posts/{id}/media` (token): the ids' shape, a non-empty body, then the upload
 * pipeline (media.service.ts: the post's lock, type sniffing, size, EXIF stripping, storage).
 * Throws the AppError to answer.
 */
export async function receivePostMedia(
  deps: MediaServiceDeps,
  options: { workspaceId: string; userId: string; postId: string; mediaId: string; body: unknown },
): Promise<{ status: 200 | 201; media: MediaView }> {
  if (!UUID.test(options.postId)) throw new AppError('NOT_FOUND');
  if (!UUID.test(options.mediaId)) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  const body = Buffer.isBuffer(options.body) ? options.body : Buffer.alloc(0);
  if (body.length === 0) throw new AppError('MEDIA_REJECTED', { reason: 'UNSUPPORTED_TYPE' });
  const result = await uploadPostMedia(deps, { ...options, body });
  return { status: result.created ? 201 : 200, media: result.media };
}

/**
 * Who is uploading, for the routes outside tRPC that take a session cookie (images, logos, the
 * video's tus routes): the session cookie only (never a header or the body), then the workspace and
 * the role's `action` (workspaces/scope.ts). Sets `res.locals.userId` and `res.locals.workspaceId`
 * and answers true, or answers the refusal itself and false.
 */
export function uploadAuth(deps: AppDeps) {
  const names = cookieNames(deps.env.appUrl);
  return async (req: Request, res: Response, action: WorkspaceAction): Promise<boolean> => {
    const token = readCookie(req, names.session);
    let session: Awaited<ReturnType<typeof validateSessionToken>> = null;
    try {
      session = token ? await validateSessionToken(deps.db, token) : null;
    } catch (error) {
      // PostgreSQL away: a 503 to try again, never a 401 that would look like a lost session.
      if (isDatabaseUnavailable(error)) {
        sendError(res, new AppError('DATABASE_UNAVAILABLE'));
        return false;
      }
    }
    if (!session || !token) {
      sendError(res, new AppError('UNAUTHORIZED'));
      return false;
    }
    if (session.renewed && session.persistent) setSessionCookie(res, names, token, true);
    res.locals.userId = session.userId;
    try {
      res.locals.workspaceId = (
        await resolveWorkspace(deps, {
          userId: session.userId,
          requested: req.get(WORKSPACE_HEADER) ?? null,
          action,
          readOnly: false,
        })
      ).id;
    } catch (error) {
      if (isAppError(error)) {
        sendError(res, error);
        return false;
      }
      if (isDatabaseUnavailable(error)) {
        sendError(res, new AppError('DATABASE_UNAVAILABLE'));
        return false;
      }
      throw error;
    }
    return true;
  };
}

export function mediaRouter(deps: AppDeps & { media: MediaDeps }): express.Router {
  const router = express.Router();
  const appOrigin = new URL(deps.env.appUrl).origin;

  const authenticate = uploadAuth(deps);
  /**
   * The checks before an upload's body is read: the session cookie, the workspace and the role's
   * `action` (workspaces/scope.ts), an image type, and a declared length of at most `maxBytes`.
   */
  const beforeUpload =
    (
      action: WorkspaceAction,
      maxBytes: number,
      unsupported: MediaRejection = { reason: 'UNSUPPORTED_TYPE' },
    ) =>
    async (req: Request, res: Response, next: NextFunction) => {
      if (!(await authenticate(req, res, action))) return;
      const refused = uploadHeadersError(req, res, maxBytes, unsupported);
      if (refused) return sendError(res, refused);
      next();
    };

  router.post(
    MEDIA_UPLOAD_PATH,
    sameOriginOnly(appOrigin),
    beforeUpload('media.write', MEDIA_UPLOAD_MAX_BYTES),
    uploadBody(MEDIA_UPLOAD_MAX_BYTES),
    async (req: Request, res: Response) => {
      try {
        const result = await receivePostMedia(deps, {
          userId: res.locals.userId as string,
          workspaceId: res.locals.workspaceId as string,
          postId: String(req.params.postId),
          mediaId: req.get(IDEMPOTENCY_HEADER)?.toLowerCase() ?? '',
          body: req.body,
        });
        res.status(result.status).json({ media: result.media });
      } catch (error) {
        if (isAppError(error)) return sendError(res, error);
        if (isDatabaseUnavailable(error)) return sendError(res, new AppError('DATABASE_UNAVAILABLE'));
        deps.logger.error({ err: error, requestId: req.id }, 'falha ao enviar imagem');
        sendError(res, new AppError('INTERNAL'));
      }
    },
  );

  // "Novo post" (docs/composer.md): the same checks as a post's image, on no post yet; the save
  // puts it on each network's post.
  router.post(
    COMPOSER_MEDIA_PATH,
    sameOriginOnly(appOrigin),
    beforeUpload('media.write', MEDIA_UPLOAD_MAX_BYTES),
    uploadBody(MEDIA_UPLOAD_MAX_BYTES),
    async (req: Request, res: Response) => {
      const mediaId = req.get(IDEMPOTENCY_HEADER)?.toLowerCase() ?? '';
      if (!UUID.test(mediaId)) return sendError(res, new AppError('IDEMPOTENCY_KEY_REQUIRED'));
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (body.length === 0)
        return sendError(res, new AppError('MEDIA_REJECTED', { reason: 'UNSUPPORTED_TYPE' }));
      try {
        const result = await uploadComposerMedia(deps, {
          userId: res.locals.userId as string,
          workspaceId: res.locals.workspaceId as string,
          mediaId,
          body,
        });
        res.status(result.created ? 201 : 200).json({ media: result.media });
      } catch (error) {
        if (isAppError(error)) return sendError(res, error);
        if (isDatabaseUnavailable(error)) return sendError(res, new AppError('DATABASE_UNAVAILABLE'));
        deps.logger.error({ err: error, requestId: req.id }, 'falha ao enviar imagem do Novo post');
        sendError(res, new AppError('INTERNAL'));
      }
    },
  );
  router.use(COMPOSER_MEDIA_PATH, (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if ((error as { status?: number }).status === 413) return sendError(res, tooLarge());
    next(error);
  });

  // The current cliente's logo (docs/workspaces.md, branding): the owner's `workspace.settings`,
  // PNG, JPEG or WebP up to WORKSPACE_LOGO_MAX_BYTES; the Idempotency-Key (a uuid) names the file,
  // so a retried upload stores one logo.
  router.post(
    WORKSPACE_LOGO_PATH,
    sameOriginOnly(appOrigin),
    beforeUpload('workspace.settings', WORKSPACE_LOGO_MAX_BYTES, { reason: 'LOGO_FORMAT' }),
    uploadBody(WORKSPACE_LOGO_MAX_BYTES),
    async (req: Request, res: Response) => {
      const workspaceId = res.locals.workspaceId as string;
      const uploadId = req.get(IDEMPOTENCY_HEADER)?.toLowerCase() ?? '';
      if (!UUID.test(uploadId)) return sendError(res, new AppError('IDEMPOTENCY_KEY_REQUIRED'));
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (body.length === 0) return sendError(res, new AppError('MEDIA_REJECTED', { reason: 'LOGO_FORMAT' }));
      try {
        const result = await uploadLogo(deps, { workspaceId, uploadId, body });
        res.status(result.created ? 201 : 200).json({ workspace: result.workspace });
      } catch (error) {
        if (isAppError(error)) return sendError(res, error);
        if (isDatabaseUnavailable(error)) return sendError(res, new AppError('DATABASE_UNAVAILABLE'));
        deps.logger.error({ err: error, requestId: req.id }, 'falha ao enviar logo');
        sendError(res, new AppError('INTERNAL'));
      }
    },
  );
  router.use(WORKSPACE_LOGO_PATH, (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if ((error as { status?: number }).status === 413)
      return sendError(res, tooLarge(WORKSPACE_LOGO_MAX_BYTES));
    next(error);
  });

  // A body over the limit that slipped past Content-Length (chunked): express.raw's 413.
  router.use(MEDIA_UPLOAD_PATH, (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if ((error as { status?: number }).status === 413) return sendError(res, tooLarge());
    next(error);
  });

  // A composer's upload (uploads/…/<id>[-thumb].jpg|png|webp|gif, a finished video .mp4|mov) too;
  // never a video's staging bytes (.part, .tail).
  router.get(
    /^\/media\/((?:posts|workspaces|reports)\/.+|uploads\/[^/]+\/[^/]+\.(?:jpg|png|webp|gif|mp4|mov))$/,
    async (req: Request, res: Response) => {
      const key = (req.params as Record<string, string>)[0] ?? '';
      const now = Math.floor(Date.now() / 1000);
      if (
        !isMediaKey(key) ||
        !verifyMediaSignature(deps.media.signingKey, key, req.query.exp, req.query.sig, now)
      ) {
        return sendError(res, new AppError('MEDIA_LINK_INVALID'));
      }
      if (/\.(mp4|mov)$/.test(key)) return serveVideo(deps, req, res, key, now);
      try {
        const bytes = await deps.media.storage.get(key);
        const maxAge = Math.max(0, Math.min(Number(req.query.exp) - now, 2 * 3600));
        res.setHeader('Content-Type', contentTypeOfKey(key));
        res.setHeader('Cache-Control', `private, max-age=${maxAge}, immutable`);
        // A report's PDF downloads under a readable name; images show inline.
        res.setHeader(
          'Content-Disposition',
          key.endsWith('.pdf') ? 'attachment; filename="relatorio-pauta.pdf"' : 'inline',
        );
        res.end(bytes);
      } catch (error) {
        if (error instanceof MediaNotFoundError) return sendError(res, new AppError('MEDIA_NOT_FOUND'));
        deps.logger.error({ err: error, requestId: req.id }, 'falha ao ler imagem');
        sendError(res, new AppError('INTERNAL'));
      }
    },
  );
  return router;
}

/**
 * A stored video, streamed from the storage (never read whole into memory), with HTTP ranges: the
 * browser's <video> asks for `Range: bytes=start-` to seek and to read the end of the file.
 */
async function serveVideo(
  deps: AppDeps & { media: MediaDeps },
  req: Request,
  res: Response,
  key: string,
  now: number,
): Promise<void> {
  try {
    const size = await deps.media.storage.size(key);
    const maxAge = Math.max(0, Math.min(Number(req.query.exp) - now, 2 * 3600));
    res.setHeader('Content-Type', contentTypeOfKey(key));
    res.setHeader('Cache-Control', `private, max-age=${maxAge}, immutable`);
    res.setHeader('Content-Disposition', 'inline');
    res.setHeader('Accept-Ranges', 'bytes');
    const match = /^bytes=(\d*)-(\d*)$/.exec(req.get('range') ?? '');
    let range: { start: number; end: number } | undefined;
    if (match && (match[1] || match[2])) {
      const start = match[1] ? Number(match[1]) : Math.max(0, size - Number(match[2]));
      const end = match[1] && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
      if (start >= size || start > end) {
        res.status(416).setHeader('Content-Range', `bytes */${size}`);
        res.end();
        return;
      }
      range = { start, end };
      res.status(206).setHeader('Content-Range', `bytes ${start}-${end}/${size}`);
    }
    res.setHeader('Content-Length', String(range ? range.end - range.start + 1 : size));
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = await deps.media.storage.openRead(key, range);
    await pipeline(stream, res).catch(() => {
      // The browser stopped reading (it seeks, or the page closed): nothing to report.
    });
  } catch (error) {
    if (res.headersSent) return void res.destroy();
    if (error instanceof MediaNotFoundError) return sendError(res, new AppError('MEDIA_NOT_FOUND'));
    deps.logger.error({ err: error, requestId: req.id }, 'falha ao ler vídeo');
    sendError(res, new AppError('INTERNAL'));
  }
}
