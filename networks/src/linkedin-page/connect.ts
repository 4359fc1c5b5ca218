// Connecting a LinkedIn company Page: after the code exchange, the organisations the member
// administers (oauth.ts); none → refused with `no_linkedin_pages`, one connects at once, several
// wait for the person's choice. The account publishes with the member's token (LinkedIn has no Page
// token): its refresh token and expiry are kept with the pending choice, sealed as the user token
// (`ownTokenPicker`, shared with Pinterest's boards).
import { ownTokenPicker } from '../connect/sealed-tokens.js';
import type { LinkedInPageOAuthProvider } from './oauth.js';
import { LINKEDIN_PAGE_CHOICE } from './profile.js';

export const LINKEDIN_PAGE_CONNECT = ownTokenPicker({
  platform: 'linkedin_page',
  pendingChoice: LINKEDIN_PAGE_CHOICE,
  unavailableReason: 'linkedin_page_unavailable',
  none: { reason: 'no_linkedin_pages', message: 'nenhuma Página do LinkedIn administrada' },
  // The Community Management app has no OpenID scopes: who connected is not known here.
  profile: async (_provider, _accessToken, scopes) => ({ email: null, name: null, scopes }),
  list: (provider, accessToken) => (provider as LinkedInPageOAuthProvider).fetchOrganizations(accessToken),
  account: (organization, profile) => ({
    platformUserId: organization.id,
    platformUsername: organization.name,
    name: profile.name,
    email: profile.email,
    avatarUrl: null,
    pageName: organization.name,
    scopes: profile.scopes,
  }),
});
