// YouTube against the sandbox: Google's OAuth with youtube.upload + youtube.readonly (offline,
// refresh, revoke), the channel as the account (none → pt-BR refusal), subscribers (hidden → none),
// publishing a Short through the resumable upload (chunks of 256 KiB, the sha256 of the assembled
// bytes, the options, the cover as thumbnail, beforeSend once right before the final chunk), a
// failure at each step (what kind it becomes, whether anything visible was sent, how many videos
// exist), metrics, and the sandbox's own validation of chunks and sessions.
import { PLATFORMS } from '@pauta/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NETWORK_PROFILES } from '../browser.js';
import { ConnectRefusedError } from '../connect/types.js';
import { sha256, testMedia } from '../publishing/test-images.js';
import {
  PublishError,
  type PublishRequest,
  type PublishTarget,
  type PublishVideo,
} from '../publishing/types.js';
import { NETWORKS, OAUTH_CLIENTS } from '../registry.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { sandboxChannel, sandboxVideoOf } from '../sandbox/youtube.js';
import { createNetworkFetch, installSandboxFetch, uninstallSandboxFetch } from '../sandbox-url.js';
import { youtube } from './index.js';
import { createYouTubeOAuthClient, YOUTUBE_READONLY_SCOPE, YOUTUBE_UPLOAD_SCOPE } from './oauth.js';
import { createYouTubeAdapter, YOUTUBE_CHUNK_UNIT } from './publish.js';

let sandbox: SandboxHandle;
let clock = Date.parse('2026-11-27T12:00:00Z');
const HOST = 'www.googleapis.com';
const UNIT = YOUTUBE_CHUNK_UNIT;

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => clock });
  installSandboxFetch(sandbox.url);
});
afterAll(async () => {
  uninstallSandboxFetch();
  await sandbox.close();
});
beforeEach(() => {
  clock = Date.parse('2026-11-27T12:00:00Z');
  sandbox.reset();
  sandbox.clearPublishedPosts();
  sandbox.clearRequests();
});

const client = () =>
  createYouTubeOAuthClient({
    clientId: 'sandbox-google-client',
    clientSecret: 'sandbox-google-secret',
    redirectUri: 'http://localhost:3000/auth/callback?connection=true',
    sandboxUrl: sandbox.url,
    fetch: createNetworkFetch(sandbox.url),
    now: () => clock,
  });

async function connect(user?: Parameters<SandboxHandle['setNextAuthorization']>[1]['user']) {
  if (user !== undefined) sandbox.setNextAuthorization('google', { user });
  const url = client().createAuthorizationURL({ state: 'estado', codeVerifier: 'v'.repeat(43) });
  const answer = await fetch(url, { redirect: 'manual' });
  const code = new URL(answer.headers.get('location')!).searchParams.get('code')!;
  const tokens = await client().validateAuthorizationCode(code, 'v'.repeat(43));
  return { tokens, complete: () => youtube.connectSteps.complete(client(), tokens, tokens.scopes) };
}

/** A youtube.upload + readonly token of the default user (Ana) and her channel. */
function channelTarget(scopes: string[] = [YOUTUBE_UPLOAD_SCOPE, YOUTUBE_READONLY_SCOPE]): PublishTarget {
  const issued = sandbox.issueToken({ network: 'google', scopes });
  const channel = sandboxChannel(sandbox.control.store.defaultUser())!;
  return { platformUserId: channel.id, accessToken: issued.accessToken };
}

/** A synthetic video of `size` bytes (the adapter never parses it), read by range only. */
function syntheticVideo(
  size: number,
  overrides: Partial<PublishVideo> = {},
): PublishVideo & { bytes: Buffer; reads: [number, number][] } {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
  const reads: [number, number][] = [];
  return {
    mimeType: 'video/mp4',
    sizeBytes: size,
    durationSeconds: 42,
    width: 1080,
    height: 1920,
    frameRate: 30,
    url: 'https://media.pauta.test/v.mp4',
    cover: null,
    async read(start, end) {
      reads.push([start, end]);
      return new Uint8Array(bytes.subarray(start, end));
    },
    ...overrides,
    bytes,
    reads,
  };
}

const SIZE = 2 * UNIT + 1000;

