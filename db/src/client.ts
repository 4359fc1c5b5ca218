// createDb(): the one way any process gets a database. PostgreSQL through a pg Pool when a URL
// is given; otherwise an embedded PGlite stored in a folder (single process only).
import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type Listener, type ListenOptions, listenPostgres } from './listen.js';
import type { Database } from './schema.js';

export type DbEngine = 'postgres' | 'pglite';

export interface DbHandle {
  db: Kysely<Database>;
  engine: DbEngine;
  /** LISTEN on a channel (live updates): a dedicated connection on PostgreSQL, PGlite's own listen. */
  listen(channel: string, options: ListenOptions): Promise<Listener>;
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** postgres://… ; when absent, PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; `memory://` or undefined for an in-memory database. */
  pgliteDataDir?: string | undefined;
  /** pg pool size (default 10). */
  poolSize?: number;
  applicationName?: string;
}

// timestamptz, bigint counts and numeric are parsed by pg; keep counts (int8) as numbers.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export async function createDb(options: CreateDbOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      application_name: options.applicationName ?? 'pauta',
      connectionTimeoutMillis: 10_000,
    });
    // An idle client that loses its connection (PostgreSQL restart) must not crash the process.
    pool.on('error', () => {});
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
  if (dataDir && !dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite(dataDir);
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    engine: 'pglite',
    listen: async (channel, listenOptions) => {
      const unlisten = await pglite.listen(channel, (payload) => listenOptions.onMessage(payload));
      return { close: () => (pglite.closed ? Promise.resolve() : unlisten()) };
    },
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
