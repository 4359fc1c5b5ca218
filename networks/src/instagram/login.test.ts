// Instagram Login against the sandbox: the authorization window at www.instagram.com, the code
// exchanged at api.instagram.com and at once for the 60-day token on graph.instagram.com, the
// connect steps (a professional account connects, a personal one is refused, declined permissions
// are refused), the renewal (refused before 24 hours), and publishing, metrics, lookup and the
// follower count through graph.instagram.com — never graph.facebook.com — while an account
// connected with Facebook Login still goes through graph.facebook.com.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConnectRefusedError } from '../connect/types.js';
import { testVideo, videoBytes } from '../meta/test-video.js';
import { OAuthProviderError } from '../oauth/errors.js';
import type { OAuthTokens } from '../oauth/types.js';
import { type ImageServer, jpegImage, serveImages, testMedia } from '../publishing/test-images.js';
import type { PublishMedia, PublishTarget } from '../publishing/types.js';
import {
  configuredConnectLogins,
  connectLoginOf,
  connectPlatformOf,
  createNetworkClients,
  createPublisher,
  networkDescriptor,
} from '../registry.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch } from '../sandbox-url.js';
import { INSTAGRAM_CONNECT } from './connect.js';
import {
  createInstagramLoginClient,
  INSTAGRAM_LOGIN_SCOPES,
  instagramLoginOf,
  instagramLoginUserId,
} from './login.js';

let sandbox: SandboxHandle;
let files: ImageServer;
let clock = Date.parse('2026-11-27T12:00:00Z');
const DAY = 24 * 3_600_000;
const REDIRECT = 'http://localhost:3000/auth/callback?connection=true';
let IMAGE = '';
let VIDEO_URL = '';
const VIDEO = videoBytes(64 * 1024, 5);

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => clock });
  files = await serveImages();
  IMAGE = files.put('foto.jpg', jpegImage(1080, 1080));
  VIDEO_URL = files.put('reel.mp4', VIDEO, 'video/mp4');
  // A person whose Instagram is a personal account (no professional account linked anywhere).
  sandbox.setUser('pessoal', {
    sub: '5000000000000000001',
    given_name: 'Paula',
    username: 'paulapessoal',
    pages: [{ id: '50000000001', name: 'Blog da Paula', category: 'Blog' }],
  });
});
afterAll(async () => {
  await sandbox.close();
  await files.close();
});
beforeEach(() => {
  sandbox.reset();
  sandbox.clearPublishedPosts();
  sandbox.clearRequests();
  sandbox.setInstagramProcessingChecks(1);
});

const client = (secret = 'sandbox-instagram-secret') =>
  createInstagramLoginClient({
    clientId: 'sandbox-instagram-client',
    clientSecret: secret,
    redirectUri: REDIRECT,
    sandboxUrl: sandbox.url,
    fetch: createNetworkFetch(sandbox.url),
    now: () => clock,
  });

