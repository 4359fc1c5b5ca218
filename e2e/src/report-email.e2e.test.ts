// Issue 27 item 3 in Chromium (docs/reports.md "Scheduled email"): a cliente with a month of
// published posts before this one; its owner turns on the monthly report email in Dados do cliente;
// the web process's sweep (every 2 s here) generates the period's report and the email arrives ONCE
// at the test SMTP server, with the PDF attached, whose text (read with pdf.js) names the cliente.
import { randomBytes } from 'node:crypto';
import { DEFAULT_TIME_ZONE, lastEndedPeriod } from '@pauta/core';
import { createDb, parseKeyring } from '@pauta/db';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReportMonth } from '../../test/report-seed.js';
import { launchBrowser, newPage } from './browser.js';
import { decodeMail, receivedMail, sql, uniqueEmail, waitForMail } from './db.js';
import { e2eEnv } from './env.js';
import { expectToast, signUp } from './flows.js';

let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The base64 body of the message's application/pdf part, as bytes. */
function pdfAttachment(raw: string): Buffer {
  const part =
    /Content-Type: application\/pdf[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/i.exec(raw);
  if (!part) throw new Error('email sem anexo PDF');
  return Buffer.from(part[1]!.replace(/\s+/g, ''), 'base64');
}

describe('Relatório por email', () => {
  it('a monthly schedule set in Dados do cliente emails the last month once, with the PDF', async () => {
    const { page } = await newPage(browser);
    const email = uniqueEmail('relatorio-email');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    const [user] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    const workspaceId = user!.id;
    const clientName = `Padaria Aurora ${randomBytes(2).toString('hex')}`;
    await sql('UPDATE workspaces SET name = $1 WHERE id = $2', [clientName, workspaceId]);

    // Published posts (with metrics) and follower snapshots in the month that ended last.
    const month = lastEndedPeriod('monthly', new Date(), DEFAULT_TIME_ZONE);
    const handle = await createDb({ databaseUrl: e2eEnv().databaseUrl, poolSize: 1 });
    try {
      await seedReportMonth(handle.db, parseKeyring(`e2e:${randomBytes(32).toString('base64')}`), {
        workspaceId,
        userId: workspaceId,
        platforms: ['linkedin'],
        postsPerNetwork: 6,
        year: Number(month.from.slice(0, 4)),
        month: Number(month.from.slice(5, 7)),
      });
    } finally {
      await handle.close();
    }

    // The owner turns the monthly email on.
    const recipient = uniqueEmail('cliente-relatorio');
    await page.goto(`/client-settings?cliente=${workspaceId}`);
    await page.getByRole('heading', { name: 'Envio automático' }).waitFor();
    await page.getByRole('combobox', { name: 'Frequência' }).click();
    await page.getByRole('option', { name: 'Mensal' }).click();
    await page.getByRole('button', { name: 'Salvar', exact: true }).last().click();
    await page.getByText('Informe pelo menos um email para receber o relatório.').waitFor();
    await page.getByRole('textbox', { name: /^Destinatários/ }).fill(recipient);
    await page.getByRole('button', { name: 'Salvar', exact: true }).last().click();
    await expectToast(page, 'O relatório mensal será enviado no dia 1º de cada mês.');
    // The card names the zone the month ends in: the owner's.
    const [profile] = await sql<{ timezone: string }>('SELECT timezone FROM profiles WHERE id = $1', [
      workspaceId,
    ]);
    const zone = page.getByTestId('report-schedule-zone');
    await zone.filter({ hasText: `no fuso ${profile!.timezone.replace(/_/g, ' ')}, o do dono` }).waitFor();
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Envio automático' }) });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await zone.scrollIntoViewIfNeeded();
      await page.waitForTimeout(400);
      await card.screenshot({
        path: new URL(`../artifacts/report-schedule-${width}.png`, import.meta.url).pathname,
      });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // The sweep (REPORT_EMAIL_INTERVAL_MS = 2 s) makes the report and queues the email.
    const subject = new RegExp(clientName);
    await waitForMail(recipient, subject, 25_000);
    // A few more sweeps: still one.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const mails = receivedMail().filter(
      (m) => m.toLowerCase().includes(recipient.toLowerCase()) && subject.test(decodeMail(m)),
    );
    expect(mails).toHaveLength(1);
    const pdf = pdfAttachment(mails[0]!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toContain(clientName);
    expect(decodeMail(mails[0]!)).toContain(`/reports?cliente=${workspaceId}`);

    const deliveries = await sql<{ status: string; period_start: string }>(
      'SELECT status, period_start::text FROM report_deliveries WHERE workspace_id = $1',
      [workspaceId],
    );
    expect(deliveries).toEqual([{ status: 'sent', period_start: month.from }]);
  });
});
