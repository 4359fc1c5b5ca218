// The scheduled report email (issue 27 item 3; docs/reports.md "Scheduled email") against real
// PostgreSQL: two web processes sweeping at once send one email per recipient for the period, with
// the PDF attached; a process that dies between its claim and the send leaves the row to be
// reclaimed once its lease runs out (still one email); a failed generation is retried; a schedule
// turned off stops sending; bad addresses are refused in pt-BR and change nothing.
import { reportRecipientsMessage } from '@pauta/core';
import {
  claimDelivery,
  createDb,
  type DbHandle,
  ensureDueDeliveries,
  markDeliverySent,
  parseKeyring,
} from '@pauta/db';
import { sql } from 'kysely';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedDb } from '../../../test/harness.js';
import { TestClient } from '../../../test/http-client.js';
import { seedReportMonth } from '../../../test/report-seed.js';
import { listen, signedInUser, TEST_KEYS, testDeps } from '../../../test/server-harness.js';
import type { AppDeps } from '../deps.js';
import { LocalMailbox } from '../email/local-mailbox.js';
import { deliverOutbox } from '../email/outbox.js';
import type { ReportScheduleView } from '../trpc/report-schedules.router.js';
import type { ReportData } from './report-data.js';
import {
  duePeriods,
  REPORT_EMAIL_MAX_ATTEMPTS,
  type ReportEmailDeps,
  sweepReportEmails,
} from './report-email.js';
import type { ReportPageView } from './report-link.service.js';

/** 5 Nov 2026, 09:00 in São Paulo: October is the due month, 26 Oct–1 Nov the due week. */
const NOW = new Date('2026-11-05T12:00:00Z');

let iso: Awaited<ReturnType<typeof isolatedDb>>;
let second: DbHandle;
let deps: AppDeps;
let app: { url: string; close(): Promise<void> };

beforeAll(async () => {
  iso = await isolatedDb();
  // A second pool on the same database: the other web process.
  second = await createDb({ databaseUrl: iso.url, poolSize: 2, applicationName: 'pauta-test-2' });
  deps = testDeps(iso.handle);
  app = await listen(deps);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await second?.close();
  await iso?.drop();
});

function senderDeps(db: DbHandle, extra: Partial<ReportEmailDeps> = {}): ReportEmailDeps {
  return {
    db: db.db,
    logger: deps.logger,
    storage: deps.media!.storage,
    ai: null,
    appUrl: 'http://pauta.test',
    keyring: deps.env.keyring,
    now: () => NOW,
    leaseMs: 60_000,
    ...extra,
  };
}

/** A cliente with an October of published posts and its owner signed in. */
async function clientWithOctober(name: string) {
  const owner = await signedInUser(iso.handle, app.url, { label: 'agenda' });
  await iso.handle.db.updateTable('workspaces').set({ name }).where('id', '=', owner.id).execute();
  await seedReportMonth(iso.handle.db, parseKeyring(TEST_KEYS), {
    workspaceId: owner.id,
    userId: owner.id,
    platforms: ['linkedin'],
    postsPerNetwork: 4,
    year: 2026,
    month: 10,
  });
  return owner;
}

async function outboxTo(addresses: string[]) {
  return iso.handle.db
    .selectFrom('email_outbox')
    .select(['id', 'to_address', 'subject', 'html', 'attachment_key', 'attachment_name', 'status'])
    .where('to_address', 'in', addresses)
    .where('template_name', '=', 'report_scheduled')
    .execute();
}

async function deliveries(workspaceId: string) {
  return iso.handle.db
    .selectFrom('report_deliveries')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .execute();
}

