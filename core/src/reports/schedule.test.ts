import { describe, expect, it } from 'vitest';
import {
  lastEndedPeriod,
  normalizeRecipients,
  reportRecipientsMessage,
  reportRecipientsProblem,
} from './schedule.js';

const TZ = 'America/Sao_Paulo';

describe('lastEndedPeriod', () => {
  it('monthly: the previous calendar month in São Paulo, from the 1st at 00:00 local', () => {
    expect(lastEndedPeriod('monthly', new Date('2026-11-01T03:00:00Z'), TZ)).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    // 31 Oct 23:59 in São Paulo (02:59 UTC on 1 Nov): October has not ended yet.
    expect(lastEndedPeriod('monthly', new Date('2026-11-01T02:59:00Z'), TZ)).toEqual({
      from: '2026-09-01',
      to: '2026-09-30',
    });
    expect(lastEndedPeriod('monthly', new Date('2027-01-15T12:00:00Z'), TZ)).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
  });

  it('weekly: the previous Monday–Sunday week', () => {
    // Thursday 5 Nov 2026 → 26 Oct (Mon) – 1 Nov (Sun).
    expect(lastEndedPeriod('weekly', new Date('2026-11-05T12:00:00Z'), TZ)).toEqual({
      from: '2026-10-26',
      to: '2026-11-01',
    });
    // Monday 2 Nov 00:30 local: the week that just ended.
    expect(lastEndedPeriod('weekly', new Date('2026-11-02T03:30:00Z'), TZ)).toEqual({
      from: '2026-10-26',
      to: '2026-11-01',
    });
    // Sunday 1 Nov 23:00 local: that week is still running.
    expect(lastEndedPeriod('weekly', new Date('2026-11-02T02:00:00Z'), TZ)).toEqual({
      from: '2026-10-19',
      to: '2026-10-25',
    });
  });
});

describe('recipients', () => {
  it('normalizes and explains problems in pt-BR', () => {
    expect(normalizeRecipients([' Ana@X.com ', 'ana@x.com', '', 'bia@x.com'])).toEqual([
      'ana@x.com',
      'bia@x.com',
    ]);
    expect(reportRecipientsProblem('off', [])).toBeNull();
    expect(reportRecipientsProblem('monthly', ['ana@x.com'])).toBeNull();
    expect(reportRecipientsMessage(reportRecipientsProblem('monthly', [])!)).toBe(
      'Informe pelo menos um email para receber o relatório.',
    );
    expect(reportRecipientsMessage(reportRecipientsProblem('off', ['ana']) ?? {})).toBe(
      '"ana" não é um email válido.',
    );
    const eleven = Array.from({ length: 11 }, (_, i) => `p${i}@x.com`);
    expect(reportRecipientsMessage(reportRecipientsProblem('weekly', eleven)!)).toBe(
      'Informe no máximo 10 emails.',
    );
  });
});
