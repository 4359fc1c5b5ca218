import { z } from 'zod';
import { publicProcedure, router } from './trpc.js';

export const dataDeletionRouter = router({
  /** Public form (signed in or not): the request is stored for administrators to carry out. */
  submit: publicProcedure
    .input(
      z.strictObject({
        reason: z.string().trim().min(1).max(2000),
        email: z.string().trim().max(254).pipe(z.email()).optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.db
        .insertInto('data_deletion_requests')
        .values({
          user_id: ctx.user?.id ?? null,
          email: ctx.user?.email ?? input.email?.toLowerCase() ?? null,
          reason: input.reason,
        })
        .execute();
      return { ok: true as const };
    }),
});
