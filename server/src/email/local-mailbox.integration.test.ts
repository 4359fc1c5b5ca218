// Emails in the embedded mode (issue 13): without SMTP, each email reaches its recipient through
// the local mailbox — its link in the log, or the signed-in recipient's own list — and nobody
// else's. Real PostgreSQL; the web app over HTTP as a browser uses it.
import { createUser, type DbHandle } from '@pauta/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, uniqueEmail } from '../../../test/harness.js';
import { TestClient } from '../../../test/http-client.js';
import { listen, signedInUser, testDeps } from '../../../test/server-harness.js';
import { hashPassword } from '../auth/password.js';
import type { Logger } from '../logger.js';
import { LocalMailbox } from './local-mailbox.js';

let handle: DbHandle;
let app: { url: string; close(): Promise<void> };
let plainApp: { url: string; close(): Promise<void> };
const logLines: string[] = [];
let mailbox: LocalMailbox;

beforeAll(async () => {
  handle = await testDb();
  const base = testDeps(handle);
  const logger = {
    ...base.logger,
    info: (message: unknown) => logLines.push(String(message)),
  } as unknown as Logger;
  mailbox = new LocalMailbox({ appUrl: base.env.appUrl, logger });
  app = await listen({ ...base, localMailbox: mailbox });
  plainApp = await listen(testDeps(handle));
});
afterAll(async () => {
  await app?.close();
  await plainApp?.close();
  await handle?.close();
});

async function poll<T>(read: () => T | undefined): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('nada chegou');
}

/** The mailbox link the log printed for the newest email to `email`. */
function loggedLink(email: string): Promise<string> {
  return poll(() => {
    const line = logLines.findLast((l) => l.startsWith(`Email para ${email} `));
    return line?.match(/(http:\/\/pauta\.test\/dev\/mailbox\/\S+)/)?.[1];
  });
}

/** GET on the app for a pauta.test URL (APP_URL of the tests). */
function open(url: string, client = new TestClient(app.url)): Promise<Response> {
  return client.request(url.replace('http://pauta.test', ''));
}

describe('local mailbox (embedded mode without SMTP)', () => {
  it('a person resets their own password from the link printed in the log', async () => {
    const email = uniqueEmail('mailbox');
    await createUser(handle.db, {
      email,
      passwordHash: await hashPassword('senha antiga forte 1'),
      firstName: 'Rita',
    });
    const visitor = new TestClient(app.url);
    expect((await visitor.mutate('auth.requestPasswordReset', { email })).status).toBe(200);
    const link = await loggedLink(email);
    // The log has the mailbox link, never the reset token itself.
    expect(logLines.join('\n')).not.toMatch(/auth\/reset\?token=/);
    const page = await open(link, visitor);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).toContain('Redefinição de senha da Pauta');
    const token = decodeURIComponent(
      /href="http:\/\/pauta\.test\/auth\/reset\?token=([^"]+)"/.exec(html)?.[1] ?? '',
    );
    expect(token).not.toBe('');
    const done = await visitor.mutate('auth.resetPassword', { token, password: 'nova senha bem forte' });
    expect(done.status).toBe(200);
    // The outbox row (what admins see) still has the link redacted.
    const row = await handle.db
      .selectFrom('email_outbox')
      .select(['html', 'status'])
      .where('to_address', '=', email)
      .where('template_name', '=', 'password_reset')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
    expect(row.html).not.toMatch(/token=/);
  });

  it("a message opens only with its key; the signed-in list shows only the session owner's emails", async () => {
    const ana = await signedInUser(handle, app.url, { label: 'mailbox-ana' });
    const bia = await signedInUser(handle, app.url, { label: 'mailbox-bia' });
    const anaEmail = (
      await handle.db.selectFrom('users').select('email').where('id', '=', ana.id).executeTakeFirstOrThrow()
    ).email;
    const biaEmail = (
      await handle.db.selectFrom('users').select('email').where('id', '=', bia.id).executeTakeFirstOrThrow()
    ).email;
    await mailbox.send({ to: anaEmail, subject: 'Só para Ana <b>', html: '<p>segredo da Ana</p>' });
    const link = new URL(await loggedLink(anaEmail));

    // Bia, signed in, with Ana's message id but a wrong or missing key: not found.
    for (const query of ['', '?k=', `?k=${'A'.repeat(32)}`]) {
      const denied = await open(`${link.origin}${link.pathname}${query}`, bia.browser);
      expect(denied.status).toBe(404);
      expect(await denied.text()).not.toContain('segredo da Ana');
    }
    // Bia's own list does not show Ana's email; Ana's does, escaped, with the working link.
    const biaList = await (await open('http://pauta.test/dev/mailbox', bia.browser)).text();
    expect(biaList).toContain(`Emails para ${biaEmail}`);
    expect(biaList).not.toContain('Só para Ana');
    const anaList = await (await open('http://pauta.test/dev/mailbox', ana.browser)).text();
    expect(anaList).toContain('Só para Ana &#60;b&#62;');
    const own = /href="(http:\/\/pauta\.test\/dev\/mailbox\/[^"]+)"/
      .exec(anaList)?.[1]
      ?.replace(/&#38;/g, '&');
    expect(await (await open(own ?? '', ana.browser)).text()).toContain('segredo da Ana');
    // Signed out: no list, just how to find one's emails.
    const anonymous = await (await open('http://pauta.test/dev/mailbox')).text();
    expect(anonymous).not.toContain('Só para Ana');
    expect(anonymous).toContain('entre na sua conta');
  });

  it('keeps an attachment (a report PDF) and serves it only with the message key', async () => {
    const to = uniqueEmail('anexo');
    const pdf = Buffer.from('%PDF-1.7\n% relatório de teste\n');
    await mailbox.send({
      to,
      subject: 'Relatório de Padaria: outubro de 2026',
      html: '<p>Segue o relatório.</p>',
      attachments: [
        { filename: 'relatorio-2026-10-01-a-2026-10-31.pdf', content: pdf, contentType: 'application/pdf' },
      ],
    });
    const link = new URL(await loggedLink(to));
    const page = await (await open(link.toString())).text();
    expect(page).toContain('relatorio-2026-10-01-a-2026-10-31.pdf');
    const href = /href="(\/dev\/mailbox\/[^"]+\/anexos\/0\?k=[^"]+)"/.exec(page)?.[1];
    expect(href).toBeTruthy();
    const file = await open(`http://pauta.test${href!.replace(/&#38;/g, '&')}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    const denied = await open(`${link.origin}${link.pathname}/anexos/0?k=${'A'.repeat(32)}`);
    expect(denied.status).toBe(404);
  });

  it('does not exist outside the embedded mode', async () => {
    const response = await new TestClient(plainApp.url).request('/dev/mailbox');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('Caixa de entrada local');
  });
});
