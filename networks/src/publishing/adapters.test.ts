// Every adapter against the in-process sandbox: one successful publish, then each failure class
// the worker relies on (RELIABILITY W3/W7/W8), driven by sandbox faults.
import { createServer } from 'node:net';
import type { Platform } from '@pauta/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPublisher as createNetworkAdapter } from '../registry.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch } from '../sandbox-url.js';
import { type ImageServer, jpegImage, serveImages } from './test-images.js';
import { type NetworkAdapter, PublishError, type PublishRequest, type PublishTarget } from './types.js';

let sandbox: SandboxHandle;
let sequence = 0;
/** A local port nothing listens on (grabbed, then released): connections are refused. */
let closedPort = 0;
let images: ImageServer;
/** A real JPEG at a URL the sandbox's Instagram fetches. */
let IMAGE = '';

beforeAll(async () => {
  sandbox = await startSandbox({ instagramProcessingChecks: 0 });
  images = await serveImages();
  IMAGE = images.put('foto.jpg', jpegImage(1080, 1080));
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  closedPort = typeof address === 'object' && address !== null ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
});

afterAll(async () => {
  await sandbox.close();
  await images.close();
});

beforeEach(() => {
  sandbox.reset();
  sandbox.clearPublishedPosts();
  sandbox.setPublishLatency(0);
});

interface NetworkCase {
  platform: Platform;
  sandboxNetwork: 'linkedin' | 'facebook' | 'x' | 'instagram' | 'threads';
  host: string;
  /** Path of the call that creates the post. */
  publishPath: (target: PublishTarget) => string;
  /** A fresh connected account. */
  target: () => PublishTarget;
  /** The token to revoke to make the account unauthorised. */
  revoke: (target: PublishTarget) => void;
  /** A request the network refuses as invalid (4xx validation). */
  invalid: (target: PublishTarget) => PublishRequest;
}

function uniqueText(): string {
  sequence += 1;
  return `Post de teste nº ${sequence} — ${Date.now()}`;
}

const cases: NetworkCase[] = [
  {
    platform: 'linkedin',
    sandboxNetwork: 'linkedin',
    host: 'api.linkedin.com',
    publishPath: () => '/rest/posts',
    target: () => {
      const issued = sandbox.issueToken({ network: 'linkedin' });
      return { platformUserId: issued.platformUserId, accessToken: issued.accessToken };
    },
    revoke: (target) => sandbox.revokeToken(target.accessToken),
    invalid: (target) => ({ target, title: 't', text: '   ' }),
  },
  {
    platform: 'facebook',
    sandboxNetwork: 'facebook',
    host: 'graph.facebook.com',
    publishPath: (target) => `/v21.0/${target.platformUserId}/feed`,
    target: () => {
      const user = sandbox.issueToken({ network: 'facebook' });
      const pageId = user.pages[0]!.id;
      const page = sandbox.issueToken({ network: 'facebook', pageId });
      return { platformUserId: pageId, accessToken: page.accessToken };
    },
    revoke: (target) => sandbox.revokeToken(target.accessToken),
    invalid: (target) => ({ target, title: 't', text: '' }),
  },
  {
    platform: 'x',
    sandboxNetwork: 'x',
    host: 'api.twitter.com',
    publishPath: () => '/2/tweets',
    target: () => {
      const issued = sandbox.issueToken({ network: 'x' });
      return { platformUserId: issued.platformUserId, accessToken: issued.accessToken };
    },
    revoke: (target) => sandbox.revokeToken(target.accessToken),
    invalid: (target) => ({ target, title: 't', text: '' }),
  },
  {
    platform: 'instagram',
    sandboxNetwork: 'instagram',
    host: 'graph.facebook.com',
    publishPath: (target) => `/v21.0/${target.platformUserId}/media_publish`,
    target: () => {
      const user = sandbox.issueToken({ network: 'facebook' });
      return { platformUserId: user.pages[0]!.instagramAccountId!, accessToken: user.accessToken };
    },
    revoke: (target) => sandbox.revokeToken(target.accessToken),
    // Meta could not process the image: the container ends in ERROR.
    invalid: (target) => ({
      target,
      title: 't',
      text: 'legenda',
      imageUrl: `${IMAGE}&sandbox_status=ERROR`,
    }),
  },
  {
    platform: 'threads',
    sandboxNetwork: 'threads',
    host: 'graph.threads.net',
    publishPath: (target) => `/v1.0/${target.platformUserId}/threads_publish`,
    target: () => {
      const issued = sandbox.issueToken({ network: 'threads' });
      return { platformUserId: issued.platformUserId, accessToken: issued.accessToken };
    },
    revoke: (target) => sandbox.revokeToken(target.accessToken),
    // A TEXT container needs a text: #100.
    invalid: (target) => ({ target, title: 't', text: '   ' }),
  },
];

function requestFor(platform: Platform, target: PublishTarget): PublishRequest {
  return {
    target,
    title: 'Título',
    text: uniqueText(),
    ...(platform === 'instagram' ? { imageUrl: IMAGE } : {}),
  };
}

