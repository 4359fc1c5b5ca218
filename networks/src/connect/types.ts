// How a network connects an account after its OAuth code is exchanged (descriptor `connect`): the
// network's calls and their parsing live here; the server stores what these steps answer (the
// account, or a pending choice of Page / account / organisation) without knowing the network.
import type { OAuthProvider, OAuthTokens } from '../oauth/types.js';

/** What the person is shown and what the account is saved with (server: db upsertAccount). */
export interface ConnectedAccount {
  /** The network's id of what Pauta publishes as (member, Page, IG user …). */
  platformUserId: string;
  /** A handle where the network has one, else the display name. */
  platformUsername: string | null;
  name: string | null;
  email: string | null;
  avatarUrl: string | null;
  /** The Page the account publishes through (Facebook, Instagram); null elsewhere. */
  pageName: string | null;
  scopes: string[];
  accessToken: string;
  refreshToken: string | null;
  accessTokenExpiresAt: Date | null;
}

/** Who logged in, kept with a pending choice (never a token). */
export interface ConnectProfile {
  email: string | null;
  name: string | null;
  scopes: string[];
}

/** One option of a picker (a Page, an Instagram account linked to a Page). */
export interface ConnectChoice {
  id: string;
  name: string;
  /** The Page an Instagram account is linked to. */
  pageName?: string;
}

export type ConnectOutcome =
  | { kind: 'connected'; account: ConnectedAccount }
  /** Several options: the server keeps the user token sealed until the person picks one. */
  | { kind: 'choose'; userToken: string; choices: ConnectChoice[]; profile: ConnectProfile };

/** What the person must choose after the login, when the login gives access to several. */
export interface ConnectPicker {
  /** Query parameter of the return URL carrying the pending choice's id (the client's picker). */
  readonly returnParam: string;
  /** OAUTH_FAILED reason when the chosen option is no longer there. */
  readonly unavailableReason: string;
  /** Reads the options again with the stored user token and answers the chosen one's account. */
  choose(
    provider: OAuthProvider,
    input: { userToken: string; choiceId: string; profile: ConnectProfile },
  ): Promise<ConnectedAccount | null>;
}

export interface ConnectSteps {
  /** After the code exchange: the account, or the options to choose from. `scopes` = granted. */
  complete(provider: OAuthProvider, tokens: OAuthTokens, scopes: string[]): Promise<ConnectOutcome>;
  picker?: ConnectPicker;
}

/**
 * The network refused the connection for a reason the person can act on (no Page, permissions
 * declined …): the server answers OAUTH_FAILED with `reason` (core's pt-BR texts) and logs `log`.
 */
export class ConnectRefusedError extends Error {
  override readonly name = 'ConnectRefusedError';
  constructor(
    readonly reason: string,
    readonly log?: { message: string; details: Record<string, unknown> },
  ) {
    super(`connection refused: ${reason}`);
  }
}

export function isNonEmpty<T>(list: readonly T[]): list is readonly [T, ...T[]] {
  return list.length > 0;
}

/**
 * The outcome of a connect whose login gives access to `options` (Pages, accounts, boards …):
 * one connects directly, several wait for the person's choice (none is the caller's refusal).
 */
export function connectOrChoose<T>(
  options: readonly [T, ...T[]],
  input: {
    userToken: string;
    profile: ConnectProfile;
    account: (option: T, profile: ConnectProfile) => ConnectedAccount;
    choice: (option: T) => ConnectChoice;
  },
): ConnectOutcome {
  const [only, ...others] = options;
  if (others.length === 0) return { kind: 'connected', account: input.account(only, input.profile) };
  const { userToken, profile } = input;
  return { kind: 'choose', userToken, choices: options.map(input.choice), profile };
}

/** The person's own profile is the account (LinkedIn member, X user). */
export const PROFILE_CONNECT: ConnectSteps = {
  async complete(provider, tokens, scopes) {
    const info = await provider.fetchUserInfo(tokens.accessToken);
    return {
      kind: 'connected',
      account: {
        platformUserId: info.providerUserId,
        platformUsername: info.username ?? info.name,
        name: info.name,
        email: info.email,
        avatarUrl: info.avatarUrl,
        pageName: null,
        scopes,
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        accessTokenExpiresAt: tokens.accessTokenExpiresAt,
      },
    };
  },
};
