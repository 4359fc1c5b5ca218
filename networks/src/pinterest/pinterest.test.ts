// Pinterest against its sandbox: the OAuth client (Basic client auth, comma-separated scopes,
// refresh), the board picker (several boards → a choice, one → at once, none → refused), pins with
// one image or a carousel (title, description, link, alt text, board), the refusals before any call
// (no image, too long, too many images) and the sandbox's own (another user's board, a missing
// field), the board-pins lookup, analytics (business only) and the follower count.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConnectRefusedError } from '../connect/types.js';
import { type ImageServer, serveImages, sha256, testMedia } from '../publishing/test-images.js';
import { PublishError, type PublishMedia, type PublishTarget } from '../publishing/types.js';
import { pinterestBoards } from '../sandbox/pinterest-boards.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch, installSandboxFetch, uninstallSandboxFetch } from '../sandbox-url.js';
import { fetchPinterestFollowers } from './followers.js';
import { pinterest } from './index.js';
import { createPinterestOAuthClient } from './oauth.js';
import { createPinterestAdapter, pinBody, pinTitle } from './publish.js';

let sandbox: SandboxHandle;
let images: ImageServer;
const clock = Date.parse('2026-11-27T12:00:00Z');

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => clock });
  images = await serveImages();
  installSandboxFetch(sandbox.url);
});
afterAll(async () => {
  uninstallSandboxFetch();
  await sandbox.close();
  await images.close();
});
beforeEach(() => {
  sandbox.reset();
  sandbox.clearPublishedPosts();
});

const client = (secret = 'sandbox-pinterest-secret') =>
  createPinterestOAuthClient({
    clientId: 'sandbox-pinterest-client',
    clientSecret: secret,
    redirectUri: 'http://localhost:3000/auth/callback?connection=true',
    sandboxUrl: sandbox.url,
    fetch: createNetworkFetch(sandbox.url),
    now: () => clock,
  });
const adapter = () => pinterest.createPublisher({ fetch: createNetworkFetch(sandbox.url) });

async function connect(user?: Parameters<SandboxHandle['setNextAuthorization']>[1]['user']) {
  if (user !== undefined) sandbox.setNextAuthorization('pinterest', { user });
  const url = client().createAuthorizationURL({ state: 'estado' });
  const answer = await fetch(url, { redirect: 'manual' });
  const code = new URL(answer.headers.get('location')!).searchParams.get('code')!;
  const tokens = await client().validateAuthorizationCode(code);
  return { tokens, outcome: await pinterest.connectSteps.complete(client(), tokens, tokens.scopes) };
}

/** A token of Ana (business account, two boards) and her first board. */
function boardTarget(user?: string): PublishTarget {
  const issued = sandbox.issueToken({ network: 'pinterest', ...(user === undefined ? {} : { user }) });
  return { platformUserId: issued.platformUserId, accessToken: issued.accessToken };
}

/** JPEGs served where sandbox Pinterest downloads them, as Pauta's signed URLs are. */
function media(count: number, prefix = `p${Math.random().toString(36).slice(2)}`): PublishMedia[] {
  return testMedia(count).map((item, index) => ({
    ...item,
    url: images.put(`${prefix}-${index}.jpg`, Buffer.from(item.bytes)),
  }));
}

async function failure(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PublishError)) throw new Error(`expected a PublishError, got ${String(error)}`);
  return error;
}

