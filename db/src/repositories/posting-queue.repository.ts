// The posting queue's data (docs/posting-queue.md): weekly slots per connected account, the
// workspace's zone, the posts that hold a slot, and the per-account lock under which a slot is
// chosen. The partial unique index suggested_posts_queue_slot_key is the guarantee; the lock only
// keeps concurrent adds from tripping over it.
import type { Platform } from '@pauta/core';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../schema.js';
import { findWorkspaceTimeZone } from './report-deliveries.repository.js';

export interface QueueSlotRow {
  id: string;
  connected_account_id: string;
  weekday: number;
  minute: number;
}

/**
 * The workspace's zone for its queue: its own (`workspaces.timezone`), else the zone the reports
 * use (its first owner's profile zone, else America/Sao_Paulo).
 */
export async function findQueueTimeZone(db: Kysely<Database>, workspaceId: string): Promise<string> {
  const row = await db
    .selectFrom('workspaces')
    .select('timezone')
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  return row?.timezone ?? findWorkspaceTimeZone(db, workspaceId);
}

export async function setWorkspaceTimeZone(
  db: Kysely<Database>,
  workspaceId: string,
  timeZone: string,
): Promise<boolean> {
  const result = await db
    .updateTable('workspaces')
    .set({ timezone: timeZone, updated_at: new Date() })
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Every slot of the workspace's accounts (or of one account), in week order. */
export async function listQueueSlots(
  db: Kysely<Database>,
  workspaceId: string,
  accountId?: string,
): Promise<QueueSlotRow[]> {
  let query = db
    .selectFrom('queue_slots')
    .select(['id', 'connected_account_id', 'weekday', 'minute'])
    .where('workspace_id', '=', workspaceId);
  if (accountId !== undefined) query = query.where('connected_account_id', '=', accountId);
  return query.orderBy('connected_account_id').orderBy('weekday').orderBy('minute').execute();
}

/** Whether the account is one of the workspace's (active or not). */
async function accountInWorkspace(db: Kysely<Database>, workspaceId: string, accountId: string) {
  const row = await db
    .selectFrom('connected_accounts')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Replaces an account's slots with `slots` (one transaction, under the account's queue lock).
 * False when the account is not the workspace's. Posts already queued keep their times.
 */
export async function replaceQueueSlots(
  db: Kysely<Database>,
  input: { workspaceId: string; accountId: string; slots: readonly { weekday: number; minute: number }[] },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await accountInWorkspace(trx, input.workspaceId, input.accountId))) return false;
    await lockQueueAccount(trx, input.accountId);
    await trx.deleteFrom('queue_slots').where('connected_account_id', '=', input.accountId).execute();
    if (input.slots.length > 0)
      await trx
        .insertInto('queue_slots')
        .values(
          input.slots.map((slot) => ({
            workspace_id: input.workspaceId,
            connected_account_id: input.accountId,
            weekday: slot.weekday,
            minute: slot.minute,
          })),
        )
        .onConflict((oc) => oc.columns(['connected_account_id', 'weekday', 'minute']).doNothing())
        .execute();
    return true;
  });
}

/**
 * Adds one slot to an account (under its queue lock), unless it has `max` already. 'not_found'
 * when the account is not the workspace's; adding a slot it has is a no-op ('added' false).
 */
