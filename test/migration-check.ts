// One migration's test on both databases Pauta runs on (PGlite for the embedded mode, PostgreSQL),
// and its way down and up again. `downAndUp` goes down to the migration just before the one under
// test (the later ones go down first), so the test keeps working when newer migrations land.
import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb, type DbHandle } from '../db/src/client.js';
import { migrateToLatest, migrations } from '../db/src/migrations.js';
import type { Database } from '../db/src/schema.js';
import { isolatedDb } from './harness.js';

/** Runs `check` on a fresh PGlite and on a PostgreSQL database of its own, both migrated to the latest. */
export function describeMigration(title: string, check: (db: Kysely<Database>) => Promise<void>): void {
  describe(title, () => {
    let pglite: DbHandle | undefined;
    let postgres: { handle: DbHandle; drop(): Promise<void> } | undefined;
    afterAll(async () => {
      await pglite?.close();
      await postgres?.drop();
    });

    it('runs on PGlite', async () => {
      pglite = await migratedPglite();
      await check(pglite.db);
    }, 120_000);

    it('runs on PostgreSQL', async () => {
      postgres = await isolatedDb();
      await check(postgres.handle.db);
    }, 120_000);
  });
}

/**
 * An in-memory PGlite at the latest migration: loaded from the run's dump (made by
 * test/integration-global-setup.ts with `migrateToLatest`), or, outside that project, created and
 * migrated here.
 */
async function migratedPglite(): Promise<DbHandle> {
  const dump = inject('pgliteMigratedDump');
  if (dump !== null && dump !== undefined)
    return createDb({ pgliteLoadDataDir: new Blob([await readFile(dump)]) });
  const fresh = await createDb({});
  await migrateToLatest(fresh.db);
  return fresh;
}

/**
 * Takes `name` down (with every later migration first), runs `whileDown` on the database as it
 * was before it, then migrates to the latest again.
 */
export async function downAndUp(
  db: Kysely<Database>,
  name: string,
  whileDown?: () => Promise<void>,
): Promise<void> {
  const names = Object.keys(migrations).sort();
  const index = names.indexOf(name);
  expect(index, `${name} is not a migration`).toBeGreaterThan(0);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const down = await migrator.migrateTo(names[index - 1] as string);
  expect(down.error).toBeUndefined();
  expect(down.results?.find((r) => r.migrationName === name)).toMatchObject({
    direction: 'Down',
    status: 'Success',
  });
  await whileDown?.();
  await migrateToLatest(db);
}
