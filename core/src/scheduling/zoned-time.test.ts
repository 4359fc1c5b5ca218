import { describe, expect, it } from 'vitest';
import {
  addDays,
  isValidTimeZone,
  timeZoneOffsetMinutes,
  utcToZonedParts,
  type WallTime,
  weekdayOf,
  zonedTimeToUtc,
} from './zoned-time.js';

const SP = 'America/Sao_Paulo';
const NY = 'America/New_York';

function wall(text: string): WallTime {
  const [date = '', time = '00:00'] = text.split(' ');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return { year: year!, month: month!, day: day!, hour: hour!, minute: minute! };
}

/** zonedTimeToUtc as an ISO string, for compact expectations. */
function utc(text: string, timeZone: string): string {
  return zonedTimeToUtc(wall(text), timeZone).toISOString();
}

describe('isValidTimeZone', () => {
  it('accepts IANA names and UTC', () => {
    for (const tz of [SP, NY, 'Europe/London', 'Australia/Sydney', 'Asia/Kolkata', 'UTC', 'Etc/GMT+3']) {
      expect(isValidTimeZone(tz)).toBe(true);
    }
  });

  it('rejects unknown names, empty strings and non-strings', () => {
    for (const tz of [
      'America/Sao_Paolo',
      'Foo/Bar',
      '',
      ' ',
      'GMT-03:00 Brasília',
      null,
      undefined,
      3,
      {},
    ]) {
      expect(isValidTimeZone(tz)).toBe(false);
    }
  });
});

