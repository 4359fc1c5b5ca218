// The resumable video upload (docs/media.md, "Envio retomável (tus)"): Pauta's own small server of
// the tus 1.0.0 protocol — core (HEAD, PATCH), creation (POST) and termination (DELETE) — on the
// same Express app, the same session cookie, workspace scoping and same-origin rule as images.
//
//   POST   /api/posts/:postId/video       Upload-Length, Idempotency-Key (the video's id) → 201 Location
//   POST   /api/composer/video            the same for "Novo post": no post yet, the workspace's upload
//   HEAD   /api/video-uploads/:id         → Upload-Offset, Upload-Length
//   PATCH  /api/video-uploads/:id         Upload-Offset, application/offset+octet-stream → 204
//   DELETE /api/video-uploads/:id         → 204 (the bytes received so far are dropped)
//   POST   /api/posts/:postId/media/:mediaId/cover   the cover image (raw body), `?t=` the frame time
//
// The bytes go from the request straight to the storage (a file on the local disk, S3 parts of
// 8 MiB): the web never holds a whole video in memory. The offset and S3 parts live in
// `video_uploads`, with a lease so one PATCH writes at a time across web processes.
import { randomUUID } from 'node:crypto';
import {
  AppError,
  EDITABLE_POST_STATUSES,
  isAppError,
  type MediaRejection,
  type PostStatus,
  VIDEO_UPLOAD_MAX_BYTES,
  videoFieldMessages,
} from '@pauta/core';
import {
  blockedFor,
  createVideoUpload,
  deleteVideoUpload,
  findPostForMedia,
  findVideoUpload,
  isDatabaseUnavailable,
  isTooMuchData,
  leaseVideoUpload,
  listPostMedia,
  recordHit,
  reserveMediaKeys,
  resumableStateOf,
  saveVideoUploadProgress,
  type VideoUploadRow,
} from '@pauta/db';
import { videoLimitsOf } from '@pauta/networks';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { AppDeps } from '../deps.js';
import { sameOriginOnly } from '../http/csrf.js';
import { IDEMPOTENCY_HEADER } from '../trpc/idempotency.js';
import { sendError, uploadAuth, uploadBody } from './media.routes.js';
import { type MediaDeps, VIDEO_UPLOAD_LIMIT } from './media.service.js';
import { completeVideoUpload, networkVideoMaxBytes, setCoverFromImage } from './video-upload.service.js';

export const VIDEO_CREATE_PATH = '/api/posts/:postId/video';
/** "Novo post": a video uploaded before its posts exist (docs/composer.md). */
export const COMPOSER_VIDEO_PATH = '/api/composer/video';
export const VIDEO_UPLOAD_PATH = '/api/video-uploads/:uploadId';
export const VIDEO_COVER_PATH = '/api/posts/:postId/media/:mediaId/cover';

