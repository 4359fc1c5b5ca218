// Contas Conectadas end to end against the in-process sandbox: connecting LinkedIn, X (PKCE),
// Facebook (Page choice) and Instagram (Facebook Login for Instagram, account choice), sealed
// tokens (O7), no token in any output (O6), the attempt bound to its user (O3), connect scopes
// (O8), soft disconnect and scoping (Z2).

import { PLATFORMS } from '@pauta/core';
import type { DbHandle } from '@pauta/db';
import { findNetworkInstance, parseKeyring, tokenAad, unseal } from '@pauta/db';
import {
  createNetworkFetch,
  createPublisher,
  installSandboxFetch,
  networkCredentials,
  uninstallSandboxFetch,
} from '@pauta/networks';
import { NETWORK_PROFILES } from '@pauta/networks/browser';
import {
  type ImageServer,
  jpegImage,
  type SandboxHandle,
  serveImages,
  sha256,
  startSandbox,
} from '@pauta/networks/sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeUser, testDb } from '../../../test/harness.js';
import { TestClient } from '../../../test/http-client.js';
import { listen, TEST_KEYS, testDeps } from '../../../test/server-harness.js';
import { createSession } from '../auth/session.js';

let handle: DbHandle;
let sandbox: SandboxHandle;
let app: { url: string; close(): Promise<void> };
let bare: { url: string; close(): Promise<void> };
const keyring = parseKeyring(TEST_KEYS);

beforeAll(async () => {
  handle = await testDb();
  sandbox = await startSandbox({ allowedRedirectOrigins: ['http://pauta.test'], tokenPrefix: 'SENTINEL' });
  installSandboxFetch(sandbox.url);
  app = await listen(testDeps(handle, {}, { SOCIAL_SANDBOX_URL: sandbox.url }));
  // No sandbox and no credentials: every network is "not configured".
  bare = await listen(testDeps(handle, { sandbox: false }));
});
afterAll(async () => {
  await app?.close();
  await bare?.close();
  await sandbox?.close();
  uninstallSandboxFetch();
  await handle?.close();
});
beforeEach(() => sandbox.clearRequests());

interface Card {
  platform: string;
  status: string;
  account: null | {
    id: string;
    username: string | null;
    name: string | null;
    followers: number | null;
    pageName: string | null;
    connectedAt: string;
  };
}

/** A signed-in browser: a fresh user with a session cookie. */
async function signedInClient(label: string, baseUrl = app.url) {
  const user = await makeUser(handle, label);
  const session = await createSession(handle.db, user.id, { persistent: true });
  const client = new TestClient(baseUrl);
  client.jar.set('pauta_session', session.token);
  return { user, client };
}

