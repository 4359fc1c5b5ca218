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
