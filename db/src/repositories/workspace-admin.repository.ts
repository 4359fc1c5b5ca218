// A workspace's own data (docs/workspaces.md, "Todos os clientes", "Dados do cliente", "Excluir
// cliente"): the overview of every workspace a person is in, its branding (name, colour, logo) and
// its deletion. Every statement is led by the workspace (or the person's memberships) and uses the
// workspace-led indexes; the overview is one statement for all of the person's workspaces.
import type { WorkspaceRole } from '@pauta/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.js';
import type { AccountSummary } from './accounts.repository.js';
import type { DeletedPost } from './scheduled-posts.repository.js';

export interface WorkspaceOverviewRow {
  id: string;
  name: string;
  color: string | null;
  logo_key: string | null;
  personal_of: string | null;
  role: WorkspaceRole;
  /** Still to go out today (status scheduled, scheduled_for in [dayStart, dayEnd)). */
  due_today: number;
  /** Waiting for the team: stages draft, review and changes, not yet published. */
  approval_internal: number;
  /** Waiting for the client: stage client, not yet published. */
  approval_client: number;
  /** failed, needs_attention or missed. */
  attention: number;
}

/**
 * One row per workspace the person is in, with its counts, in one statement: each count is a
 * correlated subquery on a workspace-led partial index (suggested_posts_workspace_status_idx,
 * suggested_posts_approval_board_idx), run once per membership inside PostgreSQL. `fullRoles` are
 * the roles that may read the whole workspace (core `can(role, 'workspace.read')`); for the other
 * roles only the client-stage count is computed (what `posts.readClientView` shows), the others 0.
 */
export async function readWorkspaceOverview(
  db: Kysely<Database>,
  options: OverviewOptions,
): Promise<WorkspaceOverviewRow[]> {
  return (await overviewStatement(options).execute(db)).rows;
}

interface OverviewOptions {
  userId: string;
  dayStart: Date;
  dayEnd: Date;
  fullRoles: readonly WorkspaceRole[];
}

/** The overview's statement (its test EXPLAINs it: an index scan per count, never a Seq Scan). */
export function overviewStatement(options: OverviewOptions) {
  const { userId, dayStart, dayEnd } = options;
  const full = sql`m.role = ANY(${sql.val([...options.fullRoles])}::text[])`;
  return sql<WorkspaceOverviewRow>`
    SELECT w.id, w.name, w.color, w.logo_key, w.personal_of, m.role,
      CASE WHEN ${full} THEN (
        SELECT count(*)::int FROM suggested_posts p
        WHERE p.workspace_id = m.workspace_id AND p.status = 'scheduled'
          AND p.scheduled_for >= ${dayStart} AND p.scheduled_for < ${dayEnd}
      ) ELSE 0 END AS due_today,
      CASE WHEN ${full} THEN (
        SELECT count(*)::int FROM suggested_posts p
        WHERE p.workspace_id = m.workspace_id AND p.approval_stage IS NOT NULL
          AND p.approval_stage IN ('draft', 'review', 'changes') AND p.status <> 'published'
      ) ELSE 0 END AS approval_internal,
      (
        SELECT count(*)::int FROM suggested_posts p
        WHERE p.workspace_id = m.workspace_id AND p.approval_stage IS NOT NULL
          AND p.approval_stage = 'client' AND p.status <> 'published'
      ) AS approval_client,
      CASE WHEN ${full} THEN (
        SELECT count(*)::int FROM suggested_posts p
        WHERE p.workspace_id = m.workspace_id
          AND p.status IN ('failed', 'needs_attention', 'missed')
      ) ELSE 0 END AS attention
    FROM workspace_members m
    JOIN workspaces w ON w.id = m.workspace_id
    WHERE m.user_id = ${userId}
    ORDER BY (w.personal_of = ${userId}) IS NOT TRUE, w.name, w.id`;
}

/** An account's health columns (never a token): what core's accountHealth reads, and its workspace. */
export type OverviewAccountRow = Pick<
  AccountSummary,
  | 'workspace_id'
  | 'platform'
  | 'status'
  | 'status_reason'
  | 'access_token_expires_at'
  | 'has_refresh_token'
  | 'limited_until'
