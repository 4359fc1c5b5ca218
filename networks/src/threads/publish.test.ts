// The Threads adapter against sandbox Threads: text (with its link preview), one image with alt
// text, a carousel, the 500-character refusal (emojis count their UTF-8 bytes) in pt-BR, a
// container that ends in ERROR, the publishing limit, metrics and the lookup after a doubtful send.
import { measurePostLength, publishErrorMessages } from '@pauta/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ImageServer, serveImages, testMedia } from '../publishing/test-images.js';
import { PublishError, type PublishMedia, type PublishTarget } from '../publishing/types.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch } from '../sandbox-url.js';
import { createThreadsAdapter, linkAttachment, type ThreadsAdapterOptions } from './publish.js';

let sandbox: SandboxHandle;
let images: ImageServer;

beforeAll(async () => {
  sandbox = await startSandbox();
  images = await serveImages();
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
  const user = sandbox.issueToken({ network: 'threads', ...(scopes === undefined ? {} : { scopes }) });
  return { platformUserId: user.platformUserId, accessToken: user.accessToken };
}

/** `count` JPEGs served where sandbox Threads downloads them, as Pauta's signed URLs are. */
function media(count: number, prefix = `m${Date.now()}`): PublishMedia[] {
  return testMedia(count).map((item, index) => ({
    ...item,
    url: images.put(`${prefix}-${index}.jpg`, Buffer.from(item.bytes)),
  }));
}

async function failure(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PublishError)) throw new Error(`expected a PublishError, got ${String(error)}`);
  return error;
}

const adapter = (options: Partial<ThreadsAdapterOptions> = {}) =>
  createThreadsAdapter({ fetch: createNetworkFetch(sandbox.url), statusPollIntervalMs: 5, ...options });