describe('reportSchedules.set / get', () => {
  it('refuses bad addresses in pt-BR and changes nothing; the same input twice is one schedule', async () => {
    const owner = await signedInUser(iso.handle, app.url, { label: 'agenda-validacao' });
    const set = (input: unknown) => owner.browser.mutate<ReportScheduleView>('reportSchedules.set', input);

    const bad = await set({ frequency: 'monthly', recipients: ['ana@cliente.com.br', 'não-é-email'] });
    expect(bad.status).toBe(400);
    expect(bad.error?.details).toMatchObject({
      field: 'recipients',
      recipientIssue: 'INVALID',
      recipient: 'não-é-email',
    });
    expect(reportRecipientsMessage(bad.error!.details!)).toBe('"não-é-email" não é um email válido.');

    const none = await set({ frequency: 'weekly', recipients: ['  '] });
    expect(none.status).toBe(400);
    expect(reportRecipientsMessage(none.error!.details!)).toBe(
      'Informe pelo menos um email para receber o relatório.',
    );

    const many = Array.from({ length: 11 }, (_, i) => `pessoa${i}@cliente.com.br`);
    const tooMany = await set({ frequency: 'monthly', recipients: many });
    expect(reportRecipientsMessage(tooMany.error!.details!)).toBe('Informe no máximo 10 emails.');

    expect(
      await iso.handle.db
        .selectFrom('report_schedules')
        .selectAll()
        .where('workspace_id', '=', owner.id)
        .execute(),
    ).toEqual([]);
    expect((await owner.browser.query<ReportScheduleView>('reportSchedules.get')).data).toEqual({
      frequency: 'off',
      recipients: [],
      lastSent: null,
      timeZone: 'America/Sao_Paulo',
    });

    const input = {
      frequency: 'monthly',
      recipients: [' Ana@Cliente.com.br', 'ana@cliente.com.br', 'bia@cliente.com.br'],
    };
    const first = await set(input);
    const again = await set(input);
    expect(first.status).toBe(200);
    expect(again.data).toMatchObject({
      frequency: 'monthly',
      recipients: ['ana@cliente.com.br', 'bia@cliente.com.br'],
    });
    const rows = await iso.handle.db
      .selectFrom('report_schedules')
      .selectAll()
      .where('workspace_id', '=', owner.id)
      .execute();
    expect(rows).toHaveLength(1);

    // Off keeps the list (for when it is turned on again).
    const off = await set({ frequency: 'off', recipients: ['ana@cliente.com.br'] });
    expect(off.data?.frequency).toBe('off');
  });
});

