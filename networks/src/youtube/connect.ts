// Connecting YouTube: after the code exchange, the token's own channel (oauth.ts) is the account.
// A Google account without a channel is refused with `no_youtube_channel` (its pt-BR text says to
// create one at youtube.com). No picker: Pauta publishes to the channel of the account that logged
// in (a brand account's channel is chosen in Google's own account chooser at the login).
import { ConnectRefusedError, type ConnectSteps } from '../connect/types.js';
import type { YouTubeOAuthProvider } from './oauth.js';

export const YOUTUBE_CONNECT: ConnectSteps = {
  async complete(provider, tokens, scopes) {
    const channel = await (provider as YouTubeOAuthProvider).fetchChannel(tokens.accessToken);
    if (channel === null)
      throw new ConnectRefusedError('no_youtube_channel', {
        message: 'a conta do Google não tem canal do YouTube',
        details: {},
      });
    return {
      kind: 'connected',
      account: {
        platformUserId: channel.id,
        platformUsername: channel.handle ?? channel.title,
        name: channel.title,
        email: null,
        avatarUrl: channel.avatarUrl,
        pageName: null,
        scopes,
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        accessTokenExpiresAt: tokens.accessTokenExpiresAt,
      },
    };
  },
};
