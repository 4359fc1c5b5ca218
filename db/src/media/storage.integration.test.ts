// Both media storages against the real thing: the local disk in a temporary folder and a real S3
// protocol server (s3rver) started here. Same contract: put/get round-trips bytes, delete is
// idempotent, keys outside Pauta's shape are refused, and a signed URL serves the bytes until it
// expires (local: verified by verifyMediaSignature; S3: fetched from the server).
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../../test/s3-harness.js';
import {
  createLocalMediaStorage,
  MEDIA_ROUTE,
  MediaKeyError,
  MediaNotFoundError,
  type MediaStorage,
  verifyMediaSignature,
} from './storage.js';

const signingKey = Buffer.alloc(32, 3);
let dir: string;
let s3: TestS3;
const clock = Date.now();

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pauta-media-'));
  s3 = await startTestS3();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await s3?.close();
});

const key = (suffix = '.png') => `posts/${randomUUID()}/${randomUUID()}/${randomUUID()}${suffix}`;
const bytes = Buffer.from('89504e470d0a1a0a0000', 'hex');

const storages: [string, () => MediaStorage][] = [
  [
    'local',
    () => createLocalMediaStorage({ dir, appUrl: 'http://pauta.test/', signingKey, now: () => clock }),
  ],
  ['s3', () => s3.storage],
];

describe.each(storages)('%s storage', (_name, make) => {
  it('stores and returns the bytes, and deletes them (twice is fine)', async () => {
    const storage = make();
    const k = key();
    await storage.put(k, bytes, 'image/png');
    expect(Buffer.compare(await storage.get(k), bytes)).toBe(0);
    await storage.delete([k]);
    await expect(storage.get(k)).rejects.toBeInstanceOf(MediaNotFoundError);
    await storage.delete([k]);
  });

  it('refuses keys that are not Pauta media keys (no path traversal)', async () => {
    const storage = make();
    await expect(storage.put('../../etc/passwd', bytes, 'image/png')).rejects.toBeInstanceOf(MediaKeyError);
    await expect(storage.get(`posts/${randomUUID()}/${randomUUID()}/../x.png`)).rejects.toBeInstanceOf(
      MediaKeyError,
    );
    await expect(storage.signedUrl('posts/a/b.exe', 60)).rejects.toBeInstanceOf(MediaKeyError);
  });
});

describe('local signed URLs', () => {
  it('point at the web route with an expiry and an HMAC that only verifies for that key, until it expires', async () => {
    const storage = storages[0]?.[1]();
    if (!storage) throw new Error('no storage');
    const k = key('.jpg');
    const url = new URL(await storage.signedUrl(k, 60));
    expect(url.origin).toBe('http://pauta.test');
    expect(url.pathname).toBe(`${MEDIA_ROUTE}/${k}`);
    const exp = url.searchParams.get('exp');
    const sig = url.searchParams.get('sig');
    const now = Math.floor(clock / 1000);
    expect(verifyMediaSignature(signingKey, k, exp, sig, now)).toBe(true);
    expect(verifyMediaSignature(signingKey, key('.jpg'), exp, sig, now)).toBe(false);
    expect(verifyMediaSignature(Buffer.alloc(32, 4), k, exp, sig, now)).toBe(false);
    expect(verifyMediaSignature(signingKey, k, String(Number(exp) + 1), sig, now)).toBe(false);
    expect(verifyMediaSignature(signingKey, k, exp, sig, now + 61)).toBe(false);
    expect(verifyMediaSignature(signingKey, k, exp, null, now)).toBe(false);
  });

  it('leave no temporary file behind a write', async () => {
    const storage = storages[0]?.[1]();
    if (!storage) throw new Error('no storage');
    const k = key();
    await storage.put(k, bytes, 'image/png');
    const files = await readdir(path.join(dir, ...k.split('/').slice(0, 3)));
    expect(files).toEqual([k.split('/')[3]]);
  });
});

describe('S3 presigned URLs', () => {
  it('serve the object to anyone holding the URL, signed for 60 s', async () => {
    const k = key('.webp');
    await s3.storage.put(k, bytes, 'image/webp');
    const url = await s3.storage.signedUrl(k, 60);
    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.compare(Buffer.from(await answer.arrayBuffer()), bytes)).toBe(0);
    // s3rver checks no signature of a presigned GET (a real bucket does): check what is signed.
    const signed = new URL(url);
    expect(signed.pathname).toBe(`/pauta-media/${k}`);
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(signed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('deletes many keys in one call', async () => {
    const keys = Array.from({ length: 5 }, () => key());
    for (const k of keys) await s3.storage.put(k, bytes, 'image/png');
    await s3.storage.delete(keys);
    for (const k of keys) await expect(s3.storage.get(k)).rejects.toBeInstanceOf(MediaNotFoundError);
  });
});
