import { measureXLength } from '@pauta/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANTHROPIC_REJECTED_KEY, readPostsRequest } from './anthropic.js';
import { type SandboxHandle, startSandbox } from './server.js';

let sandbox: SandboxHandle;

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    anthropic: { rejectedApiKeys: [ANTHROPIC_REJECTED_KEY, 'sk-revoked'] },
  });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => sandbox.reset());

const KEY = 'sk-ant-test-0123456789';

function postsBlock(input: Record<string, unknown>): string {
  return `Escreva os posts.\n<posts_request>\n${JSON.stringify(input)}\n</posts_request>`;
}

const X_REQUEST = {
  count: 5,
  theme: {
    name: 'Café especial',
    description:
      'Dicas de preparo, origem dos grãos e cultura do café especial brasileiro para quem quer começar em casa.',
  },
  tones: ['Descontraído', 'Informativo'],
  avoid_topics: ['Política'],
  max_characters: 280,
  networks: [
    { id: 'x', name: 'X (Twitter)', max_characters: 280 },
    { id: 'instagram', name: 'Instagram', max_characters: 2200 },
  ],
};

function body(overrides: Record<string, unknown> = {}) {
  return {
    model: 'claude-sonnet-5-5',
    max_tokens: 4096,
    system: 'Você escreve posts em pt-BR.',
    messages: [{ role: 'user', content: postsBlock(X_REQUEST) }],
    output_config: {
      format: {
        type: 'json_schema',
        schema: {
          type: 'object',
          properties: { posts: { type: 'array' } },
          required: ['posts'],
          additionalProperties: false,
        },
      },
    },
    ...overrides,
  };
}

