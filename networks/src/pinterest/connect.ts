// Connecting Pinterest: after the code exchange, the user account (`GET /v5/user_account`) and its
// boards (`GET /v5/boards`, every page); no board → refused with `no_pinterest_boards` (the
// profile's pt-BR text: create one on Pinterest first), one connects at once, several wait for the
// person's choice of the board Pauta pins to. The account is the board: `platform_user_id` is the
// board id, `page_name` its name, `platform_username` the Pinterest username; it publishes with
// the user's token, whose refresh token and expiry are kept sealed with the pending choice.
import { accountTokens, type SealedTokens, sealTokens, unsealTokens } from '../connect/sealed-tokens.js';
import {
  type ConnectedAccount,
  type ConnectProfile,
  ConnectRefusedError,
  type ConnectSteps,
  connectOrChoose,
  isNonEmpty,
} from '../connect/types.js';
import type { PinterestBoard, PinterestOAuthProvider } from './oauth.js';

function boardAccount(
  board: PinterestBoard,
  profile: ConnectProfile,
  tokens: SealedTokens,
): ConnectedAccount {
  return {
    platformUserId: board.id,
    platformUsername: profile.name,
    name: profile.name,
    email: null,
    avatarUrl: null,
    pageName: board.name,
    scopes: profile.scopes,
    ...accountTokens(tokens),
  };
}

export const PINTEREST_CONNECT: ConnectSteps = {
  async complete(client, tokens, scopes) {
    const provider = client as PinterestOAuthProvider;
    const account = await provider.fetchAccount(tokens.accessToken);
    const boards = await provider.fetchBoards(tokens.accessToken);
    const profile: ConnectProfile = { email: null, name: account.username, scopes };
    if (!isNonEmpty(boards))
      throw new ConnectRefusedError('no_pinterest_boards', {
        message: 'a conta do Pinterest não tem nenhuma pasta',
        details: { scopes, accountType: account.accountType },
      });
    const userToken = sealTokens(tokens);
    const sealed = unsealTokens(userToken, 'pinterest');
    return connectOrChoose(boards, {
      userToken,
      profile,
      account: (board) => boardAccount(board, profile, sealed),
      choice: (board) => ({ id: board.id, name: board.name }),
    });
  },
  picker: {
    returnParam: 'pickPinterestBoard',
    unavailableReason: 'pinterest_board_unavailable',
    async choose(client, { userToken, choiceId, profile }) {
      const tokens = unsealTokens(userToken, 'pinterest');
      const boards = await (client as PinterestOAuthProvider).fetchBoards(tokens.accessToken);
      const board = boards.find((candidate) => candidate.id === choiceId);
      return board ? boardAccount(board, profile, tokens) : null;
    },
  },
};
