// Our OAuth API over Arctic 3.7.0 for Google, Facebook, LinkedIn and X: one interface for
// authorization URLs, code exchange, refresh and userinfo, sandbox-aware, errors mapped to kinds.
import { createHmac } from 'node:crypto';
import { Facebook, Google, LinkedIn, type OAuth2Tokens, Twitter } from 'arctic';
import { z } from 'zod';
import { createNetworkFetch, isSandboxFetchInstalled, rewriteAuthorizationUrl } from '../sandbox-url.js';
import {
  kindFromGraphError,
  kindFromStatus,
  OAuthProviderError,
  toOAuthProviderError,
} from './oauth-error.js';

export type OAuthProviderName = 'google' | 'facebook' | 'linkedin' | 'x';

export const OAUTH_PROVIDER_NAMES: readonly OAuthProviderName[] = ['google', 'facebook', 'linkedin', 'x'];

export type OAuthPurpose = 'signIn' | 'connect';

/**
 * Minimal scopes per flow (O8). Sign-in: Google, Facebook, LinkedIn. Connecting an account to
 * publish: Facebook (Pages), LinkedIn (w_member_social), X (tweet.write + offline.access).
 */
export const OAUTH_SCOPES: Readonly<
  Record<OAuthProviderName, Partial<Record<OAuthPurpose, readonly string[]>>>
> = {
  google: { signIn: ['openid', 'profile', 'email'] },
  facebook: {
    signIn: ['public_profile', 'email'],
    connect: [
      'public_profile',
      'email',
      'pages_show_list',
      'pages_manage_posts',
      'pages_read_engagement',
      'read_insights',
      'business_management',
    ],
  },
  linkedin: {
    signIn: ['openid', 'profile', 'email'],
    connect: ['openid', 'profile', 'email', 'w_member_social'],
  },
  x: { connect: ['tweet.read', 'tweet.write', 'users.read', 'offline.access'] },
};

/** The scopes of a flow, or null when the provider is not used for it. */
export function scopesFor(name: OAuthProviderName, purpose: OAuthPurpose): readonly string[] | null {
  return OAUTH_SCOPES[name][purpose] ?? null;
}

export interface OAuthProviderOptions {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** SOCIAL_SANDBOX_URL. Token calls then need `installSandboxFetch(sandboxUrl)` done at boot. */
  sandboxUrl?: string;
  /** Fetch for our own calls (userinfo, Graph); defaults to `createNetworkFetch(sandboxUrl)`. */
  fetch?: typeof globalThis.fetch;
  /** Clock for expiry dates (tests). */
  now?: () => number;
  /** Timeout of every call, Arctic's token calls included (they get a deadline). Default 15 s. */
  timeoutMs?: number;
  /** Graph API version for our Facebook calls (Arctic pins v16.0 for the OAuth ones). */
  facebookGraphVersion?: string;
}

export interface OAuthTokens {
  accessToken: string;
  /** null when none was issued: never overwrite a stored refresh token with it. */
  refreshToken: string | null;
  accessTokenExpiresAt: Date | null;
  refreshTokenExpiresAt: Date | null;
  idToken: string | null;
  /** Granted scopes as reported by the provider; empty when it does not report them (Facebook). */
  scopes: string[];
}

export interface OAuthUserInfo {
  providerUserId: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
  /** X handle; null elsewhere. */
  username: string | null;
}

export interface AuthorizationUrlInput {
  state: string;
  /** Required by PKCE providers (Google, X); ignored by the others. */
  codeVerifier?: string | null;
  /** Defaults to the provider's sign-in scopes (connect scopes for X). */
  scopes?: readonly string[];
}

