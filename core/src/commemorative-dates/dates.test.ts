import { describe, expect, it } from 'vitest';
import {
  blackFriday,
  commemorativeDatesBetween,
  commemorativeDatesOfYear,
  easterSunday,
  findCommemorativeDate,
  upcomingCommemorativeDates,
} from './dates.js';

const iso = (year: number, id: string) => commemorativeDatesOfYear(year).find((d) => d.id === id)?.isoDate;

describe('easterSunday', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2028, '2028-04-16'],
    [2038, '2038-04-25'], // the latest possible day
    [2285, '2285-03-22'], // the earliest possible day
    [2000, '2000-04-23'],
  ])('%i → %s', (year, expected) => {
    expect(iso(year, 'pascoa')).toBe(expected);
    const easter = easterSunday(year);
    expect(
      `${easter.year}-${String(easter.month).padStart(2, '0')}-${String(easter.day).padStart(2, '0')}`,
    ).toBe(expected);
  });
});

describe('dates that follow Easter', () => {
  it('Carnaval is the Tuesday 47 days before Easter', () => {
    expect(iso(2025, 'carnaval')).toBe('2025-03-04');
    expect(iso(2026, 'carnaval')).toBe('2026-02-17');
    expect(iso(2027, 'carnaval')).toBe('2027-02-09');
    // 2024 is a leap year: February 13th.
    expect(iso(2024, 'carnaval')).toBe('2024-02-13');
  });

  it('Sexta-feira Santa is 2 days before, Corpus Christi 60 days after', () => {
    expect(iso(2026, 'sexta-feira-santa')).toBe('2026-04-03');
    expect(iso(2027, 'sexta-feira-santa')).toBe('2027-03-26');
    expect(iso(2025, 'corpus-christi')).toBe('2025-06-19');
    expect(iso(2026, 'corpus-christi')).toBe('2026-06-04');
    expect(iso(2027, 'corpus-christi')).toBe('2027-05-27');
  });
});

describe('dates on a weekday of a month', () => {
  it('Dia das Mães is the 2nd Sunday of May', () => {
    expect(iso(2025, 'dia-das-maes')).toBe('2025-05-11');
    expect(iso(2026, 'dia-das-maes')).toBe('2026-05-10');
    // May 2027 starts on a Saturday: the 2nd Sunday is the 9th.
    expect(iso(2027, 'dia-das-maes')).toBe('2027-05-09');
    // May 2022 started on a Sunday: the 2nd Sunday is the 8th.
    expect(iso(2022, 'dia-das-maes')).toBe('2022-05-08');
  });

  it('Dia dos Pais is the 2nd Sunday of August', () => {
    expect(iso(2025, 'dia-dos-pais')).toBe('2025-08-10');
    expect(iso(2026, 'dia-dos-pais')).toBe('2026-08-09');
    expect(iso(2027, 'dia-dos-pais')).toBe('2027-08-08');
  });

  it('Black Friday is the Friday after the 4th Thursday of November; Cyber Monday 3 days later', () => {
    expect(iso(2024, 'black-friday')).toBe('2024-11-29');
    expect(iso(2025, 'black-friday')).toBe('2025-11-28');
    expect(iso(2026, 'black-friday')).toBe('2026-11-27');
    // November 2029 starts on a Thursday: its 4th Thursday is the 22nd.
    expect(iso(2029, 'black-friday')).toBe('2029-11-23');
    expect(blackFriday(2027)).toEqual({ year: 2027, month: 11, day: 26 });
    expect(iso(2026, 'cyber-monday')).toBe('2026-11-30');
    expect(iso(2025, 'cyber-monday')).toBe('2025-12-01');
  });
});

