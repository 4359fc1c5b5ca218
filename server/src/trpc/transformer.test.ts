import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { serializeOutput, transformer } from './transformer.js';

/** The bytes tRPC sends: JSON.stringify of the serialized value. */
const wire = (value: unknown) => JSON.stringify(serializeOutput(value));
const expected = (value: unknown) => JSON.stringify(superjson.serialize(value));

const post = (i: number) => ({
  id: `0000000${i}-0000-4000-8000-000000000000`,
  title: `Post ${i}`,
  content: 'Conteúdo com "aspas", \\ barra, emoji 🎉 e\nquebra',
  platform: 'x',
  scheduledFor: new Date(Date.UTC(2026, 10, 24, 12, i, 30, 123)),
  createdAt: new Date(Date.UTC(2026, 0, 1)),
  lastError: null,
  lastErrorMessage: undefined,
  attempts: i,
  ratio: 0.5,
  isUsed: i % 2 === 0,
});

describe('serializeOutput: exactly what superjson.serialize writes', () => {
  const cases: Array<[string, unknown]> = [
    [
      'a page of posts with Dates, nulls and undefined',
      { items: [1, 2, 3].map(post), nextCursor: null, total: 3 },
    ],
    ['an empty page', { items: [], nextCursor: null, total: 0, scheduledTotal: 0 }],
    ['plain JSON only (no meta)', { ok: true, n: 1, list: ['a', 'b'], nested: { deep: [{ x: 1 }] } }],
    ['keys with dots and backslashes', { 'a.b': new Date(0), 'c\\d': { 'e.f': new Date(1) }, g: undefined }],
    ['numeric-like keys', { 2: new Date(2), 1: 'one', b: new Date(3), a: undefined }],
    ['nested arrays of Dates', [[new Date(5)], [new Date(6), null], []]],
    ['a null-prototype object', Object.assign(Object.create(null), { at: new Date(7), x: 1 })],
    ['a string', 'texto'],
    ['a number', 42],
    ['null', null],
    ['true', true],
    // The ones below take superjson's own path; the result must still be the same.
    ['undefined (a void mutation)', undefined],
    ['a Date at the root', new Date(8)],
    ['an invalid Date', { at: new Date(Number.NaN) }],
    ['NaN and Infinity', { a: Number.NaN, b: Number.POSITIVE_INFINITY, c: Number.NEGATIVE_INFINITY }],
    ['-0', { z: -0 }],
    ['a bigint', { big: 10n }],
    ['a Map and a Set', { m: new Map([['k', new Date(9)]]), s: new Set([1, 2]) }],
    ['a RegExp and a URL', { r: /a.b/g, u: new URL('https://pauta.app/x') }],
    [
      'a class instance',
      {
        c: new (class Box {
          value = 1;
        })(),
      },
    ],
    ['an Error', { e: new Error('falhou') }],
    [
      'a sparse array',
      (() => {
        const a = [1, 2, 3];
        delete a[1];
        return { a };
      })(),
    ],
    ['an array with an extra key', { a: Object.assign([1, 2], { extra: new Date(10) }) }],
    [
      'the same Date object twice',
      (() => {
        const d = new Date(11);
        return { createdAt: d, updatedAt: d };
      })(),
    ],
    [
      'the same object twice',
      (() => {
        const o = { x: 1 };
        return { a: o, b: [o] };
      })(),
    ],
    [
      'a circular object',
      (() => {
        const o: Record<string, unknown> = { x: new Date(12) };
        o.self = o;
        return o;
      })(),
    ],
    ['a symbol and a function', { s: Symbol('s'), f: () => 1 }],
  ];

  for (const [name, value] of cases) {
    it(name, () => {
      expect(wire(value)).toBe(expected(value));
    });
  }

  it('keys superjson refuses are still refused (prototype pollution guard)', () => {
    const value = JSON.parse('{"ok":1,"constructor":{"x":1}}');
    expect(() => superjson.serialize(value)).toThrow(/prototype pollution/);
    expect(() => serializeOutput(value)).toThrow(/prototype pollution/);
  });

  it('the client decodes it back to the same values (Dates as Dates, undefined kept)', () => {
    const page = { items: [1, 2].map(post), nextCursor: 'abc', total: 2 };
    const decoded = superjson.parse<typeof page>(wire(page));
    expect(decoded).toEqual(page);
    expect(decoded.items[0]!.scheduledFor).toBeInstanceOf(Date);
    expect('lastErrorMessage' in decoded.items[0]!).toBe(true);
  });

  it('inputs still go through superjson both ways', () => {
    const input = { scheduledFor: new Date(13), id: 'x' };
    expect(transformer.input.deserialize(transformer.input.serialize(input))).toEqual(input);
    expect(transformer.output.deserialize(transformer.output.serialize(input))).toEqual(input);
  });
});
