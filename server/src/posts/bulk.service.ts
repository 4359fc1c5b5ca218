// Bulk actions on a selection of posts (issue 30 item 3; docs/bulk-actions.md): approve, move to a
// stage, reschedule by an offset, change theme, delete — over explicit ids or "every post matching
// the list's filter" (evaluated here), in ONE transaction with the selection's rows locked. Each
// post keeps its own fence: one being published (claimed) is skipped and counted, never changed
// under a worker; a stage move goes through the single move's rules (moveApprovalStageIn). The
// call is idempotent by its Idempotency-Key (the middleware answers a retry from its record).
// Undo restores exactly the posts the call changed, only those still at the version it left.
import {
  AppError,
  type ApprovalStage,
  BULK_MAX_POSTS,
  type BulkSkipReasonKey,
  can,
  EDITABLE_POST_STATUSES,
  isBeyondScheduleHorizon,
  type PostStatus,
  type WorkspaceAction,
  type WorkspaceRole,
} from '@pauta/core';
import type { WakeUp } from '@pauta/core/schemas/jobs';
import {
  type BulkUndoEntry,
  changePostTheme,
  deleteLockedPosts,
  insertBulkAction,
  type LockedPost,
  listActiveAccounts,
  lockBulkAction,
  lockQueueAccount,
  lockSelection,
  lockTargetTheme,
  markBulkActionUndone,
  moveApprovalStageIn,
  type PostChanges,
  resolvePostAccount,
  restoreScheduledFor,
  type ScheduledPostRow,
  saveScheduledPostVersion,
} from '@pauta/db';
import { freeSlotOf, queueTimeZone } from '../posting-queue/posting-queue.service.js';
import { overrunsOfNewPosts } from './budget.service.js';
import type { PostListFilter } from './post-filters.js';
import { toInstantFilter } from './post-filters.js';
import { mediaSchedulingRefusal, PAST_TOLERANCE_MS, type PostsDeps } from './posts.service.js';

export type BulkAction =
  | { kind: 'approve' }
  | { kind: 'move'; to: ApprovalStage }
  | { kind: 'reschedule'; offsetMinutes: number; confirmOverBudget?: boolean | undefined }
  | { kind: 'theme'; themeId: string }
  | { kind: 'delete' }
  /** "Para a fila": each post takes its account's next free queue slot (docs/posting-queue.md). */
  | { kind: 'queue'; confirmOverBudget?: boolean | undefined };

/** Explicit ids, every post matching the list's filter, or both (the ids that match the filter). */
export interface BulkSelection {
  ids?: string[] | undefined;
  filter?: PostListFilter | undefined;
}

/** Why a selected post was left as it was (the client words each in pt-BR). */
export const BULK_SKIP_REASONS = [
  /** Not a post of this workspace (another's, deleted, made up): never said which. */
  'not_found',
  /** A worker holds it (claimed, sending): never changed under it. */
  'publishing',
  'published',
  /** Its theme does not require approval: no stage to move. */
  'not_in_workflow',
  /** Already in that stage / theme: nothing to do. */
  'unchanged',
  /** The new date would be in the past. */
  'past',
  /** The new date would be past the 2-year horizon. */
  'out_of_range',
  /** The theme does not publish to the post's network. */
  'network_not_in_theme',
  /** It has a video and its network does not publish video through Pauta yet (as posts.update). */
  'video_not_published',
  /** Its network publishes only posts with an image (Pinterest) and it has none (as posts.update). */
  'image_required',
  /** Its network publishes only video (YouTube) and it has none (as posts.update). */
  'video_required',
  /** Its network's post options are missing or invalid (TikTok's privacy; as posts.update). */
  'options_missing',
  /** Undo only: changed again since (edited, moved, claimed); left as it is now. */
  'changed_since',
  /** "Para a fila": it already holds a future slot of its account's queue (kept, as "Adicionar à fila"). */
  'already_queued',
  /** "Para a fila": no active account of its network in the workspace. */
  'queue_no_account',
  /** "Para a fila": its account has no weekly slots. */
  'queue_no_slots',
  /** "Para a fila": no free slot in its account's queue within the look-ahead. */
  'queue_full',
  /** "Para a fila": a draft (docs/composer.md) is scheduled one by one, in Editar Post. */
  'draft',
] as const;
export type BulkSkipReason = (typeof BULK_SKIP_REASONS)[number] & BulkSkipReasonKey;

