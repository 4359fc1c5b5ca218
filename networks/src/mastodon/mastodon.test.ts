// Mastodon against sandbox Mastodon, as the server and worker use it: the typed instance checked,
// its limits read (an instance with 600 characters, to prove they are read), Pauta's app registered
// there, the authorization code flow with PKCE, the account, then publishing (text once under an
// Idempotency-Key, images uploaded asynchronously with alt text), the instance's refusals in pt-BR
// before any upload, metrics, followers, the lookup after a doubtful send and the revocation.
import { publishErrorMessages } from '@pauta/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConnectRefusedError } from '../connect/types.js';
import { OAuthProviderError } from '../oauth/errors.js';
import type { OAuthProvider } from '../oauth/types.js';
import { testMedia } from '../publishing/test-images.js';
import { PublishError, type PublishMedia, type PublishTarget } from '../publishing/types.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch } from '../sandbox-url.js';
import { fetchMastodonFollowers } from './followers.js';
import { parseInstanceHost, readInstance, registerApp } from './instance.js';
import { createMastodonOAuthClient } from './oauth.js';
import { createMastodonAdapter } from './publish.js';
import { statusText } from './status-text.js';

const HOST = 'social.exemplo.com.br';
const REDIRECT = 'http://localhost:5173/auth/callback?connection=true';
let sandbox: SandboxHandle;
let fetch: typeof globalThis.fetch;

beforeAll(async () => {
  sandbox = await startSandbox();
  fetch = createNetworkFetch(sandbox.url);
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.clearPublishedPosts();
  sandbox.clearRequests();
  sandbox.control.setMastodonInstance(HOST, { maxCharacters: 600, maxMediaAttachments: 4, pkce: true });
  sandbox.control.mastodon.processingReads = 2;
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ConnectRefusedError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error.reason;
}

async function failure(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PublishError)) throw new Error(`expected a PublishError, got ${String(error)}`);
  return error;
}

/** The whole connect: instance read, app registered, authorize (auto-approved), code exchanged. */
async function connect(host = HOST): Promise<{ provider: OAuthProvider; target: PublishTarget }> {
  const instance = await readInstance(host, { fetch });
  const app = await registerApp(host, { redirectUri: REDIRECT, appName: 'Pauta', website: null }, { fetch });
  const provider = createMastodonOAuthClient({
    ...app,
    redirectUri: REDIRECT,
    sandboxUrl: sandbox.url,
    fetch,
    instance: { host, pkce: instance.pkce },
  });
  const verifier = 'v'.repeat(43);
  const url = provider.createAuthorizationURL({ state: 's'.repeat(22), codeVerifier: verifier });
  const answer = await globalThis.fetch(url, { redirect: 'manual' });
  const code = new URL(answer.headers.get('location')!).searchParams.get('code')!;
  const tokens = await provider.validateAuthorizationCode(code, verifier);
  const info = await provider.fetchUserInfo(tokens.accessToken);
  return { provider, target: { platformUserId: info.providerUserId, accessToken: tokens.accessToken } };
}

const adapter = () => createMastodonAdapter({ fetch, statusPollIntervalMs: 5 });

function images(count: number): PublishMedia[] {
  return testMedia(count).map((item, index) => ({
    ...item,
    altText: `Foto ${index + 1} da vitrine`,
    url: 'https://x/y',
  }));
}

