// The REST API v1's two posts gaps of issue 28, through real HTTP: a post created with a text per
// network (themes.scheduleDraft's `texts`, the UI's one code path), and an image uploaded with a
// token (POST /api/v1/posts/{id}/media, the app's upload pipeline). Real PostgreSQL.
import { randomUUID } from 'node:crypto';
import { type ApiTokenScope, generateApiToken } from '@pauta/core';
import type { DbHandle } from '@pauta/db';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { listen, signedInUser, testDeps } from '../../../test/server-harness.js';

let handle: DbHandle;
let server: { url: string; close(): Promise<void> };

beforeAll(async () => {
  handle = await testDb();
  server = await listen(testDeps(handle));
});
afterAll(async () => {
  await server?.close();
  await handle?.close();
});

type Signed = Awaited<ReturnType<typeof signedInUser>>;

async function makeToken(user: Signed, scopes: ApiTokenScope[]): Promise<string> {
  const token = generateApiToken();
  const res = await user.browser.mutate('apiTokens.create', {
    name: `Token ${scopes.join('+')}`,
    scopes,
    expiresInDays: 30,
    token,
  });
  expect(res.status).toBe(200);
  return token;
}

async function api(
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const raw = Buffer.isBuffer(body);
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined && !raw ? { 'content-type': 'application/json' } : {}),
      ...(method === 'POST' && !('idempotency-key' in headers) ? { 'idempotency-key': randomUUID() } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : raw ? new Uint8Array(body as Buffer) : JSON.stringify(body),
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: test reads of JSON answers.
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as any };
}

/** A theme on LinkedIn and X, made through the API. */
async function themeOf(token: string, name: string): Promise<string> {
  const created = await api(token, 'POST', '/themes', {
    name,
    description: 'Dicas de preparo e origem dos grãos do café especial brasileiro.',
    toneOfVoice: ['casual'],
    avoidTopics: [],
    socialNetworks: ['linkedin', 'x'],
    frequency: 'weekly',
    colorPalette: 'green',
  });
  expect(created.status).toBe(201);
  return created.body.theme.id as string;
}

async function postsOf(token: string, themeId: string, title: string) {
  const listed = await api(token, 'GET', `/posts?themeId=${themeId}&limit=100`);
  expect(listed.status).toBe(200);
  return (listed.body.items as { id: string; title: string; platform: string; content: string }[]).filter(
    (p) => p.title === title,
  );
}

const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Make: 'CameraDoUsuario' } } })
    .toBuffer();

