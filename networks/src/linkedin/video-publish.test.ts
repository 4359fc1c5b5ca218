// LinkedIn with a video, as the member (`linkedin`) and as a company Page (`linkedin_page`):
// initializeUpload → PUT each part (read range by range, ETags kept) → thumbnail → finalizeUpload
// → GET /rest/videos/{urn} until AVAILABLE → beforeSend → POST /rest/posts with content.media,
// against the sandbox; and a failure at each step: its kind, and whether the post call was sent.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORGANIZATION_AUTHOR } from '../linkedin-page/index.js';
import { failingFetch, type StepFault, syntheticVideo } from '../publishing/synthetic-video.js';
import { jpegImage, sha256 } from '../publishing/test-images.js';
import { PublishError, type PublishTarget, type PublishVideoCover } from '../publishing/types.js';
import { sandboxOrganizations } from '../sandbox/linkedin-organizations.js';
import { SANDBOX_LINKEDIN_VIDEO_PART_BYTES } from '../sandbox/linkedin-video.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch } from '../sandbox-url.js';
import { createLinkedInAdapter, MEMBER_AUTHOR } from './publish.js';

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

function text(): string {
  sequence += 1;
  return `Vídeo no LinkedIn nº ${sequence} de ${Date.now()}`;
}

async function failure(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PublishError)) throw new Error(`expected a PublishError, got ${String(error)}`);
  return error;
}

const authors = {
  member: {
    author: MEMBER_AUTHOR,
    network: 'linkedin' as const,
    target(): PublishTarget {
      const issued = sandbox.issueToken({ network: 'linkedin' });
      return { platformUserId: issued.platformUserId, accessToken: issued.accessToken };
    },
    urn: (id: string) => `urn:li:person:${id}`,
  },
  page: {
    author: ORGANIZATION_AUTHOR,
    network: 'linkedin_page' as const,
    target(): PublishTarget {
      const issued = sandbox.issueToken({
        network: 'linkedin',
        scopes: ['w_organization_social', 'r_organization_social', 'rw_organization_admin'],
      });
      const ana = sandbox.control.store.defaultUser();
      return { platformUserId: sandboxOrganizations(ana)[0]!.id, accessToken: issued.accessToken };
    },
    urn: (id: string) => `urn:li:organization:${id}`,
  },
};

const sandboxFetch = () => createNetworkFetch(sandbox.url);

function cover(): PublishVideoCover {
  const bytes = jpegImage(1280, 720);
  return {
    timeSeconds: 2.5,
    image: { mimeType: 'image/jpeg', width: 1280, height: 720, bytes, url: 'https://storage.invalid/c.jpg' },
  };
}

function sendGate() {
  const calls: number[] = [];
  return {
    calls,
    beforeSend: async () => {
      calls.push(sandbox.requests({ pathPrefix: '/rest/posts', method: 'POST' }).length);
    },
  };
}