export interface BulkResult {
  action: BulkAction['kind'];
  /** How many posts the call changed. */
  changed: number;
  /** Per reason, how many were left alone (reasons with none are absent). */
  skipped: Partial<Record<BulkSkipReason, number>>;
  /** The token for "Desfazer" (reschedule, move, approve, theme); null when nothing can be undone. */
  undoToken: string | null;
}

/** The permission each action needs (core's table). */
export function bulkPermission(action: BulkAction): WorkspaceAction {
  switch (action.kind) {
    case 'approve':
      return 'approval.approve';
    case 'move':
      return action.to === 'approved' ? 'approval.approve' : 'approval.move';
    default:
      return 'posts.write';
  }
}

/** The wake-up of a post's new version (only the fields the queue needs). */
function wake(post: {
  id: string;
  version: number;
  platform: WakeUp['platform'];
  scheduled_for: Date;
}): WakeUp {
  return { id: post.id, version: post.version, platform: post.platform, scheduled_for: post.scheduled_for };
}

/** A post whose time a bulk action may change: editable (not sent) and with a time. */
function hasEditableTime(post: LockedPost): post is LockedPost & { scheduled_for: Date } {
  return (
    (EDITABLE_POST_STATUSES as readonly PostStatus[]).includes(post.status) && post.scheduled_for !== null
  );
}

function claimable(post: { status: PostStatus; approval_stage: ApprovalStage | null }): boolean {
  return post.status === 'scheduled' && (post.approval_stage === null || post.approval_stage === 'approved');
}

class Tally {
  changed = 0;
  skipped: Partial<Record<BulkSkipReason, number>> = {};
  skip(reason: BulkSkipReason, n = 1) {
    if (n > 0) this.skipped[reason] = (this.skipped[reason] ?? 0) + n;
  }
}