export interface OAuthProvider {
  readonly name: OAuthProviderName;
  readonly usesPkce: boolean;
  /** False for Facebook, whose long-lived tokens are re-exchanged instead. */
  readonly issuesRefreshTokens: boolean;
  readonly defaultScopes: readonly string[];
  /** The URL to send the browser to (rewritten to the sandbox when configured). */
  createAuthorizationURL(input: AuthorizationUrlInput): URL;
  validateAuthorizationCode(code: string, codeVerifier?: string | null): Promise<OAuthTokens>;
  /** Facebook: exchanges a still-valid access token for a long-lived one (fb_exchange_token). */
  refreshAccessToken(refreshToken: string): Promise<OAuthTokens>;
  fetchUserInfo(accessToken: string): Promise<OAuthUserInfo>;
  /** Revokes a token at the network, where the network offers it (X, Google). */
  revokeToken?(token: string): Promise<void>;
}

export interface FacebookPage {
  id: string;
  name: string;
  /** Page token: does not expire when minted from a long-lived user token. */
  accessToken: string;
  category: string | null;
}

export interface FacebookOAuthProvider extends OAuthProvider {
  readonly name: 'facebook';
  /** `grant_type=fb_exchange_token`: a long-lived (about 60 days) user token. */
  exchangeForLongLivedToken(accessToken: string): Promise<OAuthTokens>;
  /** `GET /me/accounts`: the Pages the user manages, with their Page tokens. */
  fetchPages(userAccessToken: string): Promise<FacebookPage[]>;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_GRAPH_VERSION = 'v16.0';

function splitScopes(scope: unknown): string[] {
  return typeof scope === 'string' ? scope.split(/[\s,]+/).filter((s) => s !== '') : [];
}

function secondsFromNow(value: unknown, now: number): Date | null {
  const seconds = typeof value === 'string' ? Number(value) : value;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
    ? new Date(now + seconds * 1000)
    : null;
}

function readTokens(provider: string, data: Record<string, unknown>, now: number): OAuthTokens {
  if (typeof data.access_token !== 'string' || data.access_token === '') {
    throw new OAuthProviderError('unexpected', provider, `${provider} answered without an access token`);
  }
  const refreshToken =
    typeof data.refresh_token === 'string' && data.refresh_token !== '' ? data.refresh_token : null;
  return {
    accessToken: data.access_token,
    refreshToken,
    accessTokenExpiresAt: secondsFromNow(data.expires_in, now),
    refreshTokenExpiresAt: refreshToken === null ? null : secondsFromNow(data.refresh_token_expires_in, now),
    idToken: typeof data.id_token === 'string' ? data.id_token : null,
    scopes: splitScopes(data.scope),
  };
}

function fromArctic(provider: string, tokens: OAuth2Tokens, now: number): OAuthTokens {
  return readTokens(provider, tokens.data as Record<string, unknown>, now);
}

/** Arctic's token calls use global fetch; refuse to send sandbox codes to the real networks. */
function assertTokenRouting(provider: string, sandboxUrl: string | undefined): void {
  if (sandboxUrl !== undefined && !isSandboxFetchInstalled(sandboxUrl)) {
    throw new OAuthProviderError(
      'unexpected',
      provider,
      'A sandbox URL is configured but installSandboxFetch() was not called with it',
    );
  }
}

interface CallContext {
  provider: OAuthProviderName;
  fetch: typeof globalThis.fetch;
  timeoutMs: number;
}

interface JsonRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: URLSearchParams;
}

async function requestJson(ctx: CallContext, url: string, init: JsonRequest): Promise<unknown> {
  let response: Response;
  let body: unknown;
  try {
    response = await ctx.fetch(url, {
      ...init,
      headers: { Accept: 'application/json', ...init.headers },
      signal: AbortSignal.timeout(ctx.timeoutMs),
    });
    const text = await response.text();
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      body = null;
    }
  } catch (error) {
    throw new OAuthProviderError('network', ctx.provider, `Could not reach ${ctx.provider}`, {
      cause: error,
    });
  }
  if (!response.ok) {
    const kind =
      ctx.provider === 'facebook'
        ? kindFromGraphError(body, response.status)
        : kindFromStatus(response.status);
    const graphCode =
      ctx.provider === 'facebook' && typeof body === 'object' && body !== null && 'error' in body
        ? String((body as { error: { code?: unknown } }).error.code ?? '')
        : null;
    throw new OAuthProviderError(kind, ctx.provider, `${ctx.provider} answered ${response.status}`, {
      status: response.status,
      providerCode: graphCode,
    });
  }
  return body;
}

