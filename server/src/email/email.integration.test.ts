// Email over a REAL SMTP server in this process (smtp-server): templates CRUD, the welcome email
// after an admin edit (escaped values, one-line subject), the local outbox without SMTP, the
// notifications switch, the worker's publish-failure notice, and password recovery (single use,
// expiry, session revocation, same answer for unknown emails, per-IP limit).
// Runs on a database of its own: it flips the shared notification setting and edits templates.
import { renderTemplate, secretPlaceholder } from '@pauta/core';
import { createUser, type DbHandle, setRole } from '@pauta/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedDb, uniqueEmail } from '../../../test/harness.js';
import { TestClient } from '../../../test/http-client.js';
import { listen, testDeps } from '../../../test/server-harness.js';
import {
  parseMessage,
  type ReceivedMail,
  startSmtpServer,
  type TestSmtp,
  waitFor,
} from '../../../test/smtp-harness.js';
import { queuePublishFailureEmail } from '../../../worker/src/publish/notify.js';
import { hashPassword } from '../auth/password.js';
import { requestPasswordReset } from '../auth/password-reset.js';
import { createSession } from '../auth/session.js';
import type { AppDeps } from '../deps.js';
import { createLogger } from '../logger.js';
import { createMailer } from './mailer.js';
import { deliverOutbox } from './outbox.js';

let iso: Awaited<ReturnType<typeof isolatedDb>>;
let handle: DbHandle;
let smtp: TestSmtp;
let smtpUrl: string;
let received: ReceivedMail[] = [];
let app: { url: string; close(): Promise<void> };
let deps: AppDeps;
let noSmtpApp: { url: string; close(): Promise<void> };
const PASSWORD = 'uma senha bem comprida';
const logger = createLogger({ level: 'silent', pretty: false });

beforeAll(async () => {
  iso = await isolatedDb();
  handle = iso.handle;
  smtp = await startSmtpServer();
  smtpUrl = smtp.url;
  received = smtp.received;
  deps = testDeps(handle, {}, { SMTP_URL: smtpUrl, MAIL_FROM: 'Pauta <nao-responda@pauta.test>' });
  app = await listen(deps);
  noSmtpApp = await listen(testDeps(handle));
});
afterAll(async () => {
  await app?.close();
  await noSmtpApp?.close();
  await smtp?.close();
  await iso?.drop();
});

async function mailTo(address: string) {
  return waitFor(() => received.find((m) => m.to.includes(address)));
}

