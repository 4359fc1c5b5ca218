// fast-check arbitraries from a procedure's input JSON Schema (z.toJSONSchema, io: 'input'), mixed
// 50/50 with junk: fc.anything(), wrong types, strings at and past their limits, extra keys (mass
// assignment), XSS payloads and SQL fragments. Handles what our zod inputs produce: objects with
// required/optional props, records, strings (min/max, uuid/email/date-time, pattern), numbers and
// integers with bounds, booleans, enums/const, arrays (min/max items), anyOf/oneOf, null, dates.
import fc from 'fast-check';
import { PALETTE_COLORS } from '../../core/src/constants/palette.js';
import type { JsonSchema } from './procedures.js';

export const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src=x onerror="window.__xss=1">',
  '<svg onload=alert(1)>',
  'javascript:alert(1)',
  '"><script>alert(document.cookie)</script>',
  "'><iframe src=javascript:alert(1)>",
  '{{constructor.constructor("alert(1)")()}}',
] as const;

export const SQL_FRAGMENTS = [
  "'; drop table themes--",
  "' OR '1'='1",
  '1; DELETE FROM suggested_posts; --',
  "') UNION SELECT password_hash FROM users --",
  '\\x00',
  '%00',
] as const;

const WEIRD_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u202e',
  '😀'.repeat(10),
  'Ǆ'.repeat(5),
  '\ud800',
  '__proto__',
] as const;

export interface ArbitraryOptions {
  /** uuids to draw from besides random ones (e.g. the caller's and another user's ids). */
  uuids?: readonly string[];
  /** Upper bound on generated array lengths, except the explicit at-the-limit cases. */
  maxArray?: number;
}

/**
 * Values for string fields whose zod refinements JSON Schema cannot express (`.pipe(z.email())`,
 * `.refine(isTimeZone)`, palette ids, local dates), by property name. Mixed with the schema-derived
 * strings, so the refinements are exercised from both sides.
 */
const localDay = fc
  .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const simpleEmail = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9._-]{1,20}$/),
    fc.constantFrom('teste.pauta.dev', 'example.com', 'a.b.co'),
  )
  .map(([local, domain]) => `${local}@${domain}`);
const PROPERTY_HINTS: Record<string, fc.Arbitrary<unknown>> = {
  email: simpleEmail,
  timezone: fc.constantFrom('America/Sao_Paulo', 'UTC', 'Europe/Lisbon', 'America/New_York', 'Mars/Olympus'),
  colorPalette: fc.oneof(
    fc.constantFrom(...PALETTE_COLORS),
    fc.stringMatching(/^#[0-9a-fA-F]{6}$/),
    fc.constantFrom('#GGGGGG', 'red;', '#fff'),
  ),
  scheduledFrom: localDay,
  scheduledTo: localDay,
  createdFrom: localDay,
  createdTo: localDay,
  from: localDay,
  to: localDay,
  key: fc.constantFrom('email_notifications_enabled', 'max_themes_per_user', 'desconhecida'),
  password: fc.oneof(
    fc.string({ minLength: 8, maxLength: 80 }),
    fc.constantFrom('123456', 'password', 'a'.repeat(64)),
  ),
};

const typeOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type[0] : s.type);

/** Strings of exactly `n` characters (at / past a limit). */
const sized = (n: number) => fc.constantFrom('a', 'é', '<', ' ').map((c) => c.repeat(Math.max(0, n)));

