// How far ahead a post may be scheduled (issue 11: `9999-12-31` and `+275760-09-13` were
// accepted). The server refuses dates past the horizon; the date pickers stop there too.
import { MAX_SCHEDULE_AHEAD_DAYS } from '../constants/limits.js';

const DAY_MS = 86_400_000;

/** The latest instant a post may be scheduled for, seen from `now`. */
export function scheduleHorizon(now: Date): Date {
  return new Date(now.getTime() + MAX_SCHEDULE_AHEAD_DAYS * DAY_MS);
}

/** True when `date` lies past the horizon (or is not a valid date at all). */
export function isBeyondScheduleHorizon(date: Date, now: Date): boolean {
  const time = date.getTime();
  return Number.isNaN(time) || time > scheduleHorizon(now).getTime();
}