for (const [who, as] of Object.entries(authors)) {
  const adapter = (fetch = sandboxFetch(), statusPollAttempts = 5) =>
    createLinkedInAdapter({ fetch, timeoutMs: 5000, statusPollAttempts, statusPollIntervalMs: 2 }, as.author);

  describe(`LinkedIn video as the ${who} (${as.network})`, () => {
    it('uploads the parts and the cover, finalizes with the ETags, waits for AVAILABLE, posts once', async () => {
      sandbox.setVideoProcessingChecks(2);
      const thumbnail = cover();
      const file = syntheticVideo(9 * MB + 77, { cover: thumbnail });
      const target = as.target();
      const gate = sendGate();
      const body = text();
      const result = await adapter().publish(
        { target, title: 'Bastidores da padaria', text: body, video: file.video },
        { beforeSend: gate.beforeSend },
      );

      const posts = sandbox.publishedPosts(as.network);
      expect(posts).toHaveLength(1);
      expect(posts[0]).toMatchObject({
        id: result.platformPostId,
        authorId: target.platformUserId,
        media: [],
      });
      expect(posts[0]!.video).toEqual({
        sha256: file.sha256,
        size: file.bytes.length,
        mimeType: 'video/mp4',
        chunks: 3,
        thumbnailSha256: sha256(thumbnail.image.bytes),
        title: 'Bastidores da padaria',
      });
      expect(file.reads).toEqual([
        [0, SANDBOX_LINKEDIN_VIDEO_PART_BYTES],
        [SANDBOX_LINKEDIN_VIDEO_PART_BYTES, 2 * SANDBOX_LINKEDIN_VIDEO_PART_BYTES],
        [2 * SANDBOX_LINKEDIN_VIDEO_PART_BYTES, file.bytes.length],
      ]);
      const init = sandbox.requests({ pathPrefix: '/rest/videos', method: 'POST' });
      expect(init[0]!.body).toEqual({
        initializeUploadRequest: {
          owner: as.urn(target.platformUserId),
          fileSizeBytes: file.bytes.length,
          uploadCaptions: false,
          uploadThumbnail: true,
        },
      });
      const videoUrn = (init[1]!.body as { finalizeUploadRequest: { video: string } }).finalizeUploadRequest
        .video;
      const finalize = init[1]!.body as {
        finalizeUploadRequest: { uploadedPartIds: string[]; uploadToken: string };
      };
      expect(finalize.finalizeUploadRequest.uploadedPartIds).toHaveLength(3);
      expect(finalize.finalizeUploadRequest.uploadToken).not.toBe('');
      const order = sandbox
        .requests()
        .map(
          (r) =>
            `${r.method} ${r.host === 'www.linkedin.com' ? r.path.replace(/\/v2\/\w+\//, '/v2/KEY/') : r.path}`,
        )
        .map((line) => line.replace(encodeURIComponent(videoUrn), 'URN'));
      expect(order).toEqual([
        'POST /rest/videos',
        'PUT /dms-uploads/sp/v2/KEY/uploaded-video/0',
        'PUT /dms-uploads/sp/v2/KEY/uploaded-video/1',
        'PUT /dms-uploads/sp/v2/KEY/uploaded-video/2',
        'PUT /dms-uploads/sp/v2/KEY/uploaded-thumbnail/0',
        'POST /rest/videos',
        'GET /rest/videos/URN',
        'GET /rest/videos/URN',
        'GET /rest/videos/URN',
        'POST /rest/posts',
      ]);
      expect(gate.calls).toEqual([0]);
      const post = sandbox.requests({ pathPrefix: '/rest/posts', method: 'POST' })[0]!;
      expect(post.body).toMatchObject({
        author: as.urn(target.platformUserId),
        content: { media: { id: videoUrn, title: 'Bastidores da padaria' } },
      });
    });

    it('without a cover: no thumbnail asked nor sent; a single part finalizes with an empty token', async () => {
      const file = syntheticVideo(200 * 1024);
      await adapter().publish({ target: as.target(), title: '', text: text(), video: file.video });
      const init = sandbox.requests({ pathPrefix: '/rest/videos', method: 'POST' });
      expect(init[0]!.body).toMatchObject({ initializeUploadRequest: { uploadThumbnail: false } });
      expect(init[1]!.body).toMatchObject({ finalizeUploadRequest: { uploadToken: '' } });
      expect(sandbox.requests({ host: 'www.linkedin.com' })).toHaveLength(1);
      const posted = sandbox.requests({ pathPrefix: '/rest/posts', method: 'POST' })[0]!.body as {
        content: { media: Record<string, unknown> };
      };
      expect(Object.keys(posted.content.media)).toEqual(['id']);
      expect(sandbox.publishedPosts(as.network)[0]!.video).toMatchObject({
        sha256: file.sha256,
        thumbnailSha256: null,
      });
    });

    it('PROCESSING_FAILED stops for good in pt-BR; nothing is posted', async () => {
      const gate = sendGate();
      const error = await failure(
        adapter().publish(
          {
            target: as.target(),
            title: 't',
            text: text(),
            video: syntheticVideo(100 * 1024, { playable: false }).video,
          },
          { beforeSend: gate.beforeSend },
        ),
      );
      expect(error).toMatchObject({
        kind: 'permanent',
        code: 'REJECTED',
        details: { networkCode: 'VIDEO_PROCESSING_FAILED' },
      });
      expect(error.details.reason).toContain('O LinkedIn não conseguiu processar o vídeo');
      expect(gate.calls).toEqual([]);
      expect(sandbox.requests({ pathPrefix: '/rest/posts' })).toHaveLength(0);
    });

    it('still PROCESSING after the reads allowed: a plain retry; nothing is posted', async () => {
      sandbox.setVideoProcessingChecks(10);
      const error = await failure(
        adapter(sandboxFetch(), 3).publish({
          target: as.target(),
          title: 't',
          text: text(),
          video: syntheticVideo(100 * 1024).video,
        }),
      );
      expect(error).toMatchObject({ kind: 'retryable', details: { networkCode: 'VIDEO_PROCESSING_SLOW' } });
      expect(error.details.reason).toContain('nada foi publicado');
      expect(sandbox.requests({ pathPrefix: '/rest/videos/', method: 'GET' })).toHaveLength(3);
      expect(sandbox.requests({ pathPrefix: '/rest/posts' })).toHaveLength(0);
    });

    const steps: { step: string; matches: (url: string, method: string) => boolean }[] = [
      { step: 'initializeUpload', matches: (url) => url.includes('action=initializeUpload') },
      { step: 'part PUT', matches: (url) => url.includes('/uploaded-video/1') },
      { step: 'thumbnail PUT', matches: (url) => url.includes('/uploaded-thumbnail/') },
      { step: 'finalizeUpload', matches: (url) => url.includes('action=finalizeUpload') },
      { step: 'status GET', matches: (url, method) => method === 'GET' && url.includes('/rest/videos/') },
    ];
    const cases: { fault: StepFault; kind: string; label: string }[] = [
      {
        fault: { status: 503, body: { status: 503, message: 'Service Unavailable' } },
        kind: 'retryable',
        label: '503',
      },
      {
        fault: { status: 500, body: { status: 500, message: 'Internal Server Error' } },
        kind: 'retryable',
        label: '500',
      },
      { fault: { resetAfterSending: true }, kind: 'retryable', label: 'a reset after sending' },
      {
        fault: { status: 400, body: { status: 400, message: 'ERROR :: bad' } },
        kind: 'permanent',
        label: '400',
      },
    ];
    for (const { step, matches } of steps) {
      for (const { fault, kind, label } of cases) {
        it(`${step} answered with ${label} → ${kind}; the post call is never sent`, async () => {
          const gate = sendGate();
          const fetch = failingFetch(sandboxFetch(), matches, fault);
          const error = await failure(
            adapter(fetch).publish(
              {
                target: as.target(),
                title: 't',
                text: text(),
                video: syntheticVideo(5 * MB, { cover: cover() }).video,
              },
              { beforeSend: gate.beforeSend },
            ),
          );
          expect(fetch.fired()).toBe(1);
          expect(error.kind).toBe(kind);
          if (kind === 'retryable') expect(error.details.reason).toContain('nada foi publicado');
          else expect(error.code).toBe('REJECTED');
          expect(gate.calls).toEqual([]);
          expect(sandbox.requests({ pathPrefix: '/rest/posts' })).toHaveLength(0);
        });
      }
    }

    it('after a failed part, the retry uploads again and posts exactly once', async () => {
      const target = as.target();
      const file = syntheticVideo(5 * MB);
      const body = text();
      const fetch = failingFetch(sandboxFetch(), (url) => url.includes('/uploaded-video/0'), {
        resetAfterSending: true,
      });
      expect(
        (await failure(adapter(fetch).publish({ target, title: 't', text: body, video: file.video }))).kind,
      ).toBe('retryable');
      await adapter().publish({ target, title: 't', text: body, video: file.video });
      const posts = sandbox.publishedPosts(as.network);
      expect(posts).toHaveLength(1);
      expect(posts[0]!.video?.sha256).toBe(file.sha256);
    });

    it('the post call dying after it was sent is unknown; beforeSend ran once, the post exists once', async () => {
      const gate = sendGate();
      const fetch = failingFetch(
        sandboxFetch(),
        (url, method) => method === 'POST' && url.endsWith('/rest/posts'),
        {
          resetAfterSending: true,
        },
      );
      const error = await failure(
        adapter(fetch).publish(
          { target: as.target(), title: 't', text: text(), video: syntheticVideo(100 * 1024).video },
          { beforeSend: gate.beforeSend },
        ),
      );
      expect(error).toMatchObject({ kind: 'unknown', code: 'UNKNOWN_OUTCOME' });
      expect(gate.calls).toEqual([0]);
      expect(sandbox.publishedPosts(as.network)).toHaveLength(1);
    });

    it('the post call refused (422) after the upload is permanent; sent once', async () => {
      const gate = sendGate();
      const fetch = failingFetch(
        sandboxFetch(),
        (url, method) => method === 'POST' && url.endsWith('/rest/posts'),
        {
          status: 422,
          body: { status: 422, message: 'ERROR :: /content :: invalid' },
        },
      );
      const error = await failure(
        adapter(fetch).publish(
          { target: as.target(), title: 't', text: text(), video: syntheticVideo(100 * 1024).video },
          { beforeSend: gate.beforeSend },
        ),
      );
      expect(error).toMatchObject({ kind: 'permanent', details: { status: 422 } });
      expect(gate.calls).toEqual([0]);
    });
  });
}