function request(
  video: PublishVideo | undefined,
  options: PublishRequest['options'] = { madeForKids: false },
): PublishRequest {
  return {
    target: channelTarget(),
    title: 'Pão de fermentação natural',
    text: 'Como fazemos o pão de fermentação natural, do levain ao forno. #Shorts',
    ...(video === undefined ? {} : { video }),
    options,
  };
}

type Rule = (call: {
  method: string;
  url: string;
  range: string | null;
  n: number;
}) => 'pass' | 'refuse' | 'drop' | 'lose-answer' | Response;

/** The sandbox fetch with faults: refuse (nothing sent), drop (sent nowhere, reset), lose the answer. */
function faultyFetch(rule: Rule): typeof fetch {
  const base = createNetworkFetch(sandbox.url);
  let n = 0;
  return async (input, init) => {
    n += 1;
    const url = String(input);
    const headers = new Headers(init?.headers);
    const verdict = rule({ method: init?.method ?? 'GET', url, range: headers.get('content-range'), n });
    const reset = () => Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } });
    if (verdict instanceof Response) return verdict;
    if (verdict === 'refuse')
      throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    if (verdict === 'drop') throw reset();
    const response = await base(input, init);
    if (verdict === 'lose-answer') {
      await response.arrayBuffer();
      throw reset();
    }
    return response;
  };
}

const isFinal = (range: string | null, size = SIZE) => range?.endsWith(`-${size - 1}/${size}`) === true;
const isSession = (call: { method: string; url: string }) =>
  call.method === 'POST' && call.url.includes('/upload/youtube/v3/videos');

async function failure(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PublishError)) throw new Error(`expected a PublishError, got ${String(error)}`);
  return error;
}

/** Publishes with a beforeSend that records how many chunk PUTs the sandbox had received by then. */
async function publish(
  video: PublishVideo | undefined,
  rule: Rule = () => 'pass',
  options?: PublishRequest['options'],
) {
  const calls: number[] = [];
  const adapter = createYouTubeAdapter({ fetch: faultyFetch(rule), chunkBytes: UNIT });
  const result = adapter.publish(request(video, options), {
    beforeSend: async () => {
      calls.push(sandbox.requests({ host: HOST, method: 'PUT' }).length);
    },
  });
  return { result, beforeSendCalls: calls };
}

const videos = () => sandbox.publishedPosts('youtube');

describe('YouTube: the descriptor and the registry', () => {
  it('is the network after Google Business Profile, publishes video only, on the Google client', () => {
    expect(PLATFORMS.indexOf('youtube')).toBe(PLATFORMS.indexOf('google_business') + 1);
    expect(NETWORKS.youtube).toBe(youtube);
    expect(youtube.capabilities).toMatchObject({
      video: true,
      media: 'none',
      refresh: true,
      revoke: true,
      metrics: true,
      followers: true,
      lookup: true,
    });
    expect(youtube.mediaLimits).toMatchObject({ maxImages: 0, requiresVideo: true });
    expect(youtube.videoLimits.short).toMatchObject({ maxDurationSeconds: 180, aspectRatio: { max: 1 } });
    expect(OAUTH_CLIENTS.youtube.credentials).toEqual({
      clientId: 'GOOGLE_CLIENT_ID',
      clientSecret: 'GOOGLE_CLIENT_SECRET',
    });
    expect(OAUTH_CLIENTS.youtube.scopes.connect).toEqual([YOUTUBE_UPLOAD_SCOPE, YOUTUBE_READONLY_SCOPE]);
    // About 6 videos a day fit the project's default quota (10,000 units, 1,600 a video).
    expect(youtube.postingBudget).toEqual({ month: null, day: 6, scope: 'installation' });
    expect(OAUTH_CLIENTS.youtube.accessRequirement).toContain('privado');
  });

  it('the browser profile: YouTube, red, brand-youtube, and the post options with pt-BR labels', () => {
    const profile = NETWORK_PROFILES.youtube;
    expect(profile).toMatchObject({
      label: 'YouTube',
      color: 'red',
      icon: { name: 'brand-youtube' },
      textLimit: 5000,
    });
    const options = Object.fromEntries((profile.postOptions ?? []).map((field) => [field.key, field]));
    expect(options.title).toMatchObject({ kind: 'text', maxLength: 100 });
    expect(options.privacy?.choices?.map((choice) => choice.label)).toEqual([
      'Público',
      'Não listado (só quem tiver o link)',
      'Privado (só você)',
    ]);
    expect(options.privacy?.default).toBe('public');
    expect(options.madeForKids).toMatchObject({ kind: 'boolean', required: true, default: null });
    expect(profile.accountCard.refusals?.no_youtube_channel).toContain('Crie o canal');
  });
});

