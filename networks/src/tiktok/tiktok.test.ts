// TikTok against its sandbox: the Login Kit client (client_key, comma-separated scopes, PKCE S256
// checked at the token endpoint, refresh, revoke), connecting (open_id, display name, the refusal
// without video.publish), the follower count, and Direct Post of a video read in chunks: the
// happy paths (unaudited → SELF_ONLY, audited → the chosen privacy and the public id kept exact),
// the refusals before any upload (no video, no privacy chosen, caption over 2,200 UTF-16 units, a
// privacy the account does not offer, a video longer than the account may post), a failure at
// each step (creator_info, init, a middle chunk, the last chunk lost or landed, the status polls,
// FAILED) with what kind it becomes and how many posts exist, the sandbox's own validation, and
// video/query metrics.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConnectRefusedError } from '../connect/types.js';
import { OAuthProviderError } from '../oauth/errors.js';
import { PublishError, type PublishTarget, type PublishVideo } from '../publishing/types.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import type { SandboxTikTokRecord } from '../sandbox/tiktok.js';
import { createNetworkFetch, installSandboxFetch, uninstallSandboxFetch } from '../sandbox-url.js';
import { fetchTikTokFollowers } from './followers.js';
import { tiktok } from './index.js';
import { createTikTokOAuthClient, tiktokCodeChallenge } from './oauth.js';
import { TIKTOK_POST_OPTIONS, tiktokProfile } from './profile.js';
import {
  chunkPlan,
  createTikTokAdapter,
  publicPostId,
  TIKTOK_FINAL_CHUNK_MAX_BYTES,
  type TikTokAdapterOptions,
} from './publish.js';

const MB = 1024 * 1024;
const UPLOAD_HOST = 'open-upload.tiktokapis.com';
const API_HOST = 'open.tiktokapis.com';
const VERIFIER = 'verificador-pkce-de-teste-0123456789abcdefghijklmnop';
let sandbox: SandboxHandle;

beforeAll(async () => {
  sandbox = await startSandbox();
  installSandboxFetch(sandbox.url);
});
afterAll(async () => {
  uninstallSandboxFetch();
  await sandbox.close();
});
beforeEach(() => {
  sandbox.reset();
  sandbox.clearPublishedPosts();
  sandbox.control.tiktok.publishes.clear();
});

const client = (secret = 'sandbox-tiktok-secret') =>
  createTikTokOAuthClient({
    clientId: 'sandbox-tiktok-client',
    clientSecret: secret,
    redirectUri: 'http://localhost:3000/auth/callback?connection=true',
    sandboxUrl: sandbox.url,
    fetch: createNetworkFetch(sandbox.url),
  });

async function authorize(scopes?: string[]): Promise<string> {
  const url = client().createAuthorizationURL({
    state: 'estado',
    codeVerifier: VERIFIER,
    ...(scopes === undefined ? {} : { scopes }),
  });
  const answer = await fetch(url, { redirect: 'manual' });
  const location = new URL(answer.headers.get('location')!);
  expect(location.searchParams.get('state')).toBe('estado');
  return location.searchParams.get('code')!;
}

function target(): PublishTarget {
  const issued = sandbox.issueToken({ network: 'tiktok' });
  return { platformUserId: issued.platformUserId, accessToken: issued.accessToken };
}

/** Deterministic bytes of a synthetic video (the adapter never parses it). */
function videoBytes(size: number, seed = 1): Buffer {
  const bytes = Buffer.alloc(size);
  let state = seed * 2654435761;
  for (let i = 0; i < size; i += 4) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes.writeUInt32LE(state, Math.min(i, size - 4));
  }
  return bytes;
}

interface TestVideo extends PublishVideo {
  sha256: string;
  reads: [number, number][];
}

/** A PublishVideo over `bytes`; `onRead` runs before each range is handed out. */
function testVideo(
  bytes: Buffer,
  options: {
    durationSeconds?: number;
    coverSeconds?: number | null;
    onRead?: (start: number, end: number) => void;
  } = {},
): TestVideo {
  const reads: [number, number][] = [];
  return {
    mimeType: 'video/mp4',
    sizeBytes: bytes.length,
    durationSeconds: options.durationSeconds ?? 20,
    width: 1080,
    height: 1920,
    frameRate: 30,
    async read(start, end) {
      reads.push([start, end]);
      options.onRead?.(start, end);
      return new Uint8Array(bytes.subarray(start, end));
    },
    url: 'https://media.pauta.example/videos/v1.mp4?sig=x',
    cover:
      options.coverSeconds === null
        ? null
        : {
            timeSeconds: options.coverSeconds ?? 1.5,
            image: {
              mimeType: 'image/jpeg',
              width: 1080,
              height: 1920,
              bytes: new Uint8Array(8),
              url: 'https://x/c.jpg',
            },
          },
    sha256: createHash('sha256').update(bytes).digest('hex'),
    reads,
  };
}

