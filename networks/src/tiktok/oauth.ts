// TikTok's OAuth client (Login Kit, API v2; connect only): the authorization dialog at
// www.tiktok.com/v2/auth/authorize/ with `client_key` (TikTok's name for the client id), the
// scopes comma-separated and PKCE (S256); the code exchanged at `POST /v2/oauth/token/`
// (form-encoded: client_key, client_secret, code, grant_type=authorization_code, redirect_uri,
// code_verifier) for a 24-hour access token and a 365-day refresh token (`expires_in`,
// `refresh_expires_in`, `open_id`); renewal is `grant_type=refresh_token` at the same endpoint and
// revocation `POST /v2/oauth/revoke/`. Token errors come as `{ error, error_description, log_id }`.
// Beside the client, what connecting reads: `GET /v2/user/info/` (open_id, display_name,
// avatar_url; follower_count with user.info.stats).
// https://developers.tiktok.com/doc/login-kit-web
// https://developers.tiktok.com/doc/oauth-user-access-token-management
// https://developers.tiktok.com/doc/tiktok-api-v2-get-user-info
import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  bearer,
  type ErrorBodyClassifier,
  oauthCore,
  parseBody,
  postForm,
  readTokens,
  requestJson,
} from '../oauth/client.js';
import { kindFromStatus, OAuthProviderError } from '../oauth/errors.js';
import type { OAuthProvider, OAuthProviderOptions, OAuthScopes, OAuthTokens } from '../oauth/types.js';
import { rewriteAuthorizationUrl } from '../sandbox-url.js';
import { TIKTOK_API, TIKTOK_AUTHORIZE_URL } from './api.js';

/**
 * `user.info.basic` (open_id, display name, avatar), `user.info.stats` (follower count),
 * `video.publish` (Direct Post) and `video.list` (video/query: the metrics). TikTok approves each
 * scope for the app in its developer portal; the person may untick the optional ones.
 */
export const TIKTOK_SCOPES: OAuthScopes = {
  connect: ['user.info.basic', 'user.info.stats', 'video.publish', 'video.list'],
};

/** The fields user/info is asked for (each needs its scope). */
export const TIKTOK_USER_FIELDS = 'open_id,union_id,avatar_url,display_name,follower_count';

export interface TikTokAccount {
  openId: string;
  displayName: string | null;
  avatarUrl: string | null;
  followerCount: number | null;
}

export interface TikTokOAuthProvider extends OAuthProvider {
  fetchAccount(accessToken: string): Promise<TikTokAccount>;
}

const userInfoSchema = z.object({
  data: z.object({
    user: z
      .object({
        open_id: z.string().min(1),
        display_name: z.string().optional(),
        avatar_url: z.string().optional(),
        follower_count: z.number().optional(),
      })
      .passthrough(),
  }),
});

/** The S256 challenge of a PKCE verifier (RFC 7636: BASE64URL(SHA256(verifier)), no padding). */
export function tiktokCodeChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function field(body: unknown, name: string): string | null {
  const value =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The API's error object `{ error: { code, message, log_id } }` (user/info, revoke). */
function apiErrorCode(body: unknown): string | null {
  const error = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).error : null;
  return field(error, 'code');
}

/** TikTok API v2 answers errors as `{ data, error: { code, message, log_id } }` with the status. */
const classifyApiBody: ErrorBodyClassifier = (body, status) => {
  const code = apiErrorCode(body);
  return {
    kind:
      code === 'access_token_invalid'
        ? 'invalid_grant'
        : code === 'scope_not_authorized'
          ? 'access_denied'
          : kindFromStatus(status),
    providerCode: code,
  };
};

/** The token endpoint's OAuth-style errors: `{ error, error_description, log_id }`. */
function tokenErrorKind(error: string | null, status: number) {
  if (error === 'invalid_client' || error === 'unauthorized_client') return 'invalid_client' as const;
  if (error === 'invalid_grant') return 'invalid_grant' as const;
  if (error === 'access_denied') return 'access_denied' as const;
  return status >= 400 && status < 500 && error !== null ? ('unexpected' as const) : kindFromStatus(status);
}

