// AI carousels through the real web (tRPC with a session and Idempotency-Keys), real PostgreSQL,
// the local media storage and the sandbox's Anthropic stand-in: "Gerar carrossel com IA" asks the
// model with the post's text and stores 5–10 slides; each slide renders to a 1080 × 1350 (or
// 1080 × 1080) PNG; an edit re-renders only the slide that changed; "Usar no post" puts the
// slides on the post as its images, with the slides' text as alt text; a network that takes fewer
// images, another workspace's post, a published post and a missing AI key are refused in pt-BR.
import { randomUUID } from 'node:crypto';
import { carouselRefusalMessage, errorMessages, type Platform } from '@pauta/core';
import type { DbHandle } from '@pauta/db';
import { type SandboxHandle, startSandbox } from '@pauta/networks/sandbox';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { insertTestTheme, listen, signedInUser, testDeps } from '../../../test/server-harness.js';
import { createAiClient, createDraftGenerator } from '../ai/index.js';
import type { MediaView } from '../media/media.service.js';
import type { CarouselView } from './carousel.service.js';

const HOST = 'api.anthropic.com';
let handle: DbHandle;
let sandbox: SandboxHandle;
let base: ReturnType<typeof testDeps>;
let withAi: { url: string; close(): Promise<void> };
let withoutAi: { url: string; close(): Promise<void> };

beforeAll(async () => {
  handle = await testDb();
  sandbox = await startSandbox();
  base = testDeps(handle);
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
  withoutAi = await listen(testDeps(handle));
});
afterAll(async () => {
  await withAi?.close();
  await withoutAi?.close();
  await sandbox?.close();
  await handle?.close();
});
beforeEach(() => sandbox.reset());

const POST_TEXT =
  'O pão de fermentação natural leva tempo. Comece alimentando o levain na véspera. Sove a massa até ficar lisa e elástica. Deixe descansar na geladeira por 12 horas. Asse em forno bem quente com vapor. #pão #receita';

