/**
 * Publishing slots of a theme (spec §9). The schedule starts on the local calendar day after
 * the later of the theme's last scheduled post and `after` (the caller's "now"), and every
 * slot is at the same LOCAL time (10:00 by default) in the user's zone, so its UTC hour moves
 * when the zone changes offset. Frequency ids do not match their labels (see frequencies.ts):
 * - daily ('Diário'): the start day and every day after it;
 * - weekly ('3x por semana'): the first Monday, Wednesday or Friday on or after the start day,
 *   then each following Monday, Wednesday and Friday;
 * - monthly ('Semanal'): the start day, then every 7 calendar days.
 */
import { type Frequency, isFrequency } from '../constants/frequencies.js';
import { SCHEDULE_START_HOUR } from '../constants/limits.js';
import {
  addDays,
  assertTimeZone,
  type CalendarDate,
  utcToZonedParts,
  weekdayOf,
  zonedTimeToUtc,
} from './zoned-time.js';

/** Most slots one call may compute. */
export const MAX_SLOTS_PER_CALL = 1000;

/** Weekdays (0 = Sunday) of the '3x por semana' frequency: Monday, Wednesday, Friday. */
export const THREE_TIMES_A_WEEK_DAYS: readonly number[] = [1, 3, 5];

/** Days between two posts of the 'Semanal' frequency (stored as 'monthly'). */
export const WEEKLY_POST_INTERVAL_DAYS = 7;

export interface NextSlotsOptions {
  readonly frequency: Frequency;
  /** How many slots to return, 0 to MAX_SLOTS_PER_CALL. */
  readonly count: number;
  /** IANA zone whose wall clock the slots follow (the user's zone). */
  readonly timeZone: string;
  /** The caller's current time; the schedule never starts on or before its local day. */
  readonly after: Date;
  /** The theme's last scheduled post, if any; the schedule starts the day after it when later. */
  readonly lastScheduled?: Date | null;
  /** Local hour of every slot (default SCHEDULE_START_HOUR, 10). */
  readonly hour?: number;
  /** Local minute of every slot (default 0). */
  readonly minute?: number;
}

function assertDate(value: unknown, name: string): asserts value is Date {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw new RangeError(`${name} must be a valid Date`);
  }
}

function assertIntegerIn(value: number, min: number, max: number, name: string): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${String(value)}`);
  }
}

/** Local calendar days of the schedule, in order, starting at (or after, for weekly) `start`. */
function slotDays(frequency: Frequency, start: CalendarDate, count: number): CalendarDate[] {
  const days: CalendarDate[] = [];
  switch (frequency) {
    case 'daily':
      for (let i = 0; i < count; i++) days.push(addDays(start, i));
      break;
    case 'monthly':
      for (let i = 0; i < count; i++) days.push(addDays(start, i * WEEKLY_POST_INTERVAL_DAYS));
      break;
    case 'weekly': {
      let day = start;
      let weekday = weekdayOf(start);
      while (days.length < count) {
        if (THREE_TIMES_A_WEEK_DAYS.includes(weekday)) days.push(day);
        day = addDays(day, 1);
        weekday = (weekday + 1) % 7;
      }
      break;
    }
  }
  return days;
}

/**
 * The next `count` publishing slots of a theme, as UTC instants in ascending order. Throws
 * RangeError for an unknown frequency or zone, an invalid date, a count outside
 * 0..MAX_SLOTS_PER_CALL or an hour/minute outside 0-23/0-59. Local times that a DST change
 * skips or repeats resolve as `zonedTimeToUtc` documents.
 */
export function nextSlots(options: NextSlotsOptions): Date[] {
  const { frequency, count, timeZone, after, lastScheduled = null } = options;
  const hour = options.hour ?? SCHEDULE_START_HOUR;
  const minute = options.minute ?? 0;

  if (!isFrequency(frequency)) throw new RangeError(`Unknown frequency: ${String(frequency)}`);
  assertIntegerIn(count, 0, MAX_SLOTS_PER_CALL, 'count');
  assertTimeZone(timeZone);
  assertDate(after, 'after');
  if (lastScheduled !== null) assertDate(lastScheduled, 'lastScheduled');
  assertIntegerIn(hour, 0, 23, 'hour');
  assertIntegerIn(minute, 0, 59, 'minute');

  const anchor = lastScheduled !== null && lastScheduled.getTime() > after.getTime() ? lastScheduled : after;
  const anchorDay = utcToZonedParts(anchor, timeZone);
  const start = addDays(anchorDay, 1);

  return slotDays(frequency, start, count).map((day) => zonedTimeToUtc({ ...day, hour, minute }, timeZone));
}
