// "Sugerir texto alternativo" through the real web (tRPC with a session and an Idempotency-Key),
// real PostgreSQL and the sandbox's Anthropic stand-in: the image reaches the model as a JPEG
// image block of at most ~1 MP with the post's text, the suggestion comes back without being
// saved, one suggestion is one use of the AI quota, another user's image is NOT_FOUND, and
// without an AI key the pt-BR refusal comes back.
import { randomUUID } from 'node:crypto';
import { errorMessages } from '@pauta/core';
import type { DbHandle } from '@pauta/db';
import { type SandboxHandle, startSandbox } from '@pauta/networks/sandbox';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { insertTestTheme, listen, signedInUser, testDeps } from '../../../test/server-harness.js';
import { createAiClient, createDraftGenerator } from '../ai/index.js';
import { aiRateLimitKeys } from '../ai/rate-limit.js';
import type { MediaView } from './media.service.js';

const HOST = 'api.anthropic.com';
let handle: DbHandle;
let sandbox: SandboxHandle;
let withAi: { url: string; close(): Promise<void> };
let withoutAi: { url: string; close(): Promise<void> };

beforeAll(async () => {
  handle = await testDb();
  sandbox = await startSandbox();
  const base = testDeps(handle);
  const ai = createAiClient(
    {
      apiKey: `sk-ant-test-${randomUUID()}`,
      baseURL: `${sandbox.url}/${HOST}`,
      model: 'claude-sonnet-5-5',
      timeoutMs: 5000,
    },
    base.logger,
  );
  withAi = await listen({
    ...base,
    drafts: createDraftGenerator({ db: handle.db, logger: base.logger, ai }),
  });
  // testDeps builds its AI client from an env without ANTHROPIC_API_KEY: not configured.
  withoutAi = await listen(testDeps(handle));
});
afterAll(async () => {
  await withAi?.close();
  await withoutAi?.close();
  await sandbox?.close();
  await handle?.close();
});
beforeEach(() => sandbox.reset());

const aiRequests = () => sandbox.requests({ host: HOST, pathPrefix: '/v1/messages' });

