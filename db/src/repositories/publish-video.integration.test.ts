// loadPublishVideo on real PostgreSQL and both storages (the local disk and a real S3 protocol
// server, s3rver — the double the video-upload tests use): the post's video as the worker hands it
// to an adapter. Its facts come from post_media; its bytes are read range by range through
// readRange (the whole file is never fetched: `get` is never called on its key); its signed URL
// serves the same bytes and lasts at least an hour; its cover is the stored image, with its size
// and frame time, or null.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { VideoFacts } from '@pauta/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, testDb } from '../../../test/harness.js';
import { startTestS3, type TestS3 } from '../../../test/s3-harness.js';
import type { DbHandle } from '../client.js';
import { createLocalMediaStorage, type MediaStorage, verifyMediaSignature } from '../media/storage.js';
import { addPostVideo, loadPublishVideo, setVideoCover, VideoRangeError } from './media.repository.js';
import { insertTheme } from './themes.repository.js';

const signingKey = Buffer.alloc(32, 9);
let handle: DbHandle;
let dir: string;
let s3: TestS3;

beforeAll(async () => {
  handle = await testDb();
  dir = await mkdtemp(path.join(tmpdir(), 'pauta-video-'));
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
  await handle?.close();
});

/** The storage, with every whole-object read recorded (a video must never be one of them). */
function watched(storage: MediaStorage): { storage: MediaStorage; wholeReads: string[]; ranges: number[][] } {
  const wholeReads: string[] = [];
  const ranges: number[][] = [];
  return {
    wholeReads,
    ranges,
    storage: {
      ...storage,
      get: (key) => {
        wholeReads.push(key);
        return storage.get(key);
      },
      readRange: (key, start, end) => {
        ranges.push([start, end]);
        return storage.readRange(key, start, end);
      },
    },
  };
}

const storages: [string, () => MediaStorage][] = [
  ['local', () => createLocalMediaStorage({ dir, appUrl: 'http://pauta.test/', signingKey })],
  ['s3', () => s3.storage],
];

/** A baseline JPEG's first bytes: SOI, then a SOF0 of `width` × `height` (enough for a header read). */
function jpegHeader(width: number, height: number): Buffer {
  const sof = Buffer.from([
    0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
  ]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), sof, randomBytes(64), Buffer.from([0xff, 0xd9])]);
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function postWithVideo(storage: MediaStorage, size: number) {
  const user = await makeUser(handle, 'video-publish');
  const theme = await insertTheme(handle.db, user.id, {
    name: 'Vídeos',
    description: 'Posts com vídeo',
    toneOfVoice: ['professional'],
    avoidTopics: [],
    socialNetworks: ['linkedin'],
    frequency: 'daily',
    colorPalette: 'blue',
  });
  const post = await handle.db
    .insertInto('suggested_posts')
    .values({
      theme_id: theme.id,
      user_id: user.id,
      title: 'Vídeo',
      content: 'Um vídeo',
      platform: 'linkedin',
      post_order: 1,
      scheduled_for: new Date(Date.now() + 3_600_000),
    })
    .returning(['id', 'workspace_id'])
    .executeTakeFirstOrThrow();
  const id = randomUUID();
  const key = `posts/${post.workspace_id}/${post.id}/${id}.mp4`;
  const bytes = randomBytes(size);
  await storage.put(key, bytes, 'video/mp4');
  const facts: VideoFacts = {
    container: 'mp4',
    sizeBytes: size,
    durationSeconds: 12.5,
    width: 1080,
    height: 1920,
    rotation: 0,
    videoCodec: 'avc',
    videoCodecString: 'avc1.640028',
    frameRate: 29.97,
    constantFrameRate: true,
    bitrate: Math.round((size * 8) / 12.5),
    audio: { codec: 'aac', sampleRate: 48_000, channels: 2 },
  };
  const added = await addPostVideo(handle.db, {
    id,
    workspaceId: post.workspace_id,
    userId: user.id,
    postId: post.id,
    storageKey: key,
    facts,
  });
  if ('refused' in added) throw new Error('vídeo recusado');
  return { post, key, bytes, facts, mediaId: id, userId: user.id };
}

