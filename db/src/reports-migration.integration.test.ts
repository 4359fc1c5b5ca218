// The reports migration (2026-11-30T01-00-reports) on PGlite and PostgreSQL: one row per
// (workspace, period), the status and progress rules, the fenced claim under a lease, the
// workspace's deletion, and down() then up() again.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, describe, expect, it } from 'vitest';
import { isolatedDb } from '../../test/harness.js';
import { createDb, type DbHandle } from './client.js';
import { migrateToLatest, migrations } from './migrations.js';
import {
  claimReport,
  finishReport,
  insertOrGetReport,
  listReclaimableReports,
  reportProgress,
} from './repositories/report-runs.repository.js';
import { createUser } from './repositories/users.repository.js';
import type { Database } from './schema.js';

const NAME = '2026-11-30T01-00-reports';

async function check(db: Kysely<Database>) {
  const user = await createUser(db, {
    email: `relatorio-${randomUUID().slice(0, 6)}@teste.pauta.dev`,
    passwordHash: null,
  });
  const input = {
    workspaceId: user.id,
    periodStart: '2026-10-01',
    periodEnd: '2026-10-31',
    note: '',
    requestedBy: user.id,
  };
  const first = await insertOrGetReport(db, input);
  const second = await insertOrGetReport(db, { ...input, note: 'outra' });
  expect(first.created).toBe(true);
  expect(second.created).toBe(false);
  expect(second.row.id).toBe(first.row.id);
  expect(first.row).toMatchObject({ status: 'queued', progress: 0, attempt: 0, period_start: '2026-10-01' });
  // Rules: the period's order, progress 0–100, a done row has its PDF.
  await expect(
    db
      .insertInto('reports')
      .values({
        workspace_id: user.id,
        period_start: '2026-10-31',
        period_end: '2026-10-01',
        requested_by: null,
      })
      .execute(),
  ).rejects.toThrow();
  await expect(
    db.updateTable('reports').set({ progress: 101 }).where('id', '=', first.row.id).execute(),
  ).rejects.toThrow();
  await expect(
    db.updateTable('reports').set({ status: 'done' }).where('id', '=', first.row.id).execute(),
  ).rejects.toThrow();

  // The claim: one holder at a time; a lost lease fences the old attempt's writes.
  const a = await claimReport(db, user.id, first.row.id, 60_000);
  expect(a).toMatchObject({ status: 'running', attempt: 1 });
  expect(await claimReport(db, user.id, first.row.id, 60_000)).toBeNull();
  expect(await claimReport(db, randomUUID(), first.row.id, 60_000)).toBeNull();
  await db
    .updateTable('reports')
    .set({ lease_until: sql`now() - interval '1 second'` })
    .where('id', '=', first.row.id)
    .execute();
  expect((await listReclaimableReports(db, 60_000)).map((r) => r.id)).toContain(first.row.id);
  const b = await claimReport(db, user.id, first.row.id, 60_000);
  expect(b?.attempt).toBe(2);
  const fenceA = { workspaceId: user.id, id: first.row.id, attempt: 1 };
  const fenceB = { workspaceId: user.id, id: first.row.id, attempt: 2 };
  expect(await reportProgress(db, fenceA, 50, 60_000)).toBe(false);
  expect(await finishReport(db, fenceA, { pdfKey: 'x' })).toBe(false);
  expect(await reportProgress(db, fenceB, 50, 60_000)).toBe(true);
  const key = `reports/${user.id}/${first.row.id}.pdf`;
  expect(await finishReport(db, fenceB, { pdfKey: key })).toBe(true);
  const done = await db
    .selectFrom('reports')
    .selectAll()
    .where('id', '=', first.row.id)
    .executeTakeFirstOrThrow();
  expect(done).toMatchObject({ status: 'done', progress: 100, pdf_key: key, lease_until: null });
  expect(await claimReport(db, user.id, first.row.id, 60_000)).toBeNull();

  // The workspace's deletion takes its reports.
  await db.deleteFrom('users').where('id', '=', user.id).execute();
  expect(await db.selectFrom('reports').select('id').where('workspace_id', '=', user.id).execute()).toEqual(
    [],
  );

  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  // Later migrations (the report's live events and links) go down first.
  const down = await migrator.migrateTo('2026-11-30T00-40-report-history');
  expect(down.error).toBeUndefined();
  expect(down.results?.at(-1)).toMatchObject({ migrationName: NAME, status: 'Success' });
  await migrateToLatest(db);
  expect(await db.selectFrom('reports').select('id').execute()).toEqual([]);
}

describe('the reports migration', () => {
  let pglite: DbHandle | undefined;
  let postgres: { handle: DbHandle; drop(): Promise<void> } | undefined;
  afterAll(async () => {
    await pglite?.close();
    await postgres?.drop();
  });

  it('runs on PGlite', async () => {
    pglite = await createDb({});
    await migrateToLatest(pglite.db);
    await check(pglite.db);
  }, 120_000);

  it('runs on PostgreSQL', async () => {
    postgres = await isolatedDb();
    await check(postgres.handle.db);
  }, 120_000);
});
