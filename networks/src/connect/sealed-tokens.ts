// The tokens a pending choice keeps (sealed by the server as the pending row's user token) when
// the chosen account publishes with the login's own tokens: LinkedIn Pages (LinkedIn has no Page
// token) and Google Business Profile (a location has no token of its own). The refresh token and
// the expiry travel with the access token, so the chosen account can be renewed.
import type { OAuthTokens } from '../oauth/types.js';
import {
  type ConnectChoice,
  type ConnectedAccount,
  type ConnectOutcome,
  type ConnectProfile,
  connectOrChoose,
} from './types.js';

interface SealedTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: string | null;
}

/** An option's id and name at the network (a Page's, a location's). */
interface SealedOption {
  id: string;
  name: string;
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
  if (typeof parsed.accessToken !== 'string') throw new Error('pending choice: tokens unreadable');
  return {
    accessToken: parsed.accessToken,
    refreshToken: typeof parsed.refreshToken === 'string' ? parsed.refreshToken : null,
    expiresAt: typeof parsed.expiresAt === 'string' ? parsed.expiresAt : null,
  };
}

/** The chosen option's account: its id and name, who connected, the login's tokens. */
function sealedAccount(
  option: SealedOption,
  profile: ConnectProfile,
  tokens: SealedTokens,
): ConnectedAccount {
  return {
    platformUserId: option.id,
    platformUsername: option.name,
    name: profile.name,
    email: profile.email,
    avatarUrl: null,
    pageName: option.name,
    scopes: profile.scopes,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    accessTokenExpiresAt: tokens.expiresAt === null ? null : new Date(tokens.expiresAt),
  };
}

/**
 * `connectOrChoose` for options that publish with the login's tokens: one connects with them,
 * several wait with them sealed. `choice` is what the picker shows (default: the option's name).
 */
export function connectOrChooseSealed<T>(
  options: readonly [T, ...T[]],
  input: {
    tokens: OAuthTokens;
    profile: ConnectProfile;
    option: (option: T) => SealedOption;
    choice?: (option: T) => ConnectChoice;
  },
): ConnectOutcome {
  const userToken = sealTokens(input.tokens);
  const sealed = unsealTokens(userToken);
  return connectOrChoose(options, {
    userToken,
    profile: input.profile,
    account: (option) => sealedAccount(input.option(option), input.profile, sealed),
    choice: input.choice ?? input.option,
  });
}

/** The picker's choice: the options read again with the sealed tokens; null when it is gone. */
export async function chooseSealed<T>(
  input: { userToken: string; choiceId: string; profile: ConnectProfile },
  list: (accessToken: string) => Promise<readonly T[]>,
  option: (option: T) => SealedOption,
): Promise<ConnectedAccount | null> {
  const tokens = unsealTokens(input.userToken);
  const found = (await list(tokens.accessToken)).find((candidate) => option(candidate).id === input.choiceId);
  return found === undefined ? null : sealedAccount(option(found), input.profile, tokens);
}
