// Where the bytes of post images live (docs/media.md): the local disk under PAUTA_DATA_DIR/media in
// the embedded mode, or any S3-compatible object store in production. Nothing is public: a browser
// or a network (Instagram fetches its images by URL) gets a signed URL that expires — an HMAC-signed
// `/media/<key>` of the web for the local disk, a presigned GET for S3.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
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
}

export class MediaNotFoundError extends Error {
  override name = 'MediaNotFoundError';
}

export class MediaKeyError extends Error {
  override name = 'MediaKeyError';
}

/**
 * Keys Pauta writes (uuids): a post's image `posts/<workspace>/<post>/<media>[-thumb].<ext>`, and a
 * workspace's logo `workspaces/<workspace>/logo-<upload>.webp` (docs/workspaces.md, branding), and
 * a client report's PDF `reports/<workspace>/<report>.pdf` (docs/reports.md). Anything else is refused.
 */
const KEY =
  /^(posts\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/[0-9a-f-]{36}(-thumb)?\.(jpg|png|webp|gif)|workspaces\/[0-9a-f-]{36}\/logo-[0-9a-f-]{36}\.webp|reports\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.pdf)$/;

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
    async delete(keys) {
      for (const key of keys) checkKey(key);
      // DeleteObjects takes up to 1,000 keys; a missing key counts as deleted.
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
    },
    async signedUrl(key, ttlSeconds) {
      checkKey(key);
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn: ttlSeconds });
    },
  };
}

export type MediaStorageConfig =
  | { kind: 'local'; dir: string; appUrl: string; signingKey: Buffer }
  | ({ kind: 's3' } & S3StorageOptions);

export function createMediaStorage(config: MediaStorageConfig): MediaStorage {
  return config.kind === 'local' ? createLocalMediaStorage(config) : createS3MediaStorage(config);
}
