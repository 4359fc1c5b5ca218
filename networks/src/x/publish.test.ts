import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PublishError, type PublishTarget } from '../publishing/types.js';
import { derivedMetrics } from '../sandbox/posts.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch } from '../sandbox-url.js';
import { createXAdapter } from './publish.js';

let sandbox: SandboxHandle;
let sequence = 0;

beforeAll(async () => {
  sandbox = await startSandbox();
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(() => {
  sandbox.reset();
  sandbox.clearPublishedPosts();
});

function connect(scopes?: string[], user?: string): PublishTarget {
  const issued = sandbox.issueToken({
    network: 'x',
    ...(scopes === undefined ? {} : { scopes }),
    ...(user === undefined ? {} : { user }),
  });
  return { platformUserId: issued.platformUserId, accessToken: issued.accessToken };
}

function text(): string {
  sequence += 1;
  return `Bom dia! Post nº ${sequence} de ${Date.now()}`;
}

async function failure(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PublishError)) throw new Error(`expected a PublishError, got ${String(error)}`);
  return error;
}

const adapter = () => createXAdapter({ fetch: createNetworkFetch(sandbox.url) });

describe('X adapter', () => {
  it('posts { text } with the bearer token and returns the tweet link', async () => {
    const body = text();
    const result = await adapter().publish({ target: connect(), title: 't', text: body });
    expect(result.platformPostId).toMatch(/^\d+$/);
    expect(result.url).toBe(`https://x.com/i/web/status/${result.platformPostId}`);
    const calls = sandbox.requests({ host: 'api.twitter.com', pathPrefix: '/2/tweets', method: 'POST' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers).toMatchObject({ authorization: 'Bearer', 'content-type': 'application/json' });
    expect(calls[0]?.body).toEqual({ text: body });
  });

  it('the same text twice → 403 duplicate → permanent DUPLICATE_CONTENT, one post', async () => {
    const target = connect();
    const body = text();
    await adapter().publish({ target, title: 't', text: body });
    const error = await failure(adapter().publish({ target, title: 't', text: body }));
    expect(error).toMatchObject({ kind: 'permanent', code: 'DUPLICATE_CONTENT', details: { status: 403 } });
    expect(sandbox.publishedPosts('x')).toHaveLength(1);
    // Another author may say the same thing.
    await adapter().publish({ target: connect(undefined, 'bruno'), title: 't', text: body });
    expect(sandbox.publishedPosts('x')).toHaveLength(2);
  });

  it('checks the weighted 280 limit before any request', async () => {
    const error = await failure(adapter().publish({ target: connect(), title: 't', text: '界'.repeat(141) }));
    expect(error).toMatchObject({ kind: 'permanent', code: 'CONTENT_TOO_LONG' });
    expect(error.message).toContain('282');
    expect(sandbox.requests()).toHaveLength(0);
  });

  it('429 with x-rate-limit-reset → rate_limited until the reset', async () => {
    const reset = Math.floor(Date.now() / 1000) + 120;
    sandbox.addFault({
      host: 'api.twitter.com',
      pathPrefix: '/2/tweets',
      status: 429,
      headers: { 'x-rate-limit-reset': String(reset) },
      body: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
    });
    const error = await failure(adapter().publish({ target: connect(), title: 't', text: text() }));
    expect(error.kind).toBe('rate_limited');
    expect(error.details.retryAfterMs).toBeGreaterThan(115_000);
    expect(error.details.retryAfterMs).toBeLessThanOrEqual(120_000);
  });

  it('an expired token → auth', async () => {
    const target = connect();
    sandbox.expireAccessToken(target.accessToken);
    const error = await failure(adapter().publish({ target, title: 't', text: text() }));
    expect(error).toMatchObject({ kind: 'auth', code: 'ACCOUNT_NEEDS_RECONNECT' });
  });

  it('without tweet.write → 403, permanent', async () => {
    const target = connect(['tweet.read', 'users.read']);
    const error = await failure(adapter().publish({ target, title: 't', text: text() }));
    expect(error).toMatchObject({ kind: 'permanent', code: 'REJECTED', details: { status: 403 } });
  });

  it('reads public_metrics for many ids in one call; missing posts map to null', async () => {
    const target = connect();
    const first = await adapter().publish({ target, title: 't', text: text() });
    const second = await adapter().publish({ target, title: 't', text: text() });
    sandbox.setPostMetrics({ platformPostId: second.platformPostId, reach: 5000, likes: 321, comments: 12 });
    sandbox.clearRequests();
    const metrics = await adapter().fetchMetrics({
      target,
      platformPostIds: [first.platformPostId, second.platformPostId, '1234567890123456789'],
    });
    const expected = sandbox.control.postMetrics(first.platformPostId);
    expect(metrics.get(first.platformPostId)).toEqual({
      reach: expected.reach,
      likes: expected.likes,
      comments: expected.comments,
    });
    // A post just published has a small share of its final numbers (they grow with time).
    expect(expected.reach).toBeLessThanOrEqual(derivedMetrics(first.platformPostId).reach);
    expect(metrics.get(second.platformPostId)).toEqual({ reach: 5000, likes: 321, comments: 12 });
    expect(metrics.get('1234567890123456789')).toBeNull();
    const calls = sandbox.requests({ host: 'api.twitter.com', pathPrefix: '/2/tweets', method: 'GET' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.query).toMatchObject({ 'tweet.fields': 'public_metrics' });
  });

  it('metrics with a revoked token → auth', async () => {
    const target = connect();
    sandbox.revokeToken(target.accessToken);
    const error = await failure(adapter().fetchMetrics({ target, platformPostIds: ['1'] }));
    expect(error.kind).toBe('auth');
  });
});

describe('sandbox X surface', () => {
  it('GET /2/users/me reports followers_count', async () => {
    const target = connect();
    const response = await fetch(`${sandbox.url}/api.twitter.com/2/users/me?user.fields=public_metrics`, {
      headers: { Authorization: `Bearer ${target.accessToken}` },
    });
    const body = (await response.json()) as { data: { public_metrics: { followers_count: number } } };
    expect(body.data.public_metrics.followers_count).toBeGreaterThan(0);
  });

  it('POST /2/tweets answers 201 { data: { id, text, edit_history_tweet_ids } }', async () => {
    const target = connect();
    const response = await fetch(`${sandbox.url}/api.twitter.com/2/tweets`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${target.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'olá mundo do sandbox' }),
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as {
      data: { id: string; text: string; edit_history_tweet_ids: string[] };
    };
    expect(body.data.edit_history_tweet_ids).toEqual([body.data.id]);
    const empty = await fetch(`${sandbox.url}/api.twitter.com/2/tweets`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${target.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: '' }),
    });
    expect(empty.status).toBe(400);
  });
});
