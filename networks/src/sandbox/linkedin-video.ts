// Sandbox LinkedIn: the Videos API (learn.microsoft.com/linkedin/marketing/community-management/
// shares/videos-api) for the member and for the organisations it administers.
// `POST /rest/videos?action=initializeUpload` answers the video URN, one upload instruction per
// 4 MiB part (firstByte..lastByte), an uploadToken and, when asked, a thumbnailUploadUrl; each part
// is `PUT` to its signed URL (exactly its byte count) and answers an ETag; `POST /rest/videos?
// action=finalizeUpload` needs the same uploadToken and the ETags in part order, every part sent;
// `GET /rest/videos/{urn}` answers WAITING_UPLOAD, then PROCESSING for `videoProcessingChecks`
// reads, then AVAILABLE — or PROCESSING_FAILED when the bytes are no MP4. A post takes the video
// only when AVAILABLE and its owner is the post's author; it records the assembled sha256.
import { randomBytes } from 'node:crypto';
import type { Request, Response, Router } from 'express';
import { inspectImage, sha256Hex } from './images.js';
import type { SandboxContext } from './oauth-common.js';
import type { SandboxPosts, SandboxPublishNetwork, SandboxVideo } from './posts.js';
import type { AccessToken } from './store.js';

/** LinkedIn splits a video into 4 MiB parts (the last one shorter). */
export const SANDBOX_LINKEDIN_VIDEO_PART_BYTES = 4 * 1024 * 1024;
const VIDEO_MIN_BYTES = 75 * 1024;
const VIDEO_MAX_BYTES = 500 * 1024 * 1024;
const VIDEO_URN_PREFIX = 'urn:li:video:C5F10AQ';
const TITLE_MAX = 200;
const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

type VideoStatus = 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE' | 'PROCESSING_FAILED';

interface VideoAuthor {
  network: Extract<SandboxPublishNetwork, 'linkedin' | 'linkedin_page'>;
  id: string;
}

interface VideoPart {
  firstByte: number;
  lastByte: number;
  key: string;
  etag: string | null;
  bytes: Buffer | null;
}

interface LinkedInVideoUpload {
  urn: string;
  ownerUrn: string;
  author: VideoAuthor;
  fileSizeBytes: number;
  parts: VideoPart[];
  uploadToken: string;
  thumbnail: { key: string; sha256: string | null } | null;
  status: VideoStatus;
  reads: number;
  sha256: string | null;
  playable: boolean;
  expiresAt: number;
  usedBy: string | null;
}

const uploadsByPosts = new WeakMap<SandboxPosts, Map<string, LinkedInVideoUpload>>();

function uploads(ctx: SandboxContext): Map<string, LinkedInVideoUpload> {
  let map = uploadsByPosts.get(ctx.posts);
  if (map === undefined) {
    map = new Map();
    uploadsByPosts.set(ctx.posts, map);
  }
  return map;
}

