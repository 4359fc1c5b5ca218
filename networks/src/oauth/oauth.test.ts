import { randomUUID } from 'node:crypto';
import { decodeIdToken, generateCodeVerifier, generateState } from 'arctic';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createOAuthProvider,
  type OAuthProvider,
  OAuthProviderError,
  type OAuthProviderName,
  type OAuthTokens,
  readAuthorizationCallback,
  scopesFor,
} from '../index.js';
import { type SandboxHandle, startSandbox } from '../sandbox/index.js';
import { installSandboxFetch, uninstallSandboxFetch } from '../sandbox-url.js';

const REDIRECT_URI = 'http://127.0.0.1:3000/auth/callback';
const SENTINEL = `SENTINEL-${randomUUID()}`;

let sandbox: SandboxHandle;
const issuedSecrets: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, tokenPrefix: SENTINEL });
  installSandboxFetch(sandbox.url);
});

afterAll(async () => {
  uninstallSandboxFetch();
  await sandbox.close();
});

beforeEach(() => {
  sandbox.reset();
});

function provider(name: OAuthProviderName, overrides: { clientSecret?: string; redirectUri?: string } = {}) {
  return createOAuthProvider(name, {
    clientId: `sandbox-${name}-client`,
    clientSecret: overrides.clientSecret ?? `sandbox-${name}-secret`,
    redirectUri: overrides.redirectUri ?? REDIRECT_URI,
    sandboxUrl: sandbox.url,
  });
}

function facebookProvider() {
  return createOAuthProvider('facebook', {
    clientId: 'sandbox-facebook-client',
    clientSecret: 'sandbox-facebook-secret',
    redirectUri: REDIRECT_URI,
    sandboxUrl: sandbox.url,
  });
}

/** Follows the authorization URL like a browser would, stopping at the redirect back to us. */
async function authorize(p: OAuthProvider, scopes?: readonly string[]) {
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const url = p.createAuthorizationURL({ state, codeVerifier, ...(scopes === undefined ? {} : { scopes }) });
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? '');
  expect(location.origin + location.pathname).toBe(REDIRECT_URI);
  const callback = readAuthorizationCallback(p.name as OAuthProviderName, location.searchParams);
  expect(callback.state).toBe(state);
  return { code: callback.code, codeVerifier, url };
}

function remember(tokens: OAuthTokens): OAuthTokens {
  issuedSecrets.push(tokens.accessToken);
  if (tokens.refreshToken !== null) issuedSecrets.push(tokens.refreshToken);
  return tokens;
}

async function failure(promise: Promise<unknown>): Promise<OAuthProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OAuthProviderError);
  return error as OAuthProviderError;
}

