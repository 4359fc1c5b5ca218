// Facebook Login: sign-in, and connecting a Page to publish. No refresh tokens: the user token is
// exchanged for a long-lived one (fb_exchange_token, about 60 days) and the Pages' tokens minted
// from it do not expire. https://developers.facebook.com/docs/facebook-login/guides/access-tokens/get-long-lived
import { Facebook } from 'arctic';
import { z } from 'zod';
import { appSecretProof } from '../meta/graph.js';
import {
  bearer,
  type ErrorBodyClassifier,
  oauthCore,
  parseBody,
  readTokens,
  requestJson,
} from '../oauth/client.js';
import { kindFromGraphError, OAuthProviderError } from '../oauth/errors.js';
import type { OAuthProvider, OAuthProviderOptions, OAuthScopes, OAuthTokens } from '../oauth/types.js';
import { rewriteAuthorizationUrl } from '../sandbox-url.js';

export const FACEBOOK_SCOPES: OAuthScopes = {
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
};

/** Graph API version of our own calls here (Arctic pins v16.0 for the OAuth ones). */
const DEFAULT_OAUTH_GRAPH_VERSION = 'v16.0';

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

const facebookMeSchema = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  email: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  picture: z.object({ data: z.object({ url: z.string().optional() }).optional() }).optional(),
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

/** Graph answers errors as `{ error: { code, … } }`: the code decides the kind. */
const classifyGraphBody: ErrorBodyClassifier = (body, status) => ({
  kind: kindFromGraphError(body, status),
  providerCode:
    typeof body === 'object' && body !== null && 'error' in body
      ? String((body as { error: { code?: unknown } }).error.code ?? '')
      : null,
});

export function createFacebookOAuthClient(options: OAuthProviderOptions): FacebookOAuthProvider {
  const core = oauthCore('facebook', FACEBOOK_SCOPES, options, classifyGraphBody);
  const { ctx, now, viaArctic, defaultScopes } = core;
  const { clientId, clientSecret, redirectUri, sandboxUrl } = options;
  const facebook = new Facebook(clientId, clientSecret, redirectUri);
  const graph = `https://graph.facebook.com/${options.facebookGraphVersion ?? DEFAULT_OAUTH_GRAPH_VERSION}`;
  // appsecret_proof ties the call to our app, as Meta recommends for server-side calls.
  const proof = (accessToken: string) => appSecretProof(accessToken, clientSecret);

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
