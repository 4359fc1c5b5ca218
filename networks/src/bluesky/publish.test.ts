// The Bluesky adapter and session client against sandbox Bluesky: logging in with an app password
// (and the pt-BR refusal of a wrong one), a post whose links, mentions and hashtags become facets
// over UTF-8 byte ranges, images with alt text and aspect ratio, the 300-grapheme and 4-image
// refusals before anything is sent, an expired access JWT renewed with refreshSession, the lookup
// after a doubtful send, metrics and the follower count.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectRefusedError } from '../connect/types.js';
import { OAuthProviderError } from '../oauth/errors.js';
import { sandboxLinkPageFetcher } from '../publishing/link-page.js';
import { testMedia } from '../publishing/test-images.js';
import { PublishError, type PublishTarget } from '../publishing/types.js';
import { SANDBOX_BLUESKY_ACCOUNTS } from '../sandbox/bluesky.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch } from '../sandbox-url.js';
import { bluesky } from './index.js';
import { createBlueskyAdapter } from './publish.js';
import { createBlueskySessionClient, splitSession } from './session.js';

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
beforeEach(() => {
  sandbox.clearRequests();
  sandbox.clearPublishedPosts();
  vi.useRealTimers();
});

const fetch = () => createNetworkFetch(sandbox.url);
const sessions = () => createBlueskySessionClient({ fetch: fetch() });
const adapter = () => createBlueskyAdapter({ fetch: fetch() });

