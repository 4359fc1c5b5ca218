// The calendar's arithmetic on local calendar days (no Date maths in the browser's zone): which
// days a month or week shows, the UTC range to ask the server for, and posts grouped by local day.
// Weeks start on Sunday, like the app's DatesProvider (firstDayOfWeek 0).
import type { CalendarDate } from '@pauta/core';
import { addDays, utcToZonedParts, weekdayOf, zonedTimeToUtc } from '@pauta/core';
import { dayKey } from '../posts/time-zone';

export type CalendarMode = 'month' | 'week';

const WEEK_STARTS_ON = 0;

function startOfWeek(date: CalendarDate): CalendarDate {
  return addDays(date, -((weekdayOf(date) - WEEK_STARTS_ON + 7) % 7));
}

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function compare(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** The days on screen: the 7 days of the anchor's week, or whole weeks covering its month. */
export function visibleDays(mode: CalendarMode, anchor: CalendarDate): CalendarDate[] {
  const start =
    mode === 'week' ? startOfWeek(anchor) : startOfWeek({ year: anchor.year, month: anchor.month, day: 1 });
  const end =
    mode === 'week'
      ? addDays(start, 6)
      : addDays(
          startOfWeek({
            year: anchor.year,
            month: anchor.month,
            day: lastDayOfMonth(anchor.year, anchor.month),
          }),
          6,
        );
  const days: CalendarDate[] = [];
  for (let day = start; compare(day, end) <= 0; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The anchor one month or one week before (-1) or after (+1). */
export function shiftAnchor(mode: CalendarMode, anchor: CalendarDate, direction: 1 | -1): CalendarDate {
  if (mode === 'week') return addDays(anchor, 7 * direction);
  const index = anchor.year * 12 + (anchor.month - 1) + direction;
  return { year: Math.floor(index / 12), month: (index % 12) + 1, day: 1 };
}

/** From the first shown day's local midnight up to the local midnight after the last one. */
export function rangeOf(days: readonly CalendarDate[], timeZone: string): { from: Date; to: Date } {
  const first = days[0]!;
  const afterLast = addDays(days[days.length - 1]!, 1);
  return {
    from: zonedTimeToUtc({ ...first, hour: 0, minute: 0 }, timeZone),
    to: zonedTimeToUtc({ ...afterLast, hour: 0, minute: 0 }, timeZone),
  };
}

export function todayIn(timeZone: string, now: Date = new Date()): CalendarDate {
  const { year, month, day } = utcToZonedParts(now, timeZone);
  return { year, month, day };
}

/** Posts by local day ('YYYY-MM-DD' in `timeZone`), each day in time order. */
export function groupByLocalDay<T extends { scheduledFor: Date }>(
  posts: readonly T[],
  timeZone: string,
): Map<string, T[]> {
  const byDay = new Map<string, T[]>();
  const sorted = [...posts].sort((a, b) => a.scheduledFor.getTime() - b.scheduledFor.getTime());
  for (const post of sorted) {
    const key = dayKey(utcToZonedParts(post.scheduledFor, timeZone));
    const list = byDay.get(key);
    if (list) list.push(post);
    else byDay.set(key, [post]);
  }
  return byDay;
}

// Names come from Intl in pt-BR, read at noon UTC of the calendar date so no zone can shift them.
const monthTitle = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayTitle = new Intl.DateTimeFormat('pt-BR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const weekdayShort = new Intl.DateTimeFormat('pt-BR', { weekday: 'short', timeZone: 'UTC' });
const weekdayLong = new Intl.DateTimeFormat('pt-BR', { weekday: 'long', timeZone: 'UTC' });

function noonUtc(date: CalendarDate): Date {
  return new Date(Date.UTC(date.year, date.month - 1, date.day, 12));
}

function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/** 'Novembro de 2026'. */
export function formatMonthTitle(anchor: CalendarDate): string {
  return capitalize(monthTitle.format(noonUtc({ ...anchor, day: 1 })));
}

/** '15/11 – 21/11/2026'. */
export function formatWeekTitle(days: readonly CalendarDate[]): string {
  const first = days[0]!;
  const last = days[days.length - 1]!;
  return `${pad2(first.day)}/${pad2(first.month)} – ${pad2(last.day)}/${pad2(last.month)}/${last.year}`;
}

/** 'domingo, 22 de novembro de 2026'. */
export function formatDayTitle(date: CalendarDate): string {
  return dayTitle.format(noonUtc(date));
}

/** Column headers from Sunday: [{ short: 'Dom', long: 'domingo' }, …]. */
export function weekdayNames(): { short: string; long: string }[] {
  const sunday = { year: 2026, month: 1, day: 4 };
  return Array.from({ length: 7 }, (_, index) => {
    const date = noonUtc(addDays(sunday, (index + WEEK_STARTS_ON) % 7));
    return { short: capitalize(weekdayShort.format(date).replace('.', '')), long: weekdayLong.format(date) };
  });
}

export function sameDay(a: CalendarDate, b: CalendarDate): boolean {
  return compare(a, b) === 0;
}
