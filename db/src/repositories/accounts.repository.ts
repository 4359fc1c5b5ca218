// Connected accounts. The only module that seals and unseals OAuth tokens: every other module
// sees accounts without tokens, or gets plaintext tokens from here for one network call.

import type { AccountStatusReason, Platform } from '@pauta/core';
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import { type Keyring, seal, tokenAad, unseal } from '../crypto.js';
import type { AccountData, Database } from '../schema.js';
import { isDatabaseUnavailable } from '../unavailable.js';

export interface AccountSummary {
  id: string;
  /** The workspace the account publishes for (docs/workspaces.md). */
  workspace_id: string;
  /** Who connected it. */
  user_id: string;
  platform: Platform;
  platform_user_id: string;
  platform_username: string | null;
  account_data: AccountData;
  status: 'active' | 'needs_reconnect';
  status_reason: AccountStatusReason | null;
  limited_until: Date | null;
  expiry_notice_for: Date | null;
  /** Whether a refresh token is stored (never the token itself): core accountHealth's canRefresh. */
  has_refresh_token: boolean;
  is_active: boolean;
  access_token_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface AccountTokens {
  accessToken: string;
  refreshToken: string | null;
  accessTokenExpiresAt: Date | null;
}

const COLUMNS = [
  'id',
  'workspace_id',
  'user_id',
  'platform',
  'platform_user_id',
  'platform_username',
  'account_data',
  'status',
  'status_reason',
  'limited_until',
  'expiry_notice_for',
  'is_active',
  'access_token_expires_at',
  'created_at',
  'updated_at',
] as const;

const hasRefreshToken = sql<boolean>`(refresh_token IS NOT NULL)`.as('has_refresh_token');
const SUMMARY_COLUMNS = [...COLUMNS, hasRefreshToken] as const;

const aad = (id: string, column: 'access_token' | 'refresh_token') =>
  tokenAad('connected_accounts', id, column);

/** The workspace's active accounts, without tokens (Contas Conectadas; spec §7 call 8). */
export async function listActiveAccounts(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<AccountSummary[]> {
  return db
    .selectFrom('connected_accounts')
    .select(SUMMARY_COLUMNS)
    .where('workspace_id', '=', workspaceId)
    .where('is_active', '=', true)
    .orderBy('platform')
    .execute();
}

/**
 * Active accounts on `platforms` with no follower snapshot for `day` yet (the daily snapshot,
 * docs/reports.md "History"), oldest first, at most `limit`.
 */
export async function listAccountsWithoutSnapshot(
  db: Kysely<Database>,
  input: { day: string; platforms: readonly Platform[]; limit: number },
): Promise<AccountSummary[]> {
  if (input.platforms.length === 0) return [];
  return db
    .selectFrom('connected_accounts')
    .select(SUMMARY_COLUMNS)
    .where('is_active', '=', true)
    .where('status', '=', 'active')
    .where('platform', 'in', input.platforms)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('account_follower_snapshots as s')
            .select(sql.lit(1).as('one'))
            .whereRef('s.connected_account_id', '=', 'connected_accounts.id')
            .where('s.day', '=', input.day),
        ),
      ),
    )
    .orderBy('created_at')
    .limit(input.limit)
    .execute();
}

/** Every account a user ever connected, active or not (erasing a user revokes them all). */
export async function listUserAccounts(db: Kysely<Database>, userId: string): Promise<AccountSummary[]> {
  return db.selectFrom('connected_accounts').select(SUMMARY_COLUMNS).where('user_id', '=', userId).execute();
}

/**
 * What names a post's account: its workspace, its network and its own account (null = not chosen).
 * Every place that needs a post's account resolves it with `resolvePostAccount` over these fields.
 */
export interface PostAccountRef {
  workspace_id: string;
  platform: Platform;
  connected_account_id: string | null;
}

