// Instagram Reels against the sandbox: a REELS container from the video's signed URL (the sandbox
// fetches it and records its sha256), status polls until FINISHED, then media_publish — the only
// visible step, preceded by exactly one beforeSend. A failure at each step is classified: before
// media_publish nothing can exist (retryable or permanent), media_publish itself is `unknown`.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testVideo, videoBytes } from '../meta/test-video.js';
import { type ImageServer, jpegImage, serveImages, sha256 } from '../publishing/test-images.js';
import { PublishError, type PublishTarget, type PublishVideoCover } from '../publishing/types.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch } from '../sandbox-url.js';
import { INSTAGRAM_ERRORS } from './errors.js';
import { createInstagramAdapter, type InstagramAdapterOptions } from './publish.js';

let sandbox: SandboxHandle;
let files: ImageServer;
const BYTES = videoBytes(96 * 1024, 3);
let VIDEO_URL = '';

beforeAll(async () => {
  sandbox = await startSandbox();
  files = await serveImages();
  VIDEO_URL = files.put('reel.mp4', BYTES, 'video/mp4');
});

afterAll(async () => {
  await sandbox.close();
  await files.close();
});

beforeEach(() => {
  sandbox.reset();
  sandbox.clearPublishedPosts();
  sandbox.setInstagramProcessingChecks(2);
});

