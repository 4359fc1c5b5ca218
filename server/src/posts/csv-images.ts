// The `imagem` column of the CSV import (docs/csv-import.md, "Images"): each row's address fetched
// by the server through the address guard of webhooks and link previews (db fetchPublicPage: only
// http(s), the name resolved once and every address checked, the connection pinned to them, each
// redirect checked again), with the upload's byte limit, a time limit and a few fetches at once;
// then the same checks as an upload in Editar Post (processImage: format by signature, bytes,
// pixels, re-encoded without metadata, the row's network's rules). The preview reports a pt-BR
// error on the row; the import stores the files as an upload does and the rows in its transaction.

import { randomUUID } from 'node:crypto';
import {
  csvMessages,
  MEDIA_UPLOAD_MAX_BYTES,
  mediaRejectionMessage,
  normalizeCsvKey,
  type Platform,
  SETTING_KEYS,
} from '@pauta/core';
import {
  blockedFor,
  type ComposerMediaRow,
  fetchPublicPage,
  getBooleanSetting,
  MediaNotFoundError,
  type NewGroupMedia,
  type PublicPage,
  recordHit,
  reserveMediaKeys,
} from '@pauta/db';
import { mediaLimitsOf } from '@pauta/networks';
import type { AppDeps } from '../deps.js';
import { EXTENSION, withDecodeSlot } from '../media/media.service.js';
import { MediaRejectedError, type ProcessedImage, processImage } from '../media/process-image.js';

/** At most this many different image addresses in one file (each is a fetch of up to 20 MB). */
export const CSV_IMAGE_MAX_URLS = 50;
/** Fetches at once for one import. */
export const CSV_IMAGE_CONCURRENCY = 4;
/** Time for one address, redirects included. */
export const CSV_IMAGE_TIMEOUT_MS = 15_000;
/**
 * Image addresses one workspace may make the server fetch: 500 per hour, previews and imports
 * together (each address counted once per check), then a file error until the hour ends. A file
 * has at most 50 addresses, so a person re-posting previews fetches at most 10 full files an hour.
 */
export const CSV_IMAGE_FETCH_LIMIT = { limit: 500, windowMs: 60 * 60_000 };
/** Files written before the import's transaction and never recorded are deleted after this long. */
const RESERVATION_GRACE_MS = 15 * 60_000;

/** Header cells naming the optional uploaded-file column, compared without case or accents. */
const FILE_HEADERS = new Set(['arquivo da imagem', 'arquivo_da_imagem', 'arquivo']);

/** Where the uploaded-file column is in the header, if the file has one. */
export function fileColumnOf(header: readonly string[]): number | undefined {
  const position = header.findIndex((cell) => FILE_HEADERS.has(normalizeCsvKey(cell)));
  return position === -1 ? undefined : position;
}

/** A file name as rows and uploads are matched: trimmed, NFC, case ignored (foto.JPG = Foto.jpg). */
export function fileNameKey(name: string): string {
  return name.trim().normalize('NFC').toLowerCase();
}

/** Header cells naming the optional alt-text column (import only), compared without case or accents. */
const ALT_HEADERS = new Set(['texto alternativo', 'texto_alternativo', 'alt', 'alt text']);

/** Where the alt-text column is in the header, if the file has one. */
export function altColumnOf(header: readonly string[]): number | undefined {
  const position = header.findIndex((cell) => ALT_HEADERS.has(normalizeCsvKey(cell)));
  return position === -1 ? undefined : position;
}

export interface CsvImageRequest {
  url: string;
  platform: Platform;
  altText: string;
}

export type CsvImageResult =
  | { ok: true; image: ProcessedImage; altText: string }
  | { ok: false; error: string };

export type CsvImageDeps = Pick<AppDeps, 'db'> & Partial<Pick<AppDeps, 'media'>>;

/**
 * Counts `count` address fetches against the workspace's hourly budget (CSV_IMAGE_FETCH_LIMIT):
 * null when they may go, else the pt-BR file error (nothing is fetched). Same table and upsert as
 * the other limits (rate_limits: one atomic hit per address, on any web process).
 */
export async function takeCsvFetchBudget(
  deps: CsvImageDeps,
  workspaceId: string,
  count: number,
): Promise<string | null> {
  if (count === 0) return null;
  const { limit, windowMs } = deps.media?.csvImageFetchLimit ?? CSV_IMAGE_FETCH_LIMIT;
  const key = `csv-image-fetch:${workspaceId}`;
  const now = new Date();
  const wait = await blockedFor(deps.db, key, now);
  if (wait === 0)
    for (let i = 0; i < count; i += 1)
      await recordHit(deps.db, { key, limit, windowMs, blockMs: windowMs, now });
  if (wait === 0) return null;
  return csvMessages.file.imageFetchLimited(limit, Math.max(1, Math.ceil(wait / 60)));
}

/** Runs `work` over `items` with at most `limit` at once, keeping the order of the answers. */
async function pool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const at = next;
      next += 1;
      results[at] = await work(items[at]!);
    }
  });
  await Promise.all(runners);
  return results;
}

/**
 * Fetches and checks each request's image (one answer per request, in order). An address used by
 * several rows is fetched once and checked once per network among them; its raw bytes are dropped
 * as soon as they are checked (at most CSV_IMAGE_CONCURRENCY raw bodies in memory at once).
 * More than CSV_IMAGE_MAX_URLS different addresses: null (a file error, nothing is fetched).
 */