/**
 * THE rule for a post's account (docs/workspaces.md "Several accounts of one network"): its
 * `connected_account_id` while that account is active in the post's workspace (disconnected: none,
 * never another one); without one, the workspace's only active account of the network (none when
 * there are several: the person picks in Editar Post). `candidates` are active accounts; any
 * others are ignored. Read, never guessed.
 */
export function resolvePostAccount<
  A extends { id: string; workspace_id: string; platform: Platform; is_active: boolean },
>(post: PostAccountRef, candidates: readonly A[]): A | undefined {
  const active = candidates.filter(
    (a) => a.is_active && a.workspace_id === post.workspace_id && a.platform === post.platform,
  );
  if (post.connected_account_id !== null) return active.find((a) => a.id === post.connected_account_id);
  return active.length === 1 ? active[0] : undefined;
}

/** A post's account, without tokens (resolvePostAccount). */
export async function findPostAccount(
  db: Kysely<Database>,
  post: PostAccountRef,
): Promise<AccountSummary | undefined> {
  const rows = await db
    .selectFrom('connected_accounts')
    .select(SUMMARY_COLUMNS)
    .where('workspace_id', '=', post.workspace_id)
    .where('platform', '=', post.platform)
    .where('is_active', '=', true)
    .execute();
  return resolvePostAccount(post, rows);
}

export interface UpsertAccountInput {
  /** The workspace the account is connected in; omitted: the person's personal one (docs/workspaces.md). */
  workspaceId?: string;
  /** Who connects it (user_id); the workspace's member. */
  userId: string;
  platform: Platform;
  platformUserId: string;
  platformUsername: string | null;
  accountData: AccountData;
  accessToken: string;
  /** null = the provider issued none this time: the stored one is kept (never blanked). */
  refreshToken: string | null;
  accessTokenExpiresAt: Date | null;
  /**
   * Whether a different account of the network may join the active one(s) ("Conectar outra conta",
   * docs/workspaces.md "Several accounts of one network"). The data model and the publishing path
   * take several; the connect flow does not offer it until Contas Conectadas and the composer's
   * account picker do, so it leaves this off and a different account is refused.
   */
  allowAnother?: boolean;
}

/**
 * Another account of the same network is active in this workspace and `allowAnother` is off:
 * connecting would add a second one. The caller tells the person (pt-BR) and nothing is written.
 */
export class DifferentAccountError extends Error {
  override name = 'DifferentAccountError';
  constructor(readonly platform: Platform) {
    super(`${platform}: outra conta desta rede já está conectada`);
  }
}

/**
 * Connect or reconnect. A row is one network account in one workspace (workspace, platform,
 * platform_user_id): reconnecting the same account — active, flagged needs_reconnect or
 * disconnected — updates its row in place, so its posts, published history and metrics stay
 * linked; it is reactivated, its health reset (status, reason, limit) and its tokens replaced,
 * but a stored refresh token is never overwritten with an empty one (Postiz PR #1884). A
 * different account while one is active is refused (DifferentAccountError) unless `allowAnother`;
 * then it gets a row of its own beside the active ones (docs/workspaces.md "Several accounts of one
 * network"), as it does after a disconnect. When it joins the one that was
 * alone, the network's posts that named no account are pinned to that one first, so none of them
 * changes account or becomes ambiguous. The workspace's row is locked for the decision, so two
 * callbacks at once cannot both insert.
 */