function parseBody<T>(ctx: CallContext, schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new OAuthProviderError('unexpected', ctx.provider, `${ctx.provider} answered an unexpected body`);
  }
  return result.data;
}

const emailVerifiedSchema = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .optional()
  .transform((value) => value === true || value === 'true');

const oidcUserInfoSchema = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: emailVerifiedSchema,
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  picture: z.string().optional(),
});

const facebookMeSchema = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  email: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  picture: z.object({ data: z.object({ url: z.string().optional() }).optional() }).optional(),
});

const xMeSchema = z.object({
  data: z.object({
    id: z.string().min(1),
    name: z.string().optional(),
    username: z.string().optional(),
    profile_image_url: z.string().optional(),
  }),
});

const facebookPagesSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      access_token: z.string(),
      category: z.string().optional(),
    }),
  ),
  paging: z.object({ next: z.string().optional() }).optional(),
});

function oidcUserInfo(info: z.infer<typeof oidcUserInfoSchema>): OAuthUserInfo {
  return {
    providerUserId: info.sub,
    email: info.email ?? null,
    emailVerified: info.email !== undefined && info.email_verified,
    name: info.name ?? null,
    firstName: info.given_name ?? null,
    lastName: info.family_name ?? null,
    avatarUrl: info.picture ?? null,
    username: null,
  };
}

function bearer(accessToken: string): Record<string, string> {
  return { Authorization: `Bearer ${accessToken}` };
}

