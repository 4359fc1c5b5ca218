// Global set-up of the integration tier. One fresh PostgreSQL database per run, migrated once, is the
// template of one database per pool slot (`CREATE DATABASE … TEMPLATE …`, a file copy: no second
// migration); each slot also has its own Redis key prefix. Vitest runs at most one file at a time in
// a slot (VITEST_POOL_ID, 1…maxWorkers), so a file only ever sees its slot's rows and keys: a worker
// spawned by one file never picks up the due posts of a file running beside it. test/harness.ts
// (testDatabaseUrl, testRedisPrefix) picks the slot. Everything is dropped again at the end, so runs
// never see each other's data either. See docs/testing.md.
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb, migrateToLatest } from '../db/src/index.js';

const none = { month: 0, day: 0, scope: 'installation' };
/** `network_budgets` with every network's budget off. */
export const NO_BUDGETS = {
  linkedin: none,
  facebook: none,
  x: none,
  instagram: none,
  threads: none,
  linkedin_page: none,
  mastodon: none,
  bluesky: none,
  pinterest: none,
  youtube: none,
};

export const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrlFor(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One database URL per pool slot: slotDatabaseUrls[VITEST_POOL_ID - 1] (use testDatabaseUrl()). */
    slotDatabaseUrls: string[];
    /** One Redis key prefix per pool slot, each starting with the run's name (use testRedisPrefix()). */
    slotRedisPrefixes: string[];
    redisUrl: string;
    /**
     * A tar of a PGlite data folder migrated to the latest, made once per run (`integration`
     * project only): the migration tests load it instead of running initdb and every migration
     * on a fresh PGlite each (test/migration-check.ts).
     */
    pgliteMigratedDump: string | null;
  }
}

async function adminQuery(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const name = `pauta_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);

  const handle = await createDb({ databaseUrl: databaseUrlFor(name), poolSize: 1 });
  try {
    await migrateToLatest(handle.db);
    // The shared databases run without network budgets: hundreds of tests schedule X posts on the
    // same days, and X's default (17 a day for the whole installation) would refuse their dates.
    // The budget tests (server/src/posts/budget.integration.test.ts) use a database of their own.
    await handle.db
      .updateTable('admin_settings')
      .set({ setting_value: JSON.stringify(NO_BUDGETS) })
      .where('setting_key', '=', 'network_budgets')
      .execute();
  } finally {
    // A template must have no open connection while it is copied.
    await handle.close();
  }

  // One slot per worker Vitest may run at once (maxWorkers, also under --maxWorkers=N).
  const slots = Math.max(1, project.vitest.config.maxWorkers);
  const slotNames = Array.from({ length: slots }, (_, i) => `${name}_s${i + 1}`);
  for (const slot of slotNames) await adminQuery(`CREATE DATABASE ${slot} TEMPLATE ${name}`);

  project.provide('slotDatabaseUrls', slotNames.map(databaseUrlFor));
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  project.provide('redisUrl', redisUrl);
  // Every prefix a test uses starts with its slot's, and so with this run's name
  // (`${name}-s1-w1`, `${name}-s2-scale` …).
  project.provide(
    'slotRedisPrefixes',
    slotNames.map((_, i) => `${name}-s${i + 1}`),
  );

  const pgliteDump = project.name === 'integration' ? await dumpMigratedPglite(name) : null;
  project.provide('pgliteMigratedDump', pgliteDump);

  return async () => {
    if (pgliteDump !== null) await rm(pgliteDump, { force: true });
    for (const db of [...slotNames, name]) await adminQuery(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await clearRedisPrefix(redisUrl, name);
  };
}

/**
 * An in-memory PGlite migrated by the same `migrateToLatest` the app runs, dumped to a file: a
 * migration that fails on PGlite fails here, before any test. initdb is most of a fresh PGlite's
 * cost (2.5–6 s against 0.6–0.8 s to load the dump, measured on the 2-core machine).
 */
async function dumpMigratedPglite(name: string): Promise<string> {
  const pglite = await createDb({});
  try {
    await migrateToLatest(pglite.db);
    const dump = await pglite.dumpDataDir!();
    const file = join(tmpdir(), `${name}-pglite.tar`);
    await writeFile(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    return file;
  } finally {
    await pglite.close();
  }
}

/** Deletes every key of this run (its name is unique: no other run's key starts with it). */
async function clearRedisPrefix(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