async function userWithImage(appUrl: string, size = { width: 2400, height: 1600 }) {
  const user = await signedInUser(handle, appUrl, { label: 'alt' });
  const theme = await insertTestTheme(handle, user.id, 'Café especial');
  const post = await handle.db
    .insertInto('suggested_posts')
    .values({
      theme_id: theme.id,
      user_id: user.id,
      title: 'Post com imagem',
      content: 'Três dicas para preparar um café coado em casa.',
      platform: 'linkedin',
      scheduled_for: new Date(Date.now() + 86_400_000),
      status: 'scheduled',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const bytes = await sharp({ create: { ...size, channels: 3, background: { r: 120, g: 70, b: 30 } } })
    .png()
    .toBuffer();
  const res = await user.browser.request(`/api/posts/${post.id}/media`, {
    method: 'POST',
    headers: {
      'content-type': 'image/png',
      'sec-fetch-site': 'same-origin',
      'idempotency-key': randomUUID(),
    },
    body: bytes,
  });
  expect(res.status).toBe(201);
  const { media } = (await res.json()) as { media: MediaView };
  return { ...user, postId: post.id, mediaId: media.id };
}

async function aiUses(userId: string): Promise<number> {
  const row = await handle.db
    .selectFrom('rate_limits')
    .select('count')
    .where('key', '=', aiRateLimitKeys(userId).daily)
    .executeTakeFirst();
  return row?.count ?? 0;
}

describe('media.suggestAlt', () => {
  it('sends the image as a ≤1 MP JPEG block with the post text, returns the suggestion unsaved and counts one AI use', async () => {
    const owner = await userWithImage(withAi.url);
    expect(await aiUses(owner.id)).toBe(0);

    const result = await owner.browser.mutate<{ altText: string }>('media.suggestAlt', {
      postId: owner.postId,
      mediaId: owner.mediaId,
    });
    expect(result.error).toBeUndefined();
    // The stand-in describes what it received: a landscape image downscaled to 1000 px wide.
    expect(result.data?.altText).toBe(
      'Cena em formato paisagem (1000 × 667 px) que ilustra o tema "Café especial".',
    );
    expect(await aiUses(owner.id)).toBe(1);

    const [request] = aiRequests();
    const body = request?.body as {
      messages: {
        content: { type: string; text?: string; source?: { media_type: string; data: string } }[];
      }[];
    };
    const image = body.messages[0]?.content.find((b) => b.type === 'image');
    expect(image?.source?.media_type).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(image?.source?.data ?? '', 'base64')).metadata();
    expect(meta.format).toBe('jpeg');
    expect((meta.width ?? 0) * (meta.height ?? 0)).toBeLessThanOrEqual(1_000_000);
    const prompt = body.messages[0]?.content.find((b) => b.type === 'text')?.text ?? '';
    expect(prompt).toContain('Três dicas para preparar um café coado em casa.');

    // Not saved: the person reviews it, the field saves it.
    const list = await owner.browser.query<MediaView[]>('media.list', { postId: owner.postId });
    expect(list.data?.[0]?.altText).toBe('');
  });

  it('answers a repeat of the same action (same Idempotency-Key) once: one AI call, one use', async () => {
    const owner = await userWithImage(withAi.url, { width: 600, height: 900 });
    const key = randomUUID();
    const input = { postId: owner.postId, mediaId: owner.mediaId };
    const [a, b] = await Promise.all([
      owner.browser.mutate<{ altText: string }>('media.suggestAlt', input, { idempotencyKey: key }),
      owner.browser.mutate<{ altText: string }>('media.suggestAlt', input, { idempotencyKey: key }),
    ]);
    const done = [a, b].filter((r) => r.data !== undefined);
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(done[0]?.data?.altText).toBe(
      'Cena em formato retrato (600 × 900 px) que ilustra o tema "Café especial".',
    );
    // The other one either replays the answer or is told the action is still running.
    for (const r of [a, b]) if (r.error) expect(r.error.message).toBe('REQUEST_IN_PROGRESS');
    const again = await owner.browser.mutate<{ altText: string }>('media.suggestAlt', input, {
      idempotencyKey: key,
    });
    expect(again.data?.altText).toBe(done[0]?.data?.altText);
    expect(aiRequests()).toHaveLength(1);
    expect(await aiUses(owner.id)).toBe(1);
  });

  it("answers NOT_FOUND for another user's image, without calling the AI or counting a use", async () => {
    const owner = await userWithImage(withAi.url);
    const stranger = await signedInUser(handle, withAi.url, { label: 'alt-stranger' });
    const result = await stranger.browser.mutate('media.suggestAlt', {
      postId: owner.postId,
      mediaId: owner.mediaId,
    });
    expect(result.error?.code).toBe('NOT_FOUND');
    // The stranger's own post id with the owner's image id is no better.
    const other = await userWithImage(withAi.url, { width: 400, height: 400 });
    const mixed = await other.browser.mutate('media.suggestAlt', {
      postId: other.postId,
      mediaId: owner.mediaId,
    });
    expect(mixed.error?.code).toBe('NOT_FOUND');
    expect(aiRequests()).toHaveLength(0);
    expect(await aiUses(stranger.id)).toBe(0);
    expect(await aiUses(other.id)).toBe(0);
  });

  it('says in pt-BR that the AI is not configured, and the status tells the client to hide the button', async () => {
    const owner = await userWithImage(withoutAi.url);
    const result = await owner.browser.mutate('media.suggestAlt', {
      postId: owner.postId,
      mediaId: owner.mediaId,
    });
    expect(result.error?.code).toBe('PRECONDITION_FAILED');
    expect(result.error?.message).toBe('AI_NOT_CONFIGURED');
    const raw = await owner.browser.request('/trpc/system.status');
    expect(await raw.text()).toContain('"aiConfigured":false');
    expect(errorMessages.AI_NOT_CONFIGURED).toMatch(/IA não está configurada/);
    const configured = await (await fetch(`${withAi.url}/trpc/system.status`)).text();
    expect(configured).toContain('"aiConfigured":true');
    expect(await aiUses(owner.id)).toBe(0);
  });

  it('refuses over the AI quota with RATE_LIMITED and the wait, without calling the AI', async () => {
    const owner = await userWithImage(withAi.url);
    await handle.db
      .insertInto('rate_limits')
      .values({
        key: aiRateLimitKeys(owner.id).burst,
        count: 99,
        blocked_until: new Date(Date.now() + 60_000),
      })
      .execute();
    const result = await owner.browser.mutate('media.suggestAlt', {
      postId: owner.postId,
      mediaId: owner.mediaId,
    });
    expect(result.error?.message).toBe('RATE_LIMITED');
    expect(result.error?.details).toMatchObject({ retryAfterSeconds: expect.any(Number) });
    expect(aiRequests()).toHaveLength(0);
  });

  it('turns a malformed answer into AI_MALFORMED and an AI outage into AI_UNAVAILABLE (502 both)', async () => {
    const owner = await userWithImage(withAi.url);
    sandbox.setNextAnthropicOutput('malformed');
    const malformed = await owner.browser.mutate('media.suggestAlt', {
      postId: owner.postId,
      mediaId: owner.mediaId,
    });
    expect(malformed.error?.message).toBe('AI_MALFORMED');
    expect(malformed.status).toBe(502);
    // Anthropic down (500 twice: the SDK retries once): the AI is unavailable, nothing saved.
    sandbox.addFault({ host: 'api.anthropic.com', status: 500, times: 2 });
    const down = await owner.browser.mutate('media.suggestAlt', {
      postId: owner.postId,
      mediaId: owner.mediaId,
    });
    expect(down.error?.message).toBe('AI_UNAVAILABLE');
    expect(down.status).toBe(502);
    const list = await owner.browser.query<MediaView[]>('media.list', { postId: owner.postId });
    expect(list.data?.[0]?.altText).toBe('');
  });
});
