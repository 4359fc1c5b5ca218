// Connecting a social account (Contas Conectadas, spec §4 and §7 call 8): the second half of a
// `purpose=connect` OAuth attempt. Exchanges the code, reads who the account is and stores it
// with sealed tokens (db accounts repository). Facebook publishes as a Page: one Page connects
// directly, several wait for the user's choice in a pending row (sealed user token, 10 min).
import {
  type ConnectablePlatform,
  type ErrorCode,
  PLATFORM_OAUTH_PROVIDERS,
  type Platform,
} from '@pauta/core';
import {
  type AccountData,
  createPendingConnection,
  type Database,
  deletePendingConnection,
  findPendingConnection,
  readPendingUserToken,
  upsertAccount,
} from '@pauta/db';
import {
  type FacebookOAuthProvider,
  type OAuthProvider,
  OAuthProviderError,
  type OAuthTokens,
  scopesFor,
} from '@pauta/networks';
import type { Kysely } from 'kysely';
import { oauthProvider } from '../auth/oauth-providers.js';
import type { ServerEnv } from '../env.js';
import type { Logger } from '../logger.js';
import { fetchXFollowers } from './x-followers.js';

/** Networks whose OAuth connection this server runs (Instagram is not configurable yet). */
export const OAUTH_CONNECT_PLATFORMS = ['linkedin', 'facebook', 'x'] as const;
export type OAuthConnectPlatform = (typeof OAUTH_CONNECT_PLATFORMS)[number];

export function isOAuthConnectPlatform(value: string): value is OAuthConnectPlatform {
  return (OAUTH_CONNECT_PLATFORMS as readonly string[]).includes(value);
}

/** A connection refused for a reason the user can act on; `reason` feeds the client's guidance. */
export class ConnectError extends Error {
  override name = 'ConnectError';
  constructor(
    readonly code: ErrorCode,
    readonly platform: Platform,
    readonly reason: string | null = null,
  ) {
    super(code);
  }
}

export interface ConnectDeps {
  db: Kysely<Database>;
  env: ServerEnv;
  logger: Logger;
  now?: () => Date;
}

export type ConnectResult = { redirectTo: string };

const CONNECTED = '/connected-accounts?connection=true';

function connectProvider(env: ServerEnv, platform: OAuthConnectPlatform): OAuthProvider {
  const provider = oauthProvider(env, platform, 'connect');
  if (!provider) throw new ConnectError('PLATFORM_NOT_CONFIGURED', platform);
  return provider;
}

/** Granted scopes; Facebook reports none in the token answer, so the requested ones stand in. */
function grantedScopes(platform: OAuthConnectPlatform, tokens: OAuthTokens): string[] {
  return tokens.scopes.length > 0 ? tokens.scopes : [...(scopesFor(platform, 'connect') ?? [])];
}

/** Runs a provider call; provider failures become ConnectErrors naming their kind. */
async function providerCall<T>(platform: Platform, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof OAuthProviderError) {
      throw new ConnectError('OAUTH_FAILED', platform, error.kind);
    }
    throw error;
  }
}

export async function completeConnection(
  deps: ConnectDeps,
  input: { userId: string; platform: OAuthConnectPlatform; code: string; verifier: string | null },
): Promise<ConnectResult> {
  const { platform } = input;
  const provider = connectProvider(deps.env, platform);
  const now = deps.now?.() ?? new Date();
  const tokens = await providerCall(platform, () =>
    provider.validateAuthorizationCode(input.code, input.verifier ?? undefined),
  );
  const scopes = grantedScopes(platform, tokens);

  if (platform === 'facebook') {
    return connectFacebook(deps, provider as FacebookOAuthProvider, input.userId, tokens, scopes, now);
  }

  const info = await providerCall(platform, () => provider.fetchUserInfo(tokens.accessToken));
  const followers =
    platform === 'x' ? await fetchXFollowers(deps.env, tokens.accessToken, deps.logger) : null;
  const accountData: AccountData = {
    followers,
    email: info.email,
    provider: PLATFORM_OAUTH_PROVIDERS[platform],
    connected_at: now.toISOString(),
    name: info.name,
    avatar_url: info.avatarUrl,
    page_name: null,
    scopes,
  };
  await upsertAccount(deps.db, deps.env.keyring, {
    userId: input.userId,
    platform,
    platformUserId: info.providerUserId,
    platformUsername: platform === 'x' ? (info.username ?? info.name) : info.name,
    accountData,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    accessTokenExpiresAt: tokens.accessTokenExpiresAt,
  });
  deps.logger.info({ userId: input.userId, platform }, 'conta conectada');
  return { redirectTo: CONNECTED };
}