/** Start → sandbox consent → our callback URL; `tweak` may edit the authorization URL. */
async function authorize(client: TestClient, platform: string, tweak?: (url: URL) => void, query = '') {
  const start = await client.request(`/auth/oauth/${platform}/start?purpose=connect${query}`);
  expect(start.status).toBe(303);
  const location = new URL(start.headers.get('location')!);
  tweak?.(location);
  const consent = await fetch(location, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location')!);
  expect(back.origin + back.pathname).toBe('http://pauta.test/auth/callback');
  expect(back.searchParams.get('connection')).toBe('true');
  return { location, code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

async function connect(client: TestClient, platform: string, tweak?: (url: URL) => void, query = '') {
  const { location, code, state } = await authorize(client, platform, tweak, query);
  const done = await client.mutate<{ redirectTo: string }>('auth.completeOAuth', { code, state });
  return { location, done };
}

async function accountRow(userId: string, platform: string) {
  return handle.db
    .selectFrom('connected_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('platform', '=', platform as 'x')
    .executeTakeFirst();
}

const open = (id: string, column: 'access_token' | 'refresh_token', sealed: string) =>
  unseal(keyring, sealed, tokenAad('connected_accounts', id, column));

describe('connecting accounts', () => {
  it('connects LinkedIn with the connect scopes, tokens sealed and never in the output', async () => {
    const { user, client } = await signedInClient('li');
    const { location, done } = await connect(client, 'linkedin', (url) =>
      url.searchParams.set('sandbox_user', 'ana'),
    );
    // O8: the scope parameter of the authorization URL.
    expect(location.searchParams.get('scope')).toBe('openid profile email w_member_social');
    expect(done.data).toEqual({ redirectTo: '/connected-accounts?connection=true' });

    const row = await accountRow(user.id, 'linkedin');
    expect(row).toMatchObject({
      platform_user_id: '1000000000000000001',
      platform_username: 'Ana Souza',
      is_active: true,
    });
    expect(row?.account_data).toMatchObject({
      email: 'ana.souza@example.com',
      provider: 'linkedin_oidc',
      name: 'Ana Souza',
      scopes: expect.arrayContaining(['w_member_social']),
    });
    // O7: sealed at rest, opens with the keyring and the row's AAD.
    expect(row?.access_token).not.toContain('SENTINEL');
    expect(row?.refresh_token).not.toContain('SENTINEL');
    expect(open(row!.id, 'access_token', row!.access_token)).toMatch(/^SENTINEL_linkedin_/);
    const text = await handle.db
      .selectFrom('connected_accounts')
      .select('access_token')
      .where('id', '=', row!.id)
      .executeTakeFirstOrThrow();
    expect(text.access_token).not.toContain('SENTINEL');

    const list = await client.query<Card[]>('accounts.list');
    expect(JSON.stringify(list.data)).not.toContain('SENTINEL'); // O6
    expect(list.data?.map((card) => [card.platform, card.status])).toEqual([
      ['linkedin', 'connected'],
      ['facebook', 'not_connected'],
      ['x', 'not_connected'],
      ['instagram', 'not_connected'],
      ['threads', 'not_connected'],
      ['linkedin_page', 'not_connected'],
      ['mastodon', 'not_connected'],
      // Bluesky needs no app of Pauta's (each account's app password): always connectable.
      ['bluesky', 'not_connected'],
      ['pinterest', 'not_connected'],
      ['google_business', 'not_connected'],
      // On the Google client too (GOOGLE_CLIENT_ID/SECRET).
      ['youtube', 'not_connected'],
      ['tiktok', 'not_connected'],
    ]);
    const linkedin = list.data?.[0];
    expect(linkedin?.account).toMatchObject({ id: row!.id, username: 'Ana Souza', name: 'Ana Souza' });
    expect(Object.keys(linkedin?.account ?? {}).sort()).toEqual(
      [
        'alsoConnectedIn',
        'avatarUrl',
        'connectedAt',
        'followers',
        'health',
        'id',
        // The connect flow it used where the network has several (Instagram); null here.
        'login',
        'name',
        'pageName',
        'textLimit',
        'username',
      ].sort(),
    );
  });

  it('connects X with PKCE, tweet.write and offline.access, username and followers', async () => {
    const { user, client } = await signedInClient('x');
    const { location, done } = await connect(client, 'x', (url) =>
      url.searchParams.set('sandbox_user', 'bruno'),
    );
    expect(location.searchParams.get('scope')).toBe(
      'tweet.read tweet.write users.read media.write offline.access',
    );
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(done.data).toEqual({ redirectTo: '/connected-accounts?connection=true' });
    const [exchange] = sandbox.requests({ host: 'api.twitter.com' }).filter((r) => /token/.test(r.path));
    expect(exchange?.body).toMatchObject({ code_verifier: '[redacted]' });

    const row = await accountRow(user.id, 'x');
    expect(row).toMatchObject({ platform_user_id: '1000000000000000002', platform_username: 'brunolima' });
    expect(row?.account_data).toMatchObject({ followers: 128, provider: 'twitter', name: 'Bruno Lima' });
    expect(open(row!.id, 'refresh_token', row!.refresh_token!)).toMatch(/^SENTINEL_x_/);

    const list = await client.query<Card[]>('accounts.list');
    expect(JSON.stringify(list.data)).not.toContain('SENTINEL');
    expect(list.data?.find((card) => card.platform === 'x')?.account).toMatchObject({
      username: 'brunolima',
      followers: 128,
    });
  });

  it('connects TikTok with client_key and PKCE, its four scopes, the open_id and followers', async () => {
    const { user, client } = await signedInClient('tt');
    const { location, done } = await connect(client, 'tiktok', (url) =>
      url.searchParams.set('sandbox_user', 'bruno'),
    );
    expect(location.pathname).toMatch(/\/www\.tiktok\.com\/v2\/auth\/authorize\/$/);
    expect(location.searchParams.get('client_key')).toBe('sandbox-tiktok-client');
    expect(location.searchParams.get('client_id')).toBeNull();
    expect(location.searchParams.get('scope')).toBe(
      'user.info.basic,user.info.stats,video.publish,video.list',
    );
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(done.data).toEqual({ redirectTo: '/connected-accounts?connection=true' });
    const [exchange] = sandbox.requests({ host: 'open.tiktokapis.com', pathPrefix: '/v2/oauth/token/' });
    expect(exchange?.body).toMatchObject({
      code_verifier: '[redacted]',
      client_key: 'sandbox-tiktok-client',
    });

    const row = await accountRow(user.id, 'tiktok');
    expect(row?.platform_user_id).toMatch(/^-000/);
    expect(row?.platform_username).toBe('Bruno Lima');
    expect(open(row!.id, 'refresh_token', row!.refresh_token!)).toMatch(/^SENTINEL_tiktok_/);
    const card = (await client.query<Card[]>('accounts.list')).data?.find((c) => c.platform === 'tiktok');
    expect(card?.account).toMatchObject({ name: 'Bruno Lima', followers: 1002 });

    // Without video.publish the account could never post: refused with its pt-BR reason.
    const other = await signedInClient('tt-narrow');
    const narrow = await connect(other.client, 'tiktok', (url) =>
      url.searchParams.set('scope', 'user.info.basic,user.info.stats,video.list'),
    );
    expect(narrow.done.error?.message).toBe('OAUTH_FAILED');
    expect(narrow.done.error?.details).toEqual({
      platform: 'tiktok',
      reason: 'tiktok_publish_scope_missing',
    });
    expect(await accountRow(other.user.id, 'tiktok')).toBeUndefined();
  });

  it('reconnecting updates the row and keeps the stored refresh token when none is issued', async () => {
    const { user, client } = await signedInClient('reconnect');
    await connect(client, 'x', (url) => url.searchParams.set('sandbox_user', 'ana'));
    const first = (await accountRow(user.id, 'x'))!;
    const firstRefresh = open(first.id, 'refresh_token', first.refresh_token!);
    const firstAccess = open(first.id, 'access_token', first.access_token);

    // Without offline.access X issues no refresh token: the stored one must survive.
    const { done } = await connect(client, 'x', (url) => {
      url.searchParams.set('sandbox_user', 'ana');
      url.searchParams.set('scope', 'tweet.read tweet.write users.read');
    });
    expect(done.data?.redirectTo).toBe('/connected-accounts?connection=true');
    const second = (await accountRow(user.id, 'x'))!;
    expect(second.id).toBe(first.id);
    expect(second.platform_user_id).toBe(first.platform_user_id);
    expect(open(second.id, 'access_token', second.access_token)).not.toBe(firstAccess);
    expect(open(second.id, 'refresh_token', second.refresh_token!)).toBe(firstRefresh);
    const rows = await handle.db
      .selectFrom('connected_accounts')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('connects Facebook: two Pages → a pending choice → the picked Page', async () => {
    const { user, client } = await signedInClient('fb');
    sandbox.setUser('fb-two-pages', {
      sub: '2000000000000000001',
      email: 'dona@example.com',
      given_name: 'Dona',
      family_name: 'Loja',
      pages: [
        { id: '30000000001', name: 'Loja da Dona', category: 'Varejo' },
        { id: '30000000002', name: 'Dona Receitas', category: 'Blog' },
      ],
    });
    const { location, done } = await connect(client, 'facebook', (url) =>
      url.searchParams.set('sandbox_user', 'fb-two-pages'),
    );
    expect(location.searchParams.get('scope')?.split(/[ ,]/)).toEqual([
      'public_profile',
      'email',
      'pages_show_list',
      'pages_manage_posts',
      'pages_read_engagement',
      'pages_manage_engagement',
      'read_insights',
      'business_management',
    ]);
    const redirectTo = done.data!.redirectTo;
    const pendingId = /^\/connected-accounts\?connection=true&pickPage=([0-9a-f-]{36})$/.exec(
      redirectTo,
    )?.[1];
    expect(pendingId).toBeTruthy();
    // The long-lived exchange happened and nothing is stored as an account yet.
    expect(
      sandbox
        .requests({ host: 'graph.facebook.com' })
        .some((r) => (r.body as Record<string, unknown> | null)?.grant_type === 'fb_exchange_token'),
    ).toBe(true);
    expect(await accountRow(user.id, 'facebook')).toBeUndefined();
    const pending = await handle.db
      .selectFrom('pending_connections')
      .selectAll()
      .where('id', '=', pendingId!)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(pending)).not.toContain('SENTINEL');
    expect(
      unseal(
        keyring,
        pending.sealed_user_token,
        tokenAad('pending_connections', pending.id, 'sealed_user_token'),
      ),
    ).toMatch(/^SENTINEL_facebook_/);

    const pages = await client.query<{ pages: { id: string; name: string }[] }>('accounts.pendingPages', {
      pendingId,
    });
    expect(pages.data).toEqual({
      pages: [
        { id: '30000000001', name: 'Loja da Dona' },
        { id: '30000000002', name: 'Dona Receitas' },
      ],
    });

    // Another user cannot see or use this pending choice.
    const { client: other } = await signedInClient('fb-other');
    expect((await other.query('accounts.pendingPages', { pendingId })).error?.code).toBe('NOT_FOUND');
    const stolen = await other.mutate('accounts.selectFacebookPage', { pendingId, pageId: '30000000002' });
    expect(stolen.error?.code).toBe('NOT_FOUND');

    const unknownPage = await client.mutate('accounts.selectFacebookPage', {
      pendingId,
      pageId: '39999999999',
    });
    expect(unknownPage.error?.code).toBe('NOT_FOUND');

    const picked = await client.mutate('accounts.selectFacebookPage', { pendingId, pageId: '30000000002' });
    expect(picked.data).toEqual({ platform: 'facebook', pageName: 'Dona Receitas', alreadyConnected: false });
    expect(JSON.stringify(picked.data)).not.toContain('SENTINEL');

    const row = await accountRow(user.id, 'facebook');
    expect(row).toMatchObject({ platform_user_id: '30000000002', platform_username: 'Dona Receitas' });
    expect(row?.account_data).toMatchObject({ page_name: 'Dona Receitas', email: 'dona@example.com' });
    expect(row?.access_token).not.toContain('SENTINEL');
    expect(open(row!.id, 'access_token', row!.access_token)).toMatch(/^SENTINEL_facebook_/);
    expect(
      await handle.db.selectFrom('pending_connections').select('id').where('id', '=', pendingId!).execute(),
    ).toEqual([]);

    const list = await client.query<Card[]>('accounts.list');
    expect(JSON.stringify(list.data)).not.toContain('SENTINEL');
    expect(list.data?.find((card) => card.platform === 'facebook')).toMatchObject({
      status: 'connected',
      account: { pageName: 'Dona Receitas', username: 'Dona Receitas' },
    });
  });

  it('connects a single Facebook Page directly', async () => {
    const { user, client } = await signedInClient('fb-one');
    sandbox.setUser('fb-one-page', {
      sub: '2000000000000000002',
      pages: [{ id: '30000000009', name: 'Única Página', category: 'Blog' }],
    });
    const { done } = await connect(client, 'facebook', (url) =>
      url.searchParams.set('sandbox_user', 'fb-one-page'),
    );
    expect(done.data).toEqual({ redirectTo: '/connected-accounts?connection=true' });
    expect(await accountRow(user.id, 'facebook')).toMatchObject({ platform_user_id: '30000000009' });
  });

  it("rejects a callback carrying user B's session for user A's attempt, writing nothing (O3)", async () => {
    const { user: a, client: clientA } = await signedInClient('victim');
    const { user: b, client: clientB } = await signedInClient('attacker');
    const { code, state } = await authorize(clientA, 'linkedin');
    // B's browser replays A's attempt cookie with B's own session.
    clientB.jar.set('pauta_oauth', clientA.jar.get('pauta_oauth')!);
    sandbox.clearRequests();
    const res = await clientB.mutate('auth.completeOAuth', { code, state });
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe('OAUTH_FAILED');
    expect(sandbox.requests({ host: 'www.linkedin.com' }).filter((r) => /accessToken/.test(r.path))).toEqual(
      [],
    );
    expect(await accountRow(a.id, 'linkedin')).toBeUndefined();
    expect(await accountRow(b.id, 'linkedin')).toBeUndefined();
  });

  it('rejects a connect callback without a session', async () => {
    const { client } = await signedInClient('logged-out');
    const { code, state } = await authorize(client, 'x');
    client.jar.delete('pauta_session');
    const res = await client.mutate('auth.completeOAuth', { code, state });
    expect(res.error?.message).toBe('OAUTH_FAILED');
  });

  it('reports a refused authorization as OAUTH_FAILED with the platform and reason', async () => {
    const { user, client } = await signedInClient('bad-code');
    const { state } = await authorize(client, 'linkedin');
    const res = await client.mutate('auth.completeOAuth', { code: 'not-a-code', state });
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe('OAUTH_FAILED');
    expect(res.error?.details).toEqual({ platform: 'linkedin', reason: 'invalid_grant' });
    expect(await accountRow(user.id, 'linkedin')).toBeUndefined();
  });
});

describe('connecting Instagram (Facebook Login for Instagram)', () => {
  let images: ImageServer;
  beforeAll(async () => {
    images = await serveImages();
  });
  afterAll(async () => {
    await images?.close();
  });

  const INSTAGRAM_SCOPES = [
    'instagram_basic',
    'instagram_content_publish',
    'instagram_manage_insights',
    'instagram_manage_comments',
    'pages_show_list',
    'pages_read_engagement',
  ];

  it('connects the one professional account linked to a Page, and its stored token publishes', async () => {
    const { user, client } = await signedInClient('ig-one');
    sandbox.setUser('ig-one', {
      sub: '2000000000000000101',
      email: 'carla@example.com',
      given_name: 'Carla',
      family_name: 'Dias',
      username: 'carladias',
      pages: [
        {
          id: '30000000101',
          name: 'Ateliê da Carla',
          category: 'Artesanato',
          instagramAccountId: '17841400000000101',
        },
        // A Page without an Instagram account is simply not offered.
        { id: '30000000102', name: 'Carla Pessoal', category: 'Blog' },
      ],
    });
    const { location, done } = await connect(client, 'instagram', (url) =>
      url.searchParams.set('sandbox_user', 'ig-one'),
    );
    // Facebook's Login dialog, with the Instagram scopes (O8) and the connect callback.
    expect(location.pathname).toMatch(/\/www\.facebook\.com\/v[\d.]+\/dialog\/oauth$/);
    expect(location.searchParams.get('scope')?.split(/[ ,]/)).toEqual(INSTAGRAM_SCOPES);
    expect(location.searchParams.get('redirect_uri')).toBe('http://pauta.test/auth/callback?connection=true');
    expect(done.error).toBeUndefined();
    expect(done.data).toEqual({ redirectTo: '/connected-accounts?connection=true' });
    // The Pages were read with their linked Instagram account.
    const accounts = sandbox
      .requests({ host: 'graph.facebook.com' })
      .find((r) => /\/me\/accounts/.test(r.path));
    expect(accounts?.query.fields).toBe(
      'id,name,access_token,category,instagram_business_account{id,username,profile_picture_url}',
    );

    const row = await accountRow(user.id, 'instagram');
    expect(row).toMatchObject({
      platform_user_id: '17841400000000101',
      platform_username: 'carladias.ig',
      is_active: true,
      refresh_token: null,
      access_token_expires_at: null,
    });
    expect(row?.account_data).toMatchObject({
      provider: 'instagram',
      page_name: 'Ateliê da Carla',
      name: 'Carla Dias',
      scopes: INSTAGRAM_SCOPES,
    });
    // O7: the Page token, sealed.
    expect(row?.access_token).not.toContain('SENTINEL');
    const pageToken = open(row!.id, 'access_token', row!.access_token);
    expect(pageToken).toMatch(/^SENTINEL_facebook_/);

    const list = await client.query<Card[]>('accounts.list');
    expect(JSON.stringify(list.data)).not.toContain('SENTINEL'); // O6
    expect(list.data?.find((card) => card.platform === 'instagram')).toMatchObject({
      status: 'connected',
      account: { username: 'carladias.ig', pageName: 'Ateliê da Carla', name: 'Carla Dias' },
    });

    // What the worker does with the row: the sandbox-mode publisher (appsecret_proof keyed with
    // the sandbox Facebook app's secret) publishes an image to this very IG account.
    const credentials = networkCredentials({ SOCIAL_SANDBOX_URL: sandbox.url }, 'instagram')!;
    const adapter = createPublisher('instagram', {
      fetch: createNetworkFetch(sandbox.url),
      appSecret: credentials.clientSecret,
      statusPollIntervalMs: 5,
    });
    const bytes = jpegImage(1080, 1080, 7, 2048);
    const result = await adapter.publish({
      target: { platformUserId: row!.platform_user_id, accessToken: pageToken },
      title: 't',
      text: 'Primeiro post pelo Pauta',
      media: [
        {
          mimeType: 'image/jpeg',
          altText: 'Peças do ateliê',
          width: 1080,
          height: 1080,
          bytes,
          url: images.put(`ig-connect-${Date.now()}.jpg`, bytes),
        },
      ],
    });
    const published = sandbox.publishedPosts('instagram').find((p) => p.id === result.platformPostId);
    expect(published).toMatchObject({ authorId: '17841400000000101', text: 'Primeiro post pelo Pauta' });
    expect(published?.media.map((m) => m.sha256)).toEqual([sha256(bytes)]);
    // The connect scopes include instagram_manage_insights: the post's metrics read back.
    sandbox.setPostMetrics({ platformPostId: result.platformPostId, likes: 42, comments: 5 });
    const metrics = await adapter.fetchMetrics({
      target: { platformUserId: row!.platform_user_id, accessToken: pageToken },
      platformPostIds: [result.platformPostId],
    });
    expect(metrics.get(result.platformPostId)).toMatchObject({ likes: 42, comments: 5 });
    const igCalls = sandbox
      .requests({ host: 'graph.facebook.com' })
      .filter((r) => r.path.includes('17841400000000101/media'));
    expect(igCalls.length).toBeGreaterThan(0);
    for (const call of igCalls)
      expect({ ...call.query, ...(call.body as object) }).toHaveProperty('appsecret_proof');
  });

  it('several linked accounts: a pending choice listing @username and Page, then the picked one', async () => {
    const { user, client } = await signedInClient('ig-two');
    sandbox.setUser('ig-two', {
      sub: '2000000000000000102',
      given_name: 'Davi',
      family_name: 'Rocha',
      pages: [
        {
          id: '30000000111',
          name: 'Padaria do Davi',
          category: 'Padaria',
          instagramAccountId: '17841400000000111',
          instagramUsername: 'padariadodavi',
        },
        { id: '30000000112', name: 'Davi Pessoal', category: 'Blog' },
        {
          id: '30000000113',
          name: 'Davi Receitas',
          category: 'Blog',
          instagramAccountId: '17841400000000113',
          instagramUsername: 'davireceitas',
        },
      ],
    });
    const { done } = await connect(client, 'instagram', (url) =>
      url.searchParams.set('sandbox_user', 'ig-two'),
    );
    const pendingId = /^\/connected-accounts\?connection=true&pickInstagram=([0-9a-f-]{36})$/.exec(
      done.data!.redirectTo,
    )?.[1];
    expect(pendingId).toBeTruthy();
    expect(await accountRow(user.id, 'instagram')).toBeUndefined();
    const pending = await handle.db
      .selectFrom('pending_connections')
      .selectAll()
      .where('id', '=', pendingId!)
      .executeTakeFirstOrThrow();
    expect(pending.platform).toBe('instagram');
    expect(JSON.stringify(pending)).not.toContain('SENTINEL');

    const pages = await client.query('accounts.pendingPages', { pendingId });
    expect(pages.data).toEqual({
      pages: [
        { id: '17841400000000111', name: 'padariadodavi', pageName: 'Padaria do Davi' },
        { id: '17841400000000113', name: 'davireceitas', pageName: 'Davi Receitas' },
      ],
    });
    // Not through the shared picker (accounts.selectPendingChoice): Instagram has its own.
    const shared = await client.mutate('accounts.selectPendingChoice', {
      pendingId,
      choiceId: '17841400000000113',
    });
    expect(shared.error?.code).toBe('NOT_FOUND');

    // Not another user's, not through the Facebook Page procedure, not an account not offered.
    const { client: other } = await signedInClient('ig-other');
    const stolen = await other.mutate('accounts.selectInstagramAccount', {
      pendingId,
      accountId: '17841400000000113',
    });
    expect(stolen.error?.code).toBe('NOT_FOUND');
    const asPage = await client.mutate('accounts.selectFacebookPage', { pendingId, pageId: '30000000113' });
    expect(asPage.error?.code).toBe('NOT_FOUND');
    const unknown = await client.mutate('accounts.selectInstagramAccount', {
      pendingId,
      accountId: '17841400000000112',
    });
    expect(unknown.error?.code).toBe('NOT_FOUND');
    expect(await accountRow(user.id, 'instagram')).toBeUndefined();

    const picked = await client.mutate('accounts.selectInstagramAccount', {
      pendingId,
      accountId: '17841400000000113',
    });
    expect(picked.error).toBeUndefined();
    expect(picked.data).toEqual({ platform: 'instagram', username: 'davireceitas', alreadyConnected: false });
    const row = await accountRow(user.id, 'instagram');
    expect(row).toMatchObject({ platform_user_id: '17841400000000113', platform_username: 'davireceitas' });
    expect(row?.account_data).toMatchObject({ page_name: 'Davi Receitas' });
    // The token of the chosen account's Page, fetched again at selection.
    const token = open(row!.id, 'access_token', row!.access_token);
    const me = await fetch(`${sandbox.url}/graph.facebook.com/v21.0/me?access_token=${token}`);
    expect(await me.json()).toEqual({ id: '30000000113', name: 'Davi Receitas' });
    expect(
      await handle.db.selectFrom('pending_connections').select('id').where('id', '=', pendingId!).execute(),
    ).toEqual([]);
    // The choice is spent: a repeat finds nothing and changes nothing.
    const again = await client.mutate('accounts.selectInstagramAccount', {
      pendingId,
      accountId: '17841400000000111',
    });
    expect(again.error?.code).toBe('NOT_FOUND');
    expect((await accountRow(user.id, 'instagram'))?.platform_user_id).toBe('17841400000000113');
  });

  it('Pages without an Instagram account: a pt-BR reason, nothing stored', async () => {
    const { user, client } = await signedInClient('ig-none');
    sandbox.setUser('ig-none', {
      sub: '2000000000000000103',
      pages: [{ id: '30000000121', name: 'Só Facebook', category: 'Blog' }],
    });
    const { done } = await connect(client, 'instagram', (url) =>
      url.searchParams.set('sandbox_user', 'ig-none'),
    );
    expect(done.status).toBe(400);
    expect(done.error?.message).toBe('OAUTH_FAILED');
    expect(done.error?.details).toEqual({ platform: 'instagram', reason: 'no_instagram_account' });
    expect(await accountRow(user.id, 'instagram')).toBeUndefined();
    expect(
      await handle.db.selectFrom('pending_connections').select('id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
  });

  it('publishing permissions unticked in the Login dialog: a pt-BR reason, nothing stored', async () => {
    const { user, client } = await signedInClient('ig-declined');
    const { done } = await connect(client, 'instagram', (url) =>
      url.searchParams.set(
        'scope',
        INSTAGRAM_SCOPES.filter((scope) => scope !== 'instagram_content_publish').join(','),
      ),
    );
    expect(done.error?.message).toBe('OAUTH_FAILED');
    expect(done.error?.details).toEqual({ platform: 'instagram', reason: 'permissions_declined' });
    expect(
      sandbox.requests({ host: 'graph.facebook.com' }).some((r) => r.path.endsWith('/me/permissions')),
    ).toBe(true);
    expect(await accountRow(user.id, 'instagram')).toBeUndefined();
  });

  it('a sign-in attempt can never run through the Instagram client', async () => {
    const { client } = await signedInClient('ig-signin');
    const res = await client.request('/auth/oauth/instagram/start');
    expect(res.headers.get('location')).toBe('/auth/callback?error=OAUTH_FAILED&provider=instagram');
  });
});

describe('connecting Instagram with Instagram Login (docs/instagram-login.md)', () => {
  const LOGIN = '&login=instagram_login';

  it('starts at www.instagram.com with the Instagram app, stores the account with its login, lists both logins', async () => {
    const { user, client } = await signedInClient('ig-login');
    sandbox.setUser('ig-login', {
      sub: '2000000000000000301',
      username: 'estudiolu',
      pages: [
        {
          id: '30000000301',
          name: 'Estúdio Lu',
          category: 'Fotógrafo',
          instagramAccountId: '17841400000000301',
          instagramUsername: 'estudiolu',
        },
      ],
    });
    const { location, done } = await connect(
      client,
      'instagram',
      (url) => url.searchParams.set('sandbox_user', 'ig-login'),
      LOGIN,
    );
    expect(location.pathname).toBe('/www.instagram.com/oauth/authorize');
    expect(location.searchParams.get('client_id')).toBe('sandbox-instagram-client');
    expect(location.searchParams.get('scope')).toBe(
      'instagram_business_basic,instagram_business_content_publish,instagram_business_manage_insights,instagram_business_manage_comments',
    );
    expect(done.status, JSON.stringify(done.error)).toBe(200);
    const row = await accountRow(user.id, 'instagram');
    expect(row?.platform_user_id).toBe('iglogin:17841400000000301');
    expect(row?.platform_username).toBe('estudiolu');
    expect(row?.refresh_token).toBeTruthy();
    expect(row!.access_token_expires_at!.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    const list =
      await client.query<(Card & { logins: string[]; account: { login: string | null } | null })[]>(
        'accounts.list',
      );
    const card = list.data?.find((entry) => entry.platform === 'instagram');
    expect(card?.logins).toEqual(['instagram', 'instagram_login']);
    expect(card?.account?.login).toBe('instagram_login');
    // One flow for every other network.
    expect(list.data?.find((entry) => entry.platform === 'linkedin')?.logins).toEqual([]);
  });

  it('a personal Instagram account: a pt-BR reason, nothing stored', async () => {
    const { user, client } = await signedInClient('ig-personal');
    sandbox.setUser('ig-personal', {
      sub: '2000000000000000302',
      pages: [{ id: '30000000302', name: 'Blog', category: 'Blog' }],
    });
    const { done } = await connect(
      client,
      'instagram',
      (url) => url.searchParams.set('sandbox_user', 'ig-personal'),
      LOGIN,
    );
    expect(done.status).toBe(400);
    expect(done.error?.details).toEqual({ platform: 'instagram', reason: 'personal_account' });
    expect(await accountRow(user.id, 'instagram')).toBeUndefined();
  });

  it('a login that is none of the network’s: OAUTH_FAILED before any redirect to a network', async () => {
    const { client } = await signedInClient('ig-unknown-login');
    for (const login of ['facebook', 'threads', 'nada']) {
      const start = await client.request(`/auth/oauth/instagram/start?purpose=connect&login=${login}`);
      expect(start.status).toBe(303);
      expect(start.headers.get('location')).toBe(
        '/connected-accounts?connection=true&error=OAUTH_FAILED&platform=instagram',
      );
    }
  });
});

describe('starting a connection', () => {
  it('sends a visitor without a session to /auth', async () => {
    const res = await new TestClient(app.url).request('/auth/oauth/linkedin/start?purpose=connect');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/auth');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('pauta_oauth='))).toBe(false);
  });

  it('binds the attempt to the user, for 10 minutes', async () => {
    const { user, client } = await signedInClient('bind');
    const res = await client.request('/auth/oauth/x/start?purpose=connect');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('pauta_oauth='))!;
    expect(cookie).toMatch(/Max-Age=600/);
    expect(cookie).toMatch(/HttpOnly/);
    const value = cookie.split(';')[0]!.slice('pauta_oauth='.length);
    // Signed, not sealed (oauth-state.ts): `<keyId>.<payload>.<mac>`, the payload readable.
    const attempt = JSON.parse(Buffer.from(value.split('.')[1]!, 'base64url').toString('utf8'));
    expect(attempt).toMatchObject({ provider: 'x', purpose: 'connect', userId: user.id });
    expect(new URL(res.headers.get('location')!).searchParams.get('redirect_uri')).toBe(
      'http://pauta.test/auth/callback?connection=true',
    );
  });

  it('refuses Instagram without credentials nor sandbox, and unknown networks', async () => {
    const { client: bareClient } = await signedInClient('insta', bare.url);
    const instagram = await bareClient.request('/auth/oauth/instagram/start?purpose=connect');
    expect(instagram.headers.get('location')).toBe(
      '/connected-accounts?connection=true&error=PLATFORM_NOT_CONFIGURED&platform=instagram',
    );
    expect(instagram.headers.getSetCookie().some((c) => c.startsWith('pauta_oauth='))).toBe(false);
    const { client } = await signedInClient('insta-google');
    const google = await client.request('/auth/oauth/google/start?purpose=connect');
    expect(google.headers.get('location')).toBe(
      '/connected-accounts?connection=true&error=OAUTH_FAILED&platform=google',
    );
  });

  it('redirects with PLATFORM_NOT_CONFIGURED when there are no credentials', async () => {
    const { client } = await signedInClient('bare', bare.url);
    for (const platform of [
      'linkedin',
      'facebook',
      'x',
      'instagram',
      'threads',
      'linkedin_page',
      'pinterest',
      'google_business',
      'youtube',
      'tiktok',
    ]) {
      const res = await client.request(`/auth/oauth/${platform}/start?purpose=connect`);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(
        `/connected-accounts?connection=true&error=PLATFORM_NOT_CONFIGURED&platform=${platform}`,
      );
    }
    const list = await client.query<Card[]>('accounts.list');
    // Mastodon needs no installation-wide credentials: each instance issues Pauta's when connecting.
    expect(list.data?.map((card) => card.status)).toEqual([
      'not_configured',
      'not_configured',
      'not_configured',
      'not_configured',
      'not_configured',
      'not_configured',
      'not_connected',
      // Bluesky logs in with each account's app password: nothing to configure.
      'not_connected',
      // Pinterest needs its app (PINTEREST_CLIENT_*).
      'not_configured',
      // Google Business Profile runs on the Google sign-in app's client (GOOGLE_CLIENT_ID/SECRET).
      'not_configured',
      // So does YouTube.
      'not_configured',
      // TikTok needs its app (TIKTOK_CLIENT_KEY/SECRET).
      'not_configured',
    ]);
  });
});

describe('connecting Mastodon (any instance, typed before the login)', () => {
  const HOST = 'social.integracao.com.br';
  const start = (client: TestClient, typed: string, base = '') =>
    client.request(`${base}/auth/oauth/mastodon/start?purpose=connect&instance=${encodeURIComponent(typed)}`);
  const refusedWith = (res: Response) => {
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location')!, 'http://pauta.test');
    expect(back.searchParams.get('error')).toBe('OAUTH_FAILED');
    return back.searchParams.get('reason');
  };

  it('checks the instance, registers the app there once, connects with PKCE and keeps the instance limit', async () => {
    sandbox.control.setMastodonInstance(HOST, { maxCharacters: 640 });
    const { user, client } = await signedInClient('masto');
    // Refused before any call: http, an IP address, a host that is not Mastodon.
    expect(refusedWith(await start(client, `http://${HOST}`))).toBe('instance_http');
    expect(refusedWith(await start(client, '10.0.0.5'))).toBe('instance_invalid');
    expect(refusedWith(await start(client, 'nao-e-mastodon.exemplo.com'))).toBe('instance_not_mastodon');
    expect(sandbox.control.mastodon.appsAt(HOST)).toHaveLength(0);

    const first = await start(client, `@anasouza@${HOST}`);
    expect(first.status).toBe(303);
    const location = new URL(first.headers.get('location')!);
    expect(location.pathname).toBe(`/${HOST}/oauth/authorize`);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('scope')).toBe('read write:statuses write:media');
    const apps = sandbox.control.mastodon.appsAt(HOST);
    expect(apps).toEqual([
      expect.objectContaining({
        name: 'Pauta',
        redirectUris: ['http://pauta.test/auth/callback?connection=true'],
      }),
    ]);
    const [row] = await handle.db
      .selectFrom('network_instances')
      .selectAll()
      .where('host', '=', HOST)
      .execute();
    expect(row).toMatchObject({ platform: 'mastodon', client_id: apps[0]!.clientId, pkce: true });
    // The secret is sealed: the table holds it encrypted, the repository opens it.
    const stored = await findNetworkInstance(handle.db, keyring, 'mastodon', HOST);
    expect(stored?.clientSecret.length).toBeGreaterThan(20);
    expect(row?.sealed_client_secret).toMatch(/^v1:/);
    expect(row?.sealed_client_secret).not.toContain(stored!.clientSecret);

    const consent = await fetch(location, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const done = await client.mutate<{ redirectTo: string }>('auth.completeOAuth', {
      code: back.searchParams.get('code')!,
      state: back.searchParams.get('state')!,
    });
    expect(done.data?.redirectTo).toBe('/connected-accounts?connection=true');
    const account = (await accountRow(user.id, 'mastodon'))!;
    expect(account.platform_user_id).toMatch(new RegExp(`^\\d+@${HOST.replaceAll('.', '\\.')}$`));
    expect(account.platform_username).toBe(`anasouza@${HOST}`);
    expect(account.access_token_expires_at).toBeNull();
    expect(account.refresh_token).toBeNull();
    expect(account.account_data).toMatchObject({ text_limit: 640, provider: 'mastodon' });
    const cards =
      await client.query<(Card & { account: { textLimit: number | null } | null })[]>('accounts.list');
    const card = cards.data?.find((c) => c.platform === 'mastodon');
    expect(card).toMatchObject({
      status: 'connected',
      account: { textLimit: 640, username: `anasouza@${HOST}` },
    });
    expect(card?.account?.followers).toBeGreaterThan(0);

    // A second connection at the same instance reuses its app.
    const { client: other } = await signedInClient('masto-2');
    expect((await start(other, HOST)).status).toBe(303);
    expect(sandbox.control.mastodon.appsAt(HOST)).toHaveLength(1);
  });

  it('without the sandbox, refuses a name that resolves to nothing (and an internal one) in pt-BR', async () => {
    const { client } = await signedInClient('masto-bare', bare.url);
    expect(refusedWith(await start(client, 'instancia.invalid'))).toBe('instance_unreachable');
    expect(refusedWith(await start(client, 'localhost'))).toBe('instance_invalid');
  });
});

describe('disconnecting', () => {
  it("is soft, scoped to the owner, and another user's id is NOT_FOUND", async () => {
    const { user, client } = await signedInClient('disc');
    await connect(client, 'linkedin');
    const row = (await accountRow(user.id, 'linkedin'))!;

    const { client: other } = await signedInClient('disc-other');
    const stolen = await other.mutate('accounts.disconnect', { id: row.id });
    expect(stolen.error?.code).toBe('NOT_FOUND');
    expect((await accountRow(user.id, 'linkedin'))?.is_active).toBe(true);

    const extra = await client.mutate('accounts.disconnect', { id: row.id, user_id: user.id });
    expect(extra.status).toBe(400);

    const res = await client.mutate('accounts.disconnect', { id: row.id });
    expect(res.data).toMatchObject({ ok: true });
    const after = (await accountRow(user.id, 'linkedin'))!;
    expect(after.is_active).toBe(false);
    expect(after.access_token).toBe(row.access_token);
    const list = await client.query<Card[]>('accounts.list');
    expect(list.data?.[0]).toEqual({
      platform: 'linkedin',
      status: 'not_connected',
      account: null,
      accounts: [],
      logins: [],
    });

    expect((await client.mutate('accounts.disconnect', { id: row.id })).error?.code).toBe('NOT_FOUND');
    expect((await new TestClient(app.url).query('accounts.list')).error?.code).toBe('UNAUTHORIZED');
  });

  it('shows needs_reconnect for an account whose refresh failed', async () => {
    const { user, client } = await signedInClient('needs');
    await connect(client, 'x');
    await handle.db
      .updateTable('connected_accounts')
      .set({ status: 'needs_reconnect' })
      .where('user_id', '=', user.id)
      .execute();
    const list = await client.query<Card[]>('accounts.list');
    expect(list.data?.find((card) => card.platform === 'x')?.status).toBe('needs_reconnect');
  });
});

describe('connecting into a workspace (docs/workspaces.md)', () => {
  /** A new workspace ("cliente") of the client's person, created over the API. */
  async function newWorkspace(client: TestClient, name: string): Promise<string> {
    const res = await client.mutate<{ workspace: { id: string } }>('workspaces.create', { name });
    expect(res.status).toBe(200);
    return res.data!.workspace.id;
  }

  /** Start (naming the workspace) → sandbox consent → the code and state of our callback. */
  async function authorizeIn(client: TestClient, platform: string, workspace: string, sandboxUser?: string) {
    const start = await client.request(
      `/auth/oauth/${platform}/start?purpose=connect&workspace=${workspace}`,
    );
    expect(start.status).toBe(303);
    const location = new URL(start.headers.get('location')!);
    if (sandboxUser) location.searchParams.set('sandbox_user', sandboxUser);
    const consent = await fetch(location, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
  }

  it('connects LinkedIn in the workspace the connection started in, not the personal one', async () => {
    const { user, client } = await signedInClient('ws-li');
    const padaria = await newWorkspace(client, 'Padaria');
    const { code, state } = await authorizeIn(client, 'linkedin', padaria);
    const done = await client.mutate<{ redirectTo: string }>('auth.completeOAuth', { code, state });
    expect(done.status).toBe(200);
    const row = await accountRow(user.id, 'linkedin');
    expect(row?.workspace_id).toBe(padaria);
    client.headers.set('x-pauta-workspace', padaria);
    const inPadaria = await client.query<Card[]>('accounts.list');
    expect(inPadaria.data?.find((c) => c.platform === 'linkedin')?.status).toBe('connected');
    client.headers.delete('x-pauta-workspace');
    const personal = await client.query<Card[]>('accounts.list');
    expect(personal.data?.find((c) => c.platform === 'linkedin')?.account).toBeNull();
  });

  it("keeps a Facebook Page choice in the connection's workspace", async () => {
    const { user, client } = await signedInClient('ws-fb');
    const clinica = await newWorkspace(client, 'Clínica');
    sandbox.setUser('fb-ws-pages', {
      sub: '2000000000000000009',
      email: 'clinica@example.com',
      given_name: 'Clínica',
      family_name: 'Sorriso',
      pages: [
        { id: '30000000091', name: 'Clínica Sorriso', category: 'Saúde' },
        { id: '30000000092', name: 'Sorriso Dicas', category: 'Blog' },
      ],
    });
    const { code, state } = await authorizeIn(client, 'facebook', clinica, 'fb-ws-pages');
    const done = await client.mutate<{ redirectTo: string }>('auth.completeOAuth', { code, state });
    const pendingId = /pickPage=([0-9a-f-]{36})$/.exec(done.data!.redirectTo)?.[1];
    const pending = await handle.db
      .selectFrom('pending_connections')
      .select(['workspace_id', 'user_id'])
      .where('id', '=', pendingId!)
      .executeTakeFirstOrThrow();
    expect(pending).toEqual({ workspace_id: clinica, user_id: user.id });
    const picked = await client.mutate('accounts.selectFacebookPage', { pendingId, pageId: '30000000092' });
    expect(picked.status).toBe(200);
    expect((await accountRow(user.id, 'facebook'))?.workspace_id).toBe(clinica);
  });

  it('refuses to start in a workspace the person is not in, or may not connect accounts in', async () => {
    const { client: owner } = await signedInClient('ws-owner');
    const agencia = await newWorkspace(owner, 'Agência');
    const { user: stranger, client } = await signedInClient('ws-stranger');
    const start = await client.request(`/auth/oauth/linkedin/start?purpose=connect&workspace=${agencia}`);
    expect(start.status).toBe(303);
    expect(start.headers.get('location')).toBe(
      '/connected-accounts?connection=true&error=WORKSPACE_UNAVAILABLE&platform=linkedin',
    );
    await handle.db
      .insertInto('workspace_members')
      .values({ workspace_id: agencia, user_id: stranger.id, role: 'reviewer' })
      .execute();
    const reviewer = await client.request(`/auth/oauth/linkedin/start?purpose=connect&workspace=${agencia}`);
    expect(reviewer.headers.get('location')).toBe(
      '/connected-accounts?connection=true&error=FORBIDDEN&platform=linkedin',
    );
  });

  it('connects nothing when the person was removed from the workspace before the callback', async () => {
    const { user: owner, client: ownerClient } = await signedInClient('ws-owner2');
    const loja = await newWorkspace(ownerClient, 'Loja');
    const { user, client } = await signedInClient('ws-editor');
    await handle.db
      .insertInto('workspace_members')
      .values({ workspace_id: loja, user_id: user.id, role: 'editor' })
      .execute();
    const { code, state } = await authorizeIn(client, 'linkedin', loja);
    await handle.db
      .deleteFrom('workspace_members')
      .where('workspace_id', '=', loja)
      .where('user_id', '=', user.id)
      .execute();
    const done = await client.mutate('auth.completeOAuth', { code, state });
    expect(done.status).toBe(404);
    expect(done.error?.message).toBe('WORKSPACE_UNAVAILABLE');
    expect(await accountRow(user.id, 'linkedin')).toBeUndefined();
    expect(owner.id).not.toBe(user.id);
  });
});

/**
 * A network that picks through the shared picker (its profile's `pendingChoice`): how its login is
 * started in the sandbox, the choices it offers (two; the second is picked), what the saved
 * account looks like, and its refusal of a login with nothing to pick.
 */
interface PickerCase {
  platform: 'linkedin_page' | 'pinterest' | 'google_business';
  scope: string;
  /** The sandbox person: two places to publish to (and, for Google, an unverified branch). */
  sandboxUser: Parameters<SandboxHandle['setUser']>[1];
  /** The choices' names as the picker lists them. */
  names: string[];
  /** The account saved for the second choice. */
  row: (chosenId: string) => Record<string, unknown>;
  pageName: string;
  followers: unknown;
  /** An id of the network's form that was not offered. */
  notOffered: (offered: { id: string }[]) => string;
  /** An id not of the network's form: VALIDATION_FAILED before anything is read. */
  malformed: string;
  /** Before the picker: the personal LinkedIn connected too (it must stay). */
  before?: (client: TestClient, sandboxUser: string) => Promise<void>;
  after?: (userId: string) => Promise<void>;
  none: { sandboxUser: Parameters<SandboxHandle['setUser']>[1]; reason: string };
}

const PICKERS: PickerCase[] = [
  {
    platform: 'linkedin_page',
    scope: 'w_organization_social r_organization_social rw_organization_admin',
    sandboxUser: {
      sub: '2000000000000000201',
      given_name: 'Lia',
      family_name: 'Prado',
      pages: [
        { id: '30000000201', name: 'Padaria da Lia', category: 'Padaria' },
        { id: '30000000202', name: 'Lia Prado Consultoria', category: 'Consultoria' },
      ],
    },
    names: ['Padaria da Lia', 'Lia Prado Consultoria'],
    row: (chosenId) => {
      expect(chosenId).toBe('2000000202');
      return { platform_user_id: '2000000202', is_active: true };
    },
    pageName: 'Lia Prado Consultoria',
    followers: expect.any(Number),
    notOffered: () => '2000000299',
    malformed: 'urn:li:organization:2000000202',
    // The personal profile stays connected beside the Page.
    before: async (client, sandboxUser) => {
      await connect(client, 'linkedin', (url) => url.searchParams.set('sandbox_user', sandboxUser));
    },
    after: async (userId) => {
      expect(await accountRow(userId, 'linkedin')).toMatchObject({
        platform_user_id: '2000000000000000201',
        is_active: true,
      });
    },
    none: { sandboxUser: { sub: '2000000000000000202', pages: [] }, reason: 'no_linkedin_pages' },
  },
  {
    platform: 'pinterest',
    scope: 'boards:read,boards:write,pins:read,pins:write,user_accounts:read',
    sandboxUser: {
      sub: '2000000000000000301',
      username: 'padariadalia',
      pages: [
        { id: '30000000301', name: 'Receitas da Lia', category: 'Padaria' },
        { id: '30000000302', name: 'Bolos de festa', category: 'Padaria' },
      ],
    },
    names: ['Receitas da Lia', 'Bolos de festa'],
    // The account is the board, named by the Pinterest username.
    row: (chosenId) => ({ platform_user_id: chosenId, platform_username: 'padariadalia', is_active: true }),
    pageName: 'Bolos de festa',
    followers: expect.any(Number),
    notOffered: () => '549700000000000999',
    malformed: 'pasta-549700000000000302',
    none: { sandboxUser: { sub: '2000000000000000302', pages: [] }, reason: 'no_pinterest_boards' },
  },
  {
    platform: 'google_business',
    scope: 'https://www.googleapis.com/auth/business.manage',
    sandboxUser: {
      sub: '2000000000000000301',
      given_name: 'Gil',
      family_name: 'Matos',
      pages: [
        { id: '30000000301', name: 'Padaria do Gil', category: 'Padaria' },
        { id: '30000000302', name: 'Café do Gil', category: 'Café' },
      ],
    },
    // Verified locations only, each with its address (branches share the business's name).
    names: ['Padaria do Gil — Rua Augusta, 1000, São Paulo', 'Café do Gil — Rua Augusta, 1010, São Paulo'],
    row: (chosenId) => ({ platform_user_id: chosenId, is_active: true }),
    pageName: 'Café do Gil',
    followers: null,
    // The unverified branch of the sandbox: a location of the right form that was not offered.
    notOffered: (offered) => offered[0]!.id.replace(/locations\/3/, 'locations/4'),
    malformed: 'locations/1',
    none: { sandboxUser: { sub: '2000000000000000302', pages: [] }, reason: 'no_google_business_locations' },
  },
];

/** A login with two choices for `entry`, answered with its pending choice and the choices offered. */
async function pendingChoiceOf(entry: PickerCase, label: string) {
  const { user, client } = await signedInClient(label);
  sandbox.setUser(label, entry.sandboxUser);
  await entry.before?.(client, label);
  const { location, done } = await connect(client, entry.platform, (url) =>
    url.searchParams.set('sandbox_user', label),
  );
  const param = NETWORK_PROFILES[entry.platform].pendingChoice!.returnParam;
  const pendingId = new RegExp(`^/connected-accounts\\?connection=true&${param}=([0-9a-f-]{36})$`).exec(
    done.data!.redirectTo,
  )?.[1];
  expect(pendingId).toBeTruthy();
  const pending = await client.query<{ pages: { id: string; name: string }[] }>('accounts.pendingPages', {
    pendingId,
  });
  return { user, client, location, pendingId: pendingId!, offered: pending.data!.pages };
}

it('every network of the shared picker is in the table', () => {
  const pickers = PLATFORMS.filter((platform) => NETWORK_PROFILES[platform].pendingChoice);
  expect(pickers).toEqual(PICKERS.map((entry) => entry.platform));
});

describe.each(PICKERS)(
  'connecting $platform through the shared picker (accounts.selectPendingChoice)',
  (entry) => {
    it('two options wait for the choice; the chosen one is the account, with the refresh token', async () => {
      const { user, client, location, pendingId, offered } = await pendingChoiceOf(
        entry,
        `${entry.platform}-two`,
      );
      expect(location.searchParams.get('scope')).toBe(entry.scope);
      if (entry.platform === 'google_business')
        expect(location.searchParams.get('access_type')).toBe('offline');
      expect(offered.map((choice) => choice.name)).toEqual(entry.names);
      const chosen = offered[1]!;
      // Not through another network's picker, not an option not offered, not an id of another form.
      const asFacebook = await client.mutate('accounts.selectFacebookPage', {
        pendingId,
        pageId: '2000000202',
      });
      expect(asFacebook.error?.code).toBe('NOT_FOUND');
      const unknown = await client.mutate('accounts.selectPendingChoice', {
        pendingId,
        choiceId: entry.notOffered(offered),
      });
      expect(unknown.error?.code).toBe('NOT_FOUND');
      const malformed = await client.mutate('accounts.selectPendingChoice', {
        pendingId,
        choiceId: entry.malformed,
      });
      expect(malformed.error?.code).toBe('BAD_REQUEST');
      expect(malformed.error?.message).toBe('VALIDATION_FAILED');
      expect(await accountRow(user.id, entry.platform)).toBeUndefined();

      const picked = await client.mutate('accounts.selectPendingChoice', { pendingId, choiceId: chosen.id });
      expect(picked.data).toEqual({
        platform: entry.platform,
        pageName: entry.pageName,
        alreadyConnected: false,
      });
      expect(JSON.stringify(picked.data)).not.toContain('SENTINEL');
      const row = await accountRow(user.id, entry.platform);
      expect(row).toMatchObject(entry.row(chosen.id));
      expect(row?.refresh_token).toBeTruthy();
      expect(row?.access_token_expires_at).toBeInstanceOf(Date);
      await entry.after?.(user.id);

      const list = await client.query<Card[]>('accounts.list');
      const card = list.data?.find((item) => item.platform === entry.platform);
      expect(card?.status).toBe('connected');
      expect(card?.account).toMatchObject({ pageName: entry.pageName, followers: entry.followers });
      expect(JSON.stringify(list.data)).not.toContain(open(row!.id, 'access_token', row!.access_token));
    });

    it('a double submit (the same Idempotency-Key) connects once and answers the same; a later one finds nothing', async () => {
      const { user, client, pendingId, offered } = await pendingChoiceOf(entry, `${entry.platform}-twice`);
      const input = { pendingId, choiceId: offered[1]!.id };
      const idempotencyKey = `pick-${entry.platform}-${pendingId}`;
      const [first, second] = await Promise.all([
        client.mutate('accounts.selectPendingChoice', input, { idempotencyKey }),
        client.mutate('accounts.selectPendingChoice', input, { idempotencyKey }),
      ]);
      expect(first.data).toEqual({
        platform: entry.platform,
        pageName: entry.pageName,
        alreadyConnected: false,
      });
      expect(second.data).toEqual(first.data);
      const rows = await handle.db
        .selectFrom('connected_accounts')
        .select('id')
        .where('user_id', '=', user.id)
        .where('platform', '=', entry.platform)
        .execute();
      expect(rows).toHaveLength(1);
      // A new action on the used choice: the pending row is gone.
      const again = await client.mutate('accounts.selectPendingChoice', input);
      expect(again.error?.code).toBe('NOT_FOUND');
    });

    it("another person's, an expired, or a choice in a workspace the person left: nothing connected", async () => {
      const { user, client, pendingId, offered } = await pendingChoiceOf(entry, `${entry.platform}-refused`);
      const input = { pendingId, choiceId: offered[1]!.id };
      const { client: other } = await signedInClient(`${entry.platform}-other`);
      expect((await other.mutate('accounts.selectPendingChoice', input)).error?.code).toBe('NOT_FOUND');

      // A pending choice in a workspace the person is not (or no longer) in: WORKSPACE_UNAVAILABLE.
      const created = await other.mutate<{ workspace: { id: string } }>('workspaces.create', {
        name: 'Loja',
      });
      await handle.db
        .updateTable('pending_connections')
        .set({ workspace_id: created.data!.workspace.id })
        .where('id', '=', pendingId)
        .execute();
      const left = await client.mutate('accounts.selectPendingChoice', input);
      expect(left.status).toBe(404);
      expect(left.error?.message).toBe('WORKSPACE_UNAVAILABLE');

      // Past its 10 minutes.
      await handle.db
        .updateTable('pending_connections')
        .set({ workspace_id: user.id, expires_at: new Date(Date.now() - 1000) })
        .where('id', '=', pendingId)
        .execute();
      expect((await client.mutate('accounts.selectPendingChoice', input)).error?.code).toBe('NOT_FOUND');
      expect(await accountRow(user.id, entry.platform)).toBeUndefined();
    });

    it('a login with nothing to pick: OAUTH_FAILED with its reason, nothing stored', async () => {
      const label = `${entry.platform}-none`;
      const { user, client } = await signedInClient(label);
      sandbox.setUser(label, entry.none.sandboxUser);
      const { done } = await connect(client, entry.platform, (url) =>
        url.searchParams.set('sandbox_user', label),
      );
      expect(done.error?.message).toBe('OAUTH_FAILED');
      expect(JSON.stringify(done.error)).toContain(entry.none.reason);
      expect(await accountRow(user.id, entry.platform)).toBeUndefined();
    });
  },
);