async function call(
  payload: unknown,
  headers: Record<string, string> = { authorization: `Bearer ${KEY}`, 'anthropic-version': '2026-10-21' },
): Promise<{ status: number; json: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(`${sandbox.url}/api.anthropic.com/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  return {
    status: response.status,
    json: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}

function textOf(json: Record<string, unknown>): string {
  return (json.content as { type: string; text: string }[])[0]!.text;
}

type Post = { title: string; content: string; post_order: number };

describe('authentication and headers', () => {
  it('answers 401 authentication_error without a key or with a rejected key', async () => {
    const none = await call(body(), { 'anthropic-version': '2026-10-21' });
    expect(none.status).toBe(401);
    expect(none.json).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
    expect(none.json.request_id).toMatch(/^req_/);
    const attempts: Record<string, string>[] = [
      { 'x-api-key': ANTHROPIC_REJECTED_KEY, 'anthropic-version': '2026-10-21' },
      { authorization: 'Bearer sk-revoked', 'anthropic-version': '2026-10-21' },
    ];
    for (const headers of attempts) {
      const rejected = await call(body(), headers);
      expect(rejected.status).toBe(401);
      expect(rejected.json).toEqual({
        type: 'error',
        error: { type: 'authentication_error', message: 'invalid x-api-key' },
        request_id: expect.any(String),
      });
    }
  });

  it('accepts any other key, by x-api-key or Authorization: Bearer', async () => {
    expect((await call(body(), { 'x-api-key': 'anything', 'anthropic-version': '2026-10-21' })).status).toBe(
      200,
    );
    expect((await call(body())).status).toBe(200);
  });

  it('requires a known anthropic-version', async () => {
    const missing = await call(body(), { authorization: `Bearer ${KEY}` });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({
      error: { type: 'invalid_request_error', message: 'anthropic-version: header is required' },
    });
    expect(
      (await call(body(), { authorization: `Bearer ${KEY}`, 'anthropic-version': '1999-01-01' })).status,
    ).toBe(400);
  });
});

describe('body checks', () => {
  it.each(['temperature', 'top_p', 'top_k'])(
    'rejects %s like API version 2026-10-21, even at its default',
    async (name) => {
      const result = await call(body({ [name]: 1 }));
      expect(result.status).toBe(400);
      expect(result.json).toMatchObject({
        type: 'error',
        error: { type: 'invalid_request_error', message: `${name}: Extra inputs are not permitted` },
      });
    },
  );

  it('still takes sampling parameters on the old 2023-06-01 version', async () => {
    const result = await call(body({ temperature: 0.7 }), {
      'x-api-key': KEY,
      'anthropic-version': '2023-06-01',
    });
    expect(result.status).toBe(200);
  });

  it.each([
    ['model', { model: undefined }, 'model: Field required'],
    ['max_tokens', { max_tokens: undefined }, 'max_tokens: Field required'],
    ['messages', { messages: undefined }, 'messages: Field required'],
    ['empty messages', { messages: [] }, 'messages: at least one message is required'],
    [
      'bad role',
      { messages: [{ role: 'system', content: 'x' }] },
      "messages.0.role: Input should be 'user' or 'assistant'",
    ],
    [
      'bad format',
      { output_config: { format: { type: 'xml' } } },
      "output_config.format.type: Input should be 'json_schema'",
    ],
  ])('rejects a body without a valid %s', async (_label, overrides, message) => {
    const result = await call(body(overrides));
    expect(result.status).toBe(400);
    expect(result.json).toMatchObject({ error: { type: 'invalid_request_error', message } });
  });

  it('answers 404 not_found_error for a model that does not exist, and for other paths', async () => {
    const result = await call(body({ model: 'gpt-9' }));
    expect(result.status).toBe(404);
    expect(result.json).toMatchObject({ error: { type: 'not_found_error', message: 'model: gpt-9' } });
    const other = await fetch(`${sandbox.url}/api.anthropic.com/v1/complete`, { method: 'POST' });
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
  });

  it('answers a body that is not JSON in Anthropic shape', async () => {
    const result = await call('{"model": ');
    expect(result.status).toBe(400);
    expect(result.json).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
  });
});

describe('answers', () => {
  it('has the Message shape', async () => {
    const result = await call(body());
    expect(result.status).toBe(200);
    expect(result.headers.get('request-id')).toMatch(/^req_/);
    expect(result.json).toMatchObject({
      id: expect.stringMatching(/^msg_/),
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-5-5',
      content: [{ type: 'text', text: expect.any(String) }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: expect.any(Number), output_tokens: expect.any(Number) },
    });
  });

  it('drafts the requested number of pt-BR posts within the tightest limit (X weighted)', async () => {
    const posts = (JSON.parse(textOf((await call(body())).json)) as { posts: Post[] }).posts;
    expect(posts).toHaveLength(5);
    expect(posts.map((p) => p.post_order)).toEqual([1, 2, 3, 4, 5]);
    for (const post of posts) {
      expect(post.title).toContain('Café especial');
      expect(post.content).toContain('Café especial');
      expect(measureXLength(post.content)).toBeLessThanOrEqual(280);
    }
    expect(posts.some((p) => p.content.includes('#CafeEspecial'))).toBe(true);
  });

  it('keeps to the limit even for a long theme with emoji on X', async () => {
    const input = {
      ...X_REQUEST,
      count: 15,
      theme: { name: `Receitas 🍰 ${'muito '.repeat(15)}fáceis`, description: '漢字'.repeat(300) },
      networks: [{ id: 'x', max_characters: 280 }],
    };
    const result = await call(body({ messages: [{ role: 'user', content: postsBlock(input) }] }));
    const posts = (JSON.parse(textOf(result.json)) as { posts: Post[] }).posts;
    expect(posts).toHaveLength(15);
    for (const post of posts) {
      expect(post.content.length).toBeGreaterThan(0);
      expect(measureXLength(post.content)).toBeLessThanOrEqual(280);
    }
  });

  it('answers plain text to a request that is not a drafting request', async () => {
    const result = await call(
      body({ output_config: undefined, messages: [{ role: 'user', content: 'Oi' }] }),
    );
    expect(textOf(result.json)).toContain('simulador');
  });

  it('stops at max_tokens like the real API', async () => {
    const result = await call(body({ max_tokens: 10 }));
    expect(result.json.stop_reason).toBe('max_tokens');
    const cut = textOf(result.json);
    expect(() => JSON.parse(cut)).toThrow();
  });
});

describe('steering the next answers', () => {
  it('returns malformed output once, then good output again', async () => {
    sandbox.setNextAnthropicOutput('malformed');
    const malformed = textOf((await call(body())).json);
    expect(() => JSON.parse(malformed)).toThrow();
    expect(JSON.parse(textOf((await call(body())).json)).posts).toHaveLength(5);
  });

  it('returns no posts, over HTTP control too', async () => {
    const control = await fetch(`${sandbox.url}/__sandbox/anthropic/next`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'no_posts', times: 2 }),
    });
    expect(control.status).toBe(201);
    expect(JSON.parse(textOf((await call(body())).json))).toEqual({ posts: [] });
    expect(JSON.parse(textOf((await call(body())).json))).toEqual({ posts: [] });
    expect(JSON.parse(textOf((await call(body())).json)).posts).toHaveLength(5);
    const bad = await fetch(`${sandbox.url}/__sandbox/anthropic/next`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'gibberish' }),
    });
    expect(bad.status).toBe(400);
  });

  it('returns posts over the limit made of whole sentences', async () => {
    sandbox.setNextAnthropicOutput('too_long');
    const posts = (JSON.parse(textOf((await call(body())).json)) as { posts: Post[] }).posts;
    expect(posts).toHaveLength(5);
    for (const post of posts) {
      expect(measureXLength(post.content)).toBeGreaterThan(280);
      expect(post.content.split(/(?<=[.!?])\s+/).length).toBeGreaterThan(3);
    }
  });

  it("'ok' clears queued modes and reset() does too", async () => {
    sandbox.setNextAnthropicOutput('malformed', 3);
    sandbox.setNextAnthropicOutput('ok');
    expect(JSON.parse(textOf((await call(body())).json)).posts).toHaveLength(5);
    sandbox.setNextAnthropicOutput('no_posts');
    sandbox.reset();
    expect(JSON.parse(textOf((await call(body())).json)).posts).toHaveLength(5);
  });
});

describe('output speed and chunks', () => {
  it('takes output_tokens / speed to answer, like a model generating at that speed; reset() restores it', async () => {
    sandbox.setAnthropicOutputSpeed(2_000);
    const started = Date.now();
    const answer = await call(body());
    const elapsed = Date.now() - started;
    const tokens = (answer.json.usage as { output_tokens: number }).output_tokens;
    expect(tokens).toBeGreaterThan(100);
    // Never sooner than the generation takes at that speed (a lower bound, not a timing target).
    expect(elapsed).toBeGreaterThanOrEqual(Math.floor((tokens / 2_000) * 1000) - 2);
    expect(sandbox.control.anthropic.generationMs(tokens)).toBe(Math.round((tokens / 2_000) * 1000));
    sandbox.reset();
    expect(sandbox.control.anthropic.generationMs(tokens)).toBe(0);
  });

  it('sets the speed over HTTP control too, and refuses a bad one', async () => {
    const set = (payload: unknown) =>
      fetch(`${sandbox.url}/__sandbox/anthropic/speed`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
    expect((await set({ tokensPerSecond: 60 })).status).toBe(201);
    expect(sandbox.control.anthropic.outputTokensPerSecond).toBe(60);
    expect((await set({ tokensPerSecond: null })).status).toBe(201);
    expect(sandbox.control.anthropic.outputTokensPerSecond).toBe(0);
    expect((await set({ tokensPerSecond: -1 })).status).toBe(400);
    expect((await set({ speed: 60 })).status).toBe(400);
  });

  it('writes the slots of a chunk: the same posts the whole request has there, numbered from 1', async () => {
    const networks = [
      { id: 'x', name: 'X (Twitter)', max_characters: 280 },
      { id: 'linkedin', name: 'LinkedIn', max_characters: 3000 },
    ];
    const whole = { ...X_REQUEST, count: 6, networks };
    const chunk = {
      ...whole,
      count: 2,
      part: { first: 4, last: 5, total: 6 },
      angles: ['um erro comum', 'mito ou verdade'],
    };
    const ask = async (request: Record<string, unknown>) =>
      (
        JSON.parse(
          textOf((await call(body({ messages: [{ role: 'user', content: postsBlock(request) }] }))).json),
        ) as { posts: (Post & { versions: unknown })[] }
      ).posts;
    const all = await ask(whole);
    const part = await ask(chunk);
    expect(part.map((p) => p.post_order)).toEqual([1, 2]);
    expect(part.map(({ post_order: _, ...p }) => p)).toEqual(
      all.slice(3, 5).map(({ post_order: _, ...p }) => p),
    );
    expect(readPostsRequest(postsBlock(chunk))).toMatchObject({ part: { first: 4, last: 5, total: 6 } });
  });
});

describe('faults and recording', () => {
  it('answers injected faults in Anthropic error shape', async () => {
    sandbox.addFault({ host: 'api.anthropic.com', pathPrefix: '/v1/messages', status: 529 });
    const overloaded = await call(body());
    expect(overloaded.status).toBe(529);
    expect(overloaded.json).toMatchObject({
      type: 'error',
      error: { type: 'overloaded_error', message: 'Overloaded' },
    });
    sandbox.addFault({ host: 'api.anthropic.com', status: 500 });
    expect((await call(body())).json).toMatchObject({ error: { type: 'api_error' } });
    sandbox.addFault({ host: 'api.anthropic.com', retryAfterSeconds: 7 });
    const limited = await call(body());
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(limited.json).toMatchObject({ error: { type: 'rate_limit_error' } });
    expect((await call(body())).status).toBe(200);
  });

  it('delays an answer', async () => {
    sandbox.addFault({ host: 'api.anthropic.com', delayMs: 150 });
    const started = Date.now();
    expect((await call(body())).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('records what was sent, with the key redacted', async () => {
    await call(body(), { 'x-api-key': KEY, 'anthropic-version': '2026-10-21' });
    await call(body());
    const requests = sandbox.requests({ host: 'api.anthropic.com', pathPrefix: '/v1/messages' });
    expect(requests).toHaveLength(2);
    expect(requests[0]?.headers['x-api-key']).toBe('[redacted]');
    expect(requests[1]?.headers.authorization).toBe('Bearer');
    expect(JSON.stringify(requests)).not.toContain(KEY);
    expect(requests[0]?.body).toMatchObject({ model: 'claude-sonnet-5-5', max_tokens: 4096 });
    const sent = requests[0]?.body as { messages: { content: string }[] };
    expect(readPostsRequest(sent.messages[0]!.content)).toMatchObject({ count: 5, max_characters: 280 });
  });
});

describe('readPostsRequest', () => {
  it('reads the block and tolerates missing fields', () => {
    expect(readPostsRequest('no block here')).toBeNull();
    expect(readPostsRequest('<posts_request>{not json</posts_request>')).toBeNull();
    expect(readPostsRequest('<posts_request>{"count": 3}</posts_request>')).toMatchObject({
      count: 3,
      theme: { name: 'Conteúdo', description: '' },
      tones: [],
      networks: [],
    });
  });
});
