// The private read-only link to a report over HTTP against real PostgreSQL (docs/reports.md "The
// private link"): create (done reports only, owner/editor), what the public page reveals (field by
// field: the PDF's snapshot, no ids, no token), expiry, revocation, forged tokens and the rate
// limit (the client approval link's limits).
import { createHash, randomUUID } from 'node:crypto';
import { type DbHandle, type MediaStorage, parseKeyring } from '@pauta/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { TestClient } from '../../../test/http-client.js';
import { seedReportMonth } from '../../../test/report-seed.js';
import { listen, signedInUser, TEST_KEYS, testDeps } from '../../../test/server-harness.js';
import { CLIENT_LINK_LIMITS } from '../approval/client-link.service.js';
import type { ReportView } from '../trpc/reports.router.js';
import type { ReportLinkView, ReportPageView } from './report-link.service.js';
import { createReportRunner, type ReportRunner } from './report-runner.js';

const OCT = { periodStart: '2026-10-01', periodEnd: '2026-10-31', note: 'Foco em vídeos em novembro.' };

let handle: DbHandle;
let runner: ReportRunner;
let app: { url: string; close(): Promise<void> };
let storage: MediaStorage;

beforeAll(async () => {
  handle = await testDb();
  const base = testDeps(handle, {}, { TRUST_PROXY: '1' });
  storage = base.media!.storage;
  runner = createReportRunner(
    { db: handle.db, logger: base.logger, storage: base.media!.storage, ai: null },
    { sweep: false },
  );
  app = await listen({ ...base, reports: runner });
});
afterAll(async () => {
  await runner?.close();
  await app?.close();
  await handle?.close();
});

let ipSeq = 0;
function visitor(): TestClient {
  ipSeq++;
  return new TestClient(
    app.url,
    'http://pauta.test',
    `10.${(process.pid >> 8) & 255}.${(process.pid & 255) ^ 1}.${ipSeq}`,
  );
}
const tokenOf = (url: string) => url.split('/relatorio/')[1] ?? '';

async function doneReport(label: string) {
  const owner = await signedInUser(handle, app.url, { label });
  await handle.db
    .updateTable('workspaces')
    .set({ name: 'Padaria Aurora', color: '#aa3300' })
    .where('id', '=', owner.id)
    .execute();
  await seedReportMonth(handle.db, parseKeyring(TEST_KEYS), {
    workspaceId: owner.id,
    userId: owner.id,
    platforms: ['linkedin', 'x'],
    postsPerNetwork: 6,
    year: 2026,
    month: 10,
  });
  const generated = await owner.browser.mutate<ReportView>('reports.generate', OCT);
  await runner.idle();
  return { owner, reportId: generated.data!.id };
}