describe('the sweep', () => {
  it('two web processes sweeping at once send one email per recipient, with the PDF attached', async () => {
    const owner = await clientWithOctober('Padaria Aurora');
    const recipients = ['dona@padaria-aurora.com.br', 'gerente@padaria-aurora.com.br'];
    expect(
      (await owner.browser.mutate('reportSchedules.set', { frequency: 'monthly', recipients })).status,
    ).toBe(200);

    // Three rounds of two concurrent sweeps, each process with its own pool.
    for (let round = 0; round < 3; round++)
      await Promise.all([sweepReportEmails(senderDeps(iso.handle)), sweepReportEmails(senderDeps(second))]);

    const rows = await deliveries(owner.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ frequency: 'monthly', status: 'sent', attempt: 1, recipients });
    const emails = await outboxTo(recipients);
    expect(emails.map((e) => e.to_address).sort()).toEqual(recipients);
    expect(emails[0]!.subject).toBe('Relatório de Padaria Aurora: outubro de 2026');
    expect(emails[0]!.html).toContain(`http://pauta.test/reports?cliente=${owner.id}`);
    expect(emails[0]!.attachment_key).toMatch(new RegExp(`^reports/${owner.id}/[0-9a-f-]+\\.pdf$`));
    expect(emails[0]!.attachment_name).toBe('relatorio-2026-10-01-a-2026-10-31.pdf');
    // One report for the period, shared with the Relatórios list.
    const reports = await iso.handle.db
      .selectFrom('reports')
      .selectAll()
      .where('workspace_id', '=', owner.id)
      .execute();
    expect(reports).toHaveLength(1);
    expect(reports[0]!.status).toBe('done');

    // The outbox delivers them into the local mailbox with the PDF read from media storage.
    const mailbox = new LocalMailbox({ appUrl: 'http://pauta.test', logger: deps.logger });
    await Promise.all([
      deliverOutbox({
        db: iso.handle.db,
        logger: deps.logger,
        mailer: mailbox,
        storage: deps.media!.storage,
        keyring: deps.env.keyring,
      }),
      deliverOutbox({
        db: second.db,
        logger: deps.logger,
        mailer: mailbox,
        storage: deps.media!.storage,
        keyring: deps.env.keyring,
      }),
    ]);
    for (const to of recipients) {
      const inbox = mailbox.inbox(to);
      expect(inbox).toHaveLength(1);
      const link = new URL(inbox[0]!.link);
      const id = link.pathname.split('/').pop()!;
      const message = mailbox.open(id, link.searchParams.get('k')!);
      expect(message?.attachments).toHaveLength(1);
      const pdf = message!.attachments![0]!;
      expect(pdf.contentType).toBe('application/pdf');
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.content)), {
        mergePages: true,
      });
      expect(text).toContain('Padaria Aurora');
      // The private link opens the report without an account.
      const href = message!.html.match(/href="(http:\/\/pauta\.test\/relatorio\/[^"]+)"/)?.[1];
      expect(href).toBeDefined();
      const token = href!.split('/').pop()!;
      const page = await new TestClient(app.url, 'http://pauta.test', '10.9.8.7').query<ReportPageView>(
        'reportPage.view',
        { token },
      );
      if (page.data?.state !== 'open') throw new Error(`link: ${page.data?.state}`);
      expect(page.data.client.name).toBe('Padaria Aurora');
      expect(page.data.period).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    }
    // One link for the delivery (both emails carry it), stored as a hash only, revocable.
    const links = await iso.handle.db
      .selectFrom('report_links')
      .selectAll()
      .where('workspace_id', '=', owner.id)
      .execute();
    expect(links).toHaveLength(1);
    expect(links[0]!.created_by).toBeNull();
    // The outbox keeps the URL sealed, never in clear.
    expect(JSON.stringify(await outboxTo(recipients))).not.toContain('/relatorio/');
    expect(
      (await owner.browser.query<ReportScheduleView>('reportSchedules.get')).data?.lastSent,
    ).toMatchObject({
      periodStart: '2026-10-01',
      periodEnd: '2026-10-31',
    });
  });

  it('a process that dies between its claim and the send: reclaimed after the lease, still one email', async () => {
    const owner = await clientWithOctober('Café Serra');
    const recipients = ['contato@cafeserra.com.br'];
    await owner.browser.mutate('reportSchedules.set', { frequency: 'monthly', recipients });
    // Process A adds the period's row and claims it with a short lease, then "dies".
    await ensureDueDeliveries(iso.handle.db, 'monthly', duePeriods(NOW).monthly);
    const [row] = await deliveries(owner.id);
    const dead = await claimDelivery(iso.handle.db, row!.id, 400, REPORT_EMAIL_MAX_ATTEMPTS);
    expect(dead?.attempt).toBe(1);

    // While its lease lives, nobody else sends.
    expect(await sweepReportEmails(senderDeps(second))).not.toContain('sent');
    expect(await outboxTo(recipients)).toHaveLength(0);

    await new Promise((resolve) => setTimeout(resolve, 500));
    const outcomes = await sweepReportEmails(senderDeps(second));
    expect(outcomes).toContain('sent');
    // The dead attempt wakes up and tries to send: its fence is stale, nothing is written.
    const stale = await iso.handle.db
      .transaction()
      .execute((trx) => markDeliverySent(trx, { id: row!.id, attempt: dead!.attempt }, recipients));
    expect(stale).toBe(false);
    expect(await outboxTo(recipients)).toHaveLength(1);
    const [after] = await deliveries(owner.id);
    expect(after).toMatchObject({ status: 'sent', attempt: 2 });
  });

  it('a failed generation is retried by a later pass, then sent once', async () => {
    const owner = await clientWithOctober('Ótica Lume');
    const recipients = ['ana@oticalume.com.br'];
    await owner.browser.mutate('reportSchedules.set', { frequency: 'monthly', recipients });
    const storage = deps.media!.storage;
    let failPuts = 1;
    const flaky = {
      ...storage,
      put: async (key: string, bytes: Buffer, type: string) => {
        if (key.startsWith(`reports/${owner.id}/`) && failPuts-- > 0) throw new Error('disco cheio');
        await storage.put(key, bytes, type);
      },
    };
    const sender = senderDeps(iso.handle, { storage: flaky, retryBaseMs: 1 });
    await sweepReportEmails(sender);
    const [failed] = await deliveries(owner.id);
    expect(failed).toMatchObject({ status: 'failed', error_code: 'REPORT_FAILED', attempt: 1 });
    expect(await outboxTo(recipients)).toHaveLength(0);

    await new Promise((resolve) => setTimeout(resolve, 50));
    await sweepReportEmails(sender);
    const [sent] = await deliveries(owner.id);
    expect(sent).toMatchObject({ status: 'sent', attempt: 2, error_code: null });
    expect(await outboxTo(recipients)).toHaveLength(1);
  });

  it('a schedule turned off stops sending; turned weekly, it sends the last week once', async () => {
    const owner = await clientWithOctober('Studio Pilates Vila');
    const recipients = ['recepcao@pilatesvila.com.br'];
    await owner.browser.mutate('reportSchedules.set', { frequency: 'monthly', recipients });
    await owner.browser.mutate('reportSchedules.set', { frequency: 'off', recipients });
    await sweepReportEmails(senderDeps(iso.handle));
    expect(await deliveries(owner.id)).toHaveLength(0);
    expect(await outboxTo(recipients)).toHaveLength(0);

    // A row made while it was on, then turned off before the send: not sent either.
    await owner.browser.mutate('reportSchedules.set', { frequency: 'monthly', recipients });
    await sweepReportEmails(
      senderDeps(iso.handle, {
        onStep: async (step) => {
          if (step === 'report-ready')
            await owner.browser.mutate('reportSchedules.set', { frequency: 'off', recipients });
        },
      }),
    );
    const [kept] = await deliveries(owner.id);
    expect(kept).toMatchObject({ status: 'pending', frequency: 'monthly' });
    await sweepReportEmails(senderDeps(iso.handle));
    expect(await outboxTo(recipients)).toHaveLength(0);

    await owner.browser.mutate('reportSchedules.set', { frequency: 'weekly', recipients });
    await sweepReportEmails(senderDeps(iso.handle));
    await sweepReportEmails(senderDeps(second));
    const emails = await outboxTo(recipients);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe('Relatório de Studio Pilates Vila: 26/10/2026 a 01/11/2026');
  });

  it("follows the owner's time zone: on 30 Nov at 16:00 UTC Tokyo's November is due, São Paulo's is not", async () => {
    // 01:00 of 1 Dec in Tokyo, 13:00 of 30 Nov in São Paulo.
    const at = new Date('2026-11-30T16:00:00Z');
    const tokyo = await signedInUser(iso.handle, app.url, { label: 'agenda-toquio', timezone: 'Asia/Tokyo' });
    await iso.handle.db
      .updateTable('workspaces')
      .set({ name: 'Sushi Liberdade' })
      .where('id', '=', tokyo.id)
      .execute();
    await seedReportMonth(iso.handle.db, parseKeyring(TEST_KEYS), {
      workspaceId: tokyo.id,
      userId: tokyo.id,
      platforms: ['instagram'],
      postsPerNetwork: 6,
      year: 2026,
      month: 11,
      timeZone: 'Asia/Tokyo',
    });
    const saoPaulo = await clientWithOctober('Pastelaria Sé');
    const tokyoTo = ['gerente@sushiliberdade.com.br'];
    const saoPauloTo = ['dono@pastelariase.com.br'];
    await tokyo.browser.mutate('reportSchedules.set', { frequency: 'monthly', recipients: tokyoTo });
    await saoPaulo.browser.mutate('reportSchedules.set', { frequency: 'monthly', recipients: saoPauloTo });

    // Two hours earlier (23:00 of 30 Nov in Tokyo) November has not ended there: October is due.
    await sweepReportEmails(senderDeps(iso.handle, { now: () => new Date('2026-11-30T14:00:00Z') }));
    expect((await deliveries(tokyo.id)).map((d) => d.period_start)).toEqual(['2026-10-01']);

    await sweepReportEmails(senderDeps(iso.handle, { now: () => at }));
    await sweepReportEmails(senderDeps(second, { now: () => at }));
    const tokyoRows = await deliveries(tokyo.id);
    const november = tokyoRows.find((d) => d.period_start === '2026-11-01');
    expect(november).toMatchObject({ period_end: '2026-11-30', status: 'sent' });
    const saoPauloRows = await deliveries(saoPaulo.id);
    expect(saoPauloRows.map((d) => `${d.period_start}/${d.status}`)).toEqual(['2026-10-01/sent']);
    const emails = await outboxTo(tokyoTo);
    expect(emails.map((e) => e.subject).sort()).toEqual([
      'Relatório de Sushi Liberdade: novembro de 2026',
      'Relatório de Sushi Liberdade: outubro de 2026',
    ]);
    expect(await outboxTo(saoPauloTo)).toHaveLength(1);

    // The report counts Tokyo's days: its published total is SQL over November in Asia/Tokyo.
    const snapshot = await iso.handle.db
      .selectFrom('report_snapshots')
      .select('data')
      .where('report_id', '=', november!.report_id!)
      .executeTakeFirstOrThrow();
    const data = snapshot.data as ReportData;
    expect(data.timeZone).toBe('Asia/Tokyo');
    const [count] = (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM published_posts WHERE workspace_id = ${tokyo.id}
        AND published_at >= '2026-11-01T00:00:00+09:00' AND published_at < '2026-12-01T00:00:00+09:00'`.execute(
        iso.handle.db,
      )
    ).rows;
    expect(count!.n).toBeGreaterThan(0);
    expect(data.summary.published.current).toBe(count!.n);
  });
});
