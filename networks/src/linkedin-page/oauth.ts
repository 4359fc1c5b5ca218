// The LinkedIn Pages client: LinkedIn's OAuth (the member's client, linkedin/oauth.ts) run with the
// Community Management app and its scopes, plus the organisations the member administers:
// `GET /rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED` (their URNs), then
// `GET /rest/organizations?ids=List(…)` (names and vanity names) in one batch. The logo is a
// digital-media URN that needs one more call per Page to download; not read yet (the preview draws
// the Page's initial).
// https://learn.microsoft.com/en-us/linkedin/marketing/community-management/organizations/organization-access-control-by-role
// https://learn.microsoft.com/en-us/linkedin/marketing/community-management/organizations/organization-lookup-api
import { z } from 'zod';
import { createLinkedInOAuthClient, LINKEDIN_PAGE_SCOPES } from '../linkedin/oauth.js';
import { DEFAULT_LINKEDIN_VERSION } from '../linkedin/publish.js';
import { bearer, oauthCore, parseBody, requestJson } from '../oauth/client.js';
import type { OAuthProvider, OAuthProviderOptions } from '../oauth/types.js';

const API = 'https://api.linkedin.com/rest';
/** LinkedIn answers at most this many ACLs per page; a person rarely administers more. */
const ACL_PAGE = 100;
const ORGANIZATION_URN = /^urn:li:organization:(\d+)$/;

/** A company Page the member administers. */
export interface LinkedInOrganization {
  /** The numeric id of urn:li:organization:<id>. */
  id: string;
  name: string;
  /** linkedin.com/company/<vanityName>. */
  vanityName: string | null;
}

export interface LinkedInPageOAuthProvider extends OAuthProvider {
  /** The organisations the token's member is an approved ADMINISTRATOR of, in LinkedIn's order. */
  fetchOrganizations(accessToken: string): Promise<LinkedInOrganization[]>;
}

const aclsSchema = z.object({
  elements: z.array(
    z.object({ organization: z.string().optional(), role: z.string(), state: z.string() }).passthrough(),
  ),
});

const organizationSchema = z
  .object({
    id: z.union([z.number(), z.string()]),
    localizedName: z.string(),
    vanityName: z.string().optional(),
  })
  .passthrough();

const lookupSchema = z.object({ results: z.record(z.string(), organizationSchema) });

export function createLinkedInPageOAuthClient(options: OAuthProviderOptions): LinkedInPageOAuthProvider {
  const client = createLinkedInOAuthClient(options, { name: 'linkedin_page', scopes: LINKEDIN_PAGE_SCOPES });
  const { ctx } = oauthCore('linkedin_page', LINKEDIN_PAGE_SCOPES, options);
  const versioned = (accessToken: string) => ({
    ...bearer(accessToken),
    'LinkedIn-Version': DEFAULT_LINKEDIN_VERSION,
    'X-Restli-Protocol-Version': '2.0.0',
  });
  return {
    ...client,
    async fetchOrganizations(accessToken) {
      const query = `q=roleAssignee&role=ADMINISTRATOR&state=APPROVED&count=${ACL_PAGE}`;
      const acls = parseBody(
        ctx,
        aclsSchema,
        await requestJson(ctx, `${API}/organizationAcls?${query}`, { headers: versioned(accessToken) }),
      );
      const ids = [
        ...new Set(
          acls.elements.flatMap((acl) => {
            const match = ORGANIZATION_URN.exec(acl.organization ?? '');
            return match && acl.role === 'ADMINISTRATOR' && acl.state === 'APPROVED' ? [match[1]!] : [];
          }),
        ),
      ];
      if (ids.length === 0) return [];
      const lookup = parseBody(
        ctx,
        lookupSchema,
        await requestJson(ctx, `${API}/organizations?ids=List(${ids.join(',')})`, {
          headers: versioned(accessToken),
        }),
      );
      return ids.flatMap((id) => {
        const organization = lookup.results[id];
        if (organization === undefined) return [];
        return [
          {
            id,
            name: organization.localizedName,
            vanityName: organization.vanityName ?? null,
          },
        ];
      });
    },
  };
}
