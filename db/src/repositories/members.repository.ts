// Members of a workspace and invitations to it (issue 25, items 2–3; docs/workspaces.md). Every
// change of membership runs in one transaction that first locks the workspace's row, so changes to
// one workspace's members happen one at a time: two owners demoting each other at once cannot
// leave it without an owner, and the caller's own role is read again under the lock (a fence).
import { AppError, type WorkspaceRole } from '@pauta/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.js';

export interface MemberRow {
  userId: string;
  email: string;
  name: string | null;
  role: WorkspaceRole;
  since: Date;
}

function fullName(first: string | null, last: string | null): string | null {
  const name = [first, last].filter(Boolean).join(' ').trim();
  return name === '' ? null : name;
}

/** The members of a workspace: owners first, then by name (or email), with when they joined. */
export async function listMembers(db: Kysely<Database>, workspaceId: string): Promise<MemberRow[]> {
  const rows = await db
    .selectFrom('workspace_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('profiles as p', 'p.id', 'm.user_id')
    .select(['m.user_id', 'u.email', 'p.first_name', 'p.last_name', 'm.role', 'm.created_at'])
    .where('m.workspace_id', '=', workspaceId)
    .orderBy((eb) => eb.case().when('m.role', '=', 'owner').then(0).else(1).end())
    .orderBy('m.created_at')
    .orderBy('m.user_id')
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    email: r.email,
    name: fullName(r.first_name, r.last_name),
    role: r.role,
    since: r.created_at,
  }));
}

interface Locked {
  trx: Transaction<Database>;
  /** The user whose personal workspace this is (null for a created one). */
  personalOf: string | null;
  workspaceName: string;
}

/**
 * Runs `work` with the workspace's row locked (every membership change of the workspace waits for
 * the previous one). WORKSPACE_UNAVAILABLE when the workspace is gone.
 */
async function withWorkspaceLocked<T>(
  db: Kysely<Database>,
  workspaceId: string,
  work: (locked: Locked) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const workspace = await trx
      .selectFrom('workspaces')
      .select(['personal_of', 'name'])
      .where('id', '=', workspaceId)
      .forUpdate()
      .executeTakeFirst();
    if (!workspace) throw new AppError('WORKSPACE_UNAVAILABLE');
    return work({ trx, personalOf: workspace.personal_of, workspaceName: workspace.name });
  });
}

async function roleOf(trx: Kysely<Database>, workspaceId: string, userId: string) {
  const row = await trx
    .selectFrom('workspace_members')
    .select('role')
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role;
}