export async function addQueueSlot(
  db: Kysely<Database>,
  input: { workspaceId: string; accountId: string; weekday: number; minute: number; max: number },
): Promise<'added' | 'exists' | 'full' | 'not_found'> {
  return db
    .transaction()
    .execute(async (trx) => {
      if (!(await accountInWorkspace(trx, input.workspaceId, input.accountId))) return 'not_found';
      await lockQueueAccount(trx, input.accountId);
      const { n } = await trx
        .selectFrom('queue_slots')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('connected_account_id', '=', input.accountId)
        .executeTakeFirstOrThrow();
      const inserted = await trx
        .insertInto('queue_slots')
        .values({
          workspace_id: input.workspaceId,
          connected_account_id: input.accountId,
          weekday: input.weekday,
          minute: input.minute,
        })
        .onConflict((oc) => oc.columns(['connected_account_id', 'weekday', 'minute']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return 'exists';
      if (Number(n) >= input.max) throw new QueueFullRollback();
      return 'added';
    })
    .catch((error: unknown) => {
      if (error instanceof QueueFullRollback) return 'full' as const;
      throw error;
    });
}

class QueueFullRollback extends Error {}

/** Removes one slot of an account of the workspace; false when there was none. */
export async function deleteQueueSlot(
  db: Kysely<Database>,
  input: { workspaceId: string; accountId: string; weekday: number; minute: number },
): Promise<boolean> {
  const result = await db
    .deleteFrom('queue_slots')
    .where('workspace_id', '=', input.workspaceId)
    .where('connected_account_id', '=', input.accountId)
    .where('weekday', '=', input.weekday)
    .where('minute', '=', input.minute)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Serialises the queue operations of one account until the transaction ends (an add, a reorder,
 * a change of its slots). Transaction-scoped, so a crash releases it.
 */
export async function lockQueueAccount(trx: Transaction<Database>, accountId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`queue:${accountId}`}))`.execute(trx);
}

/**
 * How many of `ids` (distinct) are the workspace's: the account (`kind: 'account'`) or posts. A
 * reorder naming something outside the workspace answers NOT_FOUND, never "the queue changed".
 */
export async function countWorkspaceRows(
  db: Kysely<Database> | Transaction<Database>,
  input: { workspaceId: string; kind: 'account' | 'posts'; ids: readonly string[] },
): Promise<number> {
  const ids = [...new Set(input.ids)];
  if (ids.length === 0) return 0;
  const table = input.kind === 'account' ? 'connected_accounts' : 'suggested_posts';
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('workspace_id', '=', input.workspaceId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The instants at which the workspace's posts of `platform` that will still go out are scheduled. */
export async function listBusyQueueTimes(
  db: Kysely<Database>,
  input: { workspaceId: string; platform: Platform; accountId: string; from: Date; until: Date },
): Promise<Date[]> {
  const rows = await db
    .selectFrom('suggested_posts')
    .select('scheduled_for')
    .where('workspace_id', '=', input.workspaceId)
    .where('platform', '=', input.platform)
    // The account's posts (another account of the network has its own times); a post without an
    // account goes out from the network's only one, so it is counted for each.
    .where((eb) =>
      eb.or([eb('connected_account_id', '=', input.accountId), eb('connected_account_id', 'is', null)]),
    )
    .where('status', 'in', ['scheduled', 'publishing'])
    .where('scheduled_for', '>', input.from)
    .where('scheduled_for', '<', input.until)
    .execute();
  return rows.flatMap((row) => (row.scheduled_for ? [row.scheduled_for] : []));
}

export interface QueuedPostRow {
  id: string;
  title: string;
  content: string;
  platform: Platform;
  status: string;
  scheduled_for: Date;
  version: number;
  queue_account_id: string | null;
  connected_account_id: string | null;
  theme_name: string;
  theme_color: string;
  approval_stage: string | null;
}

/**
 * The workspace's scheduled posts of the given networks between `from` and `until` (exclusive),
 * in time order: what fills the queue's slots (queued or placed at a slot's time by hand).
 */
export async function listUpcomingPosts(
  db: Kysely<Database>,
  input: { workspaceId: string; platforms: readonly Platform[]; from: Date; until: Date },
): Promise<QueuedPostRow[]> {
  if (input.platforms.length === 0) return [];
  const rows = await db
    .selectFrom('suggested_posts as sp')
    .innerJoin('themes as t', (join) =>
      join.onRef('t.id', '=', 'sp.theme_id').onRef('t.workspace_id', '=', 'sp.workspace_id'),
    )
    .select([
      'sp.id',
      'sp.title',
      'sp.content',
      'sp.platform',
      'sp.status',
      'sp.scheduled_for',
      'sp.version',
      'sp.queue_account_id',
      'sp.connected_account_id',
      'sp.approval_stage',
      't.name as theme_name',
      't.color_palette as theme_color',
    ])
    .where('sp.workspace_id', '=', input.workspaceId)
    .where('sp.platform', 'in', [...input.platforms])
    .where('sp.status', 'in', ['scheduled', 'publishing'])
    .where('sp.scheduled_for', '>', input.from)
    .where('sp.scheduled_for', '<', input.until)
    .orderBy('sp.scheduled_for')
    .orderBy('sp.id')
    .limit(2000)
    .execute();
  return rows.map((row) => ({ ...row, scheduled_for: row.scheduled_for as Date }));
}

/** The account's queued posts still to go out (status scheduled, after `from`), in time order. */
export async function listQueuedPosts(
  db: Kysely<Database>,
  input: { workspaceId: string; accountId: string; from: Date },
): Promise<{ id: string; scheduled_for: Date; version: number; platform: Platform }[]> {
  const rows = await db
    .selectFrom('suggested_posts')
    .select(['id', 'scheduled_for', 'version', 'platform'])
    .where('workspace_id', '=', input.workspaceId)
    .where('queue_account_id', '=', input.accountId)
    .where('status', '=', 'scheduled')
    .where('scheduled_for', '>', input.from)
    .orderBy('scheduled_for')
    .execute();
  return rows.map((row) => ({ ...row, scheduled_for: row.scheduled_for as Date }));
}

/**
 * Gives each of the account's queued posts its new slot, as a new version of each (the wake-ups
 * of the old versions then claim nothing). The posts first leave the queue, then take their new
 * slots, so a swap never meets the unique index half-way. Only posts still `scheduled` and
 * queued on this account move; returns the moved posts (fewer than asked: the caller rolls back).
 */
export async function reassignQueuedPosts(
  trx: Transaction<Database>,
  input: {
    workspaceId: string;
    accountId: string;
    assignments: readonly { postId: string; scheduledFor: Date }[];
    now: Date;
  },
): Promise<{ id: string; version: number; scheduled_for: Date; platform: Platform }[]> {
  if (input.assignments.length === 0) return [];
  const ids = input.assignments.map((a) => a.postId);
  await trx
    .updateTable('suggested_posts')
    .set({ queue_account_id: null })
    .where('workspace_id', '=', input.workspaceId)
    .where('queue_account_id', '=', input.accountId)
    .where('status', '=', 'scheduled')
    .where('id', 'in', ids)
    .execute();
  const moved: { id: string; version: number; scheduled_for: Date; platform: Platform }[] = [];
  for (const assignment of input.assignments) {
    const row = await trx
      .updateTable('suggested_posts')
      .set((eb) => ({
        scheduled_for: assignment.scheduledFor,
        queue_account_id: input.accountId,
        version: eb('version', '+', 1),
        updated_at: input.now,
      }))
      .where('workspace_id', '=', input.workspaceId)
      .where('id', '=', assignment.postId)
      .where('status', '=', 'scheduled')
      .where('queue_account_id', 'is', null)
      .returning(['id', 'version', 'scheduled_for', 'platform'])
      .executeTakeFirst();
    if (row) moved.push({ ...row, scheduled_for: row.scheduled_for as Date });
  }
  return moved;
}
