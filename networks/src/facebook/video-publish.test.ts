// Facebook Page videos against the sandbox: a vertical 9:16 video of 3–90 s as a Reel (video_reels
// start → rupload chunks with offset/file_size → finish PUBLISHED), anything else as a Page video
// (videos start → transfer chunks → finish with title, description, thumb). The sandbox checks the
// offsets, assembles the bytes and records their sha256; a failure at each step is classified,
// and beforeSend runs exactly once, right before the finish — the only visible call.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testVideo, videoBytes } from '../meta/test-video.js';
import { jpegImage, sha256 } from '../publishing/test-images.js';
import { PublishError, type PublishTarget, type PublishVideoCover } from '../publishing/types.js';
import { PAGE_VIDEO_CHUNK_BYTES } from '../sandbox/facebook-video.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch } from '../sandbox-url.js';
import { createFacebookAdapter, type FacebookAdapterOptions } from './publish.js';
import { isFacebookReel } from './video-publish.js';

let sandbox: SandboxHandle;
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

const CHUNK = 64 * 1024;
const REEL_BYTES = videoBytes(4 * CHUNK - 1000, 5);
const PAGE_BYTES = videoBytes(2 * PAGE_VIDEO_CHUNK_BYTES + 300_000, 6);
const URL_UNUSED = 'https://pauta.example/v/signed';

function connectPage(): PublishTarget {
  const user = sandbox.issueToken({ network: 'facebook' });
  const pageId = user.pages[0]!.id;
  const page = sandbox.issueToken({ network: 'facebook', pageId });
  return { platformUserId: pageId, accessToken: page.accessToken };
}

async function failure(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PublishError)) throw new Error(`expected a PublishError, got ${String(error)}`);
  return error;
}

const adapter = (options: Partial<FacebookAdapterOptions> = {}) =>
  createFacebookAdapter({ fetch: createNetworkFetch(sandbox.url), reelChunkBytes: CHUNK, ...options });
const reel = () => testVideo(REEL_BYTES, URL_UNUSED);
const pageVideo = (cover: PublishVideoCover | null = null) =>
  testVideo(PAGE_BYTES, URL_UNUSED, { width: 1920, height: 1080, durationSeconds: 300, cover });

const reelsCalls = (phase: string) =>
  sandbox
    .requests({ method: 'POST' })
    .filter(
      (r) => r.path.endsWith('/video_reels') && (r.body as Record<string, unknown>)?.upload_phase === phase,
    );
const ruploads = () => sandbox.requests({ method: 'POST' }).filter((r) => r.host === 'rupload.facebook.com');
const videosCalls = () =>
  sandbox
    .requests({ method: 'POST' })
    .filter((r) => r.host === 'graph-video.facebook.com' && r.path.endsWith('/videos'));

/** beforeSend that records how many finish calls had been sent when it ran. */
function sendProbe(finishes: () => number) {
  const calls: number[] = [];
  return { calls, beforeSend: async () => void calls.push(finishes()) };
}

describe('which flow a Facebook video takes', () => {
  it('vertical 9:16 of 3–90 s at 540 px or more, 24–60 fps: a Reel; anything else: a Page video', () => {
    const base = { width: 1080, height: 1920, durationSeconds: 30, frameRate: 30 };
    expect(isFacebookReel(base)).toBe(true);
    expect(isFacebookReel({ ...base, height: 1918 })).toBe(true);
    expect(isFacebookReel({ ...base, durationSeconds: 90 })).toBe(true);
    expect(isFacebookReel({ ...base, durationSeconds: 91 })).toBe(false);
    expect(isFacebookReel({ ...base, durationSeconds: 2 })).toBe(false);
    expect(isFacebookReel({ ...base, width: 1920, height: 1080 })).toBe(false);
    expect(isFacebookReel({ ...base, width: 1080, height: 1350 })).toBe(false);
    expect(isFacebookReel({ ...base, width: 360, height: 640 })).toBe(false);
    expect(isFacebookReel({ ...base, frameRate: 15 })).toBe(false);
  });
});

