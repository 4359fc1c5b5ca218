// Workspaces and their members (issue 25; docs/workspaces.md). A person's personal workspace has
// the person's id; the scoped procedure reads a membership here once per request.
import type { WorkspaceRole } from '@pauta/core';
import type { Kysely } from 'kysely';
import { compileOnce } from '../compiled.js';
import type { Database } from '../schema.js';

/**
 * Who writes a root row (a theme, a connected account, an approval link), and in which workspace.
 * A bare user id is that person in their personal workspace (whose id is theirs).
 */
export type Actor = string | { workspaceId: string; userId: string };

export function actorOf(actor: Actor): { workspaceId: string; userId: string } {
  return typeof actor === 'string' ? { workspaceId: actor, userId: actor } : actor;
}

export interface Membership {
  workspaceId: string;
  role: WorkspaceRole;
}

// Read by the scoped procedure on every mutation (and on a GET whose membership is not in memory):
// both statements have one shape, compiled once (db/src/compiled.ts).
const membershipStatement = compileOnce((db, p: { workspaceId: string; userId: string }) =>
  db
    .selectFrom('workspace_members')
    .select(['workspace_id', 'role'])
    .where('workspace_id', '=', p.workspaceId)
    .where('user_id', '=', p.userId),
);

const defaultMembershipStatement = compileOnce((db, p: { userId: string }) =>
  db
    .selectFrom('workspace_members as m')
    .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
    .select(['m.workspace_id', 'm.role'])
    .where('m.user_id', '=', p.userId)
    // The personal workspace first (personal_of = the person), then by age.
    .orderBy((eb) => eb.case().when('w.personal_of', '=', p.userId).then(0).else(1).end())
    .orderBy('m.created_at')
    .orderBy('m.workspace_id')
    .limit(1),
);

/** The person's role in the workspace, or undefined when not a member (or no such workspace). */
export async function findMembership(
  db: Kysely<Database>,
  workspaceId: string,
  userId: string,
): Promise<Membership | undefined> {
  const row = (await membershipStatement(db, { workspaceId, userId })).rows[0];
  return row ? { workspaceId: row.workspace_id, role: row.role } : undefined;
}

/** The person's default workspace: their personal one when they still belong to it, else the oldest. */
export async function findDefaultMembership(
  db: Kysely<Database>,
  userId: string,
): Promise<Membership | undefined> {
  const row = (await defaultMembershipStatement(db, { userId })).rows[0];
  return row ? { workspaceId: row.workspace_id, role: row.role } : undefined;
}

export interface WorkspaceSummary {
  id: string;
  name: string;
  color: string | null;
  personal: boolean;
  role: WorkspaceRole;
}

/** The workspaces the person belongs to, personal first, then by name. */
export async function listUserWorkspaces(db: Kysely<Database>, userId: string): Promise<WorkspaceSummary[]> {
  const rows = await db
    .selectFrom('workspace_members as m')
    .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
    .select(['w.id', 'w.name', 'w.color', 'w.personal_of', 'm.role'])
    .where('m.user_id', '=', userId)
    .orderBy((eb) => eb.case().when('w.personal_of', '=', userId).then(0).else(1).end())
    .orderBy('w.name')
    .orderBy('w.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    color: r.color,
    personal: r.personal_of === userId,
    role: r.role,
  }));
}

/**
 * Creates a workspace with the person as its owner, unless they already created `max` (their
 * personal one does not count): the person's user row is locked, so two concurrent creations
 * cannot both pass the check. Null when at the limit.
 */
export async function createWorkspace(
  db: Kysely<Database>,
  options: { ownerId: string; name: string; color?: string | null; max: number },
): Promise<WorkspaceSummary | null> {
  return db.transaction().execute(async (trx) => {
    await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', options.ownerId)
      .forUpdate()
      .executeTakeFirst();
    const created = await trx
      .selectFrom('workspaces')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_by', '=', options.ownerId)
      .where('personal_of', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(created.n) >= options.max) return null;
    const workspace = await trx
      .insertInto('workspaces')
      .values({ name: options.name, color: options.color ?? null, created_by: options.ownerId })
      .returning(['id', 'name', 'color'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('workspace_members')
      .values({ workspace_id: workspace.id, user_id: options.ownerId, role: 'owner' })
      .execute();
    return { ...workspace, personal: false, role: 'owner' as const };
  });
}

/** The owners of a workspace (who receive its failure emails), oldest membership first. */
export async function listWorkspaceOwners(db: Kysely<Database>, workspaceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('workspace_members')
    .select('user_id')
    .where('workspace_id', '=', workspaceId)
    .where('role', '=', 'owner')
    .orderBy('created_at')
    .orderBy('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

/** Locks the workspace's row for the rest of the transaction (per-workspace limits such as themes). */
export async function lockWorkspace(trx: Kysely<Database>, workspaceId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('workspaces')
    .select('id')
    .where('id', '=', workspaceId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}