describe('google', () => {
  it('runs the full PKCE flow: authorization URL, code exchange, userinfo, refresh', async () => {
    const google = provider('google');
    const { code, codeVerifier, url } = await authorize(google);
    expect(url.href.startsWith(`${sandbox.url}/accounts.google.com/o/oauth2/v2/auth?`)).toBe(true);
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toBe('openid profile email');

    const before = Date.now();
    const tokens = remember(await google.validateAuthorizationCode(code, codeVerifier));
    expect(tokens.accessToken.startsWith(`${SENTINEL}_google_at_`)).toBe(true);
    expect(tokens.refreshToken).not.toBeNull();
    expect(tokens.scopes).toEqual(['openid', 'profile', 'email']);
    expect(tokens.accessTokenExpiresAt!.getTime()).toBeGreaterThanOrEqual(before + 3599_000);
    const claims = decodeIdToken(tokens.idToken!) as Record<string, unknown>;
    expect(claims).toMatchObject({
      sub: '1000000000000000001',
      email: 'ana.souza@example.com',
      email_verified: true,
    });

    const info = await google.fetchUserInfo(tokens.accessToken);
    expect(info).toMatchObject({
      providerUserId: '1000000000000000001',
      email: 'ana.souza@example.com',
      emailVerified: true,
      name: 'Ana Souza',
      firstName: 'Ana',
      lastName: 'Souza',
      username: null,
    });
    expect(info.avatarUrl).toContain('/__sandbox/avatars/');

    const refreshed = remember(await google.refreshAccessToken(tokens.refreshToken!));
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).not.toBeNull();
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    expect((await google.fetchUserInfo(refreshed.accessToken)).providerUserId).toBe('1000000000000000001');
    // The rotated-out refresh token is dead.
    const reused = await failure(google.refreshAccessToken(tokens.refreshToken!));
    expect(reused.kind).toBe('invalid_grant');
  });

  it('rejects a wrong PKCE verifier with invalid_grant', async () => {
    const google = provider('google');
    const { code } = await authorize(google);
    const error = await failure(google.validateAuthorizationCode(code, generateCodeVerifier()));
    expect(error.kind).toBe('invalid_grant');
    expect(error.providerCode).toBe('invalid_grant');
  });

  it('rejects a reused code and revokes what the first exchange issued', async () => {
    const google = provider('google');
    const { code, codeVerifier } = await authorize(google);
    const tokens = remember(await google.validateAuthorizationCode(code, codeVerifier));
    const error = await failure(google.validateAuthorizationCode(code, codeVerifier));
    expect(error.kind).toBe('invalid_grant');
    expect((await failure(google.fetchUserInfo(tokens.accessToken))).kind).toBe('invalid_grant');
  });

  it('rejects a wrong client secret with invalid_client', async () => {
    const { code, codeVerifier } = await authorize(provider('google'));
    const error = await failure(
      provider('google', { clientSecret: 'not-the-secret' }).validateAuthorizationCode(code, codeVerifier),
    );
    expect(error.kind).toBe('invalid_client');
  });

  it('returns the identity chosen through the control surface, unverified email included', async () => {
    sandbox.setNextAuthorization('google', { user: 'ana-unverified' });
    const google = provider('google');
    const { code, codeVerifier } = await authorize(google);
    const tokens = remember(await google.validateAuthorizationCode(code, codeVerifier));
    const info = await google.fetchUserInfo(tokens.accessToken);
    expect(info).toMatchObject({ email: 'ana.souza@example.com', emailVerified: false });
    expect(info.providerUserId).not.toBe('1000000000000000001');
  });

  it('maps a refusal on the consent screen to access_denied', async () => {
    sandbox.setNextAuthorization('google', { deny: true });
    const google = provider('google');
    const url = google.createAuthorizationURL({
      state: generateState(),
      codeVerifier: generateCodeVerifier(),
    });
    const response = await fetch(url, { redirect: 'manual' });
    const location = new URL(response.headers.get('location') ?? '');
    expect(() => readAuthorizationCallback('google', location.searchParams)).toThrow(
      expect.objectContaining({ kind: 'access_denied' }),
    );
  });

  it('reports a 429 from the token endpoint as a retryable network error, and the code survives it', async () => {
    const google = provider('google');
    const { code, codeVerifier } = await authorize(google);
    sandbox.addFault({ host: 'oauth2.googleapis.com', pathPrefix: '/token', retryAfterSeconds: 2 });
    const error = await failure(google.validateAuthorizationCode(code, codeVerifier));
    expect(error).toMatchObject({ kind: 'network', status: 429, retryable: true });
    const tokens = remember(await google.validateAuthorizationCode(code, codeVerifier));
    expect(tokens.accessToken).toBeTruthy();
  });

  it('reports 5xx and dropped connections on userinfo as network errors', async () => {
    const google = provider('google');
    const { code, codeVerifier } = await authorize(google);
    const tokens = remember(await google.validateAuthorizationCode(code, codeVerifier));
    sandbox.addFault({ host: 'openidconnect.googleapis.com', status: 503 });
    expect(await failure(google.fetchUserInfo(tokens.accessToken))).toMatchObject({
      kind: 'network',
      status: 503,
    });
    sandbox.addFault({ host: 'openidconnect.googleapis.com', reset: true });
    expect((await failure(google.fetchUserInfo(tokens.accessToken))).kind).toBe('network');
    expect((await google.fetchUserInfo(tokens.accessToken)).providerUserId).toBe('1000000000000000001');
  });

  it('rejects an unknown access token on userinfo with invalid_grant', async () => {
    const error = await failure(provider('google').fetchUserInfo(`${SENTINEL}_google_at_forged`));
    expect(error).toMatchObject({ kind: 'invalid_grant', status: 401 });
  });

  it('refuses token calls when a sandbox URL is set but global fetch is not routed to it', async () => {
    const google = provider('google');
    const { code, codeVerifier } = await authorize(google);
    uninstallSandboxFetch();
    try {
      const error = await failure(google.validateAuthorizationCode(code, codeVerifier));
      expect(error.message).toContain('installSandboxFetch');
    } finally {
      installSandboxFetch(sandbox.url);
    }
  });

  it('requires a code verifier', () => {
    expect(() => provider('google').createAuthorizationURL({ state: generateState() })).toThrow(
      OAuthProviderError,
    );
  });
});

