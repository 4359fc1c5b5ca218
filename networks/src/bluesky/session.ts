// A Bluesky session (app password, not OAuth): `com.atproto.server.createSession` with the handle
// or e-mail and an app password answers an access JWT (about 2 h) and a refresh JWT (about 90
// days); `refreshSession` (Bearer: the refresh JWT) answers a new pair and retires the old one;
// `deleteSession` (Bearer: the refresh JWT) ends it. The app password itself is never stored: the
// refresh JWT renews the session, and when it is refused the person types the password again.
//
// The account's server (its PDS, or the bsky.social entryway) is part of the session: each stored
// token is `<service URL> <JWT>` (sealed like every token), so the publisher, the refresh and the
// follower count know where to call without a column of their own.
import { type ConnectedAccount, ConnectRefusedError } from '../connect/types.js';
import { type SessionLoginFields, SessionProbeError } from '../descriptor.js';
import { OAuthProviderError } from '../oauth/errors.js';
import type { OAuthProvider, OAuthTokens } from '../oauth/types.js';
import type { HttpContext } from '../publishing/http.js';
import { isObject, stringField } from '../publishing/http.js';
import { PublishError } from '../publishing/types.js';
import { BLUESKY_DEFAULT_SERVICE, xrpc } from './xrpc.js';

const DEFAULT_TIMEOUT_MS = 15_000;

export interface BlueskySession {
  service: string;
  jwt: string;
}

/** `<service> <jwt>` → its parts; a bare JWT (never stored by Pauta) is taken as bsky.social's. */
export function splitSession(token: string): BlueskySession {
  const space = token.indexOf(' ');
  if (space < 0) return { service: BLUESKY_DEFAULT_SERVICE, jwt: token };
  return { service: token.slice(0, space), jwt: token.slice(space + 1) };
}

export function joinSession(service: string, jwt: string): string {
  return `${service} ${jwt}`;
}

/** A JWT's payload (base64url JSON); an empty object when it cannot be read. */
function jwtPayload(jwt: string): Record<string, unknown> {
  try {
    const payload: unknown = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return isObject(payload) ? payload : {};
  } catch {
    return {};
  }
}

/** The JWT's `exp` as a date; null when it has none. */
export function jwtExpiry(jwt: string): Date | null {
  const { exp } = jwtPayload(jwt);
  return typeof exp === 'number' ? new Date(exp * 1000) : null;
}

/**
 * The server a person typed, as an https origin: empty = bsky.social; a bare host gets https://.
 * null when it is not a usable address (the form says so in pt-BR).
 */
