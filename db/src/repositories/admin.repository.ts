// Administration (spec §6, §7 calls 9 and 12): users with their role, role changes that never
// remove the last administrator, profile edits (the profile email is the sign-in email too),
// headline stats, settings and the data-deletion requests (erasing a user's data).

import { AppError, type DeletionRequestStatus, type Role } from '@pauta/core';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { AdminSetting, Database, SettingValue } from '../schema.js';
import { setRole } from './users.repository.js';

export interface UserListRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  created_at: Date;
  role: Role;
}

/** `text` with LIKE's wildcards and escape character escaped (PostgreSQL's default escape is `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Profiles with their role, newest first, optionally matching `search` in name or email. */
export async function listUsersWithRoles(
  db: Kysely<Database>,
  options: { search?: string | undefined; offset: number; limit: number },
): Promise<{ rows: UserListRow[]; total: number }> {
  const search = options.search?.trim();
  const pattern = search ? `%${escapeLike(search)}%` : null;
  let rowsQuery = db
    .selectFrom('profiles as p')
    .leftJoin('user_roles as r', 'r.user_id', 'p.id')
    .select(['p.id', 'p.first_name', 'p.last_name', 'p.email', 'p.created_at', 'r.role']);
  let countQuery = db.selectFrom('profiles as p').select((eb) => eb.fn.countAll<number>().as('n'));
  if (pattern) {
    rowsQuery = rowsQuery.where((eb) =>
      eb.or([
        eb('p.email', 'ilike', pattern),
        eb(sql<string>`concat_ws(' ', p.first_name, p.last_name)`, 'ilike', pattern),
      ]),
    );
    countQuery = countQuery.where((eb) =>
      eb.or([
        eb('p.email', 'ilike', pattern),
        eb(sql<string>`concat_ws(' ', p.first_name, p.last_name)`, 'ilike', pattern),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    rowsQuery
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .offset(options.offset)
      .limit(options.limit)
      .execute(),
    countQuery.executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, role: row.role ?? 'user' })),
    total: Number(count.n),
  };
}

export type RoleChangeResult = 'changed' | 'unchanged' | 'not_found' | 'last_admin';

/**
 * Spec §4 role change (delete + insert, sessions revoked) in one transaction. Demoting an
 * administrator counts the administrators with their role rows locked (FOR UPDATE), so two
 * concurrent demotions cannot both pass and leave the installation without one.
 */
export async function changeUserRole(
  db: Kysely<Database>,
  userId: string,
  role: Role,
  /** The session that asked (a self-demotion keeps it: the person stays signed in as a user). */
  keepSessionId?: string,
): Promise<RoleChangeResult> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!user) return 'not_found';
    const admins = await lockAdmins(trx);
    const isAdmin = admins.some((admin) => admin.user_id === userId);
    if ((role === 'admin') === isAdmin) return 'unchanged';
    if (isAdmin && admins.length <= 1) return 'last_admin';
    await setRole(trx, userId, role, keepSessionId);
    return 'changed';
  });
}

export type ProfileUpdateResult = 'updated' | 'not_found' | 'email_taken';

/** First name, last name and email of a profile; the email is also the user's sign-in email. */
export async function updateUserProfile(
  db: Kysely<Database>,
  userId: string,
  fields: { firstName: string | null; lastName: string | null; email: string },
): Promise<ProfileUpdateResult> {
  const email = fields.email.trim().toLowerCase();
  try {
    return await db.transaction().execute(async (trx) => {
      const taken = await trx
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .where('id', '!=', userId)
        .executeTakeFirst();
      if (taken) return 'email_taken';
      const user = await trx
        .updateTable('users')
        .set({ email })
        .where('id', '=', userId)
        .returning('id')
        .executeTakeFirst();
      if (!user) return 'not_found';
      await trx
        .updateTable('profiles')
        .set({ first_name: fields.firstName, last_name: fields.lastName, email })
        .where('id', '=', userId)
        .execute();
      return 'updated';
    });
  } catch (error) {
    // Two edits racing for one email: the unique index on users.email decides.
    if (String((error as { code?: string }).code) === '23505') return 'email_taken';
    throw error;
  }
}

