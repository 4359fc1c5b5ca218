// X's OAuth 2.0 client (connect only): authorization code with PKCE; `offline.access` for a
// refresh token (without it the access token lasts 2 h and cannot be renewed); revocation.
// https://docs.x.com/fundamentals/authentication/oauth-2-0/authorization-code
import { Twitter } from 'arctic';
import { z } from 'zod';
import { bearer, oauthCore, parseBody, requestJson } from '../oauth/client.js';
import { toOAuthProviderError } from '../oauth/errors.js';
import type { OAuthProvider, OAuthProviderOptions, OAuthScopes } from '../oauth/types.js';
import { rewriteAuthorizationUrl } from '../sandbox-url.js';
import { X_API } from './api.js';

export const X_SCOPES: OAuthScopes = {
  connect: ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'],
};

const xMeSchema = z.object({
  data: z.object({
    id: z.string().min(1),
    name: z.string().optional(),
    username: z.string().optional(),
    profile_image_url: z.string().optional(),
  }),
});

export function createXOAuthClient(options: OAuthProviderOptions): OAuthProvider {
  const core = oauthCore('x', X_SCOPES, options);
  const { ctx, viaArctic, requireVerifier, scopesOf } = core;
  const twitter = new Twitter(options.clientId, options.clientSecret, options.redirectUri);
  return {
    name: 'x',
    usesPkce: true,
    issuesRefreshTokens: true,
    defaultScopes: core.defaultScopes,
    createAuthorizationURL(input) {
      const url = twitter.createAuthorizationURL(
        input.state,
        requireVerifier(input.codeVerifier),
        scopesOf(input),
      );
      return rewriteAuthorizationUrl(url, options.sandboxUrl);
    },
    validateAuthorizationCode: (code, codeVerifier) =>
      viaArctic(() => twitter.validateAuthorizationCode(code, requireVerifier(codeVerifier))),
    refreshAccessToken: (refreshToken) => viaArctic(() => twitter.refreshAccessToken(refreshToken)),
    async revokeToken(token) {
      try {
        await twitter.revokeToken(token);
      } catch (error) {
        throw toOAuthProviderError('x', error);
      }
    },
    async fetchUserInfo(accessToken) {
      const body = await requestJson(ctx, `${X_API}/users/me?user.fields=profile_image_url,public_metrics`, {
        headers: bearer(accessToken),
      });
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
