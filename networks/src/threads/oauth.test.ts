// Threads' OAuth against sandbox Threads: the Authorization Window, the code exchanged for a
// short-lived token and at once for the 60-day one, `/me`, the renewal (refused before the token
// is 24 hours old, as Threads does), the follower count, and the errors' kinds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthProviderError } from '../oauth/errors.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch } from '../sandbox-url.js';
import { fetchThreadsFollowers } from './followers.js';
import { createThreadsOAuthClient, THREADS_SCOPES } from './oauth.js';

let sandbox: SandboxHandle;
let clock = Date.parse('2026-11-27T12:00:00Z');
const DAY = 24 * 3_600_000;

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => clock });
});
afterAll(async () => {
  await sandbox.close();
});

const REDIRECT = 'http://localhost:3000/auth/callback?connection=true';
const client = (secret = 'sandbox-threads-secret') =>
  createThreadsOAuthClient({
    clientId: 'sandbox-threads-client',
    clientSecret: secret,
    redirectUri: REDIRECT,
    sandboxUrl: sandbox.url,
    fetch: createNetworkFetch(sandbox.url),
    now: () => clock,
  });

/** Follows the Authorization Window (the sandbox approves at once) to the callback's code. */
async function authorize(): Promise<string> {
  const url = client().createAuthorizationURL({ state: 'estado-1' });
  const answer = await fetch(url, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location')!);
  expect(back.searchParams.get('state')).toBe('estado-1');
  return back.searchParams.get('code')!;
}

describe('Threads OAuth', () => {
  it('sends the person to threads.net with the three scopes, comma-separated', () => {
    const url = createThreadsOAuthClient({
      clientId: '990602627938098',
      clientSecret: 's',
      redirectUri: REDIRECT,
    }).createAuthorizationURL({ state: 'abc' });
    expect(`${url.origin}${url.pathname}`).toBe('https://threads.net/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: '990602627938098',
      redirect_uri: REDIRECT,
      scope: 'threads_basic,threads_content_publish,threads_manage_insights,threads_read_replies',
      response_type: 'code',
      state: 'abc',
    });
    expect(THREADS_SCOPES.signIn).toBeUndefined();
  });

  it('exchanges the code, then the short-lived token for a 60-day one that is also its renewal', async () => {
    const code = await authorize();
    sandbox.clearRequests();
    const tokens = await client().validateAuthorizationCode(code);
    expect(tokens.accessToken).toMatch(/^sbx_threads_at_/);
    expect(tokens.refreshToken).toBe(tokens.accessToken);
    expect(tokens.accessTokenExpiresAt?.getTime()).toBe(clock + 5_183_944_000);
    const [exchange, longLived] = sandbox.requests({ host: 'graph.threads.net' });
    expect(exchange).toMatchObject({ method: 'POST', path: '/oauth/access_token' });
    expect(exchange?.body).toMatchObject({
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT,
      code: '[redacted]',
    });
    expect(longLived).toMatchObject({ method: 'GET', path: '/access_token' });
    expect(longLived?.query).toMatchObject({ grant_type: 'th_exchange_token' });

    const me = await client().fetchUserInfo(tokens.accessToken);
    expect(me).toMatchObject({ username: 'anasouza', name: 'Ana Souza', email: null });
    expect(me.providerUserId).toMatch(/^2\d{16}$/);
    expect(me.avatarUrl).toMatch(/\/__sandbox\/avatars\//);
    const followers = await fetchThreadsFollowers(
      { platformUserId: me.providerUserId, accessToken: tokens.accessToken },
      { fetch: createNetworkFetch(sandbox.url) },
    );
    expect(followers).toBeGreaterThanOrEqual(300);

    // Threads renews a long-lived token only once it is 24 hours old: before, an error that is
    // not the token's fault (the worker tries again later); after, 60 more days.
    const early = await client()
      .refreshAccessToken(tokens.refreshToken!)
      .catch((e: unknown) => e);
    expect(early).toBeInstanceOf(OAuthProviderError);
    expect((early as OAuthProviderError).kind).toBe('unexpected');
    clock += 50 * DAY;
    const renewed = await client().refreshAccessToken(tokens.refreshToken!);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    expect(renewed.refreshToken).toBe(renewed.accessToken);
    expect(renewed.accessTokenExpiresAt?.getTime()).toBe(clock + 5_183_944_000);
    const [refresh] = sandbox.requests({ host: 'graph.threads.net', pathPrefix: '/refresh_access_token' });
    expect(refresh?.query).toMatchObject({ grant_type: 'th_refresh_token' });

    // Past its 60 days a token cannot be renewed: reconnect.
    clock += 61 * DAY;
    const late = await client()
      .refreshAccessToken(renewed.refreshToken!)
      .catch((e: unknown) => e);
    expect((late as OAuthProviderError).kind).toBe('invalid_grant');
  });

  it('a code used twice is invalid_grant; a wrong secret is invalid_client', async () => {
    const code = await authorize();
    await client().validateAuthorizationCode(code);
    await expect(client().validateAuthorizationCode(code)).rejects.toMatchObject({ kind: 'invalid_grant' });
    const other = await authorize();
    await expect(client('errado').validateAuthorizationCode(other)).rejects.toMatchObject({
      kind: 'invalid_client',
    });
  });
});