export interface AdminStatsRanges {
  /** Start of today in the admin's zone. */
  todayStart: Date;
  /** Start of tomorrow in the admin's zone. */
  tomorrowStart: Date;
  newUsersSince: Date;
  failuresSince: Date;
}

export interface AdminStats {
  users: number;
  newUsers30d: number;
  scheduledToday: number;
  publishedToday: number;
  failures24h: number;
}

export async function adminStats(db: Kysely<Database>, ranges: AdminStatsRanges): Promise<AdminStats> {
  const [users, scheduled, published, failures] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.count<number>('id').filterWhere('created_at', '>=', ranges.newUsersSince).as('recent'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('suggested_posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('scheduled_for', '>=', ranges.todayStart)
      .where('scheduled_for', '<', ranges.tomorrowStart)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('published_posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('published_at', '>=', ranges.todayStart)
      .where('published_at', '<', ranges.tomorrowStart)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('publishing_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'error')
      .where('attempted_at', '>=', ranges.failuresSince)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    users: Number(users.total),
    newUsers30d: Number(users.recent),
    scheduledToday: Number(scheduled.n),
    publishedToday: Number(published.n),
    failures24h: Number(failures.n),
  };
}

// ---- settings --------------------------------------------------------------------------------

export async function findSetting(db: Kysely<Database>, key: string): Promise<AdminSetting | undefined> {
  return db.selectFrom('admin_settings').selectAll().where('setting_key', '=', key).executeTakeFirst();
}

/** Spec §7 call 12: update setting_value by setting_key; undefined when the key does not exist. */
export async function updateSettingValue(
  db: Kysely<Database>,
  key: string,
  value: SettingValue,
): Promise<AdminSetting | undefined> {
  return db
    .updateTable('admin_settings')
    .set({ setting_value: JSON.stringify(value), updated_at: new Date() })
    .where('setting_key', '=', key)
    .returningAll()
    .executeTakeFirst();
}

// ---- data-deletion requests ------------------------------------------------------------------

export interface DeletionRequestRow {
  id: string;
  user_id: string | null;
  email: string | null;
  reason: string;
  status: DeletionRequestStatus;
  created_at: Date;
  processed_at: Date | null;
  confirmed_at: Date | null;
  confirmed_by: 'session' | 'email' | null;
  confirm_expires_at: Date | null;
  first_name: string | null;
  last_name: string | null;
}

export async function listDeletionRequests(
  db: Kysely<Database>,
  options: { status?: DeletionRequestStatus | undefined; limit: number },
): Promise<DeletionRequestRow[]> {
  let query = db
    .selectFrom('data_deletion_requests as d')
    .leftJoin('profiles as p', 'p.id', 'd.user_id')
    .select([
      'd.id',
      'd.user_id',
      'd.email',
      'd.reason',
      'd.status',
      'd.created_at',
      'd.processed_at',
      'd.confirmed_at',
      'd.confirmed_by',
      'd.confirm_expires_at',
      'p.first_name',
      'p.last_name',
    ]);
  if (options.status) query = query.where('d.status', '=', options.status);
  return query.orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').limit(options.limit).execute();
}

/** A new request: `confirmedBy: 'session'` when its owner made it signed in, else unconfirmed. */
export async function insertDeletionRequest(
  db: Kysely<Database>,
  request: {
    userId: string | null;
    email: string | null;
    reason: string;
    confirmedBy: 'session' | null;
    now: Date;
  },
): Promise<string> {
  const row = await db
    .insertInto('data_deletion_requests')
    .values({
      user_id: request.userId,
      email: request.email,
      reason: request.reason,
      confirmed_at: request.confirmedBy ? request.now : null,
      confirmed_by: request.confirmedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Binds an unconfirmed request to the account its confirmation link is being emailed to. */
export async function attachDeletionConfirmation(
  db: Kysely<Database>,
  requestId: string,
  link: { userId: string; tokenId: string; secretHash: Uint8Array; expiresAt: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('data_deletion_requests')
    .set({
      user_id: link.userId,
      confirm_token_id: link.tokenId,
      confirm_secret_hash: link.secretHash,
      confirm_expires_at: link.expiresAt,
    })
    .where('id', '=', requestId)
    .where('status', '=', 'pending')
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findDeletionConfirmation(db: Kysely<Database>, tokenId: string) {
  return db
    .selectFrom('data_deletion_requests')
    .select(['id', 'confirm_secret_hash', 'confirm_expires_at'])
    .where('confirm_token_id', '=', tokenId)
    .where('status', '=', 'pending')
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
}

/** Spends the link once: true only for the caller that confirmed an unexpired, pending request. */
export async function confirmDeletionRequest(db: Kysely<Database>, tokenId: string, now: Date) {
  const result = await db
    .updateTable('data_deletion_requests')
    .set({ confirmed_at: now, confirmed_by: 'email', confirm_token_id: null, confirm_secret_hash: null })
    .where('confirm_token_id', '=', tokenId)
    .where('status', '=', 'pending')
    .where('confirmed_at', 'is', null)
    .where('confirm_expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

const PENDING_REQUEST_COLUMNS = ['id', 'user_id', 'email', 'confirmed_at'] as const;

/** A pending request (unlocked read); undefined when it is missing or already processed. */
export async function findPendingDeletionRequest(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('data_deletion_requests')
    .select(PENDING_REQUEST_COLUMNS)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** Locks a pending request for processing; undefined when it is missing or already processed. */
export async function lockPendingDeletionRequest(trx: Transaction<Database>, id: string) {
  return trx
    .selectFrom('data_deletion_requests')
    .select(PENDING_REQUEST_COLUMNS)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .forUpdate()
    .executeTakeFirst();
}

/** Closes a pending request; 'completed' only when its owner was proven (confirmed_at). */
export async function markDeletionRequest(
  db: Kysely<Database>,
  id: string,
  status: 'completed' | 'rejected',
  now: Date,
): Promise<boolean> {
  let query = db
    .updateTable('data_deletion_requests')
    .set({ status, processed_at: now, confirm_token_id: null, confirm_secret_hash: null })
    .where('id', '=', id)
    .where('status', '=', 'pending');
  if (status === 'completed') query = query.where('confirmed_at', 'is not', null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether the user is the only administrator (read with the admin role rows locked). */
export async function isLastAdmin(trx: Transaction<Database>, userId: string): Promise<boolean> {
  const admins = await lockAdmins(trx);
  return admins.length === 1 && admins[0]?.user_id === userId;
}

/** The administrators' role rows, locked in id order (two role changes never deadlock). */
function lockAdmins(trx: Transaction<Database>): Promise<{ user_id: string }[]> {
  return trx
    .selectFrom('user_roles')
    .select('user_id')
    .where('role', '=', 'admin')
    .orderBy('user_id')
    .forUpdate()
    .execute();
}

/** Owned tables whose `user_id` (who did it) is handed over when its author's account is erased. */
const AUTHORED_TABLES = [
  'themes',
  'suggested_posts',
  'connected_accounts',
  'published_posts',
  'post_media',
  'post_comments',
  'post_stage_events',
  'post_delivery_events',
  'client_approval_links',
  'live_events',
] as const;

/**
 * A departing member's work stays with the workspace (docs/workspaces.md, "Deleting a person"): in
 * every workspace the user belongs to besides their personal one, the rows they wrote are handed to
 * the workspace's oldest other owner (`user_id` means "who did it" and stays NOT NULL, so every
 * reader keeps working), and the notices addressed to them go. A workspace of which they are the
 * only owner is deleted with them when nobody else is in it; when it has other members the erasure
 * is refused (CONFLICT SOLE_OWNER naming it): an owner must be chosen first.
 */
async function releaseSharedWorkspaces(trx: Transaction<Database>, userId: string): Promise<void> {
  const memberships = await trx
    .selectFrom('workspace_members as m')
    .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
    .select(['w.id', 'w.name'])
    .where('m.user_id', '=', userId)
    .where((eb) => eb.or([eb('w.personal_of', 'is', null), eb('w.personal_of', '<>', userId)]))
    .orderBy('w.name')
    .forUpdate('w')
    .execute();
  for (const workspace of memberships) {
    const others = await trx
      .selectFrom('workspace_members')
      .select(['user_id', 'role'])
      .where('workspace_id', '=', workspace.id)
      .where('user_id', '<>', userId)
      .orderBy('created_at')
      .orderBy('user_id')
      .execute();
    if (others.some((m) => m.role === 'owner')) continue;
    const ownsIt = await trx
      .selectFrom('workspace_members')
      .select('role')
      .where('workspace_id', '=', workspace.id)
      .where('user_id', '=', userId)
      .where('role', '=', 'owner')
      .executeTakeFirst();
    // The only owner, with others in it: refused, an owner must be chosen first. (A member of a
    // workspace without any other owner and not owning it cannot happen: the last owner never leaves.)
    if (!ownsIt || others.length > 0)
      throw new AppError('CONFLICT', { reason: 'SOLE_OWNER', workspaceName: workspace.name });
    // Theirs alone: it goes with them (the rest of its rows cascade from the workspace).
    await trx.deleteFrom('published_posts').where('workspace_id', '=', workspace.id).execute();
    await trx.deleteFrom('suggested_posts').where('workspace_id', '=', workspace.id).execute();
    await trx.deleteFrom('themes').where('workspace_id', '=', workspace.id).execute();
    await trx.deleteFrom('connected_accounts').where('workspace_id', '=', workspace.id).execute();
    await trx.deleteFrom('workspaces').where('id', '=', workspace.id).execute();
  }
  // Every row they wrote outside their personal workspace — including workspaces they left or were
  // removed from — goes to that workspace's oldest owner other than them.
  for (const table of AUTHORED_TABLES)
    await sql`UPDATE ${sql.table(table)} AS t SET user_id = (
        SELECT m.user_id FROM workspace_members m
        WHERE m.workspace_id = t.workspace_id AND m.role = 'owner' AND m.user_id <> ${userId}
        ORDER BY m.created_at, m.user_id LIMIT 1)
      WHERE t.user_id = ${userId} AND t.workspace_id <> ${userId}
        AND EXISTS (SELECT 1 FROM workspace_members m
          WHERE m.workspace_id = t.workspace_id AND m.role = 'owner' AND m.user_id <> ${userId})`.execute(
      trx,
    );
  await trx.deleteFrom('failure_notices').where('user_id', '=', userId).execute();
}

/**
 * Erases a user: their personal workspace's themes, posts, connected accounts (sealed tokens with
 * them) and the workspace itself (docs/workspaces.md; its id is the user's), their memberships,
 * sessions, identities, reset tokens, role, profile, outbox emails and the user. Publishing logs stay for
 * the history without personal data: their text is blanked here and user_id becomes null (FK).
 */
export async function eraseUser(
  trx: Transaction<Database>,
  userId: string,
): Promise<{ email: string } | undefined> {
  const user = await trx
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!user) return undefined;
  await releaseSharedWorkspaces(trx, userId);
  await trx
    .updateTable('publishing_logs')
    .set({ title: '', content: '', image_url: null })
    .where('user_id', '=', userId)
    .execute();
  // The personal workspace, by its indexes (workspace_id leads them); what else it owns (live
  // events, notices, approval links, images) goes with the workspace row below.
  await trx.deleteFrom('published_posts').where('workspace_id', '=', userId).execute();
  await trx.deleteFrom('suggested_posts').where('workspace_id', '=', userId).execute();
  await trx.deleteFrom('themes').where('workspace_id', '=', userId).execute();
  await trx.deleteFrom('pending_connections').where('user_id', '=', userId).execute();
  await trx.deleteFrom('connected_accounts').where('workspace_id', '=', userId).execute();
  await trx.deleteFrom('workspaces').where('personal_of', '=', userId).execute();
  await trx.deleteFrom('workspace_members').where('user_id', '=', userId).execute();
  await trx.deleteFrom('auth_sessions').where('user_id', '=', userId).execute();
  await trx.deleteFrom('oauth_identities').where('user_id', '=', userId).execute();
  await trx.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
  await trx.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  await trx.deleteFrom('profiles').where('id', '=', userId).execute();
  await trx.deleteFrom('email_outbox').where('to_address', '=', user.email).execute();
  await trx.deleteFrom('users').where('id', '=', userId).execute();
  return user;
}