/** Follows the authorization window (the sandbox approves at once) to the callback's code. */
async function authorize(user = 'ana', scopes?: readonly string[]): Promise<string> {
  const url = client().createAuthorizationURL({ state: 'estado-1', ...(scopes ? { scopes } : {}) });
  url.searchParams.set('sandbox_user', user);
  const answer = await fetch(url, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location')!);
  expect(back.searchParams.get('state')).toBe('estado-1');
  return back.searchParams.get('code')!;
}

async function connectAccount(user = 'ana') {
  const provider = client();
  const tokens = await provider.validateAuthorizationCode(await authorize(user));
  return { tokens, outcome: await INSTAGRAM_CONNECT.complete(provider, tokens, tokens.scopes) };
}

const publisher = () =>
  createPublisher('instagram', {
    fetch: createNetworkFetch(sandbox.url),
    statusPollIntervalMs: 1,
    // The Facebook app's secret: it must never key a graph.instagram.com call.
    appSecret: 'sandbox-facebook-secret',
  });

describe('Instagram Login: connecting', () => {
  it('sends the person to www.instagram.com with the business scopes, comma-separated', () => {
    const url = createInstagramLoginClient({
      clientId: '990602627938098',
      clientSecret: 's',
      redirectUri: REDIRECT,
    }).createAuthorizationURL({ state: 'abc' });
    expect(`${url.origin}${url.pathname}`).toBe('https://www.instagram.com/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: '990602627938098',
      redirect_uri: REDIRECT,
      scope:
        'instagram_business_basic,instagram_business_content_publish,instagram_business_manage_insights,instagram_business_manage_comments',
      response_type: 'code',
      state: 'abc',
    });
    expect(INSTAGRAM_LOGIN_SCOPES.signIn).toBeUndefined();
  });

  it("the sandbox's authorize dialog answers on www.instagram.com and on the older api.instagram.com", async () => {
    const url = client().createAuthorizationURL({ state: 'abc' });
    for (const host of ['www.instagram.com', 'api.instagram.com']) {
      const answer = await fetch(`${sandbox.url}/${host}/oauth/authorize${url.search}`, {
        redirect: 'manual',
      });
      expect(answer.status, host).toBe(302);
      const back = new URL(answer.headers.get('location') ?? '');
      expect(`${back.origin}${back.pathname}${back.search.split('&')[0]}`, host).toBe(REDIRECT);
      expect(back.searchParams.get('state'), host).toBe('abc');
      expect(back.searchParams.get('code'), host).toBeTruthy();
    }
  });

  it('is a second connect flow of the instagram network, beside Facebook Login', () => {
    expect(connectPlatformOf('instagram_login')).toBe('instagram');
    expect(connectPlatformOf('instagram')).toBe('instagram');
    expect(connectLoginOf('instagram', undefined)?.name).toBe('instagram');
    expect(connectLoginOf('instagram', 'instagram_login')?.credentials).toEqual({
      clientId: 'INSTAGRAM_APP_ID',
      clientSecret: 'INSTAGRAM_APP_SECRET',
    });
    expect(connectLoginOf('instagram', 'facebook')).toBeNull();
    expect(connectLoginOf('linkedin', 'instagram_login')).toBeNull();
    // The worker renews Instagram tokens with Instagram Login's client when it is configured (Facebook
    // Login's Page tokens never expire), with Facebook Login's otherwise.
    const clients = (env: Record<string, string>) =>
      createNetworkClients({ env, appUrl: 'http://localhost:3000', timeoutMs: 1000 }).oauth('instagram');
    expect(clients({ SOCIAL_SANDBOX_URL: sandbox.url })?.name).toBe('instagram_login');
    expect(clients({ INSTAGRAM_APP_ID: 'a', INSTAGRAM_APP_SECRET: 'b' })?.name).toBe('instagram_login');
    expect(clients({ INSTAGRAM_CLIENT_ID: 'a', INSTAGRAM_CLIENT_SECRET: 'b' })?.name).toBe('instagram');
    expect(
      configuredConnectLogins({ INSTAGRAM_APP_ID: 'a', INSTAGRAM_APP_SECRET: 'b' }, 'instagram'),
    ).toEqual(['instagram_login']);
    expect(configuredConnectLogins({ SOCIAL_SANDBOX_URL: sandbox.url }, 'instagram')).toEqual([
      'instagram',
      'instagram_login',
    ]);
    expect(configuredConnectLogins({ SOCIAL_SANDBOX_URL: sandbox.url }, 'linkedin')).toEqual([]);
    const descriptor = networkDescriptor('instagram');
    expect(descriptor.loginOf?.(instagramLoginUserId('17841400000100001'))).toBe('instagram_login');
    expect(descriptor.loginOf?.('17841400000100001')).toBe('instagram');
  });

  it('exchanges the code for a 60-day token that is its own renewal, and connects the professional account', async () => {
    const code = await authorize();
    sandbox.clearRequests();
    const tokens = await client().validateAuthorizationCode(code);
    expect(tokens.refreshToken).toBe(tokens.accessToken);
    expect(tokens.accessTokenExpiresAt?.getTime()).toBe(clock + 5_183_944_000);
    expect(tokens.scopes).toEqual([...INSTAGRAM_LOGIN_SCOPES.connect!]);
    const [exchange] = sandbox.requests({ host: 'api.instagram.com' });
    expect(exchange).toMatchObject({ method: 'POST', path: '/oauth/access_token' });
    expect(exchange?.body).toMatchObject({ grant_type: 'authorization_code', code: '[redacted]' });
    const [longLived] = sandbox.requests({ host: 'graph.instagram.com', pathPrefix: '/access_token' });
    expect(longLived?.query).toMatchObject({ grant_type: 'ig_exchange_token' });

    const outcome = await INSTAGRAM_CONNECT.complete(client(), tokens, tokens.scopes);
    expect(outcome.kind).toBe('connected');
    if (outcome.kind !== 'connected') return;
    const ana = sandbox.issueToken({ network: 'facebook', user: 'ana' });
    const igUserId = ana.pages[0]!.instagramAccountId!;
    expect(outcome.account).toMatchObject({
      platformUserId: `iglogin:${igUserId}`,
      platformUsername: 'anasouza.ig',
      pageName: null,
      accessToken: tokens.accessToken,
      refreshToken: tokens.accessToken,
    });
    expect(instagramLoginOf(outcome.account.platformUserId)).toEqual({ igUserId, instagramLogin: true });
    // No Facebook call at all: no Page is involved.
    expect(sandbox.requests({ host: 'graph.facebook.com' })).toHaveLength(0);
  });

  it('refuses a personal account with a reason the person can act on', async () => {
    const error = await connectAccount('pessoal').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectRefusedError);
    expect((error as ConnectRefusedError).reason).toBe('personal_account');
  });

  it('refuses a login whose publishing permission was declined', async () => {
    const provider = client();
    const tokens = await provider.validateAuthorizationCode(
      await authorize('ana', ['instagram_business_basic']),
    );
    expect(tokens.scopes).toEqual(['instagram_business_basic']);
    const error = await INSTAGRAM_CONNECT.complete(provider, tokens, tokens.scopes).catch((e: unknown) => e);
    expect((error as ConnectRefusedError).reason).toBe('login_permissions_declined');
  });

  it('a code used twice is invalid_grant; a wrong secret is invalid_client', async () => {
    const code = await authorize();
    await client().validateAuthorizationCode(code);
    await expect(client().validateAuthorizationCode(code)).rejects.toMatchObject({ kind: 'invalid_grant' });
    await expect(client('errado').validateAuthorizationCode(await authorize())).rejects.toMatchObject({
      kind: 'invalid_client',
    });
  });

  it('renews the token with ig_refresh_token only once it is 24 hours old, and not after it expired', async () => {
    const { tokens } = await connectAccount();
    const early = await client()
      .refreshAccessToken(tokens.refreshToken!)
      .catch((e: unknown) => e);
    expect(early).toBeInstanceOf(OAuthProviderError);
    expect((early as OAuthProviderError).kind).not.toBe('invalid_grant');
    clock += 50 * DAY;
    const renewed: OAuthTokens = await client().refreshAccessToken(tokens.refreshToken!);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    expect(renewed.refreshToken).toBe(renewed.accessToken);
    expect(renewed.accessTokenExpiresAt?.getTime()).toBe(clock + 5_183_944_000);
    const [refresh] = sandbox.requests({ host: 'graph.instagram.com', pathPrefix: '/refresh_access_token' });
    expect(refresh?.query).toMatchObject({ grant_type: 'ig_refresh_token' });
    clock += 61 * DAY;
    const late = await client()
      .refreshAccessToken(renewed.refreshToken!)
      .catch((e: unknown) => e);
    expect((late as OAuthProviderError).kind).toBe('invalid_grant');
  });
});

