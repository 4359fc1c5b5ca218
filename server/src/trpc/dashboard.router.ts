import { readCharts, readSummary } from '../dashboard/dashboard.service.js';
import { router, workspaceProcedure } from './trpc.js';

export const dashboardRouter = router({
  /** The metric cards: totals of the caller's workspace only (docs/security.md Z4), with their pt-BR labels. */
  summary: workspaceProcedure('workspace.read').query(({ ctx }) =>
    readSummary(ctx.deps.db, ctx.workspace.id),
  ),

  /** Published posts per week (last 12) and scheduled posts per week and network (next 6). */
  charts: workspaceProcedure('workspace.read').query(({ ctx }) =>
    readCharts(ctx.deps.db, {
      workspaceId: ctx.workspace.id,
      userId: ctx.user.id,
      now: new Date(),
      timeZone: ctx.user.timeZone,
    }),
  ),
});