export function normaliseService(input: string | undefined, fallback: string): string | null {
  const raw = (input ?? '').trim();
  if (raw === '') return fallback;
  try {
    const url = new URL(/^[a-z]+:\/\//iu.test(raw) ? raw : `https://${raw}`);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** OAUTH_FAILED reasons of the connect form (their pt-BR texts: profile.ts `refusals`). */
export const LOGIN_REFUSALS = {
  badPassword: 'bluesky_bad_password',
  badService: 'bluesky_bad_service',
  takendown: 'bluesky_account_unavailable',
} as const;

export interface BlueskySessionClient extends OAuthProvider {
  /** createSession, then the profile: the account to save. */
  login(input: SessionLoginFields): Promise<ConnectedAccount>;
  /** `com.atproto.server.describeServer` of the default server (no login): its URL, or why not. */
  probe(): Promise<string>;
}

function notOAuth(): never {
  throw new Error('bluesky connects with an app password (connect form), not an OAuth redirect');
}

/** The session's tokens as OAuthTokens (each prefixed with its service). */
function sessionTokens(service: string, body: unknown): OAuthTokens {
  const accessJwt = stringField(body, 'accessJwt');
  const refreshJwt = stringField(body, 'refreshJwt');
  if (accessJwt === null || refreshJwt === null)
    throw new OAuthProviderError('unexpected', 'bluesky', 'session answer without its tokens');
  return {
    accessToken: joinSession(service, accessJwt),
    refreshToken: joinSession(service, refreshJwt),
    accessTokenExpiresAt: jwtExpiry(accessJwt),
    refreshTokenExpiresAt: jwtExpiry(refreshJwt),
    idToken: null,
    scopes: [],
  };
}

/** A publishing-style failure of a session call as the OAuth error the token code expects. */
function asOAuthError(error: unknown): unknown {
  if (!(error instanceof PublishError)) return error;
  const status = error.details.status ?? null;
  const code = error.details.networkCode ?? null;
  const refused =
    error.kind === 'auth' || (status === 400 && (code === 'ExpiredToken' || code === 'InvalidToken'));
  const kind = refused ? 'invalid_grant' : error.kind === 'permanent' ? 'unexpected' : 'network';
  return new OAuthProviderError(kind, 'bluesky', error.message, { status, providerCode: code, cause: error });
}

export function createBlueskySessionClient(options: {
  fetch: typeof globalThis.fetch;
  timeoutMs?: number;
  /** BLUESKY_DEFAULT_SERVICE: the server used when the person leaves the field empty. */
  defaultService?: string;
}): BlueskySessionClient {
  const defaultService = options.defaultService ?? BLUESKY_DEFAULT_SERVICE;
  const ctx = (secrets: string[]): HttpContext => ({
    platform: 'bluesky',
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    secrets,
  });
  return {
    name: 'bluesky',
    usesPkce: false,
    issuesRefreshTokens: true,
    defaultScopes: [],
    createAuthorizationURL: notOAuth,
    validateAuthorizationCode: notOAuth,
    fetchUserInfo: notOAuth,
    async login(input) {
      const service = normaliseService(input.service, defaultService);
      if (service === null) throw new ConnectRefusedError(LOGIN_REFUSALS.badService);
      const http = ctx([input.password]);
      let body: unknown;
      try {
        body = (
          await xrpc(http, {
            service,
            nsid: 'com.atproto.server.createSession',
            jwt: null,
            json: { identifier: input.identifier.trim().replace(/^@/u, ''), password: input.password },
          })
        ).json;
      } catch (error) {
        if (error instanceof PublishError && (error.kind === 'auth' || error.details.status === 401))
          throw new ConnectRefusedError(LOGIN_REFUSALS.badPassword);
        if (error instanceof PublishError && error.details.networkCode === 'AccountTakedown')
          throw new ConnectRefusedError(LOGIN_REFUSALS.takendown);
        if (error instanceof PublishError && error.details.status === 404)
          throw new ConnectRefusedError(LOGIN_REFUSALS.badService);
        throw asOAuthError(error);
      }
      const tokens = sessionTokens(service, body);
      const did = stringField(body, 'did');
      const handle = stringField(body, 'handle');
      if (did === null) throw new OAuthProviderError('unexpected', 'bluesky', 'session without a did');
      const accessJwt = splitSession(tokens.accessToken).jwt;
      let name: string | null = null;
      let avatarUrl: string | null = null;
      try {
        const profile = await xrpc(ctx([accessJwt]), {
          service,
          nsid: 'app.bsky.actor.getProfile',
          jwt: accessJwt,
          query: { actor: did },
        });
        name = stringField(profile.json, 'displayName') || null;
        avatarUrl = stringField(profile.json, 'avatar');
      } catch {
        // The profile is a nicety: the session is what connects the account.
      }
      return {
        platformUserId: did,
        platformUsername: handle,
        name: name ?? handle,
        email: stringField(body, 'email'),
        avatarUrl,
        pageName: null,
        scopes: [],
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        accessTokenExpiresAt: tokens.accessTokenExpiresAt,
      };
    },
    async probe() {
      try {
        const result = await xrpc(ctx([]), {
          service: defaultService,
          nsid: 'com.atproto.server.describeServer',
          jwt: null,
        });
        if (stringField(result.json, 'did') === null)
          throw new SessionProbeError(defaultService, 'a resposta não é de um servidor AT Protocol');
        return defaultService;
      } catch (error) {
        if (error instanceof SessionProbeError) throw error;
        throw new SessionProbeError(defaultService, error instanceof Error ? error.message : String(error));
      }
    },
    async refreshAccessToken(refreshToken) {
      const { service, jwt } = splitSession(refreshToken);
      try {
        const result = await xrpc(ctx([jwt]), {
          service,
          nsid: 'com.atproto.server.refreshSession',
          jwt,
          procedure: true,
        });
        return sessionTokens(service, result.json);
      } catch (error) {
        throw asOAuthError(error);
      }
    },
    /** deleteSession takes the refresh JWT; an access token has nothing to end (skipped). */
    async revokeToken(token) {
      const { service, jwt } = splitSession(token);
      if (!isRefreshJwt(jwt)) return;
      try {
        await xrpc(ctx([jwt]), { service, nsid: 'com.atproto.server.deleteSession', jwt, procedure: true });
      } catch (error) {
        throw asOAuthError(error);
      }
    },
  };
}

/** Whether a JWT is a session's refresh token (`scope: com.atproto.refresh`). */
function isRefreshJwt(jwt: string): boolean {
  return jwtPayload(jwt).scope === 'com.atproto.refresh';
}
