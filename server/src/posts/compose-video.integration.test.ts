// "Novo post" with a video (docs/composer.md), over HTTP against real PostgreSQL and the local media
// storage: the video is sent with the same tus upload as Editar Post's, to the workspace (POST
// /api/composer/video) before any post exists, checked against Pauta's limits when it ends; the save
// judges it by each network's rules and binds a copy to each post in the posts' transaction, all or
// nothing — a network that refuses video, a video with images, a video a network's rules refuse,
// each in its tab with nothing stored; a cancelled composer's video goes; another workspace's is not
// found; the pre-flight of a tab says what the save would say.
import { createHash, randomUUID } from 'node:crypto';
import {
  mediaRejectionMessage,
  messages,
  type Platform,
  type PreflightReport,
  videoRejectionMessage,
} from '@pauta/core';
import type { DbHandle } from '@pauta/db';
import { networkVideoRejections } from '@pauta/networks';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { listen, signedInUser, testDeps } from '../../../test/server-harness.js';
import type { ComposerMediaView } from '../media/composer-media.service.js';
import { makeTestVideo } from '../media/test-video.js';
import { probeVideoRanges } from '../media/video-probe.js';
import type { QueueGateway, WakeUp } from '../queue/queue-gateway.js';

let handle: DbHandle;
let app: { url: string; close(): Promise<void> };
let deps: ReturnType<typeof testDeps>;
const enqueued: WakeUp[] = [];
const queue: QueueGateway = {
  isAvailable: () => true,
  requestMetricsSync: async () => true,
  enqueuePublish: async (posts) => {
    enqueued.push(...posts);
    return posts.length;
  },
  cancelPublish: async () => 0,
  queues: () => [],
  close: async () => {},
};
// A 10-second vertical H.264 + AAC MP4 (YouTube Shorts, LinkedIn and X take it), and a landscape one
// (YouTube's Shorts are square or vertical).
let vertical: Buffer;
let landscape: Buffer;

beforeAll(async () => {
  handle = await testDb();
  deps = testDeps(handle, { queue });
  app = await listen(deps);
  vertical = Buffer.from(await makeTestVideo({ seconds: 10 }));
  landscape = Buffer.from(await makeTestVideo({ seconds: 10, width: 1920, height: 1080 }));
}, 60_000);
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