async function outboxRow(to: string, template: string) {
  return handle.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('to_address', '=', to)
    .where('template_name', '=', template)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

async function admin(baseUrl = app.url) {
  const user = await createUser(handle.db, {
    email: uniqueEmail('mailadm'),
    passwordHash: null,
    firstName: 'Admin',
  });
  await handle.db.transaction().execute((trx) => setRole(trx, user.id, 'admin'));
  const client = new TestClient(baseUrl);
  client.jar.set('pauta_session', (await createSession(handle.db, user.id, { persistent: false })).token);
  return client;
}

async function setNotifications(enabled: boolean) {
  await handle.db
    .updateTable('admin_settings')
    .set({ setting_value: JSON.stringify(enabled) })
    .where('setting_key', '=', 'email_notifications_enabled')
    .execute();
}

type Template = { id: string; templateName: string; subject: string; htmlContent: string; isActive: boolean };

describe('renderTemplate (core)', () => {
  it('escapes values in the HTML and keeps the subject on one line', () => {
    const out = renderTemplate(
      {
        subject: 'Olá, {{ first_name }}! {{missing}}',
        html_content: '<p>{{first_name}}</p><a href="{{url}}">x</a>',
      },
      { first_name: '<b>Ana</b>\r\nBcc: x@evil.test', url: '" onmouseover="alert(1)' },
    );
    expect(out.subject).toBe('Olá, <b>Ana</b> Bcc: x@evil.test!');
    expect(out.subject).not.toMatch(/[\r\n]/);
    expect(out.html).toBe(
      '<p>&lt;b&gt;Ana&lt;/b&gt;\r\nBcc: x@evil.test</p><a href="&quot; onmouseover=&quot;alert(1)">x</a>',
    );
  });
});

describe('Templates de Email', () => {
  it('lists by name and creates, updates and deletes templates; names are unique', async () => {
    const client = await admin();
    const list = await client.query<Template[]>('admin.templates.list');
    const names = list.data!.map((t) => t.templateName);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(['password_reset', 'publish_failure', 'welcome']));

    const created = await client.mutate<Template>('admin.templates.create', {
      templateName: 'lembrete',
      subject: 'Lembrete para {{first_name}}',
      htmlContent: '<p>Oi {{first_name}}</p>',
      variables: { first_name: 'Maria' },
      isActive: true,
    });
    expect(created.status).toBe(200);
    const duplicate = await client.mutate('admin.templates.create', {
      templateName: 'lembrete',
      subject: 'x',
      htmlContent: 'x',
      variables: {},
      isActive: false,
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error?.details).toEqual({ reason: 'NAME_TAKEN' });
    const updated = await client.mutate<Template>('admin.templates.update', {
      id: created.data!.id,
      templateName: 'lembrete',
      subject: 'Novo assunto',
      htmlContent: '<p>Novo</p>',
      variables: { first_name: 'João' },
      isActive: false,
    });
    expect(updated.data).toMatchObject({
      subject: 'Novo assunto',
      isActive: false,
      variables: { first_name: 'João' },
    });
    const renamedOntoOther = await client.mutate('admin.templates.update', {
      id: created.data!.id,
      templateName: 'welcome',
      subject: 'x',
      htmlContent: 'x',
      variables: {},
      isActive: true,
    });
    expect(renamedOntoOther.status).toBe(409);
    const badVars = await client.mutate('admin.templates.create', {
      templateName: 'outro',
      subject: 'x',
      htmlContent: 'x',
      variables: { 'não vale': 1 },
      isActive: true,
    });
    expect(badVars.status).toBe(400);
    expect((await client.mutate('admin.templates.delete', { id: created.data!.id })).status).toBe(200);
    expect((await client.mutate('admin.templates.delete', { id: created.data!.id })).status).toBe(404);
  });
});

describe('welcome email', () => {
  it('is received by the SMTP server, with the admin’s edited template and escaped values', async () => {
    await setNotifications(true);
    const client = await admin();
    const templates = await client.query<Template[]>('admin.templates.list');
    const welcome = templates.data!.find((t) => t.templateName === 'welcome')!;
    const edit = await client.mutate('admin.templates.update', {
      id: welcome.id,
      templateName: 'welcome',
      subject: 'Boas-vindas, {{first_name}}!',
      htmlContent:
        '<h1>Oi, {{first_name}}!</h1><p>Entre em <a href="{{app_url}}">Pauta</a>. Seu email: {{email}}</p>',
      variables: { first_name: 'Maria', app_url: 'https://pauta.app', email: 'maria@exemplo.com' },
      isActive: true,
    });
    expect(edit.status).toBe(200);

    const email = uniqueEmail('bemvindo');
    const visitor = new TestClient(app.url);
    const signUp = await visitor.mutate('auth.signUp', {
      email,
      password: PASSWORD,
      firstName: '<b>Ana</b>',
      lastName: 'Lima',
    });
    expect(signUp.status).toBe(200);
    const message = parseMessage((await mailTo(email)).raw);
    expect(message.subject).toBe('Boas-vindas, <b>Ana</b>!');
    expect(message.headers.get('from')).toContain('nao-responda@pauta.test');
    expect(message.body).toContain('<h1>Oi, &lt;b&gt;Ana&lt;/b&gt;!</h1>');
    expect(message.body).toContain('href="http://pauta.test"');
    expect(message.body).toContain(`Seu email: ${email}`);
    expect(message.body).not.toContain('<b>Ana</b>');
    const row = await waitFor(async () => {
      const r = await outboxRow(email, 'welcome');
      return r?.status === 'sent' ? r : undefined;
    });
    expect(row.sent_at).not.toBeNull();
  });

  it('without SMTP the email is kept in the outbox (stored) and listed for admins', async () => {
    await setNotifications(true);
    const email = uniqueEmail('semsmtp');
    const visitor = new TestClient(noSmtpApp.url);
    expect(
      (await visitor.mutate('auth.signUp', { email, password: PASSWORD, firstName: 'Bia' })).status,
    ).toBe(200);
    await waitFor(async () => ((await outboxRow(email, 'welcome'))?.status === 'stored' ? true : undefined));
    expect(received.some((m) => m.to.includes(email))).toBe(false);
    const client = await admin(noSmtpApp.url);
    const outbox = await client.query<{
      items: { to: string; status: string; subject: string }[];
      total: number;
    }>('admin.outbox.list', { page: 1 });
    expect(outbox.data!.items[0]).toMatchObject({
      to: email,
      status: 'stored',
      subject: 'Boas-vindas, Bia!',
    });
    expect(outbox.data!.total).toBeGreaterThanOrEqual(2);
  });

  it('is not sent when notifications are off, nor when the template is inactive', async () => {
    await setNotifications(false);
    const off = uniqueEmail('desligado');
    await new TestClient(app.url).mutate('auth.signUp', { email: off, password: PASSWORD });
    await setNotifications(true);
    await handle.db
      .updateTable('email_templates')
      .set({ is_active: false })
      .where('template_name', '=', 'welcome')
      .execute();
    const inactive = uniqueEmail('inativo');
    expect(
      (await new TestClient(app.url).mutate('auth.signUp', { email: inactive, password: PASSWORD })).status,
    ).toBe(200);
    await handle.db
      .updateTable('email_templates')
      .set({ is_active: true })
      .where('template_name', '=', 'welcome')
      .execute();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await outboxRow(off, 'welcome')).toBeUndefined();
    expect(await outboxRow(inactive, 'welcome')).toBeUndefined();
    expect(received.some((m) => m.to.includes(off) || m.to.includes(inactive))).toBe(false);
  });

  it('a refused delivery marks the row failed and never fails the sign-up', async () => {
    await setNotifications(true);
    smtp.rejectNext();
    const email = uniqueEmail('recusado');
    expect((await new TestClient(app.url).mutate('auth.signUp', { email, password: PASSWORD })).status).toBe(
      200,
    );
    const row = await waitFor(async () => {
      const r = await outboxRow(email, 'welcome');
      return r?.status === 'failed' ? r : undefined;
    });
    expect(row.error).toBeTruthy();
  });
});

