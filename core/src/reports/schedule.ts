// The scheduled report email (docs/reports.md "Scheduled email"): a workspace's frequency and
// recipients, and which period is due. Periods are local days in America/Sao_Paulo: monthly is the
// previous calendar month (due from the 1st), weekly the previous Monday–Sunday week (due from
// Monday). Only the latest ended period is ever due: a schedule turned on mid-month sends the last
// closed month once, never a backlog.
import { reportScheduleMessages } from '../messages/report-schedules.js';
import { addDays, utcToZonedParts } from '../scheduling/zoned-time.js';
import { emailAddressSchema } from '../schemas/auth.js';
import { dayString, monthPeriod, type ReportPeriod } from './period.js';

export const REPORT_SCHEDULE_FREQUENCIES = ['off', 'monthly', 'weekly'] as const;
export type ReportScheduleFrequency = (typeof REPORT_SCHEDULE_FREQUENCIES)[number];
export type ReportDeliveryFrequency = Exclude<ReportScheduleFrequency, 'off'>;

export const REPORT_RECIPIENTS_MAX = 10;

/** Trimmed, lower-cased, without repeats, in the given order. */
export function normalizeRecipients(recipients: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const raw of recipients) {
    const address = raw.trim().toLowerCase();
    if (address !== '') seen.add(address);
  }
  return [...seen];
}

/** Why a recipient list was refused (sent as VALIDATION_FAILED details, field `recipients`). */
export type ReportRecipientsIssue = 'REQUIRED' | 'TOO_MANY' | 'INVALID';

export interface ReportRecipientsProblem {
  recipientIssue: ReportRecipientsIssue;
  /** The first address that is not an email (INVALID). */
  recipient?: string;
}

/**
 * The problem with a recipient list (already normalized) for `frequency`, or null. Off keeps
 * whatever list it has (possibly empty); monthly and weekly need 1 to REPORT_RECIPIENTS_MAX valid
 * addresses. Every address is checked whatever the frequency.
 */
export function reportRecipientsProblem(
  frequency: ReportScheduleFrequency,
  recipients: readonly string[],
): ReportRecipientsProblem | null {
  if (recipients.length > REPORT_RECIPIENTS_MAX) return { recipientIssue: 'TOO_MANY' };
  const invalid = recipients.find((address) => !emailAddressSchema.safeParse(address).success);
  if (invalid !== undefined) return { recipientIssue: 'INVALID', recipient: invalid };
  if (frequency !== 'off' && recipients.length === 0) return { recipientIssue: 'REQUIRED' };
  return null;
}

/** The pt-BR text shown under the recipients field. */
export function reportRecipientsMessage(problem: Partial<ReportRecipientsProblem>): string {
  const text = reportScheduleMessages;
  switch (problem.recipientIssue) {
    case 'TOO_MANY':
      return text.recipientsTooMany;
    case 'INVALID':
      return text.recipientInvalid(problem.recipient ?? '');
    default:
      return text.recipientsRequired;
  }
}

/** The latest period of `frequency` that has ended by `now` in `timeZone`. */
export function lastEndedPeriod(
  frequency: ReportDeliveryFrequency,
  now: Date,
  timeZone: string,
): ReportPeriod {
  const local = utcToZonedParts(now, timeZone);
  if (frequency === 'monthly') {
    const month = local.month === 1 ? 12 : local.month - 1;
    return monthPeriod(local.month === 1 ? local.year - 1 : local.year, month);
  }
  // weekday: 0 = Sunday … 6 = Saturday; this week's Monday is (weekday + 6) % 7 days back.
  const thisMonday = addDays(local, -((local.weekday + 6) % 7));
  return { from: dayString(addDays(thisMonday, -7)), to: dayString(addDays(thisMonday, -1)) };
}
