// The first comment through the worker's processor and reconciler, on real PostgreSQL and the
// sandbox networks (docs/first-comment.md): the post and its comment each exactly once (Instagram
// comment, X reply); a worker that died after the comment was sent but before it was recorded →
// the reconciler asks the network and records it, never sends it again (or marks it unknown where
// the network cannot be asked); a network that refuses the comment → the post stays published, the
// comment failed with its pt-BR reason; a transient failure → pending with a backoff, then sent.
import type { Platform } from '@pauta/core';
import { type DbHandle, parseKeyring, upsertAccount } from '@pauta/db';
import {
  createNetworkClients,
  installSandboxFetch,
  type NetworkAdapter,
  uninstallSandboxFetch,
} from '@pauta/networks';
import {
  type ImageServer,
  jpegImage,
  type SandboxHandle,
  serveImages,
  startSandbox,
} from '@pauta/networks/sandbox';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeUser, testDb } from '../../../test/harness.js';
import { TEST_KEYS } from '../../../test/server-harness.js';
import { connectThroughSandbox, seedPosts, seedTheme } from '../../../test/worker-harness.js';
import { reconcileFirstComments } from './first-comment.js';
import { type PublishContext, processPublishJob } from './publish-post.processor.js';

const keyring = parseKeyring(TEST_KEYS);
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
beforeEach(() => {
  sandbox.clearFaults();
});

const clients = () =>
  createNetworkClients({
    env: { SOCIAL_SANDBOX_URL: sandbox.url },
    appUrl: 'http://localhost:3000',
    timeoutMs: 20_000,
    publisher: { statusPollIntervalMs: 20 },
  });

/** The processor's context; `wrap` changes an adapter (a crash, a fault at the right moment). */
function context(wrap: (adapter: NetworkAdapter) => NetworkAdapter = (a) => a): PublishContext {
  const networks = clients();
  return {
    db: handle.db,
    keyring,
    logger: pino({ level: 'silent' }),
    adapter: (platform) => {
      const adapter = networks.adapter(platform);
      return adapter === null ? null : wrap(adapter);
    },
    oauth: networks.oauth,
    enqueue: async () => {},
    config: {
      retryBaseMs: 30_000,
      retryMaxMs: 900_000,
      refreshMarginMs: 60_000,
      networkTimeoutMs: 20_000,
      sendStartBudgetMs: 100_000,
    },
    now: () => new Date(),
    media: async (post) =>
      post.platform === 'instagram'
        ? [
            {
              mimeType: 'image/jpeg',
              altText: '',
              width: 1080,
              height: 1080,
              bytes: jpegImage(1080, 1080),
              url: images.put(`ig-${post.id}.jpg`, jpegImage(1080, 1080)),
            },
          ]
        : [],
  };
}

async function postWithComment(platform: Extract<Platform, 'x' | 'instagram'>, comment: string) {
  const user = await makeUser(handle, `fc-${platform}`);
  if (platform === 'x') {
    await connectThroughSandbox(handle, keyring, { sandboxUrl: sandbox.url, userId: user.id, platform: 'x' });
  } else {
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
  }
  const theme = await seedTheme(handle, user.id, [platform]);
  const [post] = await seedPosts(handle, {
    userId: user.id,
    themeId: theme.id,
    platform,
    count: 1,
    scheduledFor: new Date(Date.now() - 1000),
    text: () => `Post com primeiro comentário ${platform} ${Date.now()} ${Math.random()}`,
  });
  await handle.db
    .updateTable('suggested_posts')
    .set({ first_comment: comment, first_comment_status: 'pending' })
    .where('id', '=', post!.id)
    .execute();
  return post!;
}

