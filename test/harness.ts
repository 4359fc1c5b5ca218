// Helpers for integration tests: the database and Redis prefix of this file's pool slot, a Kysely
// handle on it, and unique test users.
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { createDb, createUser, type DbHandle } from '../db/src/index.js';

/**
 * The pool slot this file runs in: Vitest sets VITEST_POOL_ID (1…maxWorkers) in every worker, and
 * runs one file at a time per slot. Files running at the same time are always in different slots.
 */
function slotIndex(slots: number): number {
  const slot = Number(process.env.VITEST_POOL_ID ?? '1');
  if (!Number.isInteger(slot) || slot < 1 || slot > slots) {
    throw new Error(
      `VITEST_POOL_ID=${process.env.VITEST_POOL_ID}: the integration set-up prepared ${slots} slots`,
    );
  }
  return slot - 1;
}

/** This slot's database (a copy of the run's migrated template): no file running beside sees it. */
export function testDatabaseUrl(): string {
  const urls = inject('slotDatabaseUrls');
  return urls[slotIndex(urls.length)]!;
}

/** This slot's Redis key prefix; a test's own prefixes extend it (`${testRedisPrefix()}-w1`). */
export function testRedisPrefix(): string {
  const prefixes = inject('slotRedisPrefixes');
  return prefixes[slotIndex(prefixes.length)]!;
}

export async function testDb(): Promise<DbHandle> {
  return createDb({ databaseUrl: testDatabaseUrl(), poolSize: 4, applicationName: 'pauta-test' });
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID().slice(0, 8)}@teste.pauta.dev`;
}

export async function makeUser(handle: DbHandle, label = 'user') {
  return createUser(handle.db, {
    email: uniqueEmail(label),
    passwordHash: null,
    firstName: 'Teste',
    lastName: label,
  });
}

/** A database of its own (created, migrated, dropped by the caller) for tests that touch every row. */
export async function isolatedDb(): Promise<{ handle: DbHandle; url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const { migrateToLatest } = await import('../db/src/index.js');
  const base = new URL(testDatabaseUrl());
  const name = `${base.pathname.slice(1)}_iso_${randomUUID().slice(0, 6)}`;
  const admin = new URL(base);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString(), poolSize: 2 });
  await migrateToLatest(handle.db);
  return {
    handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
