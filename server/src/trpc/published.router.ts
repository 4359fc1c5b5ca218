import { PLATFORMS } from '@pauta/core';
import { z } from 'zod';
import { pageDirection } from '../posts/posts.schemas.js';
import { PostRuleError } from '../posts/posts.service.js';
import { deletePublished, listPublished } from '../published/published.service.js';
import { appError } from './errors.js';
import { authedProcedure, router } from './trpc.js';

const id = z.uuid();

function toAppError(error: unknown): unknown {
  if (!(error instanceof PostRuleError)) return error;
  if (error.code === 'NOT_FOUND') return appError('NOT_FOUND', 'NOT_FOUND');
  return appError('BAD_REQUEST', 'VALIDATION_FAILED', error.details);
}

export const publishedRouter = router({
  /** Posts Publicados, newest first; metrics are null when the network does not report them. */
  list: authedProcedure
    .input(
      z.strictObject({
        cursor: z.string().max(200).nullish(),
        direction: pageDirection,
        limit: z.number().int().min(1).max(100).default(24),
        themeId: id.nullish(),
        platform: z.enum(PLATFORMS).nullish(),
      }),
    )
    .query(async ({ ctx, input }) => {
      try {
        return await listPublished(ctx.deps.db, {
          userId: ctx.user.id,
          themeId: input.themeId ?? undefined,
          platform: input.platform ?? undefined,
          cursor: input.cursor,
          limit: input.limit,
        });
      } catch (error) {
        throw toAppError(error);
      }
    }),

  /** Asks the worker to read the caller's metrics now (one pending request per user at a time). */
  refreshMetrics: authedProcedure.mutation(async ({ ctx }) => ({
    queued: await ctx.deps.queue.requestMetricsSync(ctx.user.id),
  })),

  /** Removes Pauta's record of the publication; the post itself stays on the network. */
  delete: authedProcedure.input(z.strictObject({ id })).mutation(async ({ ctx, input }) => {
    try {
      return await deletePublished(ctx.deps.db, ctx.user.id, input.id);
    } catch (error) {
      throw toAppError(error);
    }
  }),
});