async function failure(promise: Promise<unknown>): Promise<PublishError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PublishError) return error;
    throw error;
  }
  throw new Error('expected the publish to fail');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(cases)('$platform adapter', (network) => {
  let adapter: NetworkAdapter;
  let target: PublishTarget;

  beforeEach(() => {
    adapter = createNetworkAdapter(network.platform, {
      fetch: createNetworkFetch(sandbox.url),
      timeoutMs: 2000,
      statusPollIntervalMs: 5,
    });
    target = network.target();
  });

  const publishCalls = () =>
    sandbox.requests({ host: network.host, pathPrefix: network.publishPath(target), method: 'POST' });

  it('publishes once and returns the post id and link', async () => {
    const request = requestFor(network.platform, target);
    const result = await adapter.publish(request);
    expect(result.platformPostId).not.toBe('');
    expect(publishCalls()).toHaveLength(1);
    const posts = sandbox.publishedPosts(network.sandboxNetwork);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.id).toBe(result.platformPostId);
    if (network.platform !== 'linkedin') expect(posts[0]?.text).toBe(request.text);
    expect(result.url).toMatch(/^https:\/\//);
    // The token never reaches the recording.
    expect(JSON.stringify(sandbox.requests())).not.toContain(target.accessToken);
  });

  it('connection reset after sending → unknown', async () => {
    sandbox.addFault({ host: network.host, pathPrefix: network.publishPath(target), reset: true });
    const error = await failure(adapter.publish(requestFor(network.platform, target)));
    expect(error).toMatchObject({ kind: 'unknown', code: 'UNKNOWN_OUTCOME' });
    expect(error.message).not.toContain(target.accessToken);
  });

  it('503 → retryable', async () => {
    sandbox.addFault({ host: network.host, pathPrefix: network.publishPath(target), status: 503 });
    const error = await failure(adapter.publish(requestFor(network.platform, target)));
    expect(error).toMatchObject({ kind: 'retryable', code: 'NETWORK_UNAVAILABLE', details: { status: 503 } });
    expect(sandbox.publishedPosts(network.sandboxNetwork)).toHaveLength(0);
  });

  it('500 → unknown', async () => {
    sandbox.addFault({ host: network.host, pathPrefix: network.publishPath(target), status: 500 });
    const error = await failure(adapter.publish(requestFor(network.platform, target)));
    expect(error).toMatchObject({ kind: 'unknown', code: 'UNKNOWN_OUTCOME', details: { status: 500 } });
  });

  it('429 with Retry-After → rate_limited with retryAfterMs', async () => {
    sandbox.addFault({ host: network.host, pathPrefix: network.publishPath(target), retryAfterSeconds: 7 });
    const error = await failure(adapter.publish(requestFor(network.platform, target)));
    expect(error).toMatchObject({
      kind: 'rate_limited',
      code: 'RATE_LIMITED',
      details: { retryAfterMs: 7000 },
    });
  });

  it('revoked token → auth', async () => {
    network.revoke(target);
    const error = await failure(adapter.publish(requestFor(network.platform, target)));
    expect(error).toMatchObject({ kind: 'auth', code: 'ACCOUNT_NEEDS_RECONNECT' });
    expect(error.message).not.toContain(target.accessToken);
  });

  it('invalid request → permanent', async () => {
    const error = await failure(adapter.publish(network.invalid(target)));
    expect(error.kind).toBe('permanent');
    expect(error.code).toBe('REJECTED');
    expect(sandbox.publishedPosts(network.sandboxNetwork)).toHaveLength(0);
  });

  it('connection refused → retryable, nothing sent', async () => {
    const refused = createNetworkAdapter(network.platform, {
      fetch: createNetworkFetch(`http://127.0.0.1:${closedPort}`),
      timeoutMs: 2000,
    });
    const error = await failure(refused.publish(requestFor(network.platform, target)));
    expect(error).toMatchObject({
      kind: 'retryable',
      code: 'NETWORK_UNAVAILABLE',
      details: { networkCode: 'ECONNREFUSED' },
    });
  });

  it('our timeout → unknown (and the network may still publish: why we never retry it)', async () => {
    const slow = createNetworkAdapter(network.platform, {
      fetch: createNetworkFetch(sandbox.url),
      timeoutMs: 150,
      statusPollIntervalMs: 5,
    });
    sandbox.addFault({ host: network.host, pathPrefix: network.publishPath(target), delayMs: 400 });
    const error = await failure(slow.publish(requestFor(network.platform, target)));
    expect(error).toMatchObject({
      kind: 'unknown',
      code: 'UNKNOWN_OUTCOME',
      details: { networkCode: 'TIMEOUT' },
    });
    await sleep(450);
    expect(sandbox.publishedPosts(network.sandboxNetwork)).toHaveLength(1);
  });

  it('records the request before a delayed answer (crash-test signal)', async () => {
    sandbox.addFault({ host: network.host, pathPrefix: network.publishPath(target), delayMs: 300 });
    const received = sandbox.waitForRequest(
      { host: network.host, pathPrefix: network.publishPath(target) },
      2000,
    );
    const publishing = adapter.publish(requestFor(network.platform, target));
    const record = await received;
    expect(record.status).toBeNull();
    expect(sandbox.publishedPosts(network.sandboxNetwork)).toHaveLength(0);
    await publishing;
    expect(sandbox.publishedPosts(network.sandboxNetwork)).toHaveLength(1);
  });

  it('honours the publish latency after recording the request', async () => {
    sandbox.setPublishLatency(200);
    const received = sandbox.waitForRequest(
      { host: network.host, pathPrefix: network.publishPath(target) },
      2000,
    );
    const publishing = adapter.publish(requestFor(network.platform, target));
    const record = await received;
    const receivedAt = Date.now();
    expect(record.status).toBeNull();
    await publishing;
    expect(Date.now() - receivedAt).toBeGreaterThanOrEqual(180);
  });
});