describe('Pinterest: connecting', () => {
  it('asks for the five scopes, comma-separated; exchanges the code with HTTP Basic; 30-day token, refresh token', async () => {
    const url = client().createAuthorizationURL({ state: 'abc' });
    expect(url.searchParams.get('scope')).toBe(
      'boards:read,boards:write,pins:read,pins:write,user_accounts:read',
    );
    const { tokens } = await connect();
    const [exchange] = sandbox.requests({ host: 'api.pinterest.com', pathPrefix: '/v5/oauth/token' });
    expect(exchange!.headers.authorization).toBe('Basic');
    expect(exchange!.body).toMatchObject({ grant_type: 'authorization_code' });
    expect(tokens.refreshToken).not.toBeNull();
    expect(tokens.accessTokenExpiresAt?.getTime()).toBe(clock + 30 * 86_400_000);
    expect(tokens.refreshTokenExpiresAt?.getTime()).toBe(clock + 365 * 86_400_000);
    const renewed = await client().refreshAccessToken(tokens.refreshToken!);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    // A wrong secret is the app's problem (invalid_client), a used refresh token the account's.
    await expect(client('errado').refreshAccessToken(renewed.refreshToken!)).rejects.toMatchObject({
      kind: 'invalid_client',
    });
    await expect(client().refreshAccessToken('pinr_inexistente')).rejects.toMatchObject({
      kind: 'invalid_grant',
    });
  });

  it('two boards: the person picks one; the chosen board keeps the token, refresh token and expiry', async () => {
    const { tokens, outcome } = await connect();
    const boards = pinterestBoards(sandbox.control.store.defaultUser());
    expect(outcome.kind).toBe('choose');
    if (outcome.kind !== 'choose') return;
    expect(outcome.choices).toEqual(boards.map((b) => ({ id: b.id, name: b.name })));
    expect(outcome.profile.name).toBe('anasouza');
    const account = await pinterest.connectSteps.picker!.choose(client(), {
      userToken: outcome.userToken,
      choiceId: boards[1]!.id,
      profile: outcome.profile,
    });
    expect(account).toMatchObject({
      platformUserId: boards[1]!.id,
      platformUsername: 'anasouza',
      pageName: boards[1]!.name,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      accessTokenExpiresAt: tokens.accessTokenExpiresAt,
    });
    // A board of someone else is not offered.
    const bruno = pinterestBoards(sandbox.control.store.findUser('bruno')!)[0]!;
    expect(
      await pinterest.connectSteps.picker!.choose(client(), {
        userToken: outcome.userToken,
        choiceId: bruno.id,
        profile: outcome.profile,
      }),
    ).toBeNull();
  });

  it('one board connects at once; no board is refused with no_pinterest_boards (pt-BR text in the profile)', async () => {
    const one = await connect({
      sub: '1000000000000000091',
      username: 'rita',
      pages: [{ id: '10100000000999901', name: 'Receitas da Rita', category: 'Padaria' }],
    });
    expect(one.outcome).toMatchObject({ kind: 'connected', account: { pageName: 'Receitas da Rita' } });
    const error = await connect({ sub: '1000000000000000092', username: 'sem', pages: [] }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConnectRefusedError);
    expect((error as ConnectRefusedError).reason).toBe('no_pinterest_boards');
  });

  it('reads the follower count from user_account', async () => {
    const count = await fetchPinterestFollowers(boardTarget(), { fetch: createNetworkFetch(sandbox.url) });
    expect(count).toBeGreaterThanOrEqual(1200);
  });
});

