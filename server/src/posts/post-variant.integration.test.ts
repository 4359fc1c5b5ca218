// 'Criar versão para outra rede' (issue 15 item 4) over HTTP against real PostgreSQL: a sibling
// post in the same theme for another of its networks, same date-time and order, text fitted to
// that network (locally, or by the AI through the sandbox's Anthropic stand-in); one post however
// many times and with whichever keys it is asked; owner-only; editable statuses only.
import { randomUUID } from 'node:crypto';
import { measureXLength, type Platform, type PostStatus } from '@pauta/core';
import type { DbHandle } from '@pauta/db';
import { type SandboxHandle, startSandbox } from '@pauta/networks/sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { listen, signedInUser, testDeps } from '../../../test/server-harness.js';
import type { QueueGateway, WakeUp } from '../queue/queue-gateway.js';
import type { PostItem } from './posts.service.js';

let handle: DbHandle;
let sandbox: SandboxHandle;
let local: { url: string; close(): Promise<void> };
let withAi: { url: string; close(): Promise<void> };
const enqueued: WakeUp[] = [];
const fakeQueue: QueueGateway = {
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

beforeAll(async () => {
  handle = await testDb();
  sandbox = await startSandbox();
  local = await listen(testDeps(handle, { queue: fakeQueue }));
  withAi = await listen(
    testDeps(
      handle,
      { queue: fakeQueue },
      { ANTHROPIC_API_KEY: 'sk-ant-test-variant', ANTHROPIC_BASE_URL: `${sandbox.url}/api.anthropic.com` },
    ),
  );
});
afterAll(async () => {
  await local?.close();
  await withAi?.close();
  await sandbox?.close();
  await handle?.close();
});
beforeEach(() => {
  enqueued.length = 0;
  sandbox.reset();
});

type Result = { post: PostItem; created: boolean; source: 'ai' | 'fit' | 'same' | null };

const SENTENCES = Array.from(
  { length: 12 },
  (_, i) => `Frase ${i + 1}: café especial pede água a 92 graus e moagem na hora.`,
).join(' ');

async function setup(
  app: { url: string },
  options: { platform?: Platform; status?: PostStatus; content?: string; networks?: Platform[] } = {},
) {
  const me = await signedInUser(handle, app.url, { label: 'variant' });
  const theme = await handle.db
    .insertInto('themes')
    .values({
      user_id: me.id,
      name: 'Café especial',
      description: 'Descrição',
      social_networks: options.networks ?? ['linkedin', 'x', 'instagram'],
      color_palette: 'green',
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  const scheduledFor = new Date(Date.now() + 3 * 86_400_000);
  scheduledFor.setUTCMilliseconds(0);
  const post = await handle.db
    .insertInto('suggested_posts')
    .values({
      user_id: me.id,
      theme_id: theme.id,
      title: 'Preparo do café',
      content: options.content ?? SENTENCES,
      platform: options.platform ?? 'linkedin',
      post_order: 4,
      scheduled_for: scheduledFor,
      status: options.status ?? 'scheduled',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { me, themeId: theme.id, postId: post.id, scheduledFor };
}

async function postsOf(userId: string) {
  return handle.db
    .selectFrom('suggested_posts')
    .select(['id', 'platform', 'content', 'scheduled_for', 'post_order', 'theme_id', 'status'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

const input = (postId: string, platform: Platform, content = SENTENCES) => ({
  id: postId,
  platform,
  title: 'Preparo do café',
  content,
});

describe('posts.createVariant', () => {
  it('stores a sibling for X at the same time and order, fitted to 280 at a sentence, and wakes the worker', async () => {
    const { me, themeId, postId, scheduledFor } = await setup(local);
    const res = await me.browser.mutate<Result>('posts.createVariant', input(postId, 'x'));
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ created: true, source: 'fit' });
    const sibling = res.data!.post;
    expect(sibling).toMatchObject({
      platform: 'x',
      themeId,
      postOrder: 4,
      status: 'scheduled',
      scheduledFor,
    });
    expect(measureXLength(sibling.content)).toBeLessThanOrEqual(280);
    expect(SENTENCES.startsWith(sibling.content)).toBe(true);
    expect(sibling.content).toMatch(/hora\.$/);
    const rows = await postsOf(me.id);
    expect(rows.map((r) => r.platform)).toEqual(['linkedin', 'x']);
    // The original is untouched.
    expect(rows[0]).toMatchObject({ id: postId, content: SENTENCES });
    expect(enqueued).toEqual([{ id: sibling.id, version: 1, scheduled_for: scheduledFor, platform: 'x' }]);
  });

  it('uses the text and the date-time on screen (not saved yet), not the saved ones', async () => {
    const { me, postId, scheduledFor } = await setup(local, { content: 'Texto salvo.' });
    const onScreen = new Date(scheduledFor.getTime() + 2 * 86_400_000 + 90 * 60_000);
    const res = await me.browser.mutate<Result>('posts.createVariant', {
      ...input(postId, 'x', 'Texto editado na tela.'),
      scheduledFor: onScreen,
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      created: true,
      post: { platform: 'x', content: 'Texto editado na tela.', scheduledFor: onScreen },
    });
    expect(enqueued).toEqual([{ id: res.data!.post.id, version: 1, scheduled_for: onScreen, platform: 'x' }]);
    // The original keeps its saved text and date.
    expect((await postsOf(me.id))[0]).toMatchObject({ content: 'Texto salvo.', scheduled_for: scheduledFor });
  });

  it('refuses a date-time on screen that has passed or is beyond the horizon, storing nothing', async () => {
    const { me, postId } = await setup(local);
    const past = await me.browser.mutate('posts.createVariant', {
      ...input(postId, 'x'),
      scheduledFor: new Date(Date.now() - 3_600_000),
    });
    expect(past.status).toBe(400);
    const far = await me.browser.mutate('posts.createVariant', {
      ...input(postId, 'x'),
      scheduledFor: new Date(Date.now() + 3 * 365 * 86_400_000),
    });
    expect(far.status).toBe(400);
    expect(await postsOf(me.id)).toHaveLength(1);
  });

  it('keeps a text that fits as it is (Instagram)', async () => {
    const { me, postId } = await setup(local, { content: 'Curto e bom.' });
    const res = await me.browser.mutate<Result>(
      'posts.createVariant',
      input(postId, 'instagram', 'Curto e bom.'),
    );
    expect(res.data).toMatchObject({ created: true, source: 'same', post: { content: 'Curto e bom.' } });
  });

  it('is idempotent: the same key returns the stored answer, another key finds the sibling; one row', async () => {
    const { me, postId } = await setup(local);
    const key = randomUUID();
    const first = await me.browser.mutate<Result>('posts.createVariant', input(postId, 'x'), {
      idempotencyKey: key,
    });
    const again = await me.browser.mutate<Result>('posts.createVariant', input(postId, 'x'), {
      idempotencyKey: key,
    });
    expect(again.data).toEqual(first.data);
    const other = await me.browser.mutate<Result>('posts.createVariant', input(postId, 'x'));
    expect(other.data).toMatchObject({ created: false, source: null, post: { id: first.data!.post.id } });
    expect((await postsOf(me.id)).filter((r) => r.platform === 'x')).toHaveLength(1);
    expect(enqueued).toHaveLength(1);
  });

  it('stores one sibling when concurrent requests with different keys race', async () => {
    const { me, postId } = await setup(local);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => me.browser.mutate<Result>('posts.createVariant', input(postId, 'x'))),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(answers.filter((a) => a.data!.created)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.data!.post.id)).size).toBe(1);
    expect((await postsOf(me.id)).filter((r) => r.platform === 'x')).toHaveLength(1);
  });

  it("answers NOT_FOUND for another user's post, storing nothing", async () => {
    const { me, postId } = await setup(local);
    const intruder = await signedInUser(handle, local.url, { label: 'variant-other' });
    const res = await intruder.browser.mutate('posts.createVariant', input(postId, 'x'));
    expect(res.status).toBe(404);
    expect(res.error?.message).toBe('NOT_FOUND');
    expect(await postsOf(me.id)).toHaveLength(1);
    expect(await postsOf(intruder.id)).toHaveLength(0);
  });

  it('refuses posts being published or published (CONFLICT), and accepts a failed one', async () => {
    for (const status of ['publishing', 'published'] as const) {
      const { me, postId } = await setup(local, { status });
      const res = await me.browser.mutate('posts.createVariant', input(postId, 'x'));
      expect(res.status).toBe(409);
      expect(res.error?.message).toBe('CONFLICT');
      expect(await postsOf(me.id)).toHaveLength(1);
    }
    const { me, postId } = await setup(local, { status: 'failed' });
    const res = await me.browser.mutate<Result>('posts.createVariant', input(postId, 'x'));
    expect(res.data).toMatchObject({ created: true, post: { status: 'scheduled' } });
  });

  it("refuses a network outside the theme's or the post's own, storing nothing", async () => {
    const { me, postId } = await setup(local, { networks: ['linkedin', 'x'] });
    for (const platform of ['facebook', 'linkedin'] as const) {
      const res = await me.browser.mutate('posts.createVariant', input(postId, platform));
      expect(res.status).toBe(400);
      expect(res.error?.message).toBe('VALIDATION_FAILED');
    }
    expect(await postsOf(me.id)).toHaveLength(1);
    expect(enqueued).toHaveLength(0);
  });

  it('asks the AI when configured (adapted to the network), and fits locally when its answer is unusable', async () => {
    const { me, postId } = await setup(withAi, {
      content: 'Café especial pede água a 92 graus. Moa na hora.',
    });
    const res = await me.browser.mutate<Result>(
      'posts.createVariant',
      input(postId, 'instagram', 'Café especial pede água a 92 graus. Moa na hora.'),
    );
    expect(res.data).toMatchObject({ created: true, source: 'ai' });
    // The stand-in writes Instagram's style: hook, call to comment, hashtags at the end.
    expect(res.data!.post.content).toMatch(/^✨ Café especial pede água a 92 graus\./);
    expect(res.data!.post.content).toMatch(/#CafeEspecial #dicas #conteudo$/);
    const requests = sandbox.requests({ host: 'api.anthropic.com', pathPrefix: '/v1/messages' });
    expect(requests).toHaveLength(1);
    expect(JSON.stringify(requests[0]!.body)).toContain('<adapt_request>');

    sandbox.setNextAnthropicOutput('malformed');
    const fallback = await me.browser.mutate<Result>('posts.createVariant', input(postId, 'x', SENTENCES));
    expect(fallback.data).toMatchObject({ created: true, source: 'fit' });
    expect(measureXLength(fallback.data!.post.content)).toBeLessThanOrEqual(280);
  });
});
