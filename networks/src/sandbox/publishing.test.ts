// The sandbox's publishing control surface over HTTP (what the e2e suite and benchmarks use).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { derivedMetrics, type SandboxPublishedPost } from './posts.js';
import { type SandboxHandle, startSandbox } from './server.js';

let sandbox: SandboxHandle;

beforeAll(async () => {
  sandbox = await startSandbox({ publishLatencyMs: 0 });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(() => {
  sandbox.reset();
  sandbox.clearPublishedPosts();
});

async function control(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${sandbox.url}/__sandbox/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function tweet(token: string, text: string): Promise<string> {
  const response = await fetch(`${sandbox.url}/api.twitter.com/2/tweets`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

describe('publishing control over HTTP', () => {
  it('POST /tokens issues a token; GET /posts lists what was published; DELETE /posts forgets it', async () => {
    const issued = await control('POST', 'tokens', { network: 'x', user: 'bruno' });
    expect(issued.status).toBe(201);
    const { accessToken, platformUserId } = (await issued.json()) as {
      accessToken: string;
      platformUserId: string;
    };
    const id = await tweet(accessToken, 'primeiro post');
    const listed = (await (await control('GET', 'posts?network=x')).json()) as {
      posts: SandboxPublishedPost[];
    };
    expect(listed.posts).toEqual([
      expect.objectContaining({ network: 'x', id, authorId: platformUserId, text: 'primeiro post' }),
    ]);
    const other = (await (await control('GET', 'posts?network=linkedin')).json()) as { posts: unknown[] };
    expect(other.posts).toEqual([]);
    expect((await control('DELETE', 'posts')).status).toBe(204);
    expect(sandbox.publishedPosts()).toEqual([]);
    // The duplicate memory went with them.
    await tweet(accessToken, 'primeiro post');
  });

  it('POST /metrics overrides what the networks report', async () => {
    const { accessToken } = sandbox.issueToken({ network: 'x' });
    const id = await tweet(accessToken, 'post com métricas');
    const set = await control('POST', 'metrics', { platformPostId: id, reach: 10, likes: 2, comments: 1 });
    expect(set.status).toBe(201);
    expect(await set.json()).toMatchObject({ known: true, metrics: { reach: 10, likes: 2, comments: 1 } });
    const response = await fetch(
      `${sandbox.url}/api.twitter.com/2/tweets?ids=${id}&tweet.fields=public_metrics`,
      {
        headers: { Authorization: `Bearer ${accessToken}` },
      },
    );
    const body = (await response.json()) as { data: { public_metrics: Record<string, number> }[] };
    expect(body.data[0]?.public_metrics).toMatchObject({
      impression_count: 10,
      like_count: 2,
      reply_count: 1,
    });
    expect((await control('POST', 'metrics', { platformPostId: id, reach: -1 })).status).toBe(400);
  });

  it('POST /publish-latency delays publish answers', async () => {
    expect((await control('POST', 'publish-latency', { ms: 150 })).status).toBe(201);
    const { accessToken } = sandbox.issueToken({ network: 'x' });
    const started = Date.now();
    await tweet(accessToken, 'post lento');
    expect(Date.now() - started).toBeGreaterThanOrEqual(145);
    await control('POST', 'publish-latency', { ms: 0 });
  });

  it('POST /instagram/processing sets how long containers stay IN_PROGRESS', async () => {
    expect((await control('POST', 'instagram/processing', { checks: 0 })).status).toBe(201);
    expect(sandbox.control.posts.instagramProcessingChecks).toBe(0);
    sandbox.setInstagramProcessingChecks(1);
  });
});

describe('derived metrics', () => {
  it('are deterministic and in range', () => {
    for (const id of ['1', 'urn:li:share:7', '1010000000000011_99', '17999999999999999']) {
      const m = derivedMetrics(id);
      expect(derivedMetrics(id)).toEqual(m);
      expect(m.reach).toBeGreaterThanOrEqual(100);
      expect(m.reach).toBeLessThanOrEqual(20_000);
      expect(m.likes).toBeLessThanOrEqual(m.reach);
      expect(m.comments).toBeLessThanOrEqual(m.likes);
    }
    expect(derivedMetrics('a')).not.toEqual(derivedMetrics('b'));
  });
});

describe('Instagram connect surface', () => {
  it('GET /<ig-user-id> answers the account fields', async () => {
    const user = sandbox.issueToken({ network: 'facebook' });
    const igId = user.pages[0]?.instagramAccountId;
    const response = await fetch(
      `${sandbox.url}/graph.facebook.com/v21.0/${igId}?fields=username,followers_count,media_count`,
      { headers: { Authorization: `Bearer ${user.accessToken}` } },
    );
    expect(await response.json()).toMatchObject({
      id: igId,
      username: expect.any(String),
      followers_count: expect.any(Number),
      media_count: 0,
    });
  });
});