function stringArbitrary(s: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 500;
  const fits = (v: string) => v.length >= min && v.length <= max;
  if (s.format === 'uuid') {
    const pool = options.uuids ?? [];
    return pool.length ? fc.oneof(fc.uuid(), fc.constantFrom(...pool)) : fc.uuid();
  }
  if (s.format === 'email') return fc.emailAddress().filter(fits);
  if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (s.pattern) {
    return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
  }
  const payloads = [...XSS_PAYLOADS, ...SQL_FRAGMENTS].filter(fits);
  const branches: fc.Arbitrary<string>[] = [
    fc.string({ minLength: min, maxLength: Math.min(max, 60), unit: 'grapheme' }),
    fc.string({ minLength: min, maxLength: Math.min(max, 200) }),
    sized(max),
  ];
  if (payloads.length) branches.push(fc.constantFrom(...payloads));
  // Plausible values for our free-text fields (dates 'YYYY-MM-DD', time zones, keys).
  branches.push(
    fc
      .constantFrom(
        '2026-01-01',
        '2026-02-30',
        '1999-12-31',
        'America/Sao_Paulo',
        'UTC',
        'Mars/Olympus',
        'max_themes_per_user',
      )
      .filter(fits),
  );
  return fc.oneof(...branches);
}

function numberArbitrary(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : undefined);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : undefined);
  if (integer) {
    const lo = Math.max(min ?? -2_147_483_648, Number.MIN_SAFE_INTEGER);
    const hi = Math.min(max ?? 2_147_483_647, Number.MAX_SAFE_INTEGER);
    return fc.oneof(fc.integer({ min: lo, max: hi }), fc.constantFrom(lo, hi));
  }
  return fc.double({ min: min ?? -1e9, max: max ?? 1e9, noNaN: true, noDefaultInfinity: true });
}