async function connect() {
  const account = await sessions().login({ identifier: ana.handle, password: ana.appPassword });
  const target: PublishTarget = { platformUserId: account.platformUserId, accessToken: account.accessToken };
  return { account, target };
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

const utf8 = new TextEncoder();
/** The text a facet covers, read back through its byte range as Bluesky does. */
function covered(text: string, facet: { index: { byteStart: number; byteEnd: number } }): string {
  return new TextDecoder().decode(utf8.encode(text).slice(facet.index.byteStart, facet.index.byteEnd));
}

describe('Bluesky session (app password)', () => {
  it('logs in with the handle and app password: the DID, the handle, the name and both JWTs with their server', async () => {
    const { account } = await connect();
    expect(account).toMatchObject({
      platformUserId: ana.did,
      platformUsername: ana.handle,
      name: 'Ana Souza',
      email: ana.email,
    });
    expect(splitSession(account.accessToken).service).toBe('https://bsky.social');
    expect(splitSession(account.refreshToken!).jwt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // About two hours, from the JWT's exp.
    const hours = (account.accessTokenExpiresAt!.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThanOrEqual(2);
    // The password went once, to createSession, and the recorder kept it redacted.
    const sent = sandbox.requests({ host: 'bsky.social', method: 'POST' });
    expect(sent.map((r) => r.path)).toEqual(['/xrpc/com.atproto.server.createSession']);
    expect(sent[0]?.body).toEqual({ identifier: ana.handle, password: '[redacted]' });
  });

  it('logs in with the e-mail or an @handle too', async () => {
    await expect(
      sessions().login({ identifier: ana.email, password: ana.appPassword }),
    ).resolves.toMatchObject({
      platformUserId: ana.did,
    });
    await expect(
      sessions().login({ identifier: `@${ana.handle}`, password: ana.appPassword }),
    ).resolves.toMatchObject({ platformUserId: ana.did });
  });

  it('refuses a wrong app password or a server that is not an address, with the reasons the card explains in pt-BR', async () => {
    const wrong = await failure(
      sessions().login({ identifier: ana.handle, password: 'aaaa-bbbb-cccc-dddd' }),
    );
    expect(wrong).toBeInstanceOf(ConnectRefusedError);
    expect((wrong as ConnectRefusedError).reason).toBe('bluesky_bad_password');
    const server = await failure(
      sessions().login({ identifier: ana.handle, password: ana.appPassword, service: 'ftp://x y' }),
    );
    expect((server as ConnectRefusedError).reason).toBe('bluesky_bad_service');
  });

  it('renews an expired access JWT with refreshSession; a used refresh JWT is refused after its 2-hour grace (invalid_grant)', async () => {
    const { account, target } = await connect();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3 * 3_600_000 });
    const expired = await failure(adapter().publish({ target, title: 't', text: 'Depois de expirar' }));
    expect(expired).toBeInstanceOf(PublishError);
    expect((expired as PublishError).kind).toBe('auth');
    expect((expired as PublishError).details.networkCode).toBe('ExpiredToken');

    const fresh = await sessions().refreshAccessToken(account.refreshToken!);
    expect(fresh.accessToken).not.toBe(account.accessToken);
    const result = await adapter().publish({
      target: { ...target, accessToken: fresh.accessToken },
      title: 't',
      text: 'Depois de renovar',
    });
    expect(result.platformPostId).toMatch(/^at:\/\/did:plc:/);
    // Within the PDS's grace period a used refresh JWT still works (the real PDS does so); after it, not.
    await expect(sessions().refreshAccessToken(account.refreshToken!)).resolves.toMatchObject({
      refreshToken: expect.any(String),
    });
    vi.setSystemTime(Date.now() + 2 * 3_600_000 + 1000);
    const again = await failure(sessions().refreshAccessToken(account.refreshToken!));
    expect(again).toBeInstanceOf(OAuthProviderError);
    expect((again as OAuthProviderError).kind).toBe('invalid_grant');
  });

  it('ends the session with deleteSession (the refresh JWT); its tokens stop working', async () => {
    const { account, target } = await connect();
    await sessions().revokeToken!(account.accessToken); // an access JWT: nothing to end, no call
    expect(sandbox.requests({ pathPrefix: '/xrpc/com.atproto.server.deleteSession' })).toHaveLength(0);
    await sessions().revokeToken!(account.refreshToken!);
    expect(sandbox.requests({ pathPrefix: '/xrpc/com.atproto.server.deleteSession' })).toHaveLength(1);
    const after = await failure(adapter().publish({ target, title: 't', text: 'Sessão encerrada' }));
    expect((after as PublishError).kind).toBe('auth');
  });
});

describe('Bluesky adapter', () => {
  it('publishes once with facets for the link, the resolved mention and the hashtag, over UTF-8 byte ranges', async () => {
    const { target } = await connect();
    const text = `Olá 👋🏽 ação! Leiam https://exemplo.com.br/blog/post-1. Com @${joao.handle} e @ninguem.bsky.social #marketingDigital`;
    const result = await adapter().publish({ target, title: 't', text });
    expect(result.url).toBe(
      `https://bsky.app/profile/${ana.did}/post/${result.platformPostId.split('/').pop()}`,
    );
    const posts = sandbox.publishedPosts('bluesky');
    expect(posts).toHaveLength(1);
    const record = posts[0]!.record as {
      text: string;
      langs: string[];
      facets: { index: { byteStart: number; byteEnd: number }; features: Record<string, string>[] }[];
    };
    expect(record.text).toBe(text);
    expect(record.langs).toEqual(['pt']);
    expect(record.facets.map((facet) => [covered(text, facet), facet.features[0]])).toEqual([
      [
        'https://exemplo.com.br/blog/post-1',
        { $type: 'app.bsky.richtext.facet#link', uri: 'https://exemplo.com.br/blog/post-1' },
      ],
      [`@${joao.handle}`, { $type: 'app.bsky.richtext.facet#mention', did: joao.did }],
      // @ninguem.bsky.social resolves to no account: left as plain text.
      ['#marketingDigital', { $type: 'app.bsky.richtext.facet#tag', tag: 'marketingDigital' }],
    ]);
    expect(sandbox.requests({ pathPrefix: '/xrpc/com.atproto.repo.createRecord' })).toHaveLength(1);
  });

  it('carries the first link’s card: the page’s Open Graph title, description and image as a thumb blob', async () => {
    const { target } = await connect();
    const link = 'https://www.exemplo.com.br/blog/planejamento';
    const text = `Novo post no blog: ${link} e também https://outro.com.br`;
    await createBlueskyAdapter({ fetch: fetch(), fetchLinkPage: sandboxLinkPageFetcher(fetch()) }).publish({
      target,
      title: 't',
      text,
    });
    const [post] = sandbox.publishedPosts('bluesky');
    const embed = (post!.record as { embed: { $type: string; external: Record<string, unknown> } }).embed;
    expect(embed.$type).toBe('app.bsky.embed.external');
    expect(embed.external).toMatchObject({
      uri: link,
      title: 'Como planejar o mês & não surtar',
      description: 'Um roteiro simples para agências pequenas.',
      thumb: { $type: 'blob', mimeType: 'image/jpeg' },
    });
    expect(sandbox.requests({ pathPrefix: '/xrpc/com.atproto.repo.uploadBlob' })).toHaveLength(1);
    // A page that cannot be read (404) gives a post without a card, not a failure.
    sandbox.clearPublishedPosts();
    await createBlueskyAdapter({ fetch: fetch(), fetchLinkPage: sandboxLinkPageFetcher(fetch()) }).publish({
      target,
      title: 't',
      text: 'Sem cartão: https://www.exemplo.com.br/nada',
    });
    expect((sandbox.publishedPosts('bluesky')[0]!.record as { embed?: unknown }).embed).toBeUndefined();
  });

  it('uploads each image as a blob and embeds them with their alt text and aspect ratio', async () => {
    const { target } = await connect();
    const media = testMedia(2, { width: 1200, height: 800 });
    await adapter().publish({ target, title: 't', text: 'Duas fotos', media });
    expect(sandbox.requests({ pathPrefix: '/xrpc/com.atproto.repo.uploadBlob' })).toHaveLength(2);
    const [post] = sandbox.publishedPosts('bluesky');
    expect(post?.media.map((image) => [image.altText, image.width, image.height])).toEqual([
      ['Descrição da imagem 1', 1200, 800],
      ['Descrição da imagem 2', 1200, 800],
    ]);
    const embed = (post!.record as { embed: { $type: string; images: { aspectRatio: unknown }[] } }).embed;
    expect(embed.$type).toBe('app.bsky.embed.images');
    expect(embed.images[0]?.aspectRatio).toEqual({ width: 1200, height: 800 });
  });

  it('refuses more than 300 graphemes, 5 images and an image over 1 MB before sending anything, in pt-BR', async () => {
    const { target } = await connect();
    sandbox.clearRequests();
    // 300 graphemes fit even when each is an emoji with a skin tone (2,400 bytes).
    await adapter().publish({ target, title: 't', text: '👍🏽'.repeat(300) });
    sandbox.clearRequests();
    const long = (await failure(
      adapter().publish({ target, title: 't', text: 'a'.repeat(301) }),
    )) as PublishError;
    expect(long.code).toBe('CONTENT_TOO_LONG');
    expect(long.details.reason).toContain('O texto passa de 300 caracteres, o limite do Bluesky.');
    const five = (await failure(
      adapter().publish({ target, title: 't', text: 'cinco', media: testMedia(5) }),
    )) as PublishError;
    expect(five.details.reason).toContain('O Bluesky aceita no máximo 4 imagens por post; este tem 5.');
    const [big] = testMedia(1);
    const heavy = (await failure(
      adapter().publish({
        target,
        title: 't',
        text: 'pesada',
        media: [{ ...big!, bytes: new Uint8Array(1_000_001) }],
      }),
    )) as PublishError;
    expect(heavy.details.reason).toContain('o Bluesky aceita até 977 KB');
    expect(sandbox.requests({ host: 'bsky.social' })).toHaveLength(0);
  });

  it('finds a post whose createRecord answer was lost (listRecords), and answers absent for another text', async () => {
    const { target } = await connect();
    const since = new Date(Date.now() - 1000);
    const published = await adapter().publish({ target, title: 't', text: 'Post que talvez tenha saído' });
    const until = new Date(Date.now() + 1000);
    const lookup = adapter().lookupRecentPost!;
    await expect(lookup({ target, text: 'Post que talvez tenha saído', since, until })).resolves.toEqual({
      kind: 'found',
      platformPostId: published.platformPostId,
      url: published.url,
    });
    await expect(lookup({ target, text: 'Outro texto', since, until })).resolves.toEqual({ kind: 'absent' });
  });

  it('reads likes and replies with getPosts, and the follower count with getProfile', async () => {
    const { target } = await connect();
    const { platformPostId } = await adapter().publish({ target, title: 't', text: 'Métricas' });
    sandbox.setPostMetrics({ platformPostId, likes: 12, comments: 3 });
    const metrics = await adapter().fetchMetrics({
      target,
      platformPostIds: [platformPostId, `${platformPostId}x`],
    });
    expect(metrics.get(platformPostId)).toEqual({ reach: null, likes: 12, comments: 3 });
    expect(metrics.get(`${platformPostId}x`)).toBeNull();
    await expect(bluesky.fetchFollowers!(target, { fetch: fetch() })).resolves.toBe(ana.followersCount);
  });

  it('waits on a 429 RateLimitExceeded until its ratelimit-reset', async () => {
    const { target } = await connect();
    const reset = Math.floor(Date.now() / 1000) + 120;
    sandbox.addFault({
      host: 'bsky.social',
      pathPrefix: '/xrpc/com.atproto.repo.createRecord',
      status: 429,
      headers: { 'ratelimit-reset': String(reset) },
    });
    const limited = (await failure(
      adapter().publish({ target, title: 't', text: 'Limite' }),
    )) as PublishError;
    expect(limited.kind).toBe('rate_limited');
    expect(limited.details.retryAfterMs).toBeGreaterThan(100_000);
    expect(limited.details.reason).toContain('limite de publicações');
  });
});

describe('Bluesky first comment (a reply, docs/first-comment.md)', () => {
  it('replies to the post once with root/parent strong refs; the lookup finds the reply, proves another text absent', async () => {
    const { target } = await connect();
    const post = await adapter().publish({ target, title: 't', text: `Post ${Math.random()}` });
    const since = new Date(Date.now() - 1000);
    const reply = await adapter().publishFirstComment!({
      target,
      platformPostId: post.platformPostId,
      text: 'Receita: #bolo',
    });
    const creates = sandbox.requests({ pathPrefix: '/xrpc/com.atproto.repo.createRecord', method: 'POST' });
    expect(creates).toHaveLength(2);
    const { record } = creates[1]!.body as { record: Record<string, unknown> };
    const [listed] = (
      (await (
        await fetch()(
          `https://bsky.social/xrpc/app.bsky.feed.getPosts?uris=${encodeURIComponent(post.platformPostId)}`,
          { headers: { Authorization: `Bearer ${splitSession(target.accessToken).jwt}` } },
        )
      ).json()) as { posts: { cid: string }[] }
    ).posts;
    const ref = { uri: post.platformPostId, cid: listed!.cid };
    expect(record).toMatchObject({ text: 'Receita: #bolo', reply: { root: ref, parent: ref } });
    // The hashtag is a facet, as in a post.
    expect(record.facets).toEqual([
      expect.objectContaining({ features: [{ $type: 'app.bsky.richtext.facet#tag', tag: 'bolo' }] }),
    ]);
    const posts = sandbox.publishedPosts('bluesky');
    expect(posts.filter((p) => p.inReplyToId === undefined)).toHaveLength(1);
    expect(posts.filter((p) => p.inReplyToId === post.platformPostId)).toEqual([
      expect.objectContaining({ id: reply.id, text: 'Receita: #bolo' }),
    ]);
    const lookup = { target, platformPostId: post.platformPostId, text: 'Receita:  #bolo', since };
    expect(await adapter().lookupFirstComment!(lookup)).toMatchObject({
      kind: 'found',
      platformPostId: reply.id,
    });
    expect(await adapter().lookupFirstComment!({ ...lookup, text: 'outra' })).toEqual({ kind: 'absent' });
    // The post's own lookup does not take the reply for a post.
    expect(
      await adapter().lookupRecentPost!({ target, text: 'Receita: #bolo', since, until: new Date() }),
    ).toEqual({ kind: 'absent' });
  });

  it('a post that no longer exists: permanent with its pt-BR reason, nothing created; too long: refused before any request', async () => {
    const { target } = await connect();
    const missing = (await failure(
      adapter().publishFirstComment!({
        target,
        platformPostId: `at://${target.platformUserId}/app.bsky.feed.post/3kzzzzzzzzzzz`,
        text: 'oi',
      }),
    )) as PublishError;
    expect(missing).toBeInstanceOf(PublishError);
    expect(missing).toMatchObject({ kind: 'permanent', details: { networkCode: 'PostNotFound' } });
    expect(missing.details.reason).toContain('O Bluesky não encontrou o post para responder');
    expect(sandbox.requests({ pathPrefix: '/xrpc/com.atproto.repo.createRecord' })).toHaveLength(0);
    sandbox.clearRequests();
    const long = (await failure(
      adapter().publishFirstComment!({
        target,
        platformPostId: 'at://x/app.bsky.feed.post/1',
        text: 'a'.repeat(301),
      }),
    )) as PublishError;
    expect(long).toMatchObject({ kind: 'permanent', code: 'CONTENT_TOO_LONG' });
    expect(sandbox.requests()).toHaveLength(0);
  });

  it('a lost connection while reading the post is a plain retry; one after createRecord is unknown', async () => {
    const { target } = await connect();
    const post = await adapter().publish({ target, title: 't', text: `Post ${Math.random()}` });
    sandbox.addFault({ host: 'bsky.social', pathPrefix: '/xrpc/app.bsky.feed.getPosts', reset: true });
    const before = (await failure(
      adapter().publishFirstComment!({ target, platformPostId: post.platformPostId, text: 'oi' }),
    )) as PublishError;
    expect(before).toMatchObject({ kind: 'retryable', code: 'NETWORK_UNAVAILABLE' });
    sandbox.addFault({ host: 'bsky.social', pathPrefix: '/xrpc/com.atproto.repo.createRecord', reset: true });
    const after = (await failure(
      adapter().publishFirstComment!({ target, platformPostId: post.platformPostId, text: 'oi' }),
    )) as PublishError;
    expect(after.kind).toBe('unknown');
  });
});
