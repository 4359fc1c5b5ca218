// The posting queue (docs/posting-queue.md): weekly slots per connected account in the
// workspace's zone, "Adicionar à fila" (the account's next free slot), reordering, a theme's
// posts filling the queue, and slots from the best times. Plain functions taking their
// dependencies; the recurring posts (another feature) re-queue through enqueuePost/nextFreeSlot.
import {
  AppError,
  DEFAULT_TIME_ZONE,
  distinctTopSlots,
  EDITABLE_POST_STATUSES,
  isEditablePostStatus,
  isValidTimeZone,
  MAX_QUEUE_SLOTS_PER_ACCOUNT,
  nextFreeSlotTime,
  type Platform,
  QUEUE_PREVIEW_SLOTS,
  type QueueSlot,
  queueHorizon,
  sortQueueSlots,
  upcomingSlotTimes,
} from '@pauta/core';
import {
  type AccountSummary,
  addQueueSlot,
  countWorkspaceRows,
  type Database,
  deleteQueueSlot,
  findPostAccount,
  findQueueTimeZone,
  findScheduledPost,
  listActiveAccounts,
  listBusyQueueTimes,
  listQueuedPosts,
  listQueueSlots,
  listUpcomingPosts,
  lockQueueAccount,
  type PostAccountRef,
  reassignQueuedPosts,
  replaceQueueSlots,
  saveScheduledPostVersion,
} from '@pauta/db';
import type { Kysely } from 'kysely';
import { readBestTimeModels } from '../best-time/best-time.service.js';
import type { MemoryCache } from '../cache/memory-cache.js';
import { assertReschedulable } from '../posts/posts.service.js';
import type { QueueGateway, WakeUp } from '../queue/queue-gateway.js';

export interface PostingQueueDeps {
  db: Kysely<Database>;
  queue: QueueGateway;
  now?: () => Date;
  cache?: MemoryCache | undefined;
}

/** The workspace's zone for its queue: its own, else its owner's, else the default. */
export async function queueTimeZone(db: Kysely<Database>, workspaceId: string): Promise<string> {
  const zone = await findQueueTimeZone(db, workspaceId);
  return isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** The post's account (db resolvePostAccount): its queue is the one a post joins. */
async function activeAccountOf(db: Kysely<Database>, post: PostAccountRef) {
  const account = await findPostAccount(db, post);
  if (!account) throw new AppError('QUEUE_NO_ACCOUNT');
  return account;
}

/**
 * The account's next free slot for a post of `platform` (read only, nothing is reserved): what
 * "Adicionar à fila" would take now. QUEUE_NO_ACCOUNT, QUEUE_NO_SLOTS or QUEUE_FULL otherwise.
 */
export async function nextFreeSlot(
  deps: Pick<PostingQueueDeps, 'db' | 'now'>,
  input: { workspaceId: string; platform: Platform; accountId?: string | null | undefined },
): Promise<{ accountId: string; slotAt: Date; timeZone: string }> {
  const now = deps.now?.() ?? new Date();
  const account = await activeAccountOf(deps.db, {
    workspace_id: input.workspaceId,
    platform: input.platform,
    connected_account_id: input.accountId ?? null,
  });
  const timeZone = await queueTimeZone(deps.db, input.workspaceId);
  const slotAt = await freeSlotOf(deps.db, { workspaceId: input.workspaceId, account, timeZone, now });
  return { accountId: account.id, slotAt, timeZone };
}

/**
 * The account's first free slot after `now`, read inside the caller's transaction (which holds the
 * account's lock: `lockQueueAccount`). "Adicionar à fila" and the bulk "Para a fila" both use it, so
 * a post saved earlier in the same transaction already occupies its slot.
 */
export async function freeSlotOf(
  db: Kysely<Database>,
  input: { workspaceId: string; account: AccountSummary; timeZone: string; now: Date },
): Promise<Date> {
  const slots = await listQueueSlots(db, input.workspaceId, input.account.id);
  if (slots.length === 0) throw new AppError('QUEUE_NO_SLOTS');
  const until = queueHorizon(input.now);
  const busy = await listBusyQueueTimes(db, {
    workspaceId: input.workspaceId,
    platform: input.account.platform,
    accountId: input.account.id,
    from: input.now,
    until,
  });
  const slotAt = nextFreeSlotTime({ slots, timeZone: input.timeZone, now: input.now, until, busy });
  if (!slotAt) throw new AppError('QUEUE_FULL');
  return slotAt;
}

export interface EnqueueResult {
  postId: string;
  /** The slot the post holds. */
  slotAt: Date;
  /** True when the post already held a slot (nothing changed). */
  alreadyQueued: boolean;
  /** The queue's zone (the workspace's), to show the slot in. */
  timeZone: string;
}

const UNIQUE_VIOLATION = '23505';
const ENQUEUE_ATTEMPTS = 3;

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION
  );
}

