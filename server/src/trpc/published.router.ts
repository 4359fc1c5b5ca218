import { PLATFORMS } from '@pauta/core';
import { takeSlot } from '@pauta/db';
import { z } from 'zod';
import { pageDirection } from '../posts/posts.schemas.js';
import { deletePublished, listPublished } from '../published/published.service.js';
import { router, workspaceProcedure } from './trpc.js';

const id = z.uuid();

/** A user may ask for a metrics refresh once per minute. */
export const METRICS_REFRESH_INTERVAL_MS = 60_000;

export const publishedRouter = router({
  /** Posts Publicados, newest first; metrics are null when the network does not report them. */
  list: workspaceProcedure('workspace.read')
    .input(
      z.strictObject({
        cursor: z.string().max(200).nullish(),
        direction: pageDirection,
        limit: z.number().int().min(1).max(100).default(24),
        themeId: id.nullish(),
        platform: z.enum(PLATFORMS).nullish(),
      }),
    )
    .query(({ ctx, input }) =>
      listPublished(ctx.deps.db, {
        workspaceId: ctx.workspace.id,
        themeId: input.themeId ?? undefined,
        platform: input.platform ?? undefined,
        cursor: input.cursor,
        limit: input.limit,
        env: ctx.deps.env,
        sandboxUrl: ctx.deps.env.SOCIAL_SANDBOX_URL,
      }),
    ),

  /**
   * "Atualizar métricas": asks the worker to read the caller's metrics now. One request per user
   * per minute (across web processes: a slot in PostgreSQL) and one pending job per user; the
   * numbers arrive as live events. `retryAfterSeconds` says when a limited caller may ask again.
   */
  refreshMetrics: workspaceProcedure('workspace.read').mutation(async ({ ctx }) => {
    if (!ctx.deps.queue.isAvailable()) return { queued: false, retryAfterSeconds: null };
    const wait = await takeSlot(ctx.deps.db, {
      key: `metrics-refresh:${ctx.user.id}`,
      intervalMs: METRICS_REFRESH_INTERVAL_MS,
      now: new Date(),
    });
    if (wait > 0) return { queued: false, retryAfterSeconds: wait };
    return { queued: await ctx.deps.queue.requestMetricsSync(ctx.workspace.id), retryAfterSeconds: null };
  }),

  /** Removes Pauta's record of the publication; the post itself stays on the network. */
  delete: workspaceProcedure('posts.write')
    .input(z.strictObject({ id }))
    .mutation(({ ctx, input }) => deletePublished(ctx.deps.db, ctx.workspace.id, input.id)),
});