type Signed = Awaited<ReturnType<typeof signedInUser>>;
type Composed = { groupId: string; posts: { id: string; platform: Platform }[] };
type Issues = { networkIssues: { platform: Platform; message: string }[] };
const TUS = { 'tus-resumable': '1.0.0', 'sec-fetch-site': 'same-origin' };
const YOUTUBE_OPTIONS = { privacy: 'public', madeForKids: false };
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function setup(
  label: string,
  accounts: Platform[] = ['youtube', 'linkedin', 'x', 'threads', 'tiktok'],
) {
  const me = await signedInUser(handle, app.url, { label });
  const theme = await handle.db
    .insertInto('themes')
    .values({
      user_id: me.id,
      name: 'Café em vídeo',
      description: 'Descrição',
      social_networks: ['youtube', 'linkedin'],
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

/** The composer's tus upload: creation without a post, then one PATCH with every byte. */
async function sendVideo(who: Signed, bytes: Buffer, id: string = randomUUID()) {
  const created = await who.browser.request('/api/composer/video', {
    method: 'POST',
    headers: {
      ...TUS,
      'upload-length': String(bytes.length),
      'upload-metadata': `filetype ${Buffer.from('video/mp4').toString('base64')}`,
      'idempotency-key': id,
    },
  });
  const location = created.headers.get('location') ?? '';
  const patched =
    created.status === 201
      ? await who.browser.request(location, {
          method: 'PATCH',
          headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
          body: bytes,
        })
      : null;
  return { id, created, location, patched };
}

async function video(who: Signed, bytes: Buffer = vertical) {
  const sent = await sendVideo(who, bytes);
  expect(sent.created.status).toBe(201);
  expect(sent.location).toBe(`/api/video-uploads/${sent.id}`);
  expect(sent.patched?.status).toBe(204);
  return sent.id;
}

async function image(who: Signed) {
  const bytes = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c87' } })
    .jpeg()
    .toBuffer();
  const res = await who.browser.request('/api/composer/media', {
    method: 'POST',
    headers: {
      'content-type': 'image/jpeg',
      'sec-fetch-site': 'same-origin',
      'idempotency-key': randomUUID(),
    },
    body: bytes,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { media: ComposerMediaView }).media.id;
}

const videosOf = (userId: string) =>
  handle.db
    .selectFrom('post_media as m')
    .innerJoin('suggested_posts as p', 'p.id', 'm.post_id')
    .select([
      'p.platform',
      'm.post_id',
      'm.kind',
      'm.storage_key',
      'm.position',
      'm.duration_seconds',
      'm.thumb_key',
    ])
    .where('p.user_id', '=', userId)
    .orderBy('p.platform')
    .execute();
const postsOf = (userId: string) =>
  handle.db.selectFrom('suggested_posts').select(['id', 'platform']).where('user_id', '=', userId).execute();
const pending = (ids: string[]) =>
  handle.db
    .selectFrom('composer_media')
    .select(['id', 'kind', 'storage_key'])
    .where('id', 'in', ids)
    .execute();
const garbage = (keys: string[]) =>
  handle.db.selectFrom('media_garbage').select('storage_key').where('storage_key', 'in', keys).execute();

describe('"Novo post" with a video', () => {
  it('uploads before any post exists and binds a copy to YouTube and LinkedIn in one save', async () => {
    const { me, themeId, scheduledFor } = await setup('video-composto');
    const id = await video(me);
    const [upload] = await pending([id]);
    expect(upload?.kind).toBe('video');
    expect(upload?.storage_key).toMatch(new RegExp(`^uploads/[0-9a-f-]{36}/${id}\\.mp4$`));
    const workspaceId = upload!.storage_key.split('/')[1];

    const res = await me.browser.mutate<Composed>('posts.compose', {
      themeId,
      title: 'Café em 10 segundos',
      baseContent: 'Como passar um café coado.',
      networks: [
        { platform: 'youtube', content: null, networkOptions: YOUTUBE_OPTIONS, media: [{ id, altText: '' }] },
        { platform: 'linkedin', content: null, media: [{ id, altText: '' }] },
      ],
      scheduledFor,
      action: 'schedule',
    });
    expect(res.status).toBe(200);
    const posts = await postsOf(me.id);
    expect(posts.map((p) => p.platform).sort()).toEqual(['linkedin', 'youtube']);
    const rows = await videosOf(me.id);
    expect(rows.map((r) => [r.platform, r.kind, r.position, r.duration_seconds, r.thumb_key])).toEqual([
      ['linkedin', 'video', 0, 10, null],
      ['youtube', 'video', 0, 10, null],
    ]);
    // Each post owns its copy under its own key, byte for byte the upload.
    for (const row of rows) {
      expect(row.storage_key).toMatch(
        new RegExp(`^posts/${workspaceId}/${row.post_id}/[0-9a-f-]{36}\\.mp4$`),
      );
      expect(sha256(await deps.media!.storage.get(row.storage_key))).toBe(sha256(vertical));
    }
    expect(new Set(rows.map((r) => r.storage_key)).size).toBe(2);
    // The upload was consumed by the save: its row gone, its file queued for the sweeper.
    expect(await pending([id])).toEqual([]);
    expect(await garbage([upload!.storage_key])).toHaveLength(1);
    expect(enqueued.filter((w) => posts.some((p) => p.id === w.id))).toHaveLength(2);

    // Editar Post's media list sees each post's video.
    const listed = await me.browser.query<{ kind: string }[]>('media.list', {
      postId: rows.find((r) => r.platform === 'youtube')!.post_id,
    });
    expect(listed.data?.map((m) => m.kind)).toEqual(['video']);
  });

  it('refuses every network that cannot take it, by network, and stores nothing (the upload kept)', async () => {
    const { me, themeId, scheduledFor } = await setup('video-recusado');
    const id = await video(me);
    const wide = await video(me, landscape);
    const picture = await image(me);
    const res = await me.browser.mutate<Composed>('posts.compose', {
      themeId,
      title: 'Café',
      baseContent: 'Café coado.',
      networks: [
        // YouTube Shorts are square or vertical: the landscape video is refused by its rules.
        {
          platform: 'youtube',
          content: null,
          networkOptions: YOUTUBE_OPTIONS,
          media: [{ id: wide, altText: '' }],
        },
        { platform: 'linkedin', content: null, media: [{ id, altText: '' }] },
        // Threads does not publish video through Pauta yet.
        { platform: 'threads', content: null, media: [{ id, altText: '' }] },
        // A video goes alone.
        {
          platform: 'x',
          content: null,
          media: [
            { id, altText: '' },
            { id: picture, altText: 'Xícara' },
          ],
        },
      ],
      scheduledFor,
      action: 'schedule',
    });
    expect(res.status).toBe(400);
    const wideFacts = await probeVideoRanges({
      size: landscape.length,
      read: async (start, end) => landscape.subarray(start, end),
    });
    expect((res.error?.details as Issues | undefined)?.networkIssues).toEqual([
      {
        platform: 'youtube',
        message: mediaRejectionMessage({
          reason: 'VIDEO_REFUSED',
          rejections: networkVideoRejections(wideFacts, 'youtube'),
        }),
      },
      {
        platform: 'threads',
        message: mediaRejectionMessage({ reason: 'VIDEO_NOT_PUBLISHED', platform: 'threads' }),
      },
      { platform: 'x', message: mediaRejectionMessage({ reason: 'VIDEO_WITH_IMAGES' }) },
    ]);
    expect(networkVideoRejections(wideFacts, 'youtube').map(videoRejectionMessage).join(' ')).toContain(
      'YouTube',
    );
    expect(await postsOf(me.id)).toEqual([]);
    expect((await pending([id, wide, picture])).map((r) => r.id).sort()).toEqual([id, wide, picture].sort());

    // YouTube without the video says what to do; with it, it (and TikTok) is composable.
    const bare = await me.browser.mutate('posts.compose', {
      themeId,
      title: 'Café',
      baseContent: 'Café coado.',
      networks: [{ platform: 'youtube', content: null, networkOptions: YOUTUBE_OPTIONS }],
      scheduledFor,
      action: 'schedule',
    });
    expect((bare.error?.details as Issues | undefined)?.networkIssues).toEqual([
      { platform: 'youtube', message: messages.composer.needsMedia('YouTube') },
    ]);
    const both = await me.browser.mutate<Composed>('posts.compose', {
      themeId,
      title: 'Café',
      baseContent: 'Café coado.',
      networks: [
        { platform: 'youtube', content: null, networkOptions: YOUTUBE_OPTIONS, media: [{ id, altText: '' }] },
        {
          platform: 'tiktok',
          content: null,
          networkOptions: { privacyLevel: 'SELF_ONLY' },
          media: [{ id, altText: '' }],
        },
      ],
      scheduledFor,
      action: 'schedule',
    });
    expect(both.status).toBe(200);
    expect((await videosOf(me.id)).map((r) => [r.platform, r.kind])).toEqual([
      ['tiktok', 'video'],
      ['youtube', 'video'],
    ]);
  });

  it("Pauta's own limits end the upload refused; a cancelled composer's video goes; another workspace's is not found", async () => {
    const { me, themeId, scheduledFor } = await setup('video-limites');
    // VP9 is not one of Pauta's codecs: the last PATCH answers the refusal, nothing kept.
    const vp9 = await sendVideo(me, Buffer.from(await makeTestVideo({ videoCodec: 'vp9' })));
    expect(vp9.patched?.status).toBe(400);
    expect(((await vp9.patched!.json()) as { message: string }).message).toContain('VP9');
    expect(await pending([vp9.id])).toEqual([]);

    const id = await video(me);
    const other = await setup('video-outro');
    const stolen = await other.me.browser.mutate('posts.compose', {
      themeId: other.themeId,
      title: 'Café',
      baseContent: 'Café coado.',
      networks: [{ platform: 'linkedin', content: null, media: [{ id, altText: '' }] }],
      scheduledFor,
      action: 'schedule',
    });
    expect((stolen.error?.details as Issues | undefined)?.networkIssues).toEqual([
      { platform: 'linkedin', message: messages.composer.mediaGone },
    ]);
    // Nor may another workspace resume or cancel it.
    expect(
      (await other.me.browser.request(`/api/video-uploads/${id}`, { method: 'HEAD', headers: TUS })).status,
    ).toBe(404);

    // The pre-flight of a tab says what the save would.
    const report = (platform: Platform) =>
      me.browser.mutate<PreflightReport>('posts.preflight', {
        platform,
        content: 'Café coado.',
        scheduledFor,
        composerMedia: [id],
      });
    expect((await report('threads')).data?.checks.find((c) => c.kind === 'media')).toEqual({
      kind: 'media',
      level: 'blocking',
      message: mediaRejectionMessage({ reason: 'VIDEO_NOT_PUBLISHED', platform: 'threads' }),
    });
    expect((await report('linkedin')).data?.checks.find((c) => c.kind === 'media')?.level).toBe('ok');
    expect(themeId).toBeTruthy();

    // A cancelled composer: the row goes, its file is queued for the sweeper.
    const [row] = await pending([id]);
    const discarded = await me.browser.mutate<{ discarded: number }>('media.discardComposer', { ids: [id] });
    expect(discarded.data).toEqual({ discarded: 1 });
    expect(await pending([id])).toEqual([]);
    expect(await garbage([row!.storage_key])).toHaveLength(1);
  });
});