const TUS_VERSION = '1.0.0';
/** An upload nobody sends a byte to for this long is aborted by the sweeper (docs/media.md). */
export const VIDEO_UPLOAD_EXPIRY_MS = 24 * 60 * 60_000;
/** How long a PATCH holds the write lease; it is extended while bytes arrive. */
const LEASE_MS = 60_000;
const HEARTBEAT_MS = 15_000;
const COVER_MAX_BYTES = 20 * 1024 * 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A tus protocol refusal (not a rule of Pauta's): its status and a pt-BR text. */
function protocolError(res: Response, status: number, error: string, message: string): void {
  res.status(status).json({ error, message });
}

const rejected = (rejection: MediaRejection) => new AppError('MEDIA_REJECTED', rejection);

/** `filetype` from tus's Upload-Metadata (`key base64,key base64`): MOV or MP4 by the browser's word. */
function containerHint(metadata: string | undefined): 'mov' | 'mp4' {
  for (const pair of (metadata ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key !== 'filetype' && key !== 'filename') continue;
    const text = Buffer.from(value ?? '', 'base64')
      .toString('utf8')
      .toLowerCase();
    if (text === 'video/quicktime' || text.endsWith('.mov')) return 'mov';
  }
  return 'mp4';
}

export function videoUploadRouter(deps: AppDeps & { media: MediaDeps }): express.Router {
  const router = express.Router();
  const appOrigin = new URL(deps.env.appUrl).origin;
  const authenticate = uploadAuth(deps);
  const storage = deps.media.storage;

  const tusHeaders = (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Tus-Resumable', TUS_VERSION);
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
  const tusVersion = (req: Request, res: Response, next: NextFunction) => {
    if (req.get('tus-resumable') !== TUS_VERSION) {
      res.setHeader('Tus-Version', TUS_VERSION);
      return protocolError(res, 412, 'TUS_VERSION', 'Versão do protocolo de envio não suportada.');
    }
    next();
  };
  const fail = (req: Request, res: Response, error: unknown, what: string) => {
    if (res.headersSent) return;
    if (isAppError(error)) return sendError(res, error);
    if (isDatabaseUnavailable(error)) return sendError(res, new AppError('DATABASE_UNAVAILABLE'));
    deps.logger.error({ err: error, requestId: req.id }, what);
    sendError(res, new AppError('INTERNAL'));
  };
  /** Counts one new upload of the user: 0 when it may go ahead, else the seconds to wait. */
  const takeVideoUpload = async (userId: string): Promise<number> => {
    const { limit, windowMs } = deps.media.videoUploadLimit ?? VIDEO_UPLOAD_LIMIT;
    const key = `video-upload:${userId}`;
    const now = new Date();
    const wait = await blockedFor(deps.db, key, now);
    if (wait > 0) return wait;
    // Blocks once the count reaches `limit`: that upload goes ahead, the next one waits.
    const hit = await recordHit(deps.db, { key, limit, windowMs, blockMs: windowMs, now });
    if (hit.count <= limit) return 0;
    const until = hit.blockedUntil ?? new Date(now.getTime() + windowMs);
    return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  };
  const uploadHeaders = (res: Response, row: VideoUploadRow) => {
    res.setHeader('Upload-Offset', String(Number(row.upload_offset)));
    res.setHeader('Upload-Length', String(Number(row.upload_length)));
  };

  // The upload's lease for one short step of a request (finishing, cancelling); null while another
  // request holds it.
  const leaseOnce = (row: VideoUploadRow) =>
    leaseVideoUpload(deps.db, {
      workspaceId: row.workspace_id,
      id: row.id,
      token: randomUUID(),
      leaseMs: LEASE_MS,
    });

  // What every tus write (create, append, cancel) goes through: the protocol's headers, the CSRF
  // check (our own origin only, docs/security.md C1), a supported protocol version.
  const tusWrite = [tusHeaders, sameOriginOnly(appOrigin), tusVersion];

  router.options([VIDEO_CREATE_PATH, COMPOSER_VIDEO_PATH, VIDEO_UPLOAD_PATH], tusHeaders, (_req, res) => {
    res.setHeader('Tus-Version', TUS_VERSION);
    res.setHeader('Tus-Extension', 'creation,termination');
    res.setHeader('Tus-Max-Size', String(VIDEO_UPLOAD_MAX_BYTES));
    res.status(204).end();
  });

  // Creation: the length is known and checked before a byte is accepted. `forPost` false: the
  // composer's upload (POST /api/composer/video), bound to the workspace until its save.
  const create = (forPost: boolean) => async (req: Request, res: Response) => {
    try {
      if (!(await authenticate(req, res, 'media.write'))) return;
      const workspaceId = res.locals.workspaceId as string;
      const userId = res.locals.userId as string;
      const postId = forPost ? String(req.params.postId) : null;
      if (req.get('upload-defer-length') !== undefined || req.get('upload-length') === undefined)
        return protocolError(
          res,
          400,
          'UPLOAD_LENGTH_REQUIRED',
          'Informe o tamanho do vídeo antes de enviá-lo.',
        );
      const length = Number(req.get('upload-length'));
      if (!Number.isSafeInteger(length) || length <= 0)
        return protocolError(res, 400, 'UPLOAD_LENGTH_INVALID', 'O tamanho informado do vídeo é inválido.');
      if (length > VIDEO_UPLOAD_MAX_BYTES) {
        res.setHeader('Connection', 'close');
        throw rejected({
          reason: 'VIDEO_REFUSED',
          rejections: [{ reason: 'VIDEO_UPLOAD_TOO_LARGE', limitBytes: VIDEO_UPLOAD_MAX_BYTES }],
        });
      }
      if (postId !== null && !UUID.test(postId)) throw new AppError('NOT_FOUND');
      const id = req.get(IDEMPOTENCY_HEADER)?.toLowerCase() ?? '';
      if (!UUID.test(id)) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');

      // A retried creation (same key): the upload already there.
      const again = await findVideoUpload(deps.db, workspaceId, id);
      if (again) {
        if (again.post_id !== postId || Number(again.upload_length) !== length)
          throw new AppError('IDEMPOTENCY_KEY_REUSED');
        res.setHeader('Location', `/api/video-uploads/${id}`);
        uploadHeaders(res, again);
        return res.status(201).end();
      }
      // A post's upload: the post's rules before a byte is sent. The composer's has no network yet
      // (each network's rules apply at its save, posts.compose).
      if (postId !== null) await checkPostTakesVideo(workspaceId, postId, length);

      // New uploads per user (a retried creation above and a resumed upload do not count).
      const wait = await takeVideoUpload(userId);
      if (wait > 0) {
        res.setHeader('Retry-After', String(wait));
        return protocolError(res, 429, 'RATE_LIMITED', videoFieldMessages.tooManyUploads(wait));
      }

      const ext = containerHint(req.get('upload-metadata'));
      const finalKey =
        postId === null
          ? `uploads/${workspaceId}/${id}.${ext}`
          : `posts/${workspaceId}/${postId}/${id}.${ext}`;
      const stagingKey = `uploads/${workspaceId}/${id}.${storage.kind === 'local' ? 'part' : 'tail'}`;
      // A crash between opening the upload and recording it leaves bytes the sweeper deletes.
      await reserveMediaKeys(deps.db, [stagingKey], { graceMs: 15 * 60_000 });
      const state = await storage.resumable.begin(
        finalKey,
        stagingKey,
        length,
        ext === 'mov' ? 'video/quicktime' : 'video/mp4',
      );
      const created = await createVideoUpload(deps.db, {
        id,
        workspaceId,
        userId,
        postId,
        state,
        expiresAt: new Date(Date.now() + VIDEO_UPLOAD_EXPIRY_MS),
      });
      if ('taken' in created) {
        await storage.resumable.abort(state).catch(() => undefined);
        throw new AppError('IDEMPOTENCY_KEY_REUSED');
      }
      if (!created.created) await storage.resumable.abort(state).catch(() => undefined);
      res.setHeader('Location', `/api/video-uploads/${id}`);
      uploadHeaders(res, created.row);
      res.status(201).end();
    } catch (error) {
      fail(req, res, error, 'falha ao criar envio de vídeo');
    }
  };
  /** The post's refusals of a new video, before a byte is accepted (throws the AppError to answer). */
  const checkPostTakesVideo = async (workspaceId: string, postId: string, length: number) => {
    const post = await findPostForMedia(deps.db, workspaceId, postId);
    if (!post) throw new AppError('NOT_FOUND');
    if (!(EDITABLE_POST_STATUSES as readonly PostStatus[]).includes(post.status))
      throw rejected({ reason: 'NOT_EDITABLE' });
    const current = await listPostMedia(deps.db, postId);
    if (current.some((m) => m.kind === 'video')) throw rejected({ reason: 'ONE_VIDEO' });
    if (current.length > 0) throw rejected({ reason: 'VIDEO_WITH_IMAGES' });
    // The network's largest video, before a byte is sent (the rest is checked on the file).
    const networkMax = networkVideoMaxBytes(post.platform);
    if (networkMax !== null && length > networkMax) {
      const kind = Object.values(videoLimitsOf(post.platform)).find((k) => k.maxBytes === networkMax);
      throw rejected({
        reason: 'VIDEO_REFUSED',
        rejections: [
          {
            reason: 'VIDEO_TOO_LARGE',
            platform: post.platform,
            kind: kind?.kind ?? 'vídeos',
            limitBytes: networkMax,
          },
        ],
      });
    }
  };
  router.post(VIDEO_CREATE_PATH, ...tusWrite, create(true));
  router.post(COMPOSER_VIDEO_PATH, ...tusWrite, create(false));

  /** The workspace's upload named in the path, or the answer already sent. */
  const uploadOf = async (req: Request, res: Response): Promise<VideoUploadRow | null> => {
    if (!(await authenticate(req, res, 'media.write'))) return null;
    const id = String(req.params.uploadId);
    const row = UUID.test(id)
      ? await findVideoUpload(deps.db, res.locals.workspaceId as string, id)
      : undefined;
    if (!row) {
      // tus clients start a new upload on 404.
      protocolError(res, 404, 'NOT_FOUND', 'Este envio de vídeo não existe mais. Envie o vídeo de novo.');
      return null;
    }
    return row;
  };

  /** The refusal a finished-but-refused upload repeats to every later request. */
  const repeatRefusal = (res: Response, row: VideoUploadRow) => {
    const rejection = row.rejection as MediaRejection | null;
    sendError(res, rejection ? rejected(rejection) : new AppError('NOT_FOUND'));
  };

  router.head(VIDEO_UPLOAD_PATH, tusHeaders, tusVersion, async (req: Request, res: Response) => {
    try {
      const row = await uploadOf(req, res);
      if (!row) return;
      if (row.state === 'rejected') {
        // A HEAD has no body: the status says it; a PATCH repeats why.
        res.status(422).end();
        return;
      }
      if (row.state === 'receiving' && Number(row.upload_offset) === Number(row.upload_length)) {
        // Every byte arrived but the end was cut short (the process stopped): finish it now.
        const leased = await leaseOnce(row);
        if (!leased) return void res.status(423).end();
        await storage.resumable.finish(resumableStateOf(leased));
        try {
          await completeVideoUpload(deps, leased);
        } catch (error) {
          if (isAppError(error, 'MEDIA_REJECTED')) return void res.status(422).end();
          throw error;
        }
      }
      uploadHeaders(res, row);
      res.status(200).end();
    } catch (error) {
      fail(req, res, error, 'falha ao consultar envio de vídeo');
    }
  });

  router.patch(VIDEO_UPLOAD_PATH, ...tusWrite, async (req: Request, res: Response) => {
    let token: string | null = null;
    let row: VideoUploadRow | null = null;
    let heartbeat: NodeJS.Timeout | undefined;
    try {
      if (req.get('content-type') !== 'application/offset+octet-stream')
        return protocolError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Envio de vídeo em formato inesperado.');
      const offset = Number(req.get('upload-offset'));
      if (!Number.isSafeInteger(offset) || offset < 0)
        return protocolError(res, 400, 'UPLOAD_OFFSET_INVALID', 'Posição do envio inválida.');
      const found = await uploadOf(req, res);
      if (!found) return;
      if (found.state === 'rejected') return repeatRefusal(res, found);
      if (found.state === 'done') {
        uploadHeaders(res, found);
        if (offset !== Number(found.upload_length))
          return protocolError(res, 409, 'UPLOAD_OFFSET_MISMATCH', 'O envio deste vídeo já terminou.');
        return res.status(204).end();
      }
      token = randomUUID();
      row = await leaseVideoUpload(deps.db, {
        workspaceId: found.workspace_id,
        id: found.id,
        token,
        leaseMs: LEASE_MS,
      });
      if (!row) {
        token = null;
        return protocolError(
          res,
          423,
          'UPLOAD_BUSY',
          'Este vídeo ainda está recebendo dados de outra conexão. Tente de novo em instantes.',
        );
      }
      if (offset !== Number(row.upload_offset)) {
        uploadHeaders(res, row);
        return protocolError(
          res,
          409,
          'UPLOAD_OFFSET_MISMATCH',
          'O envio saiu de sincronia. Ele será retomado do ponto certo.',
        );
      }
      const leased = row;
      const leaseToken = token;
      const expiresAt = () => new Date(Date.now() + VIDEO_UPLOAD_EXPIRY_MS);
      let latest = resumableStateOf(leased);
      // Every progress write is fenced by the lease token and its row count checked: once it
      // matches nothing, another PATCH holds the upload, so this one stops receiving at once.
      let held = true;
      const persist = async (state: typeof latest) => {
        latest = state;
        const still = await saveVideoUploadProgress(deps.db, {
          id: leased.id,
          token: leaseToken,
          state,
          leaseMs: LEASE_MS,
          expiresAt: expiresAt(),
        });
        if (!still) {
          held = false;
          req.destroy();
          throw new Error('lease lost');
        }
      };
      heartbeat = setInterval(() => {
        void persist(latest).catch(() => undefined);
      }, HEARTBEAT_MS);
      heartbeat.unref();
      const { state, error } = await storage.resumable.append(latest, req, persist);
      clearInterval(heartbeat);
      const complete = state.offset === state.length;
      const saved =
        held &&
        (await saveVideoUploadProgress(deps.db, {
          id: leased.id,
          token: leaseToken,
          state,
          leaseMs: LEASE_MS,
          expiresAt: expiresAt(),
          release: !complete,
        }));
      if (!saved) {
        // The lease went to another PATCH while this one stalled: nothing more is ours to write.
        token = null;
        deps.logger.warn({ uploadId: leased.id }, 'envio de vídeo perdeu a vez para outra conexão');
        if (res.destroyed) return;
        return protocolError(
          res,
          423,
          'UPLOAD_BUSY',
          'Este vídeo ainda está recebendo dados de outra conexão. Tente de novo em instantes.',
        );
      }
      if (!complete) token = null;
      res.setHeader('Upload-Offset', String(state.offset));
      if (isTooMuchData(error)) {
        return protocolError(res, 400, 'UPLOAD_TOO_LONG', 'O vídeo enviado é maior que o tamanho informado.');
      }
      if (error) {
        // The connection dropped: what arrived is kept; the client resumes from the offset.
        deps.logger.debug({ uploadId: leased.id, offset: state.offset }, 'envio de vídeo interrompido');
        if (!res.destroyed) res.status(204).end();
        return;
      }
      if (!complete) return res.status(204).end();
      await storage.resumable.finish(state);
      const fresh = await findVideoUpload(deps.db, leased.workspace_id, leased.id);
      if (!fresh) throw new AppError('NOT_FOUND');
      token = null;
      await completeVideoUpload(deps, fresh);
      res.status(204).end();
    } catch (error) {
      fail(req, res, error, 'falha ao receber vídeo');
    } finally {
      clearInterval(heartbeat);
      if (token && row) {
        // An error between the lease and its release: give the lease back for the next try.
        await saveVideoUploadProgress(deps.db, {
          id: row.id,
          token,
          state: resumableStateOf((await findVideoUpload(deps.db, row.workspace_id, row.id)) ?? row),
          leaseMs: LEASE_MS,
          expiresAt: new Date(Date.now() + VIDEO_UPLOAD_EXPIRY_MS),
          release: true,
        }).catch(() => undefined);
      }
    }
  });

  // Termination: the person cancelled. A finished video is removed through media.remove instead.
  router.delete(VIDEO_UPLOAD_PATH, ...tusWrite, async (req: Request, res: Response) => {
    try {
      const row = await uploadOf(req, res);
      if (!row) return;
      if (row.state === 'receiving') {
        const leased = await leaseOnce(row);
        if (!leased)
          return protocolError(
            res,
            423,
            'UPLOAD_BUSY',
            'Este vídeo ainda está recebendo dados. Tente cancelar de novo em instantes.',
          );
        await storage.resumable.abort(resumableStateOf(leased));
      }
      await deleteVideoUpload(deps.db, row.id);
      deps.media.kickSweeper?.();
      res.status(204).end();
    } catch (error) {
      fail(req, res, error, 'falha ao cancelar envio de vídeo');
    }
  });

  // The cover: an image (uploaded, or a frame the browser drew from the video), `?t=` its time.
  router.post(
    VIDEO_COVER_PATH,
    sameOriginOnly(appOrigin),
    async (req: Request, res: Response, next: NextFunction) => {
      if (!(await authenticate(req, res, 'media.write'))) return;
      if (!req.is('image/*')) return sendError(res, rejected({ reason: 'UNSUPPORTED_TYPE' }));
      next();
    },
    uploadBody(COVER_MAX_BYTES),
    async (req: Request, res: Response) => {
      try {
        const postId = String(req.params.postId);
        const mediaId = String(req.params.mediaId);
        if (!UUID.test(postId) || !UUID.test(mediaId)) throw new AppError('NOT_FOUND');
        const t = req.query.t === undefined ? null : Number(req.query.t);
        if (t !== null && (!Number.isFinite(t) || t < 0))
          return protocolError(
            res,
            400,
            'COVER_TIME_INVALID',
            'O instante escolhido para a capa é inválido.',
          );
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        if (body.length === 0) throw rejected({ reason: 'UNSUPPORTED_TYPE' });
        const media = await setCoverFromImage(deps, {
          workspaceId: res.locals.workspaceId as string,
          postId,
          mediaId,
          body,
          timeSeconds: t,
        });
        res.status(200).json({ media });
      } catch (error) {
        fail(req, res, error, 'falha ao salvar capa do vídeo');
      }
    },
  );
  router.use(VIDEO_COVER_PATH, (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if ((error as { status?: number }).status === 413)
      return sendError(res, rejected({ reason: 'UPLOAD_TOO_LARGE', limitBytes: COVER_MAX_BYTES }));
    next(error);
  });
  return router;
}