describe('Threads adapter', () => {
  it('publishes a text post: a TEXT container with its link, read until FINISHED, then threads_publish once', async () => {
    const target = connect();
    const text = 'Novidade no blog: https://exemplo.com.br/post. O que acharam?';
    const result = await adapter().publish({ target, title: 't', text });
    expect(result.platformPostId).toMatch(/^\d+$/);
    expect(result.url).toMatch(/^https:\/\/www\.threads\.net\/@anasouza\/post\/\w+$/);
    const base = `/v1.0/${target.platformUserId}`;
    const create = sandbox
      .requests({ host: 'graph.threads.net', method: 'POST' })
      .filter((r) => r.path === `${base}/threads`);
    expect(create).toHaveLength(1);
    expect(create[0]?.body).toMatchObject({
      media_type: 'TEXT',
      text,
      link_attachment: 'https://exemplo.com.br/post',
      access_token: '[redacted]',
    });
    // IN_PROGRESS twice, then FINISHED.
    const reads = sandbox
      .requests({ method: 'GET' })
      .filter((r) => r.query.fields === 'status,error_message');
    expect(reads).toHaveLength(3);
    expect(sandbox.requests({ pathPrefix: `${base}/threads_publish` })).toHaveLength(1);
    expect(sandbox.publishedPosts('threads')).toEqual([
      expect.objectContaining({ id: result.platformPostId, text, media: [] }),
    ]);
  });

  it('publishes one image with its alt text (an IMAGE container)', async () => {
    const target = connect();
    const [image] = media(1);
    const result = await adapter().publish({ target, title: 't', text: 'Foto nova', media: [image!] });
    const [create] = sandbox
      .requests({ method: 'POST' })
      .filter((r) => r.path === `/v1.0/${target.platformUserId}/threads`);
    expect(create?.body).toMatchObject({
      media_type: 'IMAGE',
      image_url: image!.url,
      text: 'Foto nova',
      alt_text: 'Descrição da imagem 1',
    });
    const [post] = sandbox.publishedPosts('threads');
    expect(post).toMatchObject({ id: result.platformPostId, text: 'Foto nova' });
    expect(post?.media).toEqual([
      expect.objectContaining({
        mimeType: 'image/jpeg',
        width: 1080,
        height: 1080,
        altText: 'Descrição da imagem 1',
      }),
    ]);
  });

  it('publishes a carousel: one item container per image, then the CAROUSEL container, in order', async () => {
    const target = connect();
    const items = media(3);
    await adapter().publish({ target, title: 't', text: 'Três fotos', media: items });
    const creates = sandbox
      .requests({ method: 'POST' })
      .filter((r) => r.path === `/v1.0/${target.platformUserId}/threads`);
    expect(creates).toHaveLength(4);
    expect(creates.slice(0, 3).map((r) => (r.body as Record<string, string>).is_carousel_item)).toEqual([
      'true',
      'true',
      'true',
    ]);
    expect(creates[3]?.body).toMatchObject({ media_type: 'CAROUSEL', text: 'Três fotos' });
    const [post] = sandbox.publishedPosts('threads');
    expect(post?.media.map((m) => m.altText)).toEqual([
      'Descrição da imagem 1',
      'Descrição da imagem 2',
      'Descrição da imagem 3',
    ]);
  });

  it('refuses a text over 500 as Threads counts it (an emoji is its UTF-8 bytes), before any call', async () => {
    const text = `${'a'.repeat(480)}${'😀'.repeat(6)}`;
    expect([...text].length).toBe(486);
    expect(measurePostLength('threads', text)).toBe(504);
    const error = await failure(adapter().publish({ target: connect(), title: 't', text }));
    expect(error).toMatchObject({ kind: 'permanent', code: 'CONTENT_TOO_LONG' });
    expect(sandbox.requests({ host: 'graph.threads.net' })).toHaveLength(0);
    expect(publishErrorMessages.CONTENT_TOO_LONG).toMatch(/[Tt]exto/);
  });

  it("sandbox Threads refuses a too-long text itself with Graph's #100, which the table words in pt-BR", async () => {
    const target = connect();
    const response = await fetch(`${sandbox.url}/graph.threads.net/v1.0/me/threads`, {
      method: 'POST',
      body: new URLSearchParams({
        media_type: 'TEXT',
        text: '❤️'.repeat(84),
        access_token: target.accessToken,
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: {
        code: 100,
        type: 'THApiException',
        message: 'Param text must be at most 500 characters long.',
      },
    });
    // The same refusal reaching the adapter (a text it let through) is explained in pt-BR.
    sandbox.addFault({
      host: 'graph.threads.net',
      pathPrefix: `/v1.0/${target.platformUserId}/threads`,
      status: 400,
      body: {
        error: {
          message: 'Param text must be at most 500 characters long.',
          type: 'THApiException',
          code: 100,
        },
      },
    });
    const error = await failure(adapter().publish({ target, title: 't', text: 'curto' }));
    expect(error).toMatchObject({ kind: 'permanent', code: 'REJECTED' });
    expect(error.details.reason).toMatch(/^O Threads recusou o post: o texto pode passar de 500 caracteres/);
  });

  it('a container that ends in ERROR is a permanent refusal in pt-BR, and nothing is published', async () => {
    const target = connect();
    const [image] = media(1);
    const broken = { ...image!, url: `${images.url}/media/nao-existe.jpg?sig=x` };
    const error = await failure(adapter().publish({ target, title: 't', text: 'x', media: [broken] }));
    expect(error).toMatchObject({
      kind: 'permanent',
      code: 'REJECTED',
      details: { networkCode: 'CONTAINER_ERROR' },
    });
    expect(error.message).toContain('FAILED_DOWNLOADING_IMAGE');
    expect(error.details.reason).toMatch(/^O Threads não conseguiu processar a imagem do post/);
    expect(sandbox.requests({ pathPrefix: `/v1.0/${target.platformUserId}/threads_publish` })).toHaveLength(
      0,
    );
    expect(sandbox.publishedPosts('threads')).toEqual([]);
  });

  it('a rate-limit answer (#4, 429) waits; the publishing limit (#9) waits an hour, in pt-BR', async () => {
    const target = connect();
    sandbox.addFault({
      host: 'graph.threads.net',
      pathPrefix: `/v1.0/${target.platformUserId}/threads`,
      retryAfterSeconds: 120,
    });
    const limited = await failure(adapter().publish({ target, title: 't', text: 'um' }));
    expect(limited).toMatchObject({
      kind: 'rate_limited',
      code: 'RATE_LIMITED',
      details: { retryAfterMs: 120_000, networkCode: '4' },
    });
    sandbox.addFault({
      host: 'graph.threads.net',
      pathPrefix: `/v1.0/${target.platformUserId}/threads_publish`,
      status: 400,
      body: {
        error: {
          message: 'The profile reached its limit of 250 API-published posts in 24 hours.',
          type: 'THApiException',
          code: 9,
        },
      },
    });
    const quota = await failure(adapter().publish({ target, title: 't', text: 'dois' }));
    expect(quota).toMatchObject({
      kind: 'rate_limited',
      details: { retryAfterMs: 3_600_000, networkCode: '9' },
    });
    expect(quota.details.reason).toMatch(
      /^A conta do Threads atingiu o limite de 250 publicações em 24 horas/,
    );
  });

  it('an expired or revoked token is auth (refresh, then reconnect)', async () => {
    const target = connect();
    sandbox.revokeToken(target.accessToken);
    const error = await failure(adapter().publish({ target, title: 't', text: 'oi' }));
    expect(error).toMatchObject({
      kind: 'auth',
      code: 'ACCOUNT_NEEDS_RECONNECT',
      details: { networkCode: '190/458' },
    });
  });

  it('reads views, likes and replies as reach, likes and comments', async () => {
    const target = connect();
    const { platformPostId } = await adapter().publish({ target, title: 't', text: 'métricas' });
    sandbox.setPostMetrics({ platformPostId, reach: 900, likes: 40, comments: 7 });
    const metrics = await adapter().fetchMetrics({ target, platformPostIds: [platformPostId, '999'] });
    expect(metrics.get(platformPostId)).toEqual({ reach: 900, likes: 40, comments: 7 });
    expect(metrics.get('999')).toBeNull();
    const [read] = sandbox.requests({ pathPrefix: `/v1.0/${platformPostId}/insights` });
    expect(read?.query.metric).toBe('views,likes,replies,reposts,quotes');
  });

  it('after a doubtful threads_publish, the lookup finds the one post; a retry would not post twice', async () => {
    const target = connect();
    const text = 'Publicado uma vez só';
    const since = new Date(Date.now() - 1000);
    // Published, but the worker crashed before recording it: the lookup finds the post, so the
    // retry records it instead of sending it again.
    await adapter().publish({ target, title: 't', text });
    const found = await adapter().lookupRecentPost!({ target, text, since, until: new Date() });
    expect(found).toMatchObject({ kind: 'found', platformPostId: sandbox.publishedPosts('threads')[0]!.id });
    const absent = await adapter().lookupRecentPost!({
      target,
      text: 'outro texto',
      since,
      until: new Date(),
    });
    expect(absent).toEqual({ kind: 'absent' });
    const [listing] = sandbox.requests({
      pathPrefix: `/v1.0/${target.platformUserId}/threads`,
      method: 'GET',
    });
    expect(listing?.query).toMatchObject({ fields: 'id,text,timestamp,permalink', limit: '25' });
  });

  it('takes the first link of a text post as its link_attachment (trailing punctuation off)', () => {
    expect(linkAttachment('Veja https://a.com/x, e https://b.com')).toBe('https://a.com/x');
    expect(linkAttachment('sem link')).toBeNull();
  });
});
