import { describe, expect, it } from 'vitest';
import {
  formatSlotTime,
  freeSlotTimes,
  isValidQueueSlot,
  nextFreeSlotTime,
  queueHorizon,
  sortQueueSlots,
  upcomingSlotTimes,
} from './queue-slots.js';

const SP = 'America/Sao_Paulo';
const NY = 'America/New_York';
// Sunday 2026-11-22, 12:00 in São Paulo (-03:00).
const SUNDAY_NOON_SP = new Date('2026-11-22T15:00:00Z');
const MON_WED_FRI = [
  { weekday: 1, minute: 600 },
  { weekday: 3, minute: 600 },
  { weekday: 5, minute: 600 },
  { weekday: 5, minute: 18 * 60 + 30 },
];
const iso = (dates: readonly Date[]) => dates.map((d) => d.toISOString());

describe('upcomingSlotTimes', () => {
  it('turns Mon/Wed/Fri 10:00 and Fri 18:30 São Paulo into instants, in order', () => {
    const times = upcomingSlotTimes({
      slots: MON_WED_FRI,
      timeZone: SP,
      after: SUNDAY_NOON_SP,
      until: queueHorizon(SUNDAY_NOON_SP),
      limit: 5,
    });
    expect(iso(times)).toEqual([
      '2026-11-23T13:00:00.000Z',
      '2026-11-25T13:00:00.000Z',
      '2026-11-27T13:00:00.000Z',
      '2026-11-27T21:30:00.000Z',
      '2026-11-30T13:00:00.000Z',
    ]);
  });

  it('skips a slot of today that already passed and keeps a later one of today', () => {
    // Friday 2026-11-27 12:00 São Paulo: 10:00 passed, 18:30 has not.
    const times = upcomingSlotTimes({
      slots: MON_WED_FRI,
      timeZone: SP,
      after: new Date('2026-11-27T15:00:00Z'),
      until: new Date('2026-12-31T00:00:00Z'),
      limit: 2,
    });
    expect(iso(times)).toEqual(['2026-11-27T21:30:00.000Z', '2026-11-30T13:00:00.000Z']);
  });

  it('a slot exactly at `after` is past (strictly after)', () => {
    const times = upcomingSlotTimes({
      slots: [{ weekday: 1, minute: 600 }],
      timeZone: SP,
      after: new Date('2026-11-23T13:00:00Z'),
      until: new Date('2026-12-31T00:00:00Z'),
      limit: 1,
    });
    expect(iso(times)).toEqual(['2026-11-30T13:00:00.000Z']);
  });

  it('keeps 10:00 local across New York’s DST change (15:00Z, then 14:00Z)', () => {
    const times = upcomingSlotTimes({
      slots: [{ weekday: 0, minute: 600 }],
      timeZone: NY,
      after: new Date('2026-03-01T00:00:00Z'),
      until: new Date('2026-03-20T00:00:00Z'),
    });
    expect(iso(times)).toEqual([
      '2026-03-01T15:00:00.000Z',
      '2026-03-08T14:00:00.000Z',
      '2026-03-15T14:00:00.000Z',
    ]);
  });

  it('a slot in a spring-forward gap is shifted forward and never duplicates a later slot', () => {
    // New York 2026-03-08: 02:00 jumps to 03:00. 02:30 → 03:30 local, the same instant as the 03:30 slot.
    const times = upcomingSlotTimes({
      slots: [
        { weekday: 0, minute: 150 },
        { weekday: 0, minute: 210 },
        { weekday: 0, minute: 200 },
      ],
      timeZone: NY,
      after: new Date('2026-03-08T00:00:00Z'),
      until: new Date('2026-03-09T00:00:00Z'),
    });
    // 03:20 EDT = 07:20Z, 03:30 EDT = 07:30Z (the 02:30 slot shifted onto it counts once).
    expect(iso(times)).toEqual(['2026-03-08T07:20:00.000Z', '2026-03-08T07:30:00.000Z']);
  });

  it('a slot in a fall-back overlap happens once, at its first occurrence', () => {
    // New York 2026-11-01: 01:30 happens at -04:00 then -05:00.
    const times = upcomingSlotTimes({
      slots: [{ weekday: 0, minute: 90 }],
      timeZone: NY,
      after: new Date('2026-11-01T00:00:00Z'),
      until: new Date('2026-11-02T00:00:00Z'),
    });
    expect(iso(times)).toEqual(['2026-11-01T05:30:00.000Z']);
  });

  it('reads the local weekday of the zone, not of UTC (Sunday 22:00 São Paulo is Monday 01:00Z)', () => {
    const times = upcomingSlotTimes({
      slots: [{ weekday: 0, minute: 22 * 60 }],
      timeZone: SP,
      after: SUNDAY_NOON_SP,
      until: new Date('2026-11-24T00:00:00Z'),
    });
    expect(iso(times)).toEqual(['2026-11-23T01:00:00.000Z']);
  });

  it('no slots → nothing; invalid slots are ignored', () => {
    const base = { timeZone: SP, after: SUNDAY_NOON_SP, until: queueHorizon(SUNDAY_NOON_SP) };
    expect(upcomingSlotTimes({ ...base, slots: [] })).toEqual([]);
    expect(
      upcomingSlotTimes({
        ...base,
        slots: [
          { weekday: 7, minute: 600 },
          { weekday: 1, minute: 1440 },
        ],
      }),
    ).toEqual([]);
  });

  it('gives the same instants whatever the process time zone (the calculation never reads it)', () => {
    // The test runs under the process's TZ; the expected values are absolute instants, and the
    // vitest config runs core under a non-UTC zone too (see nextSlots' tests).
    const times = upcomingSlotTimes({
      slots: [{ weekday: 2, minute: 23 * 60 + 45 }],
      timeZone: 'Asia/Tokyo',
      after: SUNDAY_NOON_SP,
      until: new Date('2026-11-25T00:00:00Z'),
    });
    // Tuesday 23:45 Tokyo (+09:00) = Tuesday 14:45Z.
    expect(iso(times)).toEqual(['2026-11-24T14:45:00.000Z']);
  });
});

