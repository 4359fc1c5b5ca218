// Runs in the `unit` project and again in `unit-tz` (process TZ=America/Sao_Paulo): the results
// must be the same instants whatever the process zone.
import { describe, expect, it } from 'vitest';
import {
  describeRecurrence,
  nextOccurrence,
  occurrenceLabel,
  type RecurrenceSeries,
  recurrenceRuleSchema,
} from './recurrence.js';

const SP = 'America/Sao_Paulo';
const NY = 'America/New_York';

function series(partial: Partial<RecurrenceSeries>): RecurrenceSeries {
  return {
    kind: 'weeks',
    interval: 1,
    maxOccurrences: 5,
    untilDate: null,
    timeZone: SP,
    ...partial,
  };
}

describe('nextOccurrence', () => {
  it('weekly: the same weekday and local time, one week later', () => {
    const s = series({});
    const first = new Date('2026-12-02T13:00:00Z'); // Wednesday 10:00 in São Paulo (UTC−3)
    const next = nextOccurrence(s, { occurrence: 1, scheduledFor: first, publishedAt: first, now: first });
    expect(next).toEqual({ kind: 'next', occurrence: 2, at: new Date('2026-12-09T13:00:00Z') });
  });

  it('every 3 days across a month end and a year end', () => {
    const s = series({ kind: 'days', interval: 3 });
    const first = new Date('2026-12-30T11:30:00Z');
    const next = nextOccurrence(s, { occurrence: 1, scheduledFor: first, publishedAt: first, now: first });
    expect(next).toEqual({ kind: 'next', occurrence: 2, at: new Date('2027-01-02T11:30:00Z') });
    // February has 28 days in 2027: 2027-02-26 + 3 days = 2027-03-01.
    const feb = series({ kind: 'days', interval: 3 });
    const f1 = new Date('2027-02-26T11:30:00Z');
    expect(nextOccurrence(feb, { occurrence: 1, scheduledFor: f1, publishedAt: f1, now: f1 })).toEqual({
      kind: 'next',
      occurrence: 2,
      at: new Date('2027-03-01T11:30:00Z'),
    });
  });

  it('weekly keeps the local time across a DST change (New York, 2027-03-14)', () => {
    const s = series({ timeZone: NY });
    const first = new Date('2027-03-10T15:00:00Z'); // 10:00 EST (UTC−5)
    const next = nextOccurrence(s, { occurrence: 1, scheduledFor: first, publishedAt: first, now: first });
    expect(next).toEqual({ kind: 'next', occurrence: 2, at: new Date('2027-03-17T14:00:00Z') }); // 10:00 EDT
  });

  it('counts steps from the scheduled time, not from a late publication: past steps are skipped', () => {
    const s = series({ kind: 'days', interval: 2, maxOccurrences: 10 });
    const scheduled = new Date('2026-12-02T13:00:00Z');
    const now = new Date('2026-12-05T09:00:00Z'); // published three days late
    const next = nextOccurrence(s, { occurrence: 1, scheduledFor: scheduled, publishedAt: now, now });
    // 12-04 is already past: 12-06 10:00 local.
    expect(next).toEqual({ kind: 'next', occurrence: 2, at: new Date('2026-12-06T13:00:00Z') });
  });

  it('months late, the step estimate still lands on the first future step', () => {
    const s = series({ kind: 'weeks', interval: 2, maxOccurrences: 100 });
    const scheduled = new Date('2026-12-02T13:00:00Z');
    const now = new Date('2027-06-03T12:00:00Z'); // 26 weeks later: the step estimate walks
    const next = nextOccurrence(s, { occurrence: 14, scheduledFor: scheduled, publishedAt: now, now });
    expect(next).toEqual({ kind: 'next', occurrence: 15, at: new Date('2027-06-16T13:00:00Z') });
  });

  it('evergreen: N days after the publication, at the anchor time, in the series zone', () => {
    const s = series({ kind: 'evergreen', interval: 10, maxOccurrences: null, untilDate: '2027-12-31' });
    const scheduled = new Date('2026-12-02T13:00:00Z');
    // Published at 23:30 local on 2026-12-02 = 02:30Z on 12-03: the local date is what counts.
    const publishedAt = new Date('2026-12-03T02:30:00Z');
    const next = nextOccurrence(s, { occurrence: 1, scheduledFor: scheduled, publishedAt, now: publishedAt });
    expect(next).toEqual({ kind: 'next', occurrence: 2, at: new Date('2026-12-12T13:00:00Z') });
  });

  it('the count rule ends the series after the last publication', () => {
    const s = series({ maxOccurrences: 3 });
    const third = new Date('2026-12-16T13:00:00Z');
    expect(nextOccurrence(s, { occurrence: 3, scheduledFor: third, publishedAt: third, now: third })).toEqual(
      {
        kind: 'ended',
        reason: 'count',
      },
    );
    expect(
      nextOccurrence(s, { occurrence: 2, scheduledFor: third, publishedAt: third, now: third }).kind,
    ).toBe('next');
  });

  it('the date rule: the stop date is included, the day after is not (local dates)', () => {
    const s = series({ maxOccurrences: null, untilDate: '2026-12-16' });
    const first = new Date('2026-12-02T13:00:00Z');
    expect(
      nextOccurrence(s, { occurrence: 1, scheduledFor: first, publishedAt: first, now: first }),
    ).toMatchObject({
      kind: 'next',
      at: new Date('2026-12-09T13:00:00Z'),
    });
    const second = new Date('2026-12-09T13:00:00Z');
    expect(
      nextOccurrence(s, { occurrence: 2, scheduledFor: second, publishedAt: second, now: second }),
    ).toMatchObject({
      kind: 'next',
      at: new Date('2026-12-16T13:00:00Z'),
    });
    const third = new Date('2026-12-16T13:00:00Z');
    expect(nextOccurrence(s, { occurrence: 3, scheduledFor: third, publishedAt: third, now: third })).toEqual(
      {
        kind: 'ended',
        reason: 'until',
      },
    );
  });

  it('a late local hour in UTC−3 stays on its local date (23:30 on the 31st is 02:30Z on the 1st)', () => {
    const s = series({ kind: 'days', interval: 1 });
    const first = new Date('2027-01-01T02:30:00Z');
    expect(nextOccurrence(s, { occurrence: 1, scheduledFor: first, publishedAt: first, now: first })).toEqual(
      {
        kind: 'next',
        occurrence: 2,
        at: new Date('2027-01-02T02:30:00Z'),
      },
    );
  });
});

