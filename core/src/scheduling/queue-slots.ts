/**
 * The posting queue's slots (docs/posting-queue.md): a slot is a weekday and a local time of
 * the workspace's zone ("segunda 10:00"); each week it becomes one instant. Pure: the caller
 * passes `now`, the zone and what is already taken, so the results are the same under any
 * process `TZ` and on any day.
 *
 * DST follows zonedTimeToUtc: a slot inside a spring-forward gap is shifted forward by the gap
 * (so it may coincide with a later slot of that day, and then counts once); a slot inside a
 * fall-back overlap happens at its first occurrence.
 */
import { addDays, type CalendarDate, utcToZonedParts, weekdayOf, zonedTimeToUtc } from './zoned-time.js';

/** A weekly slot: `weekday` 0 (domingo) – 6 (sábado), `minute` of the day 0 – 1439. */
export interface QueueSlot {
  readonly weekday: number;
  readonly minute: number;
}

/** Most slots one account may have (every 30 minutes of a week would be 336). */
export const MAX_QUEUE_SLOTS_PER_ACCOUNT = 50;
/** How far ahead the queue looks for a free slot, in weeks. */
export const QUEUE_LOOKAHEAD_WEEKS = 26;
/** How many upcoming slot times the queue screen lists per account. */
export const QUEUE_PREVIEW_SLOTS = 10;

const MINUTES_PER_DAY = 1440;

export function isValidQueueSlot(slot: QueueSlot): boolean {
  return (
    Number.isInteger(slot.weekday) &&
    slot.weekday >= 0 &&
    slot.weekday <= 6 &&
    Number.isInteger(slot.minute) &&
    slot.minute >= 0 &&
    slot.minute < MINUTES_PER_DAY
  );
}

/** "10:00" for minute 600. */
export function formatSlotTime(minute: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
}

/** Slots in week order (Sunday first, then by time), without duplicates. */
export function sortQueueSlots(slots: readonly QueueSlot[]): QueueSlot[] {
  const seen = new Set<number>();
  return [...slots]
    .filter((slot) => {
      const key = slot.weekday * MINUTES_PER_DAY + slot.minute;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.weekday - b.weekday || a.minute - b.minute);
}

/**
 * The instants of the slots strictly after `after`, in time order, until `until` (exclusive)
 * or `limit` instants, whichever comes first. Two slots that land on the same instant (a DST
 * gap) count once.
 */
export function upcomingSlotTimes(options: {
  slots: readonly QueueSlot[];
  timeZone: string;
  after: Date;
  until: Date;
  limit?: number;
}): Date[] {
  const slots = sortQueueSlots(options.slots.filter(isValidQueueSlot));
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const out: Date[] = [];
  if (slots.length === 0 || limit <= 0) return out;
  const start = utcToZonedParts(options.after, options.timeZone);
  let day: CalendarDate = { year: start.year, month: start.month, day: start.day };
  const afterMs = options.after.getTime();
  const untilMs = options.until.getTime();
  // One local day at a time; a week past `until` (in local days) ends the walk whatever the zone.
  const maxDays = Math.ceil((untilMs - afterMs) / 86_400_000) + 2;
  for (let i = 0; i <= maxDays && out.length < limit; i += 1) {
    const weekday = weekdayOf(day);
    // A gap shifts a slot forward, possibly past a later slot of the day: sort the day's instants.
    const times = slots
      .filter((slot) => slot.weekday === weekday)
      .map((slot) =>
        zonedTimeToUtc(
          { ...day, hour: Math.floor(slot.minute / 60), minute: slot.minute % 60 },
          options.timeZone,
        ),
      )
      .sort((a, b) => a.getTime() - b.getTime());
    for (const at of times) {
      const ms = at.getTime();
      if (ms <= afterMs || ms >= untilMs) continue;
      if (out.length > 0 && out[out.length - 1]!.getTime() >= ms) continue;
      out.push(at);
      if (out.length >= limit) break;
    }
    day = addDays(day, 1);
  }
  return out;
}

/**
 * The first slot instant after `now` that no busy instant occupies, or null when every slot up
 * to `until` is taken (or there are no slots). `busy` holds the instants of the account's
 * scheduled posts; a slot is taken by a post at exactly its instant.
 */
export function nextFreeSlotTime(options: {
  slots: readonly QueueSlot[];
  timeZone: string;
  now: Date;
  until: Date;
  busy: Iterable<Date>;
}): Date | null {
  return freeSlotTimes({ ...options, count: 1 })[0] ?? null;
}

/** The first `count` free slot instants after `now` (fewer when the slots run out before `until`). */
export function freeSlotTimes(options: {
  slots: readonly QueueSlot[];
  timeZone: string;
  now: Date;
  until: Date;
  busy: Iterable<Date>;
  count: number;
}): Date[] {
  const busy = new Set<number>();
  for (const date of options.busy) busy.add(date.getTime());
  const out: Date[] = [];
  if (options.count <= 0) return out;
  for (const at of upcomingSlotTimes({
    slots: options.slots,
    timeZone: options.timeZone,
    after: options.now,
    until: options.until,
  })) {
    if (busy.has(at.getTime())) continue;
    out.push(at);
    if (out.length >= options.count) break;
  }
  return out;
}

/** The end of the queue's look-ahead from `now`. */
export function queueHorizon(now: Date): Date {
  return new Date(now.getTime() + QUEUE_LOOKAHEAD_WEEKS * 7 * 86_400_000);
}