export async function upsertAccount(
  db: Kysely<Database>,
  keyring: Keyring,
  input: UpsertAccountInput,
): Promise<AccountSummary> {
  const workspaceId = input.workspaceId ?? input.userId;
  return db.transaction().execute(async (trx) => {
    await lockAccountIdentity(trx, input.platform, input.platformUserId);
    await trx.selectFrom('workspaces').select('id').where('id', '=', workspaceId).forNoKeyUpdate().execute();
    const rows = await trx
      .selectFrom('connected_accounts')
      .select(['id', 'platform_user_id', 'is_active'])
      .where('workspace_id', '=', workspaceId)
      .where('platform', '=', input.platform)
      .execute();
    const existing = rows.find((row) => row.platform_user_id === input.platformUserId);
    const others = rows.filter((row) => row.is_active && row.platform_user_id !== input.platformUserId);
    // Reconnecting an active account is always allowed; a different one joins only on request.
    if (others.length > 0 && !existing?.is_active && !input.allowAnother)
      throw new DifferentAccountError(input.platform);
    const alone = others.length === 1 ? others[0] : undefined;
    if (alone && !existing?.is_active)
      await trx
        .updateTable('suggested_posts')
        .set({ connected_account_id: alone.id })
        .where('workspace_id', '=', workspaceId)
        .where('platform', '=', input.platform)
        .where('connected_account_id', 'is', null)
        .execute();
    const now = new Date();
    const account = existing
      ? await trx
          .updateTable('connected_accounts')
          .set({
            platform_username: input.platformUsername,
            account_data: JSON.stringify(input.accountData),
            access_token: seal(keyring, input.accessToken, aad(existing.id, 'access_token')),
            ...(input.refreshToken
              ? { refresh_token: seal(keyring, input.refreshToken, aad(existing.id, 'refresh_token')) }
              : {}),
            access_token_expires_at: input.accessTokenExpiresAt,
            status: 'active',
            status_reason: null,
            limited_until: null,
            is_active: true,
            updated_at: now,
          })
          .where('id', '=', existing.id)
          .returning(SUMMARY_COLUMNS)
          .executeTakeFirstOrThrow()
      : await insertAccountRow(trx, keyring, workspaceId, input);
    // The network's only active account now: the posts not sent yet that named a disconnected
    // account of it go out from this one, as they did when a workspace had one account per network
    // (a person who swaps the account means the new one). Posts in flight or waiting on an unknown
    // outcome keep theirs. With other accounts active, nothing moves: a person picks.
    if (others.length === 0)
      await trx
        .updateTable('suggested_posts')
        .set({ connected_account_id: account.id })
        .where('workspace_id', '=', workspaceId)
        .where('platform', '=', input.platform)
        .where('status', 'in', ['scheduled', 'draft', 'failed', 'missed'])
        .where('connected_account_id', '<>', account.id)
        .where((eb) =>
          eb(
            'connected_account_id',
            'in',
            eb
              .selectFrom('connected_accounts')
              .select('id')
              .where('workspace_id', '=', workspaceId)
              .where('platform', '=', input.platform)
              .where('is_active', '=', false),
          ),
        )
        .execute();
    return account;
  });
}

/**
 * Serialises everything that decides about one network account across workspaces (connecting,
 * disconnecting, revoking at the network): a transaction-scoped advisory lock on
 * `platform:platform_user_id`, so two operations at once cannot both decide "I am the last one"
 * (docs/workspaces.md, "The same network account in two workspaces").
 */
