// "Fila de publicação" (docs/posting-queue.md): slots per account, the board, reorder, slots from
// the best times and the workspace's zone. "Adicionar à fila" is posts.addToQueue (posts.router.ts).
import { isValidTimeZone, PLATFORMS } from '@pauta/core';
import { setWorkspaceTimeZone } from '@pauta/db';
import { z } from 'zod';
import {
  addSlot,
  nextFreeSlot,
  readQueueBoard,
  removeSlot,
  reorderQueue,
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
