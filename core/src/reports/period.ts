// A report's period (docs/reports.md): local calendar days 'YYYY-MM-DD', both included, in the
// caller's time zone. The default is a calendar month; the previous period is the month before
// for a whole month, else the same number of days right before.
import { addDays, type CalendarDate, zonedTimeToUtc } from '../scheduling/zoned-time.js';

export interface ReportPeriod {
  /** First day, 'YYYY-MM-DD'. */
  from: string;
  /** Last day, 'YYYY-MM-DD' (included). */
  to: string;
}

/** The longest period a report covers (a year and a day: a leap year's 366 days). */
export const REPORT_MAX_DAYS = 366;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function parseDay(value: string): CalendarDate | null {
  const match = DAY_PATTERN.exec(value);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const check = new Date(Date.UTC(date.year, date.month - 1, date.day));
  if (
    check.getUTCFullYear() !== date.year ||
    check.getUTCMonth() !== date.month - 1 ||
    check.getUTCDate() !== date.day
  )
    return null;
  return date;
}

export function dayString(date: CalendarDate): string {
  const pad = (n: number, w: number) => String(n).padStart(w, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

function daysBetween(a: CalendarDate, b: CalendarDate): number {
  return Math.round(
    (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000,
  );
}

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The calendar month holding `day`. */
export function monthPeriod(year: number, month: number): ReportPeriod {
  return {
    from: dayString({ year, month, day: 1 }),
    to: dayString({ year, month, day: lastDayOfMonth(year, month) }),
  };
}

/** Whether the period is exactly one calendar month. */
export function isWholeMonth(period: ReportPeriod): boolean {
  const from = parseDay(period.from);
  const to = parseDay(period.to);
  return (
    from !== null &&
    to !== null &&
    from.day === 1 &&
    to.year === from.year &&
    to.month === from.month &&
    to.day === lastDayOfMonth(from.year, from.month)
  );
}

/** Number of days of a valid period (both ends included). */
export function periodDays(period: ReportPeriod): number {
  return daysBetween(parseDay(period.from)!, parseDay(period.to)!) + 1;
}

/** The pt-BR problem with a period, or null when it is valid. */
export function periodProblem(period: ReportPeriod): string | null {
  const from = parseDay(period.from);
  const to = parseDay(period.to);
  if (!from || !to) return 'Informe as datas no formato AAAA-MM-DD.';
  const days = daysBetween(from, to) + 1;
  if (days < 1) return 'A data final precisa ser igual ou posterior à inicial.';
  if (days > REPORT_MAX_DAYS) return `O período pode ter no máximo ${REPORT_MAX_DAYS} dias.`;
  return null;
}

/** The period compared with: the previous month for a whole month, else as many days right before. */
export function previousPeriod(period: ReportPeriod): ReportPeriod {
  const from = parseDay(period.from)!;
  if (isWholeMonth(period)) {
    const month = from.month === 1 ? 12 : from.month - 1;
    return monthPeriod(from.month === 1 ? from.year - 1 : from.year, month);
  }
  const days = periodDays(period);
  return { from: dayString(addDays(from, -days)), to: dayString(addDays(from, -1)) };
}

/** The instants [from 00:00, day after `to` 00:00) of a period in `timeZone`. */
export function periodInstants(period: ReportPeriod, timeZone: string): { from: Date; to: Date } {
  const from = parseDay(period.from)!;
  const end = addDays(parseDay(period.to)!, 1);
  return {
    from: zonedTimeToUtc({ ...from, hour: 0, minute: 0 }, timeZone),
    to: zonedTimeToUtc({ ...end, hour: 0, minute: 0 }, timeZone),
  };
}

/** Change in % from `previous` to `current`, one decimal; null when either is missing or previous is 0. */
export function percentChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}
