// The resumable video upload (tus 1.0.0) through the real web over real HTTP, on both storages —
// the local disk and a real S3 protocol server (s3rver) — with real sessions: creation with the
// 1 GB cap from Upload-Length, partial PATCHes, HEAD's offset, a connection dropped mid-PATCH and
// resumed where the server says, completion (probe by ranges, Pauta's and the network's rules, the
// post's video), termination, the workspace scoping, the cover, the sha256 of what was stored, the
// /media route's ranges, and the sweeper's handling of abandoned uploads.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type MediaRejection, mediaRejectionMessage, type Platform } from '@pauta/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalMediaStorage,
  type DbHandle,
  deriveMediaSigningKey,
  listPostMedia,
  MediaNotFoundError,
  type MediaStorage,
  parseKeyring,
  webMediaUrl,
} from '../../../db/src/index.js';
import { isolatedDb } from '../../../test/harness.js';
import { startTestS3, type TestS3 } from '../../../test/s3-harness.js';
import { insertTestTheme, listen, signedInUser, testDeps } from '../../../test/server-harness.js';
import type { MediaView } from './media.service.js';
import { startMediaSweeper } from './sweeper.js';
import { makeTestVideo } from './test-video.js';

let handle: DbHandle;
let drop: () => Promise<void>;
let s3: TestS3;
let localDir: string;
// ~12 MB: more than one S3 part (8 MiB), so the S3 flow sends a part, a tail and a last part.
let bigVideo: Buffer;

