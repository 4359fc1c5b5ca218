// The scheduled report email's migration (2026-11-30T01-20-report-schedules) on PGlite (embedded
// mode runs the sweep there too) and PostgreSQL: the schedule's rules, one delivery row per
// (workspace, period), the fenced claim, the outbox attachment columns, the template, down then up.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import { describeMigration, downAndUp } from '../../test/migration-check.js';
import { claimOutboxEmails, queueTemplatedEmail } from './repositories/email.repository.js';
import {
  claimDelivery,
  ensureDueDeliveries,
  listClaimableDeliveries,
  markDeliverySent,
  releaseDelivery,
  upsertReportSchedule,
} from './repositories/report-deliveries.repository.js';
import { createUser } from './repositories/users.repository.js';
import type { Database } from './schema.js';

const NAME = '2026-11-30T01-20-report-schedules';
const OCT = { from: '2026-10-01', to: '2026-10-31' };
const WEEK = { from: '2026-10-26', to: '2026-11-01' };

async function check(db: Kysely<Database>) {
  const user = await createUser(db, {
    email: `agenda-${randomUUID().slice(0, 6)}@teste.pauta.dev`,
    passwordHash: null,
  });
  // On needs 1–10 addresses; off may keep none.
  await expect(
    db
      .insertInto('report_schedules')
      .values({ workspace_id: user.id, frequency: 'monthly', recipients: [], updated_by: null })
      .execute(),
  ).rejects.toThrow();
  await expect(
    db
      .insertInto('report_schedules')
      .values({
        workspace_id: user.id,
        frequency: 'weekly',
        recipients: Array.from({ length: 11 }, (_, i) => `p${i}@x.com`),
        updated_by: null,
      })
      .execute(),
  ).rejects.toThrow();
  await upsertReportSchedule(db, { workspaceId: user.id, frequency: 'off', recipients: [], userId: user.id });
  const on = await upsertReportSchedule(db, {
    workspaceId: user.id,
    frequency: 'monthly',
    recipients: ['a@x.com', 'b@x.com'],
    userId: user.id,
  });
  expect(on).toMatchObject({ frequency: 'monthly', recipients: ['a@x.com', 'b@x.com'] });

  // One row per (workspace, period), whoever adds it.
  await ensureDueDeliveries(db, 'monthly', OCT);
  await ensureDueDeliveries(db, 'monthly', OCT);
  await ensureDueDeliveries(db, 'weekly', WEEK);
  const rows = await db
    .selectFrom('report_deliveries')
    .selectAll()
    .where('workspace_id', '=', user.id)
    .execute();
  expect(rows).toHaveLength(1);
  const due = { monthly: OCT, weekly: WEEK };
  expect((await listClaimableDeliveries(db, due, 8)).map((r) => r.id)).toContain(rows[0]!.id);

  // The claim: one holder; a stale attempt cannot mark it sent; a sent row is never claimed again.
  const a = await claimDelivery(db, rows[0]!.id, 60_000, 8);
  expect(a).toMatchObject({
    status: 'running',
    attempt: 1,
    period_start: '2026-10-01',
    period_end: '2026-10-31',
  });
  expect(await claimDelivery(db, rows[0]!.id, 60_000, 8)).toBeNull();
  expect(
    await releaseDelivery(db, { id: a!.id, attempt: 1 }, { errorCode: 'REPORT_FAILED', retryInMs: 0 }),
  ).toBe(true);
  await db.updateTable('report_deliveries').set({ lease_until: sql`now() - interval '1 second'` }).execute();
  const b = await claimDelivery(db, rows[0]!.id, 60_000, 8);
  expect(b?.attempt).toBe(2);
  expect(
    await db.transaction().execute((trx) => markDeliverySent(trx, { id: a!.id, attempt: 1 }, ['a@x.com'])),
  ).toBe(false);
  expect(
    await db.transaction().execute((trx) => markDeliverySent(trx, { id: a!.id, attempt: 2 }, ['a@x.com'])),
  ).toBe(true);
  expect(await claimDelivery(db, rows[0]!.id, 60_000, 8)).toBeNull();
  expect(await listClaimableDeliveries(db, due, 8)).toEqual([]);

  // The template and the outbox's attachment (a key, no bytes).
  const id = await queueTemplatedEmail(db, {
    templateName: 'report_scheduled',
    to: 'a@x.com',
    variables: { client_name: 'Padaria', period: 'outubro de 2026' },
    attachment: { key: `reports/${user.id}/${randomUUID()}.pdf`, filename: 'relatorio.pdf' },
  });
  expect(id).not.toBeNull();
  const [claimed] = await claimOutboxEmails(db, { limit: 1, leaseMs: 60_000, now: new Date(), ids: [id!] });
  expect(claimed).toMatchObject({
    subject: 'Relatório de Padaria: outubro de 2026',
    attachment_name: 'relatorio.pdf',
  });

  // The workspace's deletion takes its schedule and deliveries.
  await db.deleteFrom('users').where('id', '=', user.id).execute();
  expect(
    await db.selectFrom('report_deliveries').select('id').where('workspace_id', '=', user.id).execute(),
  ).toEqual([]);

  await downAndUp(db, NAME, async () => {
    expect(
      await db
        .selectFrom('email_templates')
        .select('id')
        .where('template_name', '=', 'report_scheduled')
        .execute(),
    ).toEqual([]);
  });
  expect(await db.selectFrom('report_schedules').select('workspace_id').execute()).toEqual([]);
}

describeMigration('the report schedules migration', check);
