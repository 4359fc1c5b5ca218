// Where the bytes of post images live (docs/media.md): the local disk under PAUTA_DATA_DIR/media in
// the embedded mode, or any S3-compatible object store in production. Nothing is public: a browser
// or a network (Instagram fetches its images by URL) gets a signed URL that expires — an HMAC-signed
// `/media/<key>` of the web for the local disk, a presigned GET for S3.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, open, readFile, rename, rm, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Keyring } from '../crypto.js';

export interface MediaStorage {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object's bytes; MediaNotFoundError when there is none. */
  get(key: string): Promise<Buffer>;
  /** Deletes the keys; a key that is already gone is not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /** A URL anyone holding it can GET for `ttlSeconds`, and nobody after. */
  signedUrl(key: string, ttlSeconds: number): Promise<string>;
  /** The object's size in bytes; MediaNotFoundError when there is none. */
  size(key: string): Promise<number>;
  /** Bytes [start, end) of the object, read by range (the video probe reads a few of them). */
  readRange(key: string, start: number, end: number): Promise<Uint8Array>;
  /**
   * The object as a stream, whole or bytes [start, end] inclusive (an HTTP Range), never loaded
   * whole in memory: videos are served through this. MediaNotFoundError when there is none.
   */
  openRead(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /**
   * A copy of the object under another key, never read whole in memory (local: a file copy; S3:
   * CopyObject on the server): the composer's video becomes each post's own object.
   * MediaNotFoundError when there is none.
   */
  copy(from: string, to: string, contentType: string): Promise<void>;
  /** Resumable writes of a large object (a video's tus upload, docs/media.md). */
  readonly resumable: ResumableWrites;
}

/** Where a resumable upload stands; the caller keeps it (video_uploads) between requests. */
export interface ResumableState {
  /** The key the finished object gets. */
  finalKey: string;
  /** The key of the bytes while they arrive (local: the file; S3: the tail below a part's size). */
  stagingKey: string;
  length: number;
  offset: number;
  s3UploadId: string | null;
  parts: Array<{ n: number; etag: string; size: number }>;
  /** S3: bytes kept in the staging object until they fill a part. */
  tailBytes: number;
}

export interface ResumableWrites {
  /** Starts an upload of `length` bytes (S3: opens the multipart upload). */
  begin(finalKey: string, stagingKey: string, length: number, contentType: string): Promise<ResumableState>;
  /**
   * Appends `body` at `state.offset`, at most `length - offset` bytes, streaming (at most one part,
   * 8 MiB, in memory on S3; nothing on the local disk). Whatever arrived before the body ended or
   * broke is kept: the answer's offset says how far. `persist` is called as progress becomes
   * durable (each S3 part), so a crash loses at most the part in flight.
   */
  append(
    state: ResumableState,
    body: AsyncIterable<Buffer | Uint8Array>,
    persist: (state: ResumableState) => Promise<void>,
  ): Promise<{ state: ResumableState; error: unknown }>;
  /** Makes the finished bytes the object at `finalKey` (local: rename; S3: completes the upload). */
  finish(state: ResumableState): Promise<void>;
  /** Drops an unfinished upload's bytes (staging file or object, S3 multipart upload). */
  abort(state: ResumableState): Promise<void>;
}

/** S3 parts are at least 5 MiB except the last; 8 MiB is what a PATCH holds in memory at most. */
export const RESUMABLE_PART_BYTES = 8 * 1024 * 1024;

/** Counts what was accepted of a body and stops at `max` bytes (the rest is an error). */
class TooMuchData extends Error {
  override name = 'TooMuchData';
}
export function isTooMuchData(error: unknown): boolean {
  return error instanceof TooMuchData;
}

export class MediaNotFoundError extends Error {
  override name = 'MediaNotFoundError';
}

export class MediaKeyError extends Error {
  override name = 'MediaKeyError';
}

/**
 * Keys Pauta writes (uuids): a post's image `posts/<workspace>/<post>/<media>[-thumb].<ext>`, a
 * video upload's staging bytes `uploads/<workspace>/<upload>.part|tail`, an image or a finished video
 * of "Novo post" before its save `uploads/<workspace>/<media>[-thumb].<ext>|.mp4|.mov`
 * (docs/composer.md), a
 * workspace's logo `workspaces/<workspace>/logo-<upload>.webp` (docs/workspaces.md, branding), and
 * a client report's PDF `reports/<workspace>/<report>.pdf` (docs/reports.md). Anything else is refused.
 */
const KEY =
  /^(posts\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/[0-9a-f-]{36}((-thumb)?\.(jpg|png|webp|gif)|\.(mp4|mov))|uploads\/[0-9a-f-]{36}\/[0-9a-f-]{36}(\.(part|tail|mp4|mov)|(-thumb)?\.(jpg|png|webp|gif))|workspaces\/[0-9a-f-]{36}\/logo-[0-9a-f-]{36}\.webp|reports\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.pdf)$/;

export function isMediaKey(key: string): boolean {
  return KEY.test(key);
}

function checkKey(key: string): void {
  if (!KEY.test(key)) throw new MediaKeyError('chave de mídia inválida');
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  pdf: 'application/pdf',
};

/** The content type of a key, from its extension (the only types Pauta stores). */
export function contentTypeOfKey(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

export const MEDIA_ROUTE = '/media';

/** The signing key of local media URLs derived from the token keyring (MEDIA_URL_SIGNING_KEY unset). */
export function deriveMediaSigningKey(keyring: Keyring): Buffer {
  const key = keyring.keys.get(keyring.activeKeyId);
  if (!key) throw new Error('keyring sem a chave ativa');
  return createHmac('sha256', key).update('pauta/media-url-signing/v1').digest();
}

function signature(signingKey: Buffer, key: string, exp: number): string {
  return createHmac('sha256', signingKey).update(`${key}\n${exp}`).digest('base64url');
}

/** The query of a local signed URL: `exp` (unix seconds) and `sig` (HMAC-SHA256 of key and exp). */
export function signMediaKey(signingKey: Buffer, key: string, exp: number): { exp: string; sig: string } {
  return { exp: String(exp), sig: signature(signingKey, key, exp) };
}

/** True when `sig` signs (key, exp) and `exp` is still ahead of `nowSeconds`. Constant-time. */
export function verifyMediaSignature(
  signingKey: Buffer,
  key: string,
  exp: unknown,
  sig: unknown,
  nowSeconds: number,
): boolean {
  if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
  const expires = Number(exp);
  if (expires <= nowSeconds) return false;
  const expected = Buffer.from(signature(signingKey, key, expires));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * An absolute URL of the web's /media route (APP_URL), signed for `ttlSeconds`: what a network
 * fetches (Instagram), whatever the storage behind the web — the web streams the bytes from it.
 */
export function webMediaUrl(
  appUrl: string,
  signingKey: Buffer,
  key: string,
  ttlSeconds: number,
  nowMs = Date.now(),
): string {
  checkKey(key);
  const exp = Math.floor(nowMs / 1000) + ttlSeconds;
  const query = new URLSearchParams(signMediaKey(signingKey, key, exp));
  return `${appUrl.replace(/\/+$/, '')}${MEDIA_ROUTE}/${key}?${query}`;
}

export interface LocalStorageOptions {
  /** Folder of the files (PAUTA_DATA_DIR/media). */
  dir: string;
  /** The web's public URL (APP_URL): signed URLs point at its /media route. */
  appUrl: string;
  signingKey: Buffer;
  now?: () => number;
}

export function createLocalMediaStorage(options: LocalStorageOptions): MediaStorage {
  const root = path.resolve(options.dir);
  const now = options.now ?? Date.now;
  const fileOf = (key: string) => {
    checkKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file, a crash leaves only a .tmp.
      const temp = `${file}.${randomUUID()}.tmp`;
      await writeFile(temp, bytes, { mode: 0o600 });
      await rename(temp, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new MediaNotFoundError(key);
        throw error;
      }
    },
    async delete(keys) {
      for (const key of keys) await rm(fileOf(key), { force: true });
    },
    async signedUrl(key, ttlSeconds) {
      return webMediaUrl(options.appUrl, options.signingKey, key, ttlSeconds, now());
    },
    async size(key) {
      try {
        return (await stat(fileOf(key))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new MediaNotFoundError(key);
        throw error;
      }
    },
    async readRange(key, start, end) {
      const handle = await open(fileOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? new MediaNotFoundError(key) : error;
      });
      try {
        const buffer = Buffer.alloc(Math.max(0, end - start));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async openRead(key, range) {
      const file = fileOf(key);
      await stat(file).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? new MediaNotFoundError(key) : error;
      });
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    async copy(from, to) {
      const source = fileOf(from);
      const file = fileOf(to);
      await mkdir(path.dirname(file), { recursive: true });
      // Copy then rename, as put: a reader never sees half a file.
      const temp = `${file}.${randomUUID()}.tmp`;
      try {
        await copyFile(source, temp);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new MediaNotFoundError(from);
        throw error;
      }
      await rename(temp, file);
    },
    resumable: {
      async begin(finalKey, stagingKey, length) {
        const file = fileOf(stagingKey);
        fileOf(finalKey);
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, Buffer.alloc(0), { mode: 0o600, flag: 'a' });
        return { finalKey, stagingKey, length, offset: 0, s3UploadId: null, parts: [], tailBytes: 0 };
      },
      async append(state, body) {
        const file = fileOf(state.stagingKey);
        // A PATCH that broke may have left bytes past the recorded offset: they are dropped.
        await truncate(file, state.offset);
        const out = createWriteStream(file, { flags: 'r+', start: state.offset });
        let written = 0;
        let error: unknown = null;
        try {
          for await (const chunk of body) {
            const room = state.length - state.offset - written;
            const piece = chunk.length > room ? chunk.subarray(0, room) : chunk;
            if (piece.length > 0) {
              written += piece.length;
              if (!out.write(piece)) await new Promise<void>((r) => out.once('drain', () => r()));
            }
            if (chunk.length > room) throw new TooMuchData();
          }
        } catch (caught) {
          error = caught;
        }
        await new Promise<void>((resolve, reject) =>
          out.end((e?: Error | null) => (e ? reject(e) : resolve())),
        );
        // The file's size is the truth: what reached the disk.
        const size = (await stat(file)).size;
        return { state: { ...state, offset: Math.min(size, state.length) }, error };
      },
      async finish(state) {
        const to = fileOf(state.finalKey);
        await mkdir(path.dirname(to), { recursive: true });
        try {
          await rename(fileOf(state.stagingKey), to);
        } catch (error) {
          // Finished already (a retried end): the file is in place.
          const done = await stat(to).then(
            (s) => s.size === state.length,
            () => false,
          );
          if (!done) throw error;
        }
      },
      async abort(state) {
        await rm(fileOf(state.stagingKey), { force: true });
      },
    },
  };
}

export interface S3StorageOptions {
  bucket: string;
  /** Absent: AWS S3 itself. Set for MinIO, R2, s3rver … */
  endpoint?: string | undefined;
  region: string;
  /** Absent: the SDK's default credential chain (instance role, AWS_* variables). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `bucket` in the path instead of the host name (MinIO, s3rver). */
  forcePathStyle: boolean;
}

export function createS3MediaStorage(options: S3StorageOptions): MediaStorage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
  const Bucket = options.bucket;
  const openS3 = async (key: string, range?: { start: number; end: number }): Promise<Readable> => {
    checkKey(key);
    try {
      const answer = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      if (!answer.Body) throw new MediaNotFoundError(key);
      return answer.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw new MediaNotFoundError(key);
      throw error;
    }
  };
  const readAll = async (key: string): Promise<Buffer> => {
    const chunks: Buffer[] = [];
    for await (const chunk of await openS3(key)) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  };
  const deleteKeys = async (keys: readonly string[]): Promise<void> => {
    for (const key of keys) checkKey(key);
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      const answer = await client.send(
        new DeleteObjectsCommand({
          Bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = answer.Errors?.filter((e) => e.Code !== 'NoSuchKey') ?? [];
      if (failed.length > 0) {
        throw new Error(`S3 não apagou ${failed.length} objeto(s): ${failed[0]?.Code ?? 'erro'}`);
      }
    }
  };
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      checkKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          CacheControl: 'private, max-age=3600',
        }),
      );
    },
    async get(key) {
      checkKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) throw new MediaNotFoundError(key);
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') {
          throw new MediaNotFoundError(key);
        }
        throw error;
      }
    },
    // DeleteObjects takes up to 1,000 keys; a missing key counts as deleted.
    delete: deleteKeys,
    async signedUrl(key, ttlSeconds) {
      checkKey(key);
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn: ttlSeconds });
    },
    async size(key) {
      checkKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return Number(head.ContentLength ?? 0);
      } catch (error) {
        if (isNotFound(error)) throw new MediaNotFoundError(key);
        throw error;
      }
    },
    async readRange(key, start, end) {
      if (end <= start) return new Uint8Array(0);
      const stream = await openS3(key, { start, end: end - 1 });
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
    openRead: (key, range) => openS3(key, range),
    async copy(from, to, contentType) {
      checkKey(from);
      checkKey(to);
      try {
        // One request up to 5 GB (Pauta's videos stop at 1 GiB); the bytes never leave the bucket.
        await client.send(
          new CopyObjectCommand({
            Bucket,
            Key: to,
            CopySource: `${Bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
            ContentType: contentType,
            MetadataDirective: 'REPLACE',
            CacheControl: 'private, max-age=3600',
          }),
        );
      } catch (error) {
        if (isNotFound(error)) throw new MediaNotFoundError(from);
        throw error;
      }
    },
    resumable: {
      async begin(finalKey, stagingKey, length, contentType) {
        checkKey(finalKey);
        checkKey(stagingKey);
        const started = await client.send(
          new CreateMultipartUploadCommand({
            Bucket,
            Key: finalKey,
            ContentType: contentType,
            CacheControl: 'private, max-age=3600',
          }),
        );
        if (!started.UploadId) throw new Error('S3 não abriu o envio em partes');
        return {
          finalKey,
          stagingKey,
          length,
          offset: 0,
          s3UploadId: started.UploadId,
          parts: [],
          tailBytes: 0,
        };
      },
      async append(initial, body, persist) {
        let state = { ...initial, parts: [...initial.parts] };
        // The bytes below a part's size from the last PATCH are the start of the next part.
        let pending: Buffer[] = [];
        let pendingBytes = 0;
        if (state.tailBytes > 0) {
          const tail = Buffer.from(await readAll(state.stagingKey));
          pending = [tail.subarray(0, state.tailBytes)];
          pendingBytes = Math.min(tail.length, state.tailBytes);
        }
        let received = 0;
        const sendPart = async (bytes: Buffer) => {
          const n = state.parts.length + 1;
          const answer = await client.send(
            new UploadPartCommand({
              Bucket,
              Key: state.finalKey,
              UploadId: state.s3UploadId ?? '',
              PartNumber: n,
              Body: bytes,
            }),
          );
          state.parts.push({ n, etag: answer.ETag ?? '', size: bytes.length });
        };
        let error: unknown = null;
        try {
          for await (const chunk of body) {
            const room = state.length - state.offset - received;
            const piece = Buffer.from(chunk.length > room ? chunk.subarray(0, room) : chunk);
            received += piece.length;
            if (piece.length > 0) {
              pending.push(piece);
              pendingBytes += piece.length;
            }
            while (pendingBytes >= RESUMABLE_PART_BYTES) {
              const all = Buffer.concat(pending);
              await sendPart(all.subarray(0, RESUMABLE_PART_BYTES));
              const rest = all.subarray(RESUMABLE_PART_BYTES);
              pending = rest.length ? [Buffer.from(rest)] : [];
              pendingBytes = rest.length;
              state = { ...state, tailBytes: 0, offset: sumSizes(state.parts) };
              await persist(state);
            }
            if (chunk.length > room) throw new TooMuchData();
          }
        } catch (caught) {
          error = caught;
        }
        const sent = sumSizes(state.parts);
        const tail = Buffer.concat(pending);
        if (sent + tail.length === state.length && tail.length > 0) {
          // The last part may be smaller than 5 MiB.
          await sendPart(tail);
          state = { ...state, tailBytes: 0, offset: state.length };
        } else if (tail.length > 0) {
          await client.send(new PutObjectCommand({ Bucket, Key: state.stagingKey, Body: tail }));
          state = { ...state, tailBytes: tail.length, offset: sent + tail.length };
        } else {
          state = { ...state, tailBytes: 0, offset: sent };
        }
        return { state, error };
      },
      async finish(state) {
        try {
          await client.send(
            new CompleteMultipartUploadCommand({
              Bucket,
              Key: state.finalKey,
              UploadId: state.s3UploadId ?? '',
              MultipartUpload: { Parts: state.parts.map((p) => ({ PartNumber: p.n, ETag: p.etag })) },
            }),
          );
        } catch (error) {
          // Completed already (a retried end): the object is there whole.
          const size = await client.send(new HeadObjectCommand({ Bucket, Key: state.finalKey })).then(
            (h) => Number(h.ContentLength ?? -1),
            () => -1,
          );
          if (size !== state.length) throw error;
        }
        await deleteKeys([state.stagingKey]);
      },
      async abort(state) {
        if (state.s3UploadId) {
          try {
            await client.send(
              new AbortMultipartUploadCommand({ Bucket, Key: state.finalKey, UploadId: state.s3UploadId }),
            );
          } catch (error) {
            // Gone already (NoSuchUpload), or a server without the call (s3rver answers 405): the
            // parts then stay until the bucket's AbortIncompleteMultipartUpload rule (docs/media.md).
            const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
            if (
              !isNotFound(error) &&
              (error as { name?: string }).name !== 'NoSuchUpload' &&
              status !== 405 &&
              status !== 501
            )
              throw error;
          }
        }
        await deleteKeys([state.stagingKey]);
      },
    },
  };
}

function sumSizes(parts: ReadonlyArray<{ size: number }>): number {
  return parts.reduce((sum, p) => sum + p.size, 0);
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return (
    error instanceof NoSuchKey ||
    name === 'NoSuchKey' ||
    name === 'NotFound' ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
  );
}

export type MediaStorageConfig =
  | { kind: 'local'; dir: string; appUrl: string; signingKey: Buffer }
  | ({ kind: 's3' } & S3StorageOptions);

export function createMediaStorage(config: MediaStorageConfig): MediaStorage {
  return config.kind === 'local' ? createLocalMediaStorage(config) : createS3MediaStorage(config);
}
