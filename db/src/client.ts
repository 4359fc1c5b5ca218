// createDb(): the one way any process gets a database. PostgreSQL through a pg Pool when a URL
// is given; otherwise an embedded PGlite stored in a folder (single process only).
import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type Listener, type ListenOptions, listenPostgres } from './listen.js';
import type { Database } from './schema.js';
import { isDatabaseUnavailable } from './unavailable.js';

export type DbEngine = 'postgres' | 'pglite';

export interface DbHandle {
  db: Kysely<Database>;
  engine: DbEngine;
  /** LISTEN on a channel (live updates): a dedicated connection on PostgreSQL, PGlite's own listen. */
  listen(channel: string, options: ListenOptions): Promise<Listener>;
  /**
   * PGlite only: the whole data folder as an uncompressed tar, which `pgliteLoadDataDir` starts
   * from (the migration tests load one migrated copy instead of migrating a PGlite each).
   */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** postgres://… ; when absent, PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; `memory://` or undefined for an in-memory database. */
  pgliteDataDir?: string | undefined;
  /** PGlite starts from this tar (`DbHandle.dumpDataDir`) instead of empty: in memory, or in `pgliteDataDir`. */
  pgliteLoadDataDir?: Blob | undefined;
  /** pg pool size (default 10). */
  poolSize?: number;
  applicationName?: string;
  /**
   * Told when a pooled connection fails outside a statement (PostgreSQL restarted, the network
   * dropped): idle or checked out, the connection is discarded and the process carries on. The
   * statement that was running, if any, fails on its own with the same error.
   */
  onConnectionError?: (error: Error, info: { unavailable: boolean }) => void;
}

// timestamptz, bigint counts and numeric are parsed by pg; keep counts (int8) as numbers.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
// date columns (account_follower_snapshots.day) stay 'YYYY-MM-DD': a calendar day has no zone.
pg.types.setTypeParser(1082, (v) => v);

/** Distinct statements one connection keeps prepared; past this, new texts run unnamed. */
export const MAX_PREPARED_PER_CONNECTION = 100;
/**
 * `select *`, `t.*`, `returning *`: a migration that adds a column changes such a statement's
 * result type, and PostgreSQL refuses to run it prepared ("cached plan must not change result
 * type") until the process restarts. Those run unnamed; explicit column lists are safe.
 */
const STAR_COLUMNS = /(?:select|returning)\s+\*|\.\*/i;

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Every parameterized statement Kysely sends on this connection becomes a named prepared statement
 * (one name per distinct SQL text): PostgreSQL parses and analyses it once per connection instead
 * of on every call (with plan_cache_mode=force_custom_plan, set on each connection first, each
 * call is still planned for its own values, exactly as before). A session lookup went from ~100 µs
 * of PostgreSQL CPU to ~60 µs, a page of posts from ~150 µs to ~100 µs. Statements without
 * parameters (migrations, BEGIN/COMMIT, several commands in one string) keep the simple protocol.
 */
export function prepareStatements(client: pg.PoolClient): void {
  const names = new Map<string, string>();
  const query = client.query.bind(client) as QueryFn;
  // Prepared statements are still planned for each call's own values, as unnamed ones were: a
  // generic plan, chosen for the average user, can be far worse for a user with many posts. Set
  // here rather than in the pool's `options` (a DATABASE_URL with its own `options` would replace
  // it); until PostgreSQL confirms it, or if it refuses, this connection prepares nothing.
  let customPlans = false;
  (query('SET plan_cache_mode = force_custom_plan') as Promise<unknown>).then(
    () => {
      customPlans = true;
    },
    () => {},
  );
  (client as unknown as { query: QueryFn }).query = (
    config: unknown,
    values?: unknown,
    callback?: unknown,
  ) => {
    if (
      customPlans &&
      typeof config === 'string' &&
      Array.isArray(values) &&
      values.length > 0 &&
      callback === undefined
    ) {
      let name = names.get(config);
      if (name === undefined && names.size < MAX_PREPARED_PER_CONNECTION && !STAR_COLUMNS.test(config)) {
        name = `pauta_${names.size + 1}`;
        names.set(config, name);
      }
      if (name !== undefined) return query({ text: config, values, name });
    }
    return callback === undefined ? query(config, values) : query(config, values, callback);
  };
}

