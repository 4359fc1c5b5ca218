// What every network's OAuth client shares over Arctic 3.7.0: token reading, the deadline and
// error mapping around Arctic's calls, our own JSON calls (userinfo, Graph) and the OIDC userinfo
// shape. Each network's module (google/oauth.ts, linkedin/oauth.ts, …) builds on `oauthCore`.
import type { OAuth2Tokens } from 'arctic';
import { z } from 'zod';
import { createNetworkFetch, isSandboxFetchInstalled, rewriteAuthorizationUrl } from '../sandbox-url.js';
import {
  kindFromGraphError,
  kindFromStatus,
  type OAuthErrorKind,
  OAuthProviderError,
  toOAuthProviderError,
} from './errors.js';
import type {
  AuthorizationUrlInput,
  OAuthProvider,
  OAuthProviderName,
  OAuthProviderOptions,
  OAuthScopes,
  OAuthTokens,
  OAuthUserInfo,
} from './types.js';

const DEFAULT_TIMEOUT_MS = 15_000;

function splitScopes(scope: unknown): string[] {
  return typeof scope === 'string' ? scope.split(/[\s,]+/).filter((s) => s !== '') : [];
}

function secondsFromNow(value: unknown, now: number): Date | null {
  const seconds = typeof value === 'string' ? Number(value) : value;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
    ? new Date(now + seconds * 1000)
    : null;
}

/** A token answer (Arctic's `data` or our own call's body) as OAuthTokens. */
export function readTokens(provider: string, data: Record<string, unknown>, now: number): OAuthTokens {
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

/** How a network's error answers to our own calls map to a kind and the network's own code. */
export type ErrorBodyClassifier = (
  body: unknown,
  status: number,
) => { kind: OAuthErrorKind; providerCode: string | null };

const byStatus: ErrorBodyClassifier = (_body, status) => ({
  kind: kindFromStatus(status),
  providerCode: null,
});

/** Graph-style answers (`{ error: { code, … } }`: Facebook Login, Threads): the code decides the kind. */
export const classifyGraphBody: ErrorBodyClassifier = (body, status) => ({
  kind: kindFromGraphError(body, status),
  providerCode:
    typeof body === 'object' && body !== null && 'error' in body
      ? String((body as { error: { code?: unknown } }).error.code ?? '')
      : null,
});

export interface CallContext {
  provider: OAuthProviderName;
  fetch: typeof globalThis.fetch;
  timeoutMs: number;
  classifyError: ErrorBodyClassifier;
}

interface JsonRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: URLSearchParams;
}

export async function requestJson(ctx: CallContext, url: string, init: JsonRequest): Promise<unknown> {
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
    const { kind, providerCode } = ctx.classifyError(body, response.status);
    throw new OAuthProviderError(kind, ctx.provider, `${ctx.provider} answered ${response.status}`, {
      status: response.status,
      providerCode,
    });
  }
  return body;
}

/** `POST url` with a form body (token, revocation), answered as JSON. */
export function postForm(ctx: CallContext, url: string, params: Record<string, string>): Promise<unknown> {
  return requestJson(ctx, url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });
}

export function parseBody<T>(ctx: CallContext, schema: z.ZodType<T>, body: unknown): T {
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

export const oidcUserInfoSchema = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: emailVerifiedSchema,
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  picture: z.string().optional(),
});

export function oidcUserInfo(info: z.infer<typeof oidcUserInfoSchema>): OAuthUserInfo {
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

/**
 * The authorization URL of a network whose dialog takes the scopes comma-separated (Threads,
 * Pinterest): client_id, redirect_uri, scope, response_type=code, state; rewritten to the sandbox
 * when configured.
 */
export function commaScopeAuthorizationUrl(
  base: string,
  input: { clientId: string; redirectUri: string; scopes: readonly string[]; state: string },
  sandboxUrl: string | undefined,
): URL {
  const url = new URL(base);
  url.searchParams.set('client_id', input.clientId);
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('scope', input.scopes.join(','));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', input.state);
  return rewriteAuthorizationUrl(url, sandboxUrl);
}

/**
 * The first members of a client whose network takes no PKCE, lists the scopes comma-separated in
 * its authorization URL (as they document them) and issues refresh tokens: Instagram Login,
 * Pinterest, Threads.
 */
export function commaScopeClient<Name extends OAuthProviderName>(
  name: Name,
  authorizeUrl: string,
  core: Pick<OAuthCore, 'defaultScopes' | 'scopesOf'>,
  options: Pick<OAuthProviderOptions, 'clientId' | 'redirectUri' | 'sandboxUrl'>,
): { name: Name } & Pick<
  OAuthProvider,
  'usesPkce' | 'issuesRefreshTokens' | 'defaultScopes' | 'createAuthorizationURL'
> {
  return {
    name,
    usesPkce: false,
    issuesRefreshTokens: true,
    defaultScopes: core.defaultScopes,
    createAuthorizationURL: (input) =>
      commaScopeAuthorizationUrl(
        authorizeUrl,
        {
          clientId: options.clientId,
          redirectUri: options.redirectUri,
          scopes: core.scopesOf(input),
          state: input.state,
        },
        options.sandboxUrl,
      ),
  };
}

export function bearer(accessToken: string): Record<string, string> {
  return { Authorization: `Bearer ${accessToken}` };
}

export interface OAuthCore {
  ctx: CallContext;
  now: () => number;
  /** The sign-in scopes, or the connect ones for a connect-only client (X). */
  defaultScopes: readonly string[];
  /** Runs an Arctic token call: routing check, deadline, every failure an OAuthProviderError. */
  viaArctic(call: () => Promise<OAuth2Tokens>): Promise<OAuthTokens>;
  requireVerifier(codeVerifier: string | null | undefined): string;
  scopesOf(input: AuthorizationUrlInput): string[];
}

export function oauthCore(
  name: OAuthProviderName,
  scopes: OAuthScopes,
  options: OAuthProviderOptions,
  classifyError: ErrorBodyClassifier = byStatus,
): OAuthCore {
  const now = options.now ?? Date.now;
  const ctx: CallContext = {
    provider: name,
    fetch: options.fetch ?? createNetworkFetch(options.sandboxUrl),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    classifyError,
  };
  const defaultScopes = scopes.signIn ?? scopes.connect ?? [];

  // Arctic's fetch takes no signal, so the timeout stops our wait (the request itself may still
  // finish at the network): the worker's token refresh must end within NETWORK_TIMEOUT_MS, below
  // STALE_CLAIM_MS (docs/publishing.md, "Timing").
  const viaArctic = async (call: () => Promise<OAuth2Tokens>): Promise<OAuthTokens> => {
    assertTokenRouting(name, options.sandboxUrl);
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
    return readTokens(name, tokens.data as Record<string, unknown>, now());
  };
  const requireVerifier = (codeVerifier: string | null | undefined): string => {
    if (codeVerifier === undefined || codeVerifier === null || codeVerifier === '') {
      throw new OAuthProviderError('unexpected', name, `${name} uses PKCE: a code verifier is required`);
    }
    return codeVerifier;
  };
  const scopesOf = (input: AuthorizationUrlInput): string[] => [...(input.scopes ?? defaultScopes)];
  return { ctx, now, defaultScopes, viaArctic, requireVerifier, scopesOf };
}
