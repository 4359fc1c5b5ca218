// Posts with images through the worker's processor, on real PostgreSQL and the sandbox networks:
// one post per network (Instagram included, publishable in sandbox mode), four images each, loaded
// by the context's media loader before send_started_at. Checks what each network received: the
// text, the bytes (sha256), the alt texts, in order — and that a storage failure sends nothing.
import type { Platform } from '@pauta/core';
import { type DbHandle, parseKeyring, postHasVideo, upsertAccount } from '@pauta/db';
import {
  createNetworkClients,
  installSandboxFetch,
  type PublishMedia,
  uninstallSandboxFetch,
} from '@pauta/networks';
import {
  type ImageServer,
  jpegImage,
  type SandboxHandle,
  serveImages,
  sha256,
  startSandbox,
} from '@pauta/networks/sandbox';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, testDb } from '../../../test/harness.js';
import { TEST_KEYS } from '../../../test/server-harness.js';
import { connectThroughSandbox, seedPosts, seedTheme } from '../../../test/worker-harness.js';
import { type PublishContext, processPublishJob } from './publish-post.processor.js';

const keyring = parseKeyring(TEST_KEYS);
const PLATFORMS = [
  'linkedin',
  'facebook',
  'x',
  'instagram',
  'threads',
  'linkedin_page',
  'pinterest',
] as const;
let handle: DbHandle;
let sandbox: SandboxHandle;
let images: ImageServer;

beforeAll(async () => {
  handle = await testDb();
  sandbox = await startSandbox();
  images = await serveImages();
  installSandboxFetch(sandbox.url);
});
afterAll(async () => {
  uninstallSandboxFetch();
  await images?.close();
  await sandbox?.close();
  await handle?.close();
});

/** Four JPEGs as loadPublishMedia hands them over: bytes, alt text and a signed URL each. */
function fourImages(label: string): PublishMedia[] {
  return Array.from({ length: 4 }, (_, i) => {
    const bytes = jpegImage(1080, 1350, i + label.length, 2048);
    return {
      mimeType: 'image/jpeg',
      altText: `${label}: foto ${i + 1}`,
      width: 1080,
      height: 1350,
      bytes,
      url: images.put(`${label}-${i}-${Date.now()}.jpg`, bytes),
    };
  });
}

async function userWithFourNetworks() {
  const user = await makeUser(handle, 'media');
  for (const platform of [
    'linkedin',
    'facebook',
    'x',
    'threads',
    'linkedin_page',
    'bluesky',
    'pinterest',
  ] as const) {
    await connectThroughSandbox(handle, keyring, { sandboxUrl: sandbox.url, userId: user.id, platform });
  }
  // Instagram publishes with Facebook Login tokens; its connect flow is not built yet.
  const fb = sandbox.issueToken({ network: 'facebook' });
  await upsertAccount(handle.db, keyring, {
    userId: user.id,
    platform: 'instagram',
    platformUserId: fb.pages[0]!.instagramAccountId!,
    platformUsername: 'ana.ig',
    accountData: { provider: 'facebook' },
    accessToken: fb.accessToken,
    refreshToken: null,
    accessTokenExpiresAt: null,
  });
  const theme = await seedTheme(handle, user.id, [...PLATFORMS]);
  return { user, theme };
}

function context(media: PublishContext['media']): PublishContext {
  const clients = createNetworkClients({
    env: { SOCIAL_SANDBOX_URL: sandbox.url },
    appUrl: 'http://localhost:3000',
    timeoutMs: 20_000,
    publisher: { statusPollIntervalMs: 20 },
  });
  return {
    db: handle.db,
    keyring,
    logger: pino({ level: 'silent' }),
    adapter: clients.adapter,
    oauth: clients.oauth,
    enqueue: async () => {},
    config: {
      retryBaseMs: 30_000,
      retryMaxMs: 900_000,
      refreshMarginMs: 60_000,
      networkTimeoutMs: 20_000,
      sendStartBudgetMs: 100_000,
    },
    now: () => new Date(),
    ...(media === undefined ? {} : { media }),
  };
}

