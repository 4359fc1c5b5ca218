// Connecting an Instagram professional account (Facebook Login for Instagram): the accounts linked
// to the person's Pages; one connects directly, several wait for the person's choice, none is a
// clear refusal. The IG user id is the account's id (publishing calls `/{ig-user-id}/media`), the
// token its Page's (which never expires, minted from a long-lived user token). With Instagram Login
// (login.ts) the account itself connects, without a Page.
import type { ConnectedAccount, ConnectProfile, ConnectSteps } from '../connect/types.js';
import { ConnectRefusedError, connectOrChoose, isNonEmpty } from '../connect/types.js';
import { pageTokenAccount } from '../facebook/connect.js';
import type { FacebookPageWithInstagram, MetaLoginProvider } from '../facebook/oauth.js';
import { INSTAGRAM_LOGIN_CONNECT } from './login.js';
import { INSTAGRAM_PUBLISH_PERMISSIONS } from './oauth.js';

type LinkedInstagram = FacebookPageWithInstagram & {
  instagram: NonNullable<FacebookPageWithInstagram['instagram']>;
};

/** The Pages that link an Instagram professional account. */
function linkedInstagramAccounts(pages: FacebookPageWithInstagram[]): LinkedInstagram[] {
  return pages.filter((page): page is LinkedInstagram => page.instagram !== null);
}

/** What the Instagram account is called: its @username, else its Page's name. */
function instagramName(page: LinkedInstagram): string {
  return page.instagram.username ?? page.name;
}

function instagramAccount(page: LinkedInstagram, profile: ConnectProfile): ConnectedAccount {
  const { id, profilePictureUrl } = page.instagram;
  return pageTokenAccount(page, profile, { id, username: instagramName(page), avatarUrl: profilePictureUrl });
}

export const INSTAGRAM_CONNECT: ConnectSteps = {
  async complete(client, tokens, scopes) {
    // The second login the person may choose (login.ts): no Page, the account itself.
    if (client.name === 'instagram_login') return INSTAGRAM_LOGIN_CONNECT(client, tokens, scopes);
    const provider = client as MetaLoginProvider;
    const longLived = await provider.exchangeForLongLivedToken(tokens.accessToken);
    const [granted, pages, me] = await Promise.all([
      provider.fetchGrantedPermissions(longLived.accessToken),
      provider.fetchPagesWithInstagram(longLived.accessToken),
      // Only for the name shown with the account: a failure here does not stop the connection.
      provider.fetchUserInfo(longLived.accessToken).catch(() => null),
    ]);
    // The Login dialog lets the person untick permissions: without these nothing could be published.
    const missing = INSTAGRAM_PUBLISH_PERMISSIONS.filter((permission) => !granted.includes(permission));
    if (missing.length > 0)
      throw new ConnectRefusedError('permissions_declined', {
        message: 'permissões do Instagram recusadas',
        details: { missing },
      });
    // What was really granted (Facebook's token answer does not say), in the order asked for.
    const profile = {
      email: me?.email ?? null,
      name: me?.name ?? null,
      scopes: scopes.filter((scope) => granted.includes(scope)),
    };
    const accounts = linkedInstagramAccounts(pages);
    if (!isNonEmpty(accounts))
      throw new ConnectRefusedError(pages.length === 0 ? 'no_pages' : 'no_instagram_account', {
        message: 'nenhuma conta do Instagram',
        details: { pages: pages.length },
      });
    return connectOrChoose(accounts, {
      userToken: longLived.accessToken,
      profile,
      account: instagramAccount,
      choice: (page) => ({ id: page.instagram.id, name: instagramName(page), pageName: page.name }),
    });
  },
  picker: {
    returnParam: 'pickInstagram',
    unavailableReason: 'account_unavailable',
    async choose(client, { userToken, choiceId, profile }) {
      const pages = await (client as MetaLoginProvider).fetchPagesWithInstagram(userToken);
      const page = linkedInstagramAccounts(pages).find((candidate) => candidate.instagram.id === choiceId);
      return page ? instagramAccount(page, profile) : null;
    },
  },
};