describe('the instance the person types', () => {
  it('keeps the host of a domain, an https address or a handle; refuses http, IPs, paths and ports', () => {
    expect(parseInstanceHost(' Mastodon.Social ')).toBe('mastodon.social');
    expect(parseInstanceHost('https://mastodon.social/')).toBe('mastodon.social');
    expect(parseInstanceHost('@ana@mastodon.social')).toBe('mastodon.social');
    expect(() => parseInstanceHost('http://mastodon.social')).toThrow(ConnectRefusedError);
    for (const [raw, reason] of [
      ['http://mastodon.social', 'instance_http'],
      ['127.0.0.1', 'instance_invalid'],
      ['[::1]', 'instance_invalid'],
      ['mastodon.social/@ana', 'instance_invalid'],
      ['mastodon.social:8443', 'instance_invalid'],
      ['user:pw@mastodon.social', 'instance_invalid'],
      ['localhost', 'instance_invalid'],
      ['', 'instance_invalid'],
    ] as const) {
      let got: string | null = null;
      try {
        parseInstanceHost(raw);
      } catch (error) {
        got = (error as ConnectRefusedError).reason;
      }
      expect(got, raw).toBe(reason);
    }
  });

  it("reads the instance's own limits and whether it takes PKCE", async () => {
    const instance = await readInstance(HOST, { fetch });
    expect(instance.limits).toEqual({
      maxCharacters: 600,
      maxMediaAttachments: 4,
      charactersReservedPerUrl: 23,
      imageSizeLimit: 16 * 1024 * 1024,
    });
    expect(instance.pkce).toBe(true);
    sandbox.control.setMastodonInstance('antiga.exemplo.org', { pkce: false });
    expect((await readInstance('antiga.exemplo.org', { fetch })).pkce).toBe(false);
  });

  it('refuses a host that is not a Mastodon instance, and an instance that closed app registration', async () => {
    expect(await refusal(readInstance('nao-e-mastodon.exemplo.com', { fetch }))).toBe(
      'instance_not_mastodon',
    );
    sandbox.control.setMastodonInstance('fechada.exemplo.org', { registrationsOpen: false });
    expect(
      await refusal(
        registerApp(
          'fechada.exemplo.org',
          { redirectUri: REDIRECT, appName: 'Pauta', website: null },
          { fetch },
        ),
      ),
    ).toBe('instance_registration_failed');
  });

  it('registers the app with the connect callback and the three scopes', async () => {
    const before = sandbox.control.mastodon.appsAt(HOST).length;
    await registerApp(
      HOST,
      { redirectUri: REDIRECT, appName: 'Pauta', website: 'https://pauta.example' },
      { fetch },
    );
    const apps = sandbox.control.mastodon.appsAt(HOST);
    expect(apps).toHaveLength(before + 1);
    expect(apps.at(-1)).toMatchObject({
      name: 'Pauta',
      redirectUris: [REDIRECT],
      scopes: ['read', 'write:statuses', 'write:media'],
    });
  });
});

describe('Mastodon OAuth', () => {
  it('connects with PKCE: the code needs its verifier; the account is id@instance', async () => {
    const { target } = await connect();
    expect(target.platformUserId).toMatch(new RegExp(`^\\d+@${HOST.replaceAll('.', '\\.')}$`));
    const authorize = sandbox.requests({ pathPrefix: '/oauth/authorize' }).at(-1)!;
    expect(authorize.query).toMatchObject({
      code_challenge_method: 'S256',
      scope: 'read write:statuses write:media',
    });
  });

  it('refuses a code exchanged with another verifier (invalid_grant)', async () => {
    const app = await registerApp(
      HOST,
      { redirectUri: REDIRECT, appName: 'Pauta', website: null },
      { fetch },
    );
    const provider = createMastodonOAuthClient({
      ...app,
      redirectUri: REDIRECT,
      sandboxUrl: sandbox.url,
      fetch,
      instance: { host: HOST, pkce: true },
    });
    const url = provider.createAuthorizationURL({ state: 's'.repeat(22), codeVerifier: 'a'.repeat(43) });
    const code = new URL(
      (await globalThis.fetch(url, { redirect: 'manual' })).headers.get('location')!,
    ).searchParams.get('code')!;
    const error = await provider.validateAuthorizationCode(code, 'b'.repeat(43)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OAuthProviderError);
    expect((error as OAuthProviderError).kind).toBe('invalid_grant');
  });

  it('tokens never expire and are not refreshed; a revoked token answers 401 and the post asks to reconnect in pt-BR', async () => {
    const { provider, target } = await connect();
    await expect(provider.refreshAccessToken('x')).rejects.toMatchObject({ kind: 'invalid_grant' });
    await provider.revokeToken!(target.accessToken);
    const error = await failure(adapter().publish({ target, title: 't', text: 'Depois da revogação' }));
    expect(error.kind).toBe('auth');
    expect(error.details.reason).toContain('revogado na instância do Mastodon');
    expect(sandbox.publishedPosts('mastodon')).toHaveLength(0);
  });
});

