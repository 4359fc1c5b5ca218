// Connecting a social account (Contas Conectadas, spec §4 and §7 call 8): the second half of a
// `purpose=connect` OAuth attempt. Exchanges the code, reads who the account is and stores it
// with sealed tokens (db accounts repository). Facebook publishes as a Page: one Page connects
// directly, several wait for the user's choice in a pending row (sealed user token, 10 min).
// Instagram (Facebook Login for Instagram) likewise: the professional accounts linked to the
// person's Pages; one connects directly, several wait for the choice, none is a clear refusal.
import { AppError, type ConnectablePlatform, PLATFORM_OAUTH_PROVIDERS, type Platform } from '@pauta/core';
import {
  type AccountData,
  createPendingConnection,
  type Database,
  DifferentAccountError,
  deletePendingConnection,
  findPendingConnection,
  readPendingUserToken,
  upsertAccount,
} from '@pauta/db';
import {
  createNetworkFetch,
  type FacebookOAuthProvider,
  type FacebookPageWithInstagram,
  FollowersUnavailableError,
  INSTAGRAM_PUBLISH_PERMISSIONS,
  type InstagramOAuthProvider,
  networkDescriptor,
  type OAuthProvider,
  OAuthProviderError,
  type OAuthTokens,
} from '@pauta/networks';
import type { Kysely } from 'kysely';
import { connectProvider as configuredConnectProvider } from '../auth/oauth-providers.js';
import type { ServerEnv } from '../env.js';
import type { Logger } from '../logger.js';

export interface ConnectDeps {
  db: Kysely<Database>;
  env: ServerEnv;
  logger: Logger;
  now?: () => Date;
}

export type ConnectResult = { redirectTo: string };

/**
 * Saves the account (db upsertAccount: the same network account is updated in place). Another
 * account of the network while one is active is refused with OAUTH_FAILED `different_account`:
 * the person is told in pt-BR and nothing is written.
 */
async function saveAccount(deps: ConnectDeps, input: Parameters<typeof upsertAccount>[2]): Promise<void> {
  try {
    await upsertAccount(deps.db, deps.env.keyring, input);
  } catch (error) {
    if (!(error instanceof DifferentAccountError)) throw error;
    deps.logger.warn({ userId: input.userId, platform: input.platform }, 'outra conta da rede autorizada');
    throw new AppError('OAUTH_FAILED', { platform: input.platform, reason: 'different_account' });
  }
}

const CONNECTED = '/connected-accounts?connection=true';

function connectProvider(env: ServerEnv, platform: Platform): OAuthProvider {
  const provider = configuredConnectProvider(env, platform);
  if (!provider) throw new AppError('PLATFORM_NOT_CONFIGURED', { platform });
  return provider;
}

/** Granted scopes; Facebook reports none in the token answer, so the requested ones stand in. */
function grantedScopes(platform: Platform, tokens: OAuthTokens): string[] {
  return tokens.scopes.length > 0
    ? tokens.scopes
    : [...(networkDescriptor(platform).oauth?.scopes.connect ?? [])];
}

/**
 * The account's follower count where the network offers one (registry `followers` capability).
 * Best effort: any failure is logged and shows no count; it never blocks a connection.
 */
async function followersOf(
  deps: ConnectDeps,
  platform: Platform,
  accessToken: string,
): Promise<number | null> {
  const { fetchFollowers } = networkDescriptor(platform);
  if (!fetchFollowers) return null;
  try {
    return await fetchFollowers(accessToken, { fetch: createNetworkFetch(deps.env.SOCIAL_SANDBOX_URL) });
  } catch (error) {
    const status = error instanceof FollowersUnavailableError ? error.status : null;
    deps.logger.warn(
      { platform, ...(status === null ? {} : { status }) },
      'seguidores indisponíveis na rede',
    );
    return null;
  }
}

/**
 * Runs a provider call; a provider failure becomes OAUTH_FAILED naming its kind (a 502 when the
 * network did not answer: the user may simply try again).
 */
async function providerCall<T>(
  deps: Pick<ConnectDeps, 'logger'>,
  platform: Platform,
  call: () => Promise<T>,
  requestId?: string,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof OAuthProviderError)) throw error;
    deps.logger.warn({ provider: platform, reason: error.kind, requestId }, 'falha na conexão de conta');
    throw new AppError(
      'OAUTH_FAILED',
      { platform, reason: error.kind },
      { upstream: error.kind === 'network' },
    );
  }
}

