// Instagram with images from Pauta's signed URLs: one image (container → status → media_publish)
// and carousels (an item container per image, then a CAROUSEL container), against the sandbox,
// which fetches each URL and checks it is a JPEG Instagram takes.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ImageServer,
  jpegImage,
  pngImage,
  serveImages,
  sha256,
  testMedia,
} from '../publishing/test-images.js';
import { PublishError, type PublishMedia, type PublishTarget } from '../publishing/types.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch } from '../sandbox-url.js';
import { createInstagramAdapter } from './publish.js';

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
  sandbox.setInstagramProcessingChecks(1);
});

function connect(): PublishTarget {
  const user = sandbox.issueToken({ network: 'facebook' });
  return { platformUserId: user.pages[0]!.instagramAccountId!, accessToken: user.accessToken };
}

/** `count` JPEGs served at signed-looking URLs, as loadPublishMedia hands them over. */
function served(count: number, prefix = `${Date.now()}-${Math.random()}`): PublishMedia[] {
  return testMedia(count, { width: 1080, height: 1350 }).map((item, index) => ({
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

const adapter = () =>
  createInstagramAdapter({ fetch: createNetworkFetch(sandbox.url), statusPollIntervalMs: 5 });
const containerCalls = (target: PublishTarget) =>
  sandbox.requests({ method: 'POST' }).filter((r) => r.path.endsWith(`/${target.platformUserId}/media`));
const publishCalls = () =>
  sandbox.requests({ method: 'POST' }).filter((r) => r.path.endsWith('/media_publish'));

describe('Instagram adapter with images', () => {
  it('one image: a container from the signed URL with alt text, then one media_publish', async () => {
    const target = connect();
    const media = served(1);
    const result = await adapter().publish({ target, title: 't', text: 'Legenda', media });
    expect(containerCalls(target)[0]!.body).toMatchObject({
      image_url: media[0]!.url,
      caption: 'Legenda',
      alt_text: media[0]!.altText,
    });
    expect(publishCalls()).toHaveLength(1);
    const post = sandbox.publishedPosts('instagram')[0]!;
    expect(post).toMatchObject({ id: result.platformPostId, text: 'Legenda' });
    expect(post.media).toEqual([
      {
        sha256: sha256(media[0]!.bytes),
        size: media[0]!.bytes.length,
        mimeType: 'image/jpeg',
        width: 1080,
        height: 1350,
        altText: media[0]!.altText,
      },
    ]);
  });

  it('four images: four carousel items, a CAROUSEL container with the children in order, one publish', async () => {
    const target = connect();
    const media = served(4);
    await adapter().publish({ target, title: 't', text: 'Carrossel', media });
    const calls = containerCalls(target);
    expect(calls).toHaveLength(5);
    const items = calls.slice(0, 4).map((c) => c.body as Record<string, string>);
    for (const item of items) expect(item).toMatchObject({ is_carousel_item: 'true' });
    expect(calls[4]!.body).toMatchObject({ media_type: 'CAROUSEL', caption: 'Carrossel' });
    expect(publishCalls()).toHaveLength(1);
    const post = sandbox.publishedPosts('instagram')[0]!;
    expect(post.text).toBe('Carrossel');
    expect(post.media.map((m) => m.sha256)).toEqual(media.map((m) => sha256(m.bytes)));
    expect(post.media.map((m) => m.altText)).toEqual(media.map((m) => m.altText));
  });

  it('a text-only post fails at once with MEDIA_REQUIRED and sends nothing', async () => {
    const error = await failure(
      adapter().publish({ target: connect(), title: 't', text: 'Só texto', media: [] }),
    );
    expect(error).toMatchObject({ kind: 'permanent', code: 'MEDIA_REQUIRED' });
    expect(sandbox.requests()).toHaveLength(0);
  });

  it('a PNG or a 9:16 image is refused before any request, with the limit named', async () => {
    const [png] = testMedia(1, { type: 'png' });
    const type = await failure(
      adapter().publish({ target: connect(), title: 't', text: 'x', media: [png!] }),
    );
    expect(type.details.reason).toBe(
      'A imagem 1 está em PNG, e o Instagram só aceita JPEG. Troque a imagem e reagende.',
    );
    const [tall] = testMedia(1, { width: 1080, height: 1920 });
    const ratio = await failure(
      adapter().publish({ target: connect(), title: 't', text: 'x', media: [tall!] }),
    );
    expect(ratio).toMatchObject({ kind: 'permanent', details: { networkCode: 'MEDIA_ASPECT' } });
    expect(sandbox.requests()).toHaveLength(0);
  });

  it('Instagram fetches the URL: unreachable, or bytes that are not a JPEG, are refused for good', async () => {
    const target = connect();
    const [gone] = served(1);
    const missing = await failure(
      adapter().publish({
        target,
        title: 't',
        text: 'x',
        media: [{ ...gone!, url: `${images.url}/media/nao-existe.jpg?sig=x` }],
      }),
    );
    expect(missing).toMatchObject({
      kind: 'permanent',
      code: 'REJECTED',
      details: { networkCode: '9004/2207052' },
    });
    expect(missing.details.reason).toContain('O Instagram não conseguiu baixar a imagem');
    // Declared a JPEG, served as a PNG: Instagram reads the bytes, not the label.
    const disguised = images.put(`png-${Date.now()}.jpg`, pngImage(64, 64), 'image/jpeg');
    const png = await failure(
      adapter().publish({ target, title: 't', text: 'x', media: [{ ...gone!, url: disguised }] }),
    );
    expect(png).toMatchObject({ kind: 'permanent', details: { networkCode: '36001/2207005' } });
    const html = images.put(`page-${Date.now()}.jpg`, Buffer.from('<html></html>'), 'text/html');
    const page = await failure(
      adapter().publish({ target, title: 't', text: 'x', media: [{ ...gone!, url: html }] }),
    );
    expect(page).toMatchObject({ kind: 'permanent', details: { networkCode: '9004/2207052' } });
    expect(publishCalls()).toHaveLength(0);
    expect(sandbox.publishedPosts('instagram')).toHaveLength(0);
  });

  it('a container or status step failing (reset, 500) is retryable; the retry publishes exactly once', async () => {
    const target = connect();
    const media = served(3);
    sandbox.addFault({
      host: 'graph.facebook.com',
      pathPrefix: `/v21.0/${target.platformUserId}/media`,
      reset: true,
    });
    expect((await failure(adapter().publish({ target, title: 't', text: 'x', media }))).kind).toBe(
      'retryable',
    );
    sandbox.addFault({ host: 'graph.facebook.com', method: 'GET', status: 500 });
    const status = await failure(adapter().publish({ target, title: 't', text: 'x', media }));
    expect(status.kind).toBe('retryable');
    expect(status.details.reason).toContain('nada foi publicado');
    expect(publishCalls()).toHaveLength(0);
    await adapter().publish({ target, title: 't', text: 'x', media });
    expect(sandbox.publishedPosts('instagram')).toHaveLength(1);
    expect(sandbox.publishedPosts('instagram')[0]!.media).toHaveLength(3);
  });

  it('containers that leave too little of the deadline stop before media_publish: a plain retry', async () => {
    const error = await failure(
      adapter().publish(
        { target: connect(), title: 't', text: 'x', media: served(2) },
        { deadline: Date.now() + 2000 },
      ),
    );
    expect(error).toMatchObject({ kind: 'retryable', details: { networkCode: 'MEDIA_SLOW' } });
    expect(publishCalls()).toHaveLength(0);
  });

  it('media_publish dying is unknown (needs attention), never retried', async () => {
    const target = connect();
    sandbox.addFault({
      host: 'graph.facebook.com',
      pathPrefix: `/v21.0/${target.platformUserId}/media_publish`,
      reset: true,
    });
    const error = await failure(adapter().publish({ target, title: 't', text: 'x', media: served(2) }));
    expect(error).toMatchObject({ kind: 'unknown', code: 'UNKNOWN_OUTCOME' });
  });

  it('the sandbox refuses a carousel of one, items of another account and publishing an item alone', async () => {
    const target = connect();
    const graph = `${sandbox.url}/graph.facebook.com/v21.0/${target.platformUserId}`;
    const post = async (path: string, params: Record<string, string>) => {
      const response = await fetch(`${graph}/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...params, access_token: target.accessToken }),
      });
      return {
        status: response.status,
        json: (await response.json()) as { id?: string; error?: { message: string } },
      };
    };
    const item = await post('media', {
      image_url: images.put(`i-${Date.now()}.jpg`, jpegImage(1080, 1080)),
      is_carousel_item: 'true',
    });
    expect(item.status).toBe(200);
    expect((await post('media', { media_type: 'CAROUSEL', children: item.json.id! })).status).toBe(400);
    expect((await post('media', { media_type: 'CAROUSEL', children: `${item.json.id!},123` })).status).toBe(
      400,
    );
    const alone = await post('media_publish', { creation_id: item.json.id! });
    expect(alone.status).toBe(400);
    expect(alone.json.error?.message).toContain('carousel item');
    expect(sandbox.publishedPosts('instagram')).toHaveLength(0);
  });
});
