// AI drafting against the sandbox's Anthropic stand-in and real PostgreSQL (rate limits):
// request content, the template fallback, the screen errors, X lengths, R2 quotas, S2 secrets.
import { randomUUID } from 'node:crypto';
import { measureXLength, type Platform, TONE_LABELS } from '@pauta/core';
import { createDb, type DbHandle } from '@pauta/db';
import { readPostsRequest, type SandboxHandle, startSandbox } from '@pauta/networks/sandbox';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeUser, testDb } from '../../../test/harness.js';
import { type AiConfig, createAiClient } from './ai-client.js';
import { createDraftGenerator } from './draft-generator.js';
import { AiDraftError } from './errors.js';
import { type GeneratePostsDeps, type GeneratePostsInput, generatePosts } from './generate-posts.js';
import { templatePosts } from './templates.js';

const KEY = `sk-ant-SENTINEL-${randomUUID()}`;
const HOST = 'api.anthropic.com';

let handle: DbHandle;
let sandbox: SandboxHandle;
const logLines: string[] = [];
const logger = pino({ level: 'debug' }, { write: (line: string) => logLines.push(line) });

beforeAll(async () => {
  handle = await testDb();
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.close();
  await handle?.close();
});
beforeEach(() => {
  sandbox.reset();
});

function ai(overrides: Partial<AiConfig> = {}) {
  return createAiClient(
    {
      apiKey: KEY,
      baseURL: `${sandbox.url}/${HOST}`,
      model: 'claude-sonnet-5-5',
      timeoutMs: 5000,
      ...overrides,
    },
    logger,
  );
}

async function deps(overrides: Partial<GeneratePostsDeps> = {}): Promise<GeneratePostsDeps> {
  return { db: handle.db, logger, ai: ai(), random: () => 0.5, ...overrides };
}

const THEME = {
  name: 'Café especial',
  description:
    'Dicas de preparo, origem dos grãos e cultura do café especial brasileiro. Conteúdo para quem quer começar a preparar um bom café em casa.',
  toneOfVoice: ['casual', 'informative'],
  avoidTopics: ['politics', 'religion'],
  socialNetworks: ['x', 'instagram', 'linkedin'] as Platform[],
};

async function input(overrides: Partial<GeneratePostsInput> = {}): Promise<GeneratePostsInput> {
  const user = await makeUser(handle, 'ai');
  return { userId: user.id, theme: THEME, count: 5, mode: 'creation', ...overrides };
}

const aiRequests = () => sandbox.requests({ host: HOST, pathPrefix: '/v1/messages' });

function expectTemplates(
  result: Awaited<ReturnType<typeof generatePosts>>,
  reason: string,
  count: number,
  platforms: Platform[] = THEME.socialNetworks,
) {
  expect(result.source).toBe('templates');
  expect(result.fallbackReason).toBe(reason);
  expect(result.posts).toHaveLength(count);
  expect(result.posts.map((p) => p.post_order)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
  for (const post of result.posts) {
    expect(post.title).toContain('Café especial');
    expect(post.content).toContain('Café especial');
    expect(platforms).toContain(post.platform);
    if (platforms.includes('x')) expect(measureXLength(post.content)).toBeLessThanOrEqual(280);
  }
}

async function screenError(promise: Promise<unknown>): Promise<AiDraftError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AiDraftError);
  return error as AiDraftError;
}