describe('worker: posts with images through the sandbox networks', () => {
  it('publishes one post per network with its four images, alt texts and text, exactly once', async () => {
    const { user, theme } = await userWithFourNetworks();
    const loaded = new Map<string, PublishMedia[]>();
    const ctx = context(async (post) => {
      const media = fourImages(post.platform);
      loaded.set(post.id, media);
      return media;
    });
    for (const platform of PLATFORMS) {
      const [post] = await seedPosts(handle, {
        userId: user.id,
        themeId: theme.id,
        platform,
        count: 1,
        scheduledFor: new Date(Date.now() - 1000),
        text: () => `Post com 4 imagens no ${platform} ${Date.now()}`,
      });
      const outcome = await processPublishJob(ctx, { postId: post!.id, version: post!.version });
      expect(outcome.kind, platform).toBe('published');
      const row = await handle.db
        .selectFrom('suggested_posts')
        .select(['status', 'content'])
        .where('id', '=', post!.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('published');
      const sent = sandbox
        .publishedPosts(platform as Platform)
        .filter((p) => p.id === (outcome as { platformPostId: string }).platformPostId);
      expect(sent, platform).toHaveLength(1);
      const media = loaded.get(post!.id)!;
      expect(
        sent[0]!.media.map((m) => m.sha256),
        platform,
      ).toEqual(media.map((m) => sha256(m.bytes)));
      // A Pinterest carousel takes one alt text, the pin's (the first image's).
      expect(
        sent[0]!.media.map((m) => m.altText),
        platform,
      ).toEqual(media.map((m, i) => (platform === 'pinterest' && i > 0 ? '' : m.altText)));
      // LinkedIn keeps its little-text escaping in what it stores; the others keep the text as sent.
      if (platform === 'linkedin' || platform === 'linkedin_page')
        expect(sent[0]!.text.replaceAll('\\_', '_'), platform).toBe(row.content);
      else expect(sent[0]!.text, platform).toBe(row.content);
    }
  });

  it('Google Business Profile: one photo, fetched by Google from its signed URL, published exactly once', async () => {
    const user = await makeUser(handle, 'media-gbp');
    const account = await connectThroughSandbox(handle, keyring, {
      sandboxUrl: sandbox.url,
      userId: user.id,
      platform: 'google_business',
    });
    const theme = await seedTheme(handle, user.id, ['google_business']);
    const [photo] = fourImages('google_business');
    const ctx = context(async () => [photo!]);
    const [post] = await seedPosts(handle, {
      userId: user.id,
      themeId: theme.id,
      platform: 'google_business',
      count: 1,
      scheduledFor: new Date(Date.now() - 1000),
      text: () => `Novidade com foto no Google ${Date.now()}`,
    });
    const outcome = await processPublishJob(ctx, { postId: post!.id, version: post!.version });
    expect(outcome.kind).toBe('published');
    const sent = sandbox
      .publishedPosts('google_business')
      .filter((p) => p.authorId === account.platform_user_id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.media.map((m) => m.sha256)).toEqual([sha256(photo!.bytes)]);
    // Google's LocalPost takes no alt text: the photo arrives without one.
    expect(sent[0]!.media[0]!.altText).toBe('');
    expect(images.hits.get(new URL(photo!.url).pathname)).toBe(1);
  });

  it('a storage failure while loading the images sends nothing and schedules a retry', async () => {
    const { user, theme } = await userWithFourNetworks();
    const [post] = await seedPosts(handle, {
      userId: user.id,
      themeId: theme.id,
      platform: 'x',
      count: 1,
      scheduledFor: new Date(Date.now() - 1000),
    });
    sandbox.clearRequests();
    const outcome = await processPublishJob(
      context(async () => {
        throw new Error('armazenamento indisponível');
      }),
      { postId: post!.id, version: post!.version },
    );
    expect(outcome.kind).toBe('retry');
    expect(sandbox.requests({ host: 'api.x.com' })).toHaveLength(0);
    expect(sandbox.requests({ host: 'api.twitter.com', pathPrefix: '/2/tweets' })).toHaveLength(0);
    const row = await handle.db
      .selectFrom('suggested_posts')
      .select(['status', 'send_started_at', 'last_error', 'last_error_message'])
      .where('id', '=', post!.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'scheduled', send_started_at: null, last_error: 'INTERNAL' });
    expect(row.last_error_message).toContain('Não foi possível ler as imagens do post');
  });

  it('an Instagram post without images fails with MEDIA_REQUIRED and calls no network', async () => {
    const { user, theme } = await userWithFourNetworks();
    const [post] = await seedPosts(handle, {
      userId: user.id,
      themeId: theme.id,
      platform: 'instagram',
      count: 1,
      scheduledFor: new Date(Date.now() - 1000),
    });
    sandbox.clearRequests();
    const outcome = await processPublishJob(
      context(async () => []),
      { postId: post!.id, version: post!.version },
    );
    expect(outcome).toEqual({ kind: 'failed', code: 'MEDIA_REQUIRED' });
    expect(sandbox.requests({ host: 'graph.facebook.com' })).toHaveLength(0);
  });

  it('a Pinterest post without images fails with MEDIA_REQUIRED naming Pinterest, not Instagram', async () => {
    const { user, theme } = await userWithFourNetworks();
    const [post] = await seedPosts(handle, {
      userId: user.id,
      themeId: theme.id,
      platform: 'pinterest',
      count: 1,
      scheduledFor: new Date(Date.now() - 1000),
    });
    sandbox.clearRequests();
    const outcome = await processPublishJob(
      context(async () => []),
      { postId: post!.id, version: post!.version },
    );
    expect(outcome).toEqual({ kind: 'failed', code: 'MEDIA_REQUIRED' });
    const row = await handle.db
      .selectFrom('suggested_posts')
      .select(['last_error', 'last_error_message'])
      .where('id', '=', post!.id)
      .executeTakeFirstOrThrow();
    expect(row.last_error).toBe('MEDIA_REQUIRED');
    expect(row.last_error_message).toBe(
      'O Pinterest exige uma imagem em cada post. Adicione uma imagem para publicar.',
    );
    expect(sandbox.requests({ host: 'api.pinterest.com' })).toHaveLength(0);
  });

  it('a post with a video on a network that does not publish video yet fails for good and calls no network', async () => {
    const { user, theme } = await userWithFourNetworks();
    const [post] = await seedPosts(handle, {
      userId: user.id,
      themeId: theme.id,
      // Threads does not publish video through Pauta yet (X does since issue 26).
      platform: 'threads',
      count: 1,
      scheduledFor: new Date(Date.now() - 1000),
    });
    // The video row as the upload records it (scheduled before its video was added).
    const videoId = crypto.randomUUID();
    await handle.db
      .insertInto('post_media')
      .values({
        id: videoId,
        post_id: post!.id,
        user_id: user.id,
        position: 0,
        kind: 'video',
        storage_key: `posts/${user.id}/${post!.id}/${videoId}.mp4`,
        thumb_key: null,
        mime_type: 'video/mp4',
        width: 1080,
        height: 1920,
        size_bytes: 1000,
        duration_seconds: 30,
        rotation: 0,
        container: 'mp4',
        video_codec: 'avc',
        video_codec_string: 'avc1.640028',
        frame_rate: 30,
        bitrate: 1000,
        audio: null,
        cover_key: null,
        cover_time_seconds: null,
      })
      .execute();
    sandbox.clearRequests();
    const ctx = {
      ...context(async () => []),
      hasVideo: (p: { id: string }) => postHasVideo(handle.db, p.id),
    };
    const outcome = await processPublishJob(ctx, { postId: post!.id, version: post!.version });
    expect(outcome).toEqual({ kind: 'failed', code: 'REJECTED' });
    expect(sandbox.requests({ host: 'graph.threads.net' })).toHaveLength(0);
    const row = await handle.db
      .selectFrom('suggested_posts')
      .select(['status', 'last_error_message'])
      .where('id', '=', post!.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.last_error_message).toBe(
      'Threads ainda não publica vídeo pela Pauta. Remova o vídeo para agendar este post.',
    );
  });
});