export async function fetchCsvImages(
  deps: CsvImageDeps,
  requests: readonly CsvImageRequest[],
): Promise<CsvImageResult[] | null> {
  const urls = [...new Set(requests.map((r) => r.url))];
  if (urls.length > CSV_IMAGE_MAX_URLS) return null;
  if (urls.length === 0) return [];
  // The admin setting of the address guard (webhooks, link previews): private addresses stay
  // refused unless it is on (tests and the local sandbox).
  const allowPrivate = await getBooleanSetting(deps.db, SETTING_KEYS.webhooksAllowPrivateAddresses, false);
  const m = csvMessages.row;
  const checked = new Map<string, { ok: true; image: ProcessedImage } | { ok: false; error: string }>();
  const keyOf = (url: string, platform: Platform) => `${platform} ${url}`;
  await pool(urls, CSV_IMAGE_CONCURRENCY, async (url) => {
    const platforms = [...new Set(requests.filter((r) => r.url === url).map((r) => r.platform))];
    const page = await fetchPublicPage(url, {
      timeoutMs: CSV_IMAGE_TIMEOUT_MS,
      maxBytes: MEDIA_UPLOAD_MAX_BYTES,
      allowPrivate,
    }).catch((): PublicPage | null => null);
    for (const platform of platforms) {
      if (!page) {
        checked.set(keyOf(url, platform), { ok: false, error: m.imageUnreachable(url) });
        continue;
      }
      try {
        const image = await withDecodeSlot(() =>
          processImage(Buffer.from(page.bytes), platform, mediaLimitsOf(platform)),
        );
        checked.set(keyOf(url, platform), { ok: true, image });
      } catch (error) {
        if (!(error instanceof MediaRejectedError)) throw error;
        checked.set(keyOf(url, platform), {
          ok: false,
          error: m.imageRejected(url, mediaRejectionMessage(error.rejection)),
        });
      }
    }
  });
  return requests.map((request) => {
    const result = checked.get(keyOf(request.url, request.platform))!;
    return result.ok ? { ok: true, image: result.image, altText: request.altText } : result;
  });
}

export interface CsvFileRequest {
  /** The name as the row wrote it (for the messages). */
  name: string;
  /** The upload (composer_media row) of the workspace the row's file name matched. */
  upload: ComposerMediaRow;
  platform: Platform;
  altText: string;
}

/**
 * Checks each request's uploaded file as an upload for the row's network (one answer per request,
 * in order): the bytes the upload stored (already checked and EXIF-free) read from the storage,
 * then processImage with the network's rules, once per file and network, a few at once.
 */
export async function checkCsvImageFiles(
  deps: { media: NonNullable<AppDeps['media']> },
  requests: readonly CsvFileRequest[],
): Promise<CsvImageResult[]> {
  const m = csvMessages.row;
  const keyOf = (r: CsvFileRequest) => `${r.platform} ${r.upload.id}`;
  const distinct = [...new Map(requests.map((r) => [keyOf(r), r])).values()];
  const checked = new Map<string, { ok: true; image: ProcessedImage } | { ok: false; error: string }>();
  await pool(distinct, CSV_IMAGE_CONCURRENCY, async (request) => {
    const bytes = await deps.media.storage.get(request.upload.storage_key).catch((error: unknown) => {
      if (error instanceof MediaNotFoundError) return null;
      throw error;
    });
    if (!bytes) {
      checked.set(keyOf(request), { ok: false, error: m.imageFileGone(request.name) });
      return;
    }
    try {
      const image = await withDecodeSlot(() =>
        processImage(bytes, request.platform, mediaLimitsOf(request.platform)),
      );
      checked.set(keyOf(request), { ok: true, image });
    } catch (error) {
      if (!(error instanceof MediaRejectedError)) throw error;
      checked.set(keyOf(request), {
        ok: false,
        error: m.imageFileRefused(request.name, mediaRejectionMessage(error.rejection)),
      });
    }
  });
  return requests.map((request) => {
    const result = checked.get(keyOf(request))!;
    return result.ok ? { ok: true, image: result.image, altText: request.altText } : result;
  });
}

/**
 * Writes one post's image under the post's own keys, reserved first (media_garbage, as an upload
 * does): if the import's transaction never records it, the sweeper deletes the files.
 */
export async function storeCsvImage(
  deps: Pick<AppDeps, 'db'> & { media: NonNullable<AppDeps['media']> },
  place: { workspaceId: string; postId: string },
  image: ProcessedImage,
  altText: string,
): Promise<NewGroupMedia> {
  const id = randomUUID();
  const storageKey = `posts/${place.workspaceId}/${place.postId}/${id}.${EXTENSION[image.mimeType]}`;
  const thumbKey = `posts/${place.workspaceId}/${place.postId}/${id}-thumb.webp`;
  await reserveMediaKeys(deps.db, [storageKey, thumbKey], { graceMs: RESERVATION_GRACE_MS });
  await deps.media.storage.put(storageKey, image.bytes, image.mimeType);
  await deps.media.storage.put(thumbKey, image.thumb, 'image/webp');
  return {
    id,
    storageKey,
    thumbKey,
    mimeType: image.mimeType,
    width: image.width,
    height: image.height,
    sizeBytes: image.bytes.length,
    altText,
  };
}