>;

/**
 * The active accounts of the person's workspaces whose role may read them (health columns only,
 * never a token), in one statement over connected_accounts' (workspace_id, …) unique index.
 */
export async function listOverviewAccounts(
  db: Kysely<Database>,
  options: { userId: string; fullRoles: readonly WorkspaceRole[] },
): Promise<OverviewAccountRow[]> {
  if (options.fullRoles.length === 0) return [];
  return overviewAccountsQuery(db, options).execute();
}

/** The accounts' statement (EXPLAINed by its test, like overviewStatement). */
export function overviewAccountsQuery(
  db: Kysely<Database>,
  options: { userId: string; fullRoles: readonly WorkspaceRole[] },
) {
  return db
    .selectFrom('workspace_members as m')
    .innerJoin('connected_accounts as a', 'a.workspace_id', 'm.workspace_id')
    .select([
      'a.workspace_id',
      'a.platform',
      'a.status',
      'a.status_reason',
      'a.access_token_expires_at',
      sql<boolean>`(a.refresh_token IS NOT NULL)`.as('has_refresh_token'),
      'a.limited_until',
    ])
    .where('m.user_id', '=', options.userId)
    .where('m.role', 'in', [...options.fullRoles])
    .where('a.is_active', '=', true);
}

export interface WorkspaceBrandingRow {
  id: string;
  name: string;
  color: string | null;
  logo_key: string | null;
  personal_of: string | null;
}

const BRANDING = ['id', 'name', 'color', 'logo_key', 'personal_of'] as const;

export async function findWorkspaceBranding(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<WorkspaceBrandingRow | undefined> {
  return db.selectFrom('workspaces').select(BRANDING).where('id', '=', workspaceId).executeTakeFirst();
}

/** The logos of the person's workspaces (for the switcher): id and key, only those with a logo. */
export async function listMemberLogos(
  db: Kysely<Database>,
  userId: string,
): Promise<{ id: string; logo_key: string }[]> {
  const rows = await db
    .selectFrom('workspace_members as m')
    .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
    .select(['w.id', 'w.logo_key'])
    .where('m.user_id', '=', userId)
    .where('w.logo_key', 'is not', null)
    .execute();
  return rows.flatMap((r) => (r.logo_key ? [{ id: r.id, logo_key: r.logo_key }] : []));
}

/** Renames and/or recolours; the row after the change (undefined when the workspace is gone). */
export async function updateWorkspaceBranding(
  db: Kysely<Database>,
  workspaceId: string,
  changes: { name?: string | undefined; color?: string | null | undefined },
): Promise<WorkspaceBrandingRow | undefined> {
  const set: { name?: string; color?: string | null } = {};
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.color !== undefined) set.color = changes.color;
  if (Object.keys(set).length === 0) return findWorkspaceBranding(db, workspaceId);
  return db
    .updateTable('workspaces')
    .set({ ...set, updated_at: sql<Date>`now()` })
    .where('id', '=', workspaceId)
    .returning(BRANDING)
    .executeTakeFirst();
}

/**
 * Sets (or, with null, removes) the workspace's logo in one transaction with its row locked: the
 * new key's upload reservation is released (the row now holds the file) and the old key is queued
 * for the sweeper (media_garbage, due now). Undefined when the workspace is gone — the caller then
 * leaves the new file to its reservation, which the sweeper deletes.
 */
export async function setWorkspaceLogo(
  db: Kysely<Database>,
  workspaceId: string,
  logoKey: string | null,
): Promise<WorkspaceBrandingRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('workspaces')
      .select('logo_key')
      .where('id', '=', workspaceId)
      .forUpdate()
      .executeTakeFirst();
    if (!current) return undefined;
    const row = await trx
      .updateTable('workspaces')
      .set({ logo_key: logoKey, updated_at: sql<Date>`now()` })
      .where('id', '=', workspaceId)
      .returning(BRANDING)
      .executeTakeFirstOrThrow();
    if (logoKey) await trx.deleteFrom('media_garbage').where('storage_key', '=', logoKey).execute();
    if (current.logo_key && current.logo_key !== logoKey) await queueGarbage(trx, current.logo_key);
    return row;
  });
}

