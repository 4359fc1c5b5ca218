/**
 * Wall-clock time in an IANA time zone <-> UTC instants, with `Intl.DateTimeFormat` only (no
 * date library). Nothing here reads the clock or the process time zone: every local reading
 * goes through a formatter pinned to the zone the caller names, and every calendar computation
 * uses the `Date.UTC`/`getUTC*` family, so results are the same under any `TZ`.
 *
 * DST rules (docs/reliability.md W11), the same as Temporal's `disambiguation: 'compatible'`:
 * - A nonexistent local time (spring-forward gap) is shifted forward by the length of the gap:
 *   America/Sao_Paulo 2018-11-04 00:30 does not exist (00:00 jumped to 01:00), so it becomes
 *   01:30 local (-02:00), which is 03:30Z.
 * - An ambiguous local time (fall-back overlap) takes the earlier offset, i.e. the first of
 *   the two instants: America/Sao_Paulo 2019-02-16 23:30 happens at -02:00 and again at
 *   -03:00; we pick -02:00, which is 2019-02-17 01:30Z.
 */

/** A local calendar day. `month` is 1-12. */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** A local wall-clock time, to the minute. `month` is 1-12, `hour` 0-23. */
export interface WallTime extends CalendarDate {
  readonly hour: number;
  readonly minute: number;
}

/** A wall-clock reading of an instant in some zone. `weekday` is 0 (Sunday) to 6 (Saturday). */
export interface ZonedParts extends WallTime {
  readonly weekday: number;
}

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;
/** Years the conversions accept; outside this range `Intl` output gets era-dependent. */
const MIN_YEAR = 1;
const MAX_YEAR = 9999;

// Formatters are costly to build; a zone's formatter is reused. The cache is capped because
// `Intl` accepts any letter case of a zone name, so the set of accepted keys is unbounded.
const FORMATTER_CACHE_LIMIT = 500;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    // Throws RangeError for an unknown zone. The locale pins the Gregorian calendar and
    // Latin digits so the parts parse the same whatever the runtime's default locale.
    formatter = new Intl.DateTimeFormat('en-US-u-ca-gregory-nu-latn', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (formatters.size >= FORMATTER_CACHE_LIMIT) formatters.clear();
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when `timeZone` is a zone the runtime's `Intl` knows (an IANA name such as 'America/Sao_Paulo', or 'UTC'). */
export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone === '') return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Throws a RangeError unless `timeZone` is a valid zone. */
export function assertTimeZone(timeZone: unknown): asserts timeZone is string {
  if (!isValidTimeZone(timeZone)) throw new RangeError(`Invalid time zone: ${String(timeZone)}`);
}

function assertValidDate(date: unknown, name: string): asserts date is Date {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) {
    throw new RangeError(`${name} must be a valid Date`);
  }
}

function assertIntegerIn(value: unknown, min: number, max: number, name: string): asserts value is number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${String(value)}`);
  }
}

/** Milliseconds since the epoch of a wall time read as if it were UTC (valid for years 0-99 too). */
function wallTimeAsUtcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

function daysInMonth(year: number, month: number): number {
  return new Date(wallTimeAsUtcMs(year, month + 1, 0)).getUTCDate();
}

interface RawParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function readParts(ms: number, timeZone: string): RawParts {
  const raw: RawParts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  let beforeChrist = false;
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    switch (part.type) {
      case 'era':
        beforeChrist = part.value === 'BC' || part.value === 'B';
        break;
      case 'year':
      case 'month':
      case 'day':
      case 'hour':
      case 'minute':
      case 'second':
        raw[part.type] = Number(part.value);
        break;
      default:
        break;
    }
  }
  if (beforeChrist) raw.year = 1 - raw.year;
  return raw;
}

/** The zone's UTC offset at an instant, in milliseconds (positive east of Greenwich). */
function offsetAt(ms: number, timeZone: string): number {
  // Intl reads whole seconds; compare against the instant truncated the same way.
  const wholeSecond = Math.floor(ms / 1000) * 1000;
  const p = readParts(wholeSecond, timeZone);
  return wallTimeAsUtcMs(p.year, p.month, p.day, p.hour, p.minute, p.second) - wholeSecond;
}

/** Day of the week of a calendar date: 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(date: CalendarDate): number {
  return new Date(wallTimeAsUtcMs(date.year, date.month, date.day)).getUTCDay();
}

/** The calendar date `days` days after `date` (negative goes back), across month and year ends. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const shifted = new Date(wallTimeAsUtcMs(date.year, date.month, date.day) + days * MS_PER_DAY);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** The wall-clock reading of `date` in `timeZone`. Throws RangeError for an invalid date or zone. */
export function utcToZonedParts(date: Date, timeZone: string): ZonedParts {
  assertValidDate(date, 'date');
  assertTimeZone(timeZone);
  const p = readParts(date.getTime(), timeZone);
  const parts = { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute };
  return { ...parts, weekday: weekdayOf(parts) };
}

/**
 * The instant at which the wall clock of `timeZone` shows `wallTime`. A time inside a DST gap
 * is shifted forward by the gap; a time inside an overlap resolves to its first occurrence
 * (see the file comment). Throws RangeError for an invalid zone or an out-of-range field
 * (month 1-12, a day that exists in that month, hour 0-23, minute 0-59, year 1-9999).
 */
export function zonedTimeToUtc(wallTime: WallTime, timeZone: string): Date {
  const { year, month, day, hour, minute } = wallTime;
  assertIntegerIn(year, MIN_YEAR, MAX_YEAR, 'year');
  assertIntegerIn(month, 1, 12, 'month');
  assertIntegerIn(day, 1, daysInMonth(year, month), 'day');
  assertIntegerIn(hour, 0, 23, 'hour');
  assertIntegerIn(minute, 0, 59, 'minute');
  assertTimeZone(timeZone);

  const localMs = wallTimeAsUtcMs(year, month, day, hour, minute);
  // Real offsets lie within ±14 h, so a day either side is clear of every candidate instant:
  // the offsets there are the ones in force before and after any transition near this time.
  const offsetBefore = offsetAt(localMs - MS_PER_DAY, timeZone);
  const offsetAfter = offsetAt(localMs + MS_PER_DAY, timeZone);

  // An offset fits when the instant it gives really shows this wall time. Two fits = an
  // overlap (take the earlier instant); one = the usual case; none = a gap.
  const fits = [offsetBefore, offsetAfter]
    .map((offset) => localMs - offset)
    .filter((ms) => offsetAt(ms, timeZone) === localMs - ms);
  if (fits.length > 0) return new Date(Math.min(...fits));

  // Gap: reading the time with the pre-transition offset lands past the transition, at the
  // wall time shifted forward by exactly the gap length (offsetAfter - offsetBefore).
  return new Date(localMs - offsetBefore);
}

/** Minutes east of UTC that `timeZone` observes at `date` (Sao_Paulo today: -180). */
export function timeZoneOffsetMinutes(date: Date, timeZone: string): number {
  assertValidDate(date, 'date');
  assertTimeZone(timeZone);
  return Math.round(offsetAt(date.getTime(), timeZone) / MS_PER_MINUTE);
}
