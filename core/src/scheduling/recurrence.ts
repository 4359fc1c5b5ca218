/**
 * Recurring and evergreen posts (docs/recurring-posts.md): when the next occurrence of a series
 * goes out. Pure: no clock, no I/O; the zone is the series' own (the zone of the person who set the
 * repetition up — a workspace has no zone of its own).
 *
 * The anchor is the occurrence just published: its local date and wall-clock time in the zone
 * (so an occurrence the owner rescheduled carries its new weekday and time forward).
 * - `days` / `weeks`: the anchor's local date plus a whole number of steps (N or 7·N days), at the
 *   anchor's local time: a weekly series keeps its weekday and wall-clock time across DST changes
 *   and month ends. A wall time inside a DST gap is shifted forward (zonedTimeToUtc).
 * - `evergreen`: N days after the local date of the publication, at the anchor's local time.
 *
 * The next occurrence is always later than the previous one's scheduled time and than `now` (a
 * late publication skips the steps already in the past). The stop rule ends the series after
 * `maxOccurrences` publications or after the local date `untilDate` (inclusive).
 */
import { z } from 'zod';
import { addDays, type CalendarDate, utcToZonedParts, type WallTime, zonedTimeToUtc } from './zoned-time.js';

export const RECURRENCE_KINDS = ['days', 'weeks', 'evergreen'] as const;
export type RecurrenceKind = (typeof RECURRENCE_KINDS)[number];

export const RECURRENCE_KIND_LABELS: Record<RecurrenceKind, string> = {
  days: 'A cada N dias',
  weeks: 'A cada N semanas',
  evergreen: 'Evergreen (N dias depois de cada publicação)',
};

export const MAX_RECURRENCE_INTERVAL = 365;
export const MAX_RECURRENCE_OCCURRENCES = 100;
/** The farthest a stop date may be from today (the scheduler's own horizon is 2 years). */
export const MAX_RECURRENCE_UNTIL_DAYS = 730;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use uma data no formato AAAA-MM-DD.')
  .refine((value) => {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    const probe = new Date(Date.UTC(y, m - 1, d));
    return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
  }, 'Data inválida.');

/** What the person chooses in Editar Post → Repetir (the stop rule is required: one of the two). */
export const recurrenceRuleSchema = z
  .strictObject({
    kind: z.enum(RECURRENCE_KINDS),
    interval: z.int().min(1).max(MAX_RECURRENCE_INTERVAL),
    maxOccurrences: z.int().min(2).max(MAX_RECURRENCE_OCCURRENCES).nullable(),
    untilDate: isoDate.nullable(),
  })
  .refine((rule) => (rule.maxOccurrences === null) !== (rule.untilDate === null), {
    message: 'Escolha quando a repetição termina: depois de um número de publicações ou numa data.',
    path: ['maxOccurrences'],
  });
export type RecurrenceRule = z.infer<typeof recurrenceRuleSchema>;

/** A series as stored: its rule and the zone whose wall clock it follows. */
export interface RecurrenceSeries extends RecurrenceRule {
  readonly timeZone: string;
}

export interface NextOccurrenceInput {
  /** The occurrence number just published (1 for the original post). */
  readonly occurrence: number;
  /** When that occurrence was scheduled for. */
  readonly scheduledFor: Date;
  /** When it was published (evergreen counts from here). */
  readonly publishedAt: Date;
  readonly now: Date;
}

export type NextOccurrence =
  | { readonly kind: 'next'; readonly occurrence: number; readonly at: Date }
  | { readonly kind: 'ended'; readonly reason: 'count' | 'until' };

function parseIsoDate(value: string): CalendarDate {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

function at(date: CalendarDate, time: WallTime, timeZone: string): Date {
  return zonedTimeToUtc({ ...date, hour: time.hour, minute: time.minute }, timeZone);
}

/** The occurrence after `input.occurrence`, or why the series ends there. */
export function nextOccurrence(series: RecurrenceSeries, input: NextOccurrenceInput): NextOccurrence {
  const occurrence = input.occurrence + 1;
  if (series.maxOccurrences !== null && occurrence > series.maxOccurrences)
    return { kind: 'ended', reason: 'count' };
  const floor = Math.max(input.scheduledFor.getTime(), input.now.getTime());
  // The occurrence just published is the anchor: its local date and wall-clock time.
  const anchor = utcToZonedParts(input.scheduledFor, series.timeZone);
  const when = (date: CalendarDate) => at(date, anchor, series.timeZone);
  let date: CalendarDate;
  if (series.kind === 'evergreen') {
    date = addDays(utcToZonedParts(input.publishedAt, series.timeZone), series.interval);
    while (when(date).getTime() <= input.now.getTime()) date = addDays(date, series.interval);
  } else {
    const step = series.kind === 'weeks' ? 7 * series.interval : series.interval;
    // The smallest k ≥ 1 whose date is strictly after the floor. Start one step below the
    // estimate (an offset change moves an instant by hours, a step is at least a day), then walk.
    const anchorAt = input.scheduledFor.getTime();
    let k = Math.max(1, Math.floor((floor - anchorAt) / (step * 86_400_000)) - 1);
    date = addDays(anchor, k * step);
    while (when(date).getTime() <= floor) {
      k += 1;
      date = addDays(anchor, k * step);
    }
  }
  if (series.untilDate !== null && compareDates(date, parseIsoDate(series.untilDate)) > 0)
    return { kind: 'ended', reason: 'until' };
  return { kind: 'next', occurrence, at: when(date) };
}

/** "2 de 5" (count rule) or "2ª publicação" (date rule). */
export function occurrenceLabel(occurrence: number, maxOccurrences: number | null): string {
  return maxOccurrences === null ? `${occurrence}ª publicação` : `${occurrence} de ${maxOccurrences}`;
}

/** The rule in words: "Toda semana, 3 vezes", "A cada 2 dias, até 31/12/2026". */
export function describeRecurrence(rule: RecurrenceRule): string {
  const every =
    rule.kind === 'evergreen'
      ? `${rule.interval} ${rule.interval === 1 ? 'dia' : 'dias'} depois de cada publicação`
      : rule.kind === 'weeks'
        ? rule.interval === 1
          ? 'Toda semana'
          : `A cada ${rule.interval} semanas`
        : rule.interval === 1
          ? 'Todo dia'
          : `A cada ${rule.interval} dias`;
  const stop =
    rule.maxOccurrences !== null
      ? `${rule.maxOccurrences} publicações`
      : `até ${rule.untilDate!.split('-').reverse().join('/')}`;
  return `${every}, ${stop}`;
}
