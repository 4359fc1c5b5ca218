// X with a video: INIT → APPEND (4 MiB segments, read range by range) → FINALIZE → STATUS while
// processing → beforeSend → POST /2/tweets with the media id, against the sandbox; and a failure
// at each step: what kind it becomes, and whether the visible post call was sent.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { failingFetch, type StepFault, syntheticVideo } from '../publishing/synthetic-video.js';
import { testMedia } from '../publishing/test-images.js';
import { PublishError, type PublishTarget } from '../publishing/types.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch } from '../sandbox-url.js';
import { createXAdapter } from './publish.js';
import { X_VIDEO_SEGMENT_BYTES } from './video-upload.js';

let sandbox: SandboxHandle;
let sequence = 0;
const MB = 1024 * 1024;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.reset();
  sandbox.clearPublishedPosts();
  sandbox.setVideoProcessingChecks(1);
});

function connect(scopes?: string[]): PublishTarget {
  const issued = sandbox.issueToken({ network: 'x', ...(scopes === undefined ? {} : { scopes }) });
  return { platformUserId: issued.platformUserId, accessToken: issued.accessToken };
}

function text(): string {
  sequence += 1;
  return `Vídeo nº ${sequence} de ${Date.now()}`;
}

async function failure(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PublishError)) throw new Error(`expected a PublishError, got ${String(error)}`);
  return error;
}

const sandboxFetch = () => createNetworkFetch(sandbox.url);
// Each request may take 15 s: a segment of several MiB through the in-process sandbox on the loaded
// CI machine took longer than 5 s (a test's failure then was the machine, not the adapter).
const adapter = (fetch = sandboxFetch(), statusPollAttempts = 5) =>
  createXAdapter({ fetch, timeoutMs: 15_000, statusPollAttempts, statusPollIntervalMs: 2 });

/** beforeSend that records whether the post call had been sent when it ran. */
function sendGate() {
  const calls: number[] = [];
  return {
    calls,
    beforeSend: async () => {
      calls.push(sandbox.requests({ pathPrefix: '/2/tweets', method: 'POST' }).length);
    },
  };
}

