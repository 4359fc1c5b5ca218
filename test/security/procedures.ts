// The tRPC router as data for the security suites: every procedure with its path, kind, declared
// access level and the JSON Schema of its input (zod 4's own converter, io: 'input'), plus the
// places in that input that hold a uuid. Enumerated from appRouter._def.procedures every run, so a
// procedure added tomorrow is covered without touching these files.
import { z } from 'zod';
import { appRouter } from '../../server/src/trpc/router.js';
import type { AccessLevel } from '../../server/src/trpc/trpc.js';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  /** Our own marker for z.date(), which JSON Schema cannot express (superjson carries Dates). */
  'x-zod'?: 'date';
};

export interface ProcedureInfo {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  access: AccessLevel | undefined;
  /** What a workspace-scoped procedure does (workspaceProcedure; docs/workspaces.md); else undefined. */
  workspaceAction: string | undefined;
  /** The zod input schema (the first `.input()`), undefined for procedures without input. */
  input: z.ZodType | undefined;
  /** undefined when the procedure takes no input. */
  schema: JsonSchema | undefined;
}

interface RawProcedure {
  _def: {
    type: ProcedureInfo['type'];
    meta?: { access?: AccessLevel; workspaceAction?: string };
    inputs?: unknown[];
  };
}

export const ACCESS_LEVELS: readonly AccessLevel[] = ['public', 'user', 'admin'];

export function toJsonSchema(input: z.ZodType): JsonSchema {
  return z.toJSONSchema(input, {
    io: 'input',
    unrepresentable: (ctx) => {
      if (ctx.zodSchema._zod.def.type === 'date') return { 'x-zod': 'date' } as Record<string, unknown>;
      return 'any';
    },
  }) as JsonSchema;
}

export function listProcedures(): ProcedureInfo[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, RawProcedure>;
  return Object.entries(procedures)
    .map(([path, procedure]) => {
      const input = procedure._def.inputs?.[0] as z.ZodType | undefined;
      return {
        path,
        type: procedure._def.type,
        access: procedure._def.meta?.access,
        workspaceAction: procedure._def.meta?.workspaceAction,
        input,
        schema: input ? toJsonSchema(input) : undefined,
      };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

export type InputPath = (string | number)[];
export interface UuidPosition {
  path: InputPath;
  /** 'single': one uuid; 'array': a list of uuids. */
  kind: 'single' | 'array';
}

const isUuid = (s: JsonSchema | undefined) => s?.type === 'string' && s.format === 'uuid';
const branches = (s: JsonSchema) => [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])];

/** Every property path of the input that takes a uuid or a list of uuids (through nullable unions). */
export function uuidPositions(schema: JsonSchema | undefined, path: InputPath = []): UuidPosition[] {
  if (!schema) return [];
  if (isUuid(schema)) return [{ path, kind: 'single' }];
  if (schema.type === 'array' && isUuid(schema.items)) return [{ path, kind: 'array' }];
  const out: UuidPosition[] = [];
  for (const branch of branches(schema)) {
    for (const found of uuidPositions(branch, path)) {
      if (!out.some((p) => p.kind === found.kind && p.path.join('.') === found.path.join('.')))
        out.push(found);
    }
  }
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    out.push(...uuidPositions(child, [...path, key]));
  }
  return out;
}

/** A deep copy of `value` with `path` set to `replacement` (objects only; creates missing keys). */
export function withValueAt(value: unknown, path: InputPath, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const base = (
    value && typeof value === 'object' ? { ...(value as Record<string, unknown>) } : {}
  ) as Record<string | number, unknown>;
  base[head!] = withValueAt(base[head!], rest, replacement);
  return base;
}

export function valueAt(value: unknown, path: InputPath): unknown {
  let current = value;
  for (const key of path) {
    if (!current || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}