describe('facebook', () => {
  it('runs the full flow: authorization URL, code exchange, userinfo, long-lived exchange, Pages', async () => {
    const facebook = facebookProvider();
    const connectScopes = scopesFor('facebook', 'connect')!;
    const { code, url } = await authorize(facebook, connectScopes);
    expect(url.href.startsWith(`${sandbox.url}/www.facebook.com/v16.0/dialog/oauth?`)).toBe(true);
    expect(url.searchParams.has('code_challenge')).toBe(false);

    const tokens = remember(await facebook.validateAuthorizationCode(code));
    expect(tokens.refreshToken).toBeNull();
    expect(facebook.issuesRefreshTokens).toBe(false);

    const info = await facebook.fetchUserInfo(tokens.accessToken);
    expect(info).toMatchObject({
      providerUserId: '1000000000000000001',
      email: 'ana.souza@example.com',
      emailVerified: true,
      firstName: 'Ana',
      lastName: 'Souza',
    });
    expect(info.avatarUrl).toContain('/__sandbox/avatars/');

    const longLived = remember(await facebook.refreshAccessToken(tokens.accessToken));
    expect(longLived.accessToken).not.toBe(tokens.accessToken);
    expect(longLived.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 59 * 24 * 3600_000);
    const exchange = sandbox
      .requests({ host: 'graph.facebook.com', pathPrefix: '/v16.0/oauth/access_token' })
      .at(-1);
    expect(exchange?.body).toMatchObject({
      grant_type: 'fb_exchange_token',
      fb_exchange_token: '[redacted]',
    });

    const pages = await facebook.fetchPages(longLived.accessToken);
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      expect(page.accessToken.startsWith(`${SENTINEL}_facebook_page_`)).toBe(true);
      issuedSecrets.push(page.accessToken);
    }
    // Page tokens are stable, as Facebook's never-expiring ones are.
    expect((await facebook.fetchPages(longLived.accessToken)).map((p) => p.accessToken)).toEqual(
      pages.map((p) => p.accessToken),
    );
  });

  it('lists no Pages when pages_show_list was not granted', async () => {
    const facebook = facebookProvider();
    const { code } = await authorize(facebook);
    const tokens = remember(await facebook.validateAuthorizationCode(code));
    expect(await facebook.fetchPages(tokens.accessToken)).toEqual([]);
  });

  it('maps Graph errors (Arctic: UnexpectedErrorResponseBodyError) to kinds', async () => {
    const facebook = provider('facebook');
    const { code } = await authorize(facebook);
    const badSecret = await failure(
      provider('facebook', { clientSecret: 'wrong' }).validateAuthorizationCode(code),
    );
    expect(badSecret).toMatchObject({ kind: 'invalid_client', providerCode: '1' });

    const second = await authorize(facebook);
    remember(await facebook.validateAuthorizationCode(second.code));
    const reused = await failure(facebook.validateAuthorizationCode(second.code));
    expect(reused).toMatchObject({ kind: 'invalid_grant', providerCode: '100' });

    const forged = await failure(facebook.fetchUserInfo(`${SENTINEL}_facebook_at_forged`));
    expect(forged).toMatchObject({ kind: 'invalid_grant', providerCode: '190' });
  });

  it('does not return an unconfirmed email', async () => {
    sandbox.setNextAuthorization('facebook', { user: 'ana-unverified' });
    const facebook = provider('facebook');
    const { code } = await authorize(facebook);
    const tokens = remember(await facebook.validateAuthorizationCode(code));
    expect(await facebook.fetchUserInfo(tokens.accessToken)).toMatchObject({
      email: null,
      emailVerified: false,
    });
  });
});

