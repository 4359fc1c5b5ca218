// Google's OAuth client: OIDC with PKCE, userinfo from openidconnect.googleapis.com. Sign-in runs it
// as `google`; Google Business Profile runs the same client (same app) as `google_business` with
// the business.manage scope, and revokes its tokens at oauth2.googleapis.com/revoke.
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
import { toOAuthProviderError } from '../oauth/errors.js';
import type { OAuthProvider, OAuthProviderName, OAuthProviderOptions, OAuthScopes } from '../oauth/types.js';
import { rewriteAuthorizationUrl } from '../sandbox-url.js';

export const GOOGLE_SCOPES: OAuthScopes = { signIn: ['openid', 'profile', 'email'] };

export function createGoogleOAuthClient(
  options: OAuthProviderOptions,
  as: { name: OAuthProviderName; scopes: OAuthScopes; revoke?: boolean } = {
    name: 'google',
    scopes: GOOGLE_SCOPES,
  },
): OAuthProvider {
  const core = oauthCore(as.name, as.scopes, options);
  const { ctx, viaArctic, requireVerifier, scopesOf } = core;
  const google = new Google(options.clientId, options.clientSecret, options.redirectUri);
  // Revocation (POST oauth2.googleapis.com/revoke) ends the grant of every scope of the app.
  const revoke = {
    async revokeToken(token: string) {
      try {
        await google.revokeToken(token);
      } catch (error) {
        throw toOAuthProviderError(as.name, error);
      }
    },
  };
  return {
    ...(as.revoke === true ? revoke : {}),
    name: as.name,
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
