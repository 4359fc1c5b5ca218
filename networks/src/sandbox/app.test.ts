import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedRequest } from './recorder.js';
import { type SandboxHandle, startSandbox } from './server.js';

let sandbox: SandboxHandle;

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    clients: {
      linkedin: [
        {
          clientId: 'li-registered',
          clientSecret: 'li-secret',
          redirectUris: ['https://app.pauta.test/oauth/linkedin'],
        },
      ],
    },
  });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(async () => {
  const cleared = await Promise.all([
    fetch(`${sandbox.url}/__sandbox/requests`, { method: 'DELETE' }),
    fetch(`${sandbox.url}/__sandbox/faults`, { method: 'DELETE' }),
  ]);
  expect(cleared.map((r) => r.status)).toEqual([204, 204]);
});

const challenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

function googleAuthorizeUrl(params: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: 'sandbox-google-client',
    redirect_uri: 'http://localhost:3000/auth/callback',
    state: 'st',
    scope: 'openid profile email',
    code_challenge_method: 'S256',
    code_challenge: challenge('v'.repeat(43)),
    ...params,
  });
  return `${sandbox.url}/accounts.google.com/o/oauth2/v2/auth?${query}`;
}

async function controlPost(path: string, body: unknown): Promise<Response> {
  return fetch(`${sandbox.url}/__sandbox/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function recorded(): Promise<RecordedRequest[]> {
  const response = await fetch(`${sandbox.url}/__sandbox/requests`);
  return ((await response.json()) as { requests: RecordedRequest[] }).requests;
}

describe('authorization endpoint', () => {
  it('redirects to an allowed /auth/callback with code and state', async () => {
    const response = await fetch(googleAuthorizeUrl(), { redirect: 'manual' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe('http://localhost:3000/auth/callback');
    expect(location.searchParams.get('state')).toBe('st');
    expect(location.searchParams.get('code')).toMatch(/^sbx_google_code_/);
  });

  it('keeps the query of the redirect URI (connection callbacks)', async () => {
    const response = await fetch(
      googleAuthorizeUrl({ redirect_uri: 'http://127.0.0.1:5173/auth/callback?connection=true' }),
      { redirect: 'manual' },
    );
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.searchParams.get('connection')).toBe('true');
    expect(location.searchParams.get('code')).not.toBeNull();
  });

  it.each([
    'https://evil.test/auth/callback',
    'http://localhost:3000/other',
    'http://localhost.evil.test:3000/auth/callback',
    'not a url',
  ])('shows an error page instead of redirecting to %s', async (redirectUri) => {
    const response = await fetch(googleAuthorizeUrl({ redirect_uri: redirectUri }), { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('redirect_uri_mismatch');
  });

  it('rejects an unknown client', async () => {
    const response = await fetch(googleAuthorizeUrl({ client_id: 'someone-else' }), { redirect: 'manual' });
    expect(response.status).toBe(400);
  });

  it('accepts exactly the redirect URIs registered for a client', async () => {
    const base = {
      response_type: 'code',
      client_id: 'li-registered',
      state: 's',
      scope: 'openid',
    };
    const ok = await fetch(
      `${sandbox.url}/www.linkedin.com/oauth/v2/authorization?${new URLSearchParams({ ...base, redirect_uri: 'https://app.pauta.test/oauth/linkedin' })}`,
      { redirect: 'manual' },
    );
    expect(ok.status).toBe(302);
    const other = await fetch(
      `${sandbox.url}/www.linkedin.com/oauth/v2/authorization?${new URLSearchParams({ ...base, redirect_uri: 'https://app.pauta.test/oauth/other' })}`,
      { redirect: 'manual' },
    );
    expect(other.status).toBe(400);
  });

  it('requires an S256 code challenge where the provider uses PKCE', async () => {
    const response = await fetch(googleAuthorizeUrl({ code_challenge_method: 'plain' }), {
      redirect: 'manual',
    });
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('picks the identity from ?sandbox_user= and from POST /__sandbox/next-authorization', async () => {
    const exchange = async (url: string) => {
      const response = await fetch(url, { redirect: 'manual' });
      const code = new URL(response.headers.get('location') ?? '').searchParams.get('code') ?? '';
      const token = await fetch(`${sandbox.url}/oauth2.googleapis.com/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: 'http://localhost:3000/auth/callback',
          code_verifier: 'v'.repeat(43),
          client_id: 'sandbox-google-client',
          client_secret: 'sandbox-google-secret',
        }),
      });
      const { access_token } = (await token.json()) as { access_token: string };
      const info = await fetch(`${sandbox.url}/openidconnect.googleapis.com/v1/userinfo`, {
        headers: { Authorization: `Bearer ${access_token}` },
      });
      return (await info.json()) as { sub: string; email?: string };
    };
    expect((await exchange(googleAuthorizeUrl({ sandbox_user: 'bruno' }))).email).toBe(
      'bruno.lima@example.com',
    );

    const planted = await controlPost('next-authorization', {
      network: 'google',
      user: { sub: 'planted-1', email: 'novo@example.com', given_name: 'Novo' },
    });
    expect(planted.status).toBe(201);
    expect(await exchange(googleAuthorizeUrl())).toMatchObject({
      sub: 'planted-1',
      email: 'novo@example.com',
    });
    // Consumed once: back to the default identity.
    expect((await exchange(googleAuthorizeUrl())).sub).toBe('1000000000000000001');
  });

  it('answers a planted refusal with the provider-specific error', async () => {
    await controlPost('next-authorization', { network: 'linkedin', deny: true });
    const response = await fetch(
      `${sandbox.url}/www.linkedin.com/oauth/v2/authorization?${new URLSearchParams({
        response_type: 'code',
        client_id: 'li-registered',
        redirect_uri: 'https://app.pauta.test/oauth/linkedin',
        state: 's',
      })}`,
      { redirect: 'manual' },
    );
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.searchParams.get('error')).toBe('user_cancelled_authorize');
    expect(location.searchParams.get('state')).toBe('s');
  });
});