beforeAll(async () => {
  ({ handle, drop } = await isolatedDb());
  s3 = await startTestS3();
  localDir = await mkdtemp(path.join(tmpdir(), 'pauta-video-it-'));
  bigVideo = Buffer.from(await makeTestVideo({ seconds: 10, packetBytes: 40_000 }));
}, 60_000);
afterAll(async () => {
  await drop?.();
  await s3?.close();
  await rm(localDir, { recursive: true, force: true });
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const TUS = { 'tus-resumable': '1.0.0', 'sec-fetch-site': 'same-origin' };

describe.each(['local', 's3'] as const)('resumable video upload (tus), %s storage', (kind) => {
  let app: { url: string; close(): Promise<void> };
  let storage: MediaStorage;
  let sweeper: ReturnType<typeof startMediaSweeper>;
  const signingKey = deriveMediaSigningKey(parseKeyring(`t1:${Buffer.alloc(32, 7).toString('base64')}`));

  beforeAll(async () => {
    storage =
      kind === 'local'
        ? createLocalMediaStorage({ dir: localDir, appUrl: 'http://pauta.test', signingKey })
        : s3.storage;
    const base = testDeps(handle);
    sweeper = startMediaSweeper({ db: handle.db, storage, logger: base.logger }, 3_600_000);
    app = await listen({
      ...base,
      media: {
        storage,
        signingKey,
        publicUrl: (key, ttl) => webMediaUrl('http://pauta.test', signingKey, key, ttl),
        kickSweeper: sweeper.kick,
      },
    });
  });
  afterAll(async () => {
    await sweeper.stop();
    await app.close();
  });

  async function userWithPost(platform: Platform = 'x') {
    const user = await signedInUser(handle, app.url, { label: `video-${kind}` });
    const theme = await insertTestTheme(handle, user.id);
    const post = await handle.db
      .insertInto('suggested_posts')
      .values({
        theme_id: theme.id,
        user_id: user.id,
        title: 'Post com vídeo',
        content: 'Texto',
        platform,
        scheduled_for: new Date(Date.now() + 86_400_000),
        status: 'scheduled',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ...user, postId: post.id };
  }
  type Who = Awaited<ReturnType<typeof userWithPost>>;

  const create = (who: Who, length: number, options: { id?: string; postId?: string } = {}) =>
    who.browser.request(`/api/posts/${options.postId ?? who.postId}/video`, {
      method: 'POST',
      headers: {
        ...TUS,
        'upload-length': String(length),
        'upload-metadata': `filetype ${Buffer.from('video/mp4').toString('base64')}`,
        'idempotency-key': options.id ?? randomUUID(),
      },
    });
  const head = (who: Who, location: string) =>
    who.browser.request(location, { method: 'HEAD', headers: TUS });
  const patch = (who: Who, location: string, offset: number, bytes: Uint8Array) =>
    who.browser.request(location, {
      method: 'PATCH',
      headers: {
        ...TUS,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: bytes,
    });
  const offsetOf = async (who: Who, location: string) =>
    Number((await head(who, location)).headers.get('upload-offset'));

  /**
   * A PATCH whose connection drops after `sent` bytes of `bytes` (the socket is destroyed mid-body,
   * as a lost network does): resolves once the socket is gone.
   */
  function droppedPatch(who: Who, location: string, offset: number, bytes: Uint8Array, sent: number) {
    return new Promise<void>((resolve) => {
      const url = new URL(location, app.url);
      const req = httpRequest(url, {
        method: 'PATCH',
        headers: {
          ...TUS,
          cookie: who.browser.cookieHeader(),
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(bytes.length),
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(bytes.subarray(0, sent), () => {
        // Let the server read what was written, then cut the connection.
        setTimeout(() => req.destroy(), 300);
      });
    });
  }

  it('uploads in pieces, survives a dropped connection, resumes at the server offset and stores the same bytes', async () => {
    const owner = await userWithPost('x');
    const id = randomUUID();
    const created = await create(owner, bigVideo.length, { id });
    expect(created.status).toBe(201);
    expect(created.headers.get('tus-resumable')).toBe('1.0.0');
    const location = created.headers.get('location') as string;
    expect(location).toBe(`/api/video-uploads/${id}`);
    // The same creation again (a retry): the same upload.
    const again = await create(owner, bigVideo.length, { id });
    expect(again.status).toBe(201);
    expect(again.headers.get('location')).toBe(location);
    expect(await offsetOf(owner, location)).toBe(0);

    // A first piece of 3 MB.
    const first = 3 * 1024 * 1024;
    const r1 = await patch(owner, location, 0, bigVideo.subarray(0, first));
    expect(r1.status).toBe(204);
    expect(Number(r1.headers.get('upload-offset'))).toBe(first);
    expect(await offsetOf(owner, location)).toBe(first);

    // A wrong offset is a 409: nothing is written.
    expect((await patch(owner, location, 0, bigVideo.subarray(0, 10))).status).toBe(409);
    expect(await offsetOf(owner, location)).toBe(first);

    // The next PATCH carries the rest, but the connection drops after ~7 MB of it.
    await droppedPatch(owner, location, first, bigVideo.subarray(first), 7 * 1024 * 1024);
    // The server kept what reached it: the offset moved on, without starting over. Resuming
    // is what tus-js-client does: HEAD, then PATCH from there; while the broken PATCH is still
    // being wound up the server answers 423 (or 409 if its offset moved since the HEAD): retry.
    let offset = 0;
    let last: Response | null = null;
    // Up to 20 s: the server winds the broken PATCH up (S3: its multipart part) on its own time,
    // seconds on a loaded CI machine (a 5 s bound failed there, 2026-11-28).
    for (let i = 0; i < 200; i++) {
      offset = await offsetOf(owner, location);
      if (offset > first) {
        expect(offset).toBeLessThan(bigVideo.length);
        last = await patch(owner, location, offset, bigVideo.subarray(offset));
        if (last.status !== 423 && last.status !== 409) break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(offset).toBeGreaterThan(first);
    if (!last) throw new Error('never resumed');
    expect(last.status).toBe(204);
    expect(Number(last.headers.get('upload-offset'))).toBe(bigVideo.length);
    expect(await offsetOf(owner, location)).toBe(bigVideo.length);

    const [row] = await listPostMedia(handle.db, owner.postId);
    expect(row).toMatchObject({
      id,
      kind: 'video',
      position: 0,
      mime_type: 'video/mp4',
      container: 'mp4',
      width: 1080,
      height: 1920,
      rotation: 0,
      video_codec: 'avc',
      size_bytes: bigVideo.length,
      thumb_key: null,
    });
    expect(row?.duration_seconds).toBeCloseTo(10, 0);
    expect(row?.frame_rate).toBeCloseTo(30, 0);
    expect(row?.audio).toMatchObject({ codec: 'aac', sampleRate: 48_000 });

    // The stored object is the file, byte for byte, read back through its signed URL.
    const list = await owner.browser.query<MediaView[]>('media.list', { postId: owner.postId });
    const view = list.data?.[0] as MediaView;
    expect(view).toMatchObject({ kind: 'video', mimeType: 'video/mp4', thumbUrl: null });
    expect(view.video).toMatchObject({ container: 'mp4', videoCodec: 'avc', coverUrl: null });
    // Its card in Posts Agendados: a video without a cover ("Vídeo", "Sem capa"; not "Sem imagem").
    type Listed = { items: Array<{ id: string; mediaKind: string | null; thumbUrl: string | null }> };
    const listed = await owner.browser.query<Listed>('posts.list', {});
    expect(listed.data?.items.find((p) => p.id === owner.postId)).toMatchObject({
      mediaKind: 'video',
      thumbUrl: null,
    });
    const served = await owner.browser.request(view.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('video/mp4');
    expect(sha256(Buffer.from(await served.arrayBuffer()))).toBe(sha256(bigVideo));
    // A range, as <video> asks.
    const ranged = await owner.browser.request(view.url, { headers: { range: 'bytes=100-199' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-199/${bigVideo.length}`);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(bigVideo.subarray(100, 200));

    // A second video on the same post is refused before a byte is sent, in pt-BR.
    const second = await create(owner, 1000);
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({
      error: 'MEDIA_REJECTED',
      message: 'Um post pode ter só um vídeo. Remova o vídeo atual para enviar outro.',
    });
    // And an image too.
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    const image = await owner.browser.request(`/api/posts/${owner.postId}/media`, {
      method: 'POST',
      headers: {
        'content-type': 'image/png',
        'sec-fetch-site': 'same-origin',
        'idempotency-key': randomUUID(),
      },
      body: png,
    });
    expect(image.status).toBe(400);
    expect(((await image.json()) as { message: string }).message).toBe(
      'Este post já tem um vídeo. Remova o vídeo para adicionar imagens.',
    );

    // The cover: a frame (an image the browser drew) at 2.5 s.
    const frame = await sharp({ create: { width: 1080, height: 1920, channels: 3, background: 'blue' } })
      .jpeg()
      .toBuffer();
    const cover = await owner.browser.request(`/api/posts/${owner.postId}/media/${id}/cover?t=2.5`, {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg', 'sec-fetch-site': 'same-origin' },
      body: frame,
    });
    expect(cover.status).toBe(200);
    const withCover = ((await cover.json()) as { media: MediaView }).media;
    expect(withCover.video?.coverTimeSeconds).toBe(2.5);
    expect(withCover.thumbUrl).not.toBeNull();
    expect((await owner.browser.request(withCover.video?.coverUrl as string)).status).toBe(200);
    const relisted = await owner.browser.query<Listed>('posts.list', {});
    expect(relisted.data?.items.find((p) => p.id === owner.postId)?.thumbUrl).toEqual(expect.any(String));

    // X publishes video: saving (scheduling) the post goes through.
    const save = await owner.browser.mutate('posts.update', {
      id: owner.postId,
      title: 'Post com vídeo',
      content: 'Texto',
      scheduledFor: new Date(Date.now() + 2 * 86_400_000),
    });
    expect(save.status, JSON.stringify(save.error)).toBe(200);
    // On a network that does not publish video through Pauta (Mastodon), scheduling is refused,
    // naming the network; so is "Tentar novamente"'s path and the calendar's reschedule.
    await handle.db
      .updateTable('suggested_posts')
      .set({ platform: 'mastodon' })
      .where('id', '=', owner.postId)
      .execute();
    const refused = await owner.browser.mutate('posts.update', {
      id: owner.postId,
      title: 'Post com vídeo',
      content: 'Texto',
      scheduledFor: new Date(Date.now() + 2 * 86_400_000),
    });
    expect(refused.status).toBe(400);
    expect(refused.error?.details).toMatchObject({ reason: 'VIDEO_NOT_PUBLISHED', platform: 'mastodon' });
    expect(mediaRejectionMessage(refused.error?.details as MediaRejection)).toBe(
      'Mastodon ainda não publica vídeo pela Pauta. Remova o vídeo para agendar este post.',
    );
    const moved = await owner.browser.mutate('posts.reschedule', {
      id: owner.postId,
      scheduledFor: new Date(Date.now() + 2 * 86_400_000),
    });
    expect(moved.status).toBe(400);

    // Removing the video (media.remove) deletes its files through the sweeper.
    const keys = (await listPostMedia(handle.db, owner.postId)).flatMap((m) =>
      [m.storage_key, m.thumb_key, m.cover_key].filter((k): k is string => k !== null),
    );
    expect(keys).toHaveLength(3);
    expect((await owner.browser.mutate('media.remove', { postId: owner.postId, mediaId: id })).status).toBe(
      200,
    );
    await sweeper.sweepNow();
    for (const key of keys) await expect(storage.size(key)).rejects.toBeInstanceOf(MediaNotFoundError);
  }, 120_000);

  it('refuses past 1 GB from Upload-Length, and past the network limit, before accepting a byte', async () => {
    const owner = await userWithPost('linkedin');
    const huge = await create(owner, 1024 * 1024 * 1024 + 1);
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({
      error: 'MEDIA_REJECTED',
      message: 'O vídeo tem mais de 1024 MB, o máximo aceito pela Pauta.',
    });
    // LinkedIn takes videos up to 500 MB.
    const overLinkedIn = await create(owner, 600 * 1024 * 1024);
    expect(overLinkedIn.status).toBe(400);
    expect(((await overLinkedIn.json()) as { message: string }).message).toBe(
      'LinkedIn aceita vídeos de até 500 MB. Reduza o vídeo e tente de novo.',
    );
    expect(
      await handle.db.selectFrom('video_uploads').select('id').where('post_id', '=', owner.postId).execute(),
    ).toEqual([]);
    // No Idempotency-Key, no length, no tus version: refused.
    const noKey = await owner.browser.request(`/api/posts/${owner.postId}/video`, {
      method: 'POST',
      headers: { ...TUS, 'upload-length': '10' },
    });
    expect(noKey.status).toBe(400);
    const noVersion = await owner.browser.request(`/api/posts/${owner.postId}/video`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin', 'upload-length': '10', 'idempotency-key': randomUUID() },
    });
    expect(noVersion.status).toBe(412);
  });

  it("refuses a video the post's network does not take, naming the network, and keeps nothing", async () => {
    // Facebook takes Reels 9:16 only and Page videos up to 16:9: a 3:1 panorama fits neither.
    const owner = await userWithPost('facebook');
    const wide = Buffer.from(await makeTestVideo({ width: 1920, height: 640, seconds: 4 }));
    const created = await create(owner, wide.length);
    const location = created.headers.get('location') as string;
    const done = await patch(owner, location, 0, wide);
    expect(done.status).toBe(400);
    const body = (await done.json()) as { error: string; message: string };
    expect(body.error).toBe('MEDIA_REJECTED');
    expect(body.message).toContain('Facebook aceita');
    expect(body.message).toContain('proporção');
    expect(await listPostMedia(handle.db, owner.postId)).toEqual([]);
    // The refusal is repeated, never a second probe; the bytes are gone.
    expect((await head(owner, location)).status).toBe(422);
    const id = location.split('/').at(-1) as string;
    await expect(storage.size(`posts/${owner.id}/${owner.postId}/${id}.mp4`)).rejects.toBeInstanceOf(
      MediaNotFoundError,
    );

    // Not a video at all: the probe's own refusal.
    const other = await userWithPost('x');
    const text = Buffer.from('isto não é um vídeo, só um texto com extensão trocada');
    const loc = (await create(other, text.length)).headers.get('location') as string;
    const answer = await patch(other, loc, 0, text);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toBe(
      'Este arquivo não é um vídeo aceito. Envie um vídeo MP4 ou MOV.',
    );
  });

  it('is scoped: no cookie is 401, another workspace sees nothing, a cross-site write is refused', async () => {
    const owner = await userWithPost('x');
    const stranger = await userWithPost('x');
    const created = await create(owner, 1000);
    const location = created.headers.get('location') as string;
    // Another person's post: 404 (it does not exist for them); their HEAD/PATCH/DELETE: 404.
    expect((await create(stranger, 1000, { postId: owner.postId })).status).toBe(404);
    expect((await head(stranger, location)).status).toBe(404);
    expect((await patch(stranger, location, 0, Buffer.alloc(10))).status).toBe(404);
    expect((await stranger.browser.request(location, { method: 'DELETE', headers: TUS })).status).toBe(404);
    expect(await offsetOf(owner, location)).toBe(0);
    // No session.
    const anonymous = await fetch(`${app.url}${location}`, { method: 'HEAD', headers: TUS });
    expect(anonymous.status).toBe(401);
    // Cross-site.
    const cross = await owner.browser.request(location, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'sec-fetch-site': 'cross-site',
        origin: 'https://evil.example',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: Buffer.alloc(10),
    });
    expect(cross.status).toBe(403);
    expect(await offsetOf(owner, location)).toBe(0);
  });

  it('a PATCH whose lease another connection took writes no progress and finishes nothing (423)', async () => {
    const owner = await userWithPost('x');
    const id = randomUUID();
    const location = (await create(owner, bigVideo.length, { id })).headers.get('location') as string;
    // The whole video in one PATCH, sent in two halves; between them the lease changes hands,
    // as when this web process stalled past the lease and another PATCH took the upload.
    const half = Math.floor(bigVideo.length / 2);
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(new URL(location, app.url), {
        method: 'PATCH',
        headers: {
          ...TUS,
          cookie: owner.browser.cookieHeader(),
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(bigVideo.length),
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', () => resolve(-1));
      req.write(bigVideo.subarray(0, half), () => {
        setTimeout(() => {
          handle.db
            .updateTable('video_uploads')
            .set({ lock_token: randomUUID() })
            .where('id', '=', id)
            .execute()
            .then(() => req.end(bigVideo.subarray(half)), reject);
        }, 300);
      });
    });
    // 423, or the connection cut when a progress write found the lease gone: never a 204.
    expect([423, -1]).toContain(status);
    const row = await handle.db
      .selectFrom('video_uploads')
      .select(['state', 'upload_offset'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('receiving');
    expect(Number(row.upload_offset)).toBeLessThan(bigVideo.length);
    expect(await listPostMedia(handle.db, owner.postId)).toEqual([]);
  });

  it('terminates on DELETE, and the sweeper aborts an upload left unfinished past its expiry', async () => {
    const owner = await userWithPost('x');
    const cancelled = (await create(owner, 5000)).headers.get('location') as string;
    expect((await patch(owner, cancelled, 0, bigVideo.subarray(0, 2000))).status).toBe(204);
    expect((await owner.browser.request(cancelled, { method: 'DELETE', headers: TUS })).status).toBe(204);
    expect((await head(owner, cancelled)).status).toBe(404);

    const abandoned = (await create(owner, 5000)).headers.get('location') as string;
    expect((await patch(owner, abandoned, 0, bigVideo.subarray(0, 3000))).status).toBe(204);
    const id = abandoned.split('/').at(-1) as string;
    const staging = `uploads/${owner.id}/${id}.${kind === 'local' ? 'part' : 'tail'}`;
    expect(await storage.size(staging)).toBe(3000);
    // Not yet expired: kept.
    await sweeper.sweepNow();
    expect(await offsetOf(owner, abandoned)).toBe(3000);
    await handle.db
      .updateTable('video_uploads')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    await sweeper.sweepNow();
    await sweeper.sweepNow();
    expect((await head(owner, abandoned)).status).toBe(404);
    await expect(storage.size(staging)).rejects.toBeInstanceOf(MediaNotFoundError);
  });
});

describe('video upload limit per user', () => {
  it('answers 429 in pt-BR with Retry-After past the limit; a retried creation, a resume and another user still go ahead', async () => {
    const base = testDeps(handle);
    const signingKey = deriveMediaSigningKey(parseKeyring(`t1:${Buffer.alloc(32, 9).toString('base64')}`));
    const storage = createLocalMediaStorage({ dir: localDir, appUrl: 'http://pauta.test', signingKey });
    const app = await listen({
      ...base,
      media: {
        storage,
        signingKey,
        publicUrl: (key, ttl) => webMediaUrl('http://pauta.test', signingKey, key, ttl),
        videoUploadLimit: { limit: 2, windowMs: 60 * 60_000 },
      },
    });
    try {
      const userWithPost = async (label: string) => {
        const user = await signedInUser(handle, app.url, { label });
        const theme = await insertTestTheme(handle, user.id);
        const post = await handle.db
          .insertInto('suggested_posts')
          .values({
            theme_id: theme.id,
            user_id: user.id,
            title: 'Limite de vídeo',
            content: 'Texto',
            platform: 'x',
            scheduled_for: new Date(Date.now() + 86_400_000),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { ...user, postId: post.id };
      };
      type Who = Awaited<ReturnType<typeof userWithPost>>;
      const create = (who: Who, id: string) =>
        who.browser.request(`/api/posts/${who.postId}/video`, {
          method: 'POST',
          headers: { ...TUS, 'upload-length': '5000', 'idempotency-key': id },
        });
      const uploadsOf = async (who: Who) =>
        (await handle.db.selectFrom('video_uploads').select('id').where('post_id', '=', who.postId).execute())
          .length;

      const owner = await userWithPost('video-limit');
      const first = randomUUID();
      const created = await create(owner, first);
      expect(created.status).toBe(201);
      const location = created.headers.get('location') as string;
      // A retried creation (same key) answers the same upload and is not counted.
      expect((await create(owner, first)).status).toBe(201);
      // The first upload is dropped (Cancelar envio): the second is still allowed.
      expect((await owner.browser.request(location, { method: 'DELETE', headers: TUS })).status).toBe(204);
      const second = await create(owner, randomUUID());
      expect(second.status).toBe(201);
      const third = await create(owner, randomUUID());
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(3000);
      expect(await third.json()).toEqual({
        error: 'RATE_LIMITED',
        message: 'Você começou muitos envios de vídeo em pouco tempo. Aguarde 60 minutos e envie de novo.',
      });
      expect(await uploadsOf(owner)).toBe(1);
      // Resuming the upload already started is not a new upload: HEAD and PATCH still answer.
      const resumed = second.headers.get('location') as string;
      expect((await owner.browser.request(resumed, { method: 'HEAD', headers: TUS })).status).toBe(200);
      const sent = await owner.browser.request(resumed, {
        method: 'PATCH',
        headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        body: bigVideo.subarray(0, 1000),
      });
      expect(sent.status).toBe(204);
      // The limit is the user's: someone else in another workspace still starts an upload.
      const other = await userWithPost('video-limit-other');
      expect((await create(other, randomUUID())).status).toBe(201);
    } finally {
      await app.close();
    }
  });
});
