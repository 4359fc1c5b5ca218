// "Fila de publicação" (docs/posting-queue.md): slots per account, the board, reorder, slots from
// the best times and the workspace's zone. "Adicionar à fila" is posts.addToQueue (posts.router.ts).
import { AppError, isValidTimeZone, MAX_QUEUE_SLOTS_PER_ACCOUNT, PLATFORMS } from '@pauta/core';
import { setWorkspaceTimeZone } from '@pauta/db';
import { z } from 'zod';
import {
  addSlot,
  nextFreeSlot,
  readQueueBoard,
  removeSlot,
  reorderQueue,
  setAccountSlots,
  slotsFromBestTimes,
} from '../posting-queue/posting-queue.service.js';
import { router, workspaceProcedure } from './trpc.js';

const slotInput = z.strictObject({
  accountId: z.uuid(),
  weekday: z.number().int().min(0).max(6),
  minute: z.number().int().min(0).max(1439),
});

export const postingQueueRouter = router({
  /** Every active account with its slots and its next slot times (each with the post that fills it). */
  board: workspaceProcedure('workspace.read').query(({ ctx }) =>
    readQueueBoard(ctx.deps, { workspaceId: ctx.workspace.id }),
  ),

  /**
   * One account's queue (REST `GET /accounts/{accountId}/queue`): its slots, next slot times and
   * queued posts in order, from the same board; NOT_FOUND for an account not of the workspace.
   */
  account: workspaceProcedure('workspace.read')
    .input(z.strictObject({ accountId: z.uuid() }))
    .query(async ({ ctx, input }) => {
      const board = await readQueueBoard(ctx.deps, { workspaceId: ctx.workspace.id });
      const account = board.accounts.find((a) => a.accountId === input.accountId);
      if (!account) throw new AppError('NOT_FOUND');
      return { timeZone: board.timeZone, ...account };
    }),

  /**
   * Replaces an account's weekly slots (REST `PUT /accounts/{accountId}/queue/slots`): the same
   * list again is the same state. Queued posts keep their times (as removing a slot in the UI).
   */
  setSlots: workspaceProcedure('posts.write')
    .input(
      z.strictObject({
        accountId: z.uuid(),
        slots: z
          .array(slotInput.omit({ accountId: true }))
          .max(MAX_QUEUE_SLOTS_PER_ACCOUNT)
          .refine(
            (slots) => new Set(slots.map((s) => `${s.weekday}:${s.minute}`)).size === slots.length,
            'duplicate',
          ),
      }),
    )
    .mutation(({ ctx, input }) =>
      setAccountSlots(ctx.deps, {
        workspaceId: ctx.workspace.id,
        accountId: input.accountId,
        slots: input.slots,
      }),
    ),

  /** The next free slot of the network's account (nothing is reserved). */
  nextSlot: workspaceProcedure('workspace.read')
    .input(z.strictObject({ platform: z.enum(PLATFORMS) }))
    .query(({ ctx, input }) =>
      nextFreeSlot(ctx.deps, { workspaceId: ctx.workspace.id, platform: input.platform }),
    ),

  /** "Adicionar horário": one slot more (idempotent). */
  addSlot: workspaceProcedure('posts.write')
    .input(slotInput)
    .mutation(({ ctx, input }) => addSlot(ctx.deps, { workspaceId: ctx.workspace.id, ...input })),

  /** Removes one slot (idempotent); queued posts keep their times. */
  removeSlot: workspaceProcedure('posts.write')
    .input(slotInput)
    .mutation(({ ctx, input }) => removeSlot(ctx.deps, { workspaceId: ctx.workspace.id, ...input })),

  /** "Criar horários a partir dos melhores horários": the network's 3 best distinct times become slots. */
  slotsFromBestTimes: workspaceProcedure('posts.write')
    .input(z.strictObject({ accountId: z.uuid() }))
    .mutation(({ ctx, input }) =>
      slotsFromBestTimes(ctx.deps, { workspaceId: ctx.workspace.id, accountId: input.accountId }),
    ),

  /** The account's queued posts in their new order; they take the same slot times in that order. */
  reorder: workspaceProcedure('posts.write')
    .input(z.strictObject({ accountId: z.uuid(), postIds: z.array(z.uuid()).min(1).max(500) }))
    .mutation(({ ctx, input }) =>
      reorderQueue(ctx.deps, {
        workspaceId: ctx.workspace.id,
        userId: ctx.user.id,
        accountId: input.accountId,
        postIds: input.postIds,
        requestId: ctx.requestId,
      }),
    ),

  /** The workspace's zone for its queue (owners only, like the workspace's other settings). */
  setTimeZone: workspaceProcedure('workspace.settings')
    .input(z.strictObject({ timeZone: z.string().min(1).max(64).refine(isValidTimeZone) }))
    .mutation(async ({ ctx, input }) => {
      await setWorkspaceTimeZone(ctx.deps.db, ctx.workspace.id, input.timeZone);
      return { timeZone: input.timeZone };
    }),
});
