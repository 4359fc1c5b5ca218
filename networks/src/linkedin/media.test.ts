// LinkedIn with images: Images API (initializeUpload → PUT bytes) → POST /rest/posts with the
// image URNs (content.media for one, content.multiImage for several), against the sandbox.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jpegImage, sha256, testMedia } from '../publishing/test-images.js';
import { PublishError, type PublishTarget } from '../publishing/types.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch } from '../sandbox-url.js';
import { createLinkedInAdapter } from './publish.js';

let sandbox: SandboxHandle;
let clock = Date.now();
let sequence = 0;

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => clock });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(() => {
  clock = Date.now();
  sandbox.reset();
  sandbox.clearPublishedPosts();
});

function connect(scopes?: string[]): PublishTarget {
  const issued = sandbox.issueToken({ network: 'linkedin', ...(scopes === undefined ? {} : { scopes }) });
  return { platformUserId: issued.platformUserId, accessToken: issued.accessToken };
}

function text(): string {
  sequence += 1;
  return `Post com imagens nº ${sequence}`;
}

async function failure(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PublishError)) throw new Error(`expected a PublishError, got ${String(error)}`);
  return error;
}

const adapter = () => createLinkedInAdapter({ fetch: createNetworkFetch(sandbox.url) });
const postCalls = () =>
  sandbox.requests({ host: 'api.linkedin.com', pathPrefix: '/rest/posts', method: 'POST' });