describe('faults', () => {
  const userinfo = () =>
    fetch(`${sandbox.url}/api.linkedin.com/v2/userinfo`, { headers: { Authorization: 'Bearer nothing' } });

  it('fails the next N matching requests with the given status and body, then recovers', async () => {
    const added = await controlPost('faults', {
      host: 'api.linkedin.com',
      pathPrefix: '/v2/',
      times: 2,
      status: 503,
      body: { message: 'down' },
    });
    expect(added.status).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await userinfo()).status);
    expect(statuses).toEqual([503, 503, 401]);
  });

  it('answers 429 with Retry-After', async () => {
    await controlPost('faults', { host: 'api.linkedin.com', retryAfterSeconds: 7 });
    const response = await userinfo();
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
  });

  it('delays, then answers normally', async () => {
    sandbox.addFault({ host: 'api.linkedin.com', delayMs: 150 });
    const started = performance.now();
    const response = await userinfo();
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(response.status).toBe(401);
  });

  it('drops the connection on reset, and DELETE clears pending faults', async () => {
    sandbox.addFault({ host: 'api.linkedin.com', reset: true });
    await expect(userinfo()).rejects.toThrow();
    sandbox.addFault({ host: 'api.linkedin.com', status: 500, times: 5 });
    await fetch(`${sandbox.url}/__sandbox/faults`, { method: 'DELETE' });
    expect((await userinfo()).status).toBe(401);
  });

  it('holds requests (recorded) until released, then handles them, even after the client left', async () => {
    sandbox.addFault({ host: 'api.linkedin.com', hold: true, times: 2 });
    const first = userinfo();
    const aborted = new AbortController();
    const second = fetch(`${sandbox.url}/api.linkedin.com/v2/userinfo`, {
      headers: { Authorization: 'Bearer nothing' },
      signal: aborted.signal,
    }).catch((error: unknown) => error);
    await expect
      .poll(async () => await (await fetch(`${sandbox.url}/__sandbox/faults/held`)).json())
      .toEqual({
        held: 2,
      });
    expect((await recorded()).filter((r) => r.path === '/v2/userinfo')).toHaveLength(2);
    aborted.abort();
    await second;
    const released = await fetch(`${sandbox.url}/__sandbox/faults/release`, { method: 'POST' });
    expect(await released.json()).toEqual({ released: 2 });
    expect((await first).status).toBe(401);
    expect(sandbox.control.heldRequests()).toBe(0);
  });

  it('only matches its host, path prefix and method', async () => {
    sandbox.addFault({ host: 'api.linkedin.com', pathPrefix: '/rest/', status: 500 });
    sandbox.addFault({ host: 'api.linkedin.com', method: 'POST', status: 500 });
    expect((await userinfo()).status).toBe(401);
  });

  it('rejects an invalid fault', async () => {
    expect((await controlPost('faults', { host: 'api.linkedin.com' })).status).toBe(400);
    expect((await controlPost('faults', { host: 'api.linkedin.com', status: 'x' })).status).toBe(400);
  });
});