describe('Instagram Login: publishing through graph.instagram.com', () => {
  async function loginTarget(): Promise<PublishTarget> {
    const { outcome } = await connectAccount();
    if (outcome.kind !== 'connected') throw new Error('not connected');
    sandbox.clearRequests();
    return { platformUserId: outcome.account.platformUserId, accessToken: outcome.account.accessToken };
  }
  const onFacebook = () => sandbox.requests({ host: 'graph.facebook.com' });
  const published = () => sandbox.requests({ host: 'graph.instagram.com', method: 'POST' });

  it('publishes one image with its alt text, once, then reads its metrics, finds it and counts followers', async () => {
    const target = await loginTarget();
    const { igUserId } = instagramLoginOf(target.platformUserId);
    const [image] = testMedia(1, { baseUrl: files.url });
    const media: PublishMedia[] = [{ ...image!, url: IMAGE, altText: 'Xícara de café na mesa' }];
    const result = await publisher().publish({ target, title: 't', text: 'Bom dia! #café', media });
    expect(result.platformPostId).toMatch(/^\d+$/);
    expect(result.url).toMatch(/^https:\/\/www\.instagram\.com\/p\//);
    const calls = published();
    expect(calls.map((call) => call.path)).toEqual([
      `/v21.0/${igUserId}/media`,
      `/v21.0/${igUserId}/media_publish`,
    ]);
    expect(calls[0]?.body).toMatchObject({ image_url: IMAGE, alt_text: 'Xícara de café na mesa' });
    // No appsecret_proof keyed with the Facebook app's secret, and nothing on graph.facebook.com.
    expect(calls.every((call) => !('appsecret_proof' in (call.body as object)))).toBe(true);
    expect(onFacebook()).toHaveLength(0);
    const posts = sandbox.publishedPosts('instagram');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ authorId: igUserId, text: 'Bom dia! #café' });

    const metrics = await publisher().fetchMetrics({ target, platformPostIds: [result.platformPostId] });
    expect(metrics.get(result.platformPostId)).toMatchObject({
      reach: expect.any(Number),
      likes: expect.any(Number),
    });
    const found = await publisher().lookupRecentPost!({
      target,
      text: 'Bom dia! #café',
      since: new Date(clock - 60_000),
      until: new Date(clock + 60_000),
    });
    expect(found).toMatchObject({ kind: 'found', platformPostId: result.platformPostId });
    const followers = await networkDescriptor('instagram').fetchFollowers!(target, {
      fetch: createNetworkFetch(sandbox.url),
    });
    expect(followers).toBeGreaterThan(0);
    expect(onFacebook()).toHaveLength(0);
  });

  it('publishes a carousel and a Reel through the same host', async () => {
    const target = await loginTarget();
    const { igUserId } = instagramLoginOf(target.platformUserId);
    const second = files.put('foto-2.jpg', jpegImage(1080, 1080, 2));
    const media = testMedia(2, { baseUrl: files.url }).map((item, index) => ({
      ...item,
      url: index === 0 ? IMAGE : second,
    }));
    await publisher().publish({ target, title: 't', text: 'Carrossel', media });
    const parent = published().find(
      (call) => (call.body as Record<string, string>).media_type === 'CAROUSEL',
    );
    expect(parent?.path).toBe(`/v21.0/${igUserId}/media`);

    const video = testVideo(VIDEO, VIDEO_URL);
    await publisher().publish({ target, title: 't', text: 'Reel novo', video });
    const reel = published().find((call) => (call.body as Record<string, string>).media_type === 'REELS');
    expect(reel?.body).toMatchObject({ video_url: VIDEO_URL, share_to_feed: 'true' });
    expect(sandbox.publishedPosts('instagram').map((post) => post.text)).toEqual(['Carrossel', 'Reel novo']);
    expect(onFacebook()).toHaveLength(0);
  });

  it('the first comment goes to graph.instagram.com too, and its lookup finds it there', async () => {
    // The lookup's window ends at the wall clock (as in production): the sandbox's clock follows it here.
    clock = Date.now();
    const target = await loginTarget();
    const post = await publisher().publish({ target, title: 't', text: 'Com comentário', imageUrl: IMAGE });
    const since = new Date(clock - 60_000);
    const comment = await publisher().publishFirstComment!({
      target,
      platformPostId: post.platformPostId,
      text: '#cafe #manha',
    });
    expect(
      sandbox.requests({ host: 'graph.instagram.com', pathPrefix: `/v21.0/${post.platformPostId}/comments` }),
    ).toHaveLength(1);
    expect(sandbox.comments('instagram')).toEqual([
      expect.objectContaining({ id: comment.id, parentId: post.platformPostId, text: '#cafe #manha' }),
    ]);
    expect(
      await publisher().lookupFirstComment!({
        target,
        platformPostId: post.platformPostId,
        text: '#cafe #manha',
        since,
      }),
    ).toMatchObject({ kind: 'found', platformPostId: comment.id });
    expect(onFacebook()).toHaveLength(0);
  });

  it('without instagram_business_manage_comments the comment is refused (permission), the post stays', async () => {
    const provider = client();
    const tokens = await provider.validateAuthorizationCode(
      await authorize('ana', ['instagram_business_basic', 'instagram_business_content_publish']),
    );
    const outcome = await INSTAGRAM_CONNECT.complete(provider, tokens, tokens.scopes);
    if (outcome.kind !== 'connected') throw new Error('not connected');
    const target = {
      platformUserId: outcome.account.platformUserId,
      accessToken: outcome.account.accessToken,
    };
    const post = await publisher().publish({ target, title: 't', text: 'Sem comentário', imageUrl: IMAGE });
    const error = await publisher().publishFirstComment!({
      target,
      platformPostId: post.platformPostId,
      text: 'oi',
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'permanent' });
    expect(sandbox.comments('instagram')).toHaveLength(0);
    expect(sandbox.publishedPosts('instagram')).toHaveLength(1);
  });

  it('a token of another account reaches nothing: Graph error 100, nothing published', async () => {
    const target = await loginTarget();
    const bruno = await connectAccount('bruno');
    if (bruno.outcome.kind !== 'connected') throw new Error('not connected');
    const error = await publisher()
      .publish({
        target: { platformUserId: target.platformUserId, accessToken: bruno.outcome.account.accessToken },
        title: 't',
        text: 'Não é minha conta',
        media: [{ ...testMedia(1)[0]!, url: IMAGE }],
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'permanent' });
    expect(sandbox.publishedPosts('instagram')).toHaveLength(0);
  });

  it('an account connected with Facebook Login still publishes through graph.facebook.com', async () => {
    const user = sandbox.issueToken({ network: 'facebook' });
    const target = { platformUserId: user.pages[0]!.instagramAccountId!, accessToken: user.accessToken };
    await publisher().publish({ target, title: 't', text: 'Pela Página', imageUrl: IMAGE });
    expect(sandbox.requests({ host: 'graph.instagram.com' })).toHaveLength(0);
    const create = onFacebook().find((call) => call.method === 'POST');
    expect(create?.body).toHaveProperty('appsecret_proof');
  });
});