describe('YouTube: connecting', () => {
  it('asks Google for youtube.upload and youtube.readonly, offline with consent (a refresh token)', () => {
    const url = client().createAuthorizationURL({ state: 'abc', codeVerifier: 'v'.repeat(43) });
    expect(url.searchParams.get('scope')).toBe(`${YOUTUBE_UPLOAD_SCOPE} ${YOUTUBE_READONLY_SCOPE}`);
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('prompt')).toBe('consent');
  });

  it("the account is the person's channel, with its handle, and the tokens renew and revoke", async () => {
    const { tokens, complete } = await connect();
    const outcome = await complete();
    const channel = sandboxChannel(sandbox.control.store.defaultUser())!;
    expect(outcome.kind).toBe('connected');
    if (outcome.kind !== 'connected') return;
    expect(outcome.account).toMatchObject({
      platformUserId: channel.id,
      platformUsername: channel.handle,
      name: channel.title,
      refreshToken: tokens.refreshToken,
    });
    expect(outcome.account.platformUserId).toMatch(/^UC[\w-]{22}$/);
    expect(tokens.refreshToken).not.toBeNull();
    const [read] = sandbox.requests({ host: HOST, pathPrefix: '/youtube/v3/channels' });
    expect(read!.query).toMatchObject({ part: 'snippet,statistics', mine: 'true' });

    const renewed = await client().refreshAccessToken(tokens.refreshToken!);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    const followers = () =>
      youtube.fetchFollowers!(
        { platformUserId: channel.id, accessToken: renewed.accessToken },
        { fetch: createNetworkFetch(sandbox.url) },
      );
    expect(await followers()).toBe(channel.subscribers);
    await client().revokeToken!(renewed.accessToken);
    await expect(followers()).rejects.toThrow('follower count unavailable (401)');
  });

  it('a Google account without a channel is refused with no_youtube_channel', async () => {
    const { complete } = await connect({
      sub: '1000000000000000099',
      username: 'semcanal',
      given_name: 'Davi',
      family_name: 'Rocha',
      email: 'davi@example.com',
    });
    const error = await complete().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectRefusedError);
    expect((error as ConnectRefusedError).reason).toBe('no_youtube_channel');
  });

  it('a channel that hides its subscribers shows no count (null, never 0)', async () => {
    const issued = sandbox.issueToken({
      network: 'google',
      user: 'no-email',
      scopes: [YOUTUBE_READONLY_SCOPE],
    });
    const carla = sandboxChannel(sandbox.control.store.findUser('no-email')!)!;
    expect(carla.hiddenSubscriberCount).toBe(true);
    expect(
      await youtube.fetchFollowers!(
        { platformUserId: carla.id, accessToken: issued.accessToken },
        { fetch: createNetworkFetch(sandbox.url) },
      ),
    ).toBeNull();
  });
});

