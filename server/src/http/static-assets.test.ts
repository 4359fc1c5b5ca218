import { describe, expect, it } from 'vitest';
import { type ContentEncoding, negotiateEncoding } from './static-assets.js';

const ALL: ContentEncoding[] = ['identity', 'gzip', 'br'];

describe('negotiateEncoding', () => {
  it("prefers brotli among equals, whatever the header's order (Chromium sends gzip first)", () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd', ALL)).toBe('br');
    expect(negotiateEncoding('br, gzip', ALL)).toBe('br');
    expect(negotiateEncoding('*', ALL)).toBe('br');
  });

  it('falls back to gzip when brotli is not accepted or not available', () => {
    expect(negotiateEncoding('gzip, deflate', ALL)).toBe('gzip');
    expect(negotiateEncoding('x-gzip', ALL)).toBe('gzip');
    expect(negotiateEncoding('gzip, br', ['identity', 'gzip'])).toBe('gzip');
  });

  it('honours q-values, 0 meaning "not acceptable"', () => {
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8', ALL)).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip', ALL)).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0', ALL)).toBe('identity');
    expect(negotiateEncoding('gzip;q=0.1, identity;q=0.5', ALL)).toBe('identity');
    expect(negotiateEncoding('*;q=0.2, br;q=0', ALL)).toBe('gzip');
    expect(negotiateEncoding('BR ; Q=1.000', ALL)).toBe('br');
  });

  it('sends identity without a header, with an empty one, or when nothing offered is acceptable', () => {
    expect(negotiateEncoding(undefined, ALL)).toBe('identity');
    expect(negotiateEncoding('', ALL)).toBe('identity');
    expect(negotiateEncoding('identity', ALL)).toBe('identity');
    expect(negotiateEncoding('deflate, zstd', ALL)).toBe('identity');
    expect(negotiateEncoding('br', ['identity'])).toBe('identity');
    // Refusing identity while accepting nothing we have: identity is still the only answer.
    expect(negotiateEncoding('identity;q=0, zstd', ['identity', 'gzip'])).toBe('identity');
  });

  it('ignores entries with a malformed q-value', () => {
    expect(negotiateEncoding('br;q=2, gzip', ALL)).toBe('gzip');
    expect(negotiateEncoding('br;q=abc, gzip;q=0.5', ALL)).toBe('gzip');
    expect(negotiateEncoding('br;q=0.0001', ALL)).toBe('identity');
  });
});