const adapter = (options: Partial<TikTokAdapterOptions> = {}) =>
  createTikTokAdapter({
    fetch: createNetworkFetch(sandbox.url),
    chunkBytes: 5 * MB,
    statusPollAttempts: 4,
    statusPollIntervalMs: 1,
    ...options,
  });

/** A beforeSend that counts its calls and the chunk PUTs already sent when it ran. */
function sendProbe() {
  const probe = { calls: 0, putsBefore: -1, beforeSend: async () => {} };
  probe.beforeSend = async () => {
    probe.calls += 1;
    probe.putsBefore = sandbox.requests({ host: UPLOAD_HOST, method: 'PUT' }).length;
  };
  return probe;
}

async function failure(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PublishError)) throw new Error(`expected a PublishError, got ${String(error)}`);
  return error;
}

const posts = () => sandbox.publishedPosts('tiktok');
const record = (index = 0) => posts()[index]?.record as SandboxTikTokRecord;
const calls = (path: string) => sandbox.requests({ host: API_HOST, pathPrefix: path }).length;

describe('TikTok: Login Kit with PKCE', () => {
  it('sends client_key, the scopes comma-separated and the S256 challenge; the verifier redeems the code', async () => {
    const url = new URL(
      createTikTokOAuthClient({
        clientId: 'ck',
        clientSecret: 's',
        redirectUri: 'https://pauta.example/auth/callback?connection=true',
      }).createAuthorizationURL({ state: 'st', codeVerifier: VERIFIER }).href,
    );
    expect(url.origin + url.pathname).toBe('https://www.tiktok.com/v2/auth/authorize/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_key: 'ck',
      response_type: 'code',
      scope: 'user.info.basic,user.info.stats,video.publish,video.list',
      redirect_uri: 'https://pauta.example/auth/callback?connection=true',
      state: 'st',
      code_challenge: createHash('sha256').update(VERIFIER).digest('base64url'),
      code_challenge_method: 'S256',
    });
    expect(tiktokCodeChallenge(VERIFIER)).toHaveLength(43);

    const tokens = await client().validateAuthorizationCode(await authorize(), VERIFIER);
    expect(tokens.accessToken).toMatch(/^sbx/);
    expect(tokens.refreshToken).not.toBeNull();
    expect(tokens.scopes).toEqual(['user.info.basic', 'user.info.stats', 'video.publish', 'video.list']);
    const day = (tokens.accessTokenExpiresAt!.getTime() - Date.now()) / 3_600_000;
    expect(day).toBeGreaterThan(23);
    expect(day).toBeLessThanOrEqual(24);
    // refresh_expires_in (TikTok's name) read as the refresh token's lifetime: 365 days.
    expect((tokens.refreshTokenExpiresAt!.getTime() - Date.now()) / 86_400_000).toBeGreaterThan(364);
    const token = sandbox.requests({ host: API_HOST, pathPrefix: '/v2/oauth/token/' })[0]!;
    expect(token.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(token.body).toMatchObject({
      client_key: 'sandbox-tiktok-client',
      client_secret: '[redacted]',
      grant_type: 'authorization_code',
      code_verifier: '[redacted]',
      redirect_uri: 'http://localhost:3000/auth/callback?connection=true',
    });
  });

  it('refuses a code with the wrong verifier or none, and a wrong secret', async () => {
    await expect(
      client().validateAuthorizationCode(await authorize(), `${VERIFIER}-outro`),
    ).rejects.toMatchObject({ providerCode: 'invalid_request' });
    await expect(client().validateAuthorizationCode(await authorize(), null)).rejects.toBeInstanceOf(
      OAuthProviderError,
    );
    expect(() => client().createAuthorizationURL({ state: 's' })).toThrow(/code verifier/);
    await expect(
      client('segredo-errado').validateAuthorizationCode(await authorize(), VERIFIER),
    ).rejects.toMatchObject({ kind: 'invalid_client', providerCode: 'invalid_client' });
    // The authorization dialog itself refuses a request without the S256 challenge.
    const bare = new URL(`${sandbox.url}/www.tiktok.com/v2/auth/authorize/`);
    bare.search = new URLSearchParams({
      client_key: 'sandbox-tiktok-client',
      response_type: 'code',
      scope: 'user.info.basic',
      redirect_uri: 'http://localhost:3000/auth/callback?connection=true',
      state: 's',
    }).toString();
    const answer = await fetch(bare, { redirect: 'manual' });
    expect(new URL(answer.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
  });

  it('connects the person (open_id, display name, avatar), renews and revokes the tokens', async () => {
    const tokens = await client().validateAuthorizationCode(await authorize(), VERIFIER);
    const outcome = await tiktok.connectSteps.complete(client(), tokens, tokens.scopes);
    if (outcome.kind !== 'connected') throw new Error('expected an account');
    expect(outcome.account.platformUserId).toMatch(/^-000/);
    expect(outcome.account.name).toBe('Ana Souza');
    expect(outcome.account.avatarUrl).toMatch(/\/__sandbox\/avatars\//);
    const followers = await fetchTikTokFollowers(
      { platformUserId: outcome.account.platformUserId, accessToken: tokens.accessToken },
      { fetch: createNetworkFetch(sandbox.url) },
    );
    expect(followers).toBeGreaterThanOrEqual(1000);

    const renewed = await client().refreshAccessToken(tokens.refreshToken!);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    await client().revokeToken!(renewed.accessToken);
    await expect(client().fetchUserInfo(renewed.accessToken)).rejects.toMatchObject({
      kind: 'invalid_grant',
      providerCode: 'access_token_invalid',
    });
  });

  it('refuses a connection without video.publish, in pt-BR through the profile', async () => {
    const scopes = ['user.info.basic', 'video.list'];
    const tokens = await client().validateAuthorizationCode(await authorize(scopes), VERIFIER);
    const refused = await tiktok.connectSteps
      .complete(client(), tokens, tokens.scopes)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ConnectRefusedError);
    expect((refused as ConnectRefusedError).reason).toBe('tiktok_publish_scope_missing');
  });
});

describe('TikTok: what the person chooses per video', () => {
  it('asks the privacy with no default, and comments/Duet/Stitch off until turned on, saying the audit rule', () => {
    expect(tiktokProfile.postOptions).toBe(TIKTOK_POST_OPTIONS);
    const [privacy, ...switches] = TIKTOK_POST_OPTIONS;
    expect(privacy).toMatchObject({
      key: 'privacyLevel',
      kind: 'choice',
      required: true,
      default: null,
      media: 'video',
    });
    expect(privacy!.choices?.map((c) => c.value)).toEqual([
      'PUBLIC_TO_EVERYONE',
      'MUTUAL_FOLLOW_FRIENDS',
      'FOLLOWER_OF_CREATOR',
      'SELF_ONLY',
    ]);
    expect(privacy!.choices?.find((c) => c.value === 'SELF_ONLY')?.label).toBe('Somente eu');
    expect(privacy!.help).toContain('auditoria do TikTok');
    expect(privacy!.help).toContain('"Somente eu"');
    expect(switches.map((field) => [field.key, field.kind, field.default])).toEqual([
      ['allowComments', 'boolean', false],
      ['allowDuet', 'boolean', false],
      ['allowStitch', 'boolean', false],
    ]);
    // The Diagnóstico's line follows TIKTOK_APP_AUDITED.
    const requirement = tiktok.oauth?.accessRequirement;
    if (typeof requirement !== 'function') throw new Error('expected a function of the env');
    expect(requirement({})).toContain('Auditoria: NÃO FEITA');
    expect(requirement({ TIKTOK_APP_AUDITED: true })).toContain('a auditoria do TikTok foi feita');
  });
});

describe('TikTok: chunks by TikTok’s rules', () => {
  it('cuts a video as the media transfer guide says', () => {
    expect(chunkPlan(3 * MB)).toEqual({ chunkSize: 3 * MB, count: 1, ranges: [[0, 3 * MB]] });
    // 12 MB with 10 MB chunks: ⌊12/10⌋ = 1, one chunk of the whole video.
    expect(chunkPlan(12 * MB, 10 * MB)).toMatchObject({ chunkSize: 12 * MB, count: 1 });
    expect(chunkPlan(16 * MB + 7, 5 * MB)).toEqual({
      chunkSize: 5 * MB,
      count: 3,
      ranges: [
        [0, 5 * MB],
        [5 * MB, 10 * MB],
        [10 * MB, 16 * MB + 7],
      ],
    });
    // Over 64 MB never in one chunk; 1,000 chunks at most; the last never over 128 MB.
    for (const [size, preferred] of [
      [70 * MB + 1, 64 * MB],
      [4 * 1024 * MB, 10 * MB],
      [4 * 1024 * MB, 1],
      [200 * MB + 3, 64 * MB],
    ] as const) {
      const plan = chunkPlan(size, preferred);
      expect(plan.count).toBeGreaterThan(1);
      expect(plan.count).toBeLessThanOrEqual(1000);
      expect(plan.count).toBe(Math.floor(size / plan.chunkSize));
      expect(plan.chunkSize).toBeGreaterThanOrEqual(5 * MB);
      expect(plan.chunkSize).toBeLessThanOrEqual(64 * MB);
      const [start, end] = plan.ranges[plan.ranges.length - 1]!;
      expect(end).toBe(size);
      expect(end - start).toBeLessThanOrEqual(TIKTOK_FINAL_CHUNK_MAX_BYTES);
    }
  });

  it('reads the public post id exactly, though it passes 2^53', () => {
    expect(publicPostId('{"data":{"publicaly_available_post_id":[7311234567890123456]}}')).toBe(
      '7311234567890123456',
    );
    expect(publicPostId('{"data":{"publicaly_available_post_id":[]}}')).toBeNull();
  });
});

describe('TikTok: Direct Post of a video', () => {
  it('unaudited: uploads 3 chunks in order and posts once as SELF_ONLY, beforeSend right before the last', async () => {
    const video = testVideo(videoBytes(16 * MB + 7));
    const probe = sendProbe();
    const result = await adapter().publish(
      {
        target: target(),
        title: '',
        text: 'Bolo de cenoura em 30 segundos 🥕 #receita #bolo',
        video,
        options: { privacyLevel: 'PUBLIC_TO_EVERYONE', allowDuet: true },
      },
      { beforeSend: probe.beforeSend },
    );
    expect(probe).toMatchObject({ calls: 1, putsBefore: 2 });
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.text).toBe('Bolo de cenoura em 30 segundos 🥕 #receita #bolo');
    expect(record()).toMatchObject({
      privacy_level: 'SELF_ONLY',
      disable_comment: true,
      disable_duet: false,
      disable_stitch: true,
      video_cover_timestamp_ms: 1500,
      video: { sha256: video.sha256, size: 16 * MB + 7, mimeType: 'video/mp4', chunks: 3 },
    });
    // A post only its author sees has no public id: the publish_id stands for it.
    expect(result.platformPostId).toBe(record().publish_id);
    expect(result.url).toBeNull();
    // Never more than a chunk read at a time, each once.
    expect(video.reads).toEqual([
      [0, 5 * MB],
      [5 * MB, 10 * MB],
      [10 * MB, 16 * MB + 7],
    ]);
    const puts = sandbox.requests({ host: UPLOAD_HOST, method: 'PUT' });
    expect(puts.map((r) => r.headers['content-range'])).toEqual([
      `bytes 0-${5 * MB - 1}/${16 * MB + 7}`,
      `bytes ${5 * MB}-${10 * MB - 1}/${16 * MB + 7}`,
      `bytes ${10 * MB}-${16 * MB + 6}/${16 * MB + 7}`,
    ]);
    expect(puts.map((r) => r.status)).toEqual([206, 206, 201]);
    expect(calls('/v2/post/publish/creator_info/query/')).toBe(1);
    const init = sandbox.requests({ host: API_HOST, pathPrefix: '/v2/post/publish/video/init/' })[0]!;
    expect(init.body).toMatchObject({
      source_info: {
        source: 'FILE_UPLOAD',
        video_size: 16 * MB + 7,
        chunk_size: 5 * MB,
        total_chunk_count: 3,
      },
    });
  });

  it('audited: the chosen privacy and switches go as chosen, the account’s own switches win; the public id is exact', async () => {
    sandbox.control.tiktok.audited = true;
    const t = target();
    sandbox.control.tiktok.setCreator(t.platformUserId, { commentDisabled: true });
    const video = testVideo(videoBytes(2 * MB, 7), { coverSeconds: null });
    const result = await adapter({ appAudited: true }).publish({
      target: t,
      title: '',
      text: 'Novidade da semana',
      video,
      options: { privacyLevel: 'FOLLOWER_OF_CREATOR', allowComments: true, allowStitch: true },
    });
    expect(record()).toMatchObject({
      privacy_level: 'FOLLOWER_OF_CREATOR',
      disable_comment: true,
      disable_duet: true,
      disable_stitch: false,
      video_cover_timestamp_ms: null,
      video: { sha256: video.sha256, chunks: 1 },
    });
    expect(result.platformPostId).toBe(posts()[0]!.id);
    expect(BigInt(result.platformPostId) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(result.url).toBe(`https://www.tiktok.com/video/${posts()[0]!.id}`);
    // Its metrics: views → reach.
    sandbox.setPostMetrics({ platformPostId: result.platformPostId, reach: 321, likes: 45, comments: 6 });
    const metrics = await adapter().fetchMetrics({
      target: t,
      platformPostIds: [result.platformPostId, 'v_pub_file~v2-1.123'],
    });
    expect(metrics.get(result.platformPostId)).toEqual({ reach: 321, likes: 45, comments: 6 });
    expect(metrics.get('v_pub_file~v2-1.123')).toBeNull();
    const query = sandbox.requests({ host: API_HOST, pathPrefix: '/v2/video/query/' });
    expect(query).toHaveLength(1);
    expect(query[0]!.body).toEqual({ filters: { video_ids: [result.platformPostId] } });
  });

  it('refuses before any call: no video, no privacy chosen, a caption over 2,200 UTF-16 units', async () => {
    const t = target();
    const video = testVideo(videoBytes(MB));
    const base = { target: t, title: '', text: 'Oi', options: { privacyLevel: 'SELF_ONLY' } };
    const cases = [
      [{ ...base }, 'MEDIA_REQUIRED', 'VIDEO_REQUIRED', 'O TikTok publica só vídeos'],
      [{ ...base, video, options: {} }, 'REJECTED', 'PRIVACY_NOT_CHOSEN', 'Escolha quem pode ver'],
      [
        { ...base, video, options: { privacyLevel: 'EVERYONE' } },
        'REJECTED',
        'PRIVACY_NOT_CHOSEN',
        'Escolha',
      ],
      // 1,101 emojis: 1,101 code points, 2,202 UTF-16 units.
      [
        { ...base, video, text: '🎬'.repeat(1101) },
        'CONTENT_TOO_LONG',
        'CAPTION_TOO_LONG',
        'cada emoji conta como 2',
      ],
    ] as const;
    for (const [request, code, networkCode, reason] of cases) {
      const error = await failure(adapter().publish(request));
      expect(error).toMatchObject({ kind: 'permanent', code, details: { networkCode } });
      expect(error.details.reason).toContain(reason);
    }
    expect(sandbox.requests({ host: API_HOST })).toEqual([]);
    expect(video.reads).toEqual([]);
  });

  it('refuses what creator_info does not allow, before init: a privacy the account lacks, a video too long for it', async () => {
    const t = target();
    sandbox.control.tiktok.setCreator(t.platformUserId, {
      privacyLevelOptions: ['FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
      maxVideoPostDurationSec: 60,
    });
    const probe = sendProbe();
    const privateAccount = await failure(
      adapter({ appAudited: true }).publish(
        {
          target: t,
          title: '',
          text: 'Oi',
          video: testVideo(videoBytes(MB)),
          options: { privacyLevel: 'PUBLIC_TO_EVERYONE' },
        },
        { beforeSend: probe.beforeSend },
      ),
    );
    expect(privateAccount).toMatchObject({
      kind: 'permanent',
      details: { networkCode: 'PRIVACY_NOT_OFFERED' },
    });
    expect(privateAccount.details.reason).toContain('não permite a privacidade escolhida');
    const tooLong = await failure(
      adapter().publish(
        {
          target: t,
          title: '',
          text: 'Oi',
          video: testVideo(videoBytes(MB), { durationSeconds: 61 }),
          options: { privacyLevel: 'SELF_ONLY' },
        },
        { beforeSend: probe.beforeSend },
      ),
    );
    expect(tooLong).toMatchObject({
      kind: 'permanent',
      details: { networkCode: 'VIDEO_TOO_LONG_FOR_CREATOR' },
    });
    expect(tooLong.details.reason).toContain('mais longo do que a sua conta do TikTok pode publicar');
    expect(probe.calls).toBe(0);
    expect(calls('/v2/post/publish/video/init/')).toBe(0);
    expect(posts()).toEqual([]);
  });
});

describe('TikTok: a failure at each step', () => {
  const request = (video: PublishVideo) => ({
    target: target(),
    title: '',
    text: 'Receita do dia #receita',
    video,
    options: { privacyLevel: 'SELF_ONLY' },
  });

  it('creator_info unavailable or cut off: a plain retry, nothing uploaded', async () => {
    for (const fault of [{ status: 503 }, { reset: true }]) {
      sandbox.clearRequests();
      sandbox.addFault({ host: API_HOST, pathPrefix: '/v2/post/publish/creator_info/', ...fault });
      const probe = sendProbe();
      const error = await failure(
        adapter().publish(request(testVideo(videoBytes(MB))), { beforeSend: probe.beforeSend }),
      );
      expect(error.kind).toBe('retryable');
      expect(probe.calls).toBe(0);
      expect(calls('/v2/post/publish/video/init/')).toBe(0);
    }
    expect(posts()).toEqual([]);
  });

  it('init: a 500 is a plain retry (nothing is visible yet), a 429 waits, the daily cap is permanent in pt-BR', async () => {
    sandbox.addFault({ host: API_HOST, pathPrefix: '/v2/post/publish/video/init/', status: 500 });
    expect((await failure(adapter().publish(request(testVideo(videoBytes(MB)))))).kind).toBe('retryable');
    sandbox.addFault({ host: API_HOST, pathPrefix: '/v2/post/publish/video/init/', retryAfterSeconds: 30 });
    expect(await failure(adapter().publish(request(testVideo(videoBytes(MB)))))).toMatchObject({
      kind: 'rate_limited',
      details: { retryAfterMs: 30_000, networkCode: 'rate_limit_exceeded' },
    });
    sandbox.control.tiktok.dailyCap = 0;
    const probe = sendProbe();
    const capped = await failure(
      adapter().publish(request(testVideo(videoBytes(MB))), { beforeSend: probe.beforeSend }),
    );
    expect(capped).toMatchObject({
      kind: 'permanent',
      details: { status: 403, networkCode: 'spam_risk_too_many_posts' },
    });
    expect(capped.details.reason).toContain('limite diário');
    expect(probe.calls).toBe(0);
    expect(sandbox.requests({ host: UPLOAD_HOST })).toEqual([]);
    expect(posts()).toEqual([]);
  });

  it('a middle chunk cut off: a plain retry before beforeSend; the retry posts exactly once', async () => {
    const bytes = videoBytes(16 * MB + 7, 3);
    const probe = sendProbe();
    const video = testVideo(bytes, {
      onRead: (start) => {
        if (start === 5 * MB) sandbox.addFault({ host: UPLOAD_HOST, method: 'PUT', reset: true });
      },
    });
    const error = await failure(adapter().publish(request(video), { beforeSend: probe.beforeSend }));
    expect(error).toMatchObject({ kind: 'retryable', code: 'NETWORK_UNAVAILABLE' });
    expect(error.details.reason).toContain('antes da última parte: nada foi publicado');
    expect(probe.calls).toBe(0);
    expect(posts()).toEqual([]);
    // The worker's retry: a new init and upload; one post, with the whole file.
    const retry = sendProbe();
    await adapter().publish(request(testVideo(bytes)), { beforeSend: retry.beforeSend });
    expect(retry.calls).toBe(1);
    expect(posts()).toHaveLength(1);
    expect(record().video.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(calls('/v2/post/publish/video/init/')).toBe(2);
  });

  it('the last chunk lost before TikTok got it: beforeSend once, unknown (the statuses never complete), no post', async () => {
    const probe = sendProbe();
    const video = testVideo(videoBytes(MB), {
      onRead: () => sandbox.addFault({ host: UPLOAD_HOST, method: 'PUT', reset: true }),
    });
    const error = await failure(adapter().publish(request(video), { beforeSend: probe.beforeSend }));
    expect(error).toMatchObject({ kind: 'unknown', code: 'UNKNOWN_OUTCOME' });
    expect(probe.calls).toBe(1);
    expect(calls('/v2/post/publish/status/fetch/')).toBe(4);
    expect(posts()).toEqual([]);
  });

  it('the last chunk landed but its answer was lost: the status polls find the post; exactly one', async () => {
    const probe = sendProbe();
    const video = testVideo(videoBytes(MB, 9), {
      onRead: () => sandbox.addFault({ host: UPLOAD_HOST, method: 'PUT', delayMs: 1500 }),
    });
    sandbox.control.tiktok.audited = true;
    const result = await adapter({
      timeoutMs: 500,
      statusPollIntervalMs: 400,
      statusPollAttempts: 10,
      appAudited: true,
    }).publish(
      { ...request(video), options: { privacyLevel: 'PUBLIC_TO_EVERYONE' } },
      { beforeSend: probe.beforeSend },
    );
    expect(probe.calls).toBe(1);
    expect(posts()).toHaveLength(1);
    expect(result.platformPostId).toBe(posts()[0]!.id);
    expect(record().video.sha256).toBe(video.sha256);
  });

  it('the last chunk refused (4xx): permanent, nothing posted', async () => {
    const probe = sendProbe();
    const video = testVideo(videoBytes(MB), {
      onRead: () =>
        sandbox.addFault({
          host: UPLOAD_HOST,
          method: 'PUT',
          status: 400,
          body: { data: {}, error: { code: 'invalid_file_upload', message: 'bad file', log_id: 'x' } },
        }),
    });
    const error = await failure(adapter().publish(request(video), { beforeSend: probe.beforeSend }));
    expect(error).toMatchObject({ kind: 'permanent', details: { networkCode: 'invalid_file_upload' } });
    expect(error.details.reason).toContain('recusou o arquivo de vídeo');
    expect(probe.calls).toBe(1);
    expect(posts()).toEqual([]);
  });

  it('TikTok ends the post FAILED: permanent with the fail_reason, nothing posted', async () => {
    sandbox.control.tiktok.failNext = { reason: 'frame_rate_check_failed', times: 1 };
    const error = await failure(adapter().publish(request(testVideo(videoBytes(MB)))));
    expect(error).toMatchObject({
      kind: 'permanent',
      details: { networkCode: 'FAILED/frame_rate_check_failed' },
    });
    expect(error.details.reason).toContain('taxa de quadros');
    sandbox.control.tiktok.failNext = { reason: 'spam_risk_text', times: 1 };
    const other = await failure(adapter().publish(request(testVideo(videoBytes(MB)))));
    expect(other.details.networkCode).toBe('FAILED/spam_risk_text');
    expect(other.details.reason).toContain('não publicou o vídeo depois de recebê-lo');
    expect(posts()).toEqual([]);
  });

  it('still processing after the last poll, or the polls failing: unknown (never a retry), the post exists once', async () => {
    sandbox.control.tiktok.processingChecks = 50;
    const slow = await failure(adapter().publish(request(testVideo(videoBytes(MB)))));
    expect(slow).toMatchObject({ kind: 'unknown', details: { networkCode: 'PROCESSING_TIMEOUT' } });
    expect(slow.details.reason).toContain('confira o TikTok antes de tentar de novo');
    expect(posts()).toHaveLength(1);
    sandbox.control.tiktok.processingChecks = 1;
    sandbox.addFault({ host: API_HOST, pathPrefix: '/v2/post/publish/status/fetch/', status: 401, times: 4 });
    const failing = await failure(adapter().publish(request(testVideo(videoBytes(MB)))));
    expect(failing.kind).toBe('unknown');
    expect(posts()).toHaveLength(2);
  });

  it('polls while the call’s deadline leaves room for a read, then says unknown', async () => {
    sandbox.control.tiktok.processingChecks = 50;
    const started = Date.now();
    const slow = await failure(
      adapter({ statusPollAttempts: 1000, statusPollIntervalMs: 50, timeoutMs: 2_000 }).publish(
        request(testVideo(videoBytes(MB))),
        { deadline: started + 1500 },
      ),
    );
    expect(slow).toMatchObject({ kind: 'unknown', details: { networkCode: 'PROCESSING_TIMEOUT' } });
    // Several reads (not only one because a read's own timeout is longer than what was left).
    expect(calls('/v2/post/publish/status/fetch/')).toBeGreaterThan(3);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(posts()).toHaveLength(1);
  });

  it('beforeSend throwing: rethrown unchanged, the last chunk never sent', async () => {
    const refusal = new Error('claim lost');
    const error = await adapter()
      .publish(request(testVideo(videoBytes(16 * MB, 5))), {
        beforeSend: async () => {
          throw refusal;
        },
      })
      .catch((e: unknown) => e);
    expect(error).toBe(refusal);
    expect(sandbox.requests({ host: UPLOAD_HOST, method: 'PUT' })).toHaveLength(2);
    expect(posts()).toEqual([]);
  });
});

describe('sandbox TikTok validates as TikTok does', () => {
  const api = (path: string, token: string, body: unknown) =>
    fetch(`${sandbox.url}/${API_HOST}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const init = (token: string, source: Record<string, unknown>) =>
    api('/v2/post/publish/video/init/', token, {
      post_info: { title: 'x', privacy_level: 'SELF_ONLY' },
      source_info: { source: 'FILE_UPLOAD', ...source },
    });
  const put = (url: string, bytes: Buffer, range: string, type = 'video/mp4') =>
    fetch(url.replace('https://', `${sandbox.url}/`), {
      method: 'PUT',
      headers: { 'Content-Type': type, 'Content-Range': range },
      body: new Uint8Array(bytes),
    });

  it('refuses chunk plans against the rules, chunks out of order or of the wrong size, unknown uploads, a second completion', async () => {
    const { accessToken } = target();
    for (const source of [
      { video_size: 12 * MB, chunk_size: 5 * MB, total_chunk_count: 3 },
      { video_size: 4 * MB, chunk_size: 2 * MB, total_chunk_count: 2 },
      { video_size: 70 * MB, chunk_size: 70 * MB, total_chunk_count: 1 },
      { video_size: 12 * MB, chunk_size: 2 * MB, total_chunk_count: 6 },
    ]) {
      const answer = await init(accessToken, source);
      expect(answer.status, JSON.stringify(source)).toBe(400);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('invalid_params');
    }
    const size = 10 * MB + 1;
    const bytes = videoBytes(size, 4);
    const answer = await init(accessToken, { video_size: size, chunk_size: 5 * MB, total_chunk_count: 2 });
    const { data } = (await answer.json()) as { data: { publish_id: string; upload_url: string } };
    expect(data.upload_url).toMatch(/^https:\/\/open-upload\.tiktokapis\.com\/upload\/\?upload_id=/);
    // The second chunk first: out of order.
    expect(
      (await put(data.upload_url, bytes.subarray(5 * MB), `bytes ${5 * MB}-${size - 1}/${size}`)).status,
    ).toBe(416);
    // A Content-Range whose total is not the video's size, a chunk shorter than its range.
    expect(
      (await put(data.upload_url, bytes.subarray(0, 5 * MB), `bytes 0-${5 * MB - 1}/${size + 1}`)).status,
    ).toBe(400);
    expect(
      (await put(data.upload_url, bytes.subarray(0, 5 * MB - 1), `bytes 0-${5 * MB - 1}/${size}`)).status,
    ).toBe(400);
    expect(
      (await put(data.upload_url, bytes.subarray(0, 5 * MB), `bytes 0-${5 * MB - 1}/${size}`, 'image/jpeg'))
        .status,
    ).toBe(400);
    expect(
      (await put(`${data.upload_url}x`, bytes.subarray(0, 5 * MB), `bytes 0-${5 * MB - 1}/${size}`)).status,
    ).toBe(404);
    expect(
      (await put(data.upload_url, bytes.subarray(0, 5 * MB), `bytes 0-${5 * MB - 1}/${size}`)).status,
    ).toBe(206);
    expect(posts()).toEqual([]);
    expect(
      (await put(data.upload_url, bytes.subarray(5 * MB), `bytes ${5 * MB}-${size - 1}/${size}`)).status,
    ).toBe(201);
    expect(
      (await put(data.upload_url, bytes.subarray(5 * MB), `bytes ${5 * MB}-${size - 1}/${size}`)).status,
    ).toBe(400);
    expect(posts()).toHaveLength(1);
    expect(record().video.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    // Another user's publish_id is not theirs to read.
    sandbox.setUser('bruno', { sub: '2000000000000000002' });
    const other = sandbox.issueToken({ network: 'tiktok', user: 'bruno' });
    const status = await api('/v2/post/publish/status/fetch/', other.accessToken, {
      publish_id: data.publish_id,
    });
    expect(status.status).toBe(400);
    // Without video.publish, creator_info is refused.
    const narrow = sandbox.issueToken({ network: 'tiktok', scopes: ['user.info.basic'] });
    const creator = await api('/v2/post/publish/creator_info/query/', narrow.accessToken, {});
    expect(creator.status).toBe(401);
    expect(((await creator.json()) as { error: { code: string } }).error.code).toBe('scope_not_authorized');
  });
});
