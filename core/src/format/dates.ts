/**
 * pt-BR dates and times in the user's zone (spec §9: "Dates are shown in pt-BR"). Numeric
 * forms are assembled from the zone's wall-clock parts rather than from `Intl` patterns, so
 * they read the same in Node and every browser, whatever the ICU version: '22/11/2026',
 * '10:00', '22/11/2026 10:00'. The caller always passes the zone (and `now` where relevant).
 */
import { messages } from '../messages/messages.js';
import { addDays, assertTimeZone, type CalendarDate, utcToZonedParts } from '../scheduling/zoned-time.js';

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/** 'DD/MM/YYYY' in `timeZone`: 2026-11-22T13:00Z in America/Sao_Paulo → '22/11/2026'. */
export function formatDate(date: Date, timeZone: string): string {
  const p = utcToZonedParts(date, timeZone);
  return `${pad2(p.day)}/${pad2(p.month)}/${String(p.year).padStart(4, '0')}`;
}

/** 'HH:mm', 24-hour, in `timeZone`: 2026-11-22T13:00Z in America/Sao_Paulo → '10:00'. */
export function formatTime(date: Date, timeZone: string): string {
  const p = utcToZonedParts(date, timeZone);
  return `${pad2(p.hour)}:${pad2(p.minute)}`;
}

/** 'DD/MM/YYYY HH:mm' in `timeZone`: '22/11/2026 10:00'. */
export function formatDateTime(date: Date, timeZone: string): string {
  return `${formatDate(date, timeZone)} ${formatTime(date, timeZone)}`;
}

const LONG_DATE_CACHE_LIMIT = 100;
const longDateFormatters = new Map<string, Intl.DateTimeFormat>();

/** Day, abbreviated month and year in words, from `Intl`: '22 de nov. de 2026'. */
export function formatLongDate(date: Date, timeZone: string): string {
  utcToZonedParts(date, timeZone); // validates the date and the zone with a RangeError
  let formatter = longDateFormatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('pt-BR', {
      timeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    if (longDateFormatters.size >= LONG_DATE_CACHE_LIMIT) longDateFormatters.clear();
    longDateFormatters.set(timeZone, formatter);
  }
  return formatter.format(date);
}

function sameDay(a: CalendarDate, b: CalendarDate): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day;
}

export interface RelativeDayOptions {
  /** The caller's current time. */
  readonly now: Date;
  readonly timeZone: string;
}

/**
 * 'Hoje', 'Amanhã' or 'Ontem' when `date` falls on that local calendar day relative to
 * `now` in `timeZone`, else the date as formatDate prints it.
 */
export function formatRelativeDay(date: Date, { now, timeZone }: RelativeDayOptions): string {
  assertTimeZone(timeZone);
  const day = utcToZonedParts(date, timeZone);
  const today = utcToZonedParts(now, timeZone);
  const words = messages.dashboard.relativeDay;
  if (sameDay(day, today)) return words.today;
  if (sameDay(day, addDays(today, 1))) return words.tomorrow;
  if (sameDay(day, addDays(today, -1))) return words.yesterday;
  return formatDate(date, timeZone);
}

/** The months in pt-BR, lower case as a sentence writes them ('outubro de 2026'). */
export const MONTH_NAMES_PT = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
] as const;