describe('zonedTimeToUtc', () => {
  it('W11: Sao_Paulo 2026-07-01 10:00 is 13:00Z', () => {
    expect(utc('2026-07-01 10:00', SP)).toBe('2026-07-01T13:00:00.000Z');
  });

  it('W11: a nonexistent time (Sao_Paulo 2018-11-04 00:30, gap) is shifted forward by the gap', () => {
    // 00:00 jumped to 01:00 (-03:00 -> -02:00): 00:30 becomes 01:30 -02:00 = 03:30Z.
    expect(utc('2018-11-04 00:30', SP)).toBe('2018-11-04T03:30:00.000Z');
    expect(utc('2018-11-04 00:00', SP)).toBe('2018-11-04T03:00:00.000Z');
    expect(utc('2018-11-04 00:59', SP)).toBe('2018-11-04T03:59:00.000Z');
    // Either side of the gap is unaffected.
    expect(utc('2018-11-03 23:59', SP)).toBe('2018-11-04T02:59:00.000Z');
    expect(utc('2018-11-04 01:00', SP)).toBe('2018-11-04T03:00:00.000Z');
    expect(utc('2018-11-04 01:30', SP)).toBe('2018-11-04T03:30:00.000Z');
    expect(utc('2018-11-04 10:00', SP)).toBe('2018-11-04T12:00:00.000Z');
  });

  it('W11: an ambiguous time (Sao_Paulo 2019-02-16 23:30, overlap) takes the earlier offset', () => {
    // At 2019-02-17 00:00 -02:00 clocks went back to 23:00 -03:00: 23:30 happens at 01:30Z
    // and again at 02:30Z; the first one wins.
    expect(utc('2019-02-16 23:30', SP)).toBe('2019-02-17T01:30:00.000Z');
    expect(utc('2019-02-16 23:00', SP)).toBe('2019-02-17T01:00:00.000Z');
    expect(utc('2019-02-16 23:59', SP)).toBe('2019-02-17T01:59:00.000Z');
    expect(utc('2019-02-16 22:59', SP)).toBe('2019-02-17T00:59:00.000Z');
    expect(utc('2019-02-17 00:00', SP)).toBe('2019-02-17T03:00:00.000Z');
    expect(utc('2019-02-17 10:00', SP)).toBe('2019-02-17T13:00:00.000Z');
  });

  it('W11: New York 10:00 across 2026-03-08 is 15:00Z, then 14:00Z', () => {
    expect(utc('2026-03-06 10:00', NY)).toBe('2026-03-06T15:00:00.000Z');
    expect(utc('2026-03-07 10:00', NY)).toBe('2026-03-07T15:00:00.000Z');
    expect(utc('2026-03-08 10:00', NY)).toBe('2026-03-08T14:00:00.000Z');
    expect(utc('2026-03-09 10:00', NY)).toBe('2026-03-09T14:00:00.000Z');
  });

  it('New York: gap at 2026-03-08 02:30 and overlap at 2026-11-01 01:30', () => {
    expect(utc('2026-03-08 02:30', NY)).toBe('2026-03-08T07:30:00.000Z'); // 03:30 EDT
    expect(utc('2026-11-01 01:30', NY)).toBe('2026-11-01T05:30:00.000Z'); // 01:30 EDT, not EST
    expect(utc('2026-11-01 02:00', NY)).toBe('2026-11-01T07:00:00.000Z');
  });

  it('Europe/London: BST gap (2026-03-29 01:30) and overlap (2026-10-25 01:30)', () => {
    expect(utc('2026-03-29 00:59', 'Europe/London')).toBe('2026-03-29T00:59:00.000Z');
    expect(utc('2026-03-29 01:30', 'Europe/London')).toBe('2026-03-29T01:30:00.000Z'); // 02:30 BST
    expect(utc('2026-03-29 10:00', 'Europe/London')).toBe('2026-03-29T09:00:00.000Z');
    expect(utc('2026-10-25 01:30', 'Europe/London')).toBe('2026-10-25T00:30:00.000Z'); // BST first
    expect(utc('2026-10-25 10:00', 'Europe/London')).toBe('2026-10-25T10:00:00.000Z');
  });

  it('Australia/Sydney: southern-hemisphere overlap (April) and gap (October)', () => {
    expect(utc('2026-04-05 02:30', 'Australia/Sydney')).toBe('2026-04-04T15:30:00.000Z'); // AEDT first
    expect(utc('2026-04-05 03:00', 'Australia/Sydney')).toBe('2026-04-04T17:00:00.000Z');
    expect(utc('2026-10-04 02:30', 'Australia/Sydney')).toBe('2026-10-03T16:30:00.000Z'); // 03:30 AEDT
    expect(utc('2026-10-04 10:00', 'Australia/Sydney')).toBe('2026-10-03T23:00:00.000Z');
  });

  it('handles half-hour DST (Lord Howe) and fixed-offset zones', () => {
    expect(utc('2026-04-05 01:45', 'Australia/Lord_Howe')).toBe('2026-04-04T14:45:00.000Z'); // +11 first
    expect(utc('2026-10-04 02:15', 'Australia/Lord_Howe')).toBe('2026-10-03T15:45:00.000Z'); // 02:45 +11
    expect(utc('2026-07-01 10:00', 'Asia/Kolkata')).toBe('2026-07-01T04:30:00.000Z');
    expect(utc('2026-07-01 10:00', 'UTC')).toBe('2026-07-01T10:00:00.000Z');
  });

  it('shifts a whole skipped day forward (Pacific/Apia skipped 2011-12-30)', () => {
    expect(utc('2011-12-30 10:00', 'Pacific/Apia')).toBe('2011-12-30T20:00:00.000Z'); // = 12-31 10:00 +14
    expect(utc('2011-12-31 10:00', 'Pacific/Apia')).toBe('2011-12-30T20:00:00.000Z');
  });

  it('keeps historical second-precision offsets (Sao_Paulo LMT, -03:06:28)', () => {
    expect(utc('1900-01-01 00:00', SP)).toBe('1900-01-01T03:06:28.000Z');
  });

  it('rejects out-of-range fields and unknown zones with RangeError', () => {
    const ok = wall('2026-07-01 10:00');
    expect(() => zonedTimeToUtc(ok, 'Nowhere/City')).toThrow(RangeError);
    expect(() => zonedTimeToUtc(ok, '')).toThrow(RangeError);
    expect(() => zonedTimeToUtc({ ...ok, month: 13 }, SP)).toThrow(RangeError);
    expect(() => zonedTimeToUtc({ ...ok, month: 0 }, SP)).toThrow(RangeError);
    expect(() => zonedTimeToUtc({ ...ok, day: 0 }, SP)).toThrow(RangeError);
    expect(() => zonedTimeToUtc({ ...ok, month: 2, day: 29 }, SP)).toThrow(RangeError); // 2026
    expect(() => zonedTimeToUtc({ ...ok, month: 4, day: 31 }, SP)).toThrow(RangeError);
    expect(() => zonedTimeToUtc({ ...ok, hour: 24 }, SP)).toThrow(RangeError);
    expect(() => zonedTimeToUtc({ ...ok, minute: 60 }, SP)).toThrow(RangeError);
    expect(() => zonedTimeToUtc({ ...ok, minute: 1.5 }, SP)).toThrow(RangeError);
    expect(() => zonedTimeToUtc({ ...ok, year: Number.NaN }, SP)).toThrow(RangeError);
    expect(() => zonedTimeToUtc({ ...ok, year: 0 }, SP)).toThrow(RangeError);
    expect(utc('2028-02-29 10:00', SP)).toBe('2028-02-29T13:00:00.000Z');
  });

  it('round-trips every half hour of a year in DST zones, resolving to the first occurrence', () => {
    const cases = [
      { timeZone: SP, from: '2018-07-01T00:00:00Z' },
      { timeZone: NY, from: '2026-01-01T00:00:00Z' },
      { timeZone: 'Australia/Lord_Howe', from: '2026-01-01T00:00:00Z' },
      { timeZone: 'Europe/London', from: '2026-01-01T00:00:00Z' },
    ];
    const step = 30 * 60_000;
    for (const { timeZone, from } of cases) {
      const start = Date.parse(from);
      for (let ms = start; ms < start + 366 * 86_400_000; ms += step) {
        const parts = utcToZonedParts(new Date(ms), timeZone);
        const back = zonedTimeToUtc(parts, timeZone).getTime();
        // Same wall time, never later than the instant it came from (first occurrence), and
        // only earlier when the wall time really occurred twice (back by at most the DST step).
        expect(utcToZonedParts(new Date(back), timeZone)).toEqual(parts);
        expect(back).toBeLessThanOrEqual(ms);
        expect(ms - back).toBeLessThanOrEqual(60 * 60_000);
      }
    }
  }, 60_000);
});