async function queueGarbage(trx: Kysely<Database>, key: string): Promise<void> {
  await trx
    .insertInto('media_garbage')
    .values({ storage_key: key, not_before: sql<Date>`now()` })
    .onConflict((oc) => oc.column('storage_key').doUpdateSet({ not_before: sql<Date>`now()` }))
    .execute();
}

export interface WorkspaceContents {
  themes: number;
  posts: number;
  scheduled: number;
  published: number;
  accounts: number;
  links: number;
  members: number;
}

/** What deleting the workspace deletes (the confirmation dialog's figures), one statement. */
export async function countWorkspaceContents(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<WorkspaceContents> {
  const { rows } = await sql<WorkspaceContents>`
    SELECT
      (SELECT count(*)::int FROM themes WHERE workspace_id = ${workspaceId}) AS themes,
      (SELECT count(*)::int FROM suggested_posts WHERE workspace_id = ${workspaceId}) AS posts,
      (SELECT count(*)::int FROM suggested_posts WHERE workspace_id = ${workspaceId}
         AND status = 'scheduled') AS scheduled,
      (SELECT count(*)::int FROM published_posts WHERE workspace_id = ${workspaceId}) AS published,
      (SELECT count(*)::int FROM connected_accounts WHERE workspace_id = ${workspaceId}
         AND is_active) AS accounts,
      (SELECT count(*)::int FROM client_approval_links WHERE workspace_id = ${workspaceId}) AS links,
      (SELECT count(*)::int FROM workspace_members WHERE workspace_id = ${workspaceId}) AS members`.execute(
    db,
  );
  return rows[0]!;
}

export type DeleteWorkspaceResult =
  | { deleted: true; posts: DeletedPost[]; members: string[] }
  | { deleted: false; reason: 'GONE' | 'PERSONAL' | 'PUBLISHING' };

/**
 * Deletes a created (not personal) workspace and, through the cascades, everything in it. One
 * transaction that first locks every one of its posts `FOR UPDATE` (in id order, before the
 * workspace row: a claim's UPDATE writes a live event that takes a key-share lock on the workspace,
 * so locking the workspace first could deadlock with it). The worker's claim is an UPDATE of such a
 * row, so a claim in progress finishes first and one that comes later finds no row. A post already
 * `publishing` (claimed, perhaps being sent) refuses the deletion as a single post's deletion does
 * (PUBLISHING): nothing is deleted, try again in a moment. The deleted posts (for their wake-up
 * jobs) and the members (whose pages must move) are returned. The logo's file is queued for the
 * sweeper; post images queue themselves (trigger).
 */
export async function deleteWorkspace(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<DeleteWorkspaceResult> {
  return db.transaction().execute(async (trx) => {
    const workspace = await trx
      .selectFrom('workspaces')
      .select('personal_of')
      .where('id', '=', workspaceId)
      .executeTakeFirst();
    if (!workspace) return { deleted: false, reason: 'GONE' } as const;
    if (workspace.personal_of !== null) return { deleted: false, reason: 'PERSONAL' } as const;
    const posts = await trx
      .selectFrom('suggested_posts')
      .select(['id', 'platform', 'version', 'status'])
      .where('workspace_id', '=', workspaceId)
      .orderBy('id')
      .forUpdate()
      .execute();
    if (posts.some((p) => p.status === 'publishing'))
      return { deleted: false, reason: 'PUBLISHING' } as const;
    const members = await trx
      .selectFrom('workspace_members')
      .select('user_id')
      .where('workspace_id', '=', workspaceId)
      .execute();
    const gone = await trx
      .deleteFrom('workspaces')
      .where('id', '=', workspaceId)
      .where('personal_of', 'is', null)
      .returning('logo_key')
      .executeTakeFirst();
    if (!gone) return { deleted: false, reason: 'GONE' } as const;
    if (gone.logo_key) await queueGarbage(trx, gone.logo_key);
    return {
      deleted: true,
      posts: posts.map(({ id, platform, version }) => ({ id, platform, version })),
      members: members.map((m) => m.user_id),
    } as const;
  });
}
