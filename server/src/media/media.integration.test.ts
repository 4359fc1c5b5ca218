// Images through the real web (docs/media.md), on both storages — the local disk and a real S3
// protocol server (s3rver) — with a real session: upload by HTTP (validated by content, EXIF gone,
// per-network conversion and limits, idempotent, fenced by the post's status, same-origin only),
// the signed /media route (403 when forged or expired), reorder / alt / remove through tRPC, what
// the publisher loads, and the files of deleted posts, themes and users leaving the storage.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Platform } from '@pauta/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalMediaStorage,
  type DbHandle,
  deriveMediaSigningKey,
  listPostMedia,
  loadPublishMedia,
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

let handle: DbHandle;
let drop: () => Promise<void>;
let s3: TestS3;
let localDir: string;

// A database of its own: web processes of other test files share the run's database, and their
// sweepers (another storage) must not take this file's media_garbage rows.
beforeAll(async () => {
  ({ handle, drop } = await isolatedDb());
  s3 = await startTestS3();
  localDir = await mkdtemp(path.join(tmpdir(), 'pauta-media-it-'));
});
afterAll(async () => {
  await drop?.();
  await s3?.close();
  await rm(localDir, { recursive: true, force: true });
});

const photo = (width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();

const gpsPhoto = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: 'orange' } })
    .jpeg()
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Make: 'CameraDoUsuario' },
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '23/1 33/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '46/1 38/1 0/1',
        },
      },
    })
    .toBuffer();