describe('X adapter with a video', { timeout: 60_000 }, () => {
  it('uploads in ≤ 5 MB segments, waits for processing, then posts once with the media id', async () => {
    sandbox.setVideoProcessingChecks(2);
    const file = syntheticVideo(9 * MB + 123);
    const gate = sendGate();
    const body = text();
    const result = await adapter().publish(
      { target: connect(), title: 't', text: body, video: file.video },
      { beforeSend: gate.beforeSend },
    );

    const posts = sandbox.publishedPosts('x');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ id: result.platformPostId, text: body, media: [] });
    expect(posts[0]!.video).toEqual({
      sha256: file.sha256,
      size: file.bytes.length,
      mimeType: 'video/mp4',
      chunks: 3,
      thumbnailSha256: null,
      title: null,
    });
    expect(result.url).toBe(`https://x.com/i/web/status/${result.platformPostId}`);
    // Range by range, never the whole file at once.
    expect(file.reads).toEqual([
      [0, X_VIDEO_SEGMENT_BYTES],
      [X_VIDEO_SEGMENT_BYTES, 2 * X_VIDEO_SEGMENT_BYTES],
      [2 * X_VIDEO_SEGMENT_BYTES, file.bytes.length],
    ]);
    expect(X_VIDEO_SEGMENT_BYTES).toBeLessThanOrEqual(5 * MB);
    const init = sandbox.requests({ pathPrefix: '/2/media/upload/initialize' });
    expect(init).toHaveLength(1);
    expect(init[0]!.body).toEqual({
      media_type: 'video/mp4',
      total_bytes: file.bytes.length,
      media_category: 'tweet_video',
    });
    const all = sandbox
      .requests({ host: 'api.x.com' })
      .map((r) => `${r.method} ${r.path.replace(/\d{6,}/, 'ID')}`);
    expect(all).toEqual([
      'POST /2/media/upload/initialize',
      'POST /2/media/upload/ID/append',
      'POST /2/media/upload/ID/append',
      'POST /2/media/upload/ID/append',
      'POST /2/media/upload/ID/finalize',
      'GET /2/media/upload',
      'GET /2/media/upload',
      'GET /2/media/upload',
    ]);
    // beforeSend ran once, after every invisible step and before the post call.
    expect(gate.calls).toEqual([0]);
    const tweet = sandbox.requests({ pathPrefix: '/2/tweets', method: 'POST' });
    expect(tweet).toHaveLength(1);
    expect(tweet[0]!.body).toMatchObject({ text: body, media: { media_ids: [expect.any(String)] } });
  });

  it('a video post reads its metrics like any post (views as reach, likes, replies)', async () => {
    const file = syntheticVideo(300 * 1024);
    const target = connect();
    const { platformPostId } = await adapter().publish({
      target,
      title: 't',
      text: text(),
      video: file.video,
    });
    sandbox.setPostMetrics({ platformPostId, reach: 900, likes: 40, comments: 7 });
    const metrics = await adapter().fetchMetrics({ target, platformPostIds: [platformPostId] });
    expect(metrics.get(platformPostId)).toEqual({ reach: 900, likes: 40, comments: 7 });
  });

  it('refuses before any request a video beside images, or one over X’s limits', async () => {
    const file = syntheticVideo(64 * 1024);
    const both = await failure(
      adapter().publish({
        target: connect(),
        title: 't',
        text: text(),
        video: file.video,
        media: testMedia(1),
      }),
    );
    expect(both).toMatchObject({
      kind: 'permanent',
      code: 'REJECTED',
      details: { networkCode: 'VIDEO_WITH_IMAGES' },
    });
    expect(both.details.reason).toContain('Remova as imagens ou o vídeo');
    const long = await failure(
      adapter().publish({
        target: connect(),
        title: 't',
        text: text(),
        video: { ...file.video, durationSeconds: 20 * 60 + 1 },
      }),
    );
    expect(long).toMatchObject({ kind: 'permanent', details: { networkCode: 'VIDEO_TOO_LONG' } });
    expect(long.details.reason).toBe(
      'X (Twitter) aceita vídeos de até 20 minutos. Corte o vídeo e tente de novo. Depois, reagende o post.',
    );
    expect(sandbox.requests()).toHaveLength(0);
  });

  it('X failing to process the video stops for good, in pt-BR; nothing is posted', async () => {
    const gate = sendGate();
    const error = await failure(
      adapter().publish(
        {
          target: connect(),
          title: 't',
          text: text(),
          video: syntheticVideo(200 * 1024, { playable: false }).video,
        },
        { beforeSend: gate.beforeSend },
      ),
    );
    expect(error).toMatchObject({
      kind: 'permanent',
      code: 'REJECTED',
      details: { networkCode: 'VIDEO_PROCESSING_FAILED' },
    });
    expect(error.message).toContain('Unsupported media');
    expect(error.details.reason).toContain('O X não conseguiu processar o vídeo');
    expect(gate.calls).toEqual([]);
    expect(sandbox.requests({ pathPrefix: '/2/tweets' })).toHaveLength(0);
  });

  it('processing still running after the reads allowed is a plain retry; nothing is posted', async () => {
    sandbox.setVideoProcessingChecks(10);
    const error = await failure(
      adapter(sandboxFetch(), 3).publish({
        target: connect(),
        title: 't',
        text: text(),
        video: syntheticVideo(100_000).video,
      }),
    );
    expect(error).toMatchObject({ kind: 'retryable', details: { networkCode: 'VIDEO_PROCESSING_SLOW' } });
    expect(error.details.reason).toContain('nada foi publicado');
    expect(sandbox.requests({ pathPrefix: '/2/media/upload', method: 'GET' })).toHaveLength(3);
    expect(sandbox.requests({ pathPrefix: '/2/tweets' })).toHaveLength(0);
  });

  it('without media.write the INIT is refused as a permission problem: reconnect', async () => {
    const error = await failure(
      adapter().publish({
        target: connect(['tweet.read', 'tweet.write', 'users.read']),
        title: 't',
        text: text(),
        video: syntheticVideo(100_000).video,
      }),
    );
    expect(error).toMatchObject({
      kind: 'permanent',
      code: 'ACCOUNT_NEEDS_RECONNECT',
      details: { status: 403, networkCode: 'VIDEO_SCOPE_MISSING' },
    });
    expect(error.details.reason).toContain('Reconecte a conta');
  });

  it('an upload that leaves too little of the deadline stops before the post call: a plain retry', async () => {
    const gate = sendGate();
    const error = await failure(
      adapter().publish(
        { target: connect(), title: 't', text: text(), video: syntheticVideo(100_000).video },
        { deadline: Date.now() + 1000, beforeSend: gate.beforeSend },
      ),
    );
    expect(error).toMatchObject({ kind: 'retryable', details: { networkCode: 'MEDIA_SLOW' } });
    expect(error.details.reason).toBe(
      'O envio do vídeo ao X (Twitter) demorou demais e o post não foi criado: nada foi publicado. Uma nova tentativa será feita automaticamente.',
    );
    expect(gate.calls).toEqual([]);
    expect(sandbox.requests({ pathPrefix: '/2/tweets' })).toHaveLength(0);
  });

  it('the sandbox control API sets how many STATUS reads answer in_progress', async () => {
    const set = await fetch(`${sandbox.url}/__sandbox/video/processing`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ checks: 0 }),
    });
    expect(set.status).toBe(201);
    await adapter().publish({
      target: connect(),
      title: 't',
      text: text(),
      video: syntheticVideo(100_000).video,
    });
    // One read: succeeded at once.
    expect(sandbox.requests({ pathPrefix: '/2/media/upload', method: 'GET' })).toHaveLength(1);
  });

  it('beforeSend failing stops the publish unchanged: nothing visible is sent', async () => {
    const stop = new Error('claim lost');
    const error = await adapter()
      .publish(
        { target: connect(), title: 't', text: text(), video: syntheticVideo(100_000).video },
        {
          beforeSend: async () => {
            throw stop;
          },
        },
      )
      .catch((e: unknown) => e);
    expect(error).toBe(stop);
    expect(sandbox.requests({ pathPrefix: '/2/tweets' })).toHaveLength(0);
  });

  const steps: { step: string; matches: (url: string, method: string) => boolean }[] = [
    { step: 'INIT', matches: (url) => url.includes('/2/media/upload/initialize') },
    { step: 'APPEND', matches: (url) => /\/append$/.test(url) },
    { step: 'FINALIZE', matches: (url) => /\/finalize$/.test(url) },
    { step: 'STATUS', matches: (url, method) => method === 'GET' && url.includes('command=STATUS') },
  ];
  const invalid = { errors: [{ message: 'Invalid Request' }], title: 'Invalid Request' };
  const cases: { fault: StepFault; kind: string; label: string }[] = [
    { fault: { status: 503, body: { title: 'Service Unavailable' } }, kind: 'retryable', label: '503' },
    { fault: { status: 500, body: { title: 'Internal Error' } }, kind: 'retryable', label: '500' },
    { fault: { resetAfterSending: true }, kind: 'retryable', label: 'a reset after sending' },
    { fault: { status: 400, body: invalid }, kind: 'permanent', label: '400' },
  ];
  for (const { step, matches } of steps) {
    for (const { fault, kind, label } of cases) {
      it(`${step} answered with ${label} → ${kind}; the post call is never sent`, async () => {
        const gate = sendGate();
        const fetch = failingFetch(sandboxFetch(), matches, fault);
        const error = await failure(
          adapter(fetch).publish(
            { target: connect(), title: 't', text: text(), video: syntheticVideo(5 * MB).video },
            { beforeSend: gate.beforeSend },
          ),
        );
        expect(fetch.fired()).toBe(1);
        expect(error.kind).toBe(kind);
        if (kind === 'retryable') expect(error.details.reason).toContain('nada foi publicado');
        else expect(error.code).toBe('REJECTED');
        expect(gate.calls).toEqual([]);
        expect(sandbox.requests({ pathPrefix: '/2/tweets' })).toHaveLength(0);
      });
    }
  }

  it('after a failed upload step, the retry uploads again and posts exactly once', async () => {
    const target = connect();
    const file = syntheticVideo(5 * MB);
    const body = text();
    const fetch = failingFetch(sandboxFetch(), (url) => /\/append$/.test(url), { resetAfterSending: true });
    expect(
      (await failure(adapter(fetch).publish({ target, title: 't', text: body, video: file.video }))).kind,
    ).toBe('retryable');
    await adapter().publish({ target, title: 't', text: body, video: file.video });
    const posts = sandbox.publishedPosts('x');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.video?.sha256).toBe(file.sha256);
    expect(sandbox.requests({ pathPrefix: '/2/media/upload/initialize' })).toHaveLength(2);
  });

  it('the post call dying after it was sent is unknown (needs attention); beforeSend ran once', async () => {
    const gate = sendGate();
    const fetch = failingFetch(
      sandboxFetch(),
      (url, method) => method === 'POST' && url.endsWith('/2/tweets'),
      { resetAfterSending: true },
    );
    const error = await failure(
      adapter(fetch).publish(
        { target: connect(), title: 't', text: text(), video: syntheticVideo(100_000).video },
        { beforeSend: gate.beforeSend },
      ),
    );
    expect(error).toMatchObject({ kind: 'unknown', code: 'UNKNOWN_OUTCOME' });
    expect(gate.calls).toEqual([0]);
    expect(sandbox.requests({ pathPrefix: '/2/tweets', method: 'POST' })).toHaveLength(1);
    // It did land: the lookup of docs/publishing.md would find it.
    expect(sandbox.publishedPosts('x')).toHaveLength(1);
  });

  it('the post call refused (400) after the upload is permanent; sent once', async () => {
    const gate = sendGate();
    const fetch = failingFetch(
      sandboxFetch(),
      (url, method) => method === 'POST' && url.endsWith('/2/tweets'),
      {
        status: 400,
        body: { errors: [{ message: 'Your media IDs are invalid.', code: 324 }], title: 'Invalid Request' },
      },
    );
    const error = await failure(
      adapter(fetch).publish(
        { target: connect(), title: 't', text: text(), video: syntheticVideo(100_000).video },
        { beforeSend: gate.beforeSend },
      ),
    );
    expect(error).toMatchObject({ kind: 'permanent', details: { networkCode: '324' } });
    expect(gate.calls).toEqual([0]);
  });
});