describe('YouTube: publishing a Short', () => {
  it('uploads in 256 KiB chunks, calls beforeSend once right before the final chunk, and sets the cover', async () => {
    const cover = testMedia(1, { width: 1080, height: 1920 })[0]!;
    const video = syntheticVideo(SIZE, { cover: { timeSeconds: 2, image: cover } });
    const { result, beforeSendCalls } = await publish(video, () => 'pass', {
      title: 'Pão de verdade',
      privacy: 'unlisted',
      madeForKids: false,
    });
    const published = await result;
    const [post] = videos();
    expect(videos()).toHaveLength(1);
    expect(published).toEqual({
      platformPostId: post!.id,
      url: `https://www.youtube.com/shorts/${post!.id}`,
    });
    const recorded = sandboxVideoOf(post!)!;
    expect(recorded).toMatchObject({
      sha256: sha256(video.bytes),
      size: SIZE,
      title: 'Pão de verdade',
      privacyStatus: 'unlisted',
      madeForKids: false,
      categoryId: '22',
      chunks: [
        `bytes 0-${UNIT - 1}/${SIZE}`,
        `bytes ${UNIT}-${2 * UNIT - 1}/${SIZE}`,
        `bytes ${2 * UNIT}-${SIZE - 1}/${SIZE}`,
      ],
    });
    expect(post!.text).toBe(request(video).text);
    expect(recorded.thumbnail).toMatchObject({ sha256: sha256(cover.bytes), width: 1080, height: 1920 });
    // beforeSend ran once, after the two invisible chunks and before the final one.
    expect(beforeSendCalls).toEqual([2]);
    // Never more than a chunk in memory: every read is one chunk's range.
    expect(video.reads).toEqual([
      [0, UNIT],
      [UNIT, 2 * UNIT],
      [2 * UNIT, SIZE],
    ]);
    const [init] = sandbox.requests({ host: HOST, method: 'POST', pathPrefix: '/upload/youtube/v3/videos' });
    expect(init!.headers).toMatchObject({
      'x-upload-content-length': String(SIZE),
      'x-upload-content-type': 'video/mp4',
    });
    expect(init!.query).toMatchObject({ uploadType: 'resumable', part: 'snippet,status' });
    expect(init!.body).toEqual({
      snippet: { title: 'Pão de verdade', description: request(video).text, categoryId: '22' },
      status: { privacyStatus: 'unlisted', selfDeclaredMadeForKids: false },
    });
  });

  it("defaults: the post's title and public; a one-chunk video is its own final chunk", async () => {
    const video = syntheticVideo(1000);
    const { result, beforeSendCalls } = await publish(video);
    await result;
    expect(sandboxVideoOf(videos()[0]!)).toMatchObject({
      title: 'Pão de fermentação natural',
      privacyStatus: 'public',
      sha256: sha256(video.bytes),
    });
    expect(beforeSendCalls).toEqual([0]);
  });

  it.each([
    ['no video', undefined, { madeForKids: false }, 'MEDIA_REQUIRED', 'O YouTube só publica vídeos'],
    ['made for kids not chosen', syntheticVideo(1000), {}, 'REJECTED', 'conteúdo para crianças'],
    [
      'a title over 100 characters',
      syntheticVideo(1000),
      { title: 'a'.repeat(101), madeForKids: true },
      'REJECTED',
      'até 100',
    ],
    [
      'a horizontal video',
      syntheticVideo(1000, { width: 1920, height: 1080 }),
      { madeForKids: false },
      'REJECTED',
      'vertical ou quadrado',
    ],
    [
      'a video over 3 minutes',
      syntheticVideo(1000, { durationSeconds: 181 }),
      { madeForKids: false },
      'REJECTED',
      '3 minutos',
    ],
  ] as const)('%s: refused before any call, in pt-BR', async (_name, video, options, code, reason) => {
    const { result, beforeSendCalls } = await publish(video, () => 'pass', options);
    const error = await failure(result);
    expect(error).toMatchObject({ kind: 'permanent', code });
    expect(error.details.reason).toContain(reason);
    expect(sandbox.requests({ host: HOST })).toEqual([]);
    expect(beforeSendCalls).toEqual([]);
  });

  it('a description over 5,000 bytes (accents count two) is refused before any call', async () => {
    const { result } = await publish(syntheticVideo(1000));
    await result;
    const adapter = createYouTubeAdapter({ fetch: createNetworkFetch(sandbox.url), chunkBytes: UNIT });
    const error = await failure(
      adapter.publish({ ...request(syntheticVideo(1000)), text: 'ã'.repeat(2501) }),
    );
    expect(error).toMatchObject({ kind: 'permanent', code: 'CONTENT_TOO_LONG' });
    expect(error.details.reason).toContain('5002 bytes');
  });
});

