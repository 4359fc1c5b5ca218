import { describe, expect, it } from 'vitest';
import {
  averageEngagement,
  engagementLabel,
  engagementLevel,
  reachLabel,
  reachLevel,
  timeSavedHours,
} from './dashboard-metrics.js';

describe('averageEngagement', () => {
  it('averages only the rates above 0', () => {
    expect(averageEngagement([2, 4])).toBe(3);
    expect(averageEngagement([2, 0, 4, null, undefined, Number.NaN, -1])).toBe(3);
    expect(averageEngagement([0.5])).toBe(0.5);
  });

  it('is null when no rate counts', () => {
    expect(averageEngagement([])).toBeNull();
    expect(averageEngagement([0, 0, null])).toBeNull();
  });
});

describe('engagementLabel', () => {
  it.each([
    [null, 'Sem dados suficientes'],
    [undefined, 'Sem dados suficientes'],
    [Number.NaN, 'Sem dados suficientes'],
    [0, 'Precisa melhorar'],
    [0.95, 'Precisa melhorar'],
    [0.999, 'Precisa melhorar'],
    [1, 'Performance regular'],
    [2.99, 'Performance regular'],
    [3, 'Boa performance'],
    [4.99, 'Boa performance'],
    [5, 'Excelente performance'],
    [42, 'Excelente performance'],
  ])('%s → %s', (average, expected) => {
    expect(engagementLabel(average)).toBe(expected);
  });

  it('exposes the level for styling', () => {
    expect([null, 0.5, 1, 3, 5].map(engagementLevel)).toEqual([
      'noData',
      'poor',
      'regular',
      'good',
      'excellent',
    ]);
  });

  it('labels the average of real rates (zeros ignored)', () => {
    expect(engagementLabel(averageEngagement([0, 0, 6, 4]))).toBe('Excelente performance');
    expect(engagementLabel(averageEngagement([0, 0]))).toBe('Sem dados suficientes');
  });
});

describe('reachLabel', () => {
  it.each([
    [null, 'Crescendo'],
    [0, 'Crescendo'],
    [999, 'Crescendo'],
    [1_000, 'Alcance moderado'],
    [4_999, 'Alcance moderado'],
    [5_000, 'Bom alcance'],
    [9_999, 'Bom alcance'],
    [10_000, 'Alcance excepcional'],
    [2_000_000, 'Alcance excepcional'],
  ])('%s → %s', (total, expected) => {
    expect(reachLabel(total)).toBe(expected);
  });

  it('exposes the level for styling', () => {
    expect([0, 1_000, 5_000, 10_000].map(reachLevel)).toEqual(['growing', 'moderate', 'good', 'exceptional']);
  });
});

describe('timeSavedHours', () => {
  it.each([
    [0, 0],
    [1, 1], // 70 min = 1.17 h
    [2, 2], // 2.33 h
    [3, 4], // 3.5 h, half rounds up
    [6, 7],
    [9, 11], // 10.5 h
    [15, 18], // 17.5 h
    [100, 117],
  ])('%d posts → %d h', (posts, hours) => {
    expect(timeSavedHours(posts)).toBe(hours);
  });

  it('counts a missing or invalid count as 0', () => {
    expect(timeSavedHours(null)).toBe(0);
    expect(timeSavedHours(undefined)).toBe(0);
    expect(timeSavedHours(-3)).toBe(0);
    expect(timeSavedHours(Number.NaN)).toBe(0);
  });
});
