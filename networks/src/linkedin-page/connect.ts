// Connecting a LinkedIn company Page: after the code exchange, the organisations the member
// administers (oauth.ts); none → refused with `no_linkedin_pages`, one connects at once, several
// wait for the person's choice. The account publishes with the member's token (LinkedIn has no Page
// token): its refresh token and expiry are kept with the pending choice, sealed as the user token.

import { chooseSealed, connectOrChooseSealed } from '../connect/sealed-tokens.js';
import { type ConnectProfile, ConnectRefusedError, type ConnectSteps, isNonEmpty } from '../connect/types.js';
import type { LinkedInPageOAuthProvider } from './oauth.js';

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
    return connectOrChooseSealed(organizations, {
      tokens,
      profile,
      option: (organization) => ({ id: organization.id, name: organization.name }),
    });
  },
  picker: {
    returnParam: 'pickLinkedInPage',
    unavailableReason: 'linkedin_page_unavailable',
    choose: (client, input) =>
      chooseSealed(
        input,
        (accessToken) => (client as LinkedInPageOAuthProvider).fetchOrganizations(accessToken),
        (organization) => ({ id: organization.id, name: organization.name }),
      ),
  },
};
