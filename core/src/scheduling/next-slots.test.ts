import { afterEach, describe, expect, it } from 'vitest';
import { FREQUENCIES, type Frequency } from '../constants/frequencies.js';
import { SCHEDULE_START_HOUR, SUGGESTIONS_ON_THEME_CREATION } from '../constants/limits.js';
import { MAX_SLOTS_PER_CALL, type NextSlotsOptions, nextSlots } from './next-slots.js';
import { addDays, utcToZonedParts, weekdayOf } from './zoned-time.js';

const SP = 'America/Sao_Paulo';
const NY = 'America/New_York';
const DAY_MS = 86_400_000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function iso(options: NextSlotsOptions): string[] {
  return nextSlots(options).map((date) => date.toISOString());
}

/** Local 'YYYY-MM-DD HH:mm' of each slot, plus its weekday, in `timeZone`. */
function local(slots: readonly Date[], timeZone: string): string[] {
  return slots.map((date) => {
    const p = utcToZonedParts(date, timeZone);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)} ${WEEKDAYS[p.weekday]}`;
  });
}

function gapsInDays(slots: readonly Date[]): number[] {
  return slots.slice(1).map((date, i) => Math.round((date.getTime() - slots[i]!.getTime()) / DAY_MS));
}

// Sunday 2026-11-22, 12:00 in São Paulo.
const SUNDAY_NOON_SP = new Date('2026-11-22T15:00:00Z');

describe('nextSlots: spec §9 example', () => {
  it('a theme with LinkedIn + X, 3x por semana, gets Monday/Wednesday/Friday 10:00 São Paulo slots after today', () => {
    // Creating the theme drafts 15 suggestions per network; every network gets the same slots.
    const slots = nextSlots({
      frequency: 'weekly',
      count: SUGGESTIONS_ON_THEME_CREATION,
      timeZone: SP,
      after: SUNDAY_NOON_SP,
    });
    expect(slots).toHaveLength(15);
    expect(local(slots, SP)).toEqual([
      '2026-11-23 10:00 Mon',
      '2026-11-25 10:00 Wed',
      '2026-11-27 10:00 Fri',
      '2026-11-30 10:00 Mon',
      '2026-12-02 10:00 Wed',
      '2026-12-04 10:00 Fri',
      '2026-12-07 10:00 Mon',
      '2026-12-09 10:00 Wed',
      '2026-12-11 10:00 Fri',
      '2026-12-14 10:00 Mon',
      '2026-12-16 10:00 Wed',
      '2026-12-18 10:00 Fri',
      '2026-12-21 10:00 Mon',
      '2026-12-23 10:00 Wed',
      '2026-12-25 10:00 Fri',
    ]);
    for (const slot of slots) expect(slot.getUTCHours()).toBe(13); // São Paulo is -03:00, no DST
    expect(slots.map((slot) => utcToZonedParts(slot, SP).weekday)).toEqual([
      1, 3, 5, 1, 3, 5, 1, 3, 5, 1, 3, 5, 1, 3, 5,
    ]);
  });
});

describe('nextSlots: start day', () => {
  it('starts the local day after `after` when there is no previous post', () => {
    expect(iso({ frequency: 'daily', count: 2, timeZone: SP, after: SUNDAY_NOON_SP })).toEqual([
      '2026-11-23T13:00:00.000Z',
      '2026-11-24T13:00:00.000Z',
    ]);
    expect(
      iso({ frequency: 'daily', count: 1, timeZone: SP, after: SUNDAY_NOON_SP, lastScheduled: null }),
    ).toEqual(['2026-11-23T13:00:00.000Z']);
  });

  it('uses the local calendar day of the zone, not the UTC day', () => {
    // 2026-07-01T02:30Z is still 2026-06-30 23:30 in São Paulo: the schedule starts 07-01.
    expect(
      iso({ frequency: 'daily', count: 1, timeZone: SP, after: new Date('2026-07-01T02:30:00Z') }),
    ).toEqual(['2026-07-01T13:00:00.000Z']);
    // The same instant is already 2026-07-01 08:00 in Kolkata: the schedule starts 07-02.
    expect(
      iso({
        frequency: 'daily',
        count: 1,
        timeZone: 'Asia/Kolkata',
        after: new Date('2026-07-01T02:30:00Z'),
      }),
    ).toEqual(['2026-07-02T04:30:00.000Z']);
  });

  it('starts the day after `after` even when `after` is before 10:00 that day', () => {
    // 2026-07-01 06:00 local: today's 10:00 has not passed, but the spec starts tomorrow.
    expect(
      iso({ frequency: 'daily', count: 1, timeZone: SP, after: new Date('2026-07-01T09:00:00Z') }),
    ).toEqual(['2026-07-02T13:00:00.000Z']);
  });

  it('starts the day after the last scheduled post when it is later than `after`', () => {
    const lastScheduled = new Date('2026-12-10T13:00:00Z'); // Thursday 10:00 local
    expect(iso({ frequency: 'daily', count: 2, timeZone: SP, after: SUNDAY_NOON_SP, lastScheduled })).toEqual(
      ['2026-12-11T13:00:00.000Z', '2026-12-12T13:00:00.000Z'],
    );
    expect(
      iso({ frequency: 'weekly', count: 2, timeZone: SP, after: SUNDAY_NOON_SP, lastScheduled }),
    ).toEqual([
      '2026-12-11T13:00:00.000Z', // Friday
      '2026-12-14T13:00:00.000Z', // Monday
    ]);
    expect(
      iso({ frequency: 'monthly', count: 2, timeZone: SP, after: SUNDAY_NOON_SP, lastScheduled }),
    ).toEqual(['2026-12-11T13:00:00.000Z', '2026-12-18T13:00:00.000Z']);
  });

  it('ignores a last scheduled post that is earlier than `after`', () => {
    const lastScheduled = new Date('2026-10-01T13:00:00Z');
    expect(iso({ frequency: 'daily', count: 1, timeZone: SP, after: SUNDAY_NOON_SP, lastScheduled })).toEqual(
      iso({ frequency: 'daily', count: 1, timeZone: SP, after: SUNDAY_NOON_SP }),
    );
  });

  it("reads the last scheduled post's day in the zone (late-evening post, UTC already next day)", () => {
    // 2026-12-01T01:00Z is 2026-11-30 22:00 in São Paulo: the next day is 12-01.
    const lastScheduled = new Date('2026-12-01T01:00:00Z');
    expect(iso({ frequency: 'daily', count: 1, timeZone: SP, after: SUNDAY_NOON_SP, lastScheduled })).toEqual(
      ['2026-12-01T13:00:00.000Z'],
    );
  });

  it('continues a schedule seamlessly: the next batch follows the last slot of the previous one', () => {
    for (const frequency of FREQUENCIES) {
      const all = nextSlots({ frequency, count: 10, timeZone: SP, after: SUNDAY_NOON_SP });
      const first = nextSlots({ frequency, count: 5, timeZone: SP, after: SUNDAY_NOON_SP });
      const rest = nextSlots({
        frequency,
        count: 5,
        timeZone: SP,
        after: SUNDAY_NOON_SP,
        lastScheduled: first[4],
      });
      if (frequency === 'monthly') {
        // 'Semanal' restarts its 7-day rhythm the day after the last post.
        expect(gapsInDays([first[4]!, rest[0]!])).toEqual([1]);
      } else {
        expect([...first, ...rest]).toEqual(all);
      }
    }
  });
});

describe('nextSlots: daily', () => {
  it('gives one post a day at 10:00 local across month and year ends', () => {
    const slots = nextSlots({
      frequency: 'daily',
      count: 5,
      timeZone: SP,
      after: new Date('2026-12-29T15:00:00Z'),
    });
    expect(local(slots, SP)).toEqual([
      '2026-12-30 10:00 Wed',
      '2026-12-31 10:00 Thu',
      '2027-01-01 10:00 Fri',
      '2027-01-02 10:00 Sat',
      '2027-01-03 10:00 Sun',
    ]);
    expect(gapsInDays(slots)).toEqual([1, 1, 1, 1]);
  });

  it('crosses February in a leap year', () => {
    const slots = nextSlots({
      frequency: 'daily',
      count: 3,
      timeZone: SP,
      after: new Date('2028-02-27T15:00:00Z'),
    });
    expect(local(slots, SP)).toEqual([
      '2028-02-28 10:00 Mon',
      '2028-02-29 10:00 Tue',
      '2028-03-01 10:00 Wed',
    ]);
  });

  it('15 posts cover 15 consecutive days', () => {
    const slots = nextSlots({ frequency: 'daily', count: 15, timeZone: SP, after: SUNDAY_NOON_SP });
    expect(slots).toHaveLength(15);
    expect(gapsInDays(slots)).toEqual(Array(14).fill(1));
    expect(local([slots[0]!, slots[14]!], SP)).toEqual(['2026-11-23 10:00 Mon', '2026-12-07 10:00 Mon']);
  });
});

describe('nextSlots: weekly (3x por semana)', () => {
  // Start day -> first slot, for a start on each weekday (week of Sunday 2026-11-22).
  const cases: [string, string, string][] = [
    ['Sunday', '2026-11-22', '2026-11-23 10:00 Mon'],
    ['Monday', '2026-11-23', '2026-11-23 10:00 Mon'],
    ['Tuesday', '2026-11-24', '2026-11-25 10:00 Wed'],
    ['Wednesday', '2026-11-25', '2026-11-25 10:00 Wed'],
    ['Thursday', '2026-11-26', '2026-11-27 10:00 Fri'],
    ['Friday', '2026-11-27', '2026-11-27 10:00 Fri'],
    ['Saturday', '2026-11-28', '2026-11-30 10:00 Mon'],
  ];

  it.each(cases)('a schedule starting on a %s begins at %s -> %s', (_weekday, startDay, firstSlot) => {
    // `after` is noon local on the day before the start day.
    const after = new Date(Date.parse(`${startDay}T15:00:00Z`) - DAY_MS);
    const slots = nextSlots({ frequency: 'weekly', count: 3, timeZone: SP, after });
    expect(local(slots, SP)[0]).toBe(firstSlot);
    expect(slots.map((slot) => utcToZonedParts(slot, SP).weekday).every((d) => [1, 3, 5].includes(d))).toBe(
      true,
    );
  });

  it('repeats Monday/Wednesday/Friday (gaps 2, 2, 3) over several weeks and a year end', () => {
    const slots = nextSlots({
      frequency: 'weekly',
      count: 12,
      timeZone: SP,
      after: new Date('2026-12-19T15:00:00Z'),
    });
    expect(local(slots, SP)).toEqual([
      '2026-12-21 10:00 Mon',
      '2026-12-23 10:00 Wed',
      '2026-12-25 10:00 Fri',
      '2026-12-28 10:00 Mon',
      '2026-12-30 10:00 Wed',
      '2027-01-01 10:00 Fri',
      '2027-01-04 10:00 Mon',
      '2027-01-06 10:00 Wed',
      '2027-01-08 10:00 Fri',
      '2027-01-11 10:00 Mon',
      '2027-01-13 10:00 Wed',
      '2027-01-15 10:00 Fri',
    ]);
    expect(gapsInDays(slots)).toEqual([2, 2, 3, 2, 2, 3, 2, 2, 3, 2, 2]);
  });

  it('15 posts fill exactly five weeks', () => {
    const slots = nextSlots({ frequency: 'weekly', count: 15, timeZone: SP, after: SUNDAY_NOON_SP });
    expect(slots).toHaveLength(15);
    expect(gapsInDays([slots[0]!, slots[14]!])).toEqual([32]); // Monday of week 1 -> Friday of week 5
  });
});

describe('nextSlots: monthly (Semanal, every 7 days)', () => {
  it('starts on the start day (any weekday) and repeats every 7 days across a year end', () => {
    const slots = nextSlots({
      frequency: 'monthly',
      count: 5,
      timeZone: SP,
      after: new Date('2026-12-15T15:00:00Z'),
    });
    expect(local(slots, SP)).toEqual([
      '2026-12-16 10:00 Wed',
      '2026-12-23 10:00 Wed',
      '2026-12-30 10:00 Wed',
      '2027-01-06 10:00 Wed',
      '2027-01-13 10:00 Wed',
    ]);
    expect(gapsInDays(slots)).toEqual([7, 7, 7, 7]);
  });

  it('crosses a 31-day month end and February', () => {
    const slots = nextSlots({
      frequency: 'monthly',
      count: 3,
      timeZone: SP,
      after: new Date('2027-01-24T15:00:00Z'),
    });
    expect(local(slots, SP)).toEqual([
      '2027-01-25 10:00 Mon',
      '2027-02-01 10:00 Mon',
      '2027-02-08 10:00 Mon',
    ]);
  });

  it('15 posts span 14 weeks on the same weekday', () => {
    const slots = nextSlots({ frequency: 'monthly', count: 15, timeZone: SP, after: SUNDAY_NOON_SP });
    expect(slots).toHaveLength(15);
    expect(gapsInDays(slots)).toEqual(Array(14).fill(7));
    expect(new Set(slots.map((slot) => utcToZonedParts(slot, SP).weekday))).toEqual(new Set([1]));
    expect(local([slots[14]!], SP)).toEqual(['2027-03-01 10:00 Mon']);
  });
});

describe('nextSlots: DST (slots stay at 10:00 local, the UTC hour moves)', () => {
  it('W11: New York 10:00 across 2026-03-08 is 15:00Z, then 14:00Z', () => {
    expect(
      iso({ frequency: 'daily', count: 4, timeZone: NY, after: new Date('2026-03-05T17:00:00Z') }),
    ).toEqual([
      '2026-03-06T15:00:00.000Z',
      '2026-03-07T15:00:00.000Z',
      '2026-03-08T14:00:00.000Z',
      '2026-03-09T14:00:00.000Z',
    ]);
    expect(
      iso({ frequency: 'weekly', count: 2, timeZone: NY, after: new Date('2026-03-05T17:00:00Z') }),
    ).toEqual([
      '2026-03-06T15:00:00.000Z', // Friday, EST
      '2026-03-09T14:00:00.000Z', // Monday, EDT
    ]);
  });

  it('Europe/London: weekly-interval posts across the 2026-03-29 and 2026-10-25 changes', () => {
    const spring = nextSlots({
      frequency: 'monthly',
      count: 3,
      timeZone: 'Europe/London',
      after: new Date('2026-03-21T12:00:00Z'),
    });
    expect(spring.map((d) => d.toISOString())).toEqual([
      '2026-03-22T10:00:00.000Z', // GMT
      '2026-03-29T09:00:00.000Z', // BST from 01:00Z that morning
      '2026-04-05T09:00:00.000Z',
    ]);
    const autumn = nextSlots({
      frequency: 'daily',
      count: 2,
      timeZone: 'Europe/London',
      after: new Date('2026-10-24T12:00:00Z'),
    });
    expect(autumn.map((d) => d.toISOString())).toEqual([
      '2026-10-25T10:00:00.000Z',
      '2026-10-26T10:00:00.000Z',
    ]);
  });

  it('Australia/Sydney: the April change moves 10:00 local from 23:00Z the day before to 00:00Z', () => {
    const slots = nextSlots({
      frequency: 'daily',
      count: 3,
      timeZone: 'Australia/Sydney',
      after: new Date('2026-04-03T01:00:00Z'), // 2026-04-03 12:00 AEDT
    });
    expect(slots.map((d) => d.toISOString())).toEqual([
      '2026-04-03T23:00:00.000Z', // 04-04 10:00 AEDT (+11)
      '2026-04-05T00:00:00.000Z', // 04-05 10:00 AEST (+10): DST ended at 03:00 that morning
      '2026-04-06T00:00:00.000Z',
    ]);
    expect(local(slots, 'Australia/Sydney')).toEqual([
      '2026-04-04 10:00 Sat',
      '2026-04-05 10:00 Sun',
      '2026-04-06 10:00 Mon',
    ]);
  });

  it('São Paulo 2018: a slot time inside the spring-forward gap is shifted by the gap', () => {
    const slots = nextSlots({
      frequency: 'daily',
      count: 3,
      timeZone: SP,
      after: new Date('2018-11-02T15:00:00Z'),
      hour: 0,
      minute: 30,
    });
    expect(slots.map((d) => d.toISOString())).toEqual([
      '2018-11-03T03:30:00.000Z', // 00:30 -03:00
      '2018-11-04T03:30:00.000Z', // 00:30 does not exist: 01:30 -02:00
      '2018-11-05T02:30:00.000Z', // 00:30 -02:00
    ]);
    expect(local(slots, SP).map((s) => s.slice(11, 16))).toEqual(['00:30', '01:30', '00:30']);
  });

  it('São Paulo 2019: a slot time inside the fall-back overlap takes its first occurrence', () => {
    const slots = nextSlots({
      frequency: 'daily',
      count: 2,
      timeZone: SP,
      after: new Date('2019-02-15T15:00:00Z'),
      hour: 23,
      minute: 30,
    });
    expect(slots.map((d) => d.toISOString())).toEqual([
      '2019-02-17T01:30:00.000Z',
      '2019-02-18T02:30:00.000Z',
    ]);
  });

  // A CPU-bound sweep (~4,800 cases): give it room on a loaded machine; it asserts results, not speed.
  it('every first slot is after `after`, on the next local day, at 10:00 local (sweep over a year)', {
    timeout: 60_000,
  }, () => {
    for (const timeZone of [SP, NY, 'Australia/Sydney', 'Asia/Kolkata']) {
      const start = Date.parse('2018-07-01T00:00:00Z');
      for (let ms = start; ms < start + 366 * DAY_MS; ms += 7 * 3_600_000 + 13 * 60_000) {
        const after = new Date(ms);
        const nextDay = addDays(utcToZonedParts(after, timeZone), 1);
        for (const frequency of FREQUENCIES) {
          const [first, second] = nextSlots({ frequency, count: 2, timeZone, after });
          const parts = utcToZonedParts(first!, timeZone);
          expect(first!.getTime()).toBeGreaterThan(ms);
          expect(second!.getTime()).toBeGreaterThan(first!.getTime());
          expect([parts.hour, parts.minute]).toEqual([SCHEDULE_START_HOUR, 0]);
          if (frequency !== 'weekly') expect(parts).toMatchObject(nextDay);
          else expect([1, 3, 5]).toContain(weekdayOf(parts));
        }
      }
    }
  });
});

describe('nextSlots: options and validation', () => {
  it('defaults to 10:00 and accepts another local time', () => {
    const [defaulted] = nextSlots({ frequency: 'daily', count: 1, timeZone: SP, after: SUNDAY_NOON_SP });
    expect(utcToZonedParts(defaulted!, SP)).toMatchObject({ hour: 10, minute: 0 });
    const [custom] = nextSlots({
      frequency: 'daily',
      count: 1,
      timeZone: SP,
      after: SUNDAY_NOON_SP,
      hour: 18,
      minute: 45,
    });
    expect(custom!.toISOString()).toBe('2026-11-23T21:45:00.000Z');
  });

  it('returns an empty list for count 0 and up to MAX_SLOTS_PER_CALL slots', () => {
    expect(nextSlots({ frequency: 'daily', count: 0, timeZone: SP, after: SUNDAY_NOON_SP })).toEqual([]);
    const many = nextSlots({
      frequency: 'weekly',
      count: MAX_SLOTS_PER_CALL,
      timeZone: SP,
      after: SUNDAY_NOON_SP,
    });
    expect(many).toHaveLength(1000);
    expect(new Set(many.map((d) => d.getTime())).size).toBe(1000);
  });

  it('does not mutate its Date arguments', () => {
    const after = new Date(SUNDAY_NOON_SP);
    const lastScheduled = new Date('2026-12-10T13:00:00Z');
    nextSlots({ frequency: 'weekly', count: 3, timeZone: SP, after, lastScheduled });
    expect(after.toISOString()).toBe('2026-11-22T15:00:00.000Z');
    expect(lastScheduled.toISOString()).toBe('2026-12-10T13:00:00.000Z');
  });

  it('throws RangeError for invalid input', () => {
    const base: NextSlotsOptions = { frequency: 'daily', count: 1, timeZone: SP, after: SUNDAY_NOON_SP };
    const bad: Partial<Record<keyof NextSlotsOptions, unknown>>[] = [
      { count: -1 },
      { count: MAX_SLOTS_PER_CALL + 1 },
      { count: 1.5 },
      { count: Number.NaN },
      { timeZone: 'America/Sao_Paolo' },
      { timeZone: '' },
      { after: new Date(Number.NaN) },
      { after: '2026-11-22' },
      { lastScheduled: new Date(Number.NaN) },
      { frequency: 'yearly' },
      { hour: 24 },
      { hour: -1 },
      { minute: 60 },
    ];
    for (const override of bad) {
      expect(() => nextSlots({ ...base, ...override } as NextSlotsOptions), JSON.stringify(override)).toThrow(
        RangeError,
      );
    }
  });
});

describe('nextSlots: independence from the process time zone', () => {
  const savedTz = process.env.TZ;
  afterEach(() => {
    if (savedTz === undefined) delete process.env.TZ;
    else process.env.TZ = savedTz;
  });

  it('gives identical slots whatever TZ the process runs in', () => {
    const run = () =>
      (['daily', 'weekly', 'monthly'] as Frequency[]).flatMap((frequency) => [
        ...iso({ frequency, count: 15, timeZone: SP, after: new Date('2026-07-01T02:30:00Z') }),
        ...iso({ frequency, count: 15, timeZone: NY, after: new Date('2026-03-01T04:30:00Z') }),
        ...iso({
          frequency,
          count: 15,
          timeZone: SP,
          after: new Date('2018-10-30T02:30:00Z'),
          hour: 0,
          minute: 30,
        }),
      ]);
    const results = ['UTC', SP, 'Asia/Kolkata', 'Pacific/Kiritimati', 'America/Adak'].map((tz) => {
      process.env.TZ = tz;
      return run();
    });
    for (const result of results) expect(result).toEqual(results[0]);
  });
});
