import { describe, expect, it } from 'vitest';
import { formatCompactNumber, formatEngagement } from './numbers.js';

describe('formatCompactNumber', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [999, '999'],
    [999.4, '999'],
    [999.5, '1k'],
    [1_000, '1k'],
    [1_001, '1k'],
    [1_049, '1k'],
    [1_050, '1,1k'],
    [1_500, '1,5k'],
    [9_999, '10k'],
    [10_000, '10k'],
    [12_345, '12,3k'],
    [999_949, '999,9k'],
    [999_950, '1M'],
    [999_999, '1M'],
    [1_000_000, '1M'],
    [1_049_999, '1M'],
    [1_050_000, '1,1M'],
    [2_345_678, '2,3M'],
    [999_999_999, '1.000M'],
    [1_234_567_890, '1.234,6M'],
  ])('%d → %s', (value, expected) => {
    expect(formatCompactNumber(value)).toBe(expected);
  });

  it('never prints 1000k', () => {
    for (let value = 999_000; value <= 1_001_000; value++) {
      expect(formatCompactNumber(value)).not.toMatch(/^1\.?000(,0)?k$/);
    }
  });

  it('mirrors negative values', () => {
    expect(formatCompactNumber(-1_500)).toBe('-1,5k');
    expect(formatCompactNumber(-12)).toBe('-12');
    expect(formatCompactNumber(-0.2)).toBe('0');
  });

  it("shows '—' when there is no number", () => {
    expect(formatCompactNumber(null)).toBe('—');
    expect(formatCompactNumber(undefined)).toBe('—');
    expect(formatCompactNumber(Number.NaN)).toBe('—');
    expect(formatCompactNumber(Number.POSITIVE_INFINITY)).toBe('—');
  });
});

describe('formatEngagement', () => {
  it.each([
    [4.5, '4,5%'],
    [5, '5,0%'],
    [0, '0,0%'],
    [0.04, '0,0%'],
    [0.05, '0,1%'],
    [4.44, '4,4%'],
    [4.45, '4,5%'],
    [12.345, '12,3%'],
    [100, '100,0%'],
    [1234.5, '1.234,5%'],
    [-0.04, '0,0%'],
    [-2.5, '-2,5%'],
  ])('%d → %s', (rate, expected) => {
    expect(formatEngagement(rate)).toBe(expected);
  });

  it("shows 'N/A' without a rate", () => {
    expect(formatEngagement(null)).toBe('N/A');
    expect(formatEngagement(undefined)).toBe('N/A');
    expect(formatEngagement(Number.NaN)).toBe('N/A');
    expect(formatEngagement(Number.NEGATIVE_INFINITY)).toBe('N/A');
  });
});
