// Every date on the posts screens is shown and edited in the user's zone (session timezone).
import type { CalendarDate } from '@pauta/core';
import { DEFAULT_TIME_ZONE, formatTime, isValidTimeZone, utcToZonedParts, zonedTimeToUtc } from '@pauta/core';
import { useSessionUser } from '../../app/session';
import { browserTimeZone } from '../../lib/timezone';

const FALLBACK_TIME_ZONE = DEFAULT_TIME_ZONE;

/** The signed-in user's IANA zone; the browser's (or São Paulo) until the session answers. */
export function useUserTimeZone(): string {
  const zone = useSessionUser()?.timezone;
  if (isValidTimeZone(zone)) return zone;
  const browser = browserTimeZone();
  return isValidTimeZone(browser) ? browser : FALLBACK_TIME_ZONE;
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/** 'YYYY-MM-DD' of a calendar date. */
export function dayKey(date: CalendarDate): string {
  return `${String(date.year).padStart(4, '0')}-${pad2(date.month)}-${pad2(date.day)}`;
}

/** The calendar date of 'YYYY-MM-DD' (or Mantine's 'YYYY-MM-DD HH:mm:ss'); null when malformed. */
export function parseDayKey(value: string | null | undefined): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const check = new Date(Date.UTC(date.year, date.month - 1, date.day));
  if (check.getUTCMonth() + 1 !== date.month || check.getUTCDate() !== date.day) return null;
  return date;
}

/** The local day of an instant in `timeZone`, as 'YYYY-MM-DD'. */
export function localDayKey(date: Date, timeZone: string): string {
  return dayKey(utcToZonedParts(date, timeZone));
}

/** The local time of an instant in `timeZone`, as 'HH:mm'. */
export function localTime(date: Date, timeZone: string): string {
  return formatTime(date, timeZone);
}

/** Hours and minutes of 'HH:mm' (or 'HH:mm:ss'); null when malformed. */
export function parseTime(value: string | null | undefined): { hour: number; minute: number } | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec((value ?? '').trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return null;
  return { hour, minute };
}

/** Typed digits as 24 h 'HH:mm': '930' → '09:30', '1530' → '15:30', '9' → '09:00'; anything else is left as typed. */
export function normalizeTime(value: string): string {
  const trimmed = value.trim();
  const digits = /^(\d{1,2})(?::?(\d{2}))?$/.exec(trimmed);
  if (!digits) return trimmed;
  const hour = Number(digits[1]);
  const minute = digits[2] === undefined ? 0 : Number(digits[2]);
  if (hour > 23 || minute > 59) return trimmed;
  return `${pad2(hour)}:${pad2(minute)}`;
}

/**
 * The instant of a local date ('YYYY-MM-DD') and time ('HH:mm') in `timeZone`; null unless
 * both are given and valid (spec §4: the date-time is combined only when both exist).
 */
export function combineLocalDateTime(
  day: string | null | undefined,
  time: string | null | undefined,
  timeZone: string,
): Date | null {
  const date = parseDayKey(day);
  const clock = parseTime(time);
  if (!date || !clock) return null;
  return zonedTimeToUtc({ ...date, ...clock }, timeZone);
}

/** The same local wall-clock time of `instant`, moved to another local day (calendar drag and drop). */
export function moveToDay(instant: Date, target: CalendarDate, timeZone: string): Date {
  const { hour, minute } = utcToZonedParts(instant, timeZone);
  return zonedTimeToUtc({ ...target, hour, minute }, timeZone);
}