describe('YouTube: a failure at each step', () => {
  it('session start refused (nothing sent): retryable, beforeSend never called, no video', async () => {
    const { result, beforeSendCalls } = await publish(syntheticVideo(SIZE), (call) =>
      isSession(call) ? 'refuse' : 'pass',
    );
    expect(await failure(result)).toMatchObject({ kind: 'retryable', code: 'NETWORK_UNAVAILABLE' });
    expect(beforeSendCalls).toEqual([]);
    expect(videos()).toEqual([]);
  });

  it('session start answer lost: still a plain retry (a session is invisible)', async () => {
    const { result, beforeSendCalls } = await publish(syntheticVideo(SIZE), (call) =>
      isSession(call) ? 'lose-answer' : 'pass',
    );
    expect(await failure(result)).toMatchObject({ kind: 'retryable' });
    expect(beforeSendCalls).toEqual([]);
    expect(videos()).toEqual([]);
  });

  it('the daily quota spent (403 quotaExceeded): rate limited, with the pt-BR reason', async () => {
    const quota = () =>
      new Response(
        JSON.stringify({
          error: {
            code: 403,
            message: 'quota',
            errors: [{ domain: 'youtube.quota', reason: 'quotaExceeded', message: 'quota' }],
          },
        }),
        { status: 403, headers: { 'Content-Type': 'application/json' } },
      );
    const { result, beforeSendCalls } = await publish(syntheticVideo(SIZE), (call) =>
      isSession(call) ? quota() : 'pass',
    );
    const error = await failure(result);
    expect(error).toMatchObject({ kind: 'rate_limited', code: 'RATE_LIMITED' });
    expect(error.details.reason).toContain('1.600');
    expect(beforeSendCalls).toEqual([]);
  });

  it('a token without youtube.upload: refused at the session start (403 insufficientPermissions), nothing published', async () => {
    const adapter = createYouTubeAdapter({ fetch: createNetworkFetch(sandbox.url), chunkBytes: UNIT });
    const error = await failure(
      adapter.publish(
        { ...request(syntheticVideo(SIZE)), target: channelTarget([YOUTUBE_READONLY_SCOPE]) },
        { beforeSend: async () => {} },
      ),
    );
    expect(error).toMatchObject({
      kind: 'permanent',
      details: { status: 403, networkCode: 'insufficientPermissions' },
    });
    expect(error.details.reason).toContain('Reconecte o YouTube');
  });

  it('a middle chunk lost on the way: the session is asked and the upload goes on; one video, same bytes', async () => {
    const video = syntheticVideo(SIZE);
    let dropped = false;
    const { result, beforeSendCalls } = await publish(video, (call) => {
      if (!dropped && call.range === `bytes ${UNIT}-${2 * UNIT - 1}/${SIZE}`) {
        dropped = true;
        return 'drop';
      }
      return 'pass';
    });
    await result;
    expect(videos()).toHaveLength(1);
    expect(sandboxVideoOf(videos()[0]!)!.sha256).toBe(sha256(video.bytes));
    expect(beforeSendCalls).toHaveLength(1);
    expect(sandbox.requests({ host: HOST, method: 'PUT' }).map((r) => r.headers['content-range'])).toEqual([
      `bytes 0-${UNIT - 1}/${SIZE}`,
      `bytes */${SIZE}`,
      `bytes ${UNIT}-${2 * UNIT - 1}/${SIZE}`,
      `bytes ${2 * UNIT}-${SIZE - 1}/${SIZE}`,
    ]);
  });

  it('middle chunks that never get through: retryable before anything visible, no video', async () => {
    const { result, beforeSendCalls } = await publish(syntheticVideo(SIZE), (call) =>
      call.method === 'PUT' && call.range?.startsWith(`bytes ${UNIT}-`) ? 'refuse' : 'pass',
    );
    expect(await failure(result)).toMatchObject({ kind: 'retryable' });
    expect(beforeSendCalls).toEqual([]);
    expect(videos()).toEqual([]);
  });

  it('beforeSend throws: the final chunk is never sent, no video', async () => {
    const adapter = createYouTubeAdapter({ fetch: createNetworkFetch(sandbox.url), chunkBytes: UNIT });
    const stop = new Error('claim lost');
    await expect(
      adapter.publish(request(syntheticVideo(SIZE)), { beforeSend: () => Promise.reject(stop) }),
    ).rejects.toBe(stop);
    expect(sandbox.requests({ host: HOST, method: 'PUT' }).map((r) => r.headers['content-range'])).toEqual([
      `bytes 0-${UNIT - 1}/${SIZE}`,
      `bytes ${UNIT}-${2 * UNIT - 1}/${SIZE}`,
    ]);
    expect(videos()).toEqual([]);
  });

  it("the final chunk's answer lost: the session says the video exists → success, one video, beforeSend once", async () => {
    const video = syntheticVideo(SIZE);
    const { result, beforeSendCalls } = await publish(video, (call) =>
      isFinal(call.range) ? 'lose-answer' : 'pass',
    );
    const published = await result;
    expect(videos()).toHaveLength(1);
    expect(published.platformPostId).toBe(videos()[0]!.id);
    expect(beforeSendCalls).toEqual([2]);
    expect(sandbox.requests({ host: HOST, method: 'PUT' }).at(-1)!.headers['content-range']).toBe(
      `bytes */${SIZE}`,
    );
  });

  it('the final chunk lost before YouTube got it: the session says incomplete (308) → sent again, one video, beforeSend once', async () => {
    const video = syntheticVideo(SIZE);
    let dropped = false;
    const { result, beforeSendCalls } = await publish(video, (call) => {
      if (!dropped && isFinal(call.range)) {
        dropped = true;
        return 'drop';
      }
      return 'pass';
    });
    await result;
    expect(videos()).toHaveLength(1);
    expect(sandboxVideoOf(videos()[0]!)!.sha256).toBe(sha256(video.bytes));
    expect(beforeSendCalls).toEqual([2]);
  });

  it("the final chunk's outcome doubtful and the session unreadable: unknown (needs attention), beforeSend once", async () => {
    const { result, beforeSendCalls } = await publish(syntheticVideo(SIZE), (call) =>
      isFinal(call.range) ? 'lose-answer' : call.range === `bytes */${SIZE}` ? 'refuse' : 'pass',
    );
    expect(await failure(result)).toMatchObject({ kind: 'unknown', code: 'UNKNOWN_OUTCOME' });
    expect(beforeSendCalls).toEqual([2]);
    // It was in fact created: exactly one, never a second send of a new session.
    expect(videos()).toHaveLength(1);
    expect(
      sandbox.requests({ host: HOST, method: 'POST', pathPrefix: '/upload/youtube/v3/videos' }),
    ).toHaveLength(1);
  });

  it('the cover refused by YouTube: the video is published anyway, the failure is a warning', async () => {
    const broken = { ...testMedia(1)[0]!, mimeType: 'image/png', bytes: new Uint8Array([1, 2, 3, 4]) };
    const { result } = await publish(syntheticVideo(1000, { cover: { timeSeconds: null, image: broken } }));
    const published = await result;
    expect(videos()).toHaveLength(1);
    expect(published.warnings?.[0]).toContain('cover not set');
    expect(published.warnings?.[0]).toContain('invalidImage');
    expect(sandboxVideoOf(videos()[0]!)!.thumbnail).toBeNull();
  });
});