describe('publish-failure email (worker → outbox → web sender)', () => {
  it('the worker queues it pending; the sender delivers it over SMTP', async () => {
    await setNotifications(true);
    const owner = await createUser(handle.db, {
      email: uniqueEmail('falha'),
      passwordHash: null,
      firstName: 'Caio',
    });
    const id = await queuePublishFailureEmail(
      { db: handle.db, appUrl: 'https://pauta.example' },
      {
        id: '00000000-0000-4000-8000-000000000001',
        workspace_id: owner.id,
        user_id: owner.id,
        title: 'Meu <post>',
        platform: 'linkedin',
        scheduled_for: new Date('2026-07-01T13:00:00Z'),
      },
      'REJECTED',
    );
    expect(id).not.toBeNull();
    expect((await outboxRow(owner.email, 'publish_failure'))?.status).toBe('pending');
    const counts = await deliverOutbox(
      { db: handle.db, logger, mailer: createMailer({ SMTP_URL: smtpUrl, MAIL_FROM: 'p@pauta.test' }) },
      [id!],
    );
    expect(counts).toEqual({ sent: 1, stored: 0, failed: 0 });
    const message = parseMessage((await mailTo(owner.email)).raw);
    expect(message.subject).toBe('Não foi possível publicar seu post no LinkedIn');
    expect(message.body).toContain('<strong>Meu &lt;post&gt;</strong>');
    expect(message.body).toContain('01/07/2026 10:00');
    expect(message.body).toContain('A rede recusou a publicação.');

    await setNotifications(false);
    expect(
      await queuePublishFailureEmail(
        { db: handle.db, appUrl: 'https://pauta.example' },
        {
          id: owner.id,
          workspace_id: owner.id,
          user_id: owner.id,
          title: 't',
          platform: 'x',
          scheduled_for: new Date(),
        },
        'REJECTED',
      ),
    ).toBeNull();
    await setNotifications(true);
  });

  it('a claimed row is not sent twice by concurrent senders', async () => {
    const owner = await createUser(handle.db, { email: uniqueEmail('duplo'), passwordHash: null });
    const id = await queuePublishFailureEmail(
      { db: handle.db, appUrl: 'https://pauta.example' },
      {
        id: owner.id,
        workspace_id: owner.id,
        user_id: owner.id,
        title: 't',
        platform: 'x',
        scheduled_for: new Date(),
      },
      'INTERNAL',
    );
    const mailer = createMailer({ SMTP_URL: smtpUrl, MAIL_FROM: 'p@pauta.test' });
    const runs = await Promise.all(
      [1, 2, 3].map(() => deliverOutbox({ db: handle.db, logger, mailer }, [id!])),
    );
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
  });
});

