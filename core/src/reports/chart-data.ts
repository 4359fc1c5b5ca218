// Chart rows shared by the dashboard (client/src/views/dashboard/chart-data.ts), the report's web
// page and its PDF (server/src/reports/report-pdf.ts): one function per chart, so the three draw
// the same bars from the same numbers.
import { addDays, weekdayOf } from '../scheduling/zoned-time.js';
import { dayString, parseDay, type ReportPeriod } from './period.js';

/** '2026-11-01' → '01/11'. */
export function weekLabel(weekStart: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(weekStart);
  return match ? `${match[3]}/${match[2]}` : weekStart;
}

export interface CadenceRow {
  /** The week's Monday, 'dd/MM' (the first week may start before the period). */
  week: string;
  published: number;
  planned: number;
}

/** The period's days grouped by week (Monday first), zero-filled: the cadence chart's bars. */
export function cadenceRows(
  period: ReportPeriod,
  days: readonly { day: string; published: number; planned: number }[],
): CadenceRow[] {
  const from = parseDay(period.from);
  const to = parseDay(period.to);
  if (!from || !to) return [];
  const rows: CadenceRow[] = [];
  const index = new Map<string, CadenceRow>();
  let monday = addDays(from, -((weekdayOf(from) + 6) % 7));
  while (dayString(monday) <= period.to) {
    const row = { week: weekLabel(dayString(monday)), published: 0, planned: 0 };
    rows.push(row);
    for (let i = 0; i < 7; i++) index.set(dayString(addDays(monday, i)), row);
    monday = addDays(monday, 7);
  }
  for (const d of days) {
    const row = index.get(d.day);
    if (!row) continue;
    row.published += d.published;
    row.planned += d.planned;
  }
  return rows;
}