export function createOAuthProvider(name: 'facebook', options: OAuthProviderOptions): FacebookOAuthProvider;
export function createOAuthProvider(name: OAuthProviderName, options: OAuthProviderOptions): OAuthProvider;
export function createOAuthProvider(name: OAuthProviderName, options: OAuthProviderOptions): OAuthProvider {
  const now = options.now ?? Date.now;
  const ctx: CallContext = {
    provider: name,
    fetch: options.fetch ?? createNetworkFetch(options.sandboxUrl),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
  const { clientId, clientSecret, redirectUri, sandboxUrl } = options;
  const defaultScopes = scopesFor(name, 'signIn') ?? scopesFor(name, 'connect') ?? [];

  // Arctic calls wrapped: routing check first, every failure mapped to an OAuthProviderError.
  // Arctic's fetch takes no signal, so the timeout stops our wait (the request itself may still
  // finish at the network): the worker's token refresh must end within NETWORK_TIMEOUT_MS, below
  // STALE_CLAIM_MS (docs/publishing.md, "Timing").
  const viaArctic = async (call: () => Promise<OAuth2Tokens>): Promise<OAuthTokens> => {
    assertTokenRouting(name, sandboxUrl);
    let tokens: OAuth2Tokens;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new OAuthProviderError('network', name, `${name} did not answer within ${ctx.timeoutMs} ms`),
          ),
        ctx.timeoutMs,
      );
    });
    try {
      tokens = await Promise.race([call(), deadline]);
    } catch (error) {
      throw toOAuthProviderError(name, error);
    } finally {
      clearTimeout(timer);
    }
    return fromArctic(name, tokens, now());
  };
  const requireVerifier = (codeVerifier: string | null | undefined): string => {
    if (codeVerifier === undefined || codeVerifier === null || codeVerifier === '') {
      throw new OAuthProviderError('unexpected', name, `${name} uses PKCE: a code verifier is required`);
    }
    return codeVerifier;
  };
  const scopesOf = (input: AuthorizationUrlInput): string[] => [...(input.scopes ?? defaultScopes)];

  switch (name) {
    case 'google': {
      const google = new Google(clientId, clientSecret, redirectUri);
      return {
        name,
        usesPkce: true,
        issuesRefreshTokens: true,
        defaultScopes,
        createAuthorizationURL(input) {
          const url = google.createAuthorizationURL(
            input.state,
            requireVerifier(input.codeVerifier),
            scopesOf(input),
          );
          // Without these Google sends a refresh token only on the very first consent.
          url.searchParams.set('access_type', 'offline');
          url.searchParams.set('prompt', 'consent');
          return rewriteAuthorizationUrl(url, sandboxUrl);
        },
        validateAuthorizationCode: (code, codeVerifier) =>
          viaArctic(() => google.validateAuthorizationCode(code, requireVerifier(codeVerifier))),
        refreshAccessToken: (refreshToken) => viaArctic(() => google.refreshAccessToken(refreshToken)),
        async fetchUserInfo(accessToken) {
          const body = await requestJson(ctx, 'https://openidconnect.googleapis.com/v1/userinfo', {
            headers: bearer(accessToken),
          });
          return oidcUserInfo(parseBody(ctx, oidcUserInfoSchema, body));
        },
      };
    }
    case 'linkedin': {
      const linkedin = new LinkedIn(clientId, clientSecret, redirectUri);
      return {
        name,
        usesPkce: false,
        issuesRefreshTokens: true,
        defaultScopes,
        createAuthorizationURL(input) {
          return rewriteAuthorizationUrl(
            linkedin.createAuthorizationURL(input.state, scopesOf(input)),
            sandboxUrl,
          );
        },
        validateAuthorizationCode: (code) => viaArctic(() => linkedin.validateAuthorizationCode(code)),
        refreshAccessToken: (refreshToken) => viaArctic(() => linkedin.refreshAccessToken(refreshToken)),
        async fetchUserInfo(accessToken) {
          const body = await requestJson(ctx, 'https://api.linkedin.com/v2/userinfo', {
            headers: bearer(accessToken),
          });
          return oidcUserInfo(parseBody(ctx, oidcUserInfoSchema, body));
        },
      };
    }
    case 'x': {
      const twitter = new Twitter(clientId, clientSecret, redirectUri);
      return {
        name,
        usesPkce: true,
        issuesRefreshTokens: true,
        defaultScopes,
        createAuthorizationURL(input) {
          const url = twitter.createAuthorizationURL(
            input.state,
            requireVerifier(input.codeVerifier),
            scopesOf(input),
          );
          return rewriteAuthorizationUrl(url, sandboxUrl);
        },
        validateAuthorizationCode: (code, codeVerifier) =>
          viaArctic(() => twitter.validateAuthorizationCode(code, requireVerifier(codeVerifier))),
        refreshAccessToken: (refreshToken) => viaArctic(() => twitter.refreshAccessToken(refreshToken)),
        async revokeToken(token) {
          try {
            await twitter.revokeToken(token);
          } catch (error) {
            throw toOAuthProviderError(name, error);
          }
        },
        async fetchUserInfo(accessToken) {
          const body = await requestJson(
            ctx,
            'https://api.twitter.com/2/users/me?user.fields=profile_image_url,public_metrics',
            { headers: bearer(accessToken) },
          );
          const { data } = parseBody(ctx, xMeSchema, body);
          return {
            providerUserId: data.id,
            email: null,
            emailVerified: false,
            name: data.name ?? null,
            firstName: null,
            lastName: null,
            avatarUrl: data.profile_image_url ?? null,
            username: data.username ?? null,
          };
        },
      };
    }
    case 'facebook':
      return createFacebookProvider(options, ctx, defaultScopes, viaArctic, now);
  }
}