describe('sandbox LinkedIn Videos API', () => {
  const headers = (token: string) => ({
    Authorization: `Bearer ${token}`,
    'LinkedIn-Version': '202601',
    'X-Restli-Protocol-Version': '2.0.0',
    'Content-Type': 'application/json',
  });
  async function post(token: string, action: string, body: unknown) {
    const response = await fetch(`${sandbox.url}/api.linkedin.com/rest/videos?action=${action}`, {
      method: 'POST',
      headers: headers(token),
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text === '' ? null : (JSON.parse(text) as Record<string, unknown>),
    };
  }
  const put = (url: string, bytes: Uint8Array) =>
    fetch(createUrl(url), {
      method: 'PUT',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: bytes as Uint8Array<ArrayBuffer>,
    });
  const createUrl = (url: string) => url.replace('https://', `${sandbox.url}/`);

  it('validates sizes, owner, part lengths, ETags, token and order; a post needs an AVAILABLE video of its author', async () => {
    const issued = sandbox.issueToken({ network: 'linkedin' });
    const token = issued.accessToken;
    const owner = `urn:li:person:${issued.platformUserId}`;
    const file = syntheticVideo(4 * MB + 1000);
    expect(
      (await post(token, 'initializeUpload', { initializeUploadRequest: { owner, fileSizeBytes: 10 } }))
        .status,
    ).toBe(400);
    expect(
      (
        await post(token, 'initializeUpload', {
          initializeUploadRequest: { owner: 'urn:li:person:other', fileSizeBytes: file.bytes.length },
        })
      ).status,
    ).toBe(403);
    const init = await post(token, 'initializeUpload', {
      initializeUploadRequest: {
        owner,
        fileSizeBytes: file.bytes.length,
        uploadCaptions: false,
        uploadThumbnail: false,
      },
    });
    expect(init.status).toBe(200);
    const value = init.body!.value as {
      video: string;
      uploadToken: string;
      uploadInstructions: { uploadUrl: string; firstByte: number; lastByte: number }[];
    };
    expect(value.uploadInstructions.map((i) => [i.firstByte, i.lastByte])).toEqual([
      [0, 4 * MB - 1],
      [4 * MB, file.bytes.length - 1],
    ]);
    const [first, second] = value.uploadInstructions;
    // Wrong length for the part.
    expect((await put(first!.uploadUrl, file.bytes.subarray(0, 100))).status).toBe(400);
    const a = await put(first!.uploadUrl, file.bytes.subarray(0, 4 * MB));
    expect(a.status).toBe(201);
    const etagA = a.headers.get('etag')!;
    // finalize with a part missing, then with the token wrong, then with the ETags out of order.
    const finalize = (uploadToken: string, uploadedPartIds: string[]) =>
      post(token, 'finalizeUpload', {
        finalizeUploadRequest: { video: value.video, uploadToken, uploadedPartIds },
      });
    expect(JSON.stringify((await finalize(value.uploadToken, [etagA])).body)).toContain('was not uploaded');
    const b = await put(second!.uploadUrl, file.bytes.subarray(4 * MB));
    const etagB = b.headers.get('etag')!;
    expect((await finalize('wrong', [etagA, etagB])).status).toBe(400);
    expect(JSON.stringify((await finalize(value.uploadToken, [etagB, etagA])).body)).toContain('part order');

    const postBody = (id: string) => ({
      author: owner,
      commentary: text(),
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      content: { media: { id } },
    });
    const createPost = (id: string) =>
      fetch(`${sandbox.url}/api.linkedin.com/rest/posts`, {
        method: 'POST',
        headers: headers(token),
        body: JSON.stringify(postBody(id)),
      });
    // Not finalized yet: WAITING_UPLOAD, not usable.
    const waiting = await createPost(value.video);
    expect(waiting.status).toBe(400);
    expect(JSON.stringify(await waiting.json())).toContain('not AVAILABLE (status WAITING_UPLOAD)');
    expect((await finalize(value.uploadToken, [etagA, etagB])).status).toBe(200);
    // Finalized twice, or a part sent after finalize: refused.
    expect((await finalize(value.uploadToken, [etagA, etagB])).status).toBe(400);
    expect((await put(second!.uploadUrl, file.bytes.subarray(4 * MB))).status).toBe(400);
    const status = async () =>
      (await (
        await fetch(`${sandbox.url}/api.linkedin.com/rest/videos/${encodeURIComponent(value.video)}`, {
          headers: headers(token),
        })
      ).json()) as {
        status: string;
      };
    expect((await createPost(value.video)).status).toBe(400);
    expect((await status()).status).toBe('PROCESSING');
    expect((await status()).status).toBe('AVAILABLE');
    // Someone else's Page cannot use the member's video.
    const other = sandbox.issueToken({ network: 'linkedin', user: 'bruno' });
    const foreign = await fetch(`${sandbox.url}/api.linkedin.com/rest/posts`, {
      method: 'POST',
      headers: headers(other.accessToken),
      body: JSON.stringify({ ...postBody(value.video), author: `urn:li:person:${other.platformUserId}` }),
    });
    expect(foreign.status).toBe(400);
    expect((await createPost(value.video)).status).toBe(201);
    expect(sandbox.publishedPosts('linkedin')[0]!.video).toMatchObject({ sha256: file.sha256, chunks: 2 });
  });
});
