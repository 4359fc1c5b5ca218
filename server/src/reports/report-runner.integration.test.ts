// Background generation of a client report (issue 27 item 4; docs/reports.md "Generation"): one
// row and one PDF per (workspace, period) however often it is asked for, progress on the row,
// a second request while it runs returns the same row, a dead attempt's lease is reclaimed, the
// PDF downloads through its signed URL with the period's totals, and another workspace sees none.
import { type DbHandle, parseKeyring } from '@pauta/db';
import { sql } from 'kysely';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { seedReportMonth } from '../../../test/report-seed.js';
import { listen, signedInUser, TEST_KEYS, testDeps } from '../../../test/server-harness.js';
import type { AppDeps } from '../deps.js';
import type { ReportView } from '../trpc/reports.router.js';
import { createReportRunner, type ReportRunner, runReport } from './report-runner.js';

const OCT = { periodStart: '2026-10-01', periodEnd: '2026-10-31', note: 'Em novembro, vídeos curtos.' };

let handle: DbHandle;
let deps: AppDeps;
let runner: ReportRunner;
let app: { url: string; close(): Promise<void> };
/** Steps wait on this gate while it is set (a report "running"). */
let gate: Promise<void> | null = null;
const steps: number[] = [];
const puts: string[] = [];

beforeAll(async () => {
  handle = await testDb();
  const base = testDeps(handle);
  const storage = base.media!.storage;
  const countingStorage = {
    ...storage,
    put: async (key: string, bytes: Buffer, type: string) => {
      puts.push(key);
      await storage.put(key, bytes, type);
    },
  };
  runner = createReportRunner(
    {
      db: handle.db,
      logger: base.logger,
      storage: countingStorage,
      ai: null,
      onStep: async (progress) => {
        steps.push(progress);
        if (gate) await gate;
      },
    },
    { sweep: false },
  );
  deps = { ...base, reports: runner };
  app = await listen(deps);
});
afterAll(async () => {
  await runner?.close();
  await app?.close();
  await handle?.close();
});

describe('reports.generate', () => {
  it('makes one row and one PDF per period, with progress, the PDF holding the totals', async () => {
    const owner = await signedInUser(handle, app.url, { label: 'relatorio' });
    await handle.db
      .updateTable('workspaces')
      .set({ name: 'Padaria Aurora' })
      .where('id', '=', owner.id)
      .execute();
    await seedReportMonth(handle.db, parseKeyring(TEST_KEYS), {
      workspaceId: owner.id,
      userId: owner.id,
      platforms: ['linkedin', 'x'],
      postsPerNetwork: 12,
      year: 2026,
      month: 10,
    });
    let open!: () => void;
    gate = new Promise((resolve) => {
      open = resolve;
    });
    const first = await owner.browser.mutate<ReportView>('reports.generate', OCT);
    expect(first.status).toBe(200);
    // While it runs: the row shows its progress, and asking again returns the same row.
    await expect.poll(() => steps.length).toBeGreaterThan(0);
    const second = await owner.browser.mutate<ReportView>('reports.generate', OCT);
    expect(second.data?.id).toBe(first.data?.id);
    expect(second.data?.status).toBe('running');
    expect(second.data?.progress).toBe(10);
    open();
    gate = null;
    await runner.idle();
    expect(steps).toEqual([10, 40, 60, 85]);

    const third = await owner.browser.mutate<ReportView>('reports.generate', OCT);
    expect(third.data).toMatchObject({ id: first.data?.id, status: 'done', progress: 100 });
    await runner.idle();
    const list = await owner.browser.query<ReportView[]>('reports.list');
    expect(list.data).toHaveLength(1);
    expect(puts).toEqual([`reports/${owner.id}/${first.data?.id}.pdf`]);

    // The PDF, through its signed URL, with the period's totals.
    const pdfUrl = list.data![0]!.pdfUrl!;
    const res = await owner.browser.request(pdfUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const doc = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
    const text = (await extractText(doc, { mergePages: true })).text as string;
    expect(text).toContain('Padaria Aurora');
    expect(text).toContain('01/10/2026 a 31/10/2026');
    expect(text).toContain('Em novembro, vídeos curtos.');
    const { published } = await sql<{ published: number }>`
      SELECT count(*)::int AS published FROM published_posts
      WHERE workspace_id = ${owner.id} AND published_at >= '2026-10-01T03:00:00Z' AND published_at < '2026-11-01T03:00:00Z'`
      .execute(handle.db)
      .then((r) => r.rows[0]!);
    expect(published).toBe(24);
    expect(text).toContain('24');

    // Another workspace: sees none of it, and its own October is its own row.
    const other = await signedInUser(handle, app.url, { label: 'relatorio-outro' });
    expect((await other.browser.query<ReportView[]>('reports.list')).data).toEqual([]);
    const own = await other.browser.mutate<ReportView>('reports.generate', OCT);
    expect(own.data?.id).not.toBe(first.data?.id);
    await runner.idle();
  }, 60_000);

  it('reclaims a row whose attempt died (expired lease), and never runs a live one twice', async () => {
    const owner = await signedInUser(handle, app.url, { label: 'relatorio-lease' });
    const row = await handle.db
      .insertInto('reports')
      .values({
        workspace_id: owner.id,
        period_start: '2026-09-01',
        period_end: '2026-09-30',
        requested_by: owner.id,
        status: 'running',
        attempt: 1,
        progress: 40,
        lease_until: new Date(Date.now() + 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const runnerDeps = { db: handle.db, logger: deps.logger, storage: deps.media!.storage, ai: null };
    // A live lease: nobody else runs it.
    expect(await runReport(runnerDeps, owner.id, row.id)).toBe('not-claimed');
    // The holder died: its lease expires and the next attempt finishes it.
    await handle.db
      .updateTable('reports')
      .set({ lease_until: new Date(Date.now() - 1000) })
      .where('id', '=', row.id)
      .execute();
    expect(await runReport(runnerDeps, owner.id, row.id)).toBe('done');
    const done = await handle.db
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(done).toMatchObject({
      status: 'done',
      attempt: 2,
      progress: 100,
      pdf_key: `reports/${owner.id}/${row.id}.pdf`,
    });
    // Done: never again.
    expect(await runReport(runnerDeps, owner.id, row.id)).toBe('not-claimed');
  }, 60_000);

  it('refuses a period that ends before it starts', async () => {
    const owner = await signedInUser(handle, app.url, { label: 'relatorio-invalido' });
    const bad = await owner.browser.mutate('reports.generate', {
      periodStart: '2026-10-31',
      periodEnd: '2026-10-01',
    });
    expect(bad.status).toBe(400);
    expect(
      await handle.db.selectFrom('reports').select('id').where('workspace_id', '=', owner.id).execute(),
    ).toEqual([]);
  });
});