describe.each(storages)('loadPublishVideo (%s storage)', (name, make) => {
  it('hands over the facts, ranged reads of the file (never the whole of it) and a signed URL valid over an hour', async () => {
    const { storage, wholeReads, ranges } = watched(make());
    const size = 3 * 1024 * 1024 + 17;
    const { post, key, bytes, facts } = await postWithVideo(storage, size);
    const video = await loadPublishVideo(handle.db, storage, post.id);
    expect(video).not.toBeNull();
    if (!video) return;
    expect(video).toMatchObject({
      mimeType: 'video/mp4',
      sizeBytes: size,
      durationSeconds: 12.5,
      width: 1080,
      height: 1920,
      frameRate: 29.97,
      cover: null,
    });
    expect(video.facts).toEqual(facts);
    // Uploaded in 1 MiB chunks, as an adapter does: the chunks add up to the file.
    const chunk = 1024 * 1024;
    const parts: Uint8Array[] = [];
    for (let start = 0; start < size; start += chunk)
      parts.push(await video.read(start, Math.min(size, start + chunk)));
    expect(parts.map((p) => p.length)).toEqual([chunk, chunk, chunk, 17]);
    expect(sha256(Buffer.concat(parts))).toBe(sha256(bytes));
    expect(Buffer.compare(Buffer.from(await video.read(1000, 1010)), bytes.subarray(1000, 1010))).toBe(0);
    expect((await video.read(size, size)).length).toBe(0);
    expect(wholeReads).not.toContain(key);
    expect(ranges.every(([s, e]) => (e ?? 0) - (s ?? 0) <= chunk)).toBe(true);
    // Outside the file: refused, nothing read.
    await expect(video.read(size - 1, size + 1)).rejects.toBeInstanceOf(VideoRangeError);
    await expect(video.read(-1, 10)).rejects.toBeInstanceOf(VideoRangeError);
    await expect(video.read(10, 5)).rejects.toBeInstanceOf(VideoRangeError);

    const url = new URL(video.url);
    if (name === 'local') {
      const exp = Number(url.searchParams.get('exp'));
      expect(exp - Date.now() / 1000).toBeGreaterThan(3600);
      const nowSeconds = Math.floor(Date.now() / 1000);
      expect(
        verifyMediaSignature(
          signingKey,
          key,
          url.searchParams.get('exp'),
          url.searchParams.get('sig'),
          nowSeconds,
        ),
      ).toBe(true);
      // An hour later it still opens the file.
      expect(
        verifyMediaSignature(
          signingKey,
          key,
          url.searchParams.get('exp'),
          url.searchParams.get('sig'),
          nowSeconds + 3600,
        ),
      ).toBe(true);
    } else {
      expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeGreaterThanOrEqual(3600);
      const answer = await fetch(video.url);
      expect(answer.status).toBe(200);
      expect(sha256(new Uint8Array(await answer.arrayBuffer()))).toBe(sha256(bytes));
    }
  });

  it('hands over the cover: the stored image, its size, a signed URL and the frame time', async () => {
    const storage = make();
    const { post, mediaId } = await postWithVideo(storage, 4096);
    const cover = jpegHeader(720, 1280);
    const coverId = randomUUID();
    const coverKey = `posts/${post.workspace_id}/${post.id}/${coverId}.jpg`;
    const thumbKey = `posts/${post.workspace_id}/${post.id}/${coverId}-thumb.webp`;
    await storage.put(coverKey, cover, 'image/jpeg');
    await storage.put(thumbKey, Buffer.from('RIFF'), 'image/webp');
    const set = await setVideoCover(handle.db, {
      workspaceId: post.workspace_id,
      postId: post.id,
      mediaId,
      coverKey,
      thumbKey,
      timeSeconds: 3.25,
    });
    expect('refused' in set).toBe(false);
    const video = await loadPublishVideo(handle.db, storage, post.id, {
      ttlSeconds: 7200,
      urlFor: (key, ttl) => `https://app.pauta.test/media/${key}?ttl=${ttl}`,
    });
    expect(video?.cover).toEqual({
      timeSeconds: 3.25,
      image: {
        mimeType: 'image/jpeg',
        width: 720,
        height: 1280,
        bytes: cover,
        url: `https://app.pauta.test/media/${coverKey}?ttl=7200`,
      },
    });
    expect(video?.url).toContain('?ttl=7200');
  });

  it('a file shorter than its recorded size is refused, not uploaded truncated', async () => {
    const storage = make();
    const { post, key, bytes } = await postWithVideo(storage, 8192);
    if (name === 'local') await truncate(path.join(dir, key), 8000);
    else await storage.put(key, bytes.subarray(0, 8000), 'video/mp4');
    const video = await loadPublishVideo(handle.db, storage, post.id);
    await expect(video?.read(4096, 8192)).rejects.toBeInstanceOf(VideoRangeError);
  });
});

describe('loadPublishVideo without a video', () => {
  it('is null for a post without one', async () => {
    const user = await makeUser(handle, 'sem-video');
    const theme = await insertTheme(handle.db, user.id, {
      name: 'Texto',
      description: 'Posts de texto',
      toneOfVoice: ['professional'],
      avoidTopics: [],
      socialNetworks: ['linkedin'],
      frequency: 'daily',
      colorPalette: 'blue',
    });
    const post = await handle.db
      .insertInto('suggested_posts')
      .values({
        theme_id: theme.id,
        user_id: user.id,
        title: 'Texto',
        content: 'Só texto',
        platform: 'linkedin',
        post_order: 1,
        scheduled_for: new Date(Date.now() + 3_600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(
      await loadPublishVideo(
        handle.db,
        createLocalMediaStorage({ dir, appUrl: 'http://pauta.test/', signingKey }),
        post.id,
      ),
    ).toBeNull();
  });
});