function createFacebookProvider(
  options: OAuthProviderOptions,
  ctx: CallContext,
  defaultScopes: readonly string[],
  viaArctic: (call: () => Promise<OAuth2Tokens>) => Promise<OAuthTokens>,
  now: () => number,
): FacebookOAuthProvider {
  const { clientId, clientSecret, redirectUri, sandboxUrl } = options;
  const facebook = new Facebook(clientId, clientSecret, redirectUri);
  const graph = `https://graph.facebook.com/${options.facebookGraphVersion ?? DEFAULT_GRAPH_VERSION}`;
  // appsecret_proof ties the call to our app, as Meta recommends for server-side calls.
  const proof = (accessToken: string) => createHmac('sha256', clientSecret).update(accessToken).digest('hex');

  const exchangeForLongLivedToken = async (accessToken: string): Promise<OAuthTokens> => {
    const body = new URLSearchParams({
      grant_type: 'fb_exchange_token',
      client_id: clientId,
      client_secret: clientSecret,
      fb_exchange_token: accessToken,
    });
    const data = await requestJson(ctx, `${graph}/oauth/access_token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    });
    if (typeof data !== 'object' || data === null) {
      throw new OAuthProviderError('unexpected', 'facebook', 'facebook answered an unexpected body');
    }
    return readTokens('facebook', data as Record<string, unknown>, now());
  };

  return {
    name: 'facebook',
    usesPkce: false,
    issuesRefreshTokens: false,
    defaultScopes,
    createAuthorizationURL(input) {
      const url = facebook.createAuthorizationURL(input.state, [...(input.scopes ?? defaultScopes)]);
      return rewriteAuthorizationUrl(url, sandboxUrl);
    },
    validateAuthorizationCode: (code) => viaArctic(() => facebook.validateAuthorizationCode(code)),
    refreshAccessToken: exchangeForLongLivedToken,
    exchangeForLongLivedToken,
    async fetchUserInfo(accessToken) {
      const query = new URLSearchParams({
        fields: 'id,name,email,first_name,last_name,picture',
        appsecret_proof: proof(accessToken),
      });
      const body = await requestJson(ctx, `${graph}/me?${query}`, { headers: bearer(accessToken) });
      const me = parseBody(ctx, facebookMeSchema, body);
      return {
        providerUserId: me.id,
        email: me.email ?? null,
        // The Graph API only returns confirmed emails.
        emailVerified: me.email !== undefined,
        name: me.name ?? null,
        firstName: me.first_name ?? null,
        lastName: me.last_name ?? null,
        avatarUrl: me.picture?.data?.url ?? null,
        username: null,
      };
    },
    async fetchPages(userAccessToken) {
      const pages: FacebookPage[] = [];
      const query = new URLSearchParams({
        fields: 'id,name,access_token,category',
        appsecret_proof: proof(userAccessToken),
      });
      let next: string | undefined = `${graph}/me/accounts?${query}`;
      // Follow at most 10 result pages; nobody manages more than a few hundred Pages.
      for (let i = 0; next !== undefined && i < 10; i += 1) {
        const body = await requestJson(ctx, next, { headers: bearer(userAccessToken) });
        const parsed = parseBody(ctx, facebookPagesSchema, body);
        for (const page of parsed.data) {
          pages.push({
            id: page.id,
            name: page.name,
            accessToken: page.access_token,
            category: page.category ?? null,
          });
        }
        next = parsed.paging?.next;
      }
      return pages;
    },
  };
}

export interface AuthorizationCallback {
  code: string;
  state: string;
}

/**
 * Reads `code` and `state` from the callback query. A refusal (`error=access_denied`, LinkedIn's
 * `user_cancelled_*`) throws kind `access_denied`; anything else malformed, `unexpected`.
 */
export function readAuthorizationCallback(
  provider: OAuthProviderName,
  params: URLSearchParams,
): AuthorizationCallback {
  const error = params.get('error');
  if (error !== null) {
    const kind = ['access_denied', 'user_cancelled_login', 'user_cancelled_authorize'].includes(error)
      ? 'access_denied'
      : 'unexpected';
    throw new OAuthProviderError(kind, provider, `${provider} returned ${error}`, { providerCode: error });
  }
  const code = params.get('code');
  const state = params.get('state');
  if (code === null || code === '' || state === null || state === '') {
    throw new OAuthProviderError('unexpected', provider, 'The callback lacks code or state');
  }
  return { code, state };
}
