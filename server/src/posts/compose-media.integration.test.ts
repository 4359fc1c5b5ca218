// "Novo post" with images (docs/composer.md), over HTTP against real PostgreSQL and the local media
// storage: an image is uploaded to the workspace (POST /api/composer/media), the save re-encodes it
// for each network and stores it with each post as Editar Post does, all or nothing — a network's
// refusal comes back in its tab and nothing is stored; a repeated key stores once; a cancelled
// composer's uploads go; another workspace's upload is not found; the pre-flight of a tab counts them.
import { randomUUID } from 'node:crypto';
import { mediaRejectionMessage, messages, type Platform, type PreflightReport } from '@pauta/core';
import type { DbHandle } from '@pauta/db';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { listen, signedInUser, testDeps } from '../../../test/server-harness.js';
import type { ComposerMediaView } from '../media/composer-media.service.js';
import type { QueueGateway } from '../queue/queue-gateway.js';

let handle: DbHandle;
let app: { url: string; close(): Promise<void> };
const queue: QueueGateway = {
  isAvailable: () => true,
  requestMetricsSync: async () => true,
  enqueuePublish: async (posts) => posts.length,
  cancelPublish: async () => 0,
  queues: () => [],
  close: async () => {},
};

beforeAll(async () => {
  handle = await testDb();
  app = await listen(testDeps(handle, { queue }));
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

const image = (width: number, height: number, format: 'jpeg' | 'png' | 'gif' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 30 } } })
    .toFormat(format)
    .toBuffer();

type Signed = Awaited<ReturnType<typeof signedInUser>>;
type Composed = { groupId: string; posts: { id: string; platform: Platform }[] };
type Issues = { networkIssues: { platform: Platform; message: string }[] };

