// Connecting a Facebook Page: the user token is exchanged for a long-lived one and the person's
// Pages are read with it; one Page connects directly, several wait for the person's choice (the
// server keeps the user token sealed meanwhile, never the Pages' tokens).
import type { ConnectedAccount, ConnectProfile, ConnectSteps } from '../connect/types.js';
import { ConnectRefusedError, connectOrChoose, isNonEmpty } from '../connect/types.js';
import type { FacebookPage, MetaLoginProvider } from './oauth.js';

/**
 * An account that publishes with its Page's token: the Page itself (Facebook), or the Instagram
 * account linked to it (`account` = its IG user id, @username and picture).
 */
export function pageTokenAccount(
  page: FacebookPage,
  profile: ConnectProfile,
  account: { id: string; username: string; avatarUrl: string | null } = {
    id: page.id,
    username: page.name,
    avatarUrl: null,
  },
): ConnectedAccount {
  return {
    platformUserId: account.id,
    platformUsername: account.username,
    name: profile.name,
    email: profile.email,
    avatarUrl: account.avatarUrl,
    pageName: page.name,
    scopes: profile.scopes,
    // A Page token minted from a long-lived user token does not expire; Facebook issues no
    // refresh token (the stored one, if any, is kept by the repository).
    accessToken: page.accessToken,
    refreshToken: null,
    accessTokenExpiresAt: null,
  };
}

export const FACEBOOK_CONNECT: ConnectSteps = {
  async complete(client, tokens, scopes) {
    const provider = client as MetaLoginProvider;
    const longLived = await provider.exchangeForLongLivedToken(tokens.accessToken);
    const [pages, me] = await Promise.all([
      provider.fetchPages(longLived.accessToken),
      // Only for the email shown with the account: a failure here does not stop the connection.
      provider.fetchUserInfo(longLived.accessToken).catch(() => null),
    ]);
    const profile = { email: me?.email ?? null, name: me?.name ?? null, scopes };
    if (!isNonEmpty(pages)) throw new ConnectRefusedError('no_pages');
    return connectOrChoose(pages, {
      userToken: longLived.accessToken,
      profile,
      account: (page) => pageTokenAccount(page, profile),
      choice: (page) => ({ id: page.id, name: page.name }),
    });
  },
  picker: {
    returnParam: 'pickPage',
    unavailableReason: 'page_unavailable',
    async choose(client, { userToken, choiceId, profile }) {
      const pages = await (client as MetaLoginProvider).fetchPages(userToken);
      const page = pages.find((candidate) => candidate.id === choiceId);
      return page ? pageTokenAccount(page, profile) : null;
    },
  },
};