const classifyTokenBody: ErrorBodyClassifier = (body, status) => {
  const error = field(body, 'error');
  return { kind: tokenErrorKind(error, status), providerCode: error };
};

export function createTikTokOAuthClient(options: OAuthProviderOptions): TikTokOAuthProvider {
  const { ctx, now, defaultScopes, scopesOf, requireVerifier } = oauthCore(
    'tiktok',
    TIKTOK_SCOPES,
    options,
    classifyApiBody,
  );
  const { clientId: clientKey, clientSecret, redirectUri, sandboxUrl } = options;
  const tokenCtx = { ...ctx, classifyError: classifyTokenBody };

  const token = async (params: Record<string, string>): Promise<OAuthTokens> => {
    const body = await postForm(tokenCtx, `${TIKTOK_API}/oauth/token/`, {
      client_key: clientKey,
      client_secret: clientSecret,
      ...params,
    });
    // TikTok may answer an error with HTTP 200: the body's `error` decides.
    const error = field(body, 'error');
    if (error !== null) {
      throw new OAuthProviderError(tokenErrorKind(error, 400), 'tiktok', `tiktok token endpoint: ${error}`, {
        status: 200,
        providerCode: error,
      });
    }
    const data = (body ?? {}) as Record<string, unknown>;
    // TikTok names the refresh token's lifetime `refresh_expires_in`.
    return readTokens('tiktok', { ...data, refresh_token_expires_in: data.refresh_expires_in }, now());
  };

  const fetchAccount = async (accessToken: string): Promise<TikTokAccount> => {
    const body = await requestJson(ctx, `${TIKTOK_API}/user/info/?fields=${TIKTOK_USER_FIELDS}`, {
      headers: bearer(accessToken),
    });
    const { user } = parseBody(ctx, userInfoSchema, body).data;
    return {
      openId: user.open_id,
      displayName: user.display_name === undefined || user.display_name === '' ? null : user.display_name,
      avatarUrl: user.avatar_url === undefined || user.avatar_url === '' ? null : user.avatar_url,
      followerCount: user.follower_count ?? null,
    };
  };

  return {
    name: 'tiktok',
    usesPkce: true,
    issuesRefreshTokens: true,
    defaultScopes,
    createAuthorizationURL(input) {
      const url = new URL(TIKTOK_AUTHORIZE_URL);
      url.searchParams.set('client_key', clientKey);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', scopesOf(input).join(','));
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', input.state);
      url.searchParams.set('code_challenge', tiktokCodeChallenge(requireVerifier(input.codeVerifier)));
      url.searchParams.set('code_challenge_method', 'S256');
      return rewriteAuthorizationUrl(url, sandboxUrl);
    },
    validateAuthorizationCode: async (code, codeVerifier) =>
      token({
        code,
        grant_type: 'authorization_code',
        redirect_uri: redirectUri,
        code_verifier: requireVerifier(codeVerifier),
      }),
    refreshAccessToken: (refreshToken) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    async revokeToken(accessToken) {
      const body = await postForm(tokenCtx, `${TIKTOK_API}/oauth/revoke/`, {
        client_key: clientKey,
        client_secret: clientSecret,
        token: accessToken,
      });
      const error = field(body, 'error');
      if (error !== null)
        throw new OAuthProviderError(tokenErrorKind(error, 400), 'tiktok', `tiktok revoke: ${error}`, {
          status: 200,
          providerCode: error,
        });
    },
    async fetchUserInfo(accessToken) {
      const account = await fetchAccount(accessToken);
      return {
        providerUserId: account.openId,
        email: null,
        emailVerified: false,
        name: account.displayName,
        firstName: null,
        lastName: null,
        avatarUrl: account.avatarUrl,
        username: null,
      };
    },
    fetchAccount,
  };
}
