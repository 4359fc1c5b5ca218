import { publishErrorMessages } from '@pauta/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ImageServer, jpegImage, serveImages } from '../publishing/test-images.js';
import { PublishError, type PublishTarget } from '../publishing/types.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch } from '../sandbox-url.js';
import { createInstagramAdapter, type InstagramAdapterOptions } from './publish.js';

let sandbox: SandboxHandle;

beforeAll(async () => {
  sandbox = await startSandbox();
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
  sandbox.setInstagramProcessingChecks(2);
});

function connect(scopes?: string[]): PublishTarget {
  const user = sandbox.issueToken({ network: 'facebook', ...(scopes === undefined ? {} : { scopes }) });
  return { platformUserId: user.pages[0]!.instagramAccountId!, accessToken: user.accessToken };
}

async function failure(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PublishError)) throw new Error(`expected a PublishError, got ${String(error)}`);
  return error;
}

let images: ImageServer;
/** A real JPEG at a URL the sandbox's Instagram fetches, as it fetches Pauta's signed URLs. */
let IMAGE = '';
const adapter = (options: Partial<InstagramAdapterOptions> = {}) =>
  createInstagramAdapter({ fetch: createNetworkFetch(sandbox.url), statusPollIntervalMs: 5, ...options });

describe('Instagram adapter', () => {
  it('without an image: permanent MEDIA_REQUIRED and no request at all', async () => {
    for (const imageUrl of [undefined, null, '', '  ']) {
      const error = await failure(
        adapter().publish({ target: connect(), title: 't', text: 'legenda', imageUrl }),
      );
      expect(error).toMatchObject({ kind: 'permanent', code: 'MEDIA_REQUIRED' });
    }
    expect(publishErrorMessages.MEDIA_REQUIRED).toBe(
      'O Instagram exige uma imagem em cada post. Adicione uma imagem para publicar.',
    );
    expect(sandbox.requests()).toHaveLength(0);
  });

  it('creates a container, polls it until FINISHED, then publishes once', async () => {
    const target = connect();
    const result = await adapter().publish({ target, title: 't', text: 'Legenda #verão', imageUrl: IMAGE });
    expect(result.platformPostId).toMatch(/^\d+$/);
    expect(result.url).toMatch(/^https:\/\/www\.instagram\.com\/p\/\w+\/$/);
    const base = `/v21.0/${target.platformUserId}`;
    const create = sandbox
      .requests({ pathPrefix: `${base}/media`, method: 'POST' })
      .filter((r) => r.path === `${base}/media`);
    expect(create).toHaveLength(1);
    expect(create[0]?.body).toMatchObject({
      image_url: IMAGE,
      caption: 'Legenda #verão',
      access_token: '[redacted]',
    });
    const statusReads = sandbox.requests({ method: 'GET' }).filter((r) => r.query.fields === 'status_code');
    expect(statusReads).toHaveLength(3);
    const publishCalls = sandbox.requests({ pathPrefix: `${base}/media_publish` });
    expect(publishCalls).toHaveLength(1);
    expect(publishCalls[0]?.query).toMatchObject({ creation_id: expect.stringMatching(/^\d+$/) });
    expect(sandbox.publishedPosts('instagram')).toEqual([
      expect.objectContaining({ id: result.platformPostId, imageUrl: IMAGE, text: 'Legenda #verão' }),
    ]);
  });

  it('gives up polling after the configured tries: retryable, nothing published', async () => {
    sandbox.setInstagramProcessingChecks(100);
    const error = await failure(
      adapter({ statusPollAttempts: 3 }).publish({
        target: connect(),
        title: 't',
        text: 'x',
        imageUrl: IMAGE,
      }),
    );
    expect(error).toMatchObject({ kind: 'retryable', code: 'NETWORK_UNAVAILABLE' });
    expect(sandbox.requests({ method: 'GET' }).filter((r) => r.query.fields === 'status_code')).toHaveLength(
      3,
    );
    expect(sandbox.requests().filter((r) => r.path.endsWith('/media_publish'))).toHaveLength(0);
    expect(sandbox.publishedPosts('instagram')).toHaveLength(0);
  });

  it('a doubtful outcome before media_publish is a plain retry (no post can exist yet)', async () => {
    const target = connect();
    sandbox.addFault({
      host: 'graph.facebook.com',
      pathPrefix: `/v21.0/${target.platformUserId}/media`,
      status: 500,
    });
    const error = await failure(adapter().publish({ target, title: 't', text: 'x', imageUrl: IMAGE }));
    expect(error).toMatchObject({ kind: 'retryable', code: 'NETWORK_UNAVAILABLE', details: { status: 500 } });
  });

  it('an image Meta cannot process (container ERROR) → permanent', async () => {
    const error = await failure(
      adapter().publish({
        target: connect(),
        title: 't',
        text: 'x',
        imageUrl: `${IMAGE}&sandbox_status=ERROR`,
      }),
    );
    expect(error).toMatchObject({ kind: 'permanent', code: 'REJECTED' });
  });

  it('a non-http image URL → permanent, no request', async () => {
    const error = await failure(
      adapter().publish({ target: connect(), title: 't', text: 'x', imageUrl: 'file:///tmp/foto.jpg' }),
    );
    expect(error.kind).toBe('permanent');
    expect(sandbox.requests()).toHaveLength(0);
  });

  it('without instagram_content_publish → #10 → permanent reconnect', async () => {
    const error = await failure(
      adapter().publish({
        target: connect(['pages_show_list', 'instagram_basic']),
        title: 't',
        text: 'x',
        imageUrl: IMAGE,
      }),
    );
    expect(error).toMatchObject({ kind: 'permanent', code: 'ACCOUNT_NEEDS_RECONNECT' });
  });

  it('the 50-posts-a-day limit → rate_limited for an hour', async () => {
    const target = connect();
    sandbox.addFault({
      host: 'graph.facebook.com',
      pathPrefix: `/v21.0/${target.platformUserId}/media_publish`,
      status: 400,
      body: { error: { message: 'Application request limit reached', code: 9, error_subcode: 2207042 } },
    });
    const error = await failure(adapter().publish({ target, title: 't', text: 'x', imageUrl: IMAGE }));
    expect(error).toMatchObject({ kind: 'rate_limited', details: { retryAfterMs: 3_600_000 } });
  });

  it('a failing permalink lookup never turns a published post into a failure', async () => {
    const target = connect();
    const noPermalink = createInstagramAdapter({
      fetch: async (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (url.includes('fields=permalink')) throw new TypeError('fetch failed');
        return createNetworkFetch(sandbox.url)(input, init);
      },
      statusPollIntervalMs: 5,
    });
    const result = await noPermalink.publish({ target, title: 't', text: 'y', imageUrl: IMAGE });
    expect(result.url).toBeNull();
    expect(sandbox.publishedPosts('instagram')).toHaveLength(1);
  });

  it('metrics from /<media>/insights (reach, likes, comments)', async () => {
    const target = connect();
    const post = await adapter().publish({ target, title: 't', text: 'x', imageUrl: IMAGE });
    sandbox.setPostMetrics({ platformPostId: post.platformPostId, likes: 99 });
    const metrics = await adapter().fetchMetrics({
      target,
      platformPostIds: [post.platformPostId, '17999999999999999'],
    });
    const derived = sandbox.control.postMetrics(post.platformPostId);
    expect(metrics.get(post.platformPostId)).toEqual({
      reach: derived.reach,
      likes: 99,
      comments: derived.comments,
    });
    expect(metrics.get('17999999999999999')).toBeNull();
    expect(
      sandbox.requests({ pathPrefix: `/v21.0/${post.platformPostId}/insights` })[0]?.query,
    ).toMatchObject({
      metric: 'reach,likes,comments',
    });
  });
});