describe('recurrenceRuleSchema', () => {
  it('requires exactly one stop rule', () => {
    const base = { kind: 'weeks', interval: 1 };
    expect(recurrenceRuleSchema.safeParse({ ...base, maxOccurrences: 3, untilDate: null }).success).toBe(
      true,
    );
    expect(
      recurrenceRuleSchema.safeParse({ ...base, maxOccurrences: null, untilDate: '2027-01-31' }).success,
    ).toBe(true);
    const none = recurrenceRuleSchema.safeParse({ ...base, maxOccurrences: null, untilDate: null });
    expect(none.success).toBe(false);
    expect(none.error?.issues[0]?.message).toMatch(/quando a repetição termina/);
    expect(
      recurrenceRuleSchema.safeParse({ ...base, maxOccurrences: 3, untilDate: '2027-01-31' }).success,
    ).toBe(false);
    expect(recurrenceRuleSchema.safeParse({ ...base, maxOccurrences: 1, untilDate: null }).success).toBe(
      false,
    );
    expect(
      recurrenceRuleSchema.safeParse({ ...base, maxOccurrences: null, untilDate: '2027-02-30' }).success,
    ).toBe(false);
    expect(
      recurrenceRuleSchema.safeParse({ ...base, interval: 0, maxOccurrences: 3, untilDate: null }).success,
    ).toBe(false);
  });
});

describe('labels', () => {
  it('reads the rule and the position in pt-BR', () => {
    expect(occurrenceLabel(2, 5)).toBe('2 de 5');
    expect(occurrenceLabel(3, null)).toBe('3ª publicação');
    expect(describeRecurrence({ kind: 'weeks', interval: 1, maxOccurrences: 3, untilDate: null })).toBe(
      'Toda semana, 3 publicações',
    );
    expect(
      describeRecurrence({ kind: 'days', interval: 2, maxOccurrences: null, untilDate: '2026-12-31' }),
    ).toBe('A cada 2 dias, até 31/12/2026');
  });
});