describe('POST /api/v1/posts with a text per network', () => {
  it('creates one post per network, each with its own text; a replay returns the same answer', async () => {
    const user = await signedInUser(handle, server.url, { label: 'api-textos' });
    const token = await makeToken(user, ['read', 'write', 'publish']);
    const themeId = await themeOf(token, 'Textos por rede');
    const body = {
      themeId,
      title: 'Lançamento do blend',
      platforms: ['linkedin', 'x'],
      texts: {
        linkedin: 'Texto longo para o LinkedIn, com contexto sobre a torra e a origem dos grãos.',
        x: 'Blend novo no ar! ☕',
      },
    };
    const key = randomUUID();
    const created = await api(token, 'POST', '/posts', body, { 'idempotency-key': key });
    expect(created.status).toBe(201);
    expect(created.body.platforms).toBe(2);
    expect(created.body.postIds).toHaveLength(2);

    const posts = await postsOf(token, themeId, body.title);
    expect(posts).toHaveLength(2);
    const byNetwork = Object.fromEntries(posts.map((p) => [p.platform, p.content]));
    expect(byNetwork).toEqual(body.texts);

    // The same key and body: the stored answer, nothing created again.
    const again = await api(token, 'POST', '/posts', body, { 'idempotency-key': key });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(created.body);
    expect(await postsOf(token, themeId, body.title)).toHaveLength(2);

    // The old single-text body still works (one text for every network).
    const single = await api(token, 'POST', '/posts', {
      themeId,
      title: 'Texto único',
      content: 'O mesmo texto nas duas redes.',
      platforms: ['linkedin', 'x'],
    });
    expect(single.status).toBe(201);
    const same = await postsOf(token, themeId, 'Texto único');
    expect(same.map((p) => p.content)).toEqual([
      'O mesmo texto nas duas redes.',
      'O mesmo texto nas duas redes.',
    ]);
  });

  it("one text over its network's limit: a 400 problem naming the network, nothing written", async () => {
    const user = await signedInUser(handle, server.url, { label: 'api-textos-limite' });
    const token = await makeToken(user, ['read', 'write', 'publish']);
    const themeId = await themeOf(token, 'Limite por rede');
    const res = await api(token, 'POST', '/posts', {
      themeId,
      title: 'Longo demais no X',
      platforms: ['linkedin', 'x'],
      texts: { linkedin: 'Cabe no LinkedIn.', x: 'a'.repeat(281) },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details).toEqual({ tooLongFor: ['x'] });
    expect(res.body.detail).toContain('280');
    expect(res.body.detail).toContain('X');
    expect(await postsOf(token, themeId, 'Longo demais no X')).toHaveLength(0);

    // A network with no text (and no common one): refused, nothing written.
    const missing = await api(token, 'POST', '/posts', {
      themeId,
      title: 'Sem texto no X',
      platforms: ['linkedin', 'x'],
      texts: { linkedin: 'Só o LinkedIn.' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toMatchObject({ field: 'content' });
    expect(await postsOf(token, themeId, 'Sem texto no X')).toHaveLength(0);
  });
});

describe('network options through the REST API (docs/post-options.md)', () => {
  it('POST /posts and PATCH /posts/{id} take networkOptions, validated; GET answers them', async () => {
    const user = await signedInUser(handle, server.url, { label: 'api-opcoes' });
    const token = await makeToken(user, ['read', 'write', 'publish']);
    const theme = await api(token, 'POST', '/themes', {
      name: 'Padaria',
      description: 'Novidades, eventos e ofertas da padaria do bairro.',
      toneOfVoice: ['casual'],
      avoidTopics: [],
      socialNetworks: ['google_business', 'linkedin'],
      frequency: 'weekly',
      colorPalette: 'green',
    });
    expect(theme.status).toBe(201);
    const themeId = theme.body.theme.id as string;
    const offer = {
      postType: 'OFFER',
      offerTitle: '10% no panetone',
      offerStart: '2026-12-01T08:00',
      offerEnd: '2026-12-24T20:00',
      couponCode: 'NATAL10',
    };
    // A bad option of one network refuses the whole post, nothing written.
    const refused = await api(token, 'POST', '/posts', {
      themeId,
      title: 'Oferta de Natal',
      content: 'Panetone com desconto até a véspera.',
      platforms: ['google_business', 'linkedin'],
      networkOptions: { google_business: { ...offer, offerTitle: 'x'.repeat(59) } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(
      '“Título da oferta” tem 59 caracteres e o máximo é 58. Encurte o texto.',
    );
    expect(await postsOf(token, themeId, 'Oferta de Natal')).toHaveLength(0);
    const created = await api(token, 'POST', '/posts', {
      themeId,
      title: 'Oferta de Natal',
      content: 'Panetone com desconto até a véspera.',
      platforms: ['google_business', 'linkedin'],
      networkOptions: { google_business: offer },
    });
    expect(created.status).toBe(201);
    const posts = await postsOf(token, themeId, 'Oferta de Natal');
    const google = posts.find((p) => p.platform === 'google_business')!;
    const linkedin = posts.find((p) => p.platform === 'linkedin')!;
    expect((await api(token, 'GET', `/posts/${google.id}`)).body.networkOptions).toEqual(offer);
    expect((await api(token, 'GET', `/posts/${linkedin.id}`)).body.networkOptions).toEqual({});

    const edit = {
      title: 'Oferta de Natal',
      content: 'Panetone com desconto até a véspera.',
      scheduledFor: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    };
    const bad = await api(token, 'PATCH', `/posts/${google.id}`, {
      ...edit,
      networkOptions: { ...offer, redeemUrl: 'cupom' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(bad.body.details).toMatchObject({ field: 'networkOptions', optionIssues: [{ key: 'redeemUrl' }] });
    expect(bad.body.detail).toBe(
      '“Link para resgatar a oferta” precisa ser um link completo, como https://seusite.com.br/pagina.',
    );
    const good = await api(token, 'PATCH', `/posts/${google.id}`, {
      ...edit,
      networkOptions: { postType: 'STANDARD', buttonType: 'CALL' },
    });
    expect(good.status).toBe(200);
    expect((await api(token, 'GET', `/posts/${google.id}`)).body.networkOptions).toEqual({
      postType: 'STANDARD',
      buttonType: 'CALL',
    });
  });
});

describe('POST /api/v1/posts/{id}/media with a token', () => {
  it('needs the write scope; with it the image is on the post, its bytes stored; a cookie alone is 401', async () => {
    const user = await signedInUser(handle, server.url, { label: 'api-midia' });
    const writer = await makeToken(user, ['read', 'write', 'publish']);
    const reader = await makeToken(user, ['read']);
    const themeId = await themeOf(writer, 'Imagens pela API');
    const created = await api(writer, 'POST', '/posts', {
      themeId,
      title: 'Post com foto',
      content: 'Olha o nosso café.',
      platforms: ['linkedin'],
    });
    expect(created.status).toBe(201);
    const postId = created.body.postIds[0] as string;
    const image = await photo();

    const readOnly = await api(reader, 'POST', `/posts/${postId}/media`, image, {
      'content-type': 'image/jpeg',
    });
    expect(readOnly.status).toBe(403);
    expect(readOnly.headers.get('content-type')).toContain('application/problem+json');

    const cookieOnly = await fetch(`${server.url}/api/v1/posts/${postId}/media`, {
      method: 'POST',
      headers: {
        cookie: user.browser.cookieHeader(),
        'content-type': 'image/jpeg',
        'idempotency-key': randomUUID(),
      },
      body: new Uint8Array(image),
    });
    expect(cookieOnly.status).toBe(401);

    const noType = await api(writer, 'POST', `/posts/${postId}/media`, Buffer.from('texto'), {
      'content-type': 'text/plain',
    });
    expect(noType.status).toBe(400);
    expect(noType.body.code).toBe('MEDIA_REJECTED');

    const key = randomUUID();
    const uploaded = await api(writer, 'POST', `/posts/${postId}/media`, image, {
      'content-type': 'image/jpeg',
      'idempotency-key': key,
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.media).toMatchObject({ width: 640, height: 480, mimeType: 'image/jpeg' });
    // A retry with the same key: the same image, not a second one.
    const retried = await api(writer, 'POST', `/posts/${postId}/media`, image, {
      'content-type': 'image/jpeg',
      'idempotency-key': key,
    });
    expect(retried.status).toBe(200);
    expect(retried.body.media.id).toBe(uploaded.body.media.id);

    const listed = await user.browser.query<{ id: string }[]>('media.list', { postId });
    expect(listed.data?.map((m) => m.id)).toEqual([uploaded.body.media.id]);
    // The bytes are stored (and their EXIF stripped, by the same pipeline as the app's upload).
    const stored = await fetch(`${server.url}${uploaded.body.media.url}`);
    expect(stored.status).toBe(200);
    const meta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect(meta.width).toBe(640);
    expect(meta.exif).toBeUndefined();
  });
});

describe('the OpenAPI document and the reference page', () => {
  it('describe the text per network and the image upload', async () => {
    const doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as {
      // biome-ignore lint/suspicious/noExplicitAny: a JSON document read in a test.
      paths: Record<string, any>;
    };
    const create = doc.paths['/posts'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(create.properties)).toContain('texts');
    expect(create.required).not.toContain('content');
    const upload = doc.paths['/posts/{id}/media'].post;
    expect(Object.keys(upload.requestBody.content)).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(upload['x-pauta-scopes']).toEqual(['write']);
    const page = await (await fetch(`${server.url}/api/v1/docs`)).text();
    expect(page).toContain('--data-binary @foto.jpg');
  });
});