describe('linkedin', () => {
  it('runs the full OIDC flow with the connect scopes, credentials in the body', async () => {
    const linkedin = provider('linkedin');
    const { code, url } = await authorize(linkedin, scopesFor('linkedin', 'connect')!);
    expect(url.href.startsWith(`${sandbox.url}/www.linkedin.com/oauth/v2/authorization?`)).toBe(true);
    expect(url.searchParams.get('scope')).toBe('openid profile email w_member_social');

    const tokens = remember(await linkedin.validateAuthorizationCode(code));
    expect(tokens.scopes).toEqual(['openid', 'profile', 'email', 'w_member_social']);
    expect(tokens.refreshToken).not.toBeNull();
    expect(tokens.refreshTokenExpiresAt).not.toBeNull();
    expect(decodeIdToken(tokens.idToken!)).toMatchObject({ sub: '1000000000000000001' });
    const exchange = sandbox.requests({ host: 'www.linkedin.com', pathPrefix: '/oauth/v2/accessToken' })[0];
    expect(exchange?.headers.authorization).toBeUndefined();
    expect(exchange?.body).toMatchObject({
      client_id: 'sandbox-linkedin-client',
      client_secret: '[redacted]',
    });

    expect(await linkedin.fetchUserInfo(tokens.accessToken)).toMatchObject({
      providerUserId: '1000000000000000001',
      email: 'ana.souza@example.com',
      emailVerified: true,
      name: 'Ana Souza',
    });

    const refreshed = remember(await linkedin.refreshAccessToken(tokens.refreshToken!));
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect((await linkedin.fetchUserInfo(refreshed.accessToken)).providerUserId).toBe('1000000000000000001');
  });

  it('rejects a wrong client secret, a reused code and a revoked refresh token', async () => {
    const linkedin = provider('linkedin');
    const first = await authorize(linkedin);
    expect(
      (await failure(provider('linkedin', { clientSecret: 'x' }).validateAuthorizationCode(first.code))).kind,
    ).toBe('invalid_client');
    const { code } = await authorize(linkedin);
    remember(await linkedin.validateAuthorizationCode(code));
    expect((await failure(linkedin.validateAuthorizationCode(code))).kind).toBe('invalid_grant');

    const second = await authorize(linkedin);
    const fresh = remember(await linkedin.validateAuthorizationCode(second.code));
    expect(sandbox.revokeToken(fresh.refreshToken!)).toBe(true);
    expect((await failure(linkedin.refreshAccessToken(fresh.refreshToken!))).kind).toBe('invalid_grant');
  });

  it('rejects a redirect URI the code was not issued for', async () => {
    const { code } = await authorize(provider('linkedin'));
    const other = provider('linkedin', { redirectUri: 'http://localhost:3000/auth/callback' });
    expect((await failure(other.validateAuthorizationCode(code))).kind).toBe('invalid_grant');
  });
});