describe('recorded requests', () => {
  it('keeps method, host, path, query and body, with credentials redacted', async () => {
    const bearer = `secret-${randomBytes(8).toString('hex')}`;
    await fetch(`${sandbox.url}/graph.facebook.com/v16.0/me?fields=id&access_token=${bearer}`, {
      headers: { Authorization: `Bearer ${bearer}`, Cookie: `session=${bearer}` },
    });
    await fetch(`${sandbox.url}/api.twitter.com/2/oauth2/token`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: `Basic ${Buffer.from('id:secret').toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: bearer }),
    });
    const requests = await recorded();
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      method: 'GET',
      host: 'graph.facebook.com',
      path: '/v16.0/me',
      query: { fields: 'id', access_token: '[redacted]' },
      status: 400,
    });
    expect(requests[0]?.headers.authorization).toBe('Bearer');
    expect(requests[0]?.headers.cookie).toBeUndefined();
    expect(requests[1]).toMatchObject({
      method: 'POST',
      host: 'api.twitter.com',
      path: '/2/oauth2/token',
      body: { grant_type: 'refresh_token', refresh_token: '[redacted]' },
      status: 401,
    });
    expect(requests[1]?.headers.authorization).toBe('Basic');
    expect(JSON.stringify(requests)).not.toContain(bearer);
    expect(JSON.stringify(requests)).not.toContain(Buffer.from('id:secret').toString('base64'));
  });

  it('filters by host and signals a request as it arrives', async () => {
    const arrived = sandbox.waitForRequest({ host: 'api.twitter.com', pathPrefix: '/2/users' });
    await fetch(`${sandbox.url}/api.linkedin.com/v2/userinfo`);
    await fetch(`${sandbox.url}/api.twitter.com/2/users/me`);
    expect((await arrived).path).toBe('/2/users/me');
    const filtered = await fetch(`${sandbox.url}/__sandbox/requests?host=api.linkedin.com`);
    expect(((await filtered.json()) as { requests: unknown[] }).requests).toHaveLength(1);
  });

  it('does not record the control surface', async () => {
    await fetch(`${sandbox.url}/__sandbox/health`);
    expect(await recorded()).toEqual([]);
  });
});

describe('everything else', () => {
  it('serves health and a 404 for paths no network has', async () => {
    expect(await (await fetch(`${sandbox.url}/__sandbox/health`)).json()).toMatchObject({ ok: true });
    const missing = await fetch(`${sandbox.url}/api.linkedin.com/v2/nothing`);
    expect(missing.status).toBe(404);
  });

  it('answers Graph errors in Facebook shape', async () => {
    const response = await fetch(`${sandbox.url}/graph.facebook.com/v16.0/me`, {
      headers: { Authorization: 'Bearer forged' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { type: 'OAuthException', code: 190 } });
  });

  it('serves avatars', async () => {
    const response = await fetch(`${sandbox.url}/__sandbox/avatars/1000000000000000001.svg`);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    expect(await response.text()).toContain('AS');
  });
});
