// Google's OAuth client (sign-in only): OIDC with PKCE, userinfo from openidconnect.googleapis.com.
// https://developers.google.com/identity/protocols/oauth2/web-server
import { Google } from 'arctic';
import {
  bearer,
  oauthCore,
  oidcUserInfo,
  oidcUserInfoSchema,
  parseBody,
  requestJson,
} from '../oauth/client.js';
import type { OAuthProvider, OAuthProviderOptions, OAuthScopes } from '../oauth/types.js';
import { rewriteAuthorizationUrl } from '../sandbox-url.js';

export const GOOGLE_SCOPES: OAuthScopes = { signIn: ['openid', 'profile', 'email'] };

export function createGoogleOAuthClient(options: OAuthProviderOptions): OAuthProvider {
  const core = oauthCore('google', GOOGLE_SCOPES, options);
  const { ctx, viaArctic, requireVerifier, scopesOf } = core;
  const google = new Google(options.clientId, options.clientSecret, options.redirectUri);
  return {
    name: 'google',
    usesPkce: true,
    issuesRefreshTokens: true,
    defaultScopes: core.defaultScopes,
    createAuthorizationURL(input) {
      const url = google.createAuthorizationURL(
        input.state,
        requireVerifier(input.codeVerifier),
        scopesOf(input),
      );
      // Without these Google sends a refresh token only on the very first consent.
      url.searchParams.set('access_type', 'offline');
      url.searchParams.set('prompt', 'consent');
      return rewriteAuthorizationUrl(url, options.sandboxUrl);
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
