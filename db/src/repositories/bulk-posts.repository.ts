// Bulk actions on a selection of posts (issue 30 item 3; docs/bulk-actions.md): the selection
// locked in one transaction, the theme change, the delete, the bulk record with its undo entries,
// and the fenced undo. Every statement names the workspace; a post of another workspace is never
// read, so it looks exactly like a missing one.
import type { ApprovalStage, Platform, PostStatus } from '@pauta/core';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { BulkUndoEntry, Database, PostOptionValuesJson } from '../schema.js';
import { type ScheduledPostFilter, selectionMatching } from './scheduled-posts.repository.js';

/** A post of the selection, locked FOR UPDATE for the rest of the transaction. */
export interface LockedPost {
  id: string;
  user_id: string;
  theme_id: string;
  platform: Platform;
  status: PostStatus;
  version: number;
  scheduled_for: Date | null;
  approval_stage: ApprovalStage | null;
  send_started_at: Date | null;
  /** The account whose queue slot the post holds (docs/posting-queue.md); null = not queued. */
  queue_account_id: string | null;
  connected_account_id: string | null;
  /** Checked before the post may publish (docs/post-options.md). */
  network_options: PostOptionValuesJson;
}

/**
 * The workspace's posts among `ids` and/or matching `filter` (the list's filter, on the server), at
 * most `max` + 1 of them (the caller refuses more than `max`), locked FOR UPDATE in id order (two
 * bulk calls over the same posts wait for each other instead of deadlocking).
 */
export async function lockSelection(
  trx: Transaction<Database>,
  options: {
    workspaceId: string;
    ids?: readonly string[] | undefined;
    filter?: ScheduledPostFilter | undefined;
    max: number;
  },
): Promise<LockedPost[]> {
  let query = trx
    .selectFrom('suggested_posts as sp')
    .select([
      'sp.id',
      'sp.user_id',
      'sp.theme_id',
      'sp.platform',
      'sp.status',
      'sp.version',
      'sp.scheduled_for',
      'sp.approval_stage',
      'sp.send_started_at',
      'sp.queue_account_id',
      'sp.connected_account_id',
      'sp.network_options',
    ])
    .where('sp.workspace_id', '=', options.workspaceId);
  if (options.ids) {
    if (options.ids.length === 0) return [];
    query = query.where('sp.id', 'in', [...new Set(options.ids)]);
  }
  if (options.filter)
    query = query.where((eb) => selectionMatching(eb, options.workspaceId, options.filter!));
  return query
    .orderBy('sp.id')
    .limit(options.max + 1)
    .forUpdate()
    .execute();
}

/** The target theme of "Mudar tema", in the workspace, held FOR SHARE (its approval switch waits). */
export async function lockTargetTheme(
  trx: Transaction<Database>,
  workspaceId: string,
  themeId: string,
): Promise<{ id: string; social_networks: Platform[]; requires_approval: boolean } | undefined> {
  return trx
    .selectFrom('themes')
    .select(['id', 'social_networks', 'requires_approval'])
    .where('id', '=', themeId)
    .where('workspace_id', '=', workspaceId)
    .forShare()
    .executeTakeFirst();
}

/**
 * Moves a locked post to another theme of the workspace: a new version, and the approval rule of
 * the new theme (into 'draft' when it requires approval and the post was outside the workflow,
 * out of the workflow when it does not), with the history row of a stage change.
 */
export async function changePostTheme(
  trx: Transaction<Database>,
  options: {
    workspaceId: string;
    post: LockedPost;
    themeId: string;
    stage: ApprovalStage | null;
    userId: string;
  },
): Promise<{ version: number }> {
  const { post } = options;
  const saved = await trx
    .updateTable('suggested_posts')
    .set((eb) => ({
      theme_id: options.themeId,
      approval_stage: options.stage,
      version: eb('version', '+', 1),
      updated_at: sql<Date>`now()`,
    }))
    .where('id', '=', post.id)
    .where('workspace_id', '=', options.workspaceId)
    .where('version', '=', post.version)
    .returning('version')
    .executeTakeFirstOrThrow();
  if (post.approval_stage !== options.stage)
    await trx
      .insertInto('post_stage_events')
      .values({
        post_id: post.id,
        user_id: post.user_id,
        actor: 'owner',
        actor_user_id: options.userId,
        from_stage: post.approval_stage,
        to_stage: options.stage,
        reason: options.stage === null ? 'theme_off' : 'theme_on',
      })
      .execute();
  return saved;
}

