// Client reports (issue 27 item 4; docs/reports.md "Generation"). `reports.generate` inserts the
// period's row or returns the one already there (UNIQUE (workspace, period)) and starts the work
// in the background; `reports.list` shows the rows with their progress and, once done, a signed
// URL of the PDF.
import { randomUUID } from 'node:crypto';
import {
  AppError,
  CLIENT_LINK_DEFAULT_DAYS,
  CLIENT_LINK_MAX_DAYS,
  can,
  periodProblem,
  REPORT_NOTE_MAX,
} from '@pauta/core';
import { deleteReport, insertOrGetReport, listReports, type ReportRow } from '@pauta/db';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { browserMediaUrl } from '../media/media.service.js';
import {
  createReportLink,
  openReportPage,
  type ReportLinkView,
  reportLinksOf,
  revokeReportLinkOf,
} from '../reports/report-link.service.js';
import { publicProcedure, router, workspaceProcedure } from './trpc.js';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

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
  /** Its private links (owner and editor only; empty for the others). */
  links: ReportLinkView[];
}

function toView(deps: AppDeps, row: ReportRow, links: ReportLinkView[] = []): ReportView {
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
    links,
  };
}

export const reportsRouter = router({
  /** The workspace's reports, newest first. */
  list: workspaceProcedure('workspace.read').query(async ({ ctx }) => {
    const [rows, links] = await Promise.all([
      listReports(ctx.deps.db, ctx.workspace.id),
      can(ctx.workspace.role, 'posts.write') ? reportLinksOf(ctx.deps, ctx.workspace.id) : null,
    ]);
    return rows.map((row) => toView(ctx.deps, row, links?.get(row.id) ?? []));
  }),

  /**
   * "Criar link": a private read-only link to a done report (docs/reports.md "The private link").
   * Its answer carries the link's only copy.
   */
  createLink: workspaceProcedure('posts.write')
    .meta({
      access: 'user',
      workspaceAction: 'posts.write',
      idempotencyExempt:
        'its answer carries the only copy of the link, which must never be stored (the idempotency record ' +
        'keeps answers in clear); the Idempotency-Key the browser sends is stored on the link row instead, so ' +
        'a repeat of one click finds the same link and re-issues its token (one link, never two)',
    })
    .input(
      z.strictObject({
        reportId: z.uuid(),
        validDays: z.number().int().min(1).max(CLIENT_LINK_MAX_DAYS).default(CLIENT_LINK_DEFAULT_DAYS),
      }),
    )
    .mutation(({ ctx, input }) =>
      createReportLink(ctx.deps, {
        workspaceId: ctx.workspace.id,
        userId: ctx.user.id,
        reportId: input.reportId,
        validDays: input.validDays,
        // Without a key (not the browser) the request is its own action: a new link.
        requestKey: ctx.idempotencyKey ?? `sem-chave:${randomUUID()}`,
      }),
    ),

  /** "Revogar": at once; a repeat changes nothing. */
  revokeLink: workspaceProcedure('posts.write')
    .input(z.strictObject({ id: z.uuid() }))
    .mutation(({ ctx, input }) =>
      revokeReportLinkOf(ctx.deps, { workspaceId: ctx.workspace.id, linkId: input.id }),
    ),

  /**
   * "Excluir": the report, its PDF, its snapshot and its private links (which stop opening it at
   * once). Idempotent: a report already gone answers the same. Refused (409 REPORT_BUSY) while an
   * attempt is making it.
   */
  delete: workspaceProcedure('posts.write')
    .input(z.strictObject({ id: z.uuid() }))
    .mutation(async ({ ctx, input }): Promise<{ id: string }> => {
      const { deleted, busy } = await deleteReport(ctx.deps.db, ctx.workspace.id, input.id);
      if (busy) throw new AppError('CONFLICT', { reason: 'REPORT_BUSY' });
      if (deleted?.pdf_key && ctx.deps.media) {
        const key = deleted.pdf_key;
        // The row is gone (nothing points at the file any more); a failed delete leaves an orphan
        // file in storage, never a report without its PDF.
        await ctx.deps.media.storage
          .delete([key])
          .catch((err: unknown) =>
            ctx.deps.logger.warn({ err, reportId: input.id }, 'PDF do relatório não apagado'),
          );
      }
      return { id: input.id };
    }),

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

/** /relatorio/<token>: public, the token is the only credential (reports/report-link.service.ts). */
export const reportPageRouter = router({
  view: publicProcedure
    .input(z.strictObject({ token: z.string().min(1).max(100) }))
    .query(({ ctx, input }) => openReportPage(ctx.deps, { token: input.token, ip: ctx.ip })),
});