export async function lockAccountIdentity(
  trx: Transaction<Database>,
  platform: Platform,
  platformUserId: string,
): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`${platform}:${platformUserId}`}))`.execute(trx);
}

/**
 * The other workspaces where the same network account (platform, platform_user_id) is active,
 * besides `exceptWorkspaceId`, as `viewerId` may see them: names only of the workspaces the viewer
 * is a member of, a count of the others.
 */
export async function listOtherActiveConnections(
  db: Kysely<Database>,
  input: { platform: Platform; platformUserId: string; exceptWorkspaceId: string; viewerId: string },
): Promise<{ names: string[]; hidden: number }> {
  const rows = await db
    .selectFrom('connected_accounts as a')
    .innerJoin('workspaces as w', 'w.id', 'a.workspace_id')
    .leftJoin('workspace_members as m', (join) =>
      join.onRef('m.workspace_id', '=', 'a.workspace_id').on('m.user_id', '=', input.viewerId),
    )
    .select(['a.workspace_id', 'w.name', 'm.user_id as member'])
    .where('a.platform', '=', input.platform)
    .where('a.platform_user_id', '=', input.platformUserId)
    .where('a.is_active', '=', true)
    .where('a.workspace_id', '<>', input.exceptWorkspaceId)
    .execute();
  const named = new Set<string>();
  const hidden = new Set<string>();
  for (const row of rows) (row.member ? named : hidden).add(row.member ? row.name : row.workspace_id);
  return { names: [...named].sort((a, b) => a.localeCompare(b, 'pt-BR')), hidden: hidden.size };
}

/**
 * Soft disconnect (spec §4): is_active false; tokens stay sealed for a later reconnect. Under the
 * account identity's lock; answers the account's identity and whether it is still active in
 * another workspace (then nothing may be revoked at the network), or null when there was no such
 * active account in the workspace.
 */
export async function deactivateAccount(
  db: Kysely<Database>,
  workspaceId: string,
  accountId: string,
): Promise<{ platform: Platform; platformUserId: string; activeElsewhere: boolean } | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('connected_accounts')
      .select(['platform', 'platform_user_id'])
      .where('id', '=', accountId)
      .where('workspace_id', '=', workspaceId)
      .where('is_active', '=', true)
      .executeTakeFirst();
    if (!row) return null;
    await lockAccountIdentity(trx, row.platform, row.platform_user_id);
    const result = await trx
      .updateTable('connected_accounts')
      .set({ is_active: false, updated_at: new Date() })
      .where('id', '=', accountId)
      .where('workspace_id', '=', workspaceId)
      .where('is_active', '=', true)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return null;
    return {
      platform: row.platform,
      platformUserId: row.platform_user_id,
      activeElsewhere: await isActiveAnywhere(trx, row),
    };
  });
}

/** Whether the network account is still active in some row (read under its identity's lock). */
async function isActiveAnywhere(
  trx: Transaction<Database>,
  identity: { platform: Platform; platform_user_id: string },
): Promise<boolean> {
  const row = await trx
    .selectFrom('connected_accounts')
    .select('id')
    .where('platform', '=', identity.platform)
    .where('platform_user_id', '=', identity.platform_user_id)
    .where('is_active', '=', true)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Erasing a user (admin): under the account identity's lock, deactivates the row and runs
 * `decide` knowing whether the same network account is still active in another row; the lock is
 * held while `decide` runs (the network's revoke), so of two at once exactly the last one sees
 * no other active row.
 */
export async function deactivateUserAccountLocked(
  db: Kysely<Database>,
  accountId: string,
  decide: (state: { activeElsewhere: boolean }) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('connected_accounts')
      .select(['platform', 'platform_user_id'])
      .where('id', '=', accountId)
      .executeTakeFirst();
    if (!row) return;
    await lockAccountIdentity(trx, row.platform, row.platform_user_id);
    await trx
      .updateTable('connected_accounts')
      .set({ is_active: false, updated_at: new Date() })
      .where('id', '=', accountId)
      .execute();
    await decide({ activeElsewhere: await isActiveAnywhere(trx, row) });
  });
}

/**
 * A post's account (resolvePostAccount) with its plaintext tokens, in one query (the worker's hot
 * path). Never log or return the tokens.
 */
export async function findPostAccountWithTokens(
  db: Kysely<Database>,
  keyring: Keyring,
  post: PostAccountRef,
): Promise<{ account: AccountSummary; tokens: AccountTokens } | undefined> {
  const [found] = await findPostAccountsWithTokens(db, keyring, [post]);
  return found;
}

/**
 * findPostAccountWithTokens for many posts in one query (the worker's batched hot path); answers
 * aligned with `posts`. Never log or return the tokens.
 */
export async function findPostAccountsWithTokens(
  db: Kysely<Database>,
  keyring: Keyring,
  posts: readonly PostAccountRef[],
): Promise<({ account: AccountSummary; tokens: AccountTokens } | undefined)[]> {
  if (posts.length === 0) return [];
  const workspaceIds = [...new Set(posts.map((k) => k.workspace_id))];
  const platforms = [...new Set(posts.map((k) => k.platform))];
  const rows = await db
    .selectFrom('connected_accounts')
    .select([...COLUMNS, 'access_token', 'refresh_token'])
    .where('workspace_id', 'in', workspaceIds)
    .where('platform', 'in', platforms)
    .where('is_active', '=', true)
    .execute();
  return posts.map((post) => {
    const row = resolvePostAccount(post, rows);
    if (!row) return undefined;
    const { access_token, refresh_token, ...account } = row;
    return {
      account: { ...account, has_refresh_token: refresh_token !== null },
      tokens: unsealRow(keyring, {
        id: row.id,
        access_token,
        refresh_token,
        access_token_expires_at: row.access_token_expires_at,
      }),
    };
  });
}

/** Plaintext tokens of one account, for one network call. Never log or return them. */
export async function readAccountTokens(
  db: Kysely<Database>,
  keyring: Keyring,
  accountId: string,
): Promise<AccountTokens> {
  const row = await db
    .selectFrom('connected_accounts')
    .select(['id', 'access_token', 'refresh_token', 'access_token_expires_at'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return unsealRow(keyring, row);
}

function unsealRow(
  keyring: Keyring,
  row: {
    id: string;
    access_token: string;
    refresh_token: string | null;
    access_token_expires_at: Date | null;
  },
): AccountTokens {
  return {
    accessToken: unseal(keyring, row.access_token, aad(row.id, 'access_token')),
    refreshToken: row.refresh_token ? unseal(keyring, row.refresh_token, aad(row.id, 'refresh_token')) : null,
    accessTokenExpiresAt: row.access_token_expires_at,
  };
}

/**
 * Single-flight token refresh (docs/reliability.md W9): locks the account row, re-reads the tokens, and
 * calls `refresh` only if they still expire within `marginMs`; concurrent callers wait on the lock
 * and then see the fresh token. `refresh` returning null refresh token keeps the stored one.
 */
export async function refreshTokensLocked(
  db: Kysely<Database>,
  keyring: Keyring,
  accountId: string,
  options: {
    now: Date;
    marginMs: number;
    /** The access token a network just refused (401): refresh unless another caller already did. */
    rejectedAccessToken?: string;
    refresh: (tokens: AccountTokens) => Promise<AccountTokens>;
    /** How long new tokens are retried when PostgreSQL goes away before they are saved (30 s). */
    persistForMs?: number;
  },
): Promise<{ tokens: AccountTokens; refreshed: boolean }> {
  // The network's answer, once it has one: kept outside the transaction, because a network that
  // rotates refresh tokens (X) has already revoked the stored one when PostgreSQL goes away
  // before the commit (issue 24) — losing the answer would leave the account needing a reconnect.
  let fresh: AccountTokens | null = null;
  const columns = (tokens: AccountTokens) => ({
    access_token: seal(keyring, tokens.accessToken, aad(accountId, 'access_token')),
    ...(tokens.refreshToken
      ? { refresh_token: seal(keyring, tokens.refreshToken, aad(accountId, 'refresh_token')) }
      : {}),
    access_token_expires_at: tokens.accessTokenExpiresAt,
    status: 'active' as const,
    status_reason: null,
    updated_at: new Date(),
  });
  try {
    return await db.transaction().execute(async (trx: Transaction<Database>) => {
      const row = await trx
        .selectFrom('connected_accounts')
        .select(['id', 'access_token', 'refresh_token', 'access_token_expires_at'])
        .where('id', '=', accountId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const tokens = unsealRow(keyring, row);
      const expiresAt = tokens.accessTokenExpiresAt?.getTime();
      const rejected =
        options.rejectedAccessToken !== undefined && tokens.accessToken === options.rejectedAccessToken;
      const expiring = expiresAt !== undefined && expiresAt - options.now.getTime() <= options.marginMs;
      if (!rejected && !expiring) return { tokens, refreshed: false };
      const answer = await options.refresh(tokens);
      fresh = { ...answer, refreshToken: answer.refreshToken ?? tokens.refreshToken };
      await trx.updateTable('connected_accounts').set(columns(answer)).where('id', '=', row.id).execute();
      return { tokens: fresh, refreshed: true };
    });
  } catch (error) {
    const issued: AccountTokens | null = fresh;
    if (issued === null || !isDatabaseUnavailable(error)) throw error;
    // PostgreSQL went away between the network's answer and the commit: write the new tokens as
    // soon as it is back (the same values: harmless if the commit did land after all).
    await persistThroughOutage(
      () => db.updateTable('connected_accounts').set(columns(issued)).where('id', '=', accountId).execute(),
      options.persistForMs ?? 30_000,
    );
    return { tokens: issued, refreshed: true };
  }
}

/**
 * Retries a write that met PostgreSQL away, every 250 ms for at most `forMs`: often, because once
 * PostgreSQL is back another worker may lock the row, find the old tokens expiring and refresh
 * with the revoked refresh token; the sooner the new ones are in, the smaller that window.
 */
async function persistThroughOutage(write: () => Promise<unknown>, forMs: number): Promise<void> {
  const deadline = Date.now() + forMs;
  for (;;) {
    try {
      await write();
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + PERSIST_RETRY_MS > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, PERSIST_RETRY_MS));
    }
  }
}

const PERSIST_RETRY_MS = 250;

/** Flags an active account: its posts fail with ACCOUNT_NEEDS_RECONNECT until it is reconnected. */
export async function markNeedsReconnect(
  db: Kysely<Database>,
  accountId: string,
  reason: AccountStatusReason = 'expired',
): Promise<boolean> {
  const result = await db
    .updateTable('connected_accounts')
    .set({ status: 'needs_reconnect', status_reason: reason, updated_at: new Date() })
    .where('id', '=', accountId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The network limited this account (HTTP 429) until `until`: shown as "limited by the network"
 * while it lies ahead. Only moves forward, so an older answer arriving late changes nothing.
 */
export async function markLimited(db: Kysely<Database>, accountId: string, until: Date): Promise<boolean> {
  const result = await db
    .updateTable('connected_accounts')
    .set({ limited_until: until })
    .where('id', '=', accountId)
    .where((eb) => eb.or([eb('limited_until', 'is', null), eb('limited_until', '<', until)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

interface ExpiryWindow {
  before: Date;
  now: Date;
  noRefreshPlatforms: readonly Platform[];
}

/**
 * An active account whose token expires inside [now, before), cannot be renewed (no refresh
 * token, or a network without refresh) and whose current expiry was not announced yet: the one
 * condition of the candidates' list and of the claim's re-check.
 */
function expiryNoticeDue(options: ExpiryWindow) {
  return (eb: ExpressionBuilder<Database, 'connected_accounts'>) =>
    eb.and([
      eb('is_active', '=', true),
      eb('status', '=', 'active'),
      eb('access_token_expires_at', '<', options.before),
      eb('access_token_expires_at', '>', options.now),
      eb.or([
        eb('refresh_token', 'is', null),
        ...(options.noRefreshPlatforms.length > 0
          ? [eb('platform', 'in', [...options.noRefreshPlatforms])]
          : []),
      ]),
      sql<boolean>`expiry_notice_for IS DISTINCT FROM access_token_expires_at`,
    ]);
}

/**
 * Active accounts whose token cannot be renewed (no refresh token stored, or a network without
 * refresh: `platforms`) expiring before `before`, whose notice for this expiry was not sent yet.
 */
export async function listExpiryNoticeCandidates(
  db: Kysely<Database>,
  options: ExpiryWindow & { limit?: number },
): Promise<AccountSummary[]> {
  return db
    .selectFrom('connected_accounts')
    .select(SUMMARY_COLUMNS)
    .where(expiryNoticeDue(options))
    .orderBy('access_token_expires_at')
    .limit(options.limit ?? 500)
    .execute();
}

/**
 * Claims the expiry notice of one account: sets expiry_notice_for to the account's current
 * expiry, if that expiry is still inside the window [now, before), still cannot be renewed and
 * was not announced yet; returns the expiry claimed, or null. Exactly one caller gets it (the
 * conditional UPDATE re-checks its WHERE after waiting on another's row lock); a reconnect in
 * between (a new expiry outside the window) makes it null. The expiry is compared in SQL, never
 * round-tripped through a JS Date (microseconds). Runs in the caller's transaction, so the email
 * queued with it commits or rolls back together.
 */
export async function claimExpiryNotice(
  db: Kysely<Database> | Transaction<Database>,
  accountId: string,
  options: ExpiryWindow,
): Promise<Date | null> {
  const row = await db
    .updateTable('connected_accounts')
    .set({ expiry_notice_for: sql`access_token_expires_at` })
    .where('id', '=', accountId)
    .where(expiryNoticeDue(options))
    .returning('access_token_expires_at')
    .executeTakeFirst();
  return row?.access_token_expires_at ?? null;
}

/** Accounts whose access token expires before `before` (the 15-minute token sweep). */
export async function listExpiringAccounts(
  db: Kysely<Database>,
  before: Date,
  limit = 500,
): Promise<AccountSummary[]> {
  return db
    .selectFrom('connected_accounts')
    .select(SUMMARY_COLUMNS)
    .where('is_active', '=', true)
    .where('status', '=', 'active')
    .where('refresh_token', 'is not', null)
    .where('access_token_expires_at', '<', before)
    .orderBy('access_token_expires_at')
    .limit(limit)
    .execute();
}

/** Re-seals every token with the active key (`npm run rotate-keys`). Returns rows rewritten. */
export async function resealAllTokens(db: Kysely<Database>, keyring: Keyring): Promise<number> {
  const rows = await db
    .selectFrom('connected_accounts')
    .select(['id', 'access_token', 'refresh_token'])
    .execute();
  let rewritten = 0;
  for (const row of rows) {
    const access = unseal(keyring, row.access_token, aad(row.id, 'access_token'));
    const refresh = row.refresh_token
      ? unseal(keyring, row.refresh_token, aad(row.id, 'refresh_token'))
      : null;
    await db
      .updateTable('connected_accounts')
      .set({
        access_token: seal(keyring, access, aad(row.id, 'access_token')),
        refresh_token: refresh ? seal(keyring, refresh, aad(row.id, 'refresh_token')) : null,
      })
      .where('id', '=', row.id)
      .execute();
    rewritten++;
  }
  return rewritten;
}

/** A new connected account's row, its tokens sealed under its own id (upsertAccount). */
async function insertAccountRow(
  trx: Kysely<Database>,
  keyring: Keyring,
  workspaceId: string,
  input: UpsertAccountInput,
): Promise<AccountSummary> {
  // The id is needed for the AAD before the insert: generate it here.
  const id = crypto.randomUUID();
  return trx
    .insertInto('connected_accounts')
    .values({
      id,
      workspace_id: workspaceId,
      user_id: input.userId,
      platform: input.platform,
      platform_user_id: input.platformUserId,
      platform_username: input.platformUsername,
      account_data: JSON.stringify(input.accountData),
      access_token: seal(keyring, input.accessToken, aad(id, 'access_token')),
      refresh_token: input.refreshToken ? seal(keyring, input.refreshToken, aad(id, 'refresh_token')) : null,
      access_token_expires_at: input.accessTokenExpiresAt,
    })
    .returning(SUMMARY_COLUMNS)
    .executeTakeFirstOrThrow();
}