export async function completeConnection(
  deps: ConnectDeps,
  input: {
    userId: string;
    platform: Platform;
    code: string;
    verifier: string | null;
    requestId?: string;
  },
): Promise<ConnectResult> {
  const { platform } = input;
  const provider = connectProvider(deps.env, platform);
  const now = deps.now?.() ?? new Date();
  const tokens = await providerCall(
    deps,
    platform,
    () => provider.validateAuthorizationCode(input.code, input.verifier ?? undefined),
    input.requestId,
  );
  const scopes = grantedScopes(platform, tokens);

  if (platform === 'facebook') {
    return connectFacebook(deps, provider as FacebookOAuthProvider, input.userId, tokens, scopes, now);
  }
  if (platform === 'instagram') {
    return connectInstagram(deps, provider as InstagramOAuthProvider, input.userId, tokens, scopes, now);
  }

  const info = await providerCall(deps, platform, () => provider.fetchUserInfo(tokens.accessToken));
  const followers = await followersOf(deps, platform, tokens.accessToken);
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
  await saveAccount(deps, {
    userId: input.userId,
    platform,
    platformUserId: info.providerUserId,
    // A handle where the network has one (X), else the display name.
    platformUsername: info.username ?? info.name,
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
  const longLived = await providerCall(deps, 'facebook', () =>
    provider.exchangeForLongLivedToken(tokens.accessToken),
  );
  const [pages, me] = await Promise.all([
    providerCall(deps, 'facebook', () => provider.fetchPages(longLived.accessToken)),
    // Only for the email shown with the account: a failure here does not stop the connection.
    provider.fetchUserInfo(longLived.accessToken).catch(() => null),
  ]);
  const profile = { email: me?.email ?? null, name: me?.name ?? null, scopes };
  if (pages.length === 0) throw new AppError('OAUTH_FAILED', { platform: 'facebook', reason: 'no_pages' });
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
  await saveAccount(deps, {
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

/**
 * The choices of the caller's pending connection: Facebook Pages (id, name), or Instagram
 * accounts (IG user id, username, and the Page they are linked to).
 */
export async function pendingPages(
  deps: ConnectDeps,
  userId: string,
  pendingId: string,
): Promise<{ id: string; name: string; pageName?: string }[]> {
  const pending = await findPendingConnection(deps.db, userId, pendingId, deps.now?.() ?? new Date());
  if (!pending) throw new AppError('NOT_FOUND');
  return pending.pages.map((page) => ({
    id: page.id,
    name: page.name,
    ...(page.pageName === undefined ? {} : { pageName: page.pageName }),
  }));
}

/**
 * Connects the chosen Page: its token is fetched again with the sealed user token (the pending
 * row never held Page tokens), the account saved, the pending row deleted.
 */
export async function selectFacebookPage(
  deps: ConnectDeps,
  input: { userId: string; pendingId: string; pageId: string },
): Promise<{ platform: ConnectablePlatform; pageName: string }> {
  const { now, userToken, profile } = await openPendingChoice(deps, input, 'facebook', input.pageId);
  const provider = connectProvider(deps.env, 'facebook') as FacebookOAuthProvider;
  const pages = await providerCall(deps, 'facebook', () => provider.fetchPages(userToken));
  const page = pages.find((candidate) => candidate.id === input.pageId);
  if (!page) throw new AppError('OAUTH_FAILED', { platform: 'facebook', reason: 'page_unavailable' });
  await saveFacebookPage(deps, input.userId, page, profile, now);
  await deletePendingConnection(deps.db, input.userId, input.pendingId);
  return { platform: 'facebook', pageName: page.name };
}

/**
 * The pending connection of a choice (a Facebook Page, an Instagram account): it must be the
 * user's, unexpired, of that network and list the chosen id; NOT_FOUND otherwise. Answers its
 * sealed user token and the profile read at login.
 */
async function openPendingChoice(
  deps: ConnectDeps,
  input: { userId: string; pendingId: string },
  platform: 'facebook' | 'instagram',
  choiceId: string,
) {
  const now = deps.now?.() ?? new Date();
  const pending = await findPendingConnection(deps.db, input.userId, input.pendingId, now);
  if (pending?.platform !== platform || !pending.pages.some((choice) => choice.id === choiceId))
    throw new AppError('NOT_FOUND');
  const userToken = await readPendingUserToken(deps.db, deps.env.keyring, input.userId, input.pendingId, now);
  if (userToken === undefined) throw new AppError('NOT_FOUND');
  const profile = {
    email: pending.profile.email ?? null,
    name: pending.profile.name ?? null,
    scopes: pending.profile.scopes ?? [],
  };
  return { now, userToken, profile };
}

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

async function connectInstagram(
  deps: ConnectDeps,
  provider: InstagramOAuthProvider,
  userId: string,
  tokens: OAuthTokens,
  scopes: string[],
  now: Date,
): Promise<ConnectResult> {
  const longLived = await providerCall(deps, 'instagram', () =>
    provider.exchangeForLongLivedToken(tokens.accessToken),
  );
  const [granted, pages, me] = await Promise.all([
    providerCall(deps, 'instagram', () => provider.fetchGrantedPermissions(longLived.accessToken)),
    providerCall(deps, 'instagram', () => provider.fetchPagesWithInstagram(longLived.accessToken)),
    // Only for the name shown with the account: a failure here does not stop the connection.
    provider.fetchUserInfo(longLived.accessToken).catch(() => null),
  ]);
  // The Login dialog lets the person untick permissions: without these nothing could be published.
  const missing = INSTAGRAM_PUBLISH_PERMISSIONS.filter((permission) => !granted.includes(permission));
  if (missing.length > 0) {
    deps.logger.info({ userId, platform: 'instagram', missing }, 'permissões do Instagram recusadas');
    throw new AppError('OAUTH_FAILED', { platform: 'instagram', reason: 'permissions_declined' });
  }
  // What was really granted (Facebook's token answer does not say), in the order asked for.
  const profile = {
    email: me?.email ?? null,
    name: me?.name ?? null,
    scopes: scopes.filter((scope) => granted.includes(scope)),
  };
  const accounts = linkedInstagramAccounts(pages);
  if (accounts.length === 0) {
    deps.logger.info({ userId, platform: 'instagram', pages: pages.length }, 'nenhuma conta do Instagram');
    throw new AppError('OAUTH_FAILED', {
      platform: 'instagram',
      reason: pages.length === 0 ? 'no_pages' : 'no_instagram_account',
    });
  }
  if (accounts.length === 1) {
    await saveInstagramAccount(deps, userId, accounts[0]!, profile, now);
    return { redirectTo: CONNECTED };
  }
  const pendingId = await createPendingConnection(deps.db, deps.env.keyring, {
    userId,
    platform: 'instagram',
    userToken: longLived.accessToken,
    pages: accounts.map((page) => ({
      id: page.instagram.id,
      name: instagramName(page),
      pageName: page.name,
    })),
    profile,
    now,
  });
  deps.logger.info(
    { userId, platform: 'instagram', accounts: accounts.length },
    'escolha de conta do Instagram pendente',
  );
  return { redirectTo: `${CONNECTED}&pickInstagram=${pendingId}` };
}

/**
 * Saves the Instagram account: the IG user id is the account's id (publishing calls
 * `/{ig-user-id}/media`), the token its Page's (which never expires, minted from a long-lived
 * user token), sealed like every other token.
 */
async function saveInstagramAccount(
  deps: ConnectDeps,
  userId: string,
  page: LinkedInstagram,
  profile: { email: string | null; name: string | null; scopes: string[] },
  now: Date,
): Promise<void> {
  await upsertAccount(deps.db, deps.env.keyring, {
    userId,
    platform: 'instagram',
    platformUserId: page.instagram.id,
    platformUsername: instagramName(page),
    accountData: {
      followers: null,
      email: profile.email,
      provider: PLATFORM_OAUTH_PROVIDERS.instagram,
      connected_at: now.toISOString(),
      name: profile.name,
      avatar_url: page.instagram.profilePictureUrl,
      page_name: page.name,
      scopes: profile.scopes,
    },
    accessToken: page.accessToken,
    refreshToken: null,
    accessTokenExpiresAt: null,
  });
  deps.logger.info({ userId, platform: 'instagram' }, 'conta conectada');
}

/**
 * Connects the chosen Instagram account: the Pages are read again with the sealed user token (the
 * pending row never held Page tokens), the account must still be linked to one of them.
 */
export async function selectInstagramAccount(
  deps: ConnectDeps,
  input: { userId: string; pendingId: string; accountId: string },
): Promise<{ platform: ConnectablePlatform; username: string }> {
  const { now, userToken, profile } = await openPendingChoice(deps, input, 'instagram', input.accountId);
  const provider = connectProvider(deps.env, 'instagram') as InstagramOAuthProvider;
  const pages = await providerCall(deps, 'instagram', () => provider.fetchPagesWithInstagram(userToken));
  const page = linkedInstagramAccounts(pages).find((candidate) => candidate.instagram.id === input.accountId);
  if (!page) throw new AppError('OAUTH_FAILED', { platform: 'instagram', reason: 'account_unavailable' });
  await saveInstagramAccount(deps, input.userId, page, profile, now);
  await deletePendingConnection(deps.db, input.userId, input.pendingId);
  return { platform: 'instagram', username: instagramName(page) };
}
