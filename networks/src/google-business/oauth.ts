// The Google Business Profile client: Google's OAuth (google/oauth.ts, the sign-in app's client id
// and secret) with the business.manage scope, offline access (a refresh token: Google's access
// tokens last an hour) and revocation, plus the locations the person manages:
// `GET https://mybusinessaccountmanagement.googleapis.com/v1/accounts` (personal and organisation
// accounts), then per account
// `GET https://mybusinessbusinessinformation.googleapis.com/v1/{account}/locations?readMask=…`.
// Only a verified location (`metadata.canOperateLocalPost`, voice of merchant) can post.
// https://developers.google.com/my-business/reference/accountmanagement/rest/v1/accounts/list
// https://developers.google.com/my-business/reference/businessinformation/rest/v1/accounts.locations/list
import { z } from 'zod';
import { createGoogleOAuthClient } from '../google/oauth.js';
import { bearer, oauthCore, parseBody, requestJson } from '../oauth/client.js';
import type { OAuthProvider, OAuthProviderOptions, OAuthScopes } from '../oauth/types.js';

export const GOOGLE_BUSINESS_SCOPE = 'https://www.googleapis.com/auth/business.manage';
export const GOOGLE_BUSINESS_SCOPES: OAuthScopes = { connect: [GOOGLE_BUSINESS_SCOPE] };

const ACCOUNTS_API = 'https://mybusinessaccountmanagement.googleapis.com/v1';
const INFORMATION_API = 'https://mybusinessbusinessinformation.googleapis.com/v1';
/** Pages read at most per listing (accounts: 20 a page; locations: 100 a page). */
const MAX_PAGES = 5;
const READ_MASK = 'name,title,storefrontAddress,metadata';

/** A business location the person manages, as the picker shows it. */
export interface GoogleBusinessLocation {
  /** `accounts/{accountId}/locations/{locationId}`: the v4 localPosts parent, the account's id. */
  id: string;
  title: string;
  /** "Rua …, Cidade": the storefront address, or null for a service-area business. */
  address: string | null;
  /** Verified, with the voice of merchant: Google takes its posts. */
  canPost: boolean;
}

export interface GoogleBusinessOAuthProvider extends OAuthProvider {
  /** Every location of every account the token's user manages, in Google's order. */
  fetchLocations(accessToken: string): Promise<GoogleBusinessLocation[]>;
}

const accountsSchema = z.object({
  accounts: z.array(z.object({ name: z.string() }).passthrough()).optional(),
  nextPageToken: z.string().optional(),
});

const locationsSchema = z.object({
  locations: z
    .array(
      z
        .object({
          name: z.string(),
          title: z.string().optional(),
          storefrontAddress: z
            .object({ addressLines: z.array(z.string()).optional(), locality: z.string().optional() })
            .passthrough()
            .optional(),
          metadata: z
            .object({
              canOperateLocalPost: z.boolean().optional(),
              hasVoiceOfMerchant: z.boolean().optional(),
            })
            .passthrough()
            .optional(),
        })
        .passthrough(),
    )
    .optional(),
  nextPageToken: z.string().optional(),
});

function addressOf(
  address: { addressLines?: string[] | undefined; locality?: string | undefined } | undefined,
) {
  if (address === undefined) return null;
  const parts = [...(address.addressLines ?? []), address.locality ?? ''].filter((part) => part !== '');
  return parts.length === 0 ? null : parts.join(', ');
}

export function createGoogleBusinessOAuthClient(options: OAuthProviderOptions): GoogleBusinessOAuthProvider {
  const client = createGoogleOAuthClient(options, {
    name: 'google_business',
    scopes: GOOGLE_BUSINESS_SCOPES,
    revoke: true,
  });
  const { ctx } = oauthCore('google_business', GOOGLE_BUSINESS_SCOPES, options);

  /** Every page of a Google listing (`pageToken`), up to MAX_PAGES. */
  const allPages = async <T extends { nextPageToken?: string | undefined }>(
    url: string,
    schema: z.ZodType<T>,
    accessToken: string,
  ): Promise<T[]> => {
    const pages: T[] = [];
    let token: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const pageUrl = token === undefined ? url : `${url}&pageToken=${encodeURIComponent(token)}`;
      const body = parseBody(ctx, schema, await requestJson(ctx, pageUrl, { headers: bearer(accessToken) }));
      pages.push(body);
      token = body.nextPageToken;
      if (token === undefined || token === '') break;
    }
    return pages;
  };

  return {
    ...client,
    async fetchLocations(accessToken) {
      const accounts = (await allPages(`${ACCOUNTS_API}/accounts?pageSize=20`, accountsSchema, accessToken))
        .flatMap((page) => page.accounts ?? [])
        .map((account) => account.name);
      const locations: GoogleBusinessLocation[] = [];
      for (const account of accounts) {
        const url = `${INFORMATION_API}/${account}/locations?readMask=${READ_MASK}&pageSize=100`;
        for (const page of await allPages(url, locationsSchema, accessToken)) {
          for (const location of page.locations ?? []) {
            locations.push({
              // The location's name is `locations/{id}`; v4's localPosts need the account too.
              id: `${account}/${location.name}`,
              title: location.title ?? location.name,
              address: addressOf(location.storefrontAddress),
              canPost:
                location.metadata?.canOperateLocalPost === true &&
                location.metadata.hasVoiceOfMerchant !== false,
            });
          }
        }
      }
      return locations;
    },
  };
}