async function setup(label: string, accounts: Platform[] = ['linkedin', 'x', 'instagram', 'pinterest']) {
  const me = await signedInUser(handle, app.url, { label });
  const theme = await handle.db
    .insertInto('themes')
    .values({
      user_id: me.id,
      name: 'Café especial',
      description: 'Descrição',
      social_networks: ['linkedin', 'x'],
      color_palette: 'green',
      requires_approval: false,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  for (const platform of accounts)
    await handle.db
      .insertInto('connected_accounts')
      .values({
        user_id: me.id,
        platform,
        platform_user_id: `${platform}-${me.id}`,
        platform_username: 'cafe.especial',
        access_token: 'sealed',
        account_data: { name: 'Café Especial' },
        is_active: true,
      } as never)
      .execute();
  return { me, themeId: theme.id, scheduledFor: new Date(Date.now() + 3 * 86_400_000) };
}

async function upload(who: Signed, bytes: Buffer, key: string = randomUUID(), type = 'image/jpeg') {
  const res = await who.browser.request('/api/composer/media', {
    method: 'POST',
    headers: { 'content-type': type, 'sec-fetch-site': 'same-origin', 'idempotency-key': key },
    body: bytes,
  });
  return { status: res.status, body: (await res.json()) as { media?: ComposerMediaView; message?: string } };
}

async function uploaded(who: Signed, bytes: Buffer, type?: string) {
  const res = await upload(who, bytes, randomUUID(), type);
  expect(res.status).toBe(201);
  return res.body.media as ComposerMediaView;
}

const stored = (userId: string) =>
  handle.db
    .selectFrom('post_media as m')
    .innerJoin('suggested_posts as p', 'p.id', 'm.post_id')
    .select([
      'p.platform',
      'm.post_id',
      'm.position',
      'm.mime_type',
      'm.alt_text',
      'm.storage_key',
      'm.width',
    ])
    .where('p.user_id', '=', userId)
    .orderBy('p.platform')
    .orderBy('m.position')
    .execute();
const postsOf = (userId: string) =>
  handle.db.selectFrom('suggested_posts').select(['id', 'platform']).where('user_id', '=', userId).execute();
const pending = (ids: string[]) =>
  handle.db.selectFrom('composer_media').select('id').where('id', 'in', ids).execute();

describe('"Novo post" with images', () => {
  it('uploads to the workspace (idempotent, signed URL), then stores each network its own images with the posts', async () => {
    const { me, themeId, scheduledFor } = await setup('cm-store');
    const key = randomUUID();
    const first = await upload(me, await image(1200, 1000), key);
    expect(first.status).toBe(201);
    const again = await upload(me, await image(1200, 1000), key);
    expect(again.status).toBe(200);
    expect(again.body.media?.id).toBe(first.body.media?.id);
    const photo = first.body.media as ComposerMediaView;
    expect(photo).toMatchObject({ id: key, mimeType: 'image/jpeg', width: 1200, height: 1000 });
    expect((await fetch(new URL(photo.url, app.url))).status).toBe(200);
    expect((await fetch(new URL(photo.thumbUrl, app.url))).status).toBe(200);
    const png = await uploaded(me, await image(800, 800, 'png'), 'image/png');

    // LinkedIn and Instagram inherit the base image; X has its own (the PNG, then the photo).
    const res = await me.browser.mutate<Composed>('posts.compose', {
      themeId,
      title: 'Café coado',
      baseContent: 'Café coado na hora.',
      networks: [
        { platform: 'linkedin', content: null, media: [{ id: photo.id, altText: 'Xícara de café' }] },
        {
          platform: 'x',
          content: null,
          media: [
            { id: png.id, altText: 'Grãos' },
            { id: photo.id, altText: 'Xícara' },
          ],
        },
        { platform: 'instagram', content: null, media: [{ id: photo.id, altText: 'Xícara de café' }] },
      ],
      scheduledFor,
      action: 'schedule',
    });
    expect(res.status).toBe(200);
    const posts = res.data!.posts;
    const rows = await stored(me.id);
    expect(rows.map((r) => [r.platform, r.position, r.mime_type, r.alt_text])).toEqual([
      ['instagram', 0, 'image/jpeg', 'Xícara de café'],
      ['linkedin', 0, 'image/jpeg', 'Xícara de café'],
      ['x', 0, 'image/png', 'Grãos'],
      ['x', 1, 'image/jpeg', 'Xícara'],
    ]);
    // Each post's files under its own keys, readable, as an upload in Editar Post stores them.
    for (const row of rows) {
      const post = posts.find((p) => p.platform === row.platform)!;
      expect(row.post_id).toBe(post.id);
      expect(row.storage_key.startsWith(`posts/${me.id}/${post.id}/`)).toBe(true);
    }
    const list = await me.browser.query<{ url: string }[]>('media.list', {
      postId: posts.find((p) => p.platform === 'x')!.id,
    });
    expect(list.data).toHaveLength(2);
    expect((await fetch(new URL(list.data![0]!.url, app.url))).status).toBe(200);
    // The uploads are consumed by the save (their files queued for the sweeper).
    expect(await pending([photo.id, png.id])).toEqual([]);
    const queued = await handle.db
      .selectFrom('media_garbage')
      .select('storage_key')
      .where('storage_key', 'like', `uploads/${me.id}/${photo.id}%`)
      .execute();
    expect(queued).toHaveLength(2);
  });

  it('answers every network’s media refusal in its tab and stores nothing; the uploads stay for a retry', async () => {
    const { me, themeId, scheduledFor } = await setup('cm-refuse');
    const tall = await uploaded(me, await image(400, 1200));
    const gif = await uploaded(me, await image(400, 400, 'gif'), 'image/gif');
    const res = await me.browser.mutate('posts.compose', {
      themeId,
      title: 'Café coado',
      baseContent: 'Café coado na hora.',
      networks: [
        { platform: 'linkedin', content: null, media: [{ id: tall.id, altText: '' }] },
        // A GIF must be X's only image.
        {
          platform: 'x',
          content: null,
          media: [
            { id: tall.id, altText: '' },
            { id: gif.id, altText: '' },
          ],
        },
        // Instagram takes 4:5 to 1.91:1; a 1:3 image is refused.
        { platform: 'instagram', content: null, media: [{ id: tall.id, altText: '' }] },
        // A pin is an image.
        { platform: 'pinterest', content: null },
      ],
      scheduledFor,
      action: 'schedule',
    });
    expect(res.status).toBe(400);
    const { networkIssues } = res.error!.details as Issues;
    expect(networkIssues).toEqual([
      { platform: 'x', message: mediaRejectionMessage({ reason: 'GIF_ALONE', platform: 'x' }) },
      { platform: 'instagram', message: expect.stringContaining('proporção') },
      {
        platform: 'pinterest',
        message: mediaRejectionMessage({ reason: 'IMAGE_REQUIRED', platform: 'pinterest' }),
      },
    ]);
    expect(await postsOf(me.id)).toEqual([]);
    expect(await stored(me.id)).toEqual([]);
    expect(await pending([tall.id, gif.id])).toHaveLength(2);
  });

  it('stores one group and one set of images for a repeated idempotency key (a double click)', async () => {
    const { me, themeId, scheduledFor } = await setup('cm-twice');
    const photo = await uploaded(me, await image(1000, 1000));
    const input = {
      themeId,
      title: 'Café coado',
      baseContent: 'Café coado na hora.',
      networks: [
        { platform: 'linkedin', content: null, media: [{ id: photo.id, altText: 'Café' }] },
        { platform: 'pinterest', content: null, media: [{ id: photo.id, altText: 'Café' }] },
      ],
      scheduledFor,
      action: 'schedule',
    };
    const key = randomUUID();
    const [a, b] = await Promise.all([
      me.browser.mutate<Composed>('posts.compose', input, { idempotencyKey: key }),
      me.browser.mutate<Composed>('posts.compose', input, { idempotencyKey: key }),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.data!.groupId).toBe(a.data!.groupId);
    expect(await postsOf(me.id)).toHaveLength(2);
    expect((await stored(me.id)).map((r) => r.platform)).toEqual(['linkedin', 'pinterest']);
  });

  it('does not find another workspace’s upload, and a cancelled composer’s uploads go', async () => {
    const { me, themeId, scheduledFor } = await setup('cm-scope');
    const other = await setup('cm-scope-other');
    const theirs = await uploaded(other.me, await image(1000, 1000));
    // Their key reused by me is refused: one id, one upload.
    expect((await upload(me, await image(1000, 1000), theirs.id)).status).toBe(422);
    const res = await me.browser.mutate('posts.compose', {
      themeId,
      title: 'Café',
      baseContent: 'Café.',
      networks: [{ platform: 'linkedin', content: null, media: [{ id: theirs.id, altText: '' }] }],
      scheduledFor,
      action: 'schedule',
    });
    expect(res.status).toBe(400);
    expect((res.error!.details as Issues).networkIssues).toEqual([
      { platform: 'linkedin', message: messages.composer.mediaGone },
    ]);
    expect(await postsOf(me.id)).toEqual([]);

    const mine = await uploaded(me, await image(1000, 1000));
    // Cancelling with another workspace's id changes nothing of theirs.
    const cancel = await me.browser.mutate<{ discarded: number }>('media.discardComposer', {
      ids: [mine.id, theirs.id],
    });
    expect(cancel.data).toEqual({ discarded: 1 });
    expect(await pending([mine.id, theirs.id])).toEqual([{ id: theirs.id }]);
    const queued = await handle.db
      .selectFrom('media_garbage')
      .select('storage_key')
      .where('storage_key', 'like', `uploads/${me.id}/${mine.id}%`)
      .execute();
    expect(queued).toHaveLength(2);
  });

  it('the pre-flight of a composer tab counts its uploads: Pinterest blocks without an image, not with one', async () => {
    const { me, scheduledFor } = await setup('cm-preflight');
    const photo = await uploaded(me, await image(1000, 1500));
    const without = await me.browser.mutate<PreflightReport>('posts.preflight', {
      platform: 'pinterest',
      content: 'Pin',
      scheduledFor,
    });
    expect(without.data?.checks.find((c) => c.kind === 'media')).toEqual({
      kind: 'media',
      level: 'blocking',
      message: mediaRejectionMessage({ reason: 'IMAGE_REQUIRED', platform: 'pinterest' }),
    });
    const withImage = await me.browser.mutate<PreflightReport>('posts.preflight', {
      platform: 'pinterest',
      content: 'Pin',
      scheduledFor,
      composerMedia: [photo.id],
    });
    expect(withImage.data?.checks.find((c) => c.kind === 'media')?.level).toBe('ok');
  });
});