async function ownerCount(trx: Kysely<Database>, workspaceId: string): Promise<number> {
  const row = await trx
    .selectFrom('workspace_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The caller, read again under the lock, must still be an owner (FORBIDDEN; gone: UNAVAILABLE). */
async function assertStillOwner(trx: Kysely<Database>, workspaceId: string, actorId: string) {
  const role = await roleOf(trx, workspaceId, actorId);
  if (!role) throw new AppError('WORKSPACE_UNAVAILABLE');
  if (role !== 'owner') throw new AppError('FORBIDDEN');
}

/**
 * Whether `userId` may stop being an owner (be demoted, removed, leave): never the person of a
 * personal workspace, never the last owner.
 */
async function assertMayStopOwning(locked: Locked, workspaceId: string, userId: string, role: WorkspaceRole) {
  if (locked.personalOf === userId) throw new AppError('CONFLICT', { reason: 'PERSONAL_OWNER' });
  if (role === 'owner' && (await ownerCount(locked.trx, workspaceId)) <= 1)
    throw new AppError('CONFLICT', { reason: 'LAST_OWNER' });
}

async function setRole(trx: Kysely<Database>, workspaceId: string, userId: string, role: WorkspaceRole) {
  const result = await trx
    .updateTable('workspace_members')
    .set({ role, updated_at: new Date() })
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError('NOT_FOUND');
}

/** An owner changes a member's role. NOT_FOUND for a non-member; the same role changes nothing. */
export async function changeMemberRole(
  db: Kysely<Database>,
  input: { workspaceId: string; actorId: string; userId: string; role: WorkspaceRole },
): Promise<{ changed: boolean }> {
  return withWorkspaceLocked(db, input.workspaceId, async (locked) => {
    await assertStillOwner(locked.trx, input.workspaceId, input.actorId);
    const current = await roleOf(locked.trx, input.workspaceId, input.userId);
    if (!current) throw new AppError('NOT_FOUND');
    if (current === input.role) return { changed: false };
    if (current === 'owner') await assertMayStopOwning(locked, input.workspaceId, input.userId, current);
    await setRole(locked.trx, input.workspaceId, input.userId, input.role);
    return { changed: true };
  });
}

/** Removes a member (an owner removing someone, or a member leaving: actorId = userId). */
async function deleteMembership(
  db: Kysely<Database>,
  input: { workspaceId: string; actorId: string; userId: string },
): Promise<{ removed: boolean; workspaceName: string }> {
  return withWorkspaceLocked(db, input.workspaceId, async (locked) => {
    const leaving = input.actorId === input.userId;
    if (!leaving) await assertStillOwner(locked.trx, input.workspaceId, input.actorId);
    const current = await roleOf(locked.trx, input.workspaceId, input.userId);
    if (!current) {
      if (leaving) throw new AppError('WORKSPACE_UNAVAILABLE');
      return { removed: false, workspaceName: locked.workspaceName };
    }
    await assertMayStopOwning(locked, input.workspaceId, input.userId, current);
    await locked.trx
      .deleteFrom('workspace_members')
      .where('workspace_id', '=', input.workspaceId)
      .where('user_id', '=', input.userId)
      .execute();
    return { removed: true, workspaceName: locked.workspaceName };
  });
}

/** An owner removes a member; removing someone who already left changes nothing. */
export function removeMember(
  db: Kysely<Database>,
  input: { workspaceId: string; actorId: string; userId: string },
): Promise<{ removed: boolean; workspaceName: string }> {
  return deleteMembership(db, input);
}

/** The caller leaves the workspace (not its last owner, not their personal one). */
export function leaveWorkspace(
  db: Kysely<Database>,
  input: { workspaceId: string; userId: string },
): Promise<{ removed: boolean; workspaceName: string }> {
  return deleteMembership(db, { ...input, actorId: input.userId });
}

/**
 * The caller hands the ownership to another member: the member becomes an owner and the caller an
 * editor, in one transaction. Never in a personal workspace (its person stays its owner).
 */
export async function transferOwnership(
  db: Kysely<Database>,
  input: { workspaceId: string; actorId: string; userId: string },
): Promise<void> {
  if (input.actorId === input.userId) throw new AppError('VALIDATION_FAILED', { field: 'userId' });
  await withWorkspaceLocked(db, input.workspaceId, async (locked) => {
    await assertStillOwner(locked.trx, input.workspaceId, input.actorId);
    // A person who is not a member is not found, whatever the workspace (ids are not probed).
    const target = await roleOf(locked.trx, input.workspaceId, input.userId);
    if (!target) throw new AppError('NOT_FOUND');
    if (locked.personalOf !== null) throw new AppError('CONFLICT', { reason: 'PERSONAL_OWNER' });
    if (target !== 'owner') await setRole(locked.trx, input.workspaceId, input.userId, 'owner');
    await setRole(locked.trx, input.workspaceId, input.actorId, 'editor');
  });
}

// ——— Invitations ———

export interface InvitationRow {
  id: string;
  workspaceId: string;
  workspaceName: string;
  email: string;
  role: Exclude<WorkspaceRole, 'owner'>;
  secretHash: Uint8Array;
  invitedBy: string | null;
  inviterName: string | null;
  inviterEmail: string | null;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  acceptedBy: string | null;
  revokedAt: Date | null;
}

function invitationQuery(db: Kysely<Database>) {
  return db
    .selectFrom('workspace_invitations as i')
    .innerJoin('workspaces as w', 'w.id', 'i.workspace_id')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .leftJoin('profiles as p', 'p.id', 'i.invited_by')
    .select([
      'i.id',
      'i.workspace_id',
      'w.name as workspace_name',
      'i.email',
      'i.role',
      'i.secret_hash',
      'i.invited_by',
      'p.first_name',
      'p.last_name',
      'u.email as inviter_email',
      'i.created_at',
      'i.expires_at',
      'i.accepted_at',
      'i.accepted_by',
      'i.revoked_at',
    ]);
}

type InvitationSelect = Awaited<ReturnType<ReturnType<typeof invitationQuery>['executeTakeFirstOrThrow']>>;

function toInvitation(r: InvitationSelect): InvitationRow {
  return {
    id: r.id,
    workspaceId: r.workspace_id,
    workspaceName: r.workspace_name,
    email: r.email,
    role: r.role,
    secretHash: r.secret_hash,
    invitedBy: r.invited_by,
    inviterName: fullName(r.first_name, r.last_name),
    inviterEmail: r.inviter_email,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    acceptedAt: r.accepted_at,
    acceptedBy: r.accepted_by,
    revokedAt: r.revoked_at,
  };
}

export async function findInvitation(db: Kysely<Database>, id: string): Promise<InvitationRow | undefined> {
  const row = await invitationQuery(db).where('i.id', '=', id).executeTakeFirst();
  return row ? toInvitation(row) : undefined;
}

/** The open (neither accepted nor revoked) invitations of a workspace, newest first; expired ones too. */
export async function listOpenInvitations(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<InvitationRow[]> {
  const rows = await invitationQuery(db)
    .where('i.workspace_id', '=', workspaceId)
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id')
    .execute();
  return rows.map(toInvitation);
}

/**
 * A new invitation (by an owner, read again under the lock). The open one for the same email, if
 * any, is revoked in the same transaction ("Reenviar" is a new link: the old one stops working).
 * ALREADY_MEMBER when a member has that email.
 */
export async function createInvitation(
  db: Kysely<Database>,
  input: {
    id: string;
    workspaceId: string;
    actorId: string;
    email: string;
    role: Exclude<WorkspaceRole, 'owner'>;
    secretHash: Uint8Array;
    expiresAt: Date;
    now: Date;
  },
): Promise<{ workspaceName: string }> {
  return withWorkspaceLocked(db, input.workspaceId, async ({ trx, workspaceName }) => {
    await assertStillOwner(trx, input.workspaceId, input.actorId);
    const member = await trx
      .selectFrom('workspace_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('m.user_id')
      .where('m.workspace_id', '=', input.workspaceId)
      .where('u.email', '=', input.email)
      .executeTakeFirst();
    if (member) throw new AppError('CONFLICT', { reason: 'ALREADY_MEMBER' });
    await trx
      .updateTable('workspace_invitations')
      .set({ revoked_at: input.now })
      .where('workspace_id', '=', input.workspaceId)
      .where('email', '=', input.email)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    await trx
      .insertInto('workspace_invitations')
      .values({
        id: input.id,
        workspace_id: input.workspaceId,
        email: input.email,
        role: input.role,
        secret_hash: input.secretHash,
        invited_by: input.actorId,
        expires_at: input.expiresAt,
      })
      .execute();
    return { workspaceName };
  });
}

/** "Revogar": the open invitation stops working; a repeat (or an accepted one) changes nothing. */
export async function revokeInvitation(
  db: Kysely<Database>,
  input: { workspaceId: string; id: string; now: Date },
): Promise<InvitationRow | undefined> {
  await db
    .updateTable('workspace_invitations')
    .set({ revoked_at: input.now })
    .where('id', '=', input.id)
    .where('workspace_id', '=', input.workspaceId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
  const row = await findInvitation(db, input.id);
  return row && row.workspaceId === input.workspaceId ? row : undefined;
}

/**
 * Accepts an invitation as `userId` (whose email is `userEmail`), the link's secret already
 * checked by the caller. The invitation's row is locked, so two accepts at once make one
 * membership. Refusals (VALIDATION_FAILED with a reason): another email, revoked, already used by
 * someone else (or by this person, who was removed since: a used link never lets them back),
 * expired. Accepting again while still a member answers the same (idempotent); a person already in
 * the workspace keeps their role.
 */
export async function acceptInvitation(
  db: Kysely<Database>,
  input: { id: string; userId: string; userEmail: string; now: Date },
): Promise<{ workspaceId: string; workspaceName: string; role: WorkspaceRole }> {
  const refuse = (
    reason:
      | 'INVITATION_INVALID'
      | 'INVITATION_EXPIRED'
      | 'INVITATION_REVOKED'
      | 'INVITATION_USED'
      | 'INVITATION_OTHER_EMAIL',
  ) => new AppError('VALIDATION_FAILED', { reason });
  return db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('workspace_invitations')
      .select('id')
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    const row = locked ? await findInvitation(trx, input.id) : undefined;
    if (!row) throw refuse('INVITATION_INVALID');
    if (row.email !== input.userEmail.toLowerCase()) throw refuse('INVITATION_OTHER_EMAIL');
    if (row.revokedAt) throw refuse('INVITATION_REVOKED');
    const current = await roleOf(trx, row.workspaceId, input.userId);
    if (row.acceptedAt) {
      if (row.acceptedBy === input.userId && current)
        return { workspaceId: row.workspaceId, workspaceName: row.workspaceName, role: current };
      throw refuse('INVITATION_USED');
    }
    if (row.expiresAt.getTime() <= input.now.getTime()) throw refuse('INVITATION_EXPIRED');
    if (!current)
      await trx
        .insertInto('workspace_members')
        .values({ workspace_id: row.workspaceId, user_id: input.userId, role: row.role })
        .execute();
    const spent = await trx
      .updateTable('workspace_invitations')
      .set({ accepted_at: input.now, accepted_by: input.userId })
      .where('id', '=', row.id)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    // Fenced: the row is locked, so this cannot miss; if it ever did, nothing is kept.
    if (Number(spent.numUpdatedRows) !== 1) throw refuse('INVITATION_USED');
    return { workspaceId: row.workspaceId, workspaceName: row.workspaceName, role: current ?? row.role };
  });
}
