import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff.js';

describe('retryDelayMs', () => {
  const options = { baseMs: 1000, maxMs: 60_000 };
  it('doubles the ceiling per attempt, with jitter in the upper half', () => {
    expect(retryDelayMs(1, { ...options, random: () => 0 })).toBe(500);
    expect(retryDelayMs(1, { ...options, random: () => 1 })).toBe(1000);
    expect(retryDelayMs(3, { ...options, random: () => 0 })).toBe(2000);
    expect(retryDelayMs(3, { ...options, random: () => 1 })).toBe(4000);
  });
  it('never passes the cap', () => {
    expect(retryDelayMs(20, { ...options, random: () => 1 })).toBe(60_000);
  });
});