describe('Mastodon publishing', () => {
  it('posts a public status in Portuguese once: a resend under the same Idempotency-Key returns the same status', async () => {
    const { target } = await connect();
    const text = `Novidade no blog: https://exemplo.com.br/${'caminho/'.repeat(30)} #MarketingDigital`;
    const first = await adapter().publish({ target, title: 't', text }, { idempotencyKey: 'post-1:v1' });
    const again = await adapter().publish({ target, title: 't', text }, { idempotencyKey: 'post-1:v1' });
    expect(again.platformPostId).toBe(first.platformPostId);
    expect(first.url).toBe(`https://${HOST}/@anasouza/${first.platformPostId}`);
    expect(sandbox.publishedPosts('mastodon')).toEqual([
      expect.objectContaining({ id: first.platformPostId, text }),
    ]);
    const sent = sandbox
      .requests({ host: HOST, method: 'POST' })
      .filter((r) => r.path === '/api/v1/statuses');
    expect(sent[0]?.body).toMatchObject({ status: text, visibility: 'public', language: 'pt' });
    expect(sent.map((r) => r.headers['idempotency-key'])).toEqual(['post-1:v1', 'post-1:v1']);
  });

  it('uploads images with their alt text, waits while the instance processes them (202, 206), then posts', async () => {
    const { target } = await connect();
    const result = await adapter().publish({ target, title: 't', text: 'Vitrine nova', media: images(2) });
    const [post] = sandbox.publishedPosts('mastodon');
    expect(post?.id).toBe(result.platformPostId);
    expect(post?.media.map((m) => m.altText)).toEqual(['Foto 1 da vitrine', 'Foto 2 da vitrine']);
    const reads = sandbox
      .requests({ host: HOST, method: 'GET' })
      .filter((r) => r.path.startsWith('/api/v1/media/'));
    expect(reads).toHaveLength(2 * 3);
  });

  it("refuses in pt-BR, before any upload, a text over the instance's 600 (links count 23) and 5 images", async () => {
    const { target } = await connect();
    const fits = `${'a'.repeat(576)} https://exemplo.com/${'x'.repeat(300)}`;
    await adapter().publish({ target, title: 't', text: fits });
    const long = await failure(adapter().publish({ target, title: 't', text: `b${fits}` }));
    expect(long.code).toBe('CONTENT_TOO_LONG');
    expect(long.details.reason).toBe(
      `O texto tem 601 caracteres e a instância ${HOST} aceita até 600 (cada link conta 23). Encurte o post e reagende.`,
    );
    sandbox.clearRequests();
    const five = await failure(
      adapter().publish({ target, title: 't', text: 'Cinco fotos', media: images(5) }),
    );
    expect(five.kind).toBe('permanent');
    expect(five.details.reason).toMatch(/Mastodon/);
    expect(sandbox.requests({ pathPrefix: '/api/v2/media' })).toHaveLength(0);
    sandbox.control.setMastodonInstance(HOST, { maxMediaAttachments: 2 });
    const three = await failure(
      createMastodonAdapter({ fetch }).publish({ target, title: 't', text: 'Três', media: images(3) }),
    );
    expect(three.details.reason).toBe(
      `A instância ${HOST} aceita até 2 imagens por post e este tem 3. Remova imagens e reagende.`,
    );
    expect(sandbox.publishedPosts('mastodon')).toHaveLength(1);
  });

  it("maps the instance's own 422 to its pt-BR row when Pauta could not read the limits first", async () => {
    const { target } = await connect();
    sandbox.addFault({ host: HOST, method: 'GET', pathPrefix: '/api/v2/instance', status: 503 });
    const error = await failure(adapter().publish({ target, title: 't', text: 'z'.repeat(601) }));
    expect(error.details.networkCode).toBe('TEXT_TOO_LONG');
    expect(error.details.reason).toContain('limite de caracteres');
    expect(error.kind).toBe('permanent');
    sandbox.clearFaults();
  });

  it('reads favourites, boosts and replies, and the follower count', async () => {
    const { target } = await connect();
    const { platformPostId } = await adapter().publish({ target, title: 't', text: 'Métricas' });
    sandbox.setPostMetrics({ platformPostId, likes: 7, shares: 3, comments: 2, reach: 999 });
    const metrics = await adapter().fetchMetrics({ target, platformPostIds: [platformPostId, '999999'] });
    expect(metrics.get(platformPostId)).toEqual({ reach: 3, likes: 7, comments: 2 });
    expect(metrics.get('999999')).toBeNull();
    expect(await fetchMastodonFollowers(target, { fetch })).toBeGreaterThan(0);
  });

  it('finds a status after a doubtful send in the account statuses; unknown (never absent) when none matches', async () => {
    const { target } = await connect();
    const text = 'Linha um\n\nLinha & dois <b> https://exemplo.com.br/a';
    const since = new Date(Date.now() - 1000);
    const { platformPostId } = await adapter().publish({ target, title: 't', text });
    const found = await adapter().lookupRecentPost!({ target, text, since, until: new Date() });
    expect(found).toMatchObject({ kind: 'found', platformPostId });
    const other = await adapter().lookupRecentPost!({
      target,
      text: 'outro texto',
      since,
      until: new Date(),
    });
    expect(other.kind).toBe('unknown');
  });

  it('waits for X-RateLimit-Reset on 429', async () => {
    const { target } = await connect();
    const reset = new Date(Date.now() + 120_000).toISOString();
    sandbox.addFault({
      host: HOST,
      method: 'POST',
      pathPrefix: '/api/v1/statuses',
      status: 429,
      body: { error: 'Too many requests' },
      headers: { 'X-RateLimit-Reset': reset },
    });
    const error = await failure(adapter().publish({ target, title: 't', text: 'Limite' }));
    sandbox.clearFaults();
    expect(error.kind).toBe('rate_limited');
    expect(error.details.retryAfterMs).toBeGreaterThan(100_000);
    expect(error.details.reason).toContain('300 a cada 5 minutos');
    expect(publishErrorMessages[error.code]).toBeDefined();
  });
});

