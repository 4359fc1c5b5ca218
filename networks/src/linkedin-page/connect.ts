// Connecting a LinkedIn company Page: after the code exchange, the organisations the member
// administers (oauth.ts); none → refused with `no_linkedin_pages`, one connects at once, several
// wait for the person's choice. The account publishes with the member's token (LinkedIn has no Page
// token): its refresh token and expiry are kept with the pending choice, sealed as the user token.
import {
  type ConnectedAccount,
  type ConnectProfile,
  ConnectRefusedError,
  type ConnectSteps,
  connectOrChoose,
  isNonEmpty,
} from '../connect/types.js';
import type { OAuthTokens } from '../oauth/types.js';
import type { LinkedInOrganization, LinkedInPageOAuthProvider } from './oauth.js';

/** What the pending row seals: the member's tokens, which the chosen Page's account keeps. */
interface SealedTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: string | null;
}

function sealTokens(tokens: OAuthTokens): string {
  const sealed: SealedTokens = {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAt: tokens.accessTokenExpiresAt?.toISOString() ?? null,
  };
  return JSON.stringify(sealed);
}

function unsealTokens(userToken: string): SealedTokens {
  const parsed = JSON.parse(userToken) as Partial<SealedTokens>;
  if (typeof parsed.accessToken !== 'string') throw new Error('linkedin_page: pending tokens unreadable');
  return {
    accessToken: parsed.accessToken,
    refreshToken: typeof parsed.refreshToken === 'string' ? parsed.refreshToken : null,
    expiresAt: typeof parsed.expiresAt === 'string' ? parsed.expiresAt : null,
  };
}

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
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    accessTokenExpiresAt: tokens.expiresAt === null ? null : new Date(tokens.expiresAt),
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
    const sealed = unsealTokens(userToken);
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
      const tokens = unsealTokens(userToken);
      const organizations = await (client as LinkedInPageOAuthProvider).fetchOrganizations(
        tokens.accessToken,
      );
      const organization = organizations.find((candidate) => candidate.id === choiceId);
      return organization ? pageAccount(organization, profile, tokens) : null;
    },
  },
};
