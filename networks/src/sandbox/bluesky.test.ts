// Sandbox Bluesky answers as the PDS does: XRPC errors `{ error, message }` with their statuses,
// and it validates what Pauta sends (facets' byte ranges, blob size and type, 300 graphemes,
// 4 images, blobs of the same account), so a wrong adapter fails here as it would at Bluesky.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegImage, pngImage } from '../publishing/test-images.js';
import { SANDBOX_BLUESKY_ACCOUNTS } from './bluesky.js';
import { type SandboxHandle, startSandbox } from './server.js';

const [ana, joao] = SANDBOX_BLUESKY_ACCOUNTS as [
  (typeof SANDBOX_BLUESKY_ACCOUNTS)[0],
  (typeof SANDBOX_BLUESKY_ACCOUNTS)[0],
];
let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

const xrpc = (nsid: string) => `${sandbox.url}/bsky.social/xrpc/${nsid}`;

async function call(
  nsid: string,
  init: { jwt?: string; json?: unknown; bytes?: Buffer; type?: string; post?: true } = {},
) {
  const headers: Record<string, string> = {};
  if (init.jwt) headers.authorization = `Bearer ${init.jwt}`;
  let body: string | Buffer | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.bytes !== undefined) {
    headers['content-type'] = init.type ?? 'image/jpeg';
    body = init.bytes;
  }
  const method = body === undefined && init.post !== true ? 'GET' : 'POST';
  const response = await fetch(xrpc(nsid), { method, headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? null : JSON.parse(text) };
}

async function login(account = ana): Promise<string> {
  const session = await call('com.atproto.server.createSession', {
    json: { identifier: account.handle, password: account.appPassword },
  });
  return session.body.accessJwt as string;
}

const post = (jwt: string, record: Record<string, unknown>, repo = ana.did) =>
  call('com.atproto.repo.createRecord', {
    jwt,
    json: {
      repo,
      collection: 'app.bsky.feed.post',
      record: { $type: 'app.bsky.feed.post', createdAt: new Date().toISOString(), ...record },
    },
  });

async function blob(jwt: string, bytes: Buffer = jpegImage(800, 600)) {
  return (await call('com.atproto.repo.uploadBlob', { jwt, bytes })).body.blob as Record<string, unknown>;
}

describe('sandbox Bluesky', () => {
  it('answers 401 AuthenticationRequired without a session and 400 InvalidToken for an unknown JWT', async () => {
    expect(await post('', { text: 'x' })).toMatchObject({
      status: 401,
      body: { error: 'AuthenticationRequired', message: 'Authentication Required' },
    });
    expect(await post('a.b.c', { text: 'x' })).toMatchObject({
      status: 400,
      body: { error: 'InvalidToken' },
    });
  });

  it('keeps sessions across a restart (signed JWTs); a procedure without input refuses a body', async () => {
    const session = await call('com.atproto.server.createSession', {
      json: { identifier: ana.handle, password: ana.appPassword },
    });
    const restarted = await startSandbox();
    try {
      const profile = await fetch(
        `${restarted.url}/bsky.social/xrpc/app.bsky.actor.getProfile?actor=${ana.did}`,
        {
          headers: { authorization: `Bearer ${session.body.accessJwt}` },
        },
      );
      expect(profile.status).toBe(200);
    } finally {
      await restarted.close();
    }
    const refreshJwt = session.body.refreshJwt as string;
    // A procedure without input refuses a body, as the PDS does.
    expect(await call('com.atproto.server.refreshSession', { jwt: refreshJwt, json: {} })).toMatchObject({
      status: 400,
      body: { error: 'InvalidRequest', message: 'A request body was provided when none was expected' },
    });
    expect((await call('com.atproto.server.refreshSession', { jwt: refreshJwt, post: true })).status).toBe(
      200,
    );
    // A token signed by anyone else is not a session.
    const [header, payload] = refreshJwt.split('.');
    expect((await call('app.bsky.actor.getProfile', { jwt: `${header}.${payload}.forjada` })).status).toBe(
      400,
    );
  });

  it('refuses a wrong app password with 401 and, after 30 attempts in 5 minutes, 429 with ratelimit headers', async () => {
    const attempt = () =>
      call('com.atproto.server.createSession', {
        json: { identifier: 'limite@teste.pauta.dev', password: 'x' },
      });
    expect(await attempt()).toMatchObject({
      status: 401,
      body: { error: 'AuthenticationRequired', message: 'Invalid identifier or password' },
    });
    for (let i = 1; i < 30; i += 1) await attempt();
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' });
    expect(limited.headers.get('ratelimit-policy')).toBe('30;w=300');
    expect(Number(limited.headers.get('ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
  });

  it('validates the post: 300 graphemes, facets inside the text’s bytes, the repo of the session', async () => {
    const jwt = await login();
    expect((await post(jwt, { text: '👍🏽'.repeat(300) })).status).toBe(200);
    expect(await post(jwt, { text: 'a'.repeat(301) })).toMatchObject({
      status: 400,
      body: { error: 'InvalidRequest', message: expect.stringContaining('300 graphemes') },
    });
    const text = 'ação #tag';
    // "ação " is 7 bytes: the tag is bytes 7–11; a range in characters (5–9) would be wrong.
    const tag = (byteStart: number, byteEnd: number) => [
      { index: { byteStart, byteEnd }, features: [{ $type: 'app.bsky.richtext.facet#tag', tag: 'tag' }] },
    ];
    expect((await post(jwt, { text, facets: tag(7, 11) })).status).toBe(200);
    expect(await post(jwt, { text, facets: tag(7, 12) })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('byte range within the text (0–11)') },
    });
    expect((await post(jwt, { text }, joao.did)).body.message).toContain('authenticated account');
  });

  it('takes blobs up to 1,000,000 bytes whose bytes match their type, and at most 4 images of the same account', async () => {
    const jwt = await login();
    expect(
      await call('com.atproto.repo.uploadBlob', { jwt, bytes: jpegImage(800, 600, 1, 1_000_001) }),
    ).toMatchObject({ status: 400, body: { error: 'BlobTooLarge' } });
    expect(
      await call('com.atproto.repo.uploadBlob', { jwt, bytes: pngImage(10, 10), type: 'image/jpeg' }),
    ).toMatchObject({
      status: 400,
      body: { error: 'InvalidRequest', message: expect.stringContaining('Wrong type') },
    });
    const image = await blob(jwt);
    expect(image).toMatchObject({ $type: 'blob', mimeType: 'image/jpeg' });
    const images = (count: number, ref = image) =>
      Array.from({ length: count }, () => ({
        alt: 'Descrição',
        image: ref,
        aspectRatio: { width: 800, height: 600 },
      }));
    const embed = (count: number, ref = image) => ({
      $type: 'app.bsky.embed.images',
      images: images(count, ref),
    });
    expect((await post(jwt, { text: 'quatro', embed: embed(4) })).status).toBe(200);
    expect((await post(jwt, { text: 'cinco', embed: embed(5) })).body.message).toContain(
      'must not have more than 4 elements',
    );
    const other = await blob(await login(joao), jpegImage(640, 480, 9));
    expect((await post(jwt, { text: 'alheia', embed: embed(1, other) })).body.message).toContain(
      'Could not find blob',
    );
  });
});