const row = (id: string) =>
  handle.db.selectFrom('suggested_posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** What the sandbox holds under a post: Instagram comments, or X replies. */
function commentsUnder(platform: 'x' | 'instagram', platformPostId: string) {
  return platform === 'x'
    ? sandbox
        .publishedPosts('x')
        .filter((p) => p.inReplyToId === platformPostId)
        .map((p) => ({ id: p.id, text: p.text }))
    : sandbox
        .comments('instagram')
        .filter((c) => c.parentId === platformPostId)
        .map((c) => ({ id: c.id, text: c.text }));
}

describe('worker: the first comment', () => {
  for (const platform of ['instagram', 'x'] as const) {
    it(`${platform}: the post and its comment each exactly once, the comment recorded`, async () => {
      const comment = `#doces #bolos ${platform} ${Date.now()}`;
      const post = await postWithComment(platform, comment);
      const ctx = context();
      const outcome = await processPublishJob(ctx, { postId: post.id, version: post.version });
      expect(outcome.kind).toBe('published');
      const platformPostId = (outcome as { platformPostId: string }).platformPostId;
      // A duplicate job and a reconciler pass send nothing more.
      expect((await processPublishJob(ctx, { postId: post.id, version: post.version })).kind).toBe('noop');
      await reconcileFirstComments(ctx, { staleMs: 0 });
      const under = commentsUnder(platform, platformPostId);
      expect(under).toEqual([{ id: expect.any(String), text: comment }]);
      const stored = await row(post.id);
      expect(stored).toMatchObject({
        status: 'published',
        first_comment_status: 'published',
        first_comment_id: under[0]!.id,
        first_comment_attempts: 1,
        first_comment_error: null,
      });
      const mine = sandbox.publishedPosts(platform).filter((p) => p.id === platformPostId);
      expect(mine).toHaveLength(1);
    });
  }

  it('crash after the comment was sent, before it was recorded: asked and recorded, never sent again', async () => {
    const comment = `Link na bio ${Date.now()}`;
    const post = await postWithComment('x', comment);
    // The process "dies" right after the reply's request was answered: nothing is recorded.
    const crashing = context((adapter) => ({
      ...adapter,
      publishFirstComment: async (request, options) => {
        await adapter.publishFirstComment!(request, options);
        throw new Error('SIGKILL simulado depois do envio');
      },
    }));
    const outcome = await processPublishJob(crashing, { postId: post.id, version: post.version });
    expect(outcome.kind).toBe('published');
    const platformPostId = (outcome as { platformPostId: string }).platformPostId;
    const left = await row(post.id);
    expect(left.status).toBe('published');
    expect(left.first_comment_status).toBe('sending');
    expect(left.first_comment_sent_at).not.toBeNull();
    expect(commentsUnder('x', platformPostId)).toHaveLength(1);
    const repliesBefore = sandbox.requests({
      host: 'api.twitter.com',
      pathPrefix: '/2/tweets',
      method: 'POST',
    }).length;
    // Not stale yet: the reconciler leaves a live claim alone.
    await reconcileFirstComments(context(), { staleMs: 600_000 });
    expect((await row(post.id)).first_comment_status).toBe('sending');
    // Stale: taken over, the network asked (its listing), found → published; no second reply.
    const report = await reconcileFirstComments(context(), { staleMs: 0 });
    expect(report.takenOver).toBeGreaterThanOrEqual(1);
    const under = commentsUnder('x', platformPostId);
    expect(under).toHaveLength(1);
    expect(await row(post.id)).toMatchObject({
      first_comment_status: 'published',
      first_comment_id: under[0]!.id,
    });
    expect(
      sandbox.requests({ host: 'api.twitter.com', pathPrefix: '/2/tweets', method: 'POST' }),
    ).toHaveLength(repliesBefore);
    await reconcileFirstComments(context(), { staleMs: 0 });
    expect(commentsUnder('x', platformPostId)).toHaveLength(1);
  });

  it('the same crash where the network cannot be asked: unknown, shown, never resent', async () => {
    const comment = `#sem-consulta ${Date.now()}`;
    const post = await postWithComment('instagram', comment);
    const noLookup = (adapter: NetworkAdapter): NetworkAdapter => {
      const { lookupFirstComment: _none, ...rest } = adapter;
      return rest;
    };
    const crashing = context((adapter) => ({
      ...noLookup(adapter),
      publishFirstComment: async (request, options) => {
        await adapter.publishFirstComment!(request, options);
        throw new Error('SIGKILL simulado depois do envio');
      },
    }));
    const outcome = await processPublishJob(crashing, { postId: post.id, version: post.version });
    const platformPostId = (outcome as { platformPostId: string }).platformPostId;
    await reconcileFirstComments(context(noLookup), { staleMs: 0 });
    const stored = await row(post.id);
    expect(stored.first_comment_status).toBe('unknown');
    expect(stored.first_comment_error).toContain('Confira o post na rede');
    await reconcileFirstComments(context(noLookup), { staleMs: 0 });
    expect(commentsUnder('instagram', platformPostId)).toHaveLength(1);
  });

  it('the network refuses the comment: the post stays published, the comment failed with the reason', async () => {
    const post = await postWithComment('x', `Resposta recusada ${Date.now()}`);
    // X refuses the reply (403), after the post itself went through.
    const refusing = context((adapter) => ({
      ...adapter,
      publish: async (request, options) => {
        const result = await adapter.publish(request, options);
        sandbox.addFault({
          host: 'api.twitter.com',
          pathPrefix: '/2/tweets',
          method: 'POST',
          status: 403,
          body: { title: 'Forbidden', detail: 'You are not permitted to perform this action.', status: 403 },
        });
        return result;
      },
    }));
    const outcome = await processPublishJob(refusing, { postId: post.id, version: post.version });
    expect(outcome.kind).toBe('published');
    const platformPostId = (outcome as { platformPostId: string }).platformPostId;
    const stored = await row(post.id);
    expect(stored.status).toBe('published');
    expect(stored.first_comment_status).toBe('failed');
    expect(stored.first_comment_error).toMatch(/^O primeiro comentário não foi publicado no X \(Twitter\): /);
    expect(commentsUnder('x', platformPostId)).toHaveLength(0);
    expect(sandbox.publishedPosts('x').filter((p) => p.id === platformPostId)).toHaveLength(1);
    // A failed comment is never sent again by the reconciler.
    await reconcileFirstComments(context(), { staleMs: 0 });
    expect(commentsUnder('x', platformPostId)).toHaveLength(0);
  });

  it('a transient failure: pending with a backoff, then sent once when due', async () => {
    const comment = `#tente-de-novo ${Date.now()}`;
    const post = await postWithComment('instagram', comment);
    const flaky = context((adapter) => ({
      ...adapter,
      publish: async (request, options) => {
        const result = await adapter.publish(request, options);
        sandbox.addFault({
          host: 'graph.facebook.com',
          pathPrefix: `/v21.0/${result.platformPostId}/comments`,
          status: 503,
        });
        return result;
      },
    }));
    const outcome = await processPublishJob(flaky, { postId: post.id, version: post.version });
    const platformPostId = (outcome as { platformPostId: string }).platformPostId;
    const waiting = await row(post.id);
    expect(waiting).toMatchObject({
      status: 'published',
      first_comment_status: 'pending',
      first_comment_attempts: 1,
    });
    expect(waiting.first_comment_next_at!.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing sent.
    await reconcileFirstComments(context(), { staleMs: 120_000 });
    expect(commentsUnder('instagram', platformPostId)).toHaveLength(0);
    await handle.db
      .updateTable('suggested_posts')
      .set({ first_comment_next_at: new Date(Date.now() - 1000) })
      .where('id', '=', post.id)
      .execute();
    await reconcileFirstComments(context(), { staleMs: 120_000 });
    expect(commentsUnder('instagram', platformPostId)).toEqual([{ id: expect.any(String), text: comment }]);
    expect(await row(post.id)).toMatchObject({
      first_comment_status: 'published',
      first_comment_attempts: 2,
    });
  });
});
