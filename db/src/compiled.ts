// Statements built and compiled once (issue 29). Kysely builds a tree of frozen nodes for every
// query and compiles it to SQL on every call: 30–50 µs of the web's CPU for a session lookup or
// an idempotency claim, on every mutation. A hot statement whose *shape* never changes can be
// built once with placeholders in place of its values, compiled once, and run with each call's
// values in their slots — the same SQL text, the same parameters in the same order, through the
// same executor (and so the same prepared statement on each connection, db/src/client.ts).
//
//   const findSession = compileOnce<{ id: string }, SessionRow>((db, p) =>
//     db.selectFrom('auth_sessions').selectAll().where('id', '=', p.id));
//   const { rows } = await findSession(db, { id });
//
// `build` must use each value only as a value (a comparison, an inserted or set value, a `sql`
// template parameter): never to decide the statement's shape (`p.userId === null ? …`), since it
// only ever sees placeholders. A statement with two shapes is two compiled statements. The first
// call checks that every placeholder reached the parameters, and refuses the statement otherwise.
import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema.js';

const SLOT = Symbol('pauta.compiled.slot');

interface Slot {
  readonly [SLOT]: string;
}

function isSlot(value: unknown): value is Slot {
  return typeof value === 'object' && value !== null && SLOT in value;
}

/** Where each parameter comes from: a constant of the statement, or a value of the call. */
type Source = { constant: unknown } | { name: string };

interface Compiled {
  template: CompiledQuery;
  sources: Source[];
}

export function compileOnce<Params extends Record<string, unknown>, Row>(
  build: (db: Kysely<Database>, params: Params) => Compilable<Row>,
): (db: Kysely<Database>, params: Params) => Promise<QueryResult<Row>> {
  let compiled: Compiled | null = null;
  const prepare = (db: Kysely<Database>): Compiled => {
    const used = new Set<string>();
    const slots = new Proxy({} as Params, {
      get: (_target, name) => {
        if (typeof name !== 'string') return undefined;
        used.add(name);
        return { [SLOT]: name } satisfies Slot;
      },
    });
    const template = build(db, slots).compile();
    const sources: Source[] = template.parameters.map((value) =>
      isSlot(value) ? { name: value[SLOT] } : { constant: value },
    );
    const reached = new Set(sources.flatMap((s) => ('name' in s ? [s.name] : [])));
    const lost = [...used].filter((name) => !reached.has(name));
    if (lost.length) {
      throw new Error(
        `compileOnce: ${lost.join(', ')} não virou parâmetro da instrução (use-o só como valor)`,
      );
    }
    return { template, sources };
  };
  return (db, params) => {
    // Every PostgreSQL dialect of Pauta (pg, PGlite) compiles with Kysely's PostgresQueryCompiler:
    // one compilation serves them all.
    compiled ??= prepare(db);
    const { template, sources } = compiled;
    const parameters = new Array<unknown>(sources.length);
    for (let i = 0; i < sources.length; i++) {
      const source = sources[i]!;
      parameters[i] = 'name' in source ? params[source.name] : source.constant;
    }
    return db.executeQuery<Row>({ ...template, parameters } as CompiledQuery<Row>);
  };
}

/**
 * A statement with a few shapes (optional filters, a cursor): one compiled statement per shape,
 * each compiled at its first use. `keyOf` names the shape (every decision `build` takes from it
 * must be in the key) and the caller keeps the set of shapes finite: a filter's presence, never
 * its value.
 */
export function compilePerShape<Shape, Params extends Record<string, unknown>, Row>(
  keyOf: (shape: Shape) => string,
  build: (shape: Shape) => (db: Kysely<Database>, params: Params) => Compilable<Row>,
): (db: Kysely<Database>, shape: Shape, params: Params) => Promise<QueryResult<Row>> {
  const byShape = new Map<string, (db: Kysely<Database>, params: Params) => Promise<QueryResult<Row>>>();
  return (db, shape, params) => {
    const key = keyOf(shape);
    let run = byShape.get(key);
    if (!run) {
      run = compileOnce(build(shape));
      byShape.set(key, run);
    }
    return run(db, params);
  };
}