describe('x', () => {
  it('runs the full PKCE flow with Basic auth, userinfo and rotating refresh', async () => {
    const x = provider('x');
    const { code, codeVerifier, url } = await authorize(x);
    expect(url.href.startsWith(`${sandbox.url}/twitter.com/i/oauth2/authorize?`)).toBe(true);
    expect(url.searchParams.get('scope')).toBe(
      'tweet.read tweet.write users.read media.write offline.access',
    );
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');

    const tokens = remember(await x.validateAuthorizationCode(code, codeVerifier));
    expect(tokens.refreshToken).not.toBeNull();
    expect(tokens.scopes).toContain('tweet.write');
    const exchange = sandbox.requests({ host: 'api.twitter.com', pathPrefix: '/2/oauth2/token' })[0];
    expect(exchange?.headers.authorization).toBe('Basic');
    expect(exchange?.body).toMatchObject({ code_verifier: '[redacted]', code: '[redacted]' });

    expect(await x.fetchUserInfo(tokens.accessToken)).toMatchObject({
      providerUserId: '1000000000000000001',
      username: 'anasouza',
      email: null,
      emailVerified: false,
      name: 'Ana Souza',
    });

    const refreshed = remember(await x.refreshAccessToken(tokens.refreshToken!));
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    expect((await failure(x.refreshAccessToken(tokens.refreshToken!))).kind).toBe('invalid_grant');
    expect((await x.fetchUserInfo(refreshed.accessToken)).username).toBe('anasouza');
  });

  it('gives up on a token refresh that does not answer within timeoutMs (a network error)', async () => {
    const x = provider('x');
    const { code, codeVerifier } = await authorize(x);
    const tokens = remember(await x.validateAuthorizationCode(code, codeVerifier));
    sandbox.addFault({ host: 'api.twitter.com', pathPrefix: '/2/oauth2/token', delayMs: 5000 });
    const slow = createOAuthProvider('x', {
      clientId: 'sandbox-x-client',
      clientSecret: 'sandbox-x-secret',
      redirectUri: REDIRECT_URI,
      sandboxUrl: sandbox.url,
      timeoutMs: 200,
    });
    const started = performance.now();
    const error = await failure(slow.refreshAccessToken(tokens.refreshToken!));
    expect(error.kind).toBe('network');
    expect(error.message).toContain('200 ms');
    expect(performance.now() - started).toBeLessThan(4000);
  });

  it('rejects a wrong PKCE verifier and a wrong client secret', async () => {
    const x = provider('x');
    const first = await authorize(x);
    expect((await failure(x.validateAuthorizationCode(first.code, generateCodeVerifier()))).kind).toBe(
      'invalid_grant',
    );
    const second = await authorize(x);
    const error = await failure(
      provider('x', { clientSecret: 'nope' }).validateAuthorizationCode(second.code, second.codeVerifier),
    );
    expect(error.kind).toBe('invalid_client');
  });

  it('answers 429 with Retry-After on userinfo as a network error', async () => {
    const x = provider('x');
    const { code, codeVerifier } = await authorize(x);
    const tokens = remember(await x.validateAuthorizationCode(code, codeVerifier));
    sandbox.addFault({ host: 'api.twitter.com', pathPrefix: '/2/users/me', retryAfterSeconds: 30 });
    expect(await failure(x.fetchUserInfo(tokens.accessToken))).toMatchObject({
      kind: 'network',
      status: 429,
    });
  });
});

describe('recorded requests', () => {
  it('never contain a token the sandbox issued', async () => {
    for (const name of ['google', 'linkedin', 'x', 'facebook'] as const) {
      const p = provider(name);
      const { code, codeVerifier } = await authorize(p);
      const tokens = remember(await p.validateAuthorizationCode(code, codeVerifier));
      await p.fetchUserInfo(tokens.accessToken);
      await p.refreshAccessToken(tokens.refreshToken ?? tokens.accessToken);
    }
    const recorded = JSON.stringify(sandbox.requests());
    expect(recorded).toContain('Bearer');
    expect(recorded).not.toContain(SENTINEL);
    expect(issuedSecrets.length).toBeGreaterThan(10);
    for (const secret of issuedSecrets) expect(recorded).not.toContain(secret);
  });
});