export interface LinkedInVideoHandlers {
  /** LinkedIn-Version and X-Restli-Protocol-Version checked; the version, or null after answering. */
  versioned(req: Request, res: Response): string | null;
  /** The bearer token, or null after answering 401. */
  token(req: Request, res: Response): AccessToken | null;
  /** Who `urn` is when the token may act as it; null after answering 403/422. */
  actingAs(
    token: AccessToken,
    urn: string,
    res: Response,
    input: { resource: string; field: string; notSelf: string },
  ): VideoAuthor | null;
  restError(res: Response, status: number, message: string, extra?: Record<string, unknown>): void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const badRequest = { errorDetailType: 'com.linkedin.common.error.BadRequest' };

/**
 * The video a post's `content.media` names, when it is one: null when the content is no video
 * (images are looked at elsewhere), the validation message when the video cannot be used.
 */
export function postVideo(
  ctx: SandboxContext,
  author: VideoAuthor,
  content: unknown,
): { video: SandboxVideo; use: (postUrn: string) => void } | string | null {
  if (!isRecord(content) || !isRecord(content.media)) return null;
  const id = content.media.id;
  if (typeof id !== 'string' || !id.startsWith('urn:li:video:')) return null;
  const upload = uploads(ctx).get(id);
  if (upload === undefined || upload.author.network !== author.network || upload.author.id !== author.id)
    return `ERROR :: /content/media/id :: Video ${id} not found`;
  if (upload.status !== 'AVAILABLE' || upload.sha256 === null)
    return `ERROR :: /content/media/id :: Video ${id} is not AVAILABLE (status ${upload.status})`;
  const title = content.media.title;
  if (title !== undefined && (typeof title !== 'string' || [...title].length > TITLE_MAX))
    return `ERROR :: /content/media/title :: must be a string of at most ${TITLE_MAX} characters`;
  return {
    video: {
      sha256: upload.sha256,
      size: upload.fileSizeBytes,
      mimeType: 'video/mp4',
      chunks: upload.parts.length,
      thumbnailSha256: upload.thumbnail?.sha256 ?? null,
      title: typeof title === 'string' ? title : null,
    },
    use: (postUrn) => {
      upload.usedBy = postUrn;
    },
  };
}

/** An MP4 starts with a box whose type, at bytes 4–8, is `ftyp`. */
function looksLikeMp4(bytes: Buffer): boolean {
  return bytes.toString('latin1', 4, 8) === 'ftyp';
}

export function mountLinkedInVideos(
  api: Router,
  www: Router,
  ctx: SandboxContext,
  h: LinkedInVideoHandlers,
): void {
  const findByKey = (key: string) => {
    for (const upload of uploads(ctx).values()) {
      const part = upload.parts.findIndex((p) => p.key === key);
      if (part >= 0) return { upload, part };
      if (upload.thumbnail?.key === key) return { upload, part: -1 };
    }
    return null;
  };
  /** The owner's video named by `urn`, when the token may act as its owner; null after answering. */
  const ownVideo = (token: AccessToken, urn: unknown, res: Response, resource: string, field: string) => {
    const upload = typeof urn === 'string' ? uploads(ctx).get(urn) : undefined;
    if (upload === undefined) {
      h.restError(res, 404, `Video ${String(urn)} not found`, { code: 'NOT_FOUND' });
      return null;
    }
    const author = h.actingAs(token, upload.ownerUrn, res, {
      resource,
      field,
      notSelf: `Member is not allowed to access ${upload.urn}`,
    });
    return author === null ? null : upload;
  };

  function initialize(token: AccessToken, version: string, req: Request, res: Response): void {
    const request = isRecord(req.body) ? req.body.initializeUploadRequest : undefined;
    if (!isRecord(request) || typeof request.owner !== 'string') {
      h.restError(res, 400, 'ERROR :: /initializeUploadRequest/owner :: field is required', badRequest);
      return;
    }
    const size = request.fileSizeBytes;
    if (
      typeof size !== 'number' ||
      !Number.isInteger(size) ||
      size < VIDEO_MIN_BYTES ||
      size > VIDEO_MAX_BYTES
    ) {
      h.restError(
        res,
        400,
        `ERROR :: /initializeUploadRequest/fileSizeBytes :: must be an integer from ${VIDEO_MIN_BYTES} to ${VIDEO_MAX_BYTES}`,
        badRequest,
      );
      return;
    }
    for (const flag of ['uploadCaptions', 'uploadThumbnail']) {
      if (request[flag] !== undefined && typeof request[flag] !== 'boolean') {
        h.restError(res, 400, `ERROR :: /initializeUploadRequest/${flag} :: must be a boolean`, badRequest);
        return;
      }
    }
    const author = h.actingAs(token, request.owner, res, {
      resource: `videos.ACTION-initializeUpload.${version}`,
      field: '/initializeUploadRequest/owner',
      notSelf: `Member is not allowed to upload on behalf of ${request.owner}`,
    });
    if (author === null) return;
    const parts: VideoPart[] = [];
    for (let first = 0; first < size; first += SANDBOX_LINKEDIN_VIDEO_PART_BYTES) {
      const last = Math.min(size, first + SANDBOX_LINKEDIN_VIDEO_PART_BYTES) - 1;
      parts.push({
        firstByte: first,
        lastByte: last,
        key: randomBytes(12).toString('hex'),
        etag: null,
        bytes: null,
      });
    }
    const upload: LinkedInVideoUpload = {
      urn: `${VIDEO_URN_PREFIX}${ctx.posts.nextNumber()}`,
      ownerUrn: request.owner,
      author,
      fileSizeBytes: size,
      parts,
      // LinkedIn answers an empty token for a single-part upload.
      uploadToken: parts.length === 1 ? '' : randomBytes(16).toString('base64url'),
      thumbnail:
        request.uploadThumbnail === true ? { key: randomBytes(12).toString('hex'), sha256: null } : null,
      status: 'WAITING_UPLOAD',
      reads: 0,
      sha256: null,
      playable: false,
      expiresAt: ctx.posts.nowMs() + UPLOAD_TTL_MS,
      usedBy: null,
    };
    uploads(ctx).set(upload.urn, upload);
    const base = 'https://www.linkedin.com/dms-uploads/sp/v2';
    res.json({
      value: {
        uploadUrlsExpireAt: upload.expiresAt,
        video: upload.urn,
        uploadInstructions: parts.map((p, index) => ({
          uploadUrl: `${base}/${p.key}/uploaded-video/${index}?ca=vector_feedshare&cn=uploads&sync=0&v=beta`,
          firstByte: p.firstByte,
          lastByte: p.lastByte,
        })),
        uploadToken: upload.uploadToken,
        ...(upload.thumbnail === null
          ? {}
          : {
              thumbnailUploadUrl: `${base}/${upload.thumbnail.key}/uploaded-thumbnail/0?ca=vector_feedshare&cn=uploads`,
            }),
      },
    });
  }

  function finalize(token: AccessToken, version: string, req: Request, res: Response): void {
    const request = isRecord(req.body) ? req.body.finalizeUploadRequest : undefined;
    if (!isRecord(request)) {
      h.restError(res, 400, 'ERROR :: /finalizeUploadRequest :: field is required', badRequest);
      return;
    }
    const upload = ownVideo(
      token,
      request.video,
      res,
      `videos.ACTION-finalizeUpload.${version}`,
      '/finalizeUploadRequest/video',
    );
    if (upload === null) return;
    if (upload.status !== 'WAITING_UPLOAD') {
      h.restError(
        res,
        400,
        `Video ${upload.urn} was already finalized (status ${upload.status})`,
        badRequest,
      );
      return;
    }
    if (request.uploadToken !== upload.uploadToken) {
      h.restError(
        res,
        400,
        'ERROR :: /finalizeUploadRequest/uploadToken :: does not match the upload',
        badRequest,
      );
      return;
    }
    const ids = request.uploadedPartIds;
    const missing = upload.parts.findIndex((p) => p.etag === null);
    if (missing >= 0) {
      h.restError(res, 400, `Part ${missing + 1} of ${upload.parts.length} was not uploaded`, badRequest);
      return;
    }
    if (
      !Array.isArray(ids) ||
      ids.length !== upload.parts.length ||
      ids.some((id, index) => id !== upload.parts[index]!.etag)
    ) {
      h.restError(
        res,
        400,
        'ERROR :: /finalizeUploadRequest/uploadedPartIds :: must list every part’s ETag in part order',
        badRequest,
      );
      return;
    }
    const assembled = Buffer.concat(upload.parts.map((p) => p.bytes!));
    upload.sha256 = sha256Hex(assembled);
    upload.playable = looksLikeMp4(assembled);
    for (const part of upload.parts) part.bytes = null;
    upload.status = 'PROCESSING';
    res.status(200).end();
  }

  api.post('/rest/videos', (req, res) => {
    const version = h.versioned(req, res);
    if (version === null) return;
    const token = h.token(req, res);
    if (token === null) return;
    if (req.query.action === 'initializeUpload') initialize(token, version, req, res);
    else if (req.query.action === 'finalizeUpload') finalize(token, version, req, res);
    else h.restError(res, 400, 'Unsupported action for resource videos', { code: 'ILLEGAL_ARGUMENT' });
  });

  api.get('/rest/videos/:urn', (req, res) => {
    const version = h.versioned(req, res);
    if (version === null) return;
    const token = h.token(req, res);
    if (token === null) return;
    const upload = ownVideo(token, String(req.params.urn), res, `videos.GET.${version}`, '/id');
    if (upload === null) return;
    if (upload.status === 'PROCESSING') {
      upload.reads += 1;
      if (upload.reads > ctx.posts.videoProcessingChecks)
        upload.status = upload.playable ? 'AVAILABLE' : 'PROCESSING_FAILED';
    }
    res.json({
      owner: upload.ownerUrn,
      id: upload.urn,
      status: upload.status,
      ...(upload.status === 'PROCESSING_FAILED'
        ? { processingFailureReason: 'Unsupported video format' }
        : {}),
      ...(upload.status === 'AVAILABLE' ? { aspectRatioWidth: 16, aspectRatioHeight: 9 } : {}),
    });
  });

  www.put('/dms-uploads/sp/v2/:key/uploaded-video/:part', (req, res) => {
    const found = findByKey(String(req.params.key));
    if (found === null || found.part < 0 || String(found.part) !== String(req.params.part)) {
      h.restError(res, 404, 'Upload not found');
      return;
    }
    const { upload } = found;
    const part = upload.parts[found.part]!;
    if (ctx.posts.nowMs() > upload.expiresAt) {
      h.restError(res, 400, 'The upload URL has expired', { code: 'UPLOAD_URL_EXPIRED' });
      return;
    }
    if (upload.status !== 'WAITING_UPLOAD') {
      h.restError(res, 400, `Video ${upload.urn} was already finalized`);
      return;
    }
    const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const expected = part.lastByte - part.firstByte + 1;
    if (bytes.length !== expected) {
      h.restError(
        res,
        400,
        `Part ${found.part + 1} must be ${expected} bytes (bytes ${part.firstByte}-${part.lastByte}); received ${bytes.length}`,
      );
      return;
    }
    part.bytes = bytes;
    part.etag = `/ambry-video/${sha256Hex(bytes).slice(0, 32)}`;
    res.status(201).set('ETag', part.etag).end();
  });

  www.put('/dms-uploads/sp/v2/:key/uploaded-thumbnail/0', (req, res) => {
    const found = findByKey(String(req.params.key));
    if (found === null || found.part !== -1 || found.upload.thumbnail === null) {
      h.restError(res, 404, 'Upload not found');
      return;
    }
    const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const image = inspectImage(bytes);
    if (image === null || (image.mimeType !== 'image/jpeg' && image.mimeType !== 'image/png')) {
      h.restError(res, 400, 'Unsupported media type: the thumbnail must be a JPG or PNG image', {
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
      return;
    }
    found.upload.thumbnail.sha256 = sha256Hex(bytes);
    res.status(201).end();
  });
}
