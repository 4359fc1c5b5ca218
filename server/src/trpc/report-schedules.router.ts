// The scheduled report email's settings (issue 27 item 3; docs/reports.md "Scheduled email"):
// `reportSchedules.get` / `reportSchedules.set`, the owner's only (workspace.settings). `set` is an
// upsert of the workspace's one schedule: the same input twice leaves the same row. The sending is
// the web process's sweep (reports/report-email.ts).
import {
  AppError,
  normalizeRecipients,
  REPORT_SCHEDULE_FREQUENCIES,
  type ReportScheduleFrequency,
  reportRecipientsProblem,
} from '@pauta/core';
import { findReportSchedule, findWorkspaceTimeZone, lastSentDelivery, upsertReportSchedule } from '@pauta/db';
import { z } from 'zod';
import { router, workspaceProcedure } from './trpc.js';

/** A raw list a person could type, before the checks (a few dozen entries of email length at most). */
const RAW_RECIPIENTS_MAX = 50;
const RAW_RECIPIENT_MAX = 320;

export interface ReportScheduleView {
  frequency: ReportScheduleFrequency;
  recipients: string[];
  /** The latest period emailed, when any. */
  lastSent: { periodStart: string; periodEnd: string; sentAt: Date } | null;
  /** The zone of the due periods and the send time: the workspace owner's. */
  timeZone: string;
}

export const reportSchedulesRouter = router({
  get: workspaceProcedure('workspace.settings').query(async ({ ctx }): Promise<ReportScheduleView> => {
    const [schedule, last, timeZone] = await Promise.all([
      findReportSchedule(ctx.deps.db, ctx.workspace.id),
      lastSentDelivery(ctx.deps.db, ctx.workspace.id),
      findWorkspaceTimeZone(ctx.deps.db, ctx.workspace.id),
    ]);
    return {
      timeZone,
      frequency: schedule?.frequency ?? 'off',
      recipients: schedule?.recipients ?? [],
      lastSent:
        last?.sent_at != null
          ? { periodStart: last.period_start, periodEnd: last.period_end, sentAt: last.sent_at }
          : null,
    };
  }),

  set: workspaceProcedure('workspace.settings')
    .input(
      z.strictObject({
        frequency: z.enum(REPORT_SCHEDULE_FREQUENCIES),
        recipients: z.array(z.string().max(RAW_RECIPIENT_MAX)).max(RAW_RECIPIENTS_MAX),
      }),
    )
    .mutation(async ({ ctx, input }): Promise<ReportScheduleView> => {
      // The pt-BR reason goes back as details (the client shows it under the field); nothing is written.
      const recipients = normalizeRecipients(input.recipients);
      const problem = reportRecipientsProblem(input.frequency, recipients);
      if (problem) throw new AppError('VALIDATION_FAILED', { field: 'recipients', ...problem });
      const schedule = await upsertReportSchedule(ctx.deps.db, {
        workspaceId: ctx.workspace.id,
        frequency: input.frequency,
        recipients,
        userId: ctx.user.id,
      });
      const [last, timeZone] = await Promise.all([
        lastSentDelivery(ctx.deps.db, ctx.workspace.id),
        findWorkspaceTimeZone(ctx.deps.db, ctx.workspace.id),
      ]);
      return {
        timeZone,
        frequency: schedule.frequency,
        recipients: schedule.recipients,
        lastSent:
          last?.sent_at != null
            ? { periodStart: last.period_start, periodEnd: last.period_end, sentAt: last.sent_at }
            : null,
      };
    }),
});