describe.each(['local', 's3'] as const)('images on posts, %s storage', (kind) => {
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

  async function userWithPost(
    platform: Platform = 'x',
    status: 'scheduled' | 'publishing' | 'published' = 'scheduled',
  ) {
    const user = await signedInUser(handle, app.url, { label: `midia-${kind}` });
    const theme = await insertTestTheme(handle, user.id);
    const post = await handle.db
      .insertInto('suggested_posts')
      .values({
        theme_id: theme.id,
        user_id: user.id,
        title: 'Post com imagem',
        content: 'Texto',
        platform,
        scheduled_for: new Date(Date.now() + 86_400_000),
        status,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ...user, themeId: theme.id, postId: post.id };
  }

  type Upload = { status: number; body: { media?: MediaView; error?: string; message?: string } };
  async function upload(
    who: Awaited<ReturnType<typeof userWithPost>>,
    bytes: Buffer,
    options: { type?: string; key?: string; postId?: string; headers?: Record<string, string> } = {},
  ): Promise<Upload> {
    const res = await who.browser.request(`/api/posts/${options.postId ?? who.postId}/media`, {
      method: 'POST',
      headers: {
        'content-type': options.type ?? 'image/jpeg',
        'sec-fetch-site': 'same-origin',
        'idempotency-key': options.key ?? randomUUID(),
        ...options.headers,
      },
      body: bytes,
    });
    return { status: res.status, body: (await res.json()) as Upload['body'] };
  }

  it('uploads a photo: EXIF and GPS gone, upright, a thumbnail, served only through its signed URL', async () => {
    const owner = await userWithPost('linkedin');
    const res = await upload(owner, await gpsPhoto());
    expect(res.status).toBe(201);
    const media = res.body.media as MediaView;
    expect(media).toMatchObject({
      position: 0,
      mimeType: 'image/jpeg',
      width: 400,
      height: 600,
      altText: '',
    });

    const served = await owner.browser.request(media.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('CameraDoUsuario'))).toBe(false);
    expect([meta.width, meta.height]).toEqual([400, 600]);
    const thumb = await owner.browser.request(media.thumbUrl ?? '');
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(320);

    // Forged, moved to another key, expired: 403. Without a cookie the signed URL still works.
    const forged = media.url.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await owner.browser.request(forged)).status).toBe(403);
    const expired = new URL(media.url, app.url);
    expired.searchParams.set('exp', String(Math.floor(Date.now() / 1000) - 10));
    expect((await fetch(expired)).status).toBe(403);
    expect((await fetch(new URL(media.url, app.url))).status).toBe(200);
    expect((await fetch(`${app.url}/media/posts/../../etc/passwd?exp=1&sig=x`)).status).toBe(404);
  });

  it('is idempotent: the same Idempotency-Key stores one image; a fifth image is refused in pt-BR', async () => {
    const owner = await userWithPost('x');
    const key = randomUUID();
    const png = await photo(800, 600, 'png');
    const [first, second] = await Promise.all([
      upload(owner, png, { key, type: 'image/png' }),
      upload(owner, png, { key, type: 'image/png' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(first.body.media?.id).toBe(key);
    expect(second.body.media?.id).toBe(key);
    expect(await listPostMedia(handle.db, owner.postId)).toHaveLength(1);
    for (let i = 0; i < 3; i++) expect((await upload(owner, await photo(300 + i, 300))).status).toBe(201);
    const fifth = await upload(owner, await photo(300, 300));
    expect(fifth.status).toBe(400);
    expect(fifth.body).toMatchObject({
      error: 'MEDIA_REJECTED',
      message: 'Um post pode ter no máximo 4 imagens. Remova uma para adicionar outra.',
    });
    expect((await listPostMedia(handle.db, owner.postId)).map((m) => m.position)).toEqual([0, 1, 2, 3]);
  });

  it('judges the bytes, not the declared type, and applies the network: Instagram gets JPEG in its ratio', async () => {
    const owner = await userWithPost('instagram');
    const fake = await upload(owner, Buffer.from('GIF89a não sou imagem de verdade'), { type: 'image/gif' });
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe('Não foi possível ler esta imagem. O arquivo pode estar corrompido.');
    const text = await upload(owner, Buffer.from('olá, mundo'), { type: 'image/png' });
    expect(text.body.message).toBe(
      'Este arquivo não é uma imagem aceita. Envie uma imagem JPEG, PNG, WebP ou GIF.',
    );
    const tall = await upload(owner, await photo(500, 1200, 'png'), { type: 'image/png' });
    expect(tall.status).toBe(400);
    expect(tall.body.message).toContain('Instagram aceita imagens com proporção entre 4:5');
    const png = await upload(owner, await photo(1080, 1080, 'png'), { type: 'image/png' });
    expect(png.status).toBe(201);
    expect(png.body.media?.mimeType).toBe('image/jpeg');
    const [row] = await listPostMedia(handle.db, owner.postId);
    expect(row?.storage_key.endsWith('.jpg')).toBe(true);
    expect((await sharp(await storage.get(row?.storage_key ?? '')).metadata()).format).toBe('jpeg');
  });

  it('refuses changes once the post is publishing or published, cross-site writes, strangers and huge bodies', async () => {
    const publishing = await userWithPost('x', 'publishing');
    const refused = await upload(publishing, await photo(300, 300));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('já está sendo publicado');
    expect(await listPostMedia(handle.db, publishing.postId)).toHaveLength(0);

    const owner = await userWithPost('x');
    const cross = await upload(owner, await photo(300, 300), { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(cross.status).toBe(403);
    const stranger = await userWithPost('x');
    const foreign = await upload(stranger, await photo(300, 300), { postId: owner.postId });
    expect(foreign.status).toBe(404);
    const anonymous = await fetch(`${app.url}/api/posts/${owner.postId}/media`, {
      method: 'POST',
      headers: {
        'content-type': 'image/jpeg',
        'sec-fetch-site': 'same-origin',
        'idempotency-key': randomUUID(),
      },
      body: await photo(300, 300),
    });
    expect(anonymous.status).toBe(401);
    const noKey = await upload(owner, await photo(300, 300), { key: 'nao-e-uuid' });
    expect(noKey.body.error).toBe('IDEMPOTENCY_KEY_REQUIRED');
    const huge = await upload(owner, Buffer.alloc(21 * 1024 * 1024, 1));
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('A imagem tem mais de 20 MB, o máximo aceito pela Pauta.');
    expect(await listPostMedia(handle.db, owner.postId)).toHaveLength(0);
  });

  it('reorders, sets alt text and removes through tRPC; the publisher loads them in order', async () => {
    const owner = await userWithPost('facebook');
    const ids: string[] = [];
    for (const w of [400, 500, 600])
      ids.push(((await upload(owner, await photo(w, 300))).body.media as MediaView).id);
    const [a, b, c] = ids as [string, string, string];
    const reordered = await owner.browser.mutate<MediaView[]>('media.reorder', {
      postId: owner.postId,
      order: [c, a, b],
    });
    expect(reordered.data?.map((m) => m.id)).toEqual([c, a, b]);
    const stale = await owner.browser.mutate('media.reorder', { postId: owner.postId, order: [a, b] });
    expect(stale.error?.code).toBe('CONFLICT');
    const alt = await owner.browser.mutate<MediaView>('media.setAlt', {
      postId: owner.postId,
      mediaId: a,
      altText: 'Gráfico de vendas',
    });
    expect(alt.data?.altText).toBe('Gráfico de vendas');

    const items = await loadPublishMedia(handle.db, storage, owner.postId, {
      ttlSeconds: 120,
      urlFor: (key, ttl) => webMediaUrl('http://pauta.test', signingKey, key, ttl),
    });
    expect(items.map((i) => [i.id, i.width, i.altText])).toEqual([
      [c, 600, ''],
      [a, 400, 'Gráfico de vendas'],
      [b, 500, ''],
    ]);
    // The web's public URL (APP_URL = http://pauta.test): the same path on the test server.
    const signed = new URL(items[1]?.url ?? '');
    expect(signed.origin).toBe('http://pauta.test');
    const fetched = await fetch(`${app.url}${signed.pathname}${signed.search}`);
    expect(fetched.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await fetched.arrayBuffer()), items[1]?.bytes ?? Buffer.alloc(0))).toBe(
      0,
    );

    const [row] = (await listPostMedia(handle.db, owner.postId)).filter((m) => m.id === a);
    const removed = await owner.browser.mutate<MediaView[]>('media.remove', {
      postId: owner.postId,
      mediaId: a,
    });
    expect(removed.data?.map((m) => [m.id, m.position])).toEqual([
      [c, 0],
      [b, 1],
    ]);
    await sweeper.sweepNow();
    await expect(storage.get(row?.storage_key ?? '')).rejects.toBeInstanceOf(MediaNotFoundError);
    await expect(storage.get(row?.thumb_key ?? '')).rejects.toBeInstanceOf(MediaNotFoundError);
    // Another user cannot touch them.
    const stranger = await userWithPost('x');
    expect(
      (await stranger.browser.mutate('media.remove', { postId: owner.postId, mediaId: b })).error?.code,
    ).toBe('NOT_FOUND');
    expect((await stranger.browser.query('media.list', { postId: owner.postId })).error?.code).toBe(
      'NOT_FOUND',
    );
    expect(await listPostMedia(handle.db, owner.postId)).toHaveLength(2);
  });

  it('deletes the files of deleted posts, themes and users from the storage, after the commit', async () => {
    const keysOf = async (postId: string) =>
      (await listPostMedia(handle.db, postId)).flatMap((m) => [m.storage_key, m.thumb_key ?? '']);
    const gone = async (keys: string[]) => {
      for (const key of keys) await expect(storage.get(key)).rejects.toBeInstanceOf(MediaNotFoundError);
    };

    const post = await userWithPost('x');
    await upload(post, await photo(300, 300));
    const postKeys = await keysOf(post.postId);
    expect(postKeys).toHaveLength(2);
    expect((await post.browser.mutate('posts.delete', { id: post.postId })).status).toBe(200);
    await sweeper.sweepNow();
    await gone(postKeys);

    const theme = await userWithPost('x');
    await upload(theme, await photo(300, 300));
    const themeKeys = await keysOf(theme.postId);
    expect((await theme.browser.mutate('themes.delete', { id: theme.themeId })).status).toBe(200);
    await sweeper.sweepNow();
    await gone(themeKeys);

    const user = await userWithPost('x');
    await upload(user, await photo(300, 300));
    const userKeys = await keysOf(user.postId);
    const survivor = await userWithPost('x');
    await upload(survivor, await photo(300, 300));
    const survivorKeys = await keysOf(survivor.postId);
    await handle.db.deleteFrom('users').where('id', '=', user.id).execute();
    await sweeper.sweepNow();
    await gone(userKeys);
    // Someone else's images are untouched.
    for (const key of survivorKeys) expect((await storage.get(key)).length).toBeGreaterThan(0);
  });

  it('sweeps the files of an upload that never got its row, once its reservation expires', async () => {
    const owner = await userWithPost('x');
    const key = `posts/${owner.id}/${owner.postId}/${randomUUID()}.png`;
    await storage.put(key, await photo(10, 10, 'png'), 'image/png');
    await handle.db
      .insertInto('media_garbage')
      .values({ storage_key: key, not_before: new Date(Date.now() + 60_000) })
      .execute();
    await sweeper.sweepNow();
    expect((await storage.get(key)).length).toBeGreaterThan(0);
    await handle.db
      .updateTable('media_garbage')
      .set({ not_before: new Date(Date.now() - 1000) })
      .where('storage_key', '=', key)
      .execute();
    await sweeper.sweepNow();
    await expect(storage.get(key)).rejects.toBeInstanceOf(MediaNotFoundError);
  });
});

describe('upload limit per user', () => {
  it('answers 429 with Retry-After past the limit; a retried upload of a stored image still answers', async () => {
    const base = testDeps(handle);
    const media = base.media;
    if (!media) throw new Error('testDeps without media');
    const app = await listen({ ...base, media: { ...media, uploadLimit: { limit: 2, windowMs: 60_000 } } });
    try {
      const user = await signedInUser(handle, app.url, { label: 'limite' });
      const theme = await insertTestTheme(handle, user.id);
      const post = await handle.db
        .insertInto('suggested_posts')
        .values({
          theme_id: theme.id,
          user_id: user.id,
          title: 'Limite',
          content: 'Texto',
          platform: 'x',
          scheduled_for: new Date(Date.now() + 86_400_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const png = await photo(300, 300, 'png');
      const upload = (key: string) =>
        user.browser.request(`/api/posts/${post.id}/media`, {
          method: 'POST',
          headers: { 'content-type': 'image/png', 'sec-fetch-site': 'same-origin', 'idempotency-key': key },
          body: png,
        });
      const first = randomUUID();
      expect((await upload(first)).status).toBe(201);
      expect((await upload(randomUUID())).status).toBe(201);
      const third = await upload(randomUUID());
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await third.json()) as { message: string }).message).toBe(
        'Muitas tentativas em pouco tempo. Aguarde um momento e tente novamente.',
      );
      expect((await upload(first)).status).toBe(200);
      expect(await listPostMedia(handle.db, post.id)).toHaveLength(2);
    } finally {
      await app.close();
    }
  });
});
