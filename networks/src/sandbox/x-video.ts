// Sandbox X: the chunked media upload of a video as the v2 API does it (docs.x.com, "Chunked media
// upload"): `POST /2/media/upload/initialize` (JSON: media_type, total_bytes, media_category) →
// `POST /2/media/upload/{id}/append` (multipart: segment_index, media ≤ 5 MB) → `POST
// /2/media/upload/{id}/finalize` → `GET /2/media/upload?command=STATUS&media_id=` until
// processing_info.state is succeeded (or failed). Refuses what X refuses: an unknown or another
// account's media id, a segment index outside 0–999, a segment over 5 MB, more bytes than
// total_bytes, a FINALIZE whose segments leave a gap or do not add up, an APPEND after FINALIZE.
// Processing answers in_progress to `videoProcessingChecks` reads, then succeeded — or failed when
// the bytes are no MP4/MOV (no `ftyp` box), as X's transcoder would. The assembled file's sha256 is
// what the tweet records (`SandboxPublishedPost.video`).
import type { Request, Response, Router } from 'express';
import { fileField, readMultipart, sha256Hex } from './images.js';
import { queryString, type SandboxContext } from './oauth-common.js';
import type { SandboxPosts } from './posts.js';
import type { AccessToken } from './store.js';

const SEGMENT_MAX_BYTES = 5 * 1024 * 1024;
const SEGMENT_INDEX_MAX = 999;
/** A post's video without X Premium (docs.x.com, media best practices). */
const VIDEO_MAX_BYTES = 8 * 1024 * 1024 * 1024;
const VIDEO_TYPES = new Set(['video/mp4', 'video/quicktime']);
const VIDEO_CATEGORIES = new Set(['tweet_video', 'amplify_video']);
/** X keeps an uploaded video a day before it must be used. */
const VIDEO_TTL_SECONDS = 86_400;

type XVideoState = 'uploading' | 'pending' | 'in_progress' | 'succeeded' | 'failed';

export interface XVideoUpload {
  id: string;
  ownerId: string;
  mediaType: string;
  totalBytes: number;
  /** The segments received, by index, until FINALIZE assembles them (then emptied). */
  segments: Map<number, Buffer>;
  chunks: number;
  state: XVideoState;
  /** STATUS reads since FINALIZE. */
  reads: number;
  /** Known after FINALIZE. */
  sha256: string | null;
  /** The bytes are an MP4/MOV (an `ftyp` box first); otherwise processing fails. */
  playable: boolean;
  expiresAt: number;
  usedBy: string | null;
}

const uploadsByPosts = new WeakMap<SandboxPosts, Map<string, XVideoUpload>>();

function uploads(ctx: SandboxContext): Map<string, XVideoUpload> {
  let map = uploadsByPosts.get(ctx.posts);
  if (map === undefined) {
    map = new Map();
    uploadsByPosts.set(ctx.posts, map);
  }
  return map;
}

/** A video upload of this owner, usable in a tweet (succeeded, not expired); a reason otherwise. */
export function usableXVideo(
  ctx: SandboxContext,
  id: string,
  ownerId: string,
): XVideoUpload | null | 'not-ready' {
  const upload = uploads(ctx).get(id);
  if (upload === undefined || upload.ownerId !== ownerId || ctx.posts.nowMs() > upload.expiresAt) return null;
  return upload.state === 'succeeded' ? upload : 'not-ready';
}

interface XVideoHandlers {
  /** The token of a media call (media.write); null after answering 401/403. */
  mediaToken(req: Request, res: Response): AccessToken | null;
  invalidRequest(res: Response, message: string, code?: number): void;
}

/** MP4 and MOV files start with a box whose type, at bytes 4–8, is `ftyp` (QuickTime may use `moov`, `wide`, `mdat`). */
function looksLikeVideo(bytes: Buffer): boolean {
  const type = bytes.toString('latin1', 4, 8);
  return ['ftyp', 'moov', 'wide', 'mdat', 'free'].includes(type);
}

function processingInfo(upload: XVideoUpload, checks: number): Record<string, unknown> {
  switch (upload.state) {
    case 'pending':
      return { state: 'pending', check_after_secs: 1 };
    case 'in_progress':
      return {
        state: 'in_progress',
        check_after_secs: 1,
        progress_percent: Math.min(99, Math.round((100 * upload.reads) / Math.max(1, checks + 1))),
      };
    case 'failed':
      return {
        state: 'failed',
        progress_percent: 100,
        error: {
          code: 1,
          name: 'InvalidMedia',
          message: 'Invalid or Unsupported media, Reason: UnsupportedMedia.',
        },
      };
    default:
      return { state: 'succeeded', progress_percent: 100 };
  }
}

