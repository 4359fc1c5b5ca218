// Threads' OAuth client (connect only): the Authorization Window at threads.net, the code
// exchanged at graph.threads.net for a short-lived token (1 hour), at once exchanged for a
// long-lived one (`th_exchange_token`, 60 days), which is renewed with `th_refresh_token` while it
// is valid and at least 24 hours old. Threads issues no refresh token: the long-lived token is
// its own renewal credential, so Pauta stores it as both (the worker's refresh then works as for
// any refresh-token network). No revocation endpoint is documented.
// https://developers.facebook.com/docs/threads/get-started/get-access-tokens-and-permissions
// https://developers.facebook.com/docs/threads/get-started/long-lived-tokens
import { z } from 'zod';
import {
  commaScopeAuthorizationUrl,
  type ErrorBodyClassifier,
  oauthCore,
  parseBody,
  readTokens,
  requestJson,
} from '../oauth/client.js';
import { kindFromGraphError } from '../oauth/errors.js';
import type { OAuthProvider, OAuthProviderOptions, OAuthScopes, OAuthTokens } from '../oauth/types.js';
import { THREADS_API, THREADS_AUTHORIZE_URL, THREADS_GRAPH } from './api.js';

/**
 * `threads_basic` (every endpoint), `threads_content_publish` (containers and threads_publish),
 * `threads_manage_insights` (post insights and the follower count), `threads_read_replies` (the
 * profile's replies: the first comment's lookup, first-comment.ts). Each needs Meta's App Review
 * before people without a role on the app (Threads testers) can grant it (docs/networks.md).
 */
export const THREADS_SCOPES: OAuthScopes = {
  connect: ['threads_basic', 'threads_content_publish', 'threads_manage_insights', 'threads_read_replies'],
};

const codeAnswerSchema = z.object({
  access_token: z.string().min(1),
  user_id: z.union([z.string(), z.number()]),
});

const meSchema = z.object({
  id: z.string().min(1),
  username: z.string().optional(),
  name: z.string().optional(),
  threads_profile_picture_url: z.string().optional(),
});

/** Threads answers errors as Graph does (`{ error: { message, type, code } }`). */
const classifyThreadsBody: ErrorBodyClassifier = (body, status) => ({
  kind: kindFromGraphError(body, status),
  providerCode:
    typeof body === 'object' && body !== null && 'error' in body
      ? String((body as { error: { code?: unknown } }).error.code ?? '')
      : null,
});

export function createThreadsOAuthClient(options: OAuthProviderOptions): OAuthProvider {
  const core = oauthCore('threads', THREADS_SCOPES, options, classifyThreadsBody);
  const { ctx, now, defaultScopes, scopesOf } = core;
  const { clientId, clientSecret, redirectUri, sandboxUrl } = options;

  /** A long-lived token answer as tokens: the token is also what renews it. */
  const longLived = (data: unknown): OAuthTokens => {
    const tokens = readTokens('threads', (data ?? {}) as Record<string, unknown>, now());
    return {
      ...tokens,
      refreshToken: tokens.accessToken,
      refreshTokenExpiresAt: tokens.accessTokenExpiresAt,
    };
  };

  return {
    name: 'threads',
    usesPkce: false,
    issuesRefreshTokens: true,
    defaultScopes,
    // Threads documents the scopes comma-separated.
    createAuthorizationURL: (input) =>
      commaScopeAuthorizationUrl(
        THREADS_AUTHORIZE_URL,
        { clientId, redirectUri, scopes: scopesOf(input), state: input.state },
        sandboxUrl,
      ),
    async validateAuthorizationCode(code) {
      const short = parseBody(
        ctx,
        codeAnswerSchema,
        await requestJson(ctx, `${THREADS_GRAPH}/oauth/access_token`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            client_id: clientId,
            client_secret: clientSecret,
            code,
            grant_type: 'authorization_code',
            redirect_uri: redirectUri,
          }),
        }),
      );
      // The short-lived token lasts an hour: exchange it now for the 60-day one.
      const query = new URLSearchParams({
        grant_type: 'th_exchange_token',
        client_secret: clientSecret,
        access_token: short.access_token,
      });
      return longLived(await requestJson(ctx, `${THREADS_GRAPH}/access_token?${query}`, {}));
    },
    async refreshAccessToken(token) {
      const query = new URLSearchParams({ grant_type: 'th_refresh_token', access_token: token });
      return longLived(await requestJson(ctx, `${THREADS_GRAPH}/refresh_access_token?${query}`, {}));
    },
    async fetchUserInfo(accessToken) {
      const query = new URLSearchParams({
        fields: 'id,username,name,threads_profile_picture_url',
        access_token: accessToken,
      });
      const me = parseBody(ctx, meSchema, await requestJson(ctx, `${THREADS_API}/me?${query}`, {}));
      return {
        providerUserId: me.id,
        email: null,
        emailVerified: false,
        name: me.name ?? null,
        firstName: null,
        lastName: null,
        avatarUrl: me.threads_profile_picture_url ?? null,
        username: me.username ?? null,
      };
    },
  };
}