describe('Facebook Reels', () => {
  it('start → rupload chunks at their offsets → one finish PUBLISHED after one beforeSend; the bytes arrive whole', async () => {
    const target = connectPage();
    const video = reel();
    const probe = sendProbe(() => reelsCalls('finish').length);
    const result = await adapter().publish(
      { target, title: 'Título', text: 'Nosso Reel #bastidores', video },
      { beforeSend: probe.beforeSend },
    );
    expect(reelsCalls('start')).toHaveLength(1);
    const uploads = ruploads();
    expect(uploads.map((r) => Number(r.headers.offset))).toEqual([0, CHUNK, 2 * CHUNK, 3 * CHUNK]);
    expect(uploads.every((r) => r.headers.file_size === String(REEL_BYTES.length))).toBe(true);
    expect(uploads[0]!.path).toBe(`/video-upload/v21.0/${result.platformPostId}`);
    expect(probe.calls).toEqual([0]);
    expect(reelsCalls('finish')).toHaveLength(1);
    expect(reelsCalls('finish')[0]!.body).toMatchObject({
      video_id: result.platformPostId,
      video_state: 'PUBLISHED',
      description: 'Nosso Reel #bastidores',
    });
    expect(video.reads.every(([start, end]) => end - start <= CHUNK)).toBe(true);
    expect(result.url).toBe(`https://www.facebook.com/reel/${result.platformPostId}`);
    const posts = sandbox.publishedPosts('facebook');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      id: result.platformPostId,
      text: 'Nosso Reel #bastidores',
      video: { sha256: sha256(REEL_BYTES), size: REEL_BYTES.length, kind: 'reel' },
    });
  });

  it('a chunk whose connection dies is resumed from the offset Facebook reports, and sent again', async () => {
    const target = connectPage();
    sandbox.addFault({ host: 'rupload.facebook.com', pathPrefix: '/video-upload/', reset: true });
    await adapter().publish({ target, title: '', text: 'retomado', video: reel() });
    expect(ruploads().map((r) => Number(r.headers.offset))).toEqual([0, 0, CHUNK, 2 * CHUNK, 3 * CHUNK]);
    expect(sandbox.requests({ method: 'GET' }).filter((r) => r.query.fields === 'status')).toHaveLength(1);
    expect(sandbox.publishedPosts('facebook')[0]!.video!.sha256).toBe(sha256(REEL_BYTES));
  });

  it('a chunk that arrived although its answer was lost is not sent twice (bytes_transferred says so)', async () => {
    const target = connectPage();
    // The first chunk is handled 1.3 s after it arrived, past the adapter's 1 s timeout; the status
    // read, sent at the timeout and held 0.7 s (answered within its own timeout), is handled after
    // that chunk landed.
    sandbox.addFault({ host: 'rupload.facebook.com', pathPrefix: '/video-upload/', delayMs: 1300 });
    sandbox.addFault({ host: 'graph.facebook.com', method: 'GET', delayMs: 700 });
    await adapter({ timeoutMs: 1000 }).publish({ target, title: '', text: 'sem repetir', video: reel() });
    expect(ruploads().map((r) => Number(r.headers.offset))).toEqual([0, CHUNK, 2 * CHUNK, 3 * CHUNK]);
    expect(sandbox.publishedPosts('facebook')[0]!.video!.sha256).toBe(sha256(REEL_BYTES));
  });

  it('each step before the finish failing: the kind, no beforeSend, no finish, no post', async () => {
    const target = connectPage();
    const page = target.platformUserId;
    const cases = [
      // start
      [{ host: 'graph.facebook.com', pathPrefix: `/v21.0/${page}/video_reels`, status: 500 }, 'retryable'],
      [{ host: 'graph.facebook.com', pathPrefix: `/v21.0/${page}/video_reels`, reset: true }, 'retryable'],
      [
        {
          host: 'graph.facebook.com',
          pathPrefix: `/v21.0/${page}/video_reels`,
          status: 400,
          body: { error: { message: '(#200) Permissions error', type: 'OAuthException', code: 200 } },
        },
        'permanent',
      ],
      // rupload refusing the bytes (its own error shape)
      [
        {
          host: 'rupload.facebook.com',
          status: 400,
          body: { debug_info: { retriable: false, type: 'ParameterValidationError', message: 'bad file' } },
        },
        'permanent',
      ],
      // rupload dying more often than the resumes allow
      [{ host: 'rupload.facebook.com', reset: true, times: 4 }, 'retryable'],
      // the status read of a resume failing
      [
        { host: 'rupload.facebook.com', reset: true },
        'retryable',
        { host: 'graph.facebook.com', method: 'GET', status: 500 },
      ],
    ] as const;
    for (const [fault, kind, extra] of cases) {
      sandbox.reset();
      sandbox.addFault(fault);
      if (extra !== undefined) sandbox.addFault(extra);
      const probe = sendProbe(() => reelsCalls('finish').length);
      const error = await failure(
        adapter().publish({ target, title: '', text: 'x', video: reel() }, { beforeSend: probe.beforeSend }),
      );
      expect(error.kind, JSON.stringify(fault)).toBe(kind);
      if (kind === 'retryable') expect(error.details.reason).toContain('nada foi publicado');
      if (kind === 'permanent' && fault.host === 'rupload.facebook.com')
        expect(error.details.reason).toContain('recusou o envio do vídeo do Reel');
      expect(probe.calls).toEqual([]);
      expect(reelsCalls('finish')).toHaveLength(0);
    }
    expect(sandbox.publishedPosts('facebook')).toHaveLength(0);
  });

  it("the worker's signal aborting mid-upload stops at once: a plain retry, no resume, no finish", async () => {
    sandbox.addFault({ host: 'rupload.facebook.com', pathPrefix: '/video-upload/', delayMs: 2000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const probe = sendProbe(() => reelsCalls('finish').length);
    const error = await failure(
      adapter().publish(
        { target: connectPage(), title: '', text: 'x', video: reel() },
        { signal: controller.signal, beforeSend: probe.beforeSend },
      ),
    );
    expect(error.kind).toBe('retryable');
    expect(ruploads()).toHaveLength(1);
    expect(sandbox.requests({ method: 'GET' }).filter((r) => r.query.fields === 'status')).toHaveLength(0);
    expect(probe.calls).toEqual([]);
    expect(reelsCalls('finish')).toHaveLength(0);
  });

  it('too little deadline left after the upload: a plain retry, the finish never sent', async () => {
    const probe = sendProbe(() => reelsCalls('finish').length);
    const error = await failure(
      adapter().publish(
        { target: connectPage(), title: '', text: 'x', video: reel() },
        { deadline: Date.now() + 1000, beforeSend: probe.beforeSend },
      ),
    );
    expect(error).toMatchObject({ kind: 'retryable', details: { networkCode: 'VIDEO_SLOW' } });
    expect(probe.calls).toEqual([]);
    expect(reelsCalls('finish')).toHaveLength(0);
  });

  it('the finish dying is unknown after exactly one beforeSend; a Graph refusal there is permanent', async () => {
    const target = connectPage();
    const path = `/v21.0/${target.platformUserId}/video_reels`;
    // The start goes through; the finish (the second call to the path) dies.
    sandbox.addFault({ host: 'graph.facebook.com', pathPrefix: path, delayMs: 0 });
    sandbox.addFault({ host: 'graph.facebook.com', pathPrefix: path, reset: true });
    const probe = sendProbe(() => reelsCalls('finish').length);
    const error = await failure(
      adapter().publish({ target, title: '', text: 'x', video: reel() }, { beforeSend: probe.beforeSend }),
    );
    expect(error).toMatchObject({ kind: 'unknown', code: 'UNKNOWN_OUTCOME' });
    expect(probe.calls).toEqual([0]);
    expect(reelsCalls('finish')).toHaveLength(1);
    sandbox.addFault({ host: 'graph.facebook.com', pathPrefix: path, delayMs: 0 });
    sandbox.addFault({
      host: 'graph.facebook.com',
      pathPrefix: path,
      status: 400,
      body: { error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100 } },
    });
    const refused = await failure(adapter().publish({ target, title: '', text: 'x', video: reel() }));
    expect(refused.kind).toBe('permanent');
    expect(refused.details.reason).toContain('O Facebook recusou');
  });

  it('a post with images and a video is refused before any request', async () => {
    const image = {
      mimeType: 'image/jpeg',
      altText: '',
      width: 1080,
      height: 1080,
      bytes: new Uint8Array(jpegImage(1080, 1080)),
      url: 'https://x/i.jpg',
    };
    const error = await failure(
      adapter().publish({ target: connectPage(), title: '', text: 'x', media: [image], video: reel() }),
    );
    expect(error.kind).toBe('permanent');
    expect(error.details.reason).toContain('imagens ou um vídeo');
    expect(sandbox.requests()).toHaveLength(0);
  });

  it('a Reel has metrics: likes and comments from the video, reach from its video insights', async () => {
    const target = connectPage();
    const { platformPostId } = await adapter().publish({ target, title: '', text: 'x', video: reel() });
    sandbox.setPostMetrics({ platformPostId, reach: 900, likes: 40, comments: 3 });
    const metrics = await adapter().fetchMetrics({ target, platformPostIds: [platformPostId] });
    expect(metrics.get(platformPostId)).toEqual({ reach: 900, likes: 40, comments: 3 });
  });
});

