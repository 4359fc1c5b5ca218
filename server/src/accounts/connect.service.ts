// Connecting a social account (Contas Conectadas, spec §4 and §7 call 8): the second half of a
// `purpose=connect` OAuth attempt. Exchanges the code, reads who the account is and stores it
// with sealed tokens (db accounts repository). What the network is asked, and whether the person
// must pick a Page or an account first, is the network's (registry `connectSteps`); a pick waits
// in a pending row (sealed user token, 10 min) until the person chooses.
import { AppError, type ConnectablePlatform, PLATFORM_OAUTH_PROVIDERS, type Platform } from '@pauta/core';
import {
  createPendingConnection,
  type Database,
  DifferentAccountError,
  deletePendingConnection,
  findPendingConnection,
  listActiveAccounts,
  readPendingUserToken,
  upsertAccount,
} from '@pauta/db';
import {
  type ConnectedAccount,
  type ConnectPicker,
  ConnectRefusedError,
  createNetworkFetch,
  FollowersUnavailableError,
  networkDescriptor,
  type OAuthProvider,
  OAuthProviderError,
  type OAuthProviderName,
  type OAuthTokens,
  type SessionLoginFields,
  sessionClient,
} from '@pauta/networks';
import type { Kysely } from 'kysely';
import { connectProvider as configuredConnectProvider, oauthProvider } from '../auth/oauth-providers.js';
import type { AppDeps } from '../deps.js';
import type { ServerEnv } from '../env.js';
import type { Logger } from '../logger.js';
import { resolveWorkspace } from '../workspaces/scope.js';
import { instanceTextLimit, storedInstanceClient } from './instances.js';

export interface ConnectDeps {
  db: Kysely<Database>;
  env: ServerEnv;
  logger: Logger;
  now?: () => Date;
}

export type ConnectResult = { redirectTo: string };

/**
 * Saves the account (db upsertAccount: the same network account is updated in place). Another
 * account of the network while one is active is refused with OAUTH_FAILED `different_account`
 * unless the attempt was "Conectar outra conta" (`allowAnother`): the person is told in pt-BR and
 * nothing is written. Answers whether this network account was already active in the workspace.
 */
async function saveAccount(
  deps: ConnectDeps,
  input: Parameters<typeof upsertAccount>[2],
): Promise<{ alreadyConnected: boolean }> {
  // Read before the write, for the person's message only (the upsert decides under its lock).
  const active = await listActiveAccounts(deps.db, input.workspaceId ?? input.userId);
  const alreadyConnected = active.some(
    (row) => row.platform === input.platform && row.platform_user_id === input.platformUserId,
  );
  try {
    await upsertAccount(deps.db, deps.env.keyring, input);
  } catch (error) {
    if (!(error instanceof DifferentAccountError)) throw error;
    deps.logger.warn({ userId: input.userId, platform: input.platform }, 'outra conta da rede autorizada');
    throw new AppError('OAUTH_FAILED', { platform: input.platform, reason: 'different_account' });
  }
  return { alreadyConnected };
}

const CONNECTED = '/connected-accounts?connection=true';
/**
 * "Conectar outra conta" that authorised an account already connected here: it was updated in
 * place, and the page says so instead of a plain success (the flag only picks a message).
 */
const ALREADY_CONNECTED = `${CONNECTED}&already=true`;

function connectProvider(env: ServerEnv, platform: Platform): OAuthProvider {
  const provider = configuredConnectProvider(env, platform);
  if (!provider) throw new AppError('PLATFORM_NOT_CONFIGURED', { platform });
  return provider;
}

