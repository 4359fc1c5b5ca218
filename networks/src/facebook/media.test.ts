// Facebook Pages with images: each image as an unpublished photo (POST /<page>/photos,
// published=false, alt_text_custom), then one POST /<page>/feed with attached_media, against the sandbox.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jpegImage, sha256, testMedia } from '../publishing/test-images.js';
import { PublishError, type PublishTarget } from '../publishing/types.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch } from '../sandbox-url.js';
import { FACEBOOK_MEDIA_LIMITS } from './media.js';
import { createFacebookAdapter } from './publish.js';

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

function connectPage(): PublishTarget {
  const user = sandbox.issueToken({ network: 'facebook' });
  const pageId = user.pages[0]!.id;
  const page = sandbox.issueToken({ network: 'facebook', pageId });
  return { platformUserId: pageId, accessToken: page.accessToken };
}

function text(): string {
  sequence += 1;
  return `Novidades da semana nº ${sequence}`;
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
  createFacebookAdapter({
    fetch: createNetworkFetch(sandbox.url),
    facebookAppSecret: 'sandbox-facebook-secret',
  });
const feedCalls = () => sandbox.requests({ method: 'POST' }).filter((r) => r.path.endsWith('/feed'));
const photoCalls = () => sandbox.requests({ method: 'POST' }).filter((r) => r.path.endsWith('/photos'));

describe('Facebook adapter with images', () => {
  it('four images: four unpublished photos, then one feed post with attached_media in order', async () => {
    const target = connectPage();
    const media = testMedia(4, { type: 'png' });
    const body = text();
    const result = await adapter().publish({ target, title: 't', text: body, media });
    expect(photoCalls()).toHaveLength(4);
    expect(feedCalls()).toHaveLength(1);
    const feed = feedCalls()[0]!.body as Record<string, string>;
    const photoIds = sandbox.control.mediaUploads('facebook').map((u) => u.id);
    const attached = [0, 1, 2, 3].map(
      (i) => (JSON.parse(feed[`attached_media[${i}]`]!) as { media_fbid: string }).media_fbid,
    );
    expect([...attached].sort()).toEqual([...photoIds].sort());
    const posts = sandbox.publishedPosts('facebook');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ id: result.platformPostId, text: body });
    expect(posts[0]!.media).toEqual(
      media.map((m) => ({
        sha256: sha256(m.bytes),
        size: m.bytes.length,
        mimeType: 'image/png',
        width: m.width,
        height: m.height,
        altText: m.altText,
      })),
    );
  });

  it('one image goes the same way (unpublished photo + feed): the upload is never the send', async () => {
    const media = testMedia(1);
    await adapter().publish({ target: connectPage(), title: 't', text: text(), media });
    expect(photoCalls()).toHaveLength(1);
    expect(feedCalls()).toHaveLength(1);
    expect(sandbox.publishedPosts('facebook')[0]!.media.map((m) => m.sha256)).toEqual([
      sha256(media[0]!.bytes),
    ]);
  });

  it('a photo upload failing (reset, 500, 503) is retryable and posts nothing; the retry posts once', async () => {
    const target = connectPage();
    const body = text();
    const media = testMedia(3);
    for (const fault of [{ reset: true }, { status: 500 }, { status: 503 }] as const) {
      sandbox.addFault({
        host: 'graph.facebook.com',
        pathPrefix: `/v21.0/${target.platformUserId}/photos`,
        ...fault,
      });
      const error = await failure(adapter().publish({ target, title: 't', text: body, media }));
      expect(error.kind).toBe('retryable');
      expect(error.details.reason).toContain('nada foi publicado');
    }
    expect(feedCalls()).toHaveLength(0);
    expect(sandbox.publishedPosts('facebook')).toHaveLength(0);
    await adapter().publish({ target, title: 't', text: body, media });
    expect(sandbox.publishedPosts('facebook')).toHaveLength(1);
    // The orphans of the failed attempts are unpublished photos no post uses.
    const uploads = sandbox.control.mediaUploads('facebook');
    expect(uploads.filter((u) => u.usedBy !== null)).toHaveLength(3);
  });

  it('an image over the 4 MB of its definition is refused before any request (the sandbox would take it)', async () => {
    const [image] = testMedia(1);
    const bytes = jpegImage(1080, 1080, 1, FACEBOOK_MEDIA_LIMITS.maxBytes);
    const error = await failure(
      adapter().publish({ target: connectPage(), title: 't', text: text(), media: [{ ...image!, bytes }] }),
    );
    expect(error).toMatchObject({
      kind: 'permanent',
      code: 'REJECTED',
      details: { networkCode: 'MEDIA_TOO_LARGE' },
    });
    expect(error.details.reason).toBe(
      'A imagem 1 tem mais de 4 MB, e o Facebook aceita até 4 MB. Troque a imagem e reagende.',
    );
    expect(sandbox.requests()).toHaveLength(0);
  });

  it('an image Facebook cannot read is refused for good (#324) with a pt-BR reason; nothing is posted', async () => {
    const [image] = testMedia(1);
    const error = await failure(
      adapter().publish({
        target: connectPage(),
        title: 't',
        text: text(),
        media: [{ ...image!, bytes: Buffer.from('GIF-but-not-really') }],
      }),
    );
    expect(error).toMatchObject({
      kind: 'permanent',
      code: 'REJECTED',
      details: { networkCode: '324/2069019' },
    });
    expect(error.details.reason).toContain('O Facebook não aceitou uma das imagens do post');
    expect(feedCalls()).toHaveLength(0);
  });

  it('the feed call dying after the uploads is unknown (needs attention)', async () => {
    const target = connectPage();
    sandbox.addFault({
      host: 'graph.facebook.com',
      pathPrefix: `/v21.0/${target.platformUserId}/feed`,
      reset: true,
    });
    const error = await failure(adapter().publish({ target, title: 't', text: text(), media: testMedia(1) }));
    expect(error).toMatchObject({ kind: 'unknown', code: 'UNKNOWN_OUTCOME' });
  });

  it('the sandbox refuses unknown photo ids, photos of another Page and photos already in a post', async () => {
    const target = connectPage();
    await adapter().publish({ target, title: 't', text: text(), media: testMedia(1) });
    const used = sandbox.control.mediaUploads('facebook')[0]!.id;
    for (const fbid of ['999', used]) {
      const response = await fetch(`${sandbox.url}/graph.facebook.com/v21.0/${target.platformUserId}/feed`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          message: text(),
          access_token: target.accessToken,
          'attached_media[0]': JSON.stringify({ media_fbid: fbid }),
        }),
      });
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toContain('attached_media[0]');
    }
    expect(sandbox.publishedPosts('facebook')).toHaveLength(1);
  });
});