describe('utcToZonedParts', () => {
  it('reads the wall clock of the zone, with weekday 0 = Sunday', () => {
    expect(utcToZonedParts(new Date('2026-07-01T13:00:00Z'), SP)).toEqual({
      year: 2026,
      month: 7,
      day: 1,
      hour: 10,
      minute: 0,
      weekday: 3,
    });
    expect(utcToZonedParts(new Date('2026-11-22T13:00:00Z'), SP).weekday).toBe(0);
  });

  it('crosses the date line and year ends by zone, not by process time zone', () => {
    const instant = new Date('2026-12-31T23:30:00Z');
    expect(utcToZonedParts(instant, 'UTC')).toMatchObject({ year: 2026, month: 12, day: 31, hour: 23 });
    expect(utcToZonedParts(instant, 'Asia/Kolkata')).toMatchObject({
      year: 2027,
      month: 1,
      day: 1,
      hour: 5,
      minute: 0,
      weekday: 5,
    });
    expect(utcToZonedParts(instant, SP)).toMatchObject({
      year: 2026,
      month: 12,
      day: 31,
      hour: 20,
      minute: 30,
    });
  });

  it('reports midnight as hour 0, never 24', () => {
    expect(utcToZonedParts(new Date('2026-07-01T03:00:00Z'), SP)).toMatchObject({ day: 1, hour: 0 });
  });

  it('reads both sides of a fall-back overlap as the same wall time', () => {
    const first = utcToZonedParts(new Date('2019-02-17T01:30:00Z'), SP);
    const second = utcToZonedParts(new Date('2019-02-17T02:30:00Z'), SP);
    expect(first).toEqual(second);
    expect(first).toMatchObject({ year: 2019, month: 2, day: 16, hour: 23, minute: 30, weekday: 6 });
  });

  it('rejects invalid dates and zones', () => {
    expect(() => utcToZonedParts(new Date(Number.NaN), SP)).toThrow(RangeError);
    expect(() => utcToZonedParts(new Date(0), 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('timeZoneOffsetMinutes', () => {
  it('gives minutes east of UTC, following DST', () => {
    expect(timeZoneOffsetMinutes(new Date('2026-07-01T13:00:00Z'), SP)).toBe(-180);
    expect(timeZoneOffsetMinutes(new Date('2018-12-01T12:00:00Z'), SP)).toBe(-120);
    expect(timeZoneOffsetMinutes(new Date('2026-03-06T15:00:00Z'), NY)).toBe(-300);
    expect(timeZoneOffsetMinutes(new Date('2026-03-09T14:00:00Z'), NY)).toBe(-240);
    expect(timeZoneOffsetMinutes(new Date('2026-07-01T00:00:00Z'), 'Asia/Kolkata')).toBe(330);
  });
});

describe('calendar helpers', () => {
  it('weekdayOf: 0 = Sunday', () => {
    expect(weekdayOf({ year: 2026, month: 11, day: 22 })).toBe(0);
    expect(weekdayOf({ year: 2026, month: 11, day: 23 })).toBe(1);
    expect(weekdayOf({ year: 2026, month: 11, day: 28 })).toBe(6);
    expect(weekdayOf({ year: 2000, month: 2, day: 29 })).toBe(2);
  });

  it('addDays crosses month, leap-day and year ends', () => {
    expect(addDays({ year: 2026, month: 1, day: 31 }, 1)).toEqual({ year: 2026, month: 2, day: 1 });
    expect(addDays({ year: 2028, month: 2, day: 28 }, 1)).toEqual({ year: 2028, month: 2, day: 29 });
    expect(addDays({ year: 2026, month: 2, day: 28 }, 1)).toEqual({ year: 2026, month: 3, day: 1 });
    expect(addDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({ year: 2027, month: 1, day: 1 });
    expect(addDays({ year: 2027, month: 1, day: 1 }, -1)).toEqual({ year: 2026, month: 12, day: 31 });
    expect(addDays({ year: 2026, month: 12, day: 28 }, 7)).toEqual({ year: 2027, month: 1, day: 4 });
  });
});