describe('YouTube: metrics', () => {
  it('views are the reach, likes and comments as YouTube counts them; an unknown video has none', async () => {
    const { result } = await publish(syntheticVideo(1000));
    const { platformPostId } = await result;
    sandbox.setPostMetrics({ platformPostId, reach: 1234, likes: 56, comments: 7 });
    const adapter = createYouTubeAdapter({ fetch: createNetworkFetch(sandbox.url) });
    const metrics = await adapter.fetchMetrics({
      target: channelTarget(),
      platformPostIds: [platformPostId, 'naoexiste01'],
    });
    expect(metrics.get(platformPostId)).toEqual({ reach: 1234, likes: 56, comments: 7 });
    expect(metrics.get('naoexiste01')).toBeNull();
    const [read] = sandbox.requests({ host: HOST, pathPrefix: '/youtube/v3/videos' });
    expect(read!.query).toMatchObject({ part: 'statistics' });
  });
});

describe('YouTube: asking whether a video exists after a killed worker (lookup)', () => {
  const TEXT = 'Como fazemos o pão de fermentação natural, do levain ao forno. #Shorts';
  const lookup = (text = TEXT, target = channelTarget(), since = new Date(clock - 60_000)) =>
    createYouTubeAdapter({ fetch: createNetworkFetch(sandbox.url) }).lookupRecentPost!({
      target,
      text,
      since,
      until: new Date(clock + 60_000),
    });

  it("finds the video by its description in the channel's uploads, through the uploads playlist", async () => {
    const { result } = await publish(syntheticVideo(1000));
    const { platformPostId } = await result;
    sandbox.clearRequests();
    expect(await lookup()).toEqual({
      kind: 'found',
      platformPostId,
      url: `https://www.youtube.com/shorts/${platformPostId}`,
    });
    const [channels] = sandbox.requests({ host: HOST, pathPrefix: '/youtube/v3/channels' });
    expect(channels!.query).toMatchObject({ part: 'contentDetails', mine: 'true' });
    const [items] = sandbox.requests({ host: HOST, pathPrefix: '/youtube/v3/playlistItems' });
    expect(items!.query).toMatchObject({ part: 'snippet', maxResults: '50' });
    expect(items!.query.playlistId).toMatch(/^UU/);
  });

  it('absent when the listing covers the window and no upload has the text: safe to send again', async () => {
    await (await publish(syntheticVideo(1000))).result;
    expect(await lookup('Outro texto que nunca foi enviado')).toEqual({ kind: 'absent' });
  });

  it('pages through the uploads (50 a page) until it reaches the video', async () => {
    const since = new Date(clock - 60_000);
    const { result } = await publish(syntheticVideo(1000));
    const { platformPostId } = await result;
    const adapter = createYouTubeAdapter({ fetch: createNetworkFetch(sandbox.url), chunkBytes: UNIT });
    for (let i = 0; i < 55; i += 1) {
      clock += 1000;
      await adapter.publish({ ...request(syntheticVideo(1000)), text: `Outro vídeo, o ${i + 1}º` });
    }
    sandbox.clearRequests();
    expect(await lookup(TEXT, channelTarget(), since)).toMatchObject({ kind: 'found', platformPostId });
    const pages = sandbox.requests({ host: HOST, pathPrefix: '/youtube/v3/playlistItems' });
    expect(pages.map((page) => page.query.pageToken ?? null)).toEqual([null, '50']);
  });

  it('unknown when the text is empty, the token cannot read the channel, or the listing fails', async () => {
    await (await publish(syntheticVideo(1000))).result;
    expect((await lookup('   ')).kind).toBe('unknown');
    expect((await lookup(TEXT, channelTarget([YOUTUBE_UPLOAD_SCOPE]))).kind).toBe('unknown');
    const broken = createYouTubeAdapter({
      fetch: faultyFetch((call) => (call.url.includes('playlistItems') ? 'drop' : 'pass')),
    });
    const answer = await broken.lookupRecentPost!({
      target: channelTarget(),
      text: TEXT,
      since: new Date(clock - 60_000),
      until: new Date(clock + 60_000),
    });
    expect(answer.kind).toBe('unknown');
  });

  it("the sandbox lists another channel's uploads without its private videos, and refuses an unknown playlist", async () => {
    await (await publish(syntheticVideo(1000), () => 'pass', { madeForKids: false, privacy: 'private' }))
      .result;
    const own = sandboxChannel(sandbox.control.store.defaultUser())!;
    const playlistId = `UU${own.id.slice(2)}`;
    const stranger = sandbox.issueToken({
      network: 'google',
      user: 'no-email',
      scopes: [YOUTUBE_READONLY_SCOPE],
    });
    const list = (token: string, id = playlistId) =>
      createNetworkFetch(sandbox.url)(
        `https://${HOST}/youtube/v3/playlistItems?part=snippet&playlistId=${id}`,
        { headers: { Authorization: `Bearer ${token}` } },
      );
    const mine = (await (await list(channelTarget().accessToken)).json()) as { items: unknown[] };
    expect(mine.items).toHaveLength(1);
    const theirs = (await (await list(stranger.accessToken)).json()) as { items: unknown[] };
    expect(theirs.items).toHaveLength(0);
    expect((await list(channelTarget().accessToken, 'UUnaoexiste')).status).toBe(404);
  });
});

