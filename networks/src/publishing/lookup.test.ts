// Asking the network about a post whose outcome is unknown (issue 24, item 3): each adapter's
// lookupRecentPost against the sandbox's listing endpoints — the request it makes, exact-text
// matching in the window, bounded pagination, and "cannot tell" whenever the answer is not sure.
import type { Platform } from '@pauta/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPublisher } from '../registry.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch } from '../sandbox-url.js';
import { findRecentPost, LOOKUP_MAX_PAGES, normaliseText } from './lookup.js';
import { type ImageServer, jpegImage, serveImages } from './test-images.js';
import type { NetworkAdapter, PublishRequest, PublishTarget } from './types.js';

let sandbox: SandboxHandle;
let images: ImageServer;
let IMAGE = '';
let sequence = 0;

beforeAll(async () => {
  sandbox = await startSandbox({ instagramProcessingChecks: 0 });
  images = await serveImages();
  IMAGE = images.put('foto.jpg', jpegImage(1080, 1080));
});
afterAll(async () => {
  await sandbox.close();
  await images.close();
});
beforeEach(() => {
  sandbox.reset();
  sandbox.clearPublishedPosts();
});

interface Case {
  platform: Platform;
  network: 'linkedin' | 'facebook' | 'x' | 'instagram' | 'threads';
  host: string;
  /** The listing call. */
  listPath: (target: PublishTarget) => string;
  /** Posts per page the adapter asks for. */
  pageSize: number;
  target: () => PublishTarget;
}

const cases: Case[] = [
  {
    platform: 'linkedin',
    network: 'linkedin',
    host: 'api.linkedin.com',
    listPath: () => '/rest/posts',
    pageSize: 50,
    target: () => {
      const issued = sandbox.issueToken({ network: 'linkedin' });
      return { platformUserId: issued.platformUserId, accessToken: issued.accessToken };
    },
  },
  {
    platform: 'facebook',
    network: 'facebook',
    host: 'graph.facebook.com',
    listPath: (target) => `/v21.0/${target.platformUserId}/posts`,
    pageSize: 25,
    target: () => {
      const user = sandbox.issueToken({ network: 'facebook' });
      const pageId = user.pages[0]!.id;
      const page = sandbox.issueToken({ network: 'facebook', pageId });
      return { platformUserId: pageId, accessToken: page.accessToken };
    },
  },
  {
    platform: 'x',
    network: 'x',
    host: 'api.twitter.com',
    listPath: (target) => `/2/users/${target.platformUserId}/tweets`,
    pageSize: 100,
    target: () => {
      const issued = sandbox.issueToken({ network: 'x' });
      return { platformUserId: issued.platformUserId, accessToken: issued.accessToken };
    },
  },
  {
    platform: 'instagram',
    network: 'instagram',
    host: 'graph.facebook.com',
    listPath: (target) => `/v21.0/${target.platformUserId}/media`,
    pageSize: 25,
    target: () => {
      const user = sandbox.issueToken({ network: 'facebook' });
      return { platformUserId: user.pages[0]!.instagramAccountId!, accessToken: user.accessToken };
    },
  },
  {
    platform: 'threads',
    network: 'threads',
    host: 'graph.threads.net',
    listPath: (target) => `/v1.0/${target.platformUserId}/threads`,
    pageSize: 25,
    target: () => {
      const issued = sandbox.issueToken({ network: 'threads' });
      return { platformUserId: issued.platformUserId, accessToken: issued.accessToken };
    },
  },
];

function post(platform: Platform, target: PublishTarget, text: string): PublishRequest {
  return { target, title: 'Título', text, ...(platform === 'instagram' ? { imageUrl: IMAGE } : {}) };
}

