// Turns the scheduled-posts screen's filter (local dates in the user's time zone) into the
// half-open instant ranges the repository queries, and encodes the opaque list cursor.
import { addDays, type CalendarDate, type Platform, type PostStatus, zonedTimeToUtc } from '@pauta/core';
import type { ScheduledPostFilter, ScheduledPostKey } from '@pauta/db';

/** The filter as the client sends it: dates are 'YYYY-MM-DD' in the user's profile time zone. */
export interface PostListFilter {
  themeId?: string | undefined;
  platform?: Platform | undefined;
  scheduledFrom?: string | undefined;
  scheduledTo?: string | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  statuses?: PostStatus[] | undefined;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A 'YYYY-MM-DD' that names a real calendar day (years 1-9999), or null. */
export function parseLocalDate(text: string): CalendarDate | null {
  const match = DATE_ONLY.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return null;
  // Day 0 of the next month is this month's last day (leap years included). setUTCFullYear,
  // unlike Date.UTC, does not map years 0-99 to 19xx.
  const last = new Date(0);
  last.setUTCFullYear(year, month, 0);
  if (day > last.getUTCDate()) return null;
  return { year, month, day };
}

function startOfLocalDay(date: CalendarDate, timeZone: string): Date {
  return zonedTimeToUtc({ ...date, hour: 0, minute: 0 }, timeZone);
}

/**
 * from = 00:00 local of the first day; to = through the end of the last day (the spec's
 * "end date taken to T23:59:59"), expressed as "before 00:00 of the next day" so the last
 * second's milliseconds count too. Both in the user's zone, DST included.
 */
export function toInstantFilter(filter: PostListFilter, timeZone: string): ScheduledPostFilter {
  const from = (text: string | undefined) => {
    const date = text === undefined ? null : parseLocalDate(text);
    return date ? startOfLocalDay(date, timeZone) : undefined;
  };
  const before = (text: string | undefined) => {
    const date = text === undefined ? null : parseLocalDate(text);
    return date ? startOfLocalDay(addDays(date, 1), timeZone) : undefined;
  };
  return {
    themeId: filter.themeId,
    platform: filter.platform,
    scheduledFrom: from(filter.scheduledFrom),
    scheduledBefore: before(filter.scheduledTo),
    createdFrom: from(filter.createdFrom),
    createdBefore: before(filter.createdTo),
    statuses: filter.statuses,
  };
}

export function hasDateFilter(filter: PostListFilter): boolean {
  return [filter.scheduledFrom, filter.scheduledTo, filter.createdFrom, filter.createdTo].some(
    (d) => d !== undefined,
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KEY_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Opaque to the client: base64url of the last row's exact (time, id). */
export function encodeCursor(key: { time: string; id: string }): string {
  return Buffer.from(JSON.stringify([key.time, key.id])).toString('base64url');
}

/** The (time, id) of a cursor made by encodeCursor, or null for anything else. */
export function decodeCursor(cursor: string): { time: string; id: string } | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [time, id] = value as unknown[];
    if (typeof time !== 'string' || typeof id !== 'string' || !KEY_TIME.test(time) || !UUID.test(id))
      return null;
    if (Number.isNaN(Date.parse(time))) return null;
    return { time, id };
  } catch {
    return null;
  }
}

export function toScheduledKey(cursor: { time: string; id: string }): ScheduledPostKey {
  return { scheduledFor: cursor.time, id: cursor.id };
}
