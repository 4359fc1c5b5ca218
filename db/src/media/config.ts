// From a parsed environment (server/src/env.ts, worker/src/env.ts) to the media storage. Pure: the
// env modules read process.env, this only turns their values into a storage.
import path from 'node:path';
import type { Keyring } from '../crypto.js';
import { createMediaStorage, deriveMediaSigningKey, type MediaStorage, webMediaUrl } from './storage.js';

export interface MediaEnv {
  MEDIA_STORAGE: 'local' | 's3';
  S3_BUCKET?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE: boolean;
  MEDIA_URL_SIGNING_KEY?: string | undefined;
}

export interface MediaSetup {
  storage: MediaStorage;
  /** Signs the web's /media/<key> URLs (the browser's images; the local storage's signed URLs). */
  signingKey: Buffer;
  /**
   * A public, expiring URL of an image through the web (APP_URL/media/…): what a network that
   * fetches images by URL gets (Instagram). It works with either storage, and an S3 endpoint that
   * is only reachable inside the installation (MinIO in docker compose) never has to be public.
   */
  publicUrl(key: string, ttlSeconds: number): string;
}

export function mediaSetupFromEnv(
  env: MediaEnv,
  options: { appUrl: string; dataDir: string; keyring: Keyring },
): MediaSetup {
  const signingKey = env.MEDIA_URL_SIGNING_KEY
    ? Buffer.from(env.MEDIA_URL_SIGNING_KEY, 'utf8')
    : deriveMediaSigningKey(options.keyring);
  const storage =
    env.MEDIA_STORAGE === 's3'
      ? createMediaStorage({
          kind: 's3',
          bucket: env.S3_BUCKET ?? '',
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        })
      : createMediaStorage({
          kind: 'local',
          dir: path.join(options.dataDir, 'media'),
          appUrl: options.appUrl,
          signingKey,
        });
  return {
    storage,
    signingKey,
    publicUrl: (key, ttlSeconds) => webMediaUrl(options.appUrl, signingKey, key, ttlSeconds),
  };
}