describe('nextFreeSlotTime / freeSlotTimes', () => {
  const base = { slots: MON_WED_FRI, timeZone: SP, now: SUNDAY_NOON_SP, until: queueHorizon(SUNDAY_NOON_SP) };

  it('takes the first slot when nothing is busy', () => {
    expect(nextFreeSlotTime({ ...base, busy: [] })?.toISOString()).toBe('2026-11-23T13:00:00.000Z');
  });

  it('skips slots a post occupies at exactly that instant, not near it', () => {
    const busy = [new Date('2026-11-23T13:00:00Z'), new Date('2026-11-25T13:05:00Z')];
    expect(nextFreeSlotTime({ ...base, busy })?.toISOString()).toBe('2026-11-25T13:00:00.000Z');
  });

  it('gives several free slots in order', () => {
    const busy = [new Date('2026-11-25T13:00:00Z')];
    expect(iso(freeSlotTimes({ ...base, busy, count: 3 }))).toEqual([
      '2026-11-23T13:00:00.000Z',
      '2026-11-27T13:00:00.000Z',
      '2026-11-27T21:30:00.000Z',
    ]);
  });

  it('null when every slot up to the horizon is taken, or there are no slots', () => {
    const until = new Date('2026-11-26T00:00:00Z');
    const busy = [new Date('2026-11-23T13:00:00Z'), new Date('2026-11-25T13:00:00Z')];
    expect(nextFreeSlotTime({ ...base, until, busy })).toBeNull();
    expect(nextFreeSlotTime({ ...base, slots: [], busy: [] })).toBeNull();
  });
});

describe('slot helpers', () => {
  it('validates, sorts, dedupes and formats', () => {
    expect(isValidQueueSlot({ weekday: 6, minute: 1439 })).toBe(true);
    expect(isValidQueueSlot({ weekday: -1, minute: 0 })).toBe(false);
    expect(isValidQueueSlot({ weekday: 1, minute: 10.5 })).toBe(false);
    expect(
      sortQueueSlots([
        { weekday: 5, minute: 600 },
        { weekday: 1, minute: 1110 },
        { weekday: 1, minute: 600 },
        { weekday: 5, minute: 600 },
      ]),
    ).toEqual([
      { weekday: 1, minute: 600 },
      { weekday: 1, minute: 1110 },
      { weekday: 5, minute: 600 },
    ]);
    expect(formatSlotTime(1110)).toBe('18:30');
    expect(formatSlotTime(5)).toBe('00:05');
  });
});
