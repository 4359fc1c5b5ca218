import { readCharts, readSummary } from '../dashboard/dashboard.service.js';
import { authedProcedure, router } from './trpc.js';

export const dashboardRouter = router({
  /** The metric cards: totals of the caller only (docs/security.md Z4), with their pt-BR labels. */
  summary: authedProcedure.query(({ ctx }) => readSummary(ctx.deps.db, ctx.user.id)),

  /** Published posts per week (last 12) and scheduled posts per week and network (next 6). */
  charts: authedProcedure.query(({ ctx }) =>
    readCharts(ctx.deps.db, { userId: ctx.user.id, now: new Date(), timeZone: ctx.user.timeZone }),
  ),
});
