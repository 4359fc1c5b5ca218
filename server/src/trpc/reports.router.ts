// Client reports (issue 27 item 4; docs/reports.md "Generation"). `reports.generate` inserts the
// period's row or returns the one already there (UNIQUE (workspace, period)) and starts the work
// in the background; `reports.list` shows the rows with their progress and, once done, a signed
// URL of the PDF.
import { AppError, periodProblem } from '@pauta/core';
import { insertOrGetReport, listReports, type ReportRow } from '@pauta/db';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { browserMediaUrl } from '../media/media.service.js';
import { router, workspaceProcedure } from './trpc.js';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const REPORT_NOTE_MAX = 2000;

export interface ReportView {
  id: string;
  periodStart: string;
  periodEnd: string;
  status: ReportRow['status'];
  progress: number;
  note: string;
  errorCode: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  /** Same-origin signed URL of the PDF (one to two hours), once done. */
  pdfUrl: string | null;
}

function toView(deps: AppDeps, row: ReportRow): ReportView {
  return {
    id: row.id,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    status: row.status,
    progress: row.progress,
    note: row.note,
    errorCode: row.error_code,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    pdfUrl:
      row.status === 'done' && row.pdf_key && deps.media
        ? browserMediaUrl(deps.media.signingKey, row.pdf_key)
        : null,
  };
}

export const reportsRouter = router({
  /** The workspace's reports, newest first. */
  list: workspaceProcedure('workspace.read').query(async ({ ctx }) =>
    (await listReports(ctx.deps.db, ctx.workspace.id)).map((row) => toView(ctx.deps, row)),
  ),

  /**
   * The period's report: inserted, or the existing row returned (a second click, tab or process
   * gets the same row). A queued or failed row, or one whose lease expired, is (re)started here;
   * a done one is returned as it is.
   */
  generate: workspaceProcedure('posts.write')
    .input(
      z.object({
        periodStart: day,
        periodEnd: day,
        note: z.string().trim().max(REPORT_NOTE_MAX).default(''),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const problem = periodProblem({ from: input.periodStart, to: input.periodEnd });
      if (problem) throw new AppError('VALIDATION_FAILED', { field: 'periodEnd' });
      const { row } = await insertOrGetReport(ctx.deps.db, {
        workspaceId: ctx.workspace.id,
        periodStart: input.periodStart,
        periodEnd: input.periodEnd,
        note: input.note,
        requestedBy: ctx.user.id,
      });
      // Without a runner in this process (API-only tests) the row stays queued: the sweep of a
      // process that has one starts it. The claim decides whether anything actually runs.
      if (row.status !== 'done') ctx.deps.reports?.start(ctx.workspace.id, row.id);
      return toView(ctx.deps, row);
    }),
});