describe('the report link', () => {
  it('opens the snapshot without a session, field by field, until revoked', async () => {
    const { owner, reportId } = await doneReport('relatorio-link');
    const created = await owner.browser.mutate<{ link: ReportLinkView; url: string }>('reports.createLink', {
      reportId,
      validDays: 7,
    });
    expect(created.status).toBe(200);
    let token = tokenOf(created.data!.url);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A repeat of one click (same Idempotency-Key): the same link, its token re-issued.
    const key = randomUUID();
    const once = await owner.browser.mutate<{ link: ReportLinkView; url: string }>(
      'reports.createLink',
      { reportId, validDays: 7 },
      { idempotencyKey: key },
    );
    const again = await owner.browser.mutate<{ link: ReportLinkView; url: string }>(
      'reports.createLink',
      { reportId, validDays: 7 },
      { idempotencyKey: key },
    );
    expect(again.data?.link.id).toBe(once.data?.link.id);
    expect(tokenOf(again.data!.url)).not.toBe(tokenOf(once.data!.url));
    expect(
      (await visitor().query<ReportPageView>('reportPage.view', { token: tokenOf(once.data!.url) })).data,
    ).toEqual({
      state: 'invalid',
    });
    await owner.browser.mutate('reports.revokeLink', { id: once.data!.link.id });
    token = tokenOf(created.data!.url);
    // Only the SHA-256 is stored.
    const row = await handle.db
      .selectFrom('report_links')
      .selectAll()
      .where('report_id', '=', reportId)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(row.token_hash).equals(createHash('sha256').update(token).digest())).toBe(true);
    expect(JSON.stringify(row)).not.toContain(token);

    const page = await visitor().query<ReportPageView>('reportPage.view', { token });
    expect(page.status).toBe(200);
    const view = page.data!;
    if (view.state !== 'open') throw new Error(view.state);
    expect(view.client).toMatchObject({ name: 'Padaria Aurora', color: '#aa3300' });
    expect(view.period).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(view.summary.published.current).toBe(12);
    expect(view.note).toBe(OCT.note);
    expect(view.networks.map((n) => n.platform).sort()).toEqual(['linkedin', 'x']);
    expect(view.cadence.length).toBeGreaterThanOrEqual(5);
    expect(view.pdfUrl).toMatch(/^\/media\/reports\//);
    // Everything the PDF shows: worst posts, best times, approval (the seeded theme requires it).
    expect(view.networks.every((n) => n.best.length === 3 && n.worst.length === 3)).toBe(true);
    expect(view.bestTimes.map((b) => b.label).sort()).toEqual(['LinkedIn', 'X (Twitter)']);
    expect(view.approval?.approved.current).toBeGreaterThan(0);
    // Nothing secret: no workspace/report/user id, no token, no e-mail (the PDF's signed media URL
    // names its storage key, as every signed image URL does; a key is not a credential).
    const raw = JSON.stringify({ ...view, pdfUrl: null });
    for (const secret of [owner.id, reportId, token, row.id, '@']) expect(raw).not.toContain(secret);

    // A report done before snapshots were kept: the page computes today's figures instead.
    await handle.db.deleteFrom('report_snapshots').where('report_id', '=', reportId).execute();
    const fallback = (await visitor().query<ReportPageView>('reportPage.view', { token })).data!;
    if (fallback.state !== 'open') throw new Error(fallback.state);
    expect(fallback.summary.published.current).toBe(12);
    expect(fallback.analysis.source).toBe('local');

    // The owner's list shows the link; revoking ends it at once (a repeat changes nothing).
    const list = await owner.browser.query<ReportView[]>('reports.list');
    expect(list.data![0]!.links).toMatchObject([
      { id: once.data!.link.id, status: 'revoked' },
      { id: row.id, status: 'active' },
    ]);
    const revoked = await owner.browser.mutate<ReportLinkView>('reports.revokeLink', { id: row.id });
    expect(revoked.data?.status).toBe('revoked');
    expect(
      (await owner.browser.mutate<ReportLinkView>('reports.revokeLink', { id: row.id })).data?.status,
    ).toBe('revoked');
    expect((await visitor().query<ReportPageView>('reportPage.view', { token })).data).toEqual({
      state: 'revoked',
    });

    // Another workspace cannot revoke or link it.
    const other = await signedInUser(handle, app.url, { label: 'relatorio-link-outro' });
    expect((await other.browser.mutate('reports.revokeLink', { id: row.id })).status).toBe(404);
    expect((await other.browser.mutate('reports.createLink', { reportId, validDays: 7 })).status).toBe(404);
  }, 60_000);

  it('expires; refuses a report not done and a validity beyond the maximum', async () => {
    const { owner, reportId } = await doneReport('relatorio-link-expira');
    const created = await owner.browser.mutate<{ url: string }>('reports.createLink', {
      reportId,
      validDays: 1,
    });
    const token = tokenOf(created.data!.url);
    await handle.db
      .updateTable('report_links')
      .set({ expires_at: new Date(Date.now() - 1000), created_at: new Date(Date.now() - 2 * 86_400_000) })
      .where('report_id', '=', reportId)
      .execute();
    expect((await visitor().query<ReportPageView>('reportPage.view', { token })).data).toEqual({
      state: 'expired',
    });
    expect((await owner.browser.mutate('reports.createLink', { reportId, validDays: 31 })).status).toBe(400);
    // A report not done yet: no link.
    const queued = await handle.db
      .insertInto('reports')
      .values({
        workspace_id: owner.id,
        period_start: '2026-08-01',
        period_end: '2026-08-31',
        requested_by: owner.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await owner.browser.mutate('reports.createLink', { reportId: queued.id, validDays: 7 });
    expect(refused.status).toBe(409);
    await runner.idle();
  }, 60_000);

  it('delete: the link stops opening it, the PDF leaves storage; idempotent; refused while it is made', async () => {
    const { owner, reportId } = await doneReport('relatorio-excluir');
    const created = await owner.browser.mutate<{ url: string }>('reports.createLink', {
      reportId,
      validDays: 7,
    });
    const token = tokenOf(created.data!.url);
    expect((await visitor().query<ReportPageView>('reportPage.view', { token })).data?.state).toBe('open');
    const report = await handle.db
      .selectFrom('reports')
      .select('pdf_key')
      .where('id', '=', reportId)
      .executeTakeFirstOrThrow();
    expect((await storage.get(report.pdf_key!)).subarray(0, 5).toString()).toBe('%PDF-');

    // Another workspace deletes nothing.
    const other = await signedInUser(handle, app.url, { label: 'relatorio-excluir-outro' });
    expect((await other.browser.mutate('reports.delete', { id: reportId })).status).toBe(200);
    expect((await visitor().query<ReportPageView>('reportPage.view', { token })).data?.state).toBe('open');

    const deleted = await owner.browser.mutate<{ id: string }>('reports.delete', { id: reportId });
    expect(deleted.status).toBe(200);
    expect((await visitor().query<ReportPageView>('reportPage.view', { token })).data).toEqual({
      state: 'invalid',
    });
    await expect(storage.get(report.pdf_key!)).rejects.toThrow();
    expect((await owner.browser.query<ReportView[]>('reports.list')).data).toEqual([]);
    const left = await handle.db
      .selectFrom('report_links')
      .select('id')
      .where('report_id', '=', reportId)
      .execute();
    expect(left).toEqual([]);
    // A repeat (another click, another tab): the same answer.
    expect((await owner.browser.mutate('reports.delete', { id: reportId })).status).toBe(200);

    // A report an attempt is making right now (running, live lease): refused, kept.
    const running = await handle.db
      .insertInto('reports')
      .values({
        workspace_id: owner.id,
        period_start: '2026-07-01',
        period_end: '2026-07-31',
        requested_by: owner.id,
        status: 'running',
        attempt: 1,
        lease_until: new Date(Date.now() + 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const busy = await owner.browser.mutate('reports.delete', { id: running.id });
    expect(busy.status).toBe(409);
    expect(busy.error?.details).toMatchObject({ reason: 'REPORT_BUSY' });
    expect((await owner.browser.query<ReportView[]>('reports.list')).data?.map((r) => r.id)).toEqual([
      running.id,
    ]);
  }, 60_000);

  it('forged tokens: invalid, then 429 after the limit from one IP', async () => {
    const client = visitor();
    expect((await client.query<ReportPageView>('reportPage.view', { token: 'x'.repeat(43) })).data).toEqual({
      state: 'invalid',
    });
    for (let i = 1; i < CLIENT_LINK_LIMITS.badToken.limit; i++)
      expect((await client.query('reportPage.view', { token: randomUUID() })).status).toBe(200);
    const blocked = await client.query('reportPage.view', { token: randomUUID() });
    expect(blocked.status).toBe(429);
    expect(blocked.error?.message).toBe('RATE_LIMITED');
    expect((await visitor().query('reportPage.view', { token: randomUUID() })).status).toBe(200);
  });
});
