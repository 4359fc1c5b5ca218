// X with images: media upload → alt text → the post with media_ids, against the sandbox.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sha256, testMedia } from '../publishing/test-images.js';
import { PublishError, type PublishTarget } from '../publishing/types.js';
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

function connect(scopes?: string[]): PublishTarget {
  const issued = sandbox.issueToken({ network: 'x', ...(scopes === undefined ? {} : { scopes }) });
  return { platformUserId: issued.platformUserId, accessToken: issued.accessToken };
}

function text(): string {
  sequence += 1;
  return `Com fotos nº ${sequence} de ${Date.now()}`;
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

describe('X adapter with images', () => {
  it('uploads each image, sets its alt text, then posts once with media_ids in order', async () => {
    const media = testMedia(4, { type: 'png' });
    const body = text();
    const result = await adapter().publish({ target: connect(), title: 't', text: body, media });
    const posts = sandbox.publishedPosts('x');
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
    expect(sandbox.requests({ pathPrefix: '/2/media/upload' })).toHaveLength(4);
    expect(sandbox.requests({ pathPrefix: '/2/media/metadata' })).toHaveLength(4);
    const tweet = sandbox.requests({ pathPrefix: '/2/tweets', method: 'POST' });
    expect(tweet).toHaveLength(1);
    const ids = sandbox.control.mediaUploads('x').map((u) => u.id);
    expect((tweet[0]!.body as { media: { media_ids: string[] } }).media.media_ids.sort()).toEqual(ids.sort());
  });

  it('one image without alt text: no metadata call', async () => {
    const [image] = testMedia(1);
    await adapter().publish({
      target: connect(),
      title: 't',
      text: text(),
      media: [{ ...image!, altText: ' ' }],
    });
    expect(sandbox.requests({ pathPrefix: '/2/media/metadata' })).toHaveLength(0);
    expect(sandbox.publishedPosts('x')[0]!.media).toHaveLength(1);
  });

  it('a fifth image, or a type X does not take, is refused before any request', async () => {
    const five = await failure(
      adapter().publish({ target: connect(), title: 't', text: text(), media: testMedia(5) }),
    );
    expect(five).toMatchObject({
      kind: 'permanent',
      code: 'REJECTED',
      details: { networkCode: 'MEDIA_COUNT' },
    });
    expect(five.details.reason).toBe(
      'O X (Twitter) aceita no máximo 4 imagens por post; este tem 5. Remova imagens e reagende.',
    );
    const [image] = testMedia(1);
    const tiff = await failure(
      adapter().publish({
        target: connect(),
        title: 't',
        text: text(),
        media: [{ ...image!, mimeType: 'image/tiff' }],
      }),
    );
    expect(tiff.details.reason).toBe(
      'A imagem 1 está em TIFF, e o X (Twitter) só aceita JPEG, PNG, WebP, GIF. Troque a imagem e reagende.',
    );
    expect(sandbox.requests()).toHaveLength(0);
  });

  it('an upload the network refuses (not an image) stops for good; nothing is posted', async () => {
    const [image] = testMedia(1);
    const error = await failure(
      adapter().publish({
        target: connect(),
        title: 't',
        text: text(),
        media: [{ ...image!, bytes: Buffer.from('<html>não é imagem</html>') }],
      }),
    );
    expect(error).toMatchObject({ kind: 'permanent', code: 'REJECTED', details: { status: 400 } });
    expect(sandbox.requests({ pathPrefix: '/2/tweets' })).toHaveLength(0);
    expect(sandbox.publishedPosts('x')).toHaveLength(0);
  });

  it('without media.write (connected before images): the upload is refused as a permission problem', async () => {
    const error = await failure(
      adapter().publish({
        target: connect(['tweet.read', 'tweet.write', 'users.read']),
        title: 't',
        text: text(),
        media: testMedia(1),
      }),
    );
    expect(error).toMatchObject({
      kind: 'permanent',
      code: 'ACCOUNT_NEEDS_RECONNECT',
      details: { status: 403, networkCode: 'MEDIA_SCOPE_MISSING' },
    });
    expect(error.details.reason).toContain('Reconecte a conta');
    expect(sandbox.publishedPosts('x')).toHaveLength(0);
  });

  it('an upload that dies mid-way is retryable (nothing visible); the retry posts exactly once', async () => {
    const target = connect();
    const media = testMedia(2);
    const body = text();
    for (const fault of [{ reset: true }, { status: 500 }, { status: 503 }] as const) {
      sandbox.addFault({ host: 'api.x.com', pathPrefix: '/2/media/upload', ...fault });
      const error = await failure(adapter().publish({ target, title: 't', text: body, media }));
      expect(error.kind).toBe('retryable');
      expect(error.details.reason).toContain('nada foi publicado');
      expect(sandbox.publishedPosts('x')).toHaveLength(0);
    }
    sandbox.addFault({ host: 'api.x.com', pathPrefix: '/2/media/metadata', reset: true });
    expect((await failure(adapter().publish({ target, title: 't', text: body, media }))).kind).toBe(
      'retryable',
    );
    await adapter().publish({ target, title: 't', text: body, media });
    expect(sandbox.publishedPosts('x')).toHaveLength(1);
    expect(sandbox.publishedPosts('x')[0]!.media).toHaveLength(2);
  });

  it('uploads that leave too little of the deadline stop before the post call: a plain retry', async () => {
    const error = await failure(
      adapter().publish(
        { target: connect(), title: 't', text: text(), media: testMedia(2) },
        { deadline: Date.now() + 1000 },
      ),
    );
    expect(error).toMatchObject({ kind: 'retryable', details: { networkCode: 'MEDIA_SLOW' } });
    expect(error.details.reason).toContain('nada foi publicado');
    expect(sandbox.requests({ pathPrefix: '/2/media/upload' })).toHaveLength(2);
    expect(sandbox.requests({ pathPrefix: '/2/tweets' })).toHaveLength(0);
  });

  it('the post call itself dying after the uploads is unknown (needs attention), never retried', async () => {
    sandbox.addFault({ host: 'api.twitter.com', pathPrefix: '/2/tweets', method: 'POST', reset: true });
    const error = await failure(
      adapter().publish({ target: connect(), title: 't', text: text(), media: testMedia(1) }),
    );
    expect(error).toMatchObject({ kind: 'unknown', code: 'UNKNOWN_OUTCOME' });
  });

  it('the sandbox refuses media ids that are unknown or another user’s', async () => {
    const target = connect();
    const other = sandbox.issueToken({ network: 'x', user: 'bruno' });
    await adapter().publish({
      target: { platformUserId: other.platformUserId, accessToken: other.accessToken },
      title: 't',
      text: text(),
      media: testMedia(1),
    });
    const brunoMedia = sandbox.control.mediaUploads('x')[0]!.id;
    for (const ids of [['123'], [brunoMedia]]) {
      const response = await fetch(`${sandbox.url}/api.twitter.com/2/tweets`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${target.accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ text: text(), media: { media_ids: ids } }),
      });
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toContain('Your media IDs are invalid.');
    }
  });
});
