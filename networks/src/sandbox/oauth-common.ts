// The OAuth 2.0 machinery the four sandbox networks share: the auto-approving authorization
// endpoint, client authentication, PKCE checks, ID tokens and bearer-token reading.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { type Request, type Response, Router } from 'express';
import type { SandboxPosts } from './posts.js';
import type {
  AccessToken,
  Grant,
  IssuedTokens,
  SandboxClient,
  SandboxNetwork,
  SandboxStore,
  SandboxUser,
} from './store.js';

export interface SandboxContext {
  store: SandboxStore;
  /** Published posts, metrics, Instagram containers and the publish latency. */
  posts: SandboxPosts;
}

export function queryString(req: Request, name: string): string | undefined {
  const value = (req.query as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/** Reads a parameter from a form/JSON body, falling back to the query (Graph API style). */
export function param(req: Request, name: string): string | undefined {
  const body = req.body as Record<string, unknown> | undefined;
  const value = body?.[name];
  if (typeof value === 'string') return value;
  return queryString(req, name);
}

export function splitScopes(scope: string | undefined): string[] {
  return (scope ?? '').split(/[\s,]+/).filter((s) => s !== '');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The error page a provider shows instead of redirecting (unknown client, bad redirect URI). */
export function sendErrorPage(res: Response, title: string, detail: string): void {
  res
    .status(400)
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
        `<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p></body></html>`,
    );
}

export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function verifyS256(verifier: string, challenge: string): boolean {
  return safeEqual(s256Challenge(verifier), challenge);
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface ClientCredentials {
  clientId: string | undefined;
  clientSecret: string | undefined;
  method: 'basic' | 'body' | 'none';
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Client credentials from HTTP Basic (RFC 6749 §2.3.1) or from the body. */
export function readClientCredentials(req: Request): ClientCredentials {
  const header = req.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      return {
        clientId: safeDecode(decoded.slice(0, colon)),
        clientSecret: safeDecode(decoded.slice(colon + 1)),
        method: 'basic',
      };
    }
  }
  const clientId = param(req, 'client_id');
  const clientSecret = param(req, 'client_secret');
  return { clientId, clientSecret, method: clientSecret === undefined ? 'none' : 'body' };
}

export type ClientCheck =
  | { ok: true; client: SandboxClient }
  | { ok: false; reason: 'unknown_client' | 'bad_secret' };

export function authenticateClient(
  ctx: SandboxContext,
  network: SandboxNetwork,
  credentials: ClientCredentials,
): ClientCheck {
  const client = ctx.store.findClient(network, credentials.clientId);
  if (client === null) return { ok: false, reason: 'unknown_client' };
  if (credentials.clientSecret === undefined || !safeEqual(credentials.clientSecret, client.clientSecret)) {
    return { ok: false, reason: 'bad_secret' };
  }
  return { ok: true, client };
}

/** The client of a token call that must authenticate with HTTP Basic only (X, Pinterest); null otherwise. */
export function basicAuthClient(
  ctx: SandboxContext,
  network: SandboxNetwork,
  req: Request,
): SandboxClient | null {
  const credentials = readClientCredentials(req);
  const check = credentials.method === 'basic' ? authenticateClient(ctx, network, credentials) : null;
  return check?.ok === true ? check.client : null;
}

/** Mounts a network's authorization dialog (`handleAuthorize`) at `path` under each of `hosts`. */
export function mountAuthorize(
  app: Router,
  ctx: SandboxContext,
  spec: AuthorizeSpec & { hosts: string[]; path: string },
): void {
  const web = Router();
  const { hosts, path, ...authorize } = spec;
  web.get(path, (req, res) => handleAuthorize(ctx, authorize, req, res));
  for (const host of hosts) app.use(`/${host}`, web);
}

export function bearerToken(req: Request): string | null {
  const header = req.headers.authorization;
  const match = header?.match(/^(?:Bearer|OAuth)\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/**
 * An OpenID Connect provider's token answer (Google, LinkedIn): the access token, the refresh token
 * when one was issued, the granted scopes joined by `separator`, and an ID token (`issuer`'s
 * claims) when `openid` was granted.
 */
export function oidcTokenBody(
  issued: IssuedTokens,
  grant: Grant,
  options: { separator: ' ' | ','; issuer: Record<string, unknown>; clientSecret: string; now: number },
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    access_token: issued.accessToken.token,
    expires_in: issued.expiresIn,
    scope: grant.scopes.join(options.separator),
    token_type: 'Bearer',
  };
  if (issued.refreshToken !== null) body.refresh_token = issued.refreshToken.token;
  if (grant.scopes.includes('openid'))
    body.id_token = createIdToken(grant, options.issuer, options.clientSecret, options.now);
  return body;
}

/** The OpenID Connect userinfo claims a grant's scopes allow: profile (names, picture) and email. */
export function userInfoClaims(req: Request, grant: Grant): Record<string, unknown> {
  const { user, scopes } = grant;
  return {
    ...(scopes.includes('profile')
      ? {
          name: user.name,
          given_name: user.given_name,
          family_name: user.family_name,
          picture: avatarUrl(req, user),
        }
      : {}),
    ...(scopes.includes('email') && user.email !== null
      ? { email: user.email, email_verified: user.email_verified }
      : {}),
  };
}

/**
 * The OpenID Connect ID token of a grant: the provider's own claims (`issuer`: iss, aud, …), the
 * user's sub, an hour of validity from `now`, and the email and profile claims its scopes allow.
 * An HS256 JWT signed with the client secret: decodable like the real ones, never verified by us.
 */
export function createIdToken(
  grant: Grant,
  issuer: Record<string, unknown>,
  secret: string,
  now: number,
): string {
  const user = grant.user;
  const claims: Record<string, unknown> = {
    ...issuer,
    sub: user.sub,
    iat: Math.floor(now / 1000),
    exp: Math.floor(now / 1000) + 3600,
  };
  if (grant.scopes.includes('email') && user.email !== null) {
    Object.assign(claims, { email: user.email, email_verified: user.email_verified });
  }
  if (grant.scopes.includes('profile')) {
    Object.assign(claims, { name: user.name, given_name: user.given_name, family_name: user.family_name });
  }
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT', kid: 'sandbox' })}.${encode(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** Absolute URL of the sandbox's own avatar for a user, so UIs show a real image. */
export function avatarUrl(req: Request, user: SandboxUser): string {
  return `${req.protocol}://${req.get('host') ?? '127.0.0.1'}/__sandbox/avatars/${encodeURIComponent(user.sub)}.svg`;
}

export interface AuthorizeSpec {
  network: SandboxNetwork;
  /** Google and X: require `code_challenge_method=S256` (stricter than Google, on purpose: O2). */
  requirePkce: boolean;
  /** The query parameter naming the client (TikTok's `client_key`); default `client_id`. */
  clientIdParam?: string;
  /** The error parameters this provider sends back when the user refuses. */
  denyParams: Record<string, string>;
  /** Extra parameters on a successful redirect (Google echoes the scope). */
  successParams?: (scopes: string[]) => Record<string, string>;
}

function redirectWith(res: Response, redirectUri: string, params: Record<string, string | undefined>): void {
  const target = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) target.searchParams.set(name, value);
  }
  res.redirect(302, target.href);
}

/**
 * Auto-approves: 302 back to a registered redirect URI with `code` and `state`. The identity is
 * the one set through the control surface, else `?sandbox_user=<key>`, else the default user.
 * `?sandbox_decision=deny` (or a planted deny) answers as a refusing user would.
 */
export function handleAuthorize(ctx: SandboxContext, spec: AuthorizeSpec, req: Request, res: Response): void {
  const client = ctx.store.findClient(spec.network, queryString(req, spec.clientIdParam ?? 'client_id'));
  if (client === null) {
    sendErrorPage(res, 'invalid_client', 'The OAuth client was not found.');
    return;
  }
  const redirectUri = queryString(req, 'redirect_uri');
  if (redirectUri === undefined || !ctx.store.isRedirectAllowed(client, redirectUri)) {
    sendErrorPage(
      res,
      'redirect_uri_mismatch',
      'The redirect URI in the request does not match the ones registered.',
    );
    return;
  }
  const state = queryString(req, 'state');
  if (queryString(req, 'response_type') !== 'code') {
    redirectWith(res, redirectUri, { error: 'unsupported_response_type', state });
    return;
  }
  let codeChallenge: string | null = null;
  if (spec.requirePkce) {
    const challenge = queryString(req, 'code_challenge');
    if (
      queryString(req, 'code_challenge_method') !== 'S256' ||
      challenge === undefined ||
      !/^[\w-]{43}$/.test(challenge)
    ) {
      redirectWith(res, redirectUri, {
        error: 'invalid_request',
        error_description: 'code_challenge with code_challenge_method=S256 is required',
        state,
      });
      return;
    }
    codeChallenge = challenge;
  }
  const planted = ctx.store.takeNextAuthorization(spec.network);
  const userKey = queryString(req, 'sandbox_user');
  const deny = planted?.deny === true || queryString(req, 'sandbox_decision') === 'deny';
  if (deny) {
    redirectWith(res, redirectUri, { ...spec.denyParams, state });
    return;
  }
  let user: SandboxUser | null = planted?.deny === false ? planted.user : ctx.store.defaultUser();
  if (planted === null && userKey !== undefined) user = ctx.store.findUser(userKey);
  if (user === null) {
    sendErrorPage(res, 'unknown_sandbox_user', `No sandbox user "${userKey}".`);
    return;
  }
  const scopes = splitScopes(queryString(req, 'scope'));
  const issued = ctx.store.issueCode({
    network: spec.network,
    clientId: client.clientId,
    user,
    scopes,
    redirectUri,
    codeChallenge,
    ...(planted?.deny === false && planted.tokens !== undefined ? { tokens: planted.tokens } : {}),
    authorizeParams: Object.fromEntries(
      Object.entries(req.query as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    ),
  });
  redirectWith(res, redirectUri, { code: issued.code, state, ...spec.successParams?.(scopes) });
}

/**
 * Redeems the authorization code a token request carries (`code`, `redirect_uri`; `code_verifier`
 * checked against the S256 challenge where the network's authorize endpoint requires PKCE — the
 * others store no challenge, so there is nothing to verify).
 */
export function redeemRequestCode(
  ctx: SandboxContext,
  req: Request,
  network: SandboxNetwork,
  clientId: string,
  pkce: boolean,
): ReturnType<SandboxStore['redeemCode']> {
  return ctx.store.redeemCode({
    network,
    clientId,
    code: param(req, 'code'),
    redirectUri: param(req, 'redirect_uri'),
    codeVerifier: pkce ? param(req, 'code_verifier') : undefined,
    verifyPkce: pkce ? verifyS256 : () => false,
  });
}

/** Meta's long-lived token (Instagram Login, Threads): 60 days (`expires_in` 5183944, as the docs' example). */
const META_LONG_LIVED_TTL = 5_183_944;

/** A new long-lived token for the grant, as Instagram Login's and Threads' exchange and refresh answer it. */
function longLivedAnswer(ctx: SandboxContext, token: AccessToken) {
  const issued = ctx.store.issueTokens(token.grant, {
    refresh: false,
    ttlSeconds: META_LONG_LIVED_TTL,
    longLived: true,
  });
  return { access_token: issued.accessToken.token, token_type: 'bearer', expires_in: issued.expiresIn };
}

/** A long-lived token may be refreshed only once it is at least 24 hours old. */
const LONG_LIVED_REFRESH_MIN_AGE_MS = 24 * 3_600_000;

/**
 * Meta's long-lived token calls, the same on Instagram Login (`ig_…`) and Threads (`th_…`):
 * `GET /access_token` (short-lived → long-lived, 60 days, with the app secret) and
 * `GET /refresh_access_token` (a valid long-lived token at least 24 hours old → a new one).
 */
export function mountLongLivedTokenRoutes(
  router: Router,
  ctx: SandboxContext,
  options: {
    network: 'instagram' | 'threads';
    grantPrefix: 'ig' | 'th';
    sendError: (res: Response, code: number, message: string) => void;
    sendInvalidToken: (res: Response) => void;
  },
): void {
  const { network, grantPrefix, sendError, sendInvalidToken } = options;
  // Short-lived → long-lived (60 days).
  router.get('/access_token', (req, res) => {
    if (queryString(req, 'grant_type') !== `${grantPrefix}_exchange_token`) {
      sendError(res, 100, `Param grant_type must be ${grantPrefix}_exchange_token`);
      return;
    }
    const token = ctx.store.findAccessToken(network, queryString(req, 'access_token') ?? null);
    if (token === null) return sendInvalidToken(res);
    const secret = queryString(req, 'client_secret');
    const expected = ctx.store.clientSecretOf(token.grant);
    if (secret === undefined || expected === null || !safeEqual(secret, expected)) {
      sendError(res, 101, 'Error validating client secret.');
      return;
    }
    if (token.longLived === true) {
      sendError(res, 100, 'The access token is already long-lived');
      return;
    }
    res.json(longLivedAnswer(ctx, token));
  });

  // A long-lived token, valid and at least 24 hours old → a new one, 60 days from now.
  router.get('/refresh_access_token', (req, res) => {
    if (queryString(req, 'grant_type') !== `${grantPrefix}_refresh_token`) {
      sendError(res, 100, `Param grant_type must be ${grantPrefix}_refresh_token`);
      return;
    }
    const token = ctx.store.findAccessToken(network, queryString(req, 'access_token') ?? null);
    if (token === null || token.longLived !== true) return sendInvalidToken(res);
    if (ctx.store.now() - (token.issuedAt ?? 0) < LONG_LIVED_REFRESH_MIN_AGE_MS) {
      sendError(res, 100, 'A long-lived access token can be refreshed only once it is at least 24 hours old');
      return;
    }
    res.json(longLivedAnswer(ctx, token));
  });
}

/** The standard OAuth error body `{ error, error_description }`. */
export function sendOAuthError(res: Response, status: number, error: string, description: string): void {
  res.status(status).json({ error, error_description: description });
}