export function mountXVideo(api: Router, ctx: SandboxContext, h: XVideoHandlers): void {
  /** The owner's upload named in the path or query; null after answering 400. */
  const ownUpload = (token: AccessToken, id: string, res: Response): XVideoUpload | null => {
    const upload = uploads(ctx).get(id);
    if (
      upload === undefined ||
      upload.ownerId !== token.grant.user.sub ||
      ctx.posts.nowMs() > upload.expiresAt
    ) {
      h.invalidRequest(res, `$.media_id: media ${id} was not found.`);
      return null;
    }
    return upload;
  };

  api.post('/2/media/upload/initialize', (req, res) => {
    const token = h.mediaToken(req, res);
    if (token === null) return;
    const body = (req.body ?? {}) as {
      media_type?: unknown;
      total_bytes?: unknown;
      media_category?: unknown;
    };
    if (typeof body.media_type !== 'string' || !VIDEO_TYPES.has(body.media_type)) {
      h.invalidRequest(res, `$.media_type: ${String(body.media_type)} is not a supported video type.`);
      return;
    }
    const total = body.total_bytes;
    if (typeof total !== 'number' || !Number.isInteger(total) || total <= 0 || total > VIDEO_MAX_BYTES) {
      h.invalidRequest(res, `$.total_bytes: an integer from 1 to ${VIDEO_MAX_BYTES} is required.`);
      return;
    }
    if (typeof body.media_category !== 'string' || !VIDEO_CATEGORIES.has(body.media_category)) {
      h.invalidRequest(res, `$.media_category: ${String(body.media_category)} is not valid for a video.`);
      return;
    }
    const upload: XVideoUpload = {
      id: ctx.posts.nextNumber(),
      ownerId: token.grant.user.sub,
      mediaType: body.media_type,
      totalBytes: total,
      segments: new Map(),
      chunks: 0,
      state: 'uploading',
      reads: 0,
      sha256: null,
      playable: false,
      expiresAt: ctx.posts.nowMs() + VIDEO_TTL_SECONDS * 1000,
      usedBy: null,
    };
    uploads(ctx).set(upload.id, upload);
    res.json({ data: { id: upload.id, media_key: `7_${upload.id}`, expires_after_secs: VIDEO_TTL_SECONDS } });
  });

  api.post('/2/media/upload/:id/append', async (req, res) => {
    const token = h.mediaToken(req, res);
    if (token === null) return;
    const upload = ownUpload(token, String(req.params.id), res);
    if (upload === null) return;
    if (upload.state !== 'uploading') {
      h.invalidRequest(res, `media ${upload.id} was already finalized; APPEND is not allowed.`);
      return;
    }
    const form = await readMultipart(req.get('content-type'), req.body);
    const bytes = form === null ? null : await fileField(form, 'media');
    const indexText = form?.get('segment_index');
    const index = typeof indexText === 'string' && /^\d+$/.test(indexText) ? Number(indexText) : Number.NaN;
    if (form === null || bytes === null || bytes.length === 0) {
      h.invalidRequest(res, 'media: a multipart/form-data body with the segment bytes is required.');
      return;
    }
    if (!Number.isInteger(index) || index < 0 || index > SEGMENT_INDEX_MAX) {
      h.invalidRequest(res, `$.segment_index: an integer from 0 to ${SEGMENT_INDEX_MAX} is required.`);
      return;
    }
    if (bytes.length > SEGMENT_MAX_BYTES) {
      h.invalidRequest(res, `media: a segment must be at most ${SEGMENT_MAX_BYTES} bytes.`);
      return;
    }
    const others = [...upload.segments].reduce((sum, [i, b]) => (i === index ? sum : sum + b.length), 0);
    if (others + bytes.length > upload.totalBytes) {
      h.invalidRequest(res, `media: the segments exceed total_bytes (${upload.totalBytes}).`);
      return;
    }
    // A segment sent again replaces the earlier one (a failed chunk is retried on its own).
    upload.segments.set(index, bytes);
    res.json({ data: { expires_at: Math.floor(upload.expiresAt / 1000) } });
  });

  api.post('/2/media/upload/:id/finalize', (req, res) => {
    const token = h.mediaToken(req, res);
    if (token === null) return;
    const upload = ownUpload(token, String(req.params.id), res);
    if (upload === null) return;
    if (upload.state === 'uploading') {
      const indices = [...upload.segments.keys()].sort((a, b) => a - b);
      if (indices.length === 0 || indices.some((value, i) => value !== i)) {
        h.invalidRequest(
          res,
          `Segments must be numbered 0 to n-1 without gaps; received [${indices.join(', ')}].`,
        );
        return;
      }
      const received = indices.reduce((sum, i) => sum + upload.segments.get(i)!.length, 0);
      if (received !== upload.totalBytes) {
        h.invalidRequest(
          res,
          `File size mismatch: received ${received} of the ${upload.totalBytes} bytes declared.`,
        );
        return;
      }
      const assembled = Buffer.concat(indices.map((i) => upload.segments.get(i)!));
      upload.sha256 = sha256Hex(assembled);
      upload.playable = looksLikeVideo(assembled);
      upload.chunks = indices.length;
      upload.segments.clear();
      upload.state = 'pending';
    }
    res.json({
      data: {
        id: upload.id,
        media_key: `7_${upload.id}`,
        size: upload.totalBytes,
        expires_after_secs: Math.max(0, Math.floor((upload.expiresAt - ctx.posts.nowMs()) / 1000)),
        processing_info: processingInfo(upload, ctx.posts.videoProcessingChecks),
      },
    });
  });

  api.get('/2/media/upload', (req, res) => {
    const token = h.mediaToken(req, res);
    if (token === null) return;
    if (queryString(req, 'command') !== 'STATUS') {
      h.invalidRequest(res, 'command: STATUS is the only command read with GET.');
      return;
    }
    const upload = ownUpload(token, queryString(req, 'media_id') ?? '', res);
    if (upload === null) return;
    if (upload.state === 'uploading') {
      h.invalidRequest(res, `media ${upload.id} has not been finalized.`);
      return;
    }
    const checks = ctx.posts.videoProcessingChecks;
    if (upload.state === 'pending' || upload.state === 'in_progress') {
      upload.reads += 1;
      upload.state = upload.reads <= checks ? 'in_progress' : upload.playable ? 'succeeded' : 'failed';
    }
    res.json({
      data: {
        id: upload.id,
        media_key: `7_${upload.id}`,
        processing_info: processingInfo(upload, checks),
      },
    });
  });
}
