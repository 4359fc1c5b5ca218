// The tokens a pending choice keeps (pending_connections' sealed user token) when the chosen
// option publishes with the login's own token (LinkedIn Pages, Pinterest boards, Google Business
// locations): the access token, refresh token and expiry together, as JSON, so the chosen account
// keeps all three.
import type { OAuthProvider, OAuthTokens } from '../oauth/types.js';
import type { NetworkPendingChoice } from '../profile.js';
import {
  type ConnectChoice,
  type ConnectedAccount,
  type ConnectProfile,
  ConnectRefusedError,
  type ConnectSteps,
  connectOrChoose,
  isNonEmpty,
} from './types.js';

export interface SealedTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: string | null;
}

export function sealTokens(tokens: OAuthTokens): string {
  const sealed: SealedTokens = {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAt: tokens.accessTokenExpiresAt?.toISOString() ?? null,
  };
  return JSON.stringify(sealed);
}

export function unsealTokens(userToken: string, platform: string): SealedTokens {
  const parsed = JSON.parse(userToken) as Partial<SealedTokens>;
  if (typeof parsed.accessToken !== 'string') throw new Error(`${platform}: pending tokens unreadable`);
  return {
    accessToken: parsed.accessToken,
    refreshToken: typeof parsed.refreshToken === 'string' ? parsed.refreshToken : null,
    expiresAt: typeof parsed.expiresAt === 'string' ? parsed.expiresAt : null,
  };
}

/** The token fields of a ConnectedAccount from what was sealed. */
export function accountTokens(tokens: SealedTokens) {
  return {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    accessTokenExpiresAt: tokens.expiresAt === null ? null : new Date(tokens.expiresAt),
  };
}

/** An option of a picker whose account publishes with the login's token (a Page, a board). */
interface OwnTokenOption {
  id: string;
  name: string;
}

/** Why a login with no option is refused (an OAUTH_FAILED reason, its profile's pt-BR text). */
interface NoOption {
  reason: string;
  message: string;
  details?: Record<string, unknown>;
}

/**
 * The connect steps of a network whose login gives access to options (organisations, boards) that
 * publish with the login's own token: `list` reads them, none is refused with `none` (the profile's
 * pt-BR text), one connects at once, several wait in a pending choice with the tokens sealed; the
 * chosen option (read again with them) keeps the access token, refresh token and expiry.
 */
export function ownTokenPicker<T extends OwnTokenOption>(spec: {
  platform: string;
  /** The profile's picker (return parameter, texts, what an option's id looks like). */
  pendingChoice: NetworkPendingChoice;
  unavailableReason: string;
  /**
   * The refusal when the login has no option, and what is logged with it; a function when the
   * reason depends on what the network has (Google: no location at all, or none verified).
   */
  none: NoOption | ((provider: OAuthProvider, accessToken: string) => Promise<NoOption>);
  /** What the picker shows of an option (default: its id and name). */
  choice?: (option: T) => ConnectChoice;
  profile(provider: OAuthProvider, accessToken: string, scopes: string[]): Promise<ConnectProfile>;
  list(provider: OAuthProvider, accessToken: string): Promise<T[]>;
  account(
    option: T,
    profile: ConnectProfile,
  ): Omit<ConnectedAccount, 'accessToken' | 'refreshToken' | 'accessTokenExpiresAt'>;
}): ConnectSteps {
  const build = (option: T, profile: ConnectProfile, tokens: SealedTokens): ConnectedAccount => ({
    ...spec.account(option, profile),
    ...accountTokens(tokens),
  });
  return {
    async complete(provider, tokens, scopes) {
      const profile = await spec.profile(provider, tokens.accessToken, scopes);
      const options = await spec.list(provider, tokens.accessToken);
      if (!isNonEmpty(options)) {
        const none =
          typeof spec.none === 'function' ? await spec.none(provider, tokens.accessToken) : spec.none;
        throw new ConnectRefusedError(none.reason, {
          message: none.message,
          details: { scopes, ...none.details },
        });
      }
      const userToken = sealTokens(tokens);
      const sealed = unsealTokens(userToken, spec.platform);
      return connectOrChoose(options, {
        userToken,
        profile,
        account: (option) => build(option, profile, sealed),
        choice: spec.choice ?? ((option) => ({ id: option.id, name: option.name })),
      });
    },
    picker: {
      returnParam: spec.pendingChoice.returnParam,
      pendingChoice: spec.pendingChoice,
      unavailableReason: spec.unavailableReason,
      async choose(provider, { userToken, choiceId, profile }) {
        const tokens = unsealTokens(userToken, spec.platform);
        const option = (await spec.list(provider, tokens.accessToken)).find((item) => item.id === choiceId);
        return option ? build(option, profile, tokens) : null;
      },
    },
  };
}
