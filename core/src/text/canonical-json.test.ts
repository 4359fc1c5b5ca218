import { describe, expect, it } from 'vitest';
import { CanonicalJsonDepthError, canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it('gives equal text for equal values in any key order, at any depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [1, { y: 2, z: 1 }] }, b: 1 }),
    );
    expect(canonicalJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
  });

  it('keeps array order and tells different values apart', () => {
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
    expect(canonicalJson({ a: undefined })).not.toBe(canonicalJson({ a: null }));
    expect(canonicalJson(undefined)).toBe('undefined');
  });

  it('says what JSON cannot: dates, bigints, non-finite numbers, maps and sets', () => {
    const when = new Date('2026-11-24T13:00:00Z');
    expect(canonicalJson({ when })).toBe('{"when":{"$date":"2026-11-24T13:00:00.000Z"}}');
    expect(canonicalJson({ when })).not.toBe(canonicalJson({ when: when.toISOString() }));
    expect(canonicalJson(new Date(Number.NaN))).toBe('{"$date":"Invalid"}');
    expect(canonicalJson(10n)).not.toBe(canonicalJson(10));
    expect(canonicalJson(Number.NaN)).not.toBe(canonicalJson(null));
    expect(
      canonicalJson(
        new Map([
          ['b', 1],
          ['a', 2],
        ]),
      ),
    ).toBe(
      canonicalJson(
        new Map([
          ['a', 2],
          ['b', 1],
        ]),
      ),
    );
    expect(canonicalJson(new Set([2, 1]))).toBe(canonicalJson(new Set([1, 2])));
  });

  it('treats __proto__ and constructor as ordinary keys (input straight from a request)', () => {
    const hostile = JSON.parse('{"__proto__":{"x":1},"constructor":{"prototype":2}}') as unknown;
    expect(canonicalJson(hostile)).toBe('{"__proto__":{"x":1},"constructor":{"prototype":2}}');
    expect(canonicalJson(hostile)).not.toBe(canonicalJson({}));
  });

  it('refuses a value nested deeper than the limit instead of overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(() => canonicalJson(deep)).toThrow(CanonicalJsonDepthError);
  });
});
