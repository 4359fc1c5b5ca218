// Helpers for integration tests: a Kysely handle on the run's database, and unique test users.
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { createDb, createUser, type DbHandle } from '../db/src/index.js';

export async function testDb(): Promise<DbHandle> {
  return createDb({ databaseUrl: inject('databaseUrl'), poolSize: 4, applicationName: 'pauta-test' });
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
  const base = new URL(inject('databaseUrl'));
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