describe('YouTube sandbox: what the real API refuses', () => {
  async function session(size: number) {
    const token = channelTarget().accessToken;
    const answer = await fetch(
      `${sandbox.url}/${HOST}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`,
      {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json; charset=UTF-8',
          'X-Upload-Content-Length': String(size),
          'X-Upload-Content-Type': 'video/mp4',
        },
        body: JSON.stringify({
          snippet: { title: 'T', description: 'D', categoryId: '22' },
          status: { privacyStatus: 'public', selfDeclaredMadeForKids: false },
        }),
      },
    );
    expect(answer.status).toBe(200);
    const location = new URL(answer.headers.get('location')!);
    expect(location.host).toBe(HOST);
    const put = (range: string, body?: Uint8Array, uploadId = location.searchParams.get('upload_id')!) =>
      fetch(`${sandbox.url}/${HOST}/upload/youtube/v3/videos?uploadType=resumable&upload_id=${uploadId}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${token}`, 'Content-Range': range, 'Content-Type': 'video/mp4' },
        ...(body === undefined ? {} : { body }),
      });
    return put;
  }

  it('validates chunks: 256 KiB multiples but the last, the start at what it holds, the declared size, a known session', async () => {
    const size = 2 * UNIT + 10;
    const put = await session(size);
    const reason = async (answer: Response) =>
      ((await answer.json()) as { error: { errors: { reason: string }[]; message: string } }).error;
    const odd = await put(`bytes 0-99999/${size}`, new Uint8Array(100_000));
    expect(odd.status).toBe(400);
    expect((await reason(odd)).message).toContain('multiple of 256 KiB');
    const gap = await put(`bytes ${UNIT}-${2 * UNIT - 1}/${size}`, new Uint8Array(UNIT));
    expect((await reason(gap)).message).toContain('holds 0 bytes');
    const total = await put(`bytes 0-${UNIT - 1}/${size + 1}`, new Uint8Array(UNIT));
    expect((await reason(total)).message).toContain('declared');
    const unknown = await put(`bytes 0-${UNIT - 1}/${size}`, new Uint8Array(UNIT), 'sessao-inexistente');
    expect(unknown.status).toBe(404);
    const first = await put(`bytes 0-${UNIT - 1}/${size}`, new Uint8Array(UNIT));
    expect(first.status).toBe(308);
    expect(first.headers.get('range')).toBe(`bytes=0-${UNIT - 1}`);
    const state = await put(`bytes */${size}`);
    expect(state.status).toBe(308);
    expect(state.headers.get('range')).toBe(`bytes=0-${UNIT - 1}`);
    const second = await put(`bytes ${UNIT}-${size - 1}/${size}`, new Uint8Array(size - UNIT));
    expect(second.status).toBe(201);
    const created = (await second.json()) as { id: string };
    // A completed session makes no second video: it answers its one.
    const again = await put(`bytes */${size}`);
    expect(again.status).toBe(201);
    expect(((await again.json()) as { id: string }).id).toBe(created.id);
    expect(videos()).toHaveLength(1);
  });

  it('refuses a session without made-for-kids, with an invalid title or for a user without a channel', async () => {
    const start = (token: string, body: unknown) =>
      fetch(`${sandbox.url}/${HOST}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          'X-Upload-Content-Length': '10',
          'X-Upload-Content-Type': 'video/mp4',
        },
        body: JSON.stringify(body),
      });
    const token = channelTarget().accessToken;
    const snippet = { title: 'T', description: 'D', categoryId: '22' };
    const errorOf = async (answer: Response) => ({
      status: answer.status,
      reason: ((await answer.json()) as { error: { errors: { reason: string }[] } }).error.errors[0]!.reason,
    });
    expect(await errorOf(await start(token, { snippet, status: { privacyStatus: 'public' } }))).toEqual({
      status: 400,
      reason: 'invalidVideoMetadata',
    });
    expect(
      await errorOf(
        await start(token, {
          snippet: { ...snippet, title: 'a <b>' },
          status: { privacyStatus: 'public', selfDeclaredMadeForKids: false },
        }),
      ),
    ).toEqual({ status: 400, reason: 'invalidTitle' });
    sandbox.setUser('semcanal', {
      sub: '1000000000000000098',
      username: 'semcanal2',
      given_name: 'Eva',
      family_name: 'Lins',
    });
    const noChannel = sandbox.issueToken({
      network: 'google',
      user: 'semcanal',
      scopes: [YOUTUBE_UPLOAD_SCOPE],
    }).accessToken;
    expect(
      await errorOf(
        await start(noChannel, {
          snippet,
          status: { privacyStatus: 'public', selfDeclaredMadeForKids: false },
        }),
      ),
    ).toEqual({ status: 401, reason: 'youtubeSignupRequired' });
  });
});
