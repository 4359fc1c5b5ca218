import { z } from 'zod';
import { readBestTimeModels, suggestTimesForPost } from '../best-time/best-time.service.js';
import { userTimeZone } from '../posts/user-time-zone.js';
import { router, workspaceProcedure } from './trpc.js';

export const bestTimeRouter = router({
  /** "Melhores horários" (docs/best-time.md): the caller's 7 × 24 grid per network, with its confidence. */
  grid: workspaceProcedure('workspace.read').query(async ({ ctx }) => {
    const timeZone = ctx.user.timeZone ?? (await userTimeZone(ctx.deps.db, ctx.user.id));
    const models = await readBestTimeModels(ctx.deps.db, {
      workspaceId: ctx.workspace.id,
      timeZone,
      now: new Date(),
    });
    return { timeZone, networks: models };
  }),

  /** "Sugestões de horário" of one of the caller's posts: the next 3 free good slots of its network. */
  suggestions: workspaceProcedure('workspace.read')
    .input(z.strictObject({ postId: z.uuid() }))
    .query(({ ctx, input }) =>
      suggestTimesForPost(ctx.deps.db, {
        workspaceId: ctx.workspace.id,
        userId: ctx.user.id,
        postId: input.postId,
        now: new Date(),
        timeZone: ctx.user.timeZone,
      }),
    ),
});