describe('password recovery', () => {
  async function userWithPassword() {
    const email = uniqueEmail('reset');
    const user = await createUser(handle.db, {
      email,
      passwordHash: await hashPassword(PASSWORD),
      firstName: 'Rita',
    });
    return { ...user, email };
  }

  /** The reset link of the newest email to `email` (from the SMTP server). */
  async function resetToken(email: string): Promise<string> {
    const message = parseMessage((await mailTo(email)).raw);
    const match = /href="http:\/\/pauta\.test\/auth\/reset\?token=([^"]+)"/.exec(message.body);
    expect(match).not.toBeNull();
    return decodeURIComponent(match![1]!);
  }

  /** `schema.table.column`-style names of every row whose text holds `needle` (all public tables). */
  async function tablesContaining(needle: string): Promise<string[]> {
    const tables = await sql<{ name: string }>`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(handle.db);
    const found: string[] = [];
    for (const { name } of tables.rows) {
      const hits = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ${sql.table(name)} AS t
        WHERE strpos(t::text, ${needle}) > 0`.execute(handle.db);
      if ((hits.rows[0]?.n ?? 0) > 0) found.push(name);
    }
    return found;
  }

  /** Every admin answer as text (what an administrator's browser receives). */
  async function everyAdminAnswer(client: TestClient): Promise<string> {
    const answers = await Promise.all([
      client.query('admin.outbox.list', { page: 1 }),
      client.query('admin.templates.list'),
      client.query('admin.users.list', { page: 1 }),
      client.query('admin.stats'),
      client.query('admin.logs.list', { page: 1 }),
      client.query('admin.settings.list'),
      client.query('admin.deletionRequests.list', {}),
    ]);
    for (const answer of answers) expect(answer.status).toBe(200);
    return JSON.stringify(answers.map((a) => a.data));
  }

  it('keeps the reset link out of the database and of every admin answer; the mailed link works', async () => {
    const user = await userWithPassword();
    expect(
      (await new TestClient(app.url).mutate('auth.requestPasswordReset', { email: user.email })).status,
    ).toBe(200);
    const token = await resetToken(user.email);
    const secret = token.split('.')[1]!;
    await waitFor(async () =>
      (await outboxRow(user.email, 'password_reset'))?.status === 'sent' ? true : undefined,
    );

    expect(await tablesContaining(secret)).toEqual([]);
    const client = await admin();
    const answers = await everyAdminAnswer(client);
    expect(answers).toContain(user.email);
    expect(answers).not.toContain(secret);
    // Admins see that a reset email went out, with the link redacted.
    const outbox = await client.query<{ items: { to: string; html: string; templateName: string }[] }>(
      'admin.outbox.list',
      { page: 1 },
    );
    const shown = outbox.data!.items.find((e) => e.to === user.email && e.templateName === 'password_reset')!;
    expect(shown.html).toContain('[link oculto]');
    expect(shown.html).not.toMatch(/token=/);

    const browser = new TestClient(app.url);
    const done = await browser.mutate('auth.resetPassword', { token, password: 'nova senha bem forte' });
    expect(done.status).toBe(200);
  });

  it('without SMTP the reset email is kept redacted: the link exists nowhere', async () => {
    const user = await userWithPassword();
    await new TestClient(noSmtpApp.url).mutate('auth.requestPasswordReset', { email: user.email });
    const row = await waitFor(async () => {
      const r = await outboxRow(user.email, 'password_reset');
      return r?.status === 'stored' ? r : undefined;
    });
    // The stored copy holds a placeholder, and no sealed copy of the link is kept after 'stored'.
    expect(row.html).toContain(secretPlaceholder('reset_url'));
    expect(row.sealed_secrets).toBeNull();
    expect(JSON.stringify(row)).not.toMatch(/auth\/reset\?token=/);
    expect(received.some((m) => m.to.includes(user.email))).toBe(false);
    const outbox = await (await admin(noSmtpApp.url)).query<{ items: { to: string; html: string }[] }>(
      'admin.outbox.list',
      { page: 1 },
    );
    expect(outbox.data!.items.find((e) => e.to === user.email)!.html).toContain('[link oculto]');
  });

  it('answers the same for known and unknown emails and mails a single-use link', async () => {
    const user = await userWithPassword();
    const visitor = new TestClient(app.url, undefined);
    const known = await visitor.mutate('auth.requestPasswordReset', { email: user.email.toUpperCase() });
    const unknown = await visitor.mutate('auth.requestPasswordReset', { email: uniqueEmail('ninguem') });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.data).toEqual(unknown.data);
    const token = await resetToken(user.email);
    const stored = await handle.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    // Only the SHA-256 of the secret is stored; the expiry is 30 minutes.
    expect(stored.id).toBe(token.split('.')[0]);
    expect(Buffer.from(stored.secret_hash).toString('base64url')).not.toContain(token.split('.')[1]);
    expect(stored.expires_at.getTime() - stored.created_at.getTime()).toBeGreaterThan(29 * 60_000);
    expect(stored.expires_at.getTime() - stored.created_at.getTime()).toBeLessThanOrEqual(
      30 * 60_000 + 5_000,
    );

    // Two signed-in sessions exist before the reset.
    const before = new TestClient(app.url);
    expect((await before.mutate('auth.signIn', { email: user.email, password: PASSWORD })).status).toBe(200);
    expect((await before.query('auth.session')).data).toMatchObject({ user: { id: user.id } });

    // The page checks the link when it opens; checking spends nothing.
    const check = (value: string) =>
      visitor.query<{ usable: boolean }>('auth.checkResetToken', { token: value });
    expect((await check(token)).data).toEqual({ usable: true });
    expect((await check(token)).data).toEqual({ usable: true });
    expect((await check('garbage')).data).toEqual({ usable: false });

    const weak = await visitor.mutate('auth.resetPassword', { token, password: '123' });
    expect(weak.status).toBe(400);
    expect(weak.error?.message).toBe('WEAK_PASSWORD');

    const browser = new TestClient(app.url);
    const done = await browser.mutate('auth.resetPassword', { token, password: 'nova senha bem forte' });
    expect(done.status).toBe(200);
    // Signed in with a new session; every older session is revoked.
    expect((await browser.query('auth.session')).data).toMatchObject({ user: { id: user.id } });
    expect((await before.query('auth.session')).data).toEqual({ user: null });
    const stale = new TestClient(app.url);
    expect((await stale.mutate('auth.signIn', { email: user.email, password: PASSWORD })).status).toBe(401);
    expect(
      (await stale.mutate('auth.signIn', { email: user.email, password: 'nova senha bem forte' })).status,
    ).toBe(200);
    const hash = await handle.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(hash.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const again = await new TestClient(app.url).mutate('auth.resetPassword', {
      token,
      password: 'outra senha bem forte',
    });
    expect(again.status).toBe(400);
    expect(again.error?.details).toEqual({ reason: 'RESET_TOKEN_INVALID' });
    // A spent link is reported as unusable when its page opens again.
    expect((await check(token)).data).toEqual({ usable: false });
  });

  it('refuses an expired, tampered or malformed token', async () => {
    const user = await userWithPassword();
    const { background } = await requestPasswordReset(deps, { email: user.email, ip: '10.9.8.7' });
    await background;
    const token = await resetToken(user.email);
    const [id, secret] = token.split('.') as [string, string];
    const flipped = `${id}.${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    const client = new TestClient(app.url);
    for (const bad of [flipped, 'abc', `${id}.`, `${'x'.repeat(20)}.${'y'.repeat(27)}`]) {
      const res = await client.mutate('auth.resetPassword', { token: bad, password: 'nova senha bem forte' });
      expect(res.status, bad).toBe(400);
      expect(res.error?.details).toEqual({ reason: 'RESET_TOKEN_INVALID' });
    }
    await handle.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    for (const bad of [flipped, 'abc', `${id}.`]) {
      expect((await client.query('auth.checkResetToken', { token: bad })).data).toEqual({ usable: false });
    }
    const expired = await client.mutate('auth.resetPassword', { token, password: 'nova senha bem forte' });
    expect(expired.error?.details).toEqual({ reason: 'RESET_TOKEN_INVALID' });
    expect((await client.query('auth.checkResetToken', { token })).data).toEqual({ usable: false });
  });

  it('limits requests per IP (429) and emails per address', async () => {
    const user = await userWithPassword();
    let blocked = false;
    for (let i = 0; i < 12; i++) {
      try {
        const { background } = await requestPasswordReset(deps, { email: user.email, ip: '10.1.1.1' });
        await background;
      } catch (error) {
        expect(error).toMatchObject({ name: 'AppError', code: 'RATE_LIMITED' });
        blocked = true;
        expect(i).toBe(10);
        break;
      }
    }
    expect(blocked).toBe(true);
    // Per address: 3 emails in the window, whatever the IPs.
    const rows = await handle.db
      .selectFrom('password_reset_tokens')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(3);
  });
});