/** The client of the login the person chose (Instagram Login); the network's own client otherwise. */
function chosenLoginProvider(env: ServerEnv, platform: Platform, name: OAuthProviderName): OAuthProvider {
  if (name === networkDescriptor(platform).oauth?.name) return connectProvider(env, platform);
  const provider = oauthProvider(env, name, 'connect');
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
  target: { accessToken: string; platformUserId: string },
): Promise<number | null> {
  const { fetchFollowers } = networkDescriptor(platform);
  if (!fetchFollowers) return null;
  try {
    return await fetchFollowers(target, { fetch: createNetworkFetch(deps.env.SOCIAL_SANDBOX_URL) });
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
 * network did not answer: the user may simply try again), a refusal of the network's connect
 * steps OAUTH_FAILED with its reason.
 */
async function providerCall<T>(
  deps: Pick<ConnectDeps, 'logger'>,
  platform: Platform,
  call: () => Promise<T>,
  context: { requestId?: string; userId?: string } = {},
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ConnectRefusedError) {
      if (error.log)
        deps.logger.info({ userId: context.userId, platform, ...error.log.details }, error.log.message);
      throw new AppError('OAUTH_FAILED', { platform, reason: error.reason });
    }
    if (!(error instanceof OAuthProviderError)) throw error;
    deps.logger.warn(
      { provider: platform, reason: error.kind, requestId: context.requestId },
      'falha na conexão de conta',
    );
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
    /** The workspace the account is connected in (docs/workspaces.md); absent: the person's personal one. */
    workspaceId?: string;
    platform: Platform;
    /** The OAuth client of the attempt (the flow the person chose); absent: the network's own. */
    provider?: OAuthProviderName;
    code: string;
    verifier: string | null;
    /** The server the person typed before the login (a network of many servers: Mastodon). */
    instance?: string;
    /** "Conectar outra conta" (from the signed attempt): a different account may join the active ones. */
    another?: boolean;
    requestId?: string;
  },
): Promise<ConnectResult> {
  const { platform, userId } = input;
  const workspace = input.workspaceId ? { workspaceId: input.workspaceId } : {};
  const provider =
    input.instance !== undefined
      ? await storedInstanceClient(deps, platform, input.instance)
      : input.provider !== undefined
        ? chosenLoginProvider(deps.env, platform, input.provider)
        : connectProvider(deps.env, platform);
  if (!provider) throw new AppError('OAUTH_FAILED', { platform, reason: 'instance_unreachable' });
  const now = deps.now?.() ?? new Date();
  const tokens = await providerCall(
    deps,
    platform,
    () => provider.validateAuthorizationCode(input.code, input.verifier ?? undefined),
    { requestId: input.requestId },
  );
  const scopes = grantedScopes(platform, tokens);
  const { connectSteps } = networkDescriptor(platform);
  const outcome = await providerCall(deps, platform, () => connectSteps.complete(provider, tokens, scopes), {
    userId,
  });
  if (outcome.kind === 'connected') {
    // The server's own text limit (Mastodon's instance), kept with the account for the edit dialog.
    const textLimit =
      input.instance === undefined ? null : await instanceTextLimit(deps, platform, input.instance);
    const saved = await saveConnectedAccount(deps, {
      userId,
      ...workspace,
      platform,
      account: outcome.account,
      now,
      ...(textLimit === null ? {} : { textLimit }),
      another: input.another === true,
    });
    return { redirectTo: input.another && saved.alreadyConnected ? ALREADY_CONNECTED : CONNECTED };
  }
  const picker = pickerOf(platform);
  const pendingId = await createPendingConnection(deps.db, deps.env.keyring, {
    userId,
    ...workspace,
    platform,
    userToken: outcome.userToken,
    pages: outcome.choices,
    // The intent waits with the choice: only the option picked after "Conectar outra conta" may join.
    profile: input.another ? { ...outcome.profile, another: true } : outcome.profile,
    now,
  });
  deps.logger.info({ userId, platform, choices: outcome.choices.length }, 'escolha de conta pendente');
  return { redirectTo: `${CONNECTED}&${picker.returnParam}=${pendingId}` };
}

/**
 * Connects an account through the network's connect form (descriptor `session`: Bluesky's handle
 * and app password) in the caller's workspace. The password goes to the network once and is
 * never stored or logged: the session's tokens are saved sealed like any other network's. A
 * refusal (wrong password, bad server) is OAUTH_FAILED with the network's reason, nothing saved.
 */
export async function connectWithForm(
  deps: ConnectDeps,
  input: {
    userId: string;
    workspaceId: string;
    platform: Platform;
    fields: SessionLoginFields;
    /** "Conectar outra conta": a different account may join the network's active ones. */
    another?: boolean;
  },
): Promise<{ username: string | null; alreadyConnected: boolean }> {
  const { platform, userId } = input;
  const client = sessionClient(platform, { env: deps.env });
  // A network that connects through OAuth has no form: nothing to log in to.
  if (!client) throw new AppError('PLATFORM_NOT_CONFIGURED', { platform });
  const account = await providerCall(deps, platform, () => client.login(input.fields), { userId });
  const now = deps.now?.() ?? new Date();
  const saved = await saveConnectedAccount(deps, {
    userId,
    workspaceId: input.workspaceId,
    platform,
    account,
    now,
    another: input.another === true,
  });
  // Said only after "Conectar outra conta": a Reconectar through the form is a plain success.
  return {
    username: account.platformUsername,
    alreadyConnected: input.another === true && saved.alreadyConnected,
  };
}

/** The network's picker; a network that answers a choice without one is a programming error. */
function pickerOf(platform: Platform): ConnectPicker {
  const { picker } = networkDescriptor(platform).connectSteps;
  if (!picker) throw new Error(`${platform}: connect steps answered a choice but declare no picker`);
  return picker;
}

