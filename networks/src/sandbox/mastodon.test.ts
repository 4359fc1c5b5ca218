// Sandbox Mastodon's own answers, in Mastodon's shapes: what the adapter tests do not reach (it
// checks the text and the images before sending): 422 `{ error }` validations, 401 for a bad or
// revoked token, 403 outside the scopes, media still processing (206, then a status refused until
// it is ready), another account's media, the Idempotency-Key, and the rate limits with their
// X-RateLimit-* headers. Any host made an instance is one; any other host is not Mastodon.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jpegImage } from '../publishing/test-images.js';
import { mastodonAccountId } from './mastodon-ids.js';
import { type SandboxHandle, startSandbox } from './server.js';

const HOST = 'mastodon.social';
let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.clearPublishedPosts();
  sandbox.control.mastodon.processingReads = 1;
});

/** A token of the default user at `host`, with `scopes`, through the real flow (no PKCE). */
async function token(scopes = 'read write:statuses write:media', host = HOST): Promise<string> {
  const redirect = 'http://localhost:5173/auth/callback?connection=true';
  const app = (await (
    await fetch(`${sandbox.url}/${host}/api/v1/apps`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_name: 'Teste', redirect_uris: redirect, scopes }),
    })
  ).json()) as { client_id: string; client_secret: string };
  const authorize = new URL(`${sandbox.url}/${host}/oauth/authorize`);
  for (const [k, v] of Object.entries({
    client_id: app.client_id,
    redirect_uri: redirect,
    response_type: 'code',
    scope: scopes,
  }))
    authorize.searchParams.set(k, v);
  const code = new URL(
    (await fetch(authorize, { redirect: 'manual' })).headers.get('location')!,
  ).searchParams.get('code')!;
  const answer = (await (
    await fetch(`${sandbox.url}/${host}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: app.client_id,
        client_secret: app.client_secret,
        redirect_uri: redirect,
      }),
    })
  ).json()) as { access_token: string };
  return answer.access_token;
}

async function call(
  method: string,
  path: string,
  bearer: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${sandbox.url}/${HOST}${path}`, {
    method,
    headers: {
      ...(bearer === null ? {} : { Authorization: `Bearer ${bearer}` }),
      ...(body === undefined || body instanceof FormData ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

function upload(alt = 'Uma foto') {
  const form = new FormData();
  form.set(
    'file',
    new Blob([jpegImage(400, 300) as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }),
    'a.jpg',
  );
  form.set('description', alt);
  return form;
}

describe('sandbox Mastodon', () => {
  it('is Mastodon only on the hosts made instances; the others answer 404', async () => {
    expect((await fetch(`${sandbox.url}/${HOST}/api/v2/instance`)).status).toBe(200);
    expect((await fetch(`${sandbox.url}/outro.exemplo.com/api/v2/instance`)).status).toBe(404);
    sandbox.control.setMastodonInstance('outro.exemplo.com', { maxCharacters: 5000 });
    const described = (await (await fetch(`${sandbox.url}/outro.exemplo.com/api/v2/instance`)).json()) as {
      configuration: { statuses: { max_characters: number } };
    };
    expect(described.configuration.statuses.max_characters).toBe(5000);
  });

  it('refuses an app without a name or with a relative redirect URI (422 { error })', async () => {
    const noName = await call('POST', '/api/v1/apps', null, {
      client_name: '',
      redirect_uris: 'https://a/cb',
    });
    expect(noName).toMatchObject({
      status: 422,
      body: { error: "Validation failed: Application name can't be blank" },
    });
    const relative = await call('POST', '/api/v1/apps', null, { client_name: 'x', redirect_uris: '/cb' });
    expect(relative.body.error).toBe('Validation failed: Redirect URI must be an absolute URI.');
  });

  it('answers 401 to a bad token, 401 "revoked" after /oauth/revoke, 403 outside the scopes', async () => {
    expect(await call('GET', '/api/v1/accounts/verify_credentials', 'nada')).toMatchObject({
      status: 401,
      body: { error: 'The access token is invalid' },
    });
    const readOnly = await token('read');
    expect((await call('POST', '/api/v1/statuses', readOnly, { status: 'oi' })).status).toBe(403);
    const me = await call('GET', '/api/v1/accounts/verify_credentials', readOnly);
    expect(me.body).toMatchObject({
      username: 'anasouza',
      id: mastodonAccountId(sandbox.control.store.defaultUser()),
    });
    expect(me.headers.get('x-ratelimit-limit')).toBe('300');
    expect(Number(me.headers.get('x-ratelimit-remaining'))).toBeLessThan(300);
    expect(Number.isNaN(Date.parse(me.headers.get('x-ratelimit-reset') ?? ''))).toBe(false);
  });

  it('validates a status: blank, over the instance limit (links count 23), more images than allowed', async () => {
    const bearer = await token();
    expect((await call('POST', '/api/v1/statuses', bearer, { status: ' ' })).body.error).toBe(
      "Validation failed: Text can't be blank",
    );
    const long = await call('POST', '/api/v1/statuses', bearer, { status: 'a'.repeat(501) });
    expect(long).toMatchObject({
      status: 422,
      body: { error: 'Validation failed: Text character limit of 500 exceeded' },
    });
    const link = `${'a'.repeat(476)} https://exemplo.com/${'x'.repeat(500)}`;
    expect((await call('POST', '/api/v1/statuses', bearer, { status: link })).status).toBe(200);
    const five = await call('POST', '/api/v1/statuses', bearer, {
      status: 'x',
      media_ids: ['1', '2', '3', '4', '5'],
    });
    expect(five.body.error).toBe('Validation failed: Cannot attach more than 4 files');
  });

  it('processes media asynchronously: 202, 206 while processing, a status refused until it is ready', async () => {
    const bearer = await token();
    const created = await call('POST', '/api/v2/media', bearer, upload('Vitrine da loja'));
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ type: 'image', url: null, description: 'Vitrine da loja' });
    const id = String(created.body.id);
    const early = await call('POST', '/api/v1/statuses', bearer, { status: 'cedo', media_ids: [id] });
    expect(early.body.error).toMatch(/not finished processing/);
    expect((await call('GET', `/api/v1/media/${id}`, bearer)).status).toBe(206);
    const ready = await call('GET', `/api/v1/media/${id}`, bearer);
    expect(ready.status).toBe(200);
    expect(String(ready.body.url)).toMatch(/^https:\/\/mastodon\.social\/system\/media_attachments\//);
    const posted = await call('POST', '/api/v1/statuses', bearer, { status: 'pronto', media_ids: [id] });
    expect(posted.status).toBe(200);
    const reused = await call('POST', '/api/v1/statuses', bearer, { status: 'de novo', media_ids: [id] });
    expect(reused.body.error).toMatch(/already attached to another post/);
    expect(sandbox.publishedPosts('mastodon').map((p) => p.media.map((m) => m.altText))).toEqual([
      ['Vitrine da loja'],
    ]);
  });

  it('refuses a file that is not an image and an alt text over 1,500 characters', async () => {
    const bearer = await token();
    const form = new FormData();
    form.set('file', new Blob([new TextEncoder().encode('not an image')]), 'a.txt');
    expect((await call('POST', '/api/v2/media', bearer, form)).body.error).toMatch(/content type is invalid/);
    expect((await call('POST', '/api/v2/media', bearer, upload('a'.repeat(1501)))).body.error).toMatch(
      /Description is too long/,
    );
  });

  it('answers a repeated Idempotency-Key with the same status, a new key with a new one', async () => {
    const bearer = await token();
    const first = await call(
      'POST',
      '/api/v1/statuses',
      bearer,
      { status: 'uma vez' },
      { 'Idempotency-Key': 'k1' },
    );
    const again = await call(
      'POST',
      '/api/v1/statuses',
      bearer,
      { status: 'uma vez' },
      { 'Idempotency-Key': 'k1' },
    );
    expect(again.body.id).toBe(first.body.id);
    const other = await call(
      'POST',
      '/api/v1/statuses',
      bearer,
      { status: 'uma vez' },
      { 'Idempotency-Key': 'k2' },
    );
    expect(other.body.id).not.toBe(first.body.id);
    expect(sandbox.publishedPosts('mastodon')).toHaveLength(2);
    // "Ver na rede": the status's URL on the instance shows it (through the sandbox).
    const page = await fetch(`${sandbox.url}/${HOST}/@anasouza/${String(first.body.id)}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('uma vez');
    expect(html).toContain(`@anasouza@${HOST}`);
  });

  it('limits media uploads to 30 per 30 minutes per account (429 with X-RateLimit-*)', async () => {
    sandbox.control.mastodon.processingReads = 0;
    const bearer = await token();
    const answers: number[] = [];
    for (let i = 0; i < 31; i += 1)
      answers.push((await call('POST', '/api/v2/media', bearer, upload())).status);
    // The other tests' uploads were other accounts' tokens of the same user: the window is the account's.
    expect(answers.filter((status) => status === 429).length).toBeGreaterThanOrEqual(1);
    const limited = await call('POST', '/api/v2/media', bearer, upload());
    expect(limited).toMatchObject({ status: 429, body: { error: 'Too many requests' } });
  });
});
