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
    // Comments as the Page: the first comment (first-comment.ts).
    'pages_manage_engagement',
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

/** The Instagram professional account linked to a Page (`instagram_business_account`). */
export interface InstagramBusinessAccount {
  /** The IG user id Instagram's Graph calls take (`POST /{ig-user-id}/media`). */
  id: string;
  username: string | null;
  profilePictureUrl: string | null;
}

export interface FacebookPageWithInstagram extends FacebookPage {
  /** null: no Instagram professional account is linked to this Page. */
  instagram: InstagramBusinessAccount | null;
}

/** Facebook Login, as Pauta's Facebook client and Instagram's (Facebook Login for Instagram) use it. */
export interface MetaLoginProvider extends OAuthProvider {
  readonly name: 'facebook' | 'instagram';
  /** `grant_type=fb_exchange_token`: a long-lived (about 60 days) user token. */
  exchangeForLongLivedToken(accessToken: string): Promise<OAuthTokens>;
  /** `GET /me/accounts`: the Pages the user manages, with their Page tokens. */
  fetchPages(userAccessToken: string): Promise<FacebookPage[]>;
  /**
   * `GET /me/accounts?fields=…,instagram_business_account{id,username,profile_picture_url}`: the
   * Pages with their linked Instagram professional account (null where none is linked).
   */
  fetchPagesWithInstagram(userAccessToken: string): Promise<FacebookPageWithInstagram[]>;
  /**
   * `GET /me/permissions`: the permissions the person granted (status `granted`). Facebook's Login
   * dialog lets them untick some, and the token answer does not say which.
   */
  fetchGrantedPermissions(userAccessToken: string): Promise<string[]>;
}

export interface FacebookOAuthProvider extends MetaLoginProvider {
  readonly name: 'facebook';
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
      // Present only when asked for and a professional account is linked to the Page.
      instagram_business_account: z
        .object({
          id: z.string().min(1),
          username: z.string().optional(),
          profile_picture_url: z.string().optional(),
        })
        .optional(),
    }),
  ),
  paging: z.object({ next: z.string().optional() }).optional(),
});

const permissionsSchema = z.object({
  data: z.array(z.object({ permission: z.string(), status: z.string() })),
});

const PAGE_FIELDS = 'id,name,access_token,category';
const INSTAGRAM_PAGE_FIELDS = `${PAGE_FIELDS},instagram_business_account{id,username,profile_picture_url}`;

/** Graph answers errors as `{ error: { code, … } }`: the code decides the kind. */
const classifyGraphBody: ErrorBodyClassifier = (body, status) => ({
  kind: kindFromGraphError(body, status),
  providerCode:
    typeof body === 'object' && body !== null && 'error' in body
      ? String((body as { error: { code?: unknown } }).error.code ?? '')
      : null,
});

export function createFacebookOAuthClient(options: OAuthProviderOptions): FacebookOAuthProvider {
  return createMetaLoginClient('facebook', FACEBOOK_SCOPES, options) as FacebookOAuthProvider;
}

/**
 * A Facebook Login client under `name`: Facebook's own, or Instagram's (the same Login dialog and
 * Graph token endpoint with the Instagram scopes and the Instagram app's credentials).
 */
export function createMetaLoginClient(
  name: 'facebook' | 'instagram',
  scopes: OAuthScopes,
  options: OAuthProviderOptions,
): MetaLoginProvider {
  const core = oauthCore(name, scopes, options, classifyGraphBody);
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
      throw new OAuthProviderError('unexpected', name, `${name} answered an unexpected body`);
    }
    return readTokens(name, data as Record<string, unknown>, now());
  };

  const readPages = async (userAccessToken: string, fields: string): Promise<FacebookPageWithInstagram[]> => {
    const pages: FacebookPageWithInstagram[] = [];
    const query = new URLSearchParams({ fields, appsecret_proof: proof(userAccessToken) });
    let next: string | undefined = `${graph}/me/accounts?${query}`;
    // Follow at most 10 result pages; nobody manages more than a few hundred Pages.
    for (let i = 0; next !== undefined && i < 10; i += 1) {
      const body = await requestJson(ctx, next, { headers: bearer(userAccessToken) });
      const parsed = parseBody(ctx, facebookPagesSchema, body);
      for (const page of parsed.data) {
        const linked = page.instagram_business_account;
        pages.push({
          id: page.id,
          name: page.name,
          accessToken: page.access_token,
          category: page.category ?? null,
          instagram:
            linked === undefined
              ? null
              : {
                  id: linked.id,
                  username: linked.username ?? null,
                  profilePictureUrl: linked.profile_picture_url ?? null,
                },
        });
      }
      next = parsed.paging?.next;
    }
    return pages;
  };

  return {
    name,
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
      const pages = await readPages(userAccessToken, PAGE_FIELDS);
      return pages.map(({ instagram: _none, ...page }) => page);
    },
    fetchPagesWithInstagram: (userAccessToken) => readPages(userAccessToken, INSTAGRAM_PAGE_FIELDS),
    async fetchGrantedPermissions(userAccessToken) {
      const query = new URLSearchParams({ appsecret_proof: proof(userAccessToken) });
      const body = await requestJson(ctx, `${graph}/me/permissions?${query}`, {
        headers: bearer(userAccessToken),
      });
      return parseBody(ctx, permissionsSchema, body)
        .data.filter((entry) => entry.status === 'granted')
        .map((entry) => entry.permission);
    },
  };
}