describe('sandbox X chunked upload', () => {
  const base = () => `${sandbox.url}/api.x.com/2/media/upload`;
  async function call(
    token: string,
    path: string,
    init: { method?: string; json?: unknown; form?: FormData } = {},
  ) {
    const response = await fetch(`${base()}${path}`, {
      method: init.method ?? 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        ...(init.json === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
      ...(init.form === undefined ? {} : { body: init.form }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  const segment = (index: number, bytes: Uint8Array) => {
    const form = new FormData();
    form.set('segment_index', String(index));
    form.set('media', new Blob([bytes as Uint8Array<ArrayBuffer>]), 'chunk');
    return form;
  };
  async function init(token: string, total: number): Promise<string> {
    const answer = await call(token, '/initialize', {
      json: { media_type: 'video/mp4', total_bytes: total, media_category: 'tweet_video' },
    });
    expect(answer.status).toBe(200);
    return (answer.body.data as { id: string }).id;
  }

  it('refuses a wrong INIT, phases out of order, gaps, oversize segments and totals that do not add up', async () => {
    const { accessToken: token } = connect();
    const file = syntheticVideo(3000);
    expect(
      (await call(token, '/initialize', { json: { media_type: 'video/mp4', total_bytes: 10 } })).status,
    ).toBe(400);
    expect(
      (
        await call(token, '/initialize', {
          json: { media_type: 'image/png', total_bytes: 10, media_category: 'tweet_video' },
        })
      ).status,
    ).toBe(400);
    expect((await call(token, '/999/append', { form: segment(0, file.bytes) })).status).toBe(400);

    const id = await init(token, 3000);
    // FINALIZE before any APPEND.
    expect((await call(token, `/${id}/finalize`)).status).toBe(400);
    // STATUS before FINALIZE.
    expect((await call(token, `?command=STATUS&media_id=${id}`, { method: 'GET' })).status).toBe(400);
    expect(
      (await call(token, `/${id}/append`, { form: segment(1000, file.bytes.subarray(0, 10)) })).status,
    ).toBe(400);
    expect(
      (await call(token, `/${id}/append`, { form: segment(0, new Uint8Array(5 * MB + 1)) })).status,
    ).toBe(400);
    expect((await call(token, `/${id}/append`, { form: segment(0, new Uint8Array(3001)) })).status).toBe(400);
    // A gap: segment 1 without segment 0.
    expect(
      (await call(token, `/${id}/append`, { form: segment(1, file.bytes.subarray(1000, 3000)) })).status,
    ).toBe(200);
    const gap = await call(token, `/${id}/finalize`);
    expect(gap.status).toBe(400);
    expect(JSON.stringify(gap.body)).toContain('without gaps');
    // Short of total_bytes.
    expect(
      (await call(token, `/${id}/append`, { form: segment(0, file.bytes.subarray(0, 999)) })).status,
    ).toBe(200);
    expect(JSON.stringify((await call(token, `/${id}/finalize`)).body)).toContain('File size mismatch');
    // Fixed by sending segment 0 again, then FINALIZE; APPEND after FINALIZE is refused.
    expect(
      (await call(token, `/${id}/append`, { form: segment(0, file.bytes.subarray(0, 1000)) })).status,
    ).toBe(200);
    const finalized = await call(token, `/${id}/finalize`);
    expect(finalized.status).toBe(200);
    expect(finalized.body.data).toMatchObject({
      id,
      processing_info: { state: 'pending', check_after_secs: 1 },
    });
    expect((await call(token, `/${id}/append`, { form: segment(2, file.bytes.subarray(0, 1)) })).status).toBe(
      400,
    );

    // Another account cannot touch it, nor post it; a tweet before processing succeeded is refused.
    const other = sandbox.issueToken({ network: 'x', user: 'bruno' });
    expect((await call(other.accessToken, `?command=STATUS&media_id=${id}`, { method: 'GET' })).status).toBe(
      400,
    );
    const early = await fetch(`${sandbox.url}/api.twitter.com/2/tweets`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: text(), media: { media_ids: [id] } }),
    });
    expect(early.status).toBe(400);
    expect(JSON.stringify(await early.json())).toContain('Your media IDs are invalid.');
    const first = await call(token, `?command=STATUS&media_id=${id}`, { method: 'GET' });
    expect(first.body.data).toMatchObject({ processing_info: { state: 'in_progress', check_after_secs: 1 } });
    const done = await call(token, `?command=STATUS&media_id=${id}`, { method: 'GET' });
    expect(done.body.data).toMatchObject({ processing_info: { state: 'succeeded' } });
    expect(sandbox.publishedPosts('x')).toHaveLength(0);
  });
});