/** "Adicionar à fila" of one post by its user (the budget confirmed or not). */
interface EnqueueInput {
  workspaceId: string;
  userId: string;
  postId: string;
  confirmOverBudget?: boolean | undefined;
  requestId?: string | undefined;
}

/**
 * "Adicionar à fila": the post takes its account's next free slot, as a new version (its wake-up
 * is enqueued after the commit). Idempotent: a post that already holds a future slot keeps it.
 * Under the account's lock, so two adds at once take two slots; the partial unique index
 * suggested_posts_queue_slot_key guarantees it even if the lock were bypassed (a violation is
 * retried with the next slot).
 */
export async function enqueuePost(deps: PostingQueueDeps, input: EnqueueInput): Promise<EnqueueResult> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await enqueueOnce(deps, input);
    } catch (error) {
      if (attempt < ENQUEUE_ATTEMPTS && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

async function enqueueOnce(deps: PostingQueueDeps, input: EnqueueInput): Promise<EnqueueResult> {
  const now = deps.now?.() ?? new Date();
  const post = await findScheduledPost(deps.db, input.workspaceId, input.postId);
  if (!post) throw new AppError('NOT_FOUND');
  const timeZone = await queueTimeZone(deps.db, input.workspaceId);
  if (isQueued(post, now))
    return { postId: post.id, slotAt: post.scheduled_for, alreadyQueued: true, timeZone };
  if (!isEditablePostStatus(post.status)) throw new AppError('CONFLICT');
  const account = await activeAccountOf(deps.db, {
    workspace_id: input.workspaceId,
    platform: post.platform,
    connected_account_id: post.connected_account_id,
  });
  const outcome = await deps.db.transaction().execute(async (trx) => {
    await lockQueueAccount(trx, account.id);
    // A concurrent add of the same post may have queued it while this one waited for the lock.
    const current = await findScheduledPost(trx, input.workspaceId, input.postId);
    if (!current) throw new AppError('NOT_FOUND');
    if (isQueued(current, now))
      return { result: { postId: current.id, slotAt: current.scheduled_for, alreadyQueued: true, timeZone } };
    const slotAt = await freeSlotOf(trx, { workspaceId: input.workspaceId, account, timeZone, now });
    await assertReschedulable(deps, current, {
      workspaceId: input.workspaceId,
      userId: input.userId,
      scheduledFor: slotAt,
      confirmOverBudget: input.confirmOverBudget,
    });
    const saved = await saveScheduledPostVersion(trx, {
      workspaceId: input.workspaceId,
      postId: input.postId,
      changes: { scheduledFor: slotAt, queueAccountId: account.id },
      allowed: EDITABLE_POST_STATUSES,
      now,
      // "Adicionar à fila" of a draft schedules it (docs/composer.md).
      scheduleDraft: true,
    });
    if (!saved) throw new AppError('CONFLICT');
    const wakeUp: WakeUp = {
      id: saved.id,
      version: saved.version,
      scheduled_for: saved.scheduled_for,
      platform: saved.platform,
    };
    return { result: { postId: saved.id, slotAt, alreadyQueued: false, timeZone }, wakeUp };
  });
  if (outcome.wakeUp) await deps.queue.enqueuePublish([outcome.wakeUp], input.requestId);
  return outcome.result;
}

function isQueued(
  post: { queue_account_id?: string | null; status: string; scheduled_for: Date },
  now: Date,
) {
  return (
    post.queue_account_id != null &&
    post.status === 'scheduled' &&
    post.scheduled_for.getTime() > now.getTime()
  );
}

/**
 * Fills the queue with new posts (a theme's generation with "Preencher a fila"): each post takes
 * its account's next free slot, in order. A post whose network has no account, no slots or no
 * free slot keeps the time it was created with; returns how many were queued.
 */
export async function fillQueue(
  deps: PostingQueueDeps,
  input: { workspaceId: string; userId: string; postIds: readonly string[]; requestId?: string | undefined },
): Promise<{ queued: number; notQueued: number }> {
  let queued = 0;
  for (const postId of input.postIds) {
    try {
      await enqueuePost(deps, { ...input, postId, confirmOverBudget: true });
      queued += 1;
    } catch (error) {
      if (
        error instanceof AppError &&
        ['QUEUE_NO_ACCOUNT', 'QUEUE_NO_SLOTS', 'QUEUE_FULL'].includes(error.code)
      )
        continue;
      throw error;
    }
  }
  return { queued, notQueued: input.postIds.length - queued };
}

/**
 * Reorders an account's queue: `postIds` is the new order of exactly its queued posts still to
 * go out; they take the same slot times in that order. One transaction under the account's lock;
 * CONFLICT (nothing changes) when the list is not the current queue (another tab changed it).
 */
export async function reorderQueue(
  deps: PostingQueueDeps,
  input: {
    workspaceId: string;
    userId: string;
    accountId: string;
    postIds: readonly string[];
    requestId?: string | undefined;
  },
): Promise<{ moved: number }> {
  const now = deps.now?.() ?? new Date();
  const wakeUps = await deps.db.transaction().execute(async (trx) => {
    // Another workspace's account or posts are not found here (not "the queue changed").
    if ((await countWorkspaceRows(trx, { ...input, kind: 'account', ids: [input.accountId] })) !== 1)
      throw new AppError('NOT_FOUND');
    const unique = new Set(input.postIds).size;
    if ((await countWorkspaceRows(trx, { ...input, kind: 'posts', ids: input.postIds })) !== unique)
      throw new AppError('NOT_FOUND');
    await lockQueueAccount(trx, input.accountId);
    const queued = await listQueuedPosts(trx, {
      workspaceId: input.workspaceId,
      accountId: input.accountId,
      from: now,
    });
    const current = queued.map((post) => post.id);
    const same =
      current.length === input.postIds.length &&
      new Set(input.postIds).size === input.postIds.length &&
      input.postIds.every((id) => current.includes(id));
    if (!same) throw new AppError('CONFLICT');
    const times = queued.map((post) => post.scheduled_for);
    const assignments = input.postIds
      .map((postId, index) => ({ postId, scheduledFor: times[index]! }))
      .filter(({ postId, scheduledFor }) => {
        const before = queued.find((post) => post.id === postId)!;
        return before.scheduled_for.getTime() !== scheduledFor.getTime();
      });
    const moved = await reassignQueuedPosts(trx, {
      workspaceId: input.workspaceId,
      accountId: input.accountId,
      assignments,
      now,
    });
    if (moved.length !== assignments.length) throw new AppError('CONFLICT');
    return moved;
  });
  await deps.queue.enqueuePublish(wakeUps, input.requestId);
  return { moved: wakeUps.length };
}

/** Replaces an account's slots. NOT_FOUND when the account is not the workspace's. */
export async function setAccountSlots(
  deps: Pick<PostingQueueDeps, 'db'>,
  input: { workspaceId: string; accountId: string; slots: readonly QueueSlot[] },
): Promise<{ slots: QueueSlot[] }> {
  const slots = sortQueueSlots(input.slots);
  if (slots.length > MAX_QUEUE_SLOTS_PER_ACCOUNT) throw new AppError('VALIDATION_FAILED', { field: 'slots' });
  const ok = await replaceQueueSlots(deps.db, { ...input, slots });
  if (!ok) throw new AppError('NOT_FOUND');
  return { slots };
}

/** Adds one slot ("Adicionar horário"); idempotent. NOT_FOUND for another workspace's account. */
export async function addSlot(
  deps: Pick<PostingQueueDeps, 'db'>,
  input: { workspaceId: string; accountId: string; weekday: number; minute: number },
): Promise<{ added: boolean }> {
  const outcome = await addQueueSlot(deps.db, { ...input, max: MAX_QUEUE_SLOTS_PER_ACCOUNT });
  if (outcome === 'not_found') throw new AppError('NOT_FOUND');
  if (outcome === 'full')
    throw new AppError('VALIDATION_FAILED', { field: 'slots', max: MAX_QUEUE_SLOTS_PER_ACCOUNT });
  return { added: outcome === 'added' };
}

/** Removes one slot; idempotent (an absent slot is no error). Queued posts keep their times. */
export async function removeSlot(
  deps: Pick<PostingQueueDeps, 'db'>,
  input: { workspaceId: string; accountId: string; weekday: number; minute: number },
): Promise<{ removed: boolean }> {
  return { removed: await deleteQueueSlot(deps.db, input) };
}

/**
 * "Criar horários a partir dos melhores horários": adds the network's `count` best distinct
 * times of the week (docs/best-time.md, whole hours) to the account's slots; existing slots stay.
 */
export async function slotsFromBestTimes(
  deps: Pick<PostingQueueDeps, 'db' | 'now'>,
  input: { workspaceId: string; accountId: string; count?: number },
): Promise<{ added: QueueSlot[]; slots: QueueSlot[] }> {
  const now = deps.now?.() ?? new Date();
  const account = (await listActiveAccounts(deps.db, input.workspaceId)).find(
    (a) => a.id === input.accountId,
  );
  if (!account) throw new AppError('NOT_FOUND');
  const timeZone = await queueTimeZone(deps.db, input.workspaceId);
  const [model] = await readBestTimeModels(deps.db, {
    workspaceId: input.workspaceId,
    timeZone,
    now,
    platform: account.platform,
  });
  const best = model ? distinctTopSlots(model, input.count ?? 3) : [];
  const existing = (await listQueueSlots(deps.db, input.workspaceId, account.id)).map(
    ({ weekday, minute }) => ({
      weekday,
      minute,
    }),
  );
  const added = best
    .map((slot) => ({ weekday: slot.weekday, minute: slot.hour * 60 }))
    .filter((slot) => !existing.some((e) => e.weekday === slot.weekday && e.minute === slot.minute));
  const { slots } = await setAccountSlots(deps, {
    workspaceId: input.workspaceId,
    accountId: account.id,
    slots: [...existing, ...added],
  });
  return { added: sortQueueSlots(added), slots };
}

export interface QueueBoardEntry {
  at: Date;
  post: {
    id: string;
    title: string;
    content: string;
    themeName: string;
    themeColor: string;
    status: string;
    approvalStage: string | null;
    queued: boolean;
  } | null;
}

export interface QueueBoardAccount {
  accountId: string;
  platform: Platform;
  accountName: string;
  slots: QueueSlot[];
  /** The next slot times, each with the post that fills it (null = free). */
  upcoming: QueueBoardEntry[];
  /** The queued posts in order (what reorder takes). */
  queuedPostIds: string[];
}

/** "Fila de publicação": every active account with its slots and its next slot times. */
export async function readQueueBoard(
  deps: Pick<PostingQueueDeps, 'db' | 'now'>,
  input: { workspaceId: string },
): Promise<{ timeZone: string; accounts: QueueBoardAccount[] }> {
  const now = deps.now?.() ?? new Date();
  const timeZone = await queueTimeZone(deps.db, input.workspaceId);
  const accounts = await listActiveAccounts(deps.db, input.workspaceId);
  const slots = await listQueueSlots(deps.db, input.workspaceId);
  const until = queueHorizon(now);
  const posts = await listUpcomingPosts(deps.db, {
    workspaceId: input.workspaceId,
    platforms: accounts.map((a) => a.platform),
    from: now,
    until,
  });
  return {
    timeZone,
    accounts: accounts.map((account) => {
      const own = sortQueueSlots(
        slots
          .filter((s) => s.connected_account_id === account.id)
          .map(({ weekday, minute }) => ({ weekday, minute })),
      );
      // The account's posts: another account of the network keeps its own times.
      const ofNetwork = posts.filter(
        (post) =>
          post.platform === account.platform &&
          (post.connected_account_id === account.id || post.connected_account_id === null),
      );
      const queuedPosts = ofNetwork.filter(
        (post) => post.queue_account_id === account.id && post.status === 'scheduled',
      );
      // The slots up to the last queued post, and at least QUEUE_PREVIEW_SLOTS of them.
      const lastQueued = queuedPosts.at(-1)?.scheduled_for;
      const times = upcomingSlotTimes({ slots: own, timeZone, after: now, until }).filter(
        (at, index) => index < QUEUE_PREVIEW_SLOTS || (lastQueued !== undefined && at <= lastQueued),
      );
      const byTime = new Map(ofNetwork.map((post) => [post.scheduled_for.getTime(), post]));
      return {
        accountId: account.id,
        platform: account.platform,
        accountName: account.platform_username ?? account.platform,
        slots: own,
        upcoming: times.map((at) => {
          const post = byTime.get(at.getTime());
          return {
            at,
            post: post
              ? {
                  id: post.id,
                  title: post.title,
                  content: post.content.slice(0, 280),
                  themeName: post.theme_name,
                  themeColor: post.theme_color,
                  status: post.status,
                  approvalStage: post.approval_stage,
                  queued: post.queue_account_id === account.id,
                }
              : null,
          };
        }),
        queuedPostIds: queuedPosts.map((post) => post.id),
      };
    }),
  };
}
