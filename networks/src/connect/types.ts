// How a network connects an account after its OAuth code is exchanged (descriptor `connect`): the
// network's calls and their parsing live here; the server stores what these steps answer (the
// account, or a pending choice of Page / account / organisation) without knowing the network.
import type { OAuthProvider, OAuthTokens } from '../oauth/types.js';
import type { NetworkPendingChoice } from '../profile.js';

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
  /**
   * The profile's picker when the person chooses through the shared one (accounts.selectPendingChoice
   * and the client's NetworkPendingChoiceModal); absent for Facebook Pages and Instagram accounts,
   * which keep their own procedures and modals.
   */
  readonly pendingChoice?: NetworkPendingChoice;
  /** OAUTH_FAILED reason when the chosen option is no longer there. */
  readonly unavailableReason: string;
  /** Reads the options again with the stored user token and answers the chosen one's account. */
  choose(
    provider: OAuthProvider,
    input: { userToken: string; choiceId: string; profile: ConnectProfile },
  ): Promise<ConnectedAccount | null>;
}

/** Pauta's app at one server of a network of many (a Mastodon instance). */
export interface InstanceApp {
  clientId: string;
  clientSecret: string;
}

/** What a server of a network of many is, as Pauta keeps it (table network_instances). */
export interface PreparedInstance {
  host: string;
  title: string;
  /** Its own limits (Mastodon: characters, images, link length, image bytes). */
  limits: Readonly<Record<string, number>>;
  /** Whether its authorization server takes PKCE (S256). */
  pkce: boolean;
  /** The app registered there now; null when `registered` was given (kept as it is). */
  registered: InstanceApp | null;
}

/**
 * A network of many servers (Mastodon): before the login the person types their server (the
 * profile's `connectPrompt`), the server checks it (`parseHost`, then its own check that the name
 * resolves to public addresses), reads it and registers Pauta's app there once (`prepare`); the app
 * is kept sealed per host and the OAuth client is built with it (`OAuthProviderOptions.instance`).
 */
export interface InstanceConnect {
  /** The connect route's query parameter carrying what was typed (the profile's `connectPrompt.param`). */
  readonly param: string;
  /** The host of what was typed; ConnectRefusedError (`instance_invalid`, `instance_http`) when unusable. */
  parseHost(raw: string): string;
  /** Reads the server (limits, PKCE) and registers Pauta's app there when `registered` is null. */
  prepare(
    host: string,
    input: {
      registered: InstanceApp | null;
      redirectUri: string;
      appName: string;
      website: string | null;
      fetch: typeof globalThis.fetch;
    },
  ): Promise<PreparedInstance>;
  /** The server of a connected account (from its `platform_user_id`). */
  hostOf(platformUserId: string): string;
  /** The posts' text limit of a server, from the limits `prepare` read (null: the network's). */
  textLimit(limits: Readonly<Record<string, number>>): number | null;
}

export interface ConnectSteps {
  /** After the code exchange: the account, or the options to choose from. `scopes` = granted. */
  complete(provider: OAuthProvider, tokens: OAuthTokens, scopes: string[]): Promise<ConnectOutcome>;
  picker?: ConnectPicker;
  /** Present for a network of many servers: the server is typed before the login. */
  instance?: InstanceConnect;
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