/** Saves a connected account with its follower count, where the network offers one. */
async function saveConnectedAccount(
  deps: ConnectDeps,
  input: {
    userId: string;
    workspaceId?: string;
    platform: Platform;
    account: ConnectedAccount;
    now: Date;
    textLimit?: number;
    /** "Conectar outra conta": passes `allowAnother` (a Conectar or Reconectar never adds an account). */
    another: boolean;
  },
): Promise<{ alreadyConnected: boolean }> {
  const { userId, platform, account, now } = input;
  const followers = await followersOf(deps, platform, {
    accessToken: account.accessToken,
    platformUserId: account.platformUserId,
  });
  const saved = await saveAccount(deps, {
    userId,
    ...(input.workspaceId ? { workspaceId: input.workspaceId } : {}),
    platform,
    platformUserId: account.platformUserId,
    platformUsername: account.platformUsername,
    accountData: {
      followers,
      email: account.email,
      provider: PLATFORM_OAUTH_PROVIDERS[platform],
      connected_at: now.toISOString(),
      name: account.name,
      avatar_url: account.avatarUrl,
      page_name: account.pageName,
      scopes: account.scopes,
      ...(input.textLimit === undefined ? {} : { text_limit: input.textLimit }),
    },
    accessToken: account.accessToken,
    refreshToken: account.refreshToken,
    accessTokenExpiresAt: account.accessTokenExpiresAt,
    ...(input.another ? { allowAnother: true } : {}),
  });
  deps.logger.info({ userId, platform, another: input.another }, 'conta conectada');
  return saved;
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
 * Connects the chosen option of a pending connection (a Facebook Page, an Instagram account, a
 * LinkedIn Page, a Pinterest board, a Google Business Profile location): it must be the user's,
 * unexpired, of that network (`platform`, when the caller names one) and list the chosen id
 * (NOT_FOUND otherwise), and the person must still be allowed to connect accounts in the
 * workspace the connection started in (WORKSPACE_UNAVAILABLE, FORBIDDEN). Without `platform`
 * (accounts.selectPendingChoice) the network is the pending row's, and it must choose through the
 * shared picker (its profile's `pendingChoice`), whose `choiceIdPattern` refuses a malformed id
 * (VALIDATION_FAILED) before anything is read.
 * The network's picker reads the options again with the sealed user token (the pending row never
 * held Page tokens); the account is saved and the pending row deleted.
 */
export async function selectPendingChoice(
  deps: ConnectDeps & Pick<AppDeps, 'cache'>,
  input: { userId: string; pendingId: string; platform?: ConnectablePlatform; choiceId: string },
): Promise<ConnectedAccount & { platform: ConnectablePlatform; alreadyConnected: boolean }> {
  const { userId, pendingId, choiceId } = input;
  const now = deps.now?.() ?? new Date();
  const pending = await findPendingConnection(deps.db, userId, pendingId, now);
  if (!pending || (input.platform !== undefined && pending.platform !== input.platform))
    throw new AppError('NOT_FOUND');
  // The workspace the connection started in, checked again as completeOAuth does: a person removed
  // meanwhile, or no longer allowed to connect accounts there, connects nothing.
  await resolveWorkspace(deps, {
    userId,
    requested: pending.workspace_id,
    action: 'accounts.write',
    readOnly: false,
  });
  const platform = pending.platform;
  const picker = pickerOf(platform);
  if (input.platform === undefined) {
    if (!picker.pendingChoice) throw new AppError('NOT_FOUND');
    if (!new RegExp(picker.pendingChoice.choiceIdPattern).test(choiceId))
      throw new AppError('VALIDATION_FAILED', { field: 'choiceId' });
  }
  if (!pending.pages.some((choice) => choice.id === choiceId)) throw new AppError('NOT_FOUND');
  const userToken = await readPendingUserToken(deps.db, deps.env.keyring, userId, pendingId, now);
  if (userToken === undefined) throw new AppError('NOT_FOUND');
  const profile = {
    email: pending.profile.email ?? null,
    name: pending.profile.name ?? null,
    scopes: pending.profile.scopes ?? [],
  };
  const provider = connectProvider(deps.env, platform);
  const account = await providerCall(deps, platform, () =>
    picker.choose(provider, { userToken, choiceId, profile }),
  );
  if (!account) throw new AppError('OAUTH_FAILED', { platform, reason: picker.unavailableReason });
  // In the workspace the connection started in (docs/workspaces.md).
  // The intent of the attempt that made the pending row ("Conectar outra conta"), never the caller's.
  const another = pending.profile.another === true;
  const saved = await saveConnectedAccount(deps, {
    userId,
    workspaceId: pending.workspace_id,
    platform,
    account,
    now,
    another,
  });
  await deletePendingConnection(deps.db, userId, pendingId);
  return { ...account, platform, alreadyConnected: another && saved.alreadyConnected };
}
