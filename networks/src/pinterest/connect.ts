// Connecting Pinterest: after the code exchange, the user account (`GET /v5/user_account`) and its
// boards (`GET /v5/boards`, every page); no board → refused with `no_pinterest_boards` (the
// profile's pt-BR text: create one on Pinterest first), one connects at once, several wait for the
// person's choice of the board Pauta pins to. The account is the board: `platform_user_id` is the
// board id, `page_name` its name, `platform_username` the Pinterest username; it publishes with
// the user's token, whose refresh token and expiry are kept sealed with the pending choice
// (`ownTokenPicker`, shared with LinkedIn Pages).
import { ownTokenPicker } from '../connect/sealed-tokens.js';
import type { PinterestOAuthProvider } from './oauth.js';
import { PINTEREST_BOARD_CHOICE } from './profile.js';

export const PINTEREST_CONNECT = ownTokenPicker({
  platform: 'pinterest',
  pendingChoice: PINTEREST_BOARD_CHOICE,
  unavailableReason: 'pinterest_board_unavailable',
  none: { reason: 'no_pinterest_boards', message: 'a conta do Pinterest não tem nenhuma pasta' },
  profile: async (provider, accessToken, scopes) => {
    const account = await (provider as PinterestOAuthProvider).fetchAccount(accessToken);
    return { email: null, name: account.username, scopes };
  },
  list: (provider, accessToken) => (provider as PinterestOAuthProvider).fetchBoards(accessToken),
  account: (board, profile) => ({
    platformUserId: board.id,
    platformUsername: profile.name,
    name: profile.name,
    email: null,
    avatarUrl: null,
    pageName: board.name,
    scopes: profile.scopes,
  }),
});