describe('the request', () => {
  it('carries the theme, tones, topics to avoid, per-network limits and count, and no sampling parameters', async () => {
    // Two posts for three networks fit one call (see 'chunked requests' for more).
    const result = await generatePosts(await deps(), await input({ count: 2 }));
    expect(result.source).toBe('ai');
    const [request, ...others] = aiRequests();
    expect(others).toHaveLength(0);
    expect(request?.headers['anthropic-version']).toBe('2026-10-21');
    expect(request?.headers.authorization).toBe('Bearer');
    const body = request?.body as Record<string, unknown> & {
      system: string;
      messages: { role: string; content: string }[];
      output_config: { format: { type: string; schema: unknown } };
    };
    expect(body.model).toBe('claude-sonnet-5-5');
    expect(body.max_tokens).toBeGreaterThan(1000);
    for (const name of ['temperature', 'top_p', 'top_k']) expect(body).not.toHaveProperty(name);
    expect(body.output_config.format.type).toBe('json_schema');
    expect(JSON.stringify(body.output_config.format.schema)).toContain('post_order');
    expect(body.system).toContain('português do Brasil');
    expect(body.system).toContain('avoid_topics');
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0]?.role).toBe('user');
    expect(readPostsRequest(body.messages[0]!.content)).toEqual({
      count: 2,
      theme: { name: THEME.name, description: THEME.description },
      tones: ['Descontraído', 'Informativo'],
      avoid_topics: ['Política', 'Religião'],
      max_characters: 280,
      networks: [
        { id: 'x', name: 'X (Twitter)', max_characters: 280 },
        { id: 'instagram', name: 'Instagram', max_characters: 2200 },
        { id: 'linkedin', name: 'LinkedIn', max_characters: 3000 },
      ],
    });
  });

  it('asks for Profissional when the theme has no tones, and the tightest limit of its networks', async () => {
    await generatePosts(
      await deps(),
      await input({
        theme: { ...THEME, toneOfVoice: [], avoidTopics: [], socialNetworks: ['linkedin', 'instagram'] },
      }),
    );
    const body = aiRequests()[0]?.body as { messages: { content: string }[] };
    expect(readPostsRequest(body.messages[0]!.content)).toMatchObject({
      tones: [TONE_LABELS.professional],
      avoid_topics: [],
      max_characters: 2200,
    });
  });

  it('never puts the key in the request body, the recorded headers or the logs (S2)', async () => {
    logLines.length = 0;
    await generatePosts(await deps(), await input());
    sandbox.setNextAnthropicOutput('malformed');
    await generatePosts(await deps(), await input());
    sandbox.addFault({ host: HOST, status: 500, times: 2 });
    await generatePosts(await deps(), await input());
    expect(JSON.stringify(aiRequests())).not.toContain(KEY);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(KEY);
  });
});

