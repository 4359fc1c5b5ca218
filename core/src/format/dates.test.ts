import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatLongDate, formatRelativeDay, formatTime } from './dates.js';

const SP = 'America/Sao_Paulo';
const instant = new Date('2026-11-22T13:00:00Z');

describe('formatDate / formatTime / formatDateTime', () => {
  it('prints pt-BR numeric forms in the given zone', () => {
    expect(formatDate(instant, SP)).toBe('22/11/2026');
    expect(formatTime(instant, SP)).toBe('10:00');
    expect(formatDateTime(instant, SP)).toBe('22/11/2026 10:00');
  });

  it('follows the zone across midnight and year ends', () => {
    const lateUtc = new Date('2026-12-31T23:30:00Z');
    expect(formatDateTime(lateUtc, 'UTC')).toBe('31/12/2026 23:30');
    expect(formatDateTime(lateUtc, SP)).toBe('31/12/2026 20:30');
    expect(formatDateTime(lateUtc, 'Asia/Kolkata')).toBe('01/01/2027 05:00');
    expect(formatDateTime(lateUtc, 'Pacific/Kiritimati')).toBe('01/01/2027 13:30');
  });

  it('pads and uses the 24-hour clock, midnight as 00', () => {
    expect(formatDateTime(new Date('2026-03-05T03:05:00Z'), SP)).toBe('05/03/2026 00:05');
    expect(formatTime(new Date('2026-03-05T02:59:00Z'), SP)).toBe('23:59');
  });

  it('shows the DST-dependent local time (New York 2026-03-08)', () => {
    expect(formatDateTime(new Date('2026-03-06T15:00:00Z'), 'America/New_York')).toBe('06/03/2026 10:00');
    expect(formatDateTime(new Date('2026-03-09T14:00:00Z'), 'America/New_York')).toBe('09/03/2026 10:00');
  });

  it('rejects an invalid date or zone', () => {
    expect(() => formatDate(new Date(Number.NaN), SP)).toThrow(RangeError);
    expect(() => formatTime(instant, 'Sao_Paulo')).toThrow(RangeError);
    expect(() => formatLongDate(instant, 'Sao_Paulo')).toThrow(RangeError);
  });
});

describe('formatLongDate', () => {
  it("prints '22 de nov. de 2026' in the given zone", () => {
    expect(formatLongDate(instant, SP)).toBe('22 de nov. de 2026');
    expect(formatLongDate(new Date('2026-12-01T01:00:00Z'), SP)).toBe('30 de nov. de 2026');
    expect(formatLongDate(new Date('2026-12-01T01:00:00Z'), 'UTC')).toBe('1 de dez. de 2026');
  });
});

describe('formatRelativeDay', () => {
  const now = new Date('2026-11-22T15:00:00Z'); // Sunday 12:00 in São Paulo

  it('names today, tomorrow and yesterday by the local calendar day', () => {
    expect(formatRelativeDay(new Date('2026-11-22T03:00:00Z'), { now, timeZone: SP })).toBe('Hoje'); // 00:00
    expect(formatRelativeDay(new Date('2026-11-23T02:59:00Z'), { now, timeZone: SP })).toBe('Hoje'); // 23:59
    expect(formatRelativeDay(new Date('2026-11-23T03:00:00Z'), { now, timeZone: SP })).toBe('Amanhã');
    expect(formatRelativeDay(new Date('2026-11-24T02:59:00Z'), { now, timeZone: SP })).toBe('Amanhã');
    expect(formatRelativeDay(new Date('2026-11-22T02:59:00Z'), { now, timeZone: SP })).toBe('Ontem');
  });

  it('prints the date further away', () => {
    expect(formatRelativeDay(new Date('2026-11-24T13:00:00Z'), { now, timeZone: SP })).toBe('24/11/2026');
    expect(formatRelativeDay(new Date('2026-11-20T13:00:00Z'), { now, timeZone: SP })).toBe('20/11/2026');
  });

  it('crosses month and year ends', () => {
    const newYearsEve = new Date('2026-12-31T15:00:00Z');
    expect(formatRelativeDay(new Date('2027-01-01T13:00:00Z'), { now: newYearsEve, timeZone: SP })).toBe(
      'Amanhã',
    );
    expect(formatRelativeDay(new Date('2026-12-30T13:00:00Z'), { now: newYearsEve, timeZone: SP })).toBe(
      'Ontem',
    );
  });
});

describe('independence from the process time zone', () => {
  const savedTz = process.env.TZ;
  afterEach(() => {
    if (savedTz === undefined) delete process.env.TZ;
    else process.env.TZ = savedTz;
  });

  it('prints the same text whatever TZ the process runs in', () => {
    const run = () => [
      formatDateTime(new Date('2026-12-31T23:30:00Z'), SP),
      formatDateTime(new Date('2026-07-01T02:30:00Z'), 'Asia/Kolkata'),
      formatLongDate(new Date('2026-12-01T01:00:00Z'), SP),
      formatRelativeDay(new Date('2026-11-23T02:59:00Z'), {
        now: new Date('2026-11-22T15:00:00Z'),
        timeZone: SP,
      }),
    ];
    const results = ['UTC', SP, 'Asia/Kolkata', 'Pacific/Kiritimati'].map((tz) => {
      process.env.TZ = tz;
      return run();
    });
    for (const result of results) expect(result).toEqual(results[0]);
    expect(results[0]).toEqual(['31/12/2026 20:30', '01/07/2026 08:00', '30 de nov. de 2026', 'Hoje']);
  });
});