describe('Pinterest: publishing pins', () => {
  it('the title is the post’s title, else the first line, cut at 100', () => {
    expect(pinTitle('Bolo de cenoura', 'texto')).toBe('Bolo de cenoura');
    expect(pinTitle('  ', '\nPrimeira linha\nsegunda')).toBe('Primeira linha');
    expect([...pinTitle('', 'á'.repeat(150))]).toHaveLength(100);
    const body = pinBody('b1', { title: '', text: 'Veja https://exemplo.com.br/receita. Bom!' }, [
      { url: 'https://m/1.jpg', altText: 'x'.repeat(600) },
    ]);
    expect(body).toMatchObject({
      link: 'https://exemplo.com.br/receita',
      media_source: { source_type: 'image_url' },
    });
    expect([...(body.alt_text as string)]).toHaveLength(500);
  });

  it('one image: POST /v5/pins with board, title, description, link and alt text; the sandbox fetched the image', async () => {
    const target = boardTarget();
    const [image] = media(1);
    const text = 'Bolo de cenoura fofinho\nReceita completa em https://padaria.exemplo/bolo';
    const result = await adapter().publish({ target, title: '', text, media: [image!] });
    expect(result.url).toBe(`https://www.pinterest.com/pin/${result.platformPostId}/`);
    const [call] = sandbox.requests({ host: 'api.pinterest.com', pathPrefix: '/v5/pins', method: 'POST' });
    expect(call!.body).toEqual({
      board_id: target.platformUserId,
      title: 'Bolo de cenoura fofinho',
      description: text,
      link: 'https://padaria.exemplo/bolo',
      alt_text: image!.altText,
      media_source: { source_type: 'image_url', url: image!.url },
    });
    const [pin] = sandbox.publishedPosts('pinterest');
    expect(pin).toMatchObject({ id: result.platformPostId, authorId: target.platformUserId, text });
    expect(pin!.media.map((m) => m.sha256)).toEqual([sha256(image!.bytes)]);
  });

  it('three images are a carousel (multiple_image_urls), in order', async () => {
    const target = boardTarget();
    const three = media(3);
    await adapter().publish({ target, title: 'Três bolos', text: 'Carrossel', media: three });
    const [call] = sandbox.requests({ host: 'api.pinterest.com', pathPrefix: '/v5/pins', method: 'POST' });
    expect(call!.body).toMatchObject({
      title: 'Três bolos',
      media_source: {
        source_type: 'multiple_image_urls',
        items: three.map((m) => ({ url: m.url })),
        index: 0,
      },
    });
    expect(sandbox.publishedPosts('pinterest')[0]!.media.map((m) => m.sha256)).toEqual(
      three.map((m) => sha256(m.bytes)),
    );
  });

  it('refuses before any call: no image (MEDIA_REQUIRED), a description over 800, six images', async () => {
    const target = boardTarget();
    expect(await failure(adapter().publish({ target, title: '', text: 'Sem imagem' }))).toMatchObject({
      kind: 'permanent',
      code: 'MEDIA_REQUIRED',
    });
    expect(
      await failure(adapter().publish({ target, title: '', text: 'a'.repeat(801), media: media(1) })),
    ).toMatchObject({ code: 'CONTENT_TOO_LONG' });
    const six = await failure(adapter().publish({ target, title: '', text: 'x', media: media(6) }));
    expect(six.details.reason).toContain('O Pinterest aceita no máximo 5 imagens');
    expect(sandbox.requests({ host: 'api.pinterest.com', pathPrefix: '/v5/pins' })).toHaveLength(0);
  });

  it('another user’s board → 403 (told in pt-BR to reconnect and pick a board); a deleted board → 404', async () => {
    const bruno = pinterestBoards(sandbox.control.store.findUser('bruno')!)[0]!;
    const target = { ...boardTarget(), platformUserId: bruno.id };
    const error = await failure(adapter().publish({ target, title: '', text: 'Olá', media: media(1) }));
    expect(error).toMatchObject({ kind: 'permanent', details: { status: 403, networkCode: '29' } });
    expect(error.details.reason).toContain('escolha a pasta de novo');
    const gone = await failure(
      adapter().publish({
        target: { ...target, platformUserId: '549700000000000000' },
        title: '',
        text: 'Olá',
        media: media(1),
      }),
    );
    expect(gone.details.reason).toContain('não existe mais');
    expect(sandbox.publishedPosts('pinterest')).toHaveLength(0);
  });

  it('an image Pinterest cannot download → 400 IMAGE_FETCH, permanent, nothing pinned', async () => {
    const [image] = media(1);
    const broken = { ...image!, url: `${images.url}/media/nao-existe.jpg?sig=x` };
    const error = await failure(
      adapter().publish({ target: boardTarget(), title: '', text: 'x', media: [broken] }),
    );
    expect(error).toMatchObject({ kind: 'permanent', details: { status: 400, networkCode: 'IMAGE_FETCH' } });
    expect(error.details.reason).toContain('não conseguiu baixar a imagem');
  });

  it('an expired or removed token → auth (reconnect), never a second pin', async () => {
    const target = { ...boardTarget(), accessToken: 'pina_revogado' };
    const error = await failure(adapter().publish({ target, title: '', text: 'x', media: media(1) }));
    expect(error).toMatchObject({ kind: 'auth', code: 'ACCOUNT_NEEDS_RECONNECT' });
  });
});