describe('good output', () => {
  it('is used: source ai, posts in order, each with a network of the theme picked by the random source', async () => {
    const picks = [0, 0.4, 0.99, 0.7, 0.1];
    let i = 0;
    const result = await generatePosts(
      await deps({ random: () => picks[i++ % picks.length]! }),
      await input(),
    );
    expect(result).toMatchObject({ source: 'ai' });
    expect(result.fallbackReason).toBeUndefined();
    expect(result.posts.map((p) => p.post_order)).toEqual([1, 2, 3, 4, 5]);
    expect(result.posts.map((p) => p.platform)).toEqual(['x', 'instagram', 'linkedin', 'linkedin', 'x']);
    for (const post of result.posts) {
      expect(post.title.length).toBeGreaterThan(0);
      expect(post.content).toBe(post.variants![post.platform]);
      expect(measureXLength(post.variants!.x!)).toBeLessThanOrEqual(280);
    }
  });

  it('writes one text per network, in its style, instead of repeating one text (issue 15 item 4)', async () => {
    const result = await generatePosts(await deps(), await input({ count: 3 }));
    expect(result.source).toBe('ai');
    const request = aiRequests()[0]?.body as {
      system: string;
      output_config: { format: { schema: unknown } };
    };
    expect(request.system).toContain('LinkedIn: de 500 a 900 caracteres');
    expect(JSON.stringify(request.output_config.format.schema)).toContain('versions');
    for (const post of result.posts) {
      const { x, instagram, linkedin } = post.variants!;
      expect(new Set([x, instagram, linkedin]).size).toBe(3);
      expect(measureXLength(x!)).toBeLessThanOrEqual(280);
      expect(instagram).toMatch(/#dicas #conteudo$/);
      expect(linkedin).toContain('\n\n');
      expect(x).not.toContain('\n');
    }
  });

  it('works through the draft generator with a themes row', async () => {
    const user = await makeUser(handle, 'ai-row');
    const generator = createDraftGenerator(await deps());
    const result = await generator.generate({
      userId: user.id,
      theme: {
        name: THEME.name,
        description: THEME.description,
        tone_of_voice: ['inspirational'],
        avoid_topics: [],
        social_networks: ['facebook'],
      },
      count: 15,
      mode: 'creation',
      requestId: 'req-1',
    });
    expect(result.source).toBe('ai');
    expect(result.posts).toHaveLength(15);
    expect(new Set(result.posts.map((p) => p.platform))).toEqual(new Set(['facebook']));
  });
});

describe('chunked requests: 15 posts × 4 networks at theme creation', () => {
  const ALL: Platform[] = ['x', 'linkedin', 'facebook', 'instagram'];
  const creation = () => input({ count: 15, theme: { ...THEME, socialNetworks: ALL } });
  /** What the local templates write for each slot (the AI's texts must differ). */
  const templates = templatePosts({
    themeName: THEME.name,
    themeDescription: THEME.description,
    platforms: ALL,
    count: 15,
    random: () => 0,
  });
  const isTemplate = (post: { post_order: number; variants?: Partial<Record<Platform, string>> }) =>
    ALL.every((p) => post.variants?.[p] === templates[post.post_order - 1]!.variants?.[p]);
  const partOf = (request: { body: unknown }) =>
    readPostsRequest((request.body as { messages: { content: string }[] }).messages[0]!.content)!;

  // Output speed scaled ~33× from a real model's ~60 tokens/s, and the timeout with it (45 s → 1 s):
  // the sandbox writes ~280 tokens a post for 4 networks, ~4,600 for 15 (2.3 s here, 76 s at 60 tok/s).
  const SPEED = 2_000;
  const TIMEOUT_MS = 1_000;

  it('arrive as the AI text within the timeout, where a single request times out into templates', async () => {
    sandbox.setAnthropicOutputSpeed(SPEED);
    const d = await deps({ ai: ai({ timeoutMs: TIMEOUT_MS }) });

    const single = await generatePosts(
      { ...d, chunkOutputTokens: Number.POSITIVE_INFINITY },
      await creation(),
    );
    expect(single).toMatchObject({ source: 'templates', fallbackReason: 'timeout' });
    expect(single.posts.every(isTemplate)).toBe(true);
    sandbox.clearRequests();

    const result = await generatePosts(d, await creation());
    expect(result).toMatchObject({ source: 'ai', aiPosts: 15 });
    expect(result.fallbackReason).toBeUndefined();
    expect(result.posts.map((p) => p.post_order)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    for (const post of result.posts) {
      expect(isTemplate(post)).toBe(false);
      expect(Object.keys(post.variants!).sort()).toEqual([...ALL].sort());
      expect(post.content).toBe(post.variants![post.platform]);
      expect(post.variants!.linkedin).toContain('\n\n');
      expect(measureXLength(post.variants!.x!)).toBeLessThanOrEqual(280);
    }
    // One call per post (each ~1.3k estimated tokens), every slot asked once, each with its own angle.
    const requests = aiRequests();
    expect(requests).toHaveLength(15);
    const parts = requests.map(partOf);
    expect(parts.map((p) => p.part!.first).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 15 }, (_, i) => i + 1),
    );
    expect(parts.every((p) => p.count === 1 && p.part!.total === 15)).toBe(true);
    expect(new Set(parts.map((p) => p.angles![0])).size).toBe(15);
    for (const request of requests)
      expect((request.body as { max_tokens: number }).max_tokens).toBeLessThan(2_500);
    // Slot k carries the sandbox's post k: the merge kept the slots in order.
    expect(new Set(result.posts.map((p) => p.variants!.x)).size).toBeGreaterThan(5);
  });

  it('one failing chunk: only its post comes from the templates, the others keep the AI text, and the result says so', async () => {
    sandbox.setNextAnthropicOutput('malformed'); // the first call to arrive
    const result = await generatePosts(await deps(), await creation());
    const failedSlot = partOf(aiRequests()[0]!).part!.first;
    expect(result).toMatchObject({ source: 'mixed', fallbackReason: 'malformed', aiPosts: 14 });
    expect(result.posts).toHaveLength(15);
    expect(result.posts.map((p) => p.post_order)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(result.posts.filter(isTemplate).map((p) => p.post_order)).toEqual([failedSlot]);
    expect(aiRequests()).toHaveLength(15);
  });

  it('on the card a failing chunk leaves fewer drafts, all the AI text, renumbered (no templates mixed in)', async () => {
    sandbox.setNextAnthropicOutput('no_posts');
    const result = await generatePosts(
      await deps(),
      await input({ count: 5, mode: 'card', theme: { ...THEME, socialNetworks: ALL } }),
    );
    expect(result).toMatchObject({ source: 'ai', aiPosts: 4 });
    expect(result.fallbackReason).toBeUndefined();
    expect(result.posts.map((p) => p.post_order)).toEqual([1, 2, 3, 4]);
    expect(result.posts.some(isTemplate)).toBe(false);
  });

  it('an API that stops answering is not asked again: the slots not started yet come from the templates', async () => {
    sandbox.setAnthropicOutputSpeed(SPEED);
    sandbox.addFault({ host: HOST, pathPrefix: '/v1/messages', delayMs: 5_000, times: 2 });
    const started = Date.now();
    const result = await generatePosts(await deps({ ai: ai({ timeoutMs: 300 }) }), await creation());
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(result).toMatchObject({ source: 'mixed', fallbackReason: 'timeout' });
    expect(result.posts).toHaveLength(15);
    const fromTemplates = result.posts.filter(isTemplate).length;
    expect(fromTemplates).toBe(15 - result.aiPosts!);
    // Calls already running finish; none starts after the timeout: those slots were never asked
    // for (the SDK's retry may repeat a slot that was) and are templates.
    const asked = new Set(aiRequests().map((r) => partOf(r).part!.first));
    expect(asked.size).toBeLessThan(15);
    for (const post of result.posts) if (!asked.has(post.post_order)) expect(isTemplate(post)).toBe(true);
    expect(fromTemplates).toBeGreaterThan(15 - asked.size);
  });
});

describe('X copies never exceed 280 weighted characters', () => {
  it('trims too-long AI posts at a sentence boundary', async () => {
    sandbox.setNextAnthropicOutput('too_long', 20);
    const result = await generatePosts(await deps(), await input({ count: 10 }));
    expect(result.source).toBe('ai');
    expect(result.posts).toHaveLength(10);
    for (const post of result.posts) {
      expect(measureXLength(post.variants!.x!)).toBeLessThanOrEqual(280);
      expect(post.variants!.x).toMatch(/[.!?]$/);
      expect(post.content).toBe(post.variants![post.platform]);
    }
  });

  it('trims at the X limit even when the theme is X only, and at 2,200 for Instagram', async () => {
    sandbox.setNextAnthropicOutput('too_long', 20);
    const x = await generatePosts(await deps(), await input({ theme: { ...THEME, socialNetworks: ['x'] } }));
    for (const post of x.posts) expect(measureXLength(post.content)).toBeLessThanOrEqual(280);
    const instagram = await generatePosts(
      await deps(),
      await input({ theme: { ...THEME, socialNetworks: ['instagram', 'facebook'] } }),
    );
    expect(instagram.source).toBe('ai');
    for (const post of instagram.posts) {
      expect([...post.variants!.instagram!].length).toBeLessThanOrEqual(2200);
      expect([...post.variants!.instagram!].length).toBeGreaterThan(1000);
    }
  });
});

describe('failures at creation and on the card fall back to templates; the screen throws', () => {
  it('malformed output', async () => {
    sandbox.setNextAnthropicOutput('malformed', 20);
    expectTemplates(await generatePosts(await deps(), await input({ count: 15 })), 'malformed', 15);
    expect(aiRequests().length).toBeGreaterThan(1);
    sandbox.setNextAnthropicOutput('malformed', 20);
    const error = await screenError(generatePosts(await deps(), await input({ mode: 'screen' })));
    expect(error.code).toBe('AI_MALFORMED');
    expect(error.userMessage).toBe('Formato de resposta inválido da IA');
  });

  it('no posts', async () => {
    sandbox.setNextAnthropicOutput('no_posts', 20);
    expectTemplates(await generatePosts(await deps(), await input({ mode: 'card' })), 'no_posts', 5);
    sandbox.setNextAnthropicOutput('no_posts', 20);
    const error = await screenError(generatePosts(await deps(), await input({ mode: 'screen' })));
    expect(error).toMatchObject({ code: 'AI_MALFORMED', reason: 'no_posts' });
  });

  it('HTTP 500 (after the single SDK retry)', async () => {
    sandbox.addFault({ host: HOST, pathPrefix: '/v1/messages', status: 500, times: 2 });
    expectTemplates(await generatePosts(await deps(), await input({ count: 2 })), 'http_error', 2);
    expect(aiRequests()).toHaveLength(2);
    sandbox.addFault({ host: HOST, pathPrefix: '/v1/messages', status: 529, times: 2 });
    const error = await screenError(generatePosts(await deps(), await input({ mode: 'screen', count: 2 })));
    expect(error.code).toBe('AI_UNAVAILABLE');
    expect(error.userMessage).toBe('Erro ao gerar posts com IA');
  });

  it('a 500 followed by a good answer is recovered by the retry', async () => {
    sandbox.addFault({ host: HOST, pathPrefix: '/v1/messages', status: 500 });
    const result = await generatePosts(await deps(), await input({ count: 2 }));
    expect(result.source).toBe('ai');
    expect(aiRequests()).toHaveLength(2);
  });

  it('a timeout', async () => {
    sandbox.addFault({ host: HOST, pathPrefix: '/v1/messages', delayMs: 3000, times: 20 });
    const started = Date.now();
    const result = await generatePosts(await deps({ ai: ai({ timeoutMs: 300 }) }), await input());
    expect(Date.now() - started).toBeLessThan(2000);
    expectTemplates(result, 'timeout', 5);
    sandbox.clearFaults();
    sandbox.addFault({ host: HOST, pathPrefix: '/v1/messages', delayMs: 3000, times: 20 });
    const error = await screenError(
      generatePosts(await deps({ ai: ai({ timeoutMs: 300 }) }), await input({ mode: 'screen' })),
    );
    expect(error).toMatchObject({ code: 'AI_UNAVAILABLE', reason: 'timeout' });
  });

  it("Anthropic's 429 with a long Retry-After ends at the deadline, not after the wait", async () => {
    sandbox.addFault({ host: HOST, pathPrefix: '/v1/messages', retryAfterSeconds: 30 });
    const started = Date.now();
    const result = await generatePosts(await deps({ ai: ai({ timeoutMs: 500 }) }), await input({ count: 2 }));
    expect(Date.now() - started).toBeLessThan(2500);
    expectTemplates(result, 'timeout', 2);
    expect(aiRequests()).toHaveLength(1);
  });

  it('a rejected key (401)', async () => {
    const result = await generatePosts(
      await deps({ ai: ai({ apiKey: 'sk-ant-sandbox-rejected' }) }),
      await input({ count: 2 }),
    );
    expectTemplates(result, 'http_error', 2);
    expect(aiRequests()).toHaveLength(1);
  });

  it('no key: templates without any request', async () => {
    const noKey = { ai: ai({ apiKey: undefined }) };
    expectTemplates(await generatePosts(await deps(noKey), await input({ count: 15 })), 'no_key', 15);
    const error = await screenError(generatePosts(await deps(noKey), await input({ mode: 'screen' })));
    expect(error).toMatchObject({ code: 'AI_UNAVAILABLE', reason: 'no_key' });
    expect(aiRequests()).toHaveLength(0);
  });
});

describe('per-user rate limit (R2)', () => {
  const small = {
    burst: { limit: 3, windowMs: 60_000, blockMs: 60_000 },
    daily: { limit: 100, windowMs: 86_400_000, blockMs: 86_400_000 },
  };

  it('counts one use per drafting request, however many calls it takes (chunks), and refuses past the limit without calling the AI', async () => {
    const user = await makeUser(handle, 'ai-limit');
    const d = await deps({ rateLimits: small });
    const base = { userId: user.id, theme: THEME, count: 5 } as const;
    for (let i = 0; i < 3; i += 1) {
      expect((await generatePosts(d, { ...base, mode: 'card' })).source).toBe('ai');
    }
    expectTemplates(await generatePosts(d, { ...base, mode: 'creation' }), 'rate_limited', 5);
    const error = await screenError(generatePosts(d, { ...base, mode: 'screen' }));
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    // 5 posts for 3 networks are 3 calls each: 3 uses made 9 calls and spent 3 of the quota.
    expect(aiRequests()).toHaveLength(9);
    // Another user is not affected.
    expect((await generatePosts(d, await input())).source).toBe('ai');
  });

  it('a concurrent burst never gets more calls through than the quota', async () => {
    const user = await makeUser(handle, 'ai-burst');
    const d = await deps({ rateLimits: small });
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        generatePosts(d, { userId: user.id, theme: THEME, count: 1, mode: 'card' }),
      ),
    );
    expect(results.filter((r) => r.source === 'ai')).toHaveLength(3);
    expect(results.filter((r) => r.fallbackReason === 'rate_limited')).toHaveLength(9);
    expect(aiRequests()).toHaveLength(3);
  });

  it('counts the daily quota too', async () => {
    const user = await makeUser(handle, 'ai-daily');
    const d = await deps({
      rateLimits: {
        burst: { limit: 50, windowMs: 60_000, blockMs: 60_000 },
        daily: { limit: 2, windowMs: 86_400_000, blockMs: 86_400_000 },
      },
    });
    const base = { userId: user.id, theme: THEME, count: 1, mode: 'card' } as const;
    expect((await generatePosts(d, base)).source).toBe('ai');
    expect((await generatePosts(d, base)).source).toBe('ai');
    expect((await generatePosts(d, base)).fallbackReason).toBe('rate_limited');
  });

  it('fails closed when the limiter store is down', async () => {
    const broken = await createDb({ databaseUrl: 'postgres://postgres@127.0.0.1:1/nowhere', poolSize: 1 });
    const d = await deps({ db: broken.db });
    const user = await makeUser(handle, 'ai-down');
    const base = { userId: user.id, theme: THEME, count: 5 } as const;
    expectTemplates(await generatePosts(d, { ...base, mode: 'creation' }), 'limiter_unavailable', 5);
    const error = await screenError(generatePosts(d, { ...base, mode: 'screen' }));
    expect(error.code).toBe('AI_UNAVAILABLE');
    expect(aiRequests()).toHaveLength(0);
    await broken.close();
  });
});