describe('commemorativeDatesOfYear', () => {
  it('lists the fixed dates with name, category and a description', () => {
    const dates = commemorativeDatesOfYear(2026);
    const byId = new Map(dates.map((d) => [d.id, d]));
    expect(byId.get('confraternizacao-universal')).toMatchObject({
      isoDate: '2026-01-01',
      category: 'nacional',
      holiday: true,
    });
    expect(byId.get('dia-da-mulher')?.isoDate).toBe('2026-03-08');
    expect(byId.get('dia-do-consumidor')).toMatchObject({ isoDate: '2026-03-15', category: 'varejo' });
    expect(byId.get('tiradentes')?.isoDate).toBe('2026-04-21');
    expect(byId.get('dia-do-trabalho')?.isoDate).toBe('2026-05-01');
    expect(byId.get('dia-dos-namorados')?.isoDate).toBe('2026-06-12');
    expect(byId.get('sao-joao')?.isoDate).toBe('2026-06-24');
    expect(byId.get('independencia')?.isoDate).toBe('2026-09-07');
    expect(byId.get('dia-do-cliente')).toMatchObject({ isoDate: '2026-09-15', category: 'varejo' });
    expect(byId.get('dia-das-criancas')?.isoDate).toBe('2026-10-12');
    expect(byId.get('nossa-senhora-aparecida')).toMatchObject({ isoDate: '2026-10-12', holiday: true });
    expect(byId.get('finados')?.isoDate).toBe('2026-11-02');
    expect(byId.get('proclamacao-da-republica')?.isoDate).toBe('2026-11-15');
    expect(byId.get('natal')?.isoDate).toBe('2026-12-25');
    expect(byId.get('reveillon')?.isoDate).toBe('2026-12-31');
    for (const date of dates) {
      expect(date.name.length).toBeGreaterThan(0);
      expect(date.description.length).toBeGreaterThan(10);
      expect(date.key).toBe(`${date.id}-2026`);
    }
  });

  it('is in date order and every key is unique', () => {
    const dates = commemorativeDatesOfYear(2027);
    const sorted = [...dates].sort((a, b) => a.isoDate.localeCompare(b.isoDate));
    expect(dates.map((d) => d.isoDate)).toEqual(sorted.map((d) => d.isoDate));
    expect(new Set(dates.map((d) => d.key)).size).toBe(dates.length);
  });

  it('Consciência Negra is a national holiday from 2024 on (Lei 14.759/2023)', () => {
    expect(commemorativeDatesOfYear(2023).find((d) => d.id === 'consciencia-negra')?.holiday).toBe(false);
    expect(commemorativeDatesOfYear(2024).find((d) => d.id === 'consciencia-negra')?.holiday).toBe(true);
    expect(iso(2026, 'consciencia-negra')).toBe('2026-11-20');
  });

  it('gives nothing for a year out of range or not an integer', () => {
    expect(commemorativeDatesOfYear(1899)).toEqual([]);
    expect(commemorativeDatesOfYear(3000)).toEqual([]);
    expect(commemorativeDatesOfYear(2026.5)).toEqual([]);
  });
});

describe('commemorativeDatesBetween and upcomingCommemorativeDates', () => {
  it('includes both ends and crosses the year', () => {
    const dates = commemorativeDatesBetween(
      { year: 2026, month: 11, day: 27 },
      { year: 2027, month: 1, day: 1 },
    );
    expect(dates.map((d) => d.key)).toEqual([
      'black-friday-2026',
      'cyber-monday-2026',
      'natal-2026',
      'reveillon-2026',
      'confraternizacao-universal-2027',
    ]);
  });

  it('offers the next 60 days from today', () => {
    const dates = upcomingCommemorativeDates({ year: 2026, month: 11, day: 28 });
    expect(dates[0]?.key).toBe('cyber-monday-2026');
    expect(dates.at(-1)?.isoDate).toBe('2027-01-01');
    expect(upcomingCommemorativeDates({ year: 2027, month: 1, day: 2 }, 30)).toEqual([]);
  });
});

describe('findCommemorativeDate', () => {
  it('finds an occurrence by key and refuses anything else', () => {
    expect(findCommemorativeDate('black-friday-2026')?.isoDate).toBe('2026-11-27');
    expect(findCommemorativeDate('black-friday-1899')).toBeUndefined();
    expect(findCommemorativeDate('black-friday')).toBeUndefined();
    expect(findCommemorativeDate('dia-do-nada-2026')).toBeUndefined();
    expect(findCommemorativeDate('')).toBeUndefined();
  });
});
