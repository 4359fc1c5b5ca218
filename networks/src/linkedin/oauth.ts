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

/**
 * Company Pages (Community Management API, its own app: docs/networks.md, "LinkedIn Pages"): post,
 * read and administer the organisations the member is an ADMINISTRATOR of. No OpenID scopes: that
 * app carries the Community Management product alone.
 */
export const LINKEDIN_PAGE_SCOPES: OAuthScopes = {
  connect: ['w_organization_social', 'r_organization_social', 'rw_organization_admin'],
};

/** Which LinkedIn app a client runs: the member's (sign-in, profile) or the Pages' one. */
export interface LinkedInClientKind {
  name: 'linkedin' | 'linkedin_page';
  scopes: OAuthScopes;
}

const MEMBER_CLIENT: LinkedInClientKind = { name: 'linkedin', scopes: LINKEDIN_SCOPES };

export function createLinkedInOAuthClient(
  options: OAuthProviderOptions,
  kind: LinkedInClientKind = MEMBER_CLIENT,
): OAuthProvider {
  const core = oauthCore(kind.name, kind.scopes, options);
  const { ctx, viaArctic, scopesOf } = core;
  const linkedin = new LinkedIn(options.clientId, options.clientSecret, options.redirectUri);
  return {
    name: kind.name,
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