/**
 * An `onConnectionError` that logs through `warn` at most once per `everyMs` (a restart drops
 * every connection of the pool at once), with how many were dropped since the last line.
 */
export function throttledConnectionWarning(
  warn: (fields: { err: Error; dropped: number; unavailable: boolean }, message: string) => void,
  everyMs = 10_000,
): NonNullable<CreateDbOptions['onConnectionError']> {
  let last = 0;
  let dropped = 0;
  return (error, info) => {
    dropped++;
    const now = Date.now();
    if (now - last < everyMs) return;
    last = now;
    warn(
      { err: error, dropped, unavailable: info.unavailable },
      'conexão com o PostgreSQL perdida; descartada, as próximas serão abertas quando ele responder',
    );
    dropped = 0;
  };
}

/** Removes group and other permissions from `dir` and everything under it (0700 folders, 0600 files). */
export function restrictToOwner(dir: string): void {
  const fix = (target: string, isDir: boolean) => {
    const mode = statSync(target).mode & 0o777;
    const wanted = isDir ? 0o700 : mode & 0o700;
    if (mode !== wanted) chmodSync(target, wanted);
  };
  fix(dir, true);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const target = path.join(dir, entry.name);
    if (entry.isDirectory()) restrictToOwner(target);
    else if (entry.isFile()) fix(target, false);
  }
}

export async function createDb(options: CreateDbOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      application_name: options.applicationName ?? 'pauta',
      connectionTimeoutMillis: 10_000,
    });
    // A connection that fails (PostgreSQL restarted: 57P01, "Connection terminated unexpectedly")
    // emits 'error' on its client. The pool listens only while the client is idle; a client
    // checked out by Kysely (a transaction waiting on a network call, a statement in flight) had
    // no listener, and the event crashed the process (issue 24). Every client gets its own
    // listener for its whole life; node-postgres marks it not queryable, so its release removes
    // it from the pool instead of reusing it.
    const report = (error: Error) =>
      options.onConnectionError?.(error, { unavailable: isDatabaseUnavailable(error) });
    pool.on('error', report);
    pool.on('connect', (client) => {
      client.on('error', report);
      prepareStatements(client);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const url = options.databaseUrl;
    return {
      db,
      engine: 'postgres',
      listen: (channel, listenOptions) => listenPostgres(url, channel, listenOptions),
      close: () => db.destroy(),
    };
  }

  const [{ PGlite }, { PGliteDialect }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('kysely-pglite-dialect'),
  ]);
  const dataDir = options.pgliteDataDir;
  const onDisk = dataDir !== undefined && !dataDir.startsWith('memory://');
  if (onDisk) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // The embedded database holds sessions, sealed tokens and every user's data: readable by its
  // owner only (an attack found most of its files 0644 under a 0755 folder). PGlite creates its
  // files with the process umask, so it runs under 077; files of an older start are fixed too.
  const umask = onDisk ? process.umask(0o077) : null;
  let pglite: InstanceType<typeof PGlite>;
  try {
    if (onDisk) restrictToOwner(dataDir);
    pglite =
      options.pgliteLoadDataDir === undefined
        ? new PGlite(dataDir)
        : new PGlite({ dataDir, loadDataDir: options.pgliteLoadDataDir });
    await pglite.waitReady;
  } finally {
    if (umask !== null) process.umask(umask);
  }
  if (onDisk) restrictToOwner(dataDir);
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    engine: 'pglite',
    listen: async (channel, listenOptions) => {
      const unlisten = await pglite.listen(channel, (payload) => listenOptions.onMessage(payload));
      return { close: () => (pglite.closed ? Promise.resolve() : unlisten()) };
    },
    dumpDataDir: () => pglite.dumpDataDir('none'),
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
