import { describe, expect, it } from 'vitest';
import { LOG_TITLE_TRUNCATE, SCHEDULE_PREVIEW_CHARS } from '../constants/limits.js';
import { truncate } from './truncate.js';

describe('truncate', () => {
  it('keeps a text of up to max characters unchanged', () => {
    expect(truncate('', 5)).toBe('');
    expect(truncate('abcde', 5)).toBe('abcde');
    expect(truncate('a'.repeat(LOG_TITLE_TRUNCATE), LOG_TITLE_TRUNCATE)).toBe('a'.repeat(50));
  });

  it('cuts one character over the limit and appends an ellipsis', () => {
    expect(truncate('abcdef', 5)).toBe('abcde…');
    expect(truncate('a'.repeat(51), LOG_TITLE_TRUNCATE)).toBe(`${'a'.repeat(50)}…`);
    expect(truncate('b'.repeat(101), SCHEDULE_PREVIEW_CHARS)).toBe(`${'b'.repeat(100)}…`);
    expect(truncate('b'.repeat(100), SCHEDULE_PREVIEW_CHARS)).toBe('b'.repeat(100));
  });

  it('drops the whitespace right before the cut', () => {
    expect(truncate('Olá mundo, tudo bem?', 10)).toBe('Olá mundo,…');
    expect(truncate('Olá mundo tudo bem?', 10)).toBe('Olá mundo…');
    expect(truncate('Olá mundo\n\ntudo bem?', 11)).toBe('Olá mundo…');
  });

  it('never splits an emoji or a decomposed accent', () => {
    expect(truncate('🚀🚀🚀', 2)).toBe('🚀🚀…');
    expect(truncate('👩‍💻👩‍💻', 1)).toBe('👩‍💻…');
    expect(truncate('🇧🇷 Brasil', 1)).toBe('🇧🇷…');
    expect(truncate('e\u0301e\u0301e\u0301', 2)).toBe('e\u0301e\u0301…');
    // Longer in UTF-16 than max but not in characters: unchanged.
    expect(truncate('🚀🚀', 2)).toBe('🚀🚀');
  });

  it('accepts 0 and rejects invalid limits', () => {
    expect(truncate('abc', 0)).toBe('…');
    expect(() => truncate('abc', -1)).toThrow(RangeError);
    expect(() => truncate('abc', 1.5)).toThrow(RangeError);
    expect(() => truncate('abc', Number.NaN)).toThrow(RangeError);
  });
});
