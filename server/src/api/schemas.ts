// The procedures' zod input schemas seen from HTTP (docs/api.md): their JSON Schema for the
// OpenAPI document, and the small conversions a query string and JSON need before the same
// schema parses them (numbers and lists in a query string, dates as ISO 8601 text).
import { z } from 'zod';
import { appRouter } from '../trpc/router.js';

type AnyZod = z.ZodType;

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  inputs: unknown[];
}

/** The procedure's definition, or throws: a route naming a missing procedure is a bug. */
export function procedureDef(path: string): ProcedureDef {
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: ProcedureDef } | undefined
  >;
  const procedure = procedures[path];
  if (!procedure) throw new Error(`API v1: procedimento inexistente ${path}`);
  return procedure._def;
}

/** The procedure's input schema (null: it takes no input). */
export function inputSchemaOf(path: string): AnyZod | null {
  const [schema] = procedureDef(path).inputs;
  return schema instanceof z.ZodType ? schema : null;
}

/** The schema under optional / nullable / default / pipes' input side. */
function unwrap(schema: AnyZod): AnyZod {
  let current = schema as AnyZod & { _zod: { def: Record<string, unknown> } };
  for (let i = 0; i < 10; i++) {
    const def = current._zod.def;
    if (
      def.type === 'optional' ||
      def.type === 'nullable' ||
      def.type === 'default' ||
      def.type === 'prefault'
    )
      current = def.innerType as typeof current;
    else if (def.type === 'pipe') current = def.in as typeof current;
    else break;
  }
  return current;
}

/** The top-level fields of an object schema (empty for any other). */
export function fieldsOf(schema: AnyZod | null): Record<string, AnyZod> {
  if (!schema) return {};
  const inner = unwrap(schema) as AnyZod & {
    _zod: { def: { type: string; shape?: Record<string, AnyZod> } };
  };
  return inner._zod.def.type === 'object' ? (inner._zod.def.shape ?? {}) : {};
}

const kindOf = (schema: AnyZod) =>
  (unwrap(schema) as AnyZod & { _zod: { def: { type: string } } })._zod.def.type;

/** A query string's values as the schema expects them: numbers, booleans, lists (a,b or repeated). */
export function coerceQuery(schema: AnyZod | null, query: Record<string, unknown>): Record<string, unknown> {
  const fields = fieldsOf(schema);
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(query)) {
    const field = fields[key];
    const values = (Array.isArray(raw) ? raw : [raw]).map(String);
    const kind = field ? kindOf(field) : 'unknown';
    if (kind === 'array') out[key] = values.flatMap((v) => v.split(',')).filter(Boolean);
    else if (kind === 'number') out[key] = values[0] === '' ? undefined : Number(values[0]);
    else if (kind === 'boolean')
      out[key] = values[0] === 'true' ? true : values[0] === 'false' ? false : values[0];
    else if (kind === 'date') out[key] = reviveDate(values[0]);
    else out[key] = values.length === 1 ? values[0] : values;
  }
  return out;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

function reviveDate(value: unknown): unknown {
  if (typeof value !== 'string' || !ISO_DATE_TIME.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date;
}

/** A JSON body's ISO 8601 texts where the schema wants a date (top-level fields). */
export function reviveDates(schema: AnyZod | null, body: Record<string, unknown>): Record<string, unknown> {
  const fields = fieldsOf(schema);
  const out = { ...body };
  for (const [key, field] of Object.entries(fields)) {
    if (kindOf(field) === 'date' && key in out) out[key] = reviveDate(out[key]);
  }
  return out;
}

/** JSON Schema (2020-12, OpenAPI 3.1's dialect) of what a client sends: dates are ISO 8601 text. */
export function jsonSchemaOf(schema: AnyZod): Record<string, unknown> {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: (ctx) =>
      (ctx.zodSchema as { _zod: { def: { type: string } } })._zod.def.type === 'date'
        ? { type: 'string', format: 'date-time' }
        : 'any',
  }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}
