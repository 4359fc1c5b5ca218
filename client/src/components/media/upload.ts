// The upload of one image (docs/media.md): the raw file as the body of POST
// /api/posts/:postId/media, with the upload's own uuid as Idempotency-Key (a retry of the same file
// stores one image), over XMLHttpRequest because fetch reports no upload progress.

import type { MediaRejection } from '@pauta/core';
import { MEDIA_UPLOAD_MAX_BYTES, mediaRejectionMessage, messages } from '@pauta/core';
import { workspaceHeaders } from '../../app/workspace';
import type { MediaItem } from './types';

export type UploadResult = { ok: true; media: MediaItem } | { ok: false; message: string };

export type Uploader = (options: {
  postId: string;
  file: File;
  uploadId: string;
  onProgress: (fraction: number) => void;
}) => Promise<UploadResult>;

/** A v4 uuid from getRandomValues (randomUUID needs a secure context; Pauta may run on plain http). */
export function newUploadId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A refusal the browser can tell before sending (the server checks again, by content). */
export function precheck(file: File): string | null {
  if (file.size > MEDIA_UPLOAD_MAX_BYTES)
    return mediaRejectionMessage({ reason: 'UPLOAD_TOO_LARGE', limitBytes: MEDIA_UPLOAD_MAX_BYTES });
  if (file.type && !/^image\/(jpeg|png|webp|gif)$/.test(file.type))
    return mediaRejectionMessage({ reason: 'UNSUPPORTED_TYPE' });
  return null;
}

function messageOf(status: number, body: unknown): string {
  const answer = body as { message?: unknown; details?: MediaRejection } | null;
  if (answer?.details?.reason) return mediaRejectionMessage(answer.details);
  if (typeof answer?.message === 'string') return answer.message;
  if (status === 0) return messages.errors.network;
  return messages.common.unexpectedError;
}

/**
 * Sends one image as the raw body of a POST to `url` with its upload id, reporting progress; the
 * answer's `media` or the pt-BR refusal. Shared by a post's images and "Novo post"'s (docs/composer.md).
 */
export function xhrImageUpload<T>(options: {
  url: string;
  file: File;
  uploadId: string;
  onProgress: (fraction: number) => void;
}): Promise<{ ok: true; media: T } | { ok: false; message: string }> {
  const { url, file, uploadId, onProgress } = options;
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    // The browser's type for the file (some systems give none): the server only requires an
    // image/* type (a CSRF guard) and judges the bytes, never this.
    xhr.setRequestHeader('Content-Type', file.type || 'image/unknown');
    xhr.setRequestHeader('Idempotency-Key', uploadId);
    for (const [name, value] of Object.entries(workspaceHeaders())) xhr.setRequestHeader(name, value);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { media?: T } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.media) resolve({ ok: true, media: body.media });
      else resolve({ ok: false, message: messageOf(xhr.status, body) });
    };
    xhr.onerror = () => resolve({ ok: false, message: messages.errors.network });
    xhr.send(file);
  });
}

export const xhrUpload: Uploader = ({ postId, ...rest }) =>
  xhrImageUpload<MediaItem>({ url: `/api/posts/${encodeURIComponent(postId)}/media`, ...rest });