async function userWithPost(appUrl: string, platform: Platform = 'instagram') {
  const user = await signedInUser(handle, appUrl, { label: 'carrossel' });
  const theme = await insertTestTheme(handle, user.id, 'Padaria artesanal');
  const post = await handle.db
    .insertInto('suggested_posts')
    .values({
      theme_id: theme.id,
      user_id: user.id,
      title: 'Pão de fermentação natural em casa',
      content: POST_TEXT,
      platform,
      scheduled_for: new Date(Date.now() + 86_400_000),
      status: 'scheduled',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...user, postId: post.id };
}

type Owner = Awaited<ReturnType<typeof userWithPost>>;

async function generate(owner: Owner, format: 'portrait' | 'square' = 'portrait') {
  const result = await owner.browser.mutate<CarouselView>('carousel.generate', {
    postId: owner.postId,
    format,
  });
  expect(result.error).toBeUndefined();
  return result.data!;
}

async function renderAll(owner: Owner, carousel: CarouselView): Promise<CarouselView> {
  let view = carousel;
  for (const slide of carousel.slides) {
    if (slide.image) continue;
    const result = await owner.browser.mutate<CarouselView>('carousel.renderSlide', {
      postId: owner.postId,
      slideId: slide.id,
    });
    expect(result.error).toBeUndefined();
    view = result.data!;
  }
  return view;
}

async function fetchPng(owner: Owner, url: string) {
  const res = await owner.browser.request(url);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { bytes, meta: await sharp(bytes).metadata() };
}

describe('carousel', () => {
  it('generates 5–10 slides with the AI from the post, renders each to a 1080 × 1350 PNG', async () => {
    const owner = await userWithPost(withAi.url);
    const carousel = await generate(owner);
    expect(carousel.slides.length).toBeGreaterThanOrEqual(5);
    expect(carousel.slides.length).toBeLessThanOrEqual(10);
    expect(carousel.slides[0]?.kind).toBe('cover');
    expect(carousel.slides.at(-1)?.kind).toBe('cta');
    expect(carousel.slides[0]?.title).toBe('Pão de fermentação natural em casa');
    // One idea per sentence of the post, hashtags left out.
    expect(carousel.slides[1]?.body).toBe('O pão de fermentação natural leva tempo.');
    expect(carousel.slides.every((s) => s.image === null)).toBe(true);

    // The model got the post's text and the limits in the carousel_request block.
    const [request] = sandbox.requests({ host: HOST, pathPrefix: '/v1/messages' });
    const prompt = JSON.stringify(request?.body);
    expect(prompt).toContain('carousel_request');
    expect(prompt).toContain('Sove a massa até ficar lisa e elástica.');

    const rendered = await renderAll(owner, carousel);
    for (const slide of rendered.slides) {
      expect(slide.image).toMatchObject({ width: 1080, height: 1350 });
      const { bytes, meta } = await fetchPng(owner, slide.image!.url);
      expect(meta.format).toBe('png');
      expect([meta.width, meta.height]).toEqual([1080, 1350]);
      expect(bytes.length).toBe(slide.image!.sizeBytes);
      expect(bytes.length).toBeGreaterThan(10_000);
      expect(bytes.length).toBeLessThan(1_000_000);
    }
    // The cover is painted in the theme's colour (green: #43A047) at its corner.
    const cover = await fetchPng(owner, rendered.slides[0]!.image!.url);
    const { data } = await sharp(cover.bytes)
      .extract({ left: 5, top: 5, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0x43, 0xa0, 0x47]);
  });

  it('renders the square format at 1080 × 1080', async () => {
    const owner = await userWithPost(withAi.url);
    const carousel = await renderAll(owner, await generate(owner, 'square'));
    const { meta } = await fetchPng(owner, carousel.slides[0]!.image!.url);
    expect([meta.width, meta.height]).toEqual([1080, 1080]);
  });

  it('re-renders only the slide whose text changed; reorders and removes keep the others', async () => {
    const owner = await userWithPost(withAi.url);
    const rendered = await renderAll(owner, await generate(owner));
    const [cover, second, third, ...rest] = rendered.slides;
    const edited = {
      ...second!,
      title: 'Levain: alimente na véspera',
      body: 'Fermento vivo, pão com sabor.',
    };
    // Edit the second slide, drop the third.
    const save = await owner.browser.mutate<CarouselView>('carousel.save', {
      postId: owner.postId,
      expectedVersion: rendered.version,
      format: 'portrait',
      slides: [cover!, edited, ...rest].map(({ id, kind, title, body }) => ({ id, kind, title, body })),
    });
    expect(save.error).toBeUndefined();
    const saved = save.data!;
    expect(saved.slides.map((s) => s.id)).toEqual([cover!.id, second!.id, ...rest.map((s) => s.id)]);
    expect(saved.slides.filter((s) => s.image === null).map((s) => s.id)).toEqual([second!.id]);
    expect(saved.slides[0]?.image?.url.split('?')[0]).toBe(cover!.image!.url.split('?')[0]);
    expect(saved.slides.some((s) => s.id === third!.id)).toBe(false);

    const again = await owner.browser.mutate<CarouselView>('carousel.renderSlide', {
      postId: owner.postId,
      slideId: second!.id,
    });
    expect(again.error).toBeUndefined();
    const after = again.data!;
    const newImage = after.slides[1]!.image!;
    expect(newImage.url.split('?')[0]).not.toBe(second!.image!.url.split('?')[0]);
    // Every other slide kept its file.
    for (const [i, s] of after.slides.entries()) {
      if (i === 1) continue;
      expect(s.image?.url.split('?')[0]).toBe(saved.slides[i]!.image!.url.split('?')[0]);
    }
    // The replaced and removed files are queued for the sweeper.
    const queued = await handle.db.selectFrom('media_garbage').select('storage_key').execute();
    const keyOf = (url: string) => url.split('?')[0]!.replace(/^\/media\//, '');
    expect(queued.map((q) => q.storage_key)).toEqual(
      expect.arrayContaining([keyOf(second!.image!.url), keyOf(third!.image!.url)]),
    );

    // An edit from a stale view (an old version) changes nothing.
    const stale = await owner.browser.mutate<CarouselView>('carousel.save', {
      postId: owner.postId,
      expectedVersion: rendered.version,
      format: 'portrait',
      slides: saved.slides.map(({ id, kind, title, body }) => ({ id, kind, title, body })),
    });
    expect(stale.error?.message).toBe('CAROUSEL_REFUSED');
    expect(stale.error?.details).toEqual({ reason: 'STALE' });
  });

  it('refuses slides over their limits, naming the slide, and changes nothing', async () => {
    const owner = await userWithPost(withAi.url);
    const carousel = await generate(owner);
    const slides = carousel.slides.map(({ id, kind, title, body }) => ({ id, kind, title, body }));
    slides[2] = { ...slides[2]!, body: 'a'.repeat(241) };
    const result = await owner.browser.mutate('carousel.save', {
      postId: owner.postId,
      expectedVersion: carousel.version,
      format: 'portrait',
      slides,
    });
    expect(result.error?.details).toEqual({ reason: 'BODY_TOO_LONG', index: 2 });
    expect(result.error?.userMessage).toBe(
      'O slide 3 tem um texto com mais de 240 caracteres. Encurte o texto.',
    );
    const one = await owner.browser.mutate('carousel.save', {
      postId: owner.postId,
      expectedVersion: carousel.version,
      format: 'portrait',
      slides: slides.slice(0, 1),
    });
    expect(one.error?.details).toEqual({ reason: 'TOO_FEW', min: 2 });
    const now = await owner.browser.query<{ carousel: CarouselView }>('carousel.get', {
      postId: owner.postId,
    });
    expect(now.data?.carousel?.version).toBe(carousel.version);
  });

  it('"Usar no post" makes the slides the post images, in order, alt text = the slide text', async () => {
    const owner = await userWithPost(withAi.url);
    const carousel = await renderAll(owner, await generate(owner));
    const unrendered = await userWithPost(withAi.url);
    const notYet = await generate(unrendered);
    const refused = await unrendered.browser.mutate('carousel.use', {
      postId: unrendered.postId,
      expectedVersion: notYet.version,
    });
    expect(refused.error?.details).toEqual({ reason: 'NOT_RENDERED' });

    const key = randomUUID();
    const used = await owner.browser.mutate<{ count: number }>(
      'carousel.use',
      { postId: owner.postId, expectedVersion: carousel.version },
      { idempotencyKey: key },
    );
    expect(used.error).toBeUndefined();
    expect(used.data?.count).toBe(carousel.slides.length);
    // The same action again (a retried click) answers the same and adds nothing.
    const repeat = await owner.browser.mutate<{ count: number }>(
      'carousel.use',
      { postId: owner.postId, expectedVersion: carousel.version },
      { idempotencyKey: key },
    );
    expect(repeat.data?.count).toBe(carousel.slides.length);
    const media = await owner.browser.query<MediaView[]>('media.list', { postId: owner.postId });
    expect(media.data?.length).toBe(carousel.slides.length);
    for (const [i, m] of (media.data ?? []).entries()) {
      const slide = carousel.slides[i]!;
      expect(m.altText).toBe(`${slide.title} — ${slide.body}`);
      // Instagram takes JPEG: the PNG went through the upload pipeline.
      expect(m.mimeType).toBe('image/jpeg');
      expect([m.width, m.height]).toEqual([1080, 1350]);
    }
  });

  it('refuses a network that takes fewer images than the slides, with its limit in pt-BR', async () => {
    const owner = await userWithPost(withAi.url, 'x');
    const carousel = await renderAll(owner, await generate(owner));
    const result = await owner.browser.mutate('carousel.use', {
      postId: owner.postId,
      expectedVersion: carousel.version,
    });
    const details = {
      reason: 'NETWORK_TOO_MANY',
      network: 'X (Twitter)',
      max: 4,
      count: carousel.slides.length,
    };
    expect(result.error?.details).toEqual(details);
    expect(result.error?.userMessage).toBe(carouselRefusalMessage(details as never));
    expect(result.error?.userMessage).toContain('no máximo 4 imagens');
    const media = await owner.browser.query<MediaView[]>('media.list', { postId: owner.postId });
    expect(media.data).toEqual([]);
  });

  it("another workspace's post is NOT_FOUND; a published post is refused; no AI key is AI_NOT_CONFIGURED", async () => {
    const owner = await userWithPost(withAi.url);
    const stranger = await userWithPost(withAi.url);
    const foreign = await stranger.browser.mutate('carousel.generate', {
      postId: owner.postId,
      format: 'portrait',
    });
    expect(foreign.error?.code).toBe('NOT_FOUND');
    expect(sandbox.requests({ host: HOST, pathPrefix: '/v1/messages' })).toHaveLength(0);

    await handle.db
      .updateTable('suggested_posts')
      .set({ status: 'published' })
      .where('id', '=', owner.postId)
      .execute();
    const published = await owner.browser.mutate('carousel.generate', {
      postId: owner.postId,
      format: 'portrait',
    });
    expect(published.error?.details).toEqual({ reason: 'NOT_EDITABLE' });

    const noAi = await userWithPost(withoutAi.url);
    const off = await noAi.browser.mutate('carousel.generate', { postId: noAi.postId, format: 'portrait' });
    expect(off.error?.message).toBe('AI_NOT_CONFIGURED');
    expect(off.error?.userMessage).toBe(errorMessages.AI_NOT_CONFIGURED);
  });
});
