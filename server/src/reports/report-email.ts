// The scheduled report email (issue 27 item 3; docs/reports.md "Scheduled email"), swept in the web
// process like the report runner. Each pass:
//
// 1. computes the due periods in each schedule's time zone (its workspace owner's: the previous
//    month, the previous Monday–Sunday week, due from 00:00 local) and adds one `report_deliveries`
//    row per (schedule, period) with INSERT … ON CONFLICT DO NOTHING: however many processes sweep,
//    a period has one row;
// 2. claims each due row (status running, attempt + 1, a lease), fenced like a `reports` row;
// 3. gets or generates the period's report (`insertOrGetReport` + `runReport`: the report may
//    already exist, made by a person or an earlier attempt);
// 4. in ONE transaction: marks the row sent under its attempt and queues one outbox email per
//    recipient, the PDF attached by its media-storage key. A lost attempt (its lease expired and
//    another process reclaimed the row) updates nothing and rolls the emails back; a crash before
//    the commit leaves nothing queued and the row reclaimable once its lease runs out; after the
//    commit the outbox delivers (and retries) the emails.
//
// A failed generation ends the attempt `failed` with a back-off (lease_until), tried again by a
// later pass, up to REPORT_EMAIL_MAX_ATTEMPTS.
import { randomBytes } from 'node:crypto';
import {
  CLIENT_LINK_MAX_DAYS,
  DEFAULT_TIME_ZONE,
  lastEndedPeriod,
  MONTH_NAMES_PT as MONTHS,
  type ReportDeliveryFrequency,
  type ReportPeriod,
} from '@pauta/core';
import {
  claimDelivery,
  type Database,
  ensureDueDeliveries,
  findReport,
  insertOrGetReport,
  insertReportLink,
  type Keyring,
  listClaimableDeliveries,
  listScheduleTimeZones,
  lockReportSchedule,
  type MediaStorage,
  markDeliverySent,
  queueTemplatedEmail,
  releaseDelivery,
  setDeliveryReport,
} from '@pauta/db';
import type { Kysely } from 'kysely';
import type { AiClient } from '../ai/ai-client.js';
import { hashToken } from '../approval/client-link.service.js';
import type { Logger } from '../logger.js';
import { startPeriodic } from '../ops/periodic.js';
import { REPORT_LINK_PAGE } from './report-link.service.js';
import { REPORT_LEASE_MS, reportPdfKey, runReport } from './report-runner.js';

export const REPORT_EMAIL_TEMPLATE = 'report_scheduled';
export const REPORT_EMAIL_INTERVAL_MS = 5 * 60_000;
export const REPORT_EMAIL_MAX_ATTEMPTS = 8;
/** The private link each email carries (the longest a client link lives). */
export const REPORT_EMAIL_LINK_DAYS = CLIENT_LINK_MAX_DAYS;
const SWEEP_BATCH = 20;
const SWEEP_MAX_BATCHES = 50;
/** Back-off after a failed attempt: this times the attempt number, at most an hour. */
const RETRY_BASE_MS = 5 * 60_000;

export interface ReportEmailDeps {
  db: Kysely<Database>;
  logger: Logger;
  storage: MediaStorage;
  ai: AiClient | null;
  appUrl: string;
  /** Seals the private link's URL in the outbox row (like an invitation's). */
  keyring: Keyring;
  /** Hands the queued outbox ids to the sender at once (the outbox loop would pick them up anyway). */
  deliver?: (ids: string[]) => void;
  leaseMs?: number;
  retryBaseMs?: number;
  now?: () => Date;
  /** Tests: called after the claim and once the report is done, before the sending transaction. */
  onStep?: (step: 'claimed' | 'report-ready') => Promise<void> | void;
}

export type DeliveryOutcome = 'sent' | 'retry' | 'not-claimed' | 'lost' | 'schedule-changed';