export async function applyBulkAction(
  deps: PostsDeps,
  options: {
    workspaceId: string;
    userId: string;
    role: WorkspaceRole;
    selection: BulkSelection;
    action: BulkAction;
    timeZone: string;
    requestId?: string | undefined;
  },
): Promise<BulkResult> {
  const { workspaceId, userId, action } = options;
  if (!can(options.role, bulkPermission(action))) throw new AppError('FORBIDDEN');
  const now = deps.now?.() ?? new Date();
  const tally = new Tally();
  const wakeUps: WakeUp[] = [];
  const deleted: Array<{ id: string; platform: WakeUp['platform']; version: number }> = [];
  const undo: BulkUndoEntry[] = [];

  const undoToken = await deps.db.transaction().execute(async (trx) => {
    // "Para a fila": every active account's queue lock first, in id order, then the posts — the
    // order "Adicionar à fila" takes them (its lock, then the post), so neither waits on the other
    // in a cycle, and no add can take a slot this call is handing out.
    const accounts =
      action.kind === 'queue'
        ? (await listActiveAccounts(trx, workspaceId)).sort((a, b) => a.id.localeCompare(b.id))
        : [];
    for (const account of accounts) await lockQueueAccount(trx, account.id);
    const ids = options.selection.ids;
    const filter = options.selection.filter
      ? toInstantFilter(options.selection.filter, options.timeZone)
      : undefined;
    const posts = await lockSelection(trx, { workspaceId, ids, filter, max: BULK_MAX_POSTS });
    if (posts.length > BULK_MAX_POSTS)
      throw new AppError('VALIDATION_FAILED', { field: 'selection', max: BULK_MAX_POSTS });
    // Ids that are not the workspace's posts (or, with a filter, do not match it): counted, never named.
    if (ids) tally.skip('not_found', new Set(ids).size - posts.length);

    const theme =
      action.kind === 'theme' ? await lockTargetTheme(trx, workspaceId, action.themeId) : undefined;
    if (action.kind === 'theme' && !theme) throw new AppError('NOT_FOUND');

    // The media guards of a save, for a post an action would let publish: true (and counted under
    // its reason) when the post's media or options refuse it.
    const mediaRefused = async (post: LockedPost) => {
      const refusal = await mediaSchedulingRefusal(trx, workspaceId, post);
      if (refusal) tally.skip(refusal);
      return refusal !== null;
    };
    // Reschedule and "Para a fila": each post given a new time is saved as its new version —
    // counted, undoable to its old time, woken up when claimable; skipped when a worker claimed it.
    const retimed: ScheduledPostRow[] = [];
    const saveNewTime = async (post: LockedPost & { scheduled_for: Date }, changes: PostChanges) => {
      const saved = await saveScheduledPostVersion(trx, {
        workspaceId,
        postId: post.id,
        changes,
        allowed: EDITABLE_POST_STATUSES,
        now,
      });
      if (!saved) {
        tally.skip('publishing');
        return;
      }
      tally.changed++;
      undo.push({ id: post.id, version: saved.version, scheduled_for: post.scheduled_for.toISOString() });
      retimed.push(saved);
      if (claimable(saved)) wakeUps.push(wake(saved));
    };
    // The network budgets over the posts given new times: past one, the whole call is refused
    // (and rolled back) unless the person confirmed (docs/budgets.md).
    const refuseOverBudget = async (confirmed: boolean | undefined) => {
      if (retimed.length === 0 || confirmed === true) return;
      const overruns = await overrunsOfNewPosts(
        { ...deps, db: trx },
        { workspaceId, userId, posts: retimed },
      );
      if (overruns.length > 0)
        throw new AppError('BUDGET_EXCEEDED', { overruns, timeZone: options.timeZone });
    };

    const eligible: LockedPost[] = [];
    for (const post of posts) {
      if (post.status === 'publishing') tally.skip('publishing');
      else if (post.status === 'published' && action.kind !== 'delete') tally.skip('published');
      else eligible.push(post);
    }

    switch (action.kind) {
      case 'approve':
      case 'move': {
        const to: ApprovalStage = action.kind === 'approve' ? 'approved' : action.to;
        for (const post of eligible) {
          if (post.approval_stage === null) {
            tally.skip('not_in_workflow');
            continue;
          }
          // Approving lets a scheduled post publish: the same media guards as a save.
          if (
            to === 'approved' &&
            post.approval_stage !== 'approved' &&
            post.status === 'scheduled' &&
            (await mediaRefused(post))
          )
            continue;
          const moved = await moveApprovalStageIn(trx, {
            workspaceId,
            postId: post.id,
            to,
            by: { actor: 'owner', userId },
          });
          if (moved.kind === 'moved') {
            tally.changed++;
            undo.push({ id: post.id, version: moved.post.version, approval_stage: moved.from });
            if (claimable(moved.post) && moved.post.scheduled_for)
              wakeUps.push(wake({ ...moved.post, scheduled_for: moved.post.scheduled_for }));
          } else if (moved.kind === 'unchanged') tally.skip('unchanged');
          else if (moved.kind === 'published') tally.skip('published');
          else if (moved.kind === 'sending') tally.skip('publishing');
          else if (moved.kind === 'not_required') tally.skip('not_in_workflow');
          else tally.skip('not_found');
        }
        break;
      }
      case 'reschedule': {
        const offset = action.offsetMinutes * 60_000;
        for (const post of eligible) {
          if (!hasEditableTime(post)) {
            tally.skip('published');
            continue;
          }
          const scheduledFor = new Date(post.scheduled_for.getTime() + offset);
          if (isBeyondScheduleHorizon(scheduledFor, now)) {
            tally.skip('out_of_range');
            continue;
          }
          if (scheduledFor.getTime() < now.getTime() - PAST_TOLERANCE_MS) {
            tally.skip('past');
            continue;
          }
          // The same media guards as posts.update and posts.reschedule.
          if (await mediaRefused(post)) continue;
          await saveNewTime(post, { scheduledFor });
        }
        // The network budgets, as for a single reschedule.
        await refuseOverBudget(action.confirmOverBudget);
        break;
      }
      case 'theme': {
        const target = theme!;
        for (const post of eligible) {
          if (post.theme_id === target.id) {
            tally.skip('unchanged');
            continue;
          }
          if (!target.social_networks.includes(post.platform)) {
            tally.skip('network_not_in_theme');
            continue;
          }
          const stage = target.requires_approval ? (post.approval_stage ?? 'draft') : null;
          // A theme without approval lets a scheduled post publish: the same media guards as a save.
          if (
            claimable({ status: post.status, approval_stage: stage }) &&
            !claimable(post) &&
            (await mediaRefused(post))
          )
            continue;
          const saved = await changePostTheme(trx, { workspaceId, post, themeId: target.id, stage, userId });
          tally.changed++;
          undo.push({
            id: post.id,
            version: saved.version,
            theme_id: post.theme_id,
            approval_stage: post.approval_stage,
          });
          if (claimable({ status: post.status, approval_stage: stage }) && post.scheduled_for)
            wakeUps.push(wake({ ...post, version: saved.version, scheduled_for: post.scheduled_for }));
        }
        break;
      }
      case 'queue': {
        const timeZone = await queueTimeZone(trx, workspaceId);
        // The earliest posts take the earliest slots: the selection's order by its current times
        // (posts without a time last), then by id.
        const ordered = [...eligible].sort(
          (a, b) =>
            (a.scheduled_for?.getTime() ?? Number.MAX_SAFE_INTEGER) -
              (b.scheduled_for?.getTime() ?? Number.MAX_SAFE_INTEGER) || a.id.localeCompare(b.id),
        );
        for (const post of ordered) {
          if (!hasEditableTime(post)) {
            tally.skip('published');
            continue;
          }
          // A draft leaves the draft only by its own "Agendar" / "Adicionar à fila" in Editar Post
          // (an undo here would put it back at its old time as a scheduled post).
          if (post.status === 'draft') {
            tally.skip('draft');
            continue;
          }
          // As "Adicionar à fila": a post that already holds a future slot keeps it.
          if (
            post.queue_account_id !== null &&
            post.status === 'scheduled' &&
            post.scheduled_for.getTime() > now.getTime()
          ) {
            tally.skip('already_queued');
            continue;
          }
          const account = resolvePostAccount(
            {
              workspace_id: workspaceId,
              platform: post.platform,
              connected_account_id: post.connected_account_id,
            },
            accounts,
          );
          if (!account) {
            tally.skip('queue_no_account');
            continue;
          }
          // The same media guards as posts.update, posts.reschedule and "Adicionar à fila".
          if (await mediaRefused(post)) continue;
          let slotAt: Date;
          try {
            slotAt = await freeSlotOf(trx, { workspaceId, account, timeZone, now });
          } catch (error) {
            if (error instanceof AppError && error.code === 'QUEUE_NO_SLOTS') tally.skip('queue_no_slots');
            else if (error instanceof AppError && error.code === 'QUEUE_FULL') tally.skip('queue_full');
            else throw error;
            continue;
          }
          await saveNewTime(post, { scheduledFor: slotAt, queueAccountId: account.id });
        }
        // The network budgets, as for "Adicionar à fila" and Reagendar.
        await refuseOverBudget(action.confirmOverBudget);
        break;
      }
      case 'delete': {
        const gone = await deleteLockedPosts(
          trx,
          workspaceId,
          eligible.map((p) => p.id),
        );
        tally.changed += gone.length;
        tally.skip('publishing', eligible.length - gone.length);
        deleted.push(...gone);
        break;
      }
    }
    if (tally.changed === 0) return null;
    const record = await insertBulkAction(trx, {
      workspaceId,
      userId,
      // Undoing "Para a fila" is a reschedule back to the previous times (the same undo entries):
      // it is recorded as one, so post_bulk_actions' CHECK needs no new value.
      action: action.kind === 'queue' ? 'reschedule' : action.kind,
      changed: tally.changed,
      undo: action.kind === 'delete' ? null : undo,
    });
    return action.kind === 'delete' ? null : record;
  });

  // After the commit: the new versions' wake-ups, the deleted posts' jobs removed.
  if (wakeUps.length > 0) await deps.queue.enqueuePublish(wakeUps, options.requestId);
  if (deleted.length > 0) await deps.queue.cancelPublish(deleted, options.requestId);
  return { action: action.kind, changed: tally.changed, skipped: tally.skipped, undoToken };
}