function connect(): PublishTarget {
  const user = sandbox.issueToken({ network: 'facebook' });
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

const adapter = (options: Partial<InstagramAdapterOptions> = {}) =>
  createInstagramAdapter({
    fetch: createNetworkFetch(sandbox.url),
    statusPollIntervalMs: 5,
    videoStatusPollIntervalMs: 5,
    videoStatusPollAttempts: 5,
    ...options,
  });
const containerCalls = (target: PublishTarget) =>
  sandbox.requests({ method: 'POST' }).filter((r) => r.path.endsWith(`/${target.platformUserId}/media`));
const publishCalls = () =>
  sandbox.requests({ method: 'POST' }).filter((r) => r.path.endsWith('/media_publish'));
const statusReads = () =>
  sandbox.requests({ method: 'GET' }).filter((r) => String(r.query.fields ?? '').startsWith('status_code'));

/** beforeSend that records how many media_publish calls had been sent when it ran. */
function sendProbe() {
  const calls: number[] = [];
  return { calls, beforeSend: async () => void calls.push(publishCalls().length) };
}

const reel = (url = VIDEO_URL, cover: PublishVideoCover | null = null) => testVideo(BYTES, url, { cover });

describe('Instagram Reels', () => {
  it('a REELS container from the signed URL, shared to the feed, the frame as thumb_offset; one media_publish', async () => {
    const target = connect();
    const probe = sendProbe();
    const video = reel(VIDEO_URL, {
      timeSeconds: 1.5,
      image: { mimeType: 'image/jpeg', width: 1080, height: 1920, bytes: new Uint8Array(), url: 'x' },
    });
    const result = await adapter().publish(
      { target, title: 't', text: 'Bastidores #reels', video },
      { beforeSend: probe.beforeSend },
    );
    expect(containerCalls(target)).toHaveLength(1);
    expect(containerCalls(target)[0]!.body).toMatchObject({
      media_type: 'REELS',
      video_url: VIDEO_URL,
      caption: 'Bastidores #reels',
      share_to_feed: 'true',
      thumb_offset: '1500',
    });
    expect(containerCalls(target)[0]!.body).not.toHaveProperty('cover_url');
    expect(statusReads()).toHaveLength(3);
    expect(probe.calls).toEqual([0]);
    expect(publishCalls()).toHaveLength(1);
    // Instagram fetched the URL itself: the adapter never read the bytes.
    expect(video.reads).toEqual([]);
    const posts = sandbox.publishedPosts('instagram');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      id: result.platformPostId,
      text: 'Bastidores #reels',
      media: [],
      video: {
        sha256: sha256(BYTES),
        size: BYTES.length,
        kind: 'REELS',
        thumbOffsetMs: 1500,
        shareToFeed: true,
      },
    });
    expect(result.url).toMatch(/^https:\/\/www\.instagram\.com\//);
  });

  it('an uploaded cover image goes as cover_url; the sandbox fetches it and records its hash', async () => {
    const target = connect();
    const coverBytes = jpegImage(1080, 1920, 9);
    const coverUrl = files.put('capa.jpg', coverBytes);
    await adapter().publish({
      target,
      title: 't',
      text: 'Com capa',
      video: reel(VIDEO_URL, {
        timeSeconds: null,
        image: { mimeType: 'image/jpeg', width: 1080, height: 1920, bytes: coverBytes, url: coverUrl },
      }),
    });
    expect(containerCalls(target)[0]!.body).toMatchObject({ cover_url: coverUrl });
    expect(containerCalls(target)[0]!.body).not.toHaveProperty('thumb_offset');
    expect(sandbox.publishedPosts('instagram')[0]!.video).toMatchObject({
      coverSha256: sha256(coverBytes),
      thumbOffsetMs: null,
    });
  });

  it('the container request failing: 500 or reset → retryable, 400 → permanent; no beforeSend, no media_publish', async () => {
    const target = connect();
    const path = `/v21.0/${target.platformUserId}/media`;
    for (const [fault, kind] of [
      [{ status: 500 }, 'retryable'],
      [{ reset: true }, 'retryable'],
      [{ status: 503 }, 'retryable'],
      [{ status: 400, body: { error: { message: 'bad', type: 'OAuthException', code: 100 } } }, 'permanent'],
    ] as const) {
      sandbox.addFault({ host: 'graph.facebook.com', pathPrefix: path, method: 'POST', ...fault });
      const probe = sendProbe();
      const error = await failure(
        adapter().publish({ target, title: 't', text: 'x', video: reel() }, { beforeSend: probe.beforeSend }),
      );
      expect(error.kind).toBe(kind);
      if (kind === 'retryable') expect(error.details.reason).toContain('nada foi publicado');
      expect(probe.calls).toEqual([]);
    }
    expect(publishCalls()).toHaveLength(0);
    expect(sandbox.publishedPosts('instagram')).toHaveLength(0);
  });

  it('a status read failing (500, reset) is retryable, and a retry publishes exactly once', async () => {
    const target = connect();
    sandbox.addFault({ host: 'graph.facebook.com', method: 'GET', status: 500 });
    expect((await failure(adapter().publish({ target, title: 't', text: 'x', video: reel() }))).kind).toBe(
      'retryable',
    );
    sandbox.addFault({ host: 'graph.facebook.com', method: 'GET', reset: true });
    expect((await failure(adapter().publish({ target, title: 't', text: 'x', video: reel() }))).kind).toBe(
      'retryable',
    );
    expect(publishCalls()).toHaveLength(0);
    await adapter().publish({ target, title: 't', text: 'x', video: reel() });
    expect(sandbox.publishedPosts('instagram')).toHaveLength(1);
  });

  it('a video Instagram cannot fetch or read ends the container in ERROR: permanent, with the pt-BR reason', async () => {
    const notVideo = files.put('nao-e-video.mp4', Buffer.from('<html>not a video</html>'), 'video/mp4');
    for (const url of [`${files.url}/media/missing.mp4`, notVideo]) {
      const probe = sendProbe();
      const error = await failure(
        adapter().publish(
          { target: connect(), title: 't', text: 'x', video: reel(url) },
          { beforeSend: probe.beforeSend },
        ),
      );
      expect(error).toMatchObject({
        kind: 'permanent',
        code: 'REJECTED',
        details: { networkCode: 'VIDEO_CONTAINER_ERROR' },
      });
      expect(error.details.reason).toContain(
        INSTAGRAM_ERRORS.find((r) => r.key === 'VIDEO_CONTAINER_ERROR')!.message,
      );
      expect(probe.calls).toEqual([]);
    }
    expect(publishCalls()).toHaveLength(0);
  });

  it('an EXPIRED container is permanent; IN_PROGRESS past the poll budget is retryable; neither publishes', async () => {
    const expired = await failure(
      adapter().publish({
        target: connect(),
        title: 't',
        text: 'x',
        video: reel(`${VIDEO_URL}&sandbox_status=EXPIRED`),
      }),
    );
    expect(expired).toMatchObject({ kind: 'permanent', details: { networkCode: 'VIDEO_CONTAINER_EXPIRED' } });
    expect(expired.details.reason).toContain('Reagende');
    sandbox.setInstagramProcessingChecks(100);
    const probe = sendProbe();
    const slow = await failure(
      adapter({ videoStatusPollAttempts: 4 }).publish(
        { target: connect(), title: 't', text: 'x', video: reel() },
        { beforeSend: probe.beforeSend },
      ),
    );
    expect(slow).toMatchObject({
      kind: 'retryable',
      code: 'NETWORK_UNAVAILABLE',
      details: { networkCode: 'CONTAINER_IN_PROGRESS' },
    });
    expect(slow.details.reason).toContain('ainda estava processando');
    expect(statusReads().length).toBeGreaterThanOrEqual(4);
    expect(probe.calls).toEqual([]);
    expect(publishCalls()).toHaveLength(0);
    expect(sandbox.publishedPosts('instagram')).toHaveLength(0);
  });

  it('too little of the deadline left after processing: a plain retry before media_publish', async () => {
    const probe = sendProbe();
    const error = await failure(
      adapter().publish(
        { target: connect(), title: 't', text: 'x', video: reel() },
        { deadline: Date.now() + 1000, beforeSend: probe.beforeSend },
      ),
    );
    expect(error).toMatchObject({ kind: 'retryable', details: { networkCode: 'VIDEO_SLOW' } });
    expect(probe.calls).toEqual([]);
    expect(publishCalls()).toHaveLength(0);
  });

  it('media_publish dying is unknown after exactly one beforeSend; the daily cap (9/2207042) waits an hour', async () => {
    const target = connect();
    const path = `/v21.0/${target.platformUserId}/media_publish`;
    sandbox.addFault({ host: 'graph.facebook.com', pathPrefix: path, reset: true });
    const probe = sendProbe();
    const error = await failure(
      adapter().publish({ target, title: 't', text: 'x', video: reel() }, { beforeSend: probe.beforeSend }),
    );
    expect(error).toMatchObject({ kind: 'unknown', code: 'UNKNOWN_OUTCOME' });
    expect(probe.calls).toEqual([0]);
    expect(publishCalls()).toHaveLength(1);
    sandbox.addFault({
      host: 'graph.facebook.com',
      pathPrefix: path,
      status: 400,
      body: {
        error: {
          message: 'Application request limit reached',
          type: 'OAuthException',
          code: 9,
          error_subcode: 2207042,
        },
      },
    });
    const capped = await failure(adapter().publish({ target, title: 't', text: 'x', video: reel() }));
    expect(capped).toMatchObject({ kind: 'rate_limited', details: { retryAfterMs: 60 * 60 * 1000 } });
    expect(capped.details.reason).toContain('limite de 50 publicações');
  });

  it('a beforeSend that throws stops before media_publish, the error unchanged', async () => {
    const boom = new Error('db down');
    const error = await adapter()
      .publish(
        { target: connect(), title: 't', text: 'x', video: reel() },
        { beforeSend: async () => Promise.reject(boom) },
      )
      .catch((e: unknown) => e);
    expect(error).toBe(boom);
    expect(publishCalls()).toHaveLength(0);
  });

  it('a Reel has metrics: reach, likes and comments from the media insights (plays is gone since v22)', async () => {
    const target = connect();
    const { platformPostId } = await adapter().publish({ target, title: 't', text: 'x', video: reel() });
    sandbox.setPostMetrics({ platformPostId, reach: 1234, likes: 56, comments: 7 });
    const metrics = await adapter().fetchMetrics({ target, platformPostIds: [platformPostId] });
    expect(metrics.get(platformPostId)).toEqual({ reach: 1234, likes: 56, comments: 7 });
  });

  it('a post with images and a video is refused before any request', async () => {
    const target = connect();
    const image = {
      mimeType: 'image/jpeg',
      altText: '',
      width: 1080,
      height: 1080,
      bytes: new Uint8Array(jpegImage(1080, 1080)),
      url: files.put('junto.jpg', jpegImage(1080, 1080)),
    };
    const error = await failure(
      adapter().publish({ target, title: 't', text: 'x', media: [image], video: reel() }),
    );
    expect(error.kind).toBe('permanent');
    expect(error.details.reason).toContain('imagens ou um vídeo');
    expect(sandbox.requests({ host: 'graph.facebook.com' })).toHaveLength(0);
  });

  it('the sandbox validates REELS containers as Instagram does', async () => {
    const target = connect();
    const user = target.platformUserId;
    const post = (body: Record<string, string>) =>
      fetch(`${sandbox.url}/graph.facebook.com/v21.0/${user}/media`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ access_token: target.accessToken, ...body }),
      });
    const refused = async (body: Record<string, string>) => {
      const response = await post(body);
      expect(response.status).toBe(400);
      return ((await response.json()) as { error: { code: number } }).error.code;
    };
    expect(await refused({ media_type: 'REELS' })).toBe(100);
    expect(await refused({ media_type: 'REELS', video_url: VIDEO_URL, thumb_offset: '-1' })).toBe(100);
    expect(await refused({ media_type: 'REELS', video_url: VIDEO_URL, alt_text: 'x' })).toBe(100);
    expect(await refused({ media_type: 'REELS', video_url: VIDEO_URL, share_to_feed: 'sim' })).toBe(100);
    expect(await refused({ media_type: 'VIDEO', video_url: VIDEO_URL })).toBe(100);
    expect(await refused({ video_url: VIDEO_URL })).toBe(100);
    expect(sandbox.publishedPosts('instagram')).toHaveLength(0);
  });
});