describe.each(cases)('$platform lookupRecentPost', (network) => {
  let adapter: NetworkAdapter;
  let target: PublishTarget;
  const listings = () =>
    sandbox
      .requests({ host: network.host, pathPrefix: network.listPath(target) })
      .filter((r) => r.path === network.listPath(target) && r.method !== 'POST');
  const lookup = (text: string, since = new Date(Date.now() - 60_000)) =>
    adapter.lookupRecentPost!({ target, text, since, until: new Date() });

  beforeEach(() => {
    adapter = createPublisher(network.platform, {
      fetch: createNetworkFetch(sandbox.url),
      timeoutMs: 2000,
      statusPollIntervalMs: 5,
    });
    target = network.target();
  });

  it('finds the post that landed, with its network id and link, and creates nothing', async () => {
    sequence += 1;
    const text = `Olá & <todos>\n  post nº ${sequence} — ${Date.now()}`;
    const published = await adapter.publish(post(network.platform, target, text));
    const before = sandbox.publishedPosts(network.network).length;
    const lastPost = Math.max(...sandbox.requests().map((r) => r.seq));
    const result = await lookup(text);
    expect(result).toEqual({
      kind: 'found',
      platformPostId: published.platformPostId,
      url: expect.stringMatching(/^https:\/\//),
    });
    // Read-only: GETs only, and the network has exactly the posts it had.
    const calls = listings();
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
    expect(
      sandbox
        .requests()
        .filter((r) => r.seq > lastPost)
        .every((r) => r.method === 'GET'),
    ).toBe(true);
    expect(sandbox.publishedPosts(network.network)).toHaveLength(before);
    expect(JSON.stringify(sandbox.requests())).not.toContain(target.accessToken);
    if (network.platform === 'linkedin') {
      expect(calls[0]!.query).toMatchObject({
        q: 'author',
        author: `urn:li:person:${target.platformUserId}`,
      });
      expect(calls[0]!.headers['linkedin-version']).toMatch(/^\d{6}$/);
    }
    if (network.platform === 'x') expect(calls[0]!.query).toMatchObject({ 'tweet.fields': 'created_at' });
    if (network.platform === 'facebook') expect(String(calls[0]!.query.fields)).toContain('created_time');
    if (network.platform === 'instagram') expect(String(calls[0]!.query.fields)).toContain('timestamp');
  });

  it('answers absent when the listing covers the window and nothing matches', async () => {
    await adapter.publish(post(network.platform, target, `Outro post ${Date.now()}`));
    expect(await lookup(`Post que nunca saiu ${Date.now()}`)).toEqual({ kind: 'absent' });
  });

  it('ignores a post with the same text outside the window', async () => {
    const text = `Texto repetido ${Date.now()}`;
    await adapter.publish(post(network.platform, target, text));
    const later = new Date(Date.now() + 10 * 60_000);
    const result = await adapter.lookupRecentPost!({
      target,
      text,
      since: later,
      until: new Date(later.getTime() + 1000),
    });
    expect(result.kind).not.toBe('found');
  });

  it('cannot tell when the listing fails (500)', async () => {
    sandbox.addFault({
      host: network.host,
      pathPrefix: network.listPath(target),
      method: 'GET',
      status: 500,
    });
    const result = await lookup('qualquer texto');
    expect(result.kind).toBe('unknown');
  });

  it(`follows the next page (${network.pageSize} per page) to find an older post`, async () => {
    const text = `O post mais antigo ${Date.now()}`;
    const published = await adapter.publish(post(network.platform, target, text));
    for (let i = 0; i < network.pageSize + 1; i++) {
      await adapter.publish(post(network.platform, target, `Mais recente ${i} ${Date.now()}`));
    }
    expect(await lookup(text)).toMatchObject({ kind: 'found', platformPostId: published.platformPostId });
    expect(listings()).toHaveLength(2);
  }, 60_000);

  if (network.platform !== 'x') {
    // X refuses a duplicate text; the others accept it, and then no single post is "the" one.
    it('cannot tell when two posts in the window have the same text', async () => {
      const text = `Duplicado ${Date.now()}`;
      await adapter.publish(post(network.platform, target, text));
      await adapter.publish(post(network.platform, target, text));
      expect((await lookup(text)).kind).toBe('unknown');
    });
  }
});

describe('findRecentPost', () => {
  const request = {
    target: { platformUserId: 'u', accessToken: 't' },
    text: 'Bom dia',
    since: new Date('2026-11-27T12:00:00Z'),
    until: new Date('2026-11-27T12:05:00Z'),
  };

  it('reads at most LOOKUP_MAX_PAGES pages, then cannot tell', async () => {
    let pages = 0;
    const result = await findRecentPost(request, {
      expected: request.text,
      fetchPage: async (cursor) => {
        pages += 1;
        return {
          posts: [{ id: `p${pages}`, text: 'outro', createdAt: new Date('2026-11-27T12:01:00Z'), url: null }],
          next: `${cursor ?? ''}x`,
        };
      },
    });
    expect(pages).toBe(LOOKUP_MAX_PAGES);
    expect(result.kind).toBe('unknown');
  });

  it('X-style text changes (links) make absence unprovable', async () => {
    const result = await findRecentPost(
      { ...request, text: 'Veja https://pauta.example' },
      {
        expected: 'Veja https://pauta.example',
        absenceProvable: false,
        fetchPage: async () => ({ posts: [], next: null }),
      },
    );
    expect(result.kind).toBe('unknown');
  });

  it('normalises white space and Unicode forms, nothing else', () => {
    expect(normaliseText('  Olá\r\n\tmundo  ')).toBe(normaliseText('Ola\u0301 mundo'));
    expect(normaliseText('Olá mundo')).not.toBe(normaliseText('olá mundo'));
  });
});
