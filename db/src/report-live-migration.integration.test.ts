// Migrations 2026-11-30T01-10-report-live and 2026-11-30T01-20-report-links on PGlite and
// PostgreSQL: a report's insert and every status/progress change write one live event (kind
// 'report', no network) and notify it; a fenced write that lost its attempt writes none; the link
// rows go with their report; down() then up() again.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, describe, expect, it } from 'vitest';
import { isolatedDb } from '../../test/harness.js';
import { createDb, type DbHandle } from './client.js';
import { migrateToLatest, migrations } from './migrations.js';
import { listLiveEventsSince } from './repositories/live-events.repository.js';
import {
  claimReport,
  finishReport,
  insertOrGetReport,
  reportProgress,
} from './repositories/report-runs.repository.js';
import { createUser } from './repositories/users.repository.js';
import type { Database } from './schema.js';

async function check(handle: DbHandle) {
  const db: Kysely<Database> = handle.db;
  const user = await createUser(db, {
    email: `relatorio-vivo-${randomUUID().slice(0, 6)}@teste.pauta.dev`,
    passwordHash: null,
  });
  const notified: string[] = [];
  const listener = await handle.listen('pauta_live', {
    onMessage: (payload) => notified.push(payload),
    onReconnect: () => undefined,
    onError: () => undefined,
  });
  const events = () => listLiveEventsSince(db, { workspaceId: user.id, afterId: 0, limit: 100 });

  const { row } = await insertOrGetReport(db, {
    workspaceId: user.id,
    periodStart: '2026-10-01',
    periodEnd: '2026-10-31',
    note: '',
    requestedBy: user.id,
  });
  const claimed = await claimReport(db, user.id, row.id, 60_000);
  if (!claimed) throw new Error('claim');
  const fence = { workspaceId: user.id, id: row.id, attempt: claimed.attempt };
  await reportProgress(db, fence, 40, 60_000);
  // Same progress again (a lease renewal): no event.
  await reportProgress(db, fence, 40, 60_000);
  // A lost attempt's write matches nothing: no event.
  await reportProgress(db, { ...fence, attempt: 99 }, 60, 60_000);
  await finishReport(db, fence, { pdfKey: `reports/${user.id}/${row.id}.pdf` });

  const list = await events();
  expect(list.map((e) => e.kind)).toEqual(['report', 'report', 'report', 'report']);
  expect(list.every((e) => e.reportId === row.id && e.platform === null && e.userId === user.id)).toBe(true);
  expect(list.every((e) => e.errorCode === null && e.postId === null)).toBe(true);

  // A failure carries its code.
  const other = await insertOrGetReport(db, {
    workspaceId: user.id,
    periodStart: '2026-09-01',
    periodEnd: '2026-09-30',
    note: '',
    requestedBy: user.id,
  });
  const run = await claimReport(db, user.id, other.row.id, 60_000);
  if (!run) throw new Error('claim');
  await finishReport(
    db,
    { workspaceId: user.id, id: other.row.id, attempt: run.attempt },
    { errorCode: 'INTERNAL' },
  );
  expect((await events()).at(-1)).toMatchObject({
    kind: 'report',
    reportId: other.row.id,
    errorCode: 'INTERNAL',
  });

  // NOTIFY is delivered on commit, with the report id in the payload.
  await expect.poll(() => notified.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(7);
  const payload = JSON.parse(notified.at(-1) ?? '{}');
  expect(payload).toMatchObject({
    kind: 'report',
    reportId: other.row.id,
    platform: null,
    workspaceId: user.id,
  });
  await listener.close();

  // Links go with their report.
  await db
    .insertInto('report_links')
    .values({
      workspace_id: user.id,
      report_id: row.id,
      token_hash: new Uint8Array(32).fill(7),
      request_key: 'k',
      created_by: user.id,
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .execute();
  await db.deleteFrom('reports').where('id', '=', row.id).execute();
  expect(
    await db.selectFrom('report_links').select('id').where('workspace_id', '=', user.id).execute(),
  ).toEqual([]);

  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const down = await migrator.migrateTo('2026-11-30T01-00-reports');
  expect(down.error).toBeUndefined();
  await migrateToLatest(db);
}

describe('the report live events and links migrations', () => {
  let pglite: DbHandle | undefined;
  let postgres: { handle: DbHandle; drop(): Promise<void> } | undefined;
  afterAll(async () => {
    await pglite?.close();
    await postgres?.drop();
  });

  it('run on PGlite', async () => {
    pglite = await createDb({});
    await migrateToLatest(pglite.db);
    await check(pglite);
  }, 120_000);

  it('run on PostgreSQL', async () => {
    postgres = await isolatedDb();
    await check(postgres.handle);
  }, 120_000);
});