describe('Pinterest: the sandbox’s own refusals', () => {
  it('a pin without board_id, a title over 100, a carousel of six: 400 { code, message }', async () => {
    const target = boardTarget();
    const post = (body: unknown) =>
      fetch(`${sandbox.url}/api.pinterest.com/v5/pins`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${target.accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const source = { source_type: 'image_url', url: 'https://exemplo.com/a.jpg' };
    const noBoard = await post({ title: 't', media_source: source });
    expect(noBoard.status).toBe(400);
    expect(await noBoard.json()).toEqual({
      code: 1,
      message: "Invalid parameters. 'board_id' is a required property.",
    });
    const longTitle = await post({
      board_id: target.platformUserId,
      title: 'a'.repeat(101),
      media_source: source,
    });
    expect(((await longTitle.json()) as { message: string }).message).toContain("'title' is too long");
    const six = await post({
      board_id: target.platformUserId,
      media_source: {
        source_type: 'multiple_image_urls',
        items: Array.from({ length: 6 }, () => ({ url: source.url })),
      },
    });
    expect(((await six.json()) as { message: string }).message).toContain('2 to 5 images');
    const noScope = sandbox.issueToken({ network: 'pinterest', scopes: ['boards:read'] });
    const refused = await fetch(`${sandbox.url}/api.pinterest.com/v5/pins`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${noScope.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ board_id: target.platformUserId, media_source: source }),
    });
    expect(refused.status).toBe(401);
    expect(sandbox.publishedPosts('pinterest')).toHaveLength(0);
  });

  it('boards are paged with bookmark; a page_size over 250 is refused', async () => {
    const target = boardTarget();
    const get = (query: string) =>
      fetch(`${sandbox.url}/api.pinterest.com/v5/boards?${query}`, {
        headers: { Authorization: `Bearer ${target.accessToken}` },
      });
    const first = (await (await get('page_size=1')).json()) as {
      items: { id: string }[];
      bookmark: string | null;
    };
    expect(first.items).toHaveLength(1);
    expect(first.bookmark).not.toBeNull();
    const second = (await (await get(`page_size=1&bookmark=${first.bookmark}`)).json()) as typeof first;
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
    expect(second.bookmark).toBeNull();
    expect((await get('page_size=251')).status).toBe(400);
  });
});

describe('Pinterest: lookup and metrics', () => {
  it('finds a pin by its description on the board (newest first); absent when the board has none', async () => {
    const target = boardTarget();
    const since = new Date(clock - 60_000);
    const absent = await adapter().lookupRecentPost!({
      target,
      text: 'Pin perdido',
      since,
      until: new Date(clock),
    });
    expect(absent).toEqual({ kind: 'absent' });
    const published = await adapter().publish({ target, title: '', text: 'Pin perdido', media: media(1) });
    const found = await adapter().lookupRecentPost!({
      target,
      text: 'Pin perdido',
      since,
      until: new Date(clock),
    });
    expect(found).toEqual({ kind: 'found', platformPostId: published.platformPostId, url: published.url });
    const [listing] = sandbox.requests({
      host: 'api.pinterest.com',
      pathPrefix: `/v5/boards/${target.platformUserId}/pins`,
    });
    expect(listing!.query).toMatchObject({ page_size: '25' });
  });

  it('reads IMPRESSION and SAVE over the last 90 days; a personal account’s pins are unavailable, not 0', async () => {
    const target = boardTarget();
    const { platformPostId } = await adapter().publish({
      target,
      title: '',
      text: 'Métricas',
      media: media(1),
    });
    sandbox.control.setPostMetrics({ platformPostId, reach: 900, likes: 31, comments: 2, shares: 5 });
    const dated = createPinterestAdapter({ fetch: createNetworkFetch(sandbox.url), now: () => clock });
    const metrics = await dated.fetchMetrics({ target, platformPostIds: [platformPostId] });
    expect(metrics.get(platformPostId)).toEqual({ reach: 900, likes: 31, comments: null });
    const [call] = sandbox.requests({
      host: 'api.pinterest.com',
      pathPrefix: `/v5/pins/${platformPostId}/analytics`,
    });
    expect(call!.query).toMatchObject({
      start_date: '2026-08-30',
      end_date: '2026-11-27',
      metric_types: 'IMPRESSION,SAVE,PIN_CLICK,OUTBOUND_CLICK',
    });
    // A pin of a personal (PINNER) account (Bruno's): 403 → "indisponível", never 0.
    const bruno = boardTarget('bruno');
    const own = await adapter().publish({ target: bruno, title: '', text: 'Pessoal', media: media(1) });
    const personal = await dated.fetchMetrics({ target: bruno, platformPostIds: [own.platformPostId] });
    expect(personal.get(own.platformPostId)).toBeNull();
  });
});
