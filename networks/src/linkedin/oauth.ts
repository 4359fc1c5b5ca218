// LinkedIn's OAuth client: "Sign In with LinkedIn using OpenID Connect" for sign-in, plus
// w_member_social to publish as the member. No PKCE; refresh tokens only for approved apps.
// https://learn.microsoft.com/linkedin/consumer/integrations/self-serve/sign-in-with-linkedin-v2
import { LinkedIn } from 'arctic';
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

export const LINKEDIN_SCOPES: OAuthScopes = {
  signIn: ['openid', 'profile', 'email'],
  connect: ['openid', 'profile', 'email', 'w_member_social'],
};

export function createLinkedInOAuthClient(options: OAuthProviderOptions): OAuthProvider {
  const core = oauthCore('linkedin', LINKEDIN_SCOPES, options);
  const { ctx, viaArctic, scopesOf } = core;
  const linkedin = new LinkedIn(options.clientId, options.clientSecret, options.redirectUri);
  return {
    name: 'linkedin',
    usesPkce: false,
    issuesRefreshTokens: true,
    defaultScopes: core.defaultScopes,
    createAuthorizationURL(input) {
      return rewriteAuthorizationUrl(
        linkedin.createAuthorizationURL(input.state, scopesOf(input)),
        options.sandboxUrl,
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
