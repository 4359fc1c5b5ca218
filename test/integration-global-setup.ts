// Global set-up of the integration tier: one fresh PostgreSQL database (migrated once) and one
// Redis key prefix per run, dropped again at the end, so runs never see each other's data.
import { randomBytes } from 'node:crypto';
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
    databaseUrl: string;
    redisUrl: string;
    redisPrefix: string;
  }
}

export default async function setup(project: TestProject) {
  const name = `pauta_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const databaseUrl = databaseUrlFor(name);
  const handle = await createDb({ databaseUrl, poolSize: 1 });
  await migrateToLatest(handle.db);
  // The shared database runs without network budgets: hundreds of tests schedule X posts on the
  // same days, and X's default (17 a day for the whole installation) would refuse their dates.
  // The budget tests (server/src/posts/budget.integration.test.ts) use a database of their own.
  await handle.db
    .updateTable('admin_settings')
    .set({ setting_value: JSON.stringify(NO_BUDGETS) })
    .where('setting_key', '=', 'network_budgets')
    .execute();
  await handle.close();

  project.provide('databaseUrl', databaseUrl);
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  project.provide('redisUrl', redisUrl);
  // Every prefix a test uses starts with this run's name (`${name}-w1`, `${name}-scale` …).
  project.provide('redisPrefix', `${name}`);

  return async () => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
    await clearRedisPrefix(redisUrl, name);
  };
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