/** The periods due at `now` in `timeZone` (an unknown zone counts as America/Sao_Paulo). */
export function duePeriods(
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): Record<ReportDeliveryFrequency, ReportPeriod> {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  return {
    monthly: lastEndedPeriod('monthly', now, zone),
    weekly: lastEndedPeriod('weekly', now, zone),
  };
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const brDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** "outubro de 2026" for a month, "16/11/2026 a 22/11/2026" for a week. */
export function periodLabel(frequency: ReportDeliveryFrequency, period: ReportPeriod): string {
  if (frequency === 'monthly')
    return `${MONTHS[Number(period.from.slice(5, 7)) - 1]} de ${period.from.slice(0, 4)}`;
  return `${brDay(period.from)} a ${brDay(period.to)}`;
}

/** One attempt at one delivery row; never throws (errors end the attempt as failed). */
export async function sendReportDelivery(deps: ReportEmailDeps, id: string): Promise<DeliveryOutcome> {
  const leaseMs = deps.leaseMs ?? REPORT_LEASE_MS;
  const claimed = await claimDelivery(deps.db, id, leaseMs, REPORT_EMAIL_MAX_ATTEMPTS);
  if (!claimed) return 'not-claimed';
  const fence = { id, attempt: claimed.attempt };
  const workspaceId = claimed.workspace_id;
  const retry = (errorCode: string, delayMs?: number) =>
    releaseDelivery(deps.db, fence, {
      errorCode,
      retryInMs: delayMs ?? Math.min((deps.retryBaseMs ?? RETRY_BASE_MS) * claimed.attempt, 3_600_000),
    });
  try {
    await deps.onStep?.('claimed');
    const { row: report } = await insertOrGetReport(deps.db, {
      workspaceId,
      periodStart: claimed.period_start,
      periodEnd: claimed.period_end,
      note: '',
      requestedBy: null,
    });
    if (!(await setDeliveryReport(deps.db, fence, report.id, leaseMs))) return 'lost';
    if (report.status !== 'done') {
      const outcome = await runReport(
        { db: deps.db, logger: deps.logger, storage: deps.storage, ai: deps.ai },
        workspaceId,
        report.id,
      );
      const fresh = await findReport(deps.db, workspaceId, report.id);
      if (fresh?.status !== 'done') {
        // Failed, or another process is making it right now (a person's "Gerar"): try again later.
        const busy = outcome === 'not-claimed' || outcome === 'lost';
        return (await retry(busy ? 'REPORT_BUSY' : 'REPORT_FAILED', busy ? 30_000 : undefined))
          ? 'retry'
          : 'lost';
      }
    }
    await deps.onStep?.('report-ready');
    const workspace = await deps.db
      .selectFrom('workspaces')
      .select('name')
      .where('id', '=', workspaceId)
      .executeTakeFirstOrThrow();
    const period = { from: claimed.period_start, to: claimed.period_end };
    const fileName = `relatorio-${period.from}-a-${period.to}.pdf`;
    const result = await deps.db.transaction().execute(async (trx) => {
      const schedule = await lockReportSchedule(trx, workspaceId);
      if (!schedule || schedule.frequency !== claimed.frequency) return 'schedule-changed' as const;
      if (!(await markDeliverySent(trx, fence, schedule.recipients))) return 'lost' as const;
      // The private read-only link (docs/reports.md "The private link"), one per delivery, made in
      // this transaction: a lost attempt rolls it back with the emails. Its token exists only
      // sealed in the outbox rows; the link shows in Relatórios and can be revoked there.
      const token = randomBytes(32).toString('base64url');
      await insertReportLink(trx, {
        workspaceId,
        reportId: report.id,
        createdBy: null,
        requestKey: `report-delivery:${id}`,
        tokenHash: hashToken(token),
        expiresAt: new Date((deps.now?.() ?? new Date()).getTime() + REPORT_EMAIL_LINK_DAYS * 86_400_000),
      });
      const reportUrl = `${deps.appUrl.replace(/\/+$/, '')}${REPORT_LINK_PAGE}${token}`;
      const ids: string[] = [];
      for (const to of schedule.recipients) {
        const emailId = await queueTemplatedEmail(trx, {
          templateName: REPORT_EMAIL_TEMPLATE,
          to,
          variables: {
            client_name: workspace.name,
            period: periodLabel(claimed.frequency, period),
            file_name: fileName,
            reports_url: `${deps.appUrl.replace(/\/+$/, '')}/reports?cliente=${workspaceId}`,
            frequency: claimed.frequency === 'monthly' ? 'mensal' : 'semanal',
            link_days: String(REPORT_EMAIL_LINK_DAYS),
          },
          secrets: { values: { report_url: reportUrl }, keyring: deps.keyring },
          attachment: { key: reportPdfKey(workspaceId, report.id), filename: fileName },
        });
        // An administrator turned the template off: nothing is sent, the row is tried again later.
        if (emailId === null) throw new TemplateInactive();
        ids.push(emailId);
      }
      return ids;
    });
    if (result === 'lost') return 'lost';
    if (result === 'schedule-changed') {
      await releaseDelivery(deps.db, fence, null);
      return 'schedule-changed';
    }
    deps.deliver?.(result);
    return 'sent';
  } catch (error) {
    const code = error instanceof TemplateInactive ? 'TEMPLATE_INACTIVE' : 'INTERNAL';
    deps.logger.error({ err: error, deliveryId: id, workspaceId }, 'relatório por email: envio falhou');
    return (await retry(code).catch(() => false)) ? 'retry' : 'lost';
  }
}

class TemplateInactive extends Error {
  override message = 'modelo de email report_scheduled desativado';
}

/**
 * One pass: for each time zone of the schedules that are on, adds that zone's due rows, then tries
 * each claimable one (one at a time: a report takes well under a second).
 */
export async function sweepReportEmails(deps: ReportEmailDeps): Promise<DeliveryOutcome[]> {
  const now = deps.now?.() ?? new Date();
  const outcomes: DeliveryOutcome[] = [];
  for (const zone of await listScheduleTimeZones(deps.db)) {
    const due = duePeriods(now, zone);
    await ensureDueDeliveries(deps.db, 'monthly', due.monthly, zone);
    await ensureDueDeliveries(deps.db, 'weekly', due.weekly, zone);
    // Batches until one comes back short (the 1st of the month has every monthly schedule due), with
    // a bound so a pass always ends; whatever is left is the next pass's.
    for (let batch = 0; batch < SWEEP_MAX_BATCHES; batch++) {
      const rows = await listClaimableDeliveries(deps.db, due, REPORT_EMAIL_MAX_ATTEMPTS, SWEEP_BATCH, zone);
      for (const row of rows) outcomes.push(await sendReportDelivery(deps, row.id));
      if (rows.length < SWEEP_BATCH) break;
    }
  }
  return outcomes;
}

export interface ReportEmailSweep {
  stop(): Promise<void>;
}

/** The web process's loop: a pass every `intervalMs` (REPORT_EMAIL_INTERVAL_MS), one at a time. */
export function startReportEmailSweep(
  deps: ReportEmailDeps,
  intervalMs = REPORT_EMAIL_INTERVAL_MS,
): ReportEmailSweep {
  return startPeriodic(() => sweepReportEmails(deps), {
    intervalMs,
    logger: deps.logger,
    failure: 'relatórios por email: varredura falhou',
  });
}