describe('Facebook Page videos', () => {
  it('start → transfer the chunks Facebook asks for → one finish with title, description and thumb', async () => {
    const target = connectPage();
    const coverBytes = jpegImage(1280, 720, 4);
    const video = pageVideo({
      timeSeconds: 12,
      image: { mimeType: 'image/jpeg', width: 1280, height: 720, bytes: coverBytes, url: 'https://x/c.jpg' },
    });
    const probe = sendProbe(() => videosCalls().length);
    const result = await adapter().publish(
      { target, title: 'Entrevista completa', text: 'Assista à entrevista', video },
      { beforeSend: probe.beforeSend },
    );
    // start + 3 transfers, then the finish.
    expect(probe.calls).toEqual([4]);
    expect(videosCalls()).toHaveLength(5);
    expect(video.reads).toEqual([
      [0, PAGE_VIDEO_CHUNK_BYTES],
      [PAGE_VIDEO_CHUNK_BYTES, 2 * PAGE_VIDEO_CHUNK_BYTES],
      [2 * PAGE_VIDEO_CHUNK_BYTES, PAGE_BYTES.length],
    ]);
    expect(result.url).toBe(
      `https://www.facebook.com/${target.platformUserId}/videos/${result.platformPostId}`,
    );
    const posts = sandbox.publishedPosts('facebook');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      id: result.platformPostId,
      text: 'Assista à entrevista',
      video: {
        sha256: sha256(PAGE_BYTES),
        size: PAGE_BYTES.length,
        kind: 'page_video',
        title: 'Entrevista completa',
        coverSha256: sha256(coverBytes),
      },
    });
    sandbox.setPostMetrics({ platformPostId: result.platformPostId, reach: 77, likes: 5, comments: 1 });
    const metrics = await adapter().fetchMetrics({ target, platformPostIds: [result.platformPostId] });
    expect(metrics.get(result.platformPostId)).toEqual({ reach: 77, likes: 5, comments: 1 });
  });

  it('start or a transfer failing is a plain retry with no finish; the finish failing is unknown after one beforeSend', async () => {
    const target = connectPage();
    const prefix = `/v21.0/${target.platformUserId}/videos`;
    for (const fault of [
      { host: 'graph-video.facebook.com', pathPrefix: prefix, status: 503 },
      { host: 'graph-video.facebook.com', pathPrefix: prefix, reset: true },
    ]) {
      for (const skip of [0, 2]) {
        sandbox.reset();
        // `skip` calls go through first (0: the start fails; 2: the second transfer fails).
        if (skip > 0)
          sandbox.addFault({ host: 'graph-video.facebook.com', pathPrefix: prefix, delayMs: 0, times: skip });
        sandbox.addFault(fault);
        const probe = sendProbe(() => videosCalls().length);
        const error = await failure(
          adapter().publish(
            { target, title: '', text: 'x', video: pageVideo() },
            { beforeSend: probe.beforeSend },
          ),
        );
        expect(error.kind).toBe('retryable');
        expect(error.details.reason).toContain('nada foi publicado');
        expect(probe.calls).toEqual([]);
      }
    }
    expect(sandbox.publishedPosts('facebook')).toHaveLength(0);
    sandbox.reset();
    sandbox.addFault({ host: 'graph-video.facebook.com', pathPrefix: prefix, delayMs: 0, times: 4 });
    sandbox.addFault({ host: 'graph-video.facebook.com', pathPrefix: prefix, status: 500 });
    const probe = sendProbe(() => videosCalls().length);
    const error = await failure(
      adapter().publish(
        { target, title: '', text: 'x', video: pageVideo() },
        { beforeSend: probe.beforeSend },
      ),
    );
    expect(error).toMatchObject({ kind: 'unknown', code: 'UNKNOWN_OUTCOME' });
    expect(probe.calls).toEqual([4]);
    expect(videosCalls()).toHaveLength(5);
  });
});