describe('statusText', () => {
  it("turns a status's HTML back into its text", () => {
    expect(
      statusText(
        '<p>Oi &amp; olá<br />linha</p><p><a href="https://a.co/x"><span class="invisible">https://</span>a.co/x</a></p>',
      ),
    ).toBe('Oi & olá\nlinha\n\nhttps://a.co/x');
  });
});

describe('Mastodon first comment (a reply, docs/first-comment.md)', () => {
  it('replies to the status once (in_reply_to_id); the lookup finds it among the account replies, never proves absence', async () => {
    const { target } = await connect();
    const post = await adapter().publish({ target, title: 't', text: `Status ${Math.random()}` });
    const since = new Date(Date.now() - 1000);
    const reply = await adapter().publishFirstComment!({
      target,
      platformPostId: post.platformPostId,
      text: 'Receita: #bolo',
    });
    const calls = sandbox.requests({ host: HOST, pathPrefix: '/api/v1/statuses', method: 'POST' });
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toMatchObject({ status: 'Receita: #bolo', in_reply_to_id: post.platformPostId });
    const posts = sandbox.publishedPosts('mastodon');
    expect(posts.filter((p) => p.inReplyToId === undefined)).toHaveLength(1);
    expect(posts.filter((p) => p.inReplyToId === post.platformPostId)).toEqual([
      expect.objectContaining({ id: reply.id, text: 'Receita: #bolo' }),
    ]);
    const lookup = { target, platformPostId: post.platformPostId, text: 'Receita:  #bolo', since };
    expect(await adapter().lookupFirstComment!(lookup)).toMatchObject({
      kind: 'found',
      platformPostId: reply.id,
    });
    // The listing is HTML: no match is not proof of absence.
    expect(await adapter().lookupFirstComment!({ ...lookup, text: 'outra' })).toMatchObject({
      kind: 'unknown',
    });
    // The post's own lookup (exclude_replies) does not take the reply for the post.
    expect(
      await adapter().lookupRecentPost!({ target, text: 'Receita: #bolo', since, until: new Date() }),
    ).toMatchObject({ kind: 'unknown' });
  });

  it('a status that does not exist: 404, permanent; a revoked token: auth; too long: refused before any request', async () => {
    const { target } = await connect();
    const missing = await failure(
      adapter().publishFirstComment!({ target, platformPostId: '999', text: 'oi' }),
    );
    expect(missing).toMatchObject({ kind: 'permanent', details: { status: 404 } });
    expect(missing.details.reason).toBeTruthy();
    const post = await adapter().publish({ target, title: 't', text: `Status ${Math.random()}` });
    const wrong = await failure(
      adapter().publishFirstComment!({
        target: { ...target, accessToken: 'token-que-nao-existe' },
        platformPostId: post.platformPostId,
        text: 'oi',
      }),
    );
    expect(wrong.kind).toBe('auth');
    sandbox.clearRequests();
    const long = await failure(
      adapter().publishFirstComment!({ target, platformPostId: post.platformPostId, text: 'a'.repeat(501) }),
    );
    expect(long).toMatchObject({ kind: 'permanent', code: 'CONTENT_TOO_LONG' });
    expect(sandbox.requests()).toHaveLength(0);
    expect(sandbox.publishedPosts('mastodon').filter((p) => p.inReplyToId !== undefined)).toHaveLength(0);
  });
});
