// Connecting a LinkedIn company Page: after the code exchange, the organisations the member
// administers (oauth.ts); none → refused with `no_linkedin_pages`, one connects at once, several
// wait for the person's choice. The account publishes with the member's token (LinkedIn has no Page
// token): its refresh token and expiry are kept with the pending choice, sealed as the user token.

import {
  type SealedTokens,
  sealedAccountTokens,
  sealTokens,
  unsealTokens,
} from '../connect/sealed-tokens.js';
import {
  type ConnectedAccount,
  type ConnectProfile,
  ConnectRefusedError,
  type ConnectSteps,
  connectOrChoose,
  isNonEmpty,
} from '../connect/types.js';
import type { LinkedInOrganization, LinkedInPageOAuthProvider } from './oauth.js';

function pageAccount(
  organization: LinkedInOrganization,
  profile: ConnectProfile,
  tokens: SealedTokens,
): ConnectedAccount {
  return {
    platformUserId: organization.id,
    platformUsername: organization.name,
    name: profile.name,
    email: profile.email,
    avatarUrl: null,
    pageName: organization.name,
    scopes: profile.scopes,
    ...sealedAccountTokens(tokens),
  };
}

export const LINKEDIN_PAGE_CONNECT: ConnectSteps = {
  async complete(client, tokens, scopes) {
    const provider = client as LinkedInPageOAuthProvider;
    const organizations = await provider.fetchOrganizations(tokens.accessToken);
    // The Community Management app has no OpenID scopes: who connected is not known here.
    const profile: ConnectProfile = { email: null, name: null, scopes };
    if (!isNonEmpty(organizations))
      throw new ConnectRefusedError('no_linkedin_pages', {
        message: 'nenhuma Página do LinkedIn administrada',
        details: { scopes },
      });
    const userToken = sealTokens(tokens);
    const sealed = unsealTokens(userToken, 'linkedin_page');
    return connectOrChoose(organizations, {
      userToken,
      profile,
      account: (organization) => pageAccount(organization, profile, sealed),
      choice: (organization) => ({ id: organization.id, name: organization.name }),
    });
  },
  picker: {
    returnParam: 'pickLinkedInPage',
    unavailableReason: 'linkedin_page_unavailable',
    async choose(client, { userToken, choiceId, profile }) {
      const tokens = unsealTokens(userToken, 'linkedin_page');
      const organizations = await (client as LinkedInPageOAuthProvider).fetchOrganizations(
        tokens.accessToken,
      );
      const organization = organizations.find((candidate) => candidate.id === choiceId);
      return organization ? pageAccount(organization, profile, tokens) : null;
    },
  },
};