describe('LinkedIn adapter with images', () => {
  it('one image: initializeUpload, PUT, then a post with content.media and its alt text', async () => {
    const target = connect();
    const media = testMedia(1);
    const result = await adapter().publish({ target, title: 't', text: text(), media });
    const init = sandbox.requests({ pathPrefix: '/rest/images' });
    expect(init).toHaveLength(1);
    expect(init[0]!.query).toMatchObject({ action: 'initializeUpload' });
    expect(init[0]!.body).toEqual({
      initializeUploadRequest: { owner: `urn:li:person:${target.platformUserId}` },
    });
    expect(sandbox.requests({ host: 'www.linkedin.com', method: 'PUT' })).toHaveLength(1);
    const body = postCalls()[0]!.body as { content: { media: { id: string; altText: string } } };
    expect(body.content.media).toEqual({
      id: expect.stringMatching(/^urn:li:image:/),
      altText: media[0]!.altText,
    });
    const posts = sandbox.publishedPosts('linkedin');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ id: result.platformPostId });
    expect(posts[0]!.media).toEqual([
      {
        sha256: sha256(media[0]!.bytes),
        size: media[0]!.bytes.length,
        mimeType: 'image/jpeg',
        width: 1080,
        height: 1080,
        altText: media[0]!.altText,
      },
    ]);
  });

  it('four images: content.multiImage with the four URNs in order', async () => {
    const media = testMedia(4, { type: 'png' });
    await adapter().publish({ target: connect(), title: 't', text: text(), media });
    const body = postCalls()[0]!.body as { content: { multiImage: { images: { id: string }[] } } };
    expect(body.content.multiImage.images).toHaveLength(4);
    const post = sandbox.publishedPosts('linkedin')[0]!;
    expect(post.media.map((m) => m.sha256)).toEqual(media.map((m) => sha256(m.bytes)));
    expect(post.media.map((m) => m.altText)).toEqual(media.map((m) => m.altText));
    // The same over HTTP, as the e2e suite reads it.
    const http = (await (await fetch(`${sandbox.url}/__sandbox/posts?network=linkedin`)).json()) as {
      posts: { media: { sha256: string; altText: string }[] }[];
    };
    expect(http.posts[0]!.media.map((m) => m.sha256)).toEqual(media.map((m) => sha256(m.bytes)));
    const uploads = (await (
      await fetch(`${sandbox.url}/__sandbox/media-uploads?network=linkedin`)
    ).json()) as {
      uploads: { usedBy: string | null }[];
    };
    expect(uploads.uploads).toHaveLength(4);
    expect(uploads.uploads.every((u) => u.usedBy === post.id)).toBe(true);
  });

  it('a WebP image is refused before any request, with the network and its formats named', async () => {
    const [image] = testMedia(1);
    const error = await failure(
      adapter().publish({
        target: connect(),
        title: 't',
        text: text(),
        media: [{ ...image!, mimeType: 'image/webp' }],
      }),
    );
    expect(error).toMatchObject({ kind: 'permanent', details: { networkCode: 'MEDIA_TYPE' } });
    expect(error.details.reason).toBe(
      'A imagem 1 está em WebP, e o LinkedIn só aceita JPEG, PNG, GIF. Troque a imagem e reagende.',
    );
    expect(sandbox.requests()).toHaveLength(0);
  });

  it('initializeUpload failing (500, 503, reset) is retryable; the retry posts exactly once', async () => {
    const target = connect();
    const body = text();
    const media = testMedia(2);
    for (const fault of [{ status: 500 }, { status: 503 }, { reset: true }] as const) {
      sandbox.addFault({ host: 'api.linkedin.com', pathPrefix: '/rest/images', ...fault });
      const error = await failure(adapter().publish({ target, title: 't', text: body, media }));
      expect(error).toMatchObject({ kind: 'retryable', code: 'NETWORK_UNAVAILABLE' });
      expect(error.details.reason).toContain('nada foi publicado');
    }
    expect(postCalls()).toHaveLength(0);
    await adapter().publish({ target, title: 't', text: body, media });
    expect(sandbox.publishedPosts('linkedin')).toHaveLength(1);
  });

  it('the PUT dying mid-way is retryable; the orphan image is never posted, the retry uploads again', async () => {
    const target = connect();
    const media = testMedia(1);
    sandbox.addFault({ host: 'www.linkedin.com', pathPrefix: '/dms-uploads', method: 'PUT', reset: true });
    expect((await failure(adapter().publish({ target, title: 't', text: text(), media }))).kind).toBe(
      'retryable',
    );
    await adapter().publish({ target, title: 't', text: text(), media });
    const uploads = sandbox.control.mediaUploads('linkedin');
    expect(uploads).toHaveLength(2);
    expect(uploads.filter((u) => u.usedBy !== null)).toHaveLength(1);
    expect(sandbox.publishedPosts('linkedin')).toHaveLength(1);
  });

  it('bytes LinkedIn cannot take (not an image) stop for good at the PUT; nothing is posted', async () => {
    const [image] = testMedia(1);
    const error = await failure(
      adapter().publish({
        target: connect(),
        title: 't',
        text: text(),
        media: [{ ...image!, bytes: Buffer.from('%PDF-1.7 not an image') }],
      }),
    );
    expect(error).toMatchObject({ kind: 'permanent', code: 'REJECTED', details: { status: 400 } });
    expect(postCalls()).toHaveLength(0);
  });

  it('the post call dying after the uploads is unknown (needs attention)', async () => {
    sandbox.addFault({ host: 'api.linkedin.com', pathPrefix: '/rest/posts', method: 'POST', reset: true });
    const error = await failure(
      adapter().publish({ target: connect(), title: 't', text: text(), media: testMedia(1) }),
    );
    expect(error).toMatchObject({ kind: 'unknown', code: 'UNKNOWN_OUTCOME' });
  });

  it('the sandbox refuses expired upload URLs, images never uploaded and other members’ images', async () => {
    const target = connect();
    const api = `${sandbox.url}/api.linkedin.com/rest`;
    const headers = {
      Authorization: `Bearer ${target.accessToken}`,
      'LinkedIn-Version': '202601',
      'X-Restli-Protocol-Version': '2.0.0',
      'Content-Type': 'application/json',
    };
    const initialize = async (owner: string) => {
      const response = await fetch(`${api}/images?action=initializeUpload`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ initializeUploadRequest: { owner } }),
      });
      return {
        status: response.status,
        json: (await response.json()) as { value: { uploadUrl: string; image: string } },
      };
    };
    expect((await initialize('urn:li:person:999')).status).toBe(403);
    const { json } = await initialize(`urn:li:person:${target.platformUserId}`);
    // A post with an image whose bytes never arrived.
    const post = (image: string) =>
      fetch(`${api}/posts`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          author: `urn:li:person:${target.platformUserId}`,
          commentary: text(),
          visibility: 'PUBLIC',
          distribution: { feedDistribution: 'MAIN_FEED' },
          lifecycleState: 'PUBLISHED',
          content: { media: { id: image } },
        }),
      });
    const waiting = await post(json.value.image);
    expect(waiting.status).toBe(400);
    expect(((await waiting.json()) as { message: string }).message).toContain('not AVAILABLE');
    expect((await post('urn:li:image:D4E10AQ404')).status).toBe(400);
    // Two hours later the upload URL has expired.
    clock += 2 * 60 * 60 * 1000;
    const put = await fetch(json.value.uploadUrl.replace('https://', `${sandbox.url}/`), {
      method: 'PUT',
      headers: { Authorization: `Bearer ${target.accessToken}`, 'Content-Type': 'application/octet-stream' },
      body: jpegImage(100, 100),
    });
    expect(put.status).toBe(400);
    expect(((await put.json()) as { code: string }).code).toBe('UPLOAD_URL_EXPIRED');
    expect(sandbox.publishedPosts('linkedin')).toHaveLength(0);
  });
});