async function connectFacebook(
  deps: ConnectDeps,
  provider: FacebookOAuthProvider,
  userId: string,
  tokens: OAuthTokens,
  scopes: string[],
  now: Date,
): Promise<ConnectResult> {
  const longLived = await providerCall('facebook', () =>
    provider.exchangeForLongLivedToken(tokens.accessToken),
  );
  const [pages, me] = await Promise.all([
    providerCall('facebook', () => provider.fetchPages(longLived.accessToken)),
    // Only for the email shown with the account: a failure here does not stop the connection.
    provider.fetchUserInfo(longLived.accessToken).catch(() => null),
  ]);
  const profile = { email: me?.email ?? null, name: me?.name ?? null, scopes };
  if (pages.length === 0) throw new ConnectError('OAUTH_FAILED', 'facebook', 'no_pages');
  if (pages.length === 1) {
    const [page] = pages as [(typeof pages)[number]];
    await saveFacebookPage(deps, userId, page, profile, now);
    return { redirectTo: CONNECTED };
  }
  const pendingId = await createPendingConnection(deps.db, deps.env.keyring, {
    userId,
    platform: 'facebook',
    userToken: longLived.accessToken,
    pages: pages.map((page) => ({ id: page.id, name: page.name })),
    profile,
    now,
  });
  deps.logger.info({ userId, platform: 'facebook', pages: pages.length }, 'escolha de página pendente');
  return { redirectTo: `${CONNECTED}&pickPage=${pendingId}` };
}

async function saveFacebookPage(
  deps: ConnectDeps,
  userId: string,
  page: { id: string; name: string; accessToken: string },
  profile: { email: string | null; name: string | null; scopes: string[] },
  now: Date,
): Promise<void> {
  await upsertAccount(deps.db, deps.env.keyring, {
    userId,
    platform: 'facebook',
    platformUserId: page.id,
    platformUsername: page.name,
    accountData: {
      followers: null,
      email: profile.email,
      provider: PLATFORM_OAUTH_PROVIDERS.facebook,
      connected_at: now.toISOString(),
      name: profile.name,
      avatar_url: null,
      page_name: page.name,
      scopes: profile.scopes,
    },
    // A Page token minted from a long-lived user token does not expire; Facebook issues no
    // refresh token (the stored one, if any, is kept by the repository).
    accessToken: page.accessToken,
    refreshToken: null,
    accessTokenExpiresAt: null,
  });
  deps.logger.info({ userId, platform: 'facebook' }, 'conta conectada');
}

export class PendingNotFoundError extends Error {
  override name = 'PendingNotFoundError';
}

/** The Pages (id, name) of the caller's pending Facebook connection. */
export async function pendingPages(
  deps: ConnectDeps,
  userId: string,
  pendingId: string,
): Promise<{ id: string; name: string }[]> {
  const pending = await findPendingConnection(deps.db, userId, pendingId, deps.now?.() ?? new Date());
  if (!pending) throw new PendingNotFoundError();
  return pending.pages.map((page) => ({ id: page.id, name: page.name }));
}

/**
 * Connects the chosen Page: its token is fetched again with the sealed user token (the pending
 * row never held Page tokens), the account saved, the pending row deleted.
 */
export async function selectFacebookPage(
  deps: ConnectDeps,
  input: { userId: string; pendingId: string; pageId: string },
): Promise<{ platform: ConnectablePlatform; pageName: string }> {
  const now = deps.now?.() ?? new Date();
  const pending = await findPendingConnection(deps.db, input.userId, input.pendingId, now);
  if (!pending?.pages.some((page) => page.id === input.pageId)) throw new PendingNotFoundError();
  const userToken = await readPendingUserToken(deps.db, deps.env.keyring, input.userId, input.pendingId, now);
  if (userToken === undefined) throw new PendingNotFoundError();
  const provider = connectProvider(deps.env, 'facebook') as FacebookOAuthProvider;
  const pages = await providerCall('facebook', () => provider.fetchPages(userToken));
  const page = pages.find((candidate) => candidate.id === input.pageId);
  if (!page) throw new ConnectError('OAUTH_FAILED', 'facebook', 'page_unavailable');
  await saveFacebookPage(
    deps,
    input.userId,
    page,
    {
      email: pending.profile.email ?? null,
      name: pending.profile.name ?? null,
      scopes: pending.profile.scopes ?? [],
    },
    now,
  );
  await deletePendingConnection(deps.db, input.userId, input.pendingId);
  return { platform: 'facebook', pageName: page.name };
}