describe('the sandbox checks the video phases as Facebook does', () => {
  const graph = (path: string, body: Record<string, string>, host = 'graph.facebook.com') =>
    fetch(`${sandbox.url}/${host}/v21.0/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body),
    });
  /** The fields these answers may carry (Graph's, rupload's). */
  interface Answer {
    video_id: string;
    upload_session_id: string;
    start_offset?: string;
    end_offset?: string;
    error: { code: number };
    debug_info: { type: string };
  }
  const json = async (response: Response) => (await response.json()) as Answer;

  it('rupload offsets must follow the bytes received; a finish before the last byte is refused', async () => {
    const target = connectPage();
    const page = target.platformUserId;
    const token = target.accessToken;
    const started = await json(
      await graph(`${page}/video_reels`, { upload_phase: 'start', access_token: token }),
    );
    const upload = (offset: number, bytes: Buffer, size = 100) =>
      fetch(`${sandbox.url}/rupload.facebook.com/video-upload/v21.0/${started.video_id}`, {
        method: 'POST',
        headers: {
          authorization: `OAuth ${token}`,
          offset: String(offset),
          file_size: String(size),
          'content-type': 'application/octet-stream',
        },
        body: new Uint8Array(bytes),
      });
    const bytes = videoBytes(100);
    expect((await upload(10, bytes.subarray(10, 50))).status).toBe(400);
    expect((await upload(0, bytes.subarray(0, 50))).status).toBe(200);
    expect((await json(await upload(0, bytes.subarray(0, 50)))).debug_info.type).toBe(
      'ParameterValidationError',
    );
    expect((await upload(50, bytes.subarray(50, 100), 120)).status).toBe(400);
    const early = await json(
      await graph(`${page}/video_reels`, {
        upload_phase: 'finish',
        video_id: started.video_id,
        video_state: 'PUBLISHED',
        access_token: token,
      }),
    );
    expect(early.error.code).toBe(6000);
    expect((await upload(50, bytes.subarray(50, 100))).status).toBe(200);
    const unknownId = await json(
      await graph(`${page}/video_reels`, {
        upload_phase: 'finish',
        video_id: '123',
        video_state: 'PUBLISHED',
        access_token: token,
      }),
    );
    expect(unknownId.error.code).toBe(100);
    const noState = await json(
      await graph(`${page}/video_reels`, {
        upload_phase: 'finish',
        video_id: started.video_id,
        access_token: token,
      }),
    );
    expect(noState.error.code).toBe(100);
    expect(sandbox.publishedPosts('facebook')).toHaveLength(0);
    const status = await fetch(
      `${sandbox.url}/graph.facebook.com/v21.0/${started.video_id}?fields=status&access_token=${token}`,
    );
    expect(await status.json()).toMatchObject({
      status: {
        video_status: 'upload_complete',
        uploading_phase: { status: 'complete', bytes_transferred: 100 },
      },
    });
    const finish = () =>
      graph(`${page}/video_reels`, {
        upload_phase: 'finish',
        video_id: started.video_id,
        video_state: 'PUBLISHED',
        description: 'uma vez',
        access_token: token,
      });
    expect(await json(await finish())).toEqual({ success: true });
    expect((await json(await finish())).error.code).toBe(100);
    expect(sandbox.publishedPosts('facebook')).toEqual([
      expect.objectContaining({
        id: started.video_id,
        text: 'uma vez',
        video: expect.objectContaining({ sha256: sha256(bytes) }),
      }),
    ]);
  });

  it('a Page video transfer at the wrong offset, or of an unknown session, is refused', async () => {
    const target = connectPage();
    const page = target.platformUserId;
    const token = target.accessToken;
    const started = await json(
      await graph(
        `${page}/videos`,
        { upload_phase: 'start', file_size: '100', access_token: token },
        'graph-video.facebook.com',
      ),
    );
    expect(started).toMatchObject({ start_offset: '0', end_offset: '100' });
    const transfer = (session: string, start: string) => {
      const form = new FormData();
      form.set('upload_phase', 'transfer');
      form.set('upload_session_id', session);
      form.set('start_offset', start);
      form.set('access_token', token);
      form.set('video_file_chunk', new Blob([new Uint8Array(videoBytes(100))]), 'c');
      return fetch(`${sandbox.url}/graph-video.facebook.com/v21.0/${page}/videos`, {
        method: 'POST',
        body: form,
      });
    };
    expect((await json(await transfer(started.upload_session_id, '50'))).error.code).toBe(6001);
    expect((await json(await transfer('999', '0'))).error.code).toBe(100);
    expect(await json(await transfer(started.upload_session_id, '0'))).toEqual({
      start_offset: '100',
      end_offset: '100',
    });
    expect(sandbox.publishedPosts('facebook')).toHaveLength(0);
  });
});