/** Deletes the locked posts among `ids` that are not being published; the deleted ones. */
export async function deleteLockedPosts(
  trx: Transaction<Database>,
  workspaceId: string,
  ids: readonly string[],
): Promise<Array<{ id: string; platform: Platform; version: number }>> {
  if (ids.length === 0) return [];
  return trx
    .deleteFrom('suggested_posts')
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', [...ids])
    .where('status', '!=', 'publishing')
    .returning(['id', 'platform', 'version'])
    .execute();
}

/** Records a bulk call that changed posts; its id is the undo token when `undo` is given. */
export async function insertBulkAction(
  trx: Transaction<Database>,
  options: {
    workspaceId: string;
    userId: string;
    action: 'approve' | 'move' | 'reschedule' | 'theme' | 'delete';
    changed: number;
    undo: BulkUndoEntry[] | null;
  },
): Promise<string> {
  const row = await trx
    .insertInto('post_bulk_actions')
    .values({
      workspace_id: options.workspaceId,
      user_id: options.userId,
      action: options.action,
      changed: options.changed,
      undo: options.undo === null ? null : JSON.stringify(options.undo),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type BulkRecordState = 'open' | 'undone' | 'expired';

/** The bulk call's record in the workspace, locked; undefined for a token of nothing (or elsewhere). */
export async function lockBulkAction(
  trx: Transaction<Database>,
  workspaceId: string,
  id: string,
): Promise<
  | {
      action: 'approve' | 'move' | 'reschedule' | 'theme' | 'delete';
      undo: BulkUndoEntry[] | null;
      state: BulkRecordState;
    }
  | undefined
> {
  const row = await trx
    .selectFrom('post_bulk_actions')
    .select(['action', 'undo', 'undone_at', sql<boolean>`expires_at <= now()`.as('expired')])
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return undefined;
  const state: BulkRecordState = row.undone_at !== null ? 'undone' : row.expired ? 'expired' : 'open';
  return { action: row.action, undo: row.undo, state };
}

export async function markBulkActionUndone(
  trx: Transaction<Database>,
  workspaceId: string,
  id: string,
): Promise<void> {
  await trx
    .updateTable('post_bulk_actions')
    .set({ undone_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .where('undone_at', 'is', null)
    .execute();
}

/**
 * Undo of a reschedule, fenced: the post's previous date, only while it is still the version the
 * bulk call left and waiting ('scheduled'). A new version (its old wake-up claims nothing).
 */
export async function restoreScheduledFor(
  trx: Kysely<Database>,
  options: { workspaceId: string; id: string; version: number; scheduledFor: Date },
): Promise<
  | {
      id: string;
      version: number;
      platform: Platform;
      status: PostStatus;
      scheduled_for: Date | null;
      approval_stage: ApprovalStage | null;
    }
  | undefined
> {
  return trx
    .updateTable('suggested_posts')
    .set((eb) => ({
      scheduled_for: options.scheduledFor,
      // Back at its previous time the post holds no queue slot (bulk "Para a fila" only queues
      // posts that held none; a bulk reschedule already took it out of the queue).
      queue_account_id: null,
      version: eb('version', '+', 1),
      updated_at: sql<Date>`now()`,
      claim_token: null,
    }))
    .where('id', '=', options.id)
    .where('workspace_id', '=', options.workspaceId)
    .where('version', '=', options.version)
    .where('status', '=', 'scheduled')
    .returning(['id', 'version', 'platform', 'status', 'scheduled_for', 'approval_stage'])
    .executeTakeFirst();
}