export interface BulkUndoResult {
  /** 'undone': done now; 'already_undone': an earlier undo did it; 'expired': past 24 h. */
  state: 'undone' | 'already_undone' | 'expired';
  restored: number;
  skipped: Partial<Record<BulkSkipReason, number>>;
}

/** "Desfazer": restores the posts the bulk call changed that are still as it left them. */
export async function undoBulkAction(
  deps: PostsDeps,
  options: {
    workspaceId: string;
    userId: string;
    role: WorkspaceRole;
    token: string;
    requestId?: string | undefined;
  },
): Promise<BulkUndoResult> {
  const { workspaceId, userId } = options;
  const now = deps.now?.() ?? new Date();
  const tally = new Tally();
  const wakeUps: WakeUp[] = [];
  const state = await deps.db.transaction().execute(async (trx) => {
    const record = await lockBulkAction(trx, workspaceId, options.token);
    if (!record || record.undo === null) throw new AppError('NOT_FOUND');
    const permission: WorkspaceAction =
      record.action === 'approve' || record.action === 'move' ? 'approval.approve' : 'posts.write';
    if (!can(options.role, permission)) throw new AppError('FORBIDDEN');
    if (record.state === 'undone') return 'already_undone' as const;
    if (record.state === 'expired') return 'expired' as const;
    const byId = new Map(record.undo.map((e) => [e.id, e]));
    const posts = await lockSelection(trx, { workspaceId, ids: [...byId.keys()], max: BULK_MAX_POSTS });
    tally.skip('not_found', byId.size - posts.length);
    const theme = new Map<string, Awaited<ReturnType<typeof lockTargetTheme>>>();
    for (const post of posts) {
      const entry = byId.get(post.id)!;
      if (post.version !== entry.version || post.status === 'publishing' || post.status === 'published') {
        tally.skip('changed_since');
        continue;
      }
      if (record.action === 'reschedule' && entry.scheduled_for) {
        const previous = new Date(entry.scheduled_for);
        if (previous.getTime() < now.getTime() - PAST_TOLERANCE_MS) {
          tally.skip('past');
          continue;
        }
        const saved = await restoreScheduledFor(trx, {
          workspaceId,
          id: post.id,
          version: entry.version,
          scheduledFor: previous,
        });
        if (!saved) {
          tally.skip('changed_since');
          continue;
        }
        tally.changed++;
        if (claimable(saved) && saved.scheduled_for)
          wakeUps.push(wake({ ...saved, scheduled_for: saved.scheduled_for }));
      } else if ((record.action === 'approve' || record.action === 'move') && entry.approval_stage) {
        const moved = await moveApprovalStageIn(trx, {
          workspaceId,
          postId: post.id,
          to: entry.approval_stage,
          by: { actor: 'owner', userId },
        });
        if (moved.kind !== 'moved') {
          tally.skip('changed_since');
          continue;
        }
        tally.changed++;
        if (claimable(moved.post) && moved.post.scheduled_for)
          wakeUps.push(wake({ ...moved.post, scheduled_for: moved.post.scheduled_for }));
      } else if (record.action === 'theme' && entry.theme_id) {
        if (!theme.has(entry.theme_id))
          theme.set(entry.theme_id, await lockTargetTheme(trx, workspaceId, entry.theme_id));
        if (!theme.get(entry.theme_id)) {
          tally.skip('not_found');
          continue;
        }
        const stage = entry.approval_stage ?? null;
        const saved = await changePostTheme(trx, {
          workspaceId,
          post,
          themeId: entry.theme_id,
          stage,
          userId,
        });
        tally.changed++;
        if (claimable({ status: post.status, approval_stage: stage }) && post.scheduled_for)
          wakeUps.push(wake({ ...post, version: saved.version, scheduled_for: post.scheduled_for }));
      } else tally.skip('changed_since');
    }
    await markBulkActionUndone(trx, workspaceId, options.token);
    return 'undone' as const;
  });
  if (wakeUps.length > 0) await deps.queue.enqueuePublish(wakeUps, options.requestId);
  return { state, restored: tally.changed, skipped: tally.skipped };
}
