// Social sign-in end to end against the sandbox: docs/security.md O1, O2, O4, O5, O6, A7.

import type { DbHandle } from '@pauta/db';
import { installSandboxFetch, uninstallSandboxFetch } from '@pauta/networks';
import { type SandboxHandle, startSandbox } from '@pauta/networks/sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { TestClient } from '../../../test/http-client.js';
import { listen, testDeps } from '../../../test/server-harness.js';

let handle: DbHandle;
let sandbox: SandboxHandle;
let app: { url: string; close(): Promise<void> };

beforeAll(async () => {
  handle = await testDb();
  sandbox = await startSandbox({ allowedRedirectOrigins: ['http://pauta.test'], tokenPrefix: 'SENTINEL' });
  installSandboxFetch(sandbox.url);
  app = await listen(testDeps(handle, {}, { SOCIAL_SANDBOX_URL: sandbox.url }));
});
afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  uninstallSandboxFetch();
  await handle?.close();
});
beforeEach(() => sandbox.clearRequests());

/** Follows the start redirect through the sandbox's consent page back to our callback URL. */
async function authorize(client: TestClient, provider: string, query = '') {
  const start = await client.request(`/auth/oauth/${provider}/start?purpose=signin`);
  expect(start.status).toBe(303);
  expect(start.headers.get('referrer-policy')).toBe('no-referrer');
  const location = new URL(start.headers.get('location')!);
  for (const [k, v] of new URLSearchParams(query)) location.searchParams.set(k, v);
  const consent = await fetch(location, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location')!);
  expect(back.origin + back.pathname).toBe('http://pauta.test/auth/callback');
  return { location, code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

async function tokenCalls(host: string) {
  return sandbox.requests({ host }).filter((r) => /token/i.test(r.path));
}

describe('social sign-in', () => {
  for (const [provider, host] of [
    ['google', 'oauth2.googleapis.com'],
    ['facebook', 'graph.facebook.com'],
    ['linkedin', 'www.linkedin.com'],
  ] as const) {
    it(`signs a new user in with ${provider} and again into the same account`, async () => {
      const client = new TestClient(app.url);
      const sub = `user-${provider}-${Date.now()}`;
      const email = `${sub}@example.com`;
      sandbox.setUser(sub, {
        sub,
        email,
        email_verified: true,
        given_name: 'Bia',
        family_name: 'Lima',
        name: 'Bia Lima',
      });
      const { location, code, state } = await authorize(client, provider, `sandbox_user=${sub}`);
      if (provider === 'google') {
        expect(location.searchParams.get('code_challenge_method')).toBe('S256');
        expect(location.searchParams.get('access_type')).toBe('offline');
        expect(location.searchParams.get('prompt')).toBe('consent');
      }
      expect(location.searchParams.get('scope')?.replace(/,/g, ' ')).toBe(
        provider === 'facebook' ? 'public_profile email' : 'openid profile email',
      );
      const done = await client.mutate<{ redirectTo: string }>('auth.completeOAuth', { code, state });
      expect(done.data).toEqual({ redirectTo: '/' });
      const session = await client.query<{ user: { email: string; firstName: string } }>('auth.session');
      expect(session.data?.user).toMatchObject({ email, firstName: 'Bia' });
      expect(JSON.stringify(session.data)).not.toContain('SENTINEL');
      expect(await tokenCalls(host)).toHaveLength(1);

      const again = new TestClient(app.url);
      const second = await authorize(again, provider, `sandbox_user=${sub}`);
      await again.mutate('auth.completeOAuth', { code: second.code, state: second.state });
      const users = await handle.db.selectFrom('users').select('id').where('email', '=', email).execute();
      expect(users).toHaveLength(1);
    });
  }

  it('rejects a missing, wrong or replayed state without calling the token endpoint (O1)', async () => {
    const client = new TestClient(app.url);
    const { code, state } = await authorize(client, 'google');
    sandbox.clearRequests();
    const wrong = await client.mutate('auth.completeOAuth', { code, state: `${state}x` });
    expect(wrong.status).toBe(400);
    expect(wrong.error?.message).toBe('OAUTH_FAILED');
    // The attempt cookie was spent by the failed try: the right state is now refused as a replay.
    const replay = await client.mutate('auth.completeOAuth', { code, state });
    expect(replay.status).toBe(400);
    const noCookie = await new TestClient(app.url).mutate('auth.completeOAuth', { code, state });
    expect(noCookie.status).toBe(400);
    expect(await tokenCalls('oauth2.googleapis.com')).toHaveLength(0);
  });

  it('refuses a replayed attempt cookie and state, even from another browser, after a completed sign-in (O1)', async () => {
    const sub = `replay-${Date.now()}`;
    sandbox.setUser(sub, { sub, email: `${sub}@example.com`, email_verified: true, name: 'R' });
    const client = new TestClient(app.url);
    const { code, state } = await authorize(client, 'google', `sandbox_user=${sub}`);
    const cookie = client.jar.get('pauta_oauth')!;
    const done = await client.mutate('auth.completeOAuth', { code, state });
    expect(done.status).toBe(200);
    sandbox.clearRequests();
    const replayer = new TestClient(app.url);
    replayer.jar.set('pauta_oauth', cookie);
    const replay = await replayer.mutate('auth.completeOAuth', { code, state });
    expect(replay.status).toBe(400);
    expect(replay.error?.message).toBe('OAUTH_FAILED');
    expect(await tokenCalls('oauth2.googleapis.com')).toHaveLength(0);
    expect((await replayer.query<{ user: unknown }>('auth.session')).data?.user).toBeNull();
  });

  it('refuses a forged attempt cookie with a 10-year expiry, and a tampered one (O1)', async () => {
    const client = new TestClient(app.url);
    const { code, state } = await authorize(client, 'google');
    const real = client.jar.get('pauta_oauth')!;
    sandbox.clearRequests();
    const forgedAttempt = {
      state,
      verifier: 'v'.repeat(43),
      provider: 'google',
      purpose: 'signIn',
      userId: null,
      expiresAt: Date.now() + 10 * 365 * 24 * 3600 * 1000,
    };
    const forgedJson = Buffer.from(JSON.stringify(forgedAttempt)).toString('base64url');
    // The real cookie's shape with the forged payload in place of its own.
    const parts = real.split('.');
    const forgedSealed = parts.length === 3 ? `${parts[0]}.${forgedJson}.${parts[2]}` : forgedJson;
    const middle = Math.floor(real.length / 2);
    const tampered = `${real.slice(0, middle)}${real[middle] === 'A' ? 'B' : 'A'}${real.slice(middle + 1)}`;
    for (const [name, value] of [
      ['unsigned JSON', forgedJson],
      ['forged payload', forgedSealed],
      ['tampered', tampered],
    ] as const) {
      const attacker = new TestClient(app.url);
      attacker.jar.set('pauta_oauth', value);
      const res = await attacker.mutate('auth.completeOAuth', { code, state });
      expect(res.status, name).toBe(400);
    }
    expect(await tokenCalls('oauth2.googleapis.com')).toHaveLength(0);
  });

  it("refuses one provider's callback under another provider's state (O4)", async () => {
    const client = new TestClient(app.url);
    const linkedin = await authorize(client, 'linkedin');
    const other = new TestClient(app.url);
    const google = await authorize(other, 'google');
    // Google's code presented with LinkedIn's attempt: the exchange goes to LinkedIn and fails.
    const res = await client.mutate('auth.completeOAuth', { code: google.code, state: linkedin.state });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await client.query<{ user: unknown }>('auth.session')).data?.user).toBeNull();
  });

  it('never links an unverified email to an existing account (A7)', async () => {
    const email = `victim-${Date.now()}@example.com`;
    const owner = new TestClient(app.url);
    await owner.mutate('auth.signUp', { email, password: 'a long enough passphrase' });
    sandbox.setUser('attacker', { sub: `att-${Date.now()}`, email, email_verified: false, name: 'X' });
    const attacker = new TestClient(app.url);
    const { code, state } = await authorize(attacker, 'google', 'sandbox_user=attacker');
    const res = await attacker.mutate('auth.completeOAuth', { code, state });
    expect(res.error?.message).toBe('EMAIL_NOT_CONFIRMED');
    expect((await attacker.query<{ user: unknown }>('auth.session')).data?.user).toBeNull();
    const identities = await handle.db
      .selectFrom('oauth_identities')
      .select('user_id')
      .where('email', '=', email)
      .execute();
    expect(identities).toEqual([]);
  });

  it('links a verified email to the existing account', async () => {
    const email = `linked-${Date.now()}@example.com`;
    await new TestClient(app.url).mutate('auth.signUp', { email, password: 'a long enough passphrase' });
    sandbox.setUser('verified', { sub: `ver-${Date.now()}`, email, email_verified: true, name: 'V' });
    const client = new TestClient(app.url);
    const { code, state } = await authorize(client, 'linkedin', 'sandbox_user=verified');
    await client.mutate('auth.completeOAuth', { code, state });
    expect((await client.query<{ user: { email: string } }>('auth.session')).data?.user.email).toBe(email);
  });

  it('sends a PKCE challenge to Google and the matching verifier at exchange (O2)', async () => {
    const client = new TestClient(app.url);
    const { location, code, state } = await authorize(client, 'google');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    await client.mutate('auth.completeOAuth', { code, state });
    const [exchange] = await tokenCalls('oauth2.googleapis.com');
    expect(exchange?.body).toMatchObject({ code_verifier: '[redacted]' });
    expect((await client.query<{ user: unknown }>('auth.session')).data?.user).not.toBeNull();
  });

  it('redirects an unconfigured or unknown provider to the callback page with an error code', async () => {
    const res = await new TestClient(app.url).request('/auth/oauth/x/start?purpose=signin');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/auth/callback?error=OAUTH_FAILED&provider=x');
  });

  it('sets the attempt cookie HttpOnly, Lax, for 10 minutes', async () => {
    const res = await new TestClient(app.url).request('/auth/oauth/google/start?purpose=signin');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('pauta_oauth='))!;
    expect(cookie).toMatch(/Max-Age=600/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });
});