/** An arbitrary of VALID-looking values for the schema (zod refinements may still refuse some). */
export function fromSchema(s: JsonSchema | undefined, options: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  if (!s || Object.keys(s).filter((k) => k !== '$schema').length === 0) return fc.anything({ maxDepth: 2 });
  if (s['x-zod'] === 'date') {
    return fc.oneof(
      {
        weight: 3,
        arbitrary: fc.date({
          min: new Date(Date.now() - 86_400_000),
          max: new Date(Date.now() + 60 * 86_400_000),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
      },
      { weight: 1, arbitrary: fc.date() },
    );
  }
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union) return fc.oneof(...union.map((b) => fromSchema(b, options)));
  switch (typeOf(s)) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numberArbitrary(s, true);
    case 'number':
      return numberArbitrary(s, false);
    case 'string':
      return stringArbitrary(s, options);
    case 'array': {
      const item = fromSchema(s.items, options);
      const min = s.minItems ?? 0;
      const max = s.maxItems ?? 50;
      const cap = Math.max(min, Math.min(max, options.maxArray ?? 12));
      return fc.oneof(
        { weight: 4, arbitrary: fc.array(item, { minLength: min, maxLength: cap }) },
        // Exactly at the limit.
        { weight: 1, arbitrary: fc.array(item, { minLength: max, maxLength: max }) },
      );
    }
    case 'object': {
      if (s.properties) {
        const required = new Set(s.required ?? []);
        const model = Object.fromEntries(
          Object.entries(s.properties).map(([key, child]) => {
            const derived = fromSchema(child, options);
            const hint = PROPERTY_HINTS[key];
            // Hints only for string fields (a z.date() `from` keeps its Date arbitrary).
            const stringy = typeOf(child) === 'string' || child.anyOf?.some((b) => typeOf(b) === 'string');
            return [key, hint && stringy ? fc.oneof(hint, derived) : derived];
          }),
        );
        return fc.record(model, { requiredKeys: Object.keys(model).filter((k) => required.has(k)) });
      }
      if (s.additionalProperties && typeof s.additionalProperties === 'object') {
        const key = s.propertyNames ? fromSchema(s.propertyNames, options) : fc.string({ maxLength: 20 });
        return fc.dictionary(key as fc.Arbitrary<string>, fromSchema(s.additionalProperties, options), {
          maxKeys: 8,
        });
      }
      return fc.dictionary(fc.string({ maxLength: 10 }), fc.anything({ maxDepth: 1 }), { maxKeys: 4 });
    }
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

/** A value of the wrong type for the schema. */
function wrongType(s: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const t = s ? typeOf(s) : undefined;
  return fc.oneof(
    t === 'string' ? fc.integer() : fc.string({ maxLength: 20 }),
    t === 'array' ? fc.object({ maxDepth: 1 }) : fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
    fc.constantFrom(null, undefined, true, 0, -1, Number.MAX_SAFE_INTEGER, 1e308, '', {}, []),
  );
}

/** Past the limits: one character / one item over, and far over. */
function overLimit(s: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!s) return fc.constant(undefined);
  const t = typeOf(s);
  if (t === 'string') {
    const max = s.maxLength ?? 1000;
    return fc.oneof(sized(max + 1), sized(Math.min(max * 4, 120_000)), fc.constantFrom(...WEIRD_STRINGS));
  }
  if (t === 'array') {
    const max = s.maxItems ?? 50;
    return fc.array(fc.constantFrom('00000000-0000-4000-8000-000000000000', 'x', 1), {
      minLength: max + 1,
      maxLength: max + 2,
    });
  }
  if (t === 'integer' || t === 'number') {
    return fc.constantFrom(
      (s.maximum ?? 1e9) + 1,
      (s.minimum ?? -1e9) - 1,
      0.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      -0,
    );
  }
  return wrongType(s);
}

const MASS_ASSIGNMENT_KEYS = [
  'user_id',
  'userId',
  'role',
  'status',
  'id',
  '__proto__',
  'constructor',
  'is_used',
];

/** Junk: anything at all, wrong types, over-limit values, extra keys, a valid object with one field broken. */
export function junk(s: JsonSchema | undefined, options: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const branches: fc.Arbitrary<unknown>[] = [
    fc.anything({
      maxDepth: 3,
      withNullPrototype: true,
      withBigInt: true,
      withDate: true,
      withMap: true,
      withSet: true,
    }),
    wrongType(s),
    fc.constantFrom(...XSS_PAYLOADS, ...SQL_FRAGMENTS, ...WEIRD_STRINGS),
  ];
  // An object without properties (e.g. `{}`) has no field to break: only the extra key applies.
  if (s?.properties && Object.keys(s.properties).length === 0) {
    const valid = fromSchema(s, options) as fc.Arbitrary<Record<string, unknown>>;
    branches.push(
      fc
        .tuple(valid, fc.constantFrom(...MASS_ASSIGNMENT_KEYS), fc.anything({ maxDepth: 1 }))
        .map(([v, k, x]) => ({ ...v, [k]: x })),
    );
  } else if (s?.properties) {
    const valid = fromSchema(s, options) as fc.Arbitrary<Record<string, unknown>>;
    const keys = Object.keys(s.properties);
    branches.push(
      // An extra key (strict objects must refuse it).
      fc
        .tuple(valid, fc.constantFrom(...MASS_ASSIGNMENT_KEYS), fc.anything({ maxDepth: 1 }))
        .map(([v, k, x]) => ({ ...v, [k]: x })),
      // One field of the wrong type, over its limit, or an XSS / SQL payload.
      fc
        .tuple(valid, fc.constantFrom(...keys))
        .chain(([v, k]) =>
          fc
            .oneof(
              wrongType(s.properties?.[k]),
              overLimit(s.properties?.[k]),
              fc.constantFrom(...XSS_PAYLOADS, ...SQL_FRAGMENTS),
            )
            .map((x) => ({ ...v, [k]: x })),
        ),
      // A required field missing.
      fc.tuple(valid, fc.constantFrom(...keys)).map(([v, k]) => {
        const { [k]: _dropped, ...rest } = v;
        return rest;
      }),
    );
  }
  return fc.oneof(...branches);
}

/** 50/50: schema-shaped values and junk. No input schema: junk and undefined. */
export function inputArbitrary(
  s: JsonSchema | undefined,
  options: ArbitraryOptions = {},
): fc.Arbitrary<unknown> {
  const valid = s ? fromSchema(s, options) : fc.constant(undefined);
  return fc.oneof({ weight: 1, arbitrary: valid }, { weight: 1, arbitrary: junk(s, options) });
}
