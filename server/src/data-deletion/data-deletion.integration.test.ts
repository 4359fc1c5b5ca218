// Exclusão de Dados (issue 11, item 5): a request erases an account only when its owner is
// proven — made while signed in, or confirmed through the single-use, expiring link emailed to the
// account's address. Real PostgreSQL and a real SMTP server; a database of its own (it counts
// anonymous requests per IP).
import { createUser, type DbHandle, setRole } from '@pauta/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedDb, uniqueEmail } from '../../../test/harness.js';
import { TestClient } from '../../../test/http-client.js';
import { listen, testDeps } from '../../../test/server-harness.js';
import { mailTo, parseMessage, startSmtpServer, type TestSmtp } from '../../../test/smtp-harness.js';
import { createSession } from '../auth/session.js';

let iso: Awaited<ReturnType<typeof isolatedDb>>;
let handle: DbHandle;
let smtp: TestSmtp;
let app: { url: string; close(): Promise<void> };

beforeAll(async () => {
  iso = await isolatedDb();
  handle = iso.handle;
  smtp = await startSmtpServer();
  // TRUST_PROXY=1: each test speaks from its own X-Forwarded-For address (the per-IP limit).
  app = await listen(testDeps(handle, {}, { SMTP_URL: smtp.url, TRUST_PROXY: '1' }));
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await iso?.drop();
});

let ipCounter = 0;
const visitor = () => new TestClient(app.url, undefined, `198.51.100.${++ipCounter}`);

async function account(options: { admin?: boolean; label?: string } = {}) {
  const user = await createUser(handle.db, {
    email: uniqueEmail(options.label ?? 'titular'),
    passwordHash: null,
    firstName: 'Tita',
  });
  if (options.admin) await handle.db.transaction().execute((trx) => setRole(trx, user.id, 'admin'));
  const client = new TestClient(app.url, undefined, `203.0.113.${++ipCounter}`);
  client.jar.set('pauta_session', (await createSession(handle.db, user.id, { persistent: false })).token);
  return { ...user, client };
}

interface Request {
  id: string;
  email: string | null;
  status: string;
  confirmed: boolean;
  confirmedBy: 'session' | 'email' | null;
}

async function requestFor(admin: TestClient, email: string): Promise<Request> {
  const list = await admin.query<Request[]>('admin.deletionRequests.list', {});
  expect(list.status).toBe(200);
  return list.data!.find((r) => r.email === email)!;
}

/** The token of the confirmation link in the newest email to `email`. */
async function confirmationToken(email: string): Promise<string> {
  const message = parseMessage((await mailTo(smtp, email)).raw);
  expect(message.subject).toBe('Confirme a exclusão dos seus dados na Pauta');
  const match = /href="http:\/\/pauta\.test\/data-deletion\/confirm\?token=([^"]+)"/.exec(message.body);
  expect(match).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

const userExists = async (id: string) =>
  (await handle.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

describe('anonymous requests', () => {
  it("someone else's email: the request is kept but can never be completed (the attack)", async () => {
    const admin = await account({ admin: true, label: 'adm' });
    const victim = await account({ label: 'vitima' });
    const attacker = visitor();
    const res = await attacker.mutate('dataDeletion.submit', { reason: 'Apaguem tudo', email: victim.email });
    expect(res.status).toBe(200);

    const request = await requestFor(admin.client, victim.email);
    expect(request).toMatchObject({ status: 'pending', confirmed: false, confirmedBy: null });
    const done = await admin.client.mutate('admin.deletionRequests.complete', { id: request.id });
    expect(done.status).toBe(409);
    expect(done.error?.details).toEqual({ reason: 'NOT_CONFIRMED' });
    expect(await userExists(victim.id)).toBe(true);
    expect((await requestFor(admin.client, victim.email)).status).toBe('pending');
    // Not even a direct write can mark an unconfirmed request completed.
    await expect(
      handle.db
        .updateTable('data_deletion_requests')
        .set({ status: 'completed', processed_at: new Date() })
        .where('id', '=', request.id)
        .execute(),
    ).rejects.toThrow(/data_deletion_completed_confirmed/);
    // The owner was told: the confirmation link went to the account's own address only.
    await mailTo(smtp, victim.email);
    expect(smtp.received.filter((m) => m.to.includes(victim.email))).toHaveLength(1);
  });

  it('the owner confirms through the emailed link (once); then an admin can complete it', async () => {
    const admin = await account({ admin: true, label: 'adm' });
    const owner = await account({ label: 'dono' });
    const res = await visitor().mutate('dataDeletion.submit', {
      reason: 'Não uso mais',
      email: owner.email.toUpperCase(),
    });
    expect(res.status).toBe(200);
    const token = await confirmationToken(owner.email);
    // The link is stored nowhere in clear (only its hash, and the outbox keeps a placeholder).
    const outbox = await handle.db
      .selectFrom('email_outbox')
      .select(['html', 'sealed_secrets'])
      .where('to_address', '=', owner.email)
      .executeTakeFirstOrThrow();
    expect(outbox.html).not.toContain(token.split('.')[1]);

    expect((await requestFor(admin.client, owner.email)).confirmed).toBe(false);
    const confirm = await visitor().mutate('dataDeletion.confirm', { token });
    expect(confirm.status).toBe(200);
    expect(confirm.data).toEqual({ ok: true });
    const again = await visitor().mutate('dataDeletion.confirm', { token });
    expect(again.status).toBe(400);
    expect(again.error?.details).toEqual({ reason: 'DELETION_TOKEN_INVALID' });

    const request = await requestFor(admin.client, owner.email);
    expect(request).toMatchObject({ confirmed: true, confirmedBy: 'email' });
    const done = await admin.client.mutate('admin.deletionRequests.complete', { id: request.id });
    expect(done.data).toEqual({ erased: true });
    expect(await userExists(owner.id)).toBe(false);
  });

  it('refuses an expired, tampered or malformed link and leaves the request unconfirmed', async () => {
    const admin = await account({ admin: true, label: 'adm' });
    const owner = await account({ label: 'expira' });
    await visitor().mutate('dataDeletion.submit', { reason: 'Motivo', email: owner.email });
    const token = await confirmationToken(owner.email);
    const [id, secret] = token.split('.') as [string, string];
    const flipped = `${id}.${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [flipped, 'abc', `${id}.`, `${'x'.repeat(20)}.${'y'.repeat(27)}`]) {
      const res = await visitor().mutate('dataDeletion.confirm', { token: bad });
      expect(res.status, bad).toBe(400);
      expect(res.error?.details).toEqual({ reason: 'DELETION_TOKEN_INVALID' });
    }
    await handle.db
      .updateTable('data_deletion_requests')
      .set({ confirm_expires_at: new Date(Date.now() - 1000) })
      .where('confirm_token_id', '=', id)
      .execute();
    const expired = await visitor().mutate('dataDeletion.confirm', { token });
    expect(expired.error?.details).toEqual({ reason: 'DELETION_TOKEN_INVALID' });
    expect((await requestFor(admin.client, owner.email)).confirmed).toBe(false);
  });

  it('answers the same whether or not the email has an account, and needs an email', async () => {
    const known = await account({ label: 'conhecido' });
    const unknownEmail = uniqueEmail('ninguem');
    const a = await visitor().mutate('dataDeletion.submit', { reason: 'Sair', email: known.email });
    const b = await visitor().mutate('dataDeletion.submit', { reason: 'Sair', email: unknownEmail });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.data).toEqual(b.data);
    await mailTo(smtp, known.email);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received.some((m) => m.to.includes(unknownEmail))).toBe(false);
    const noEmail = await visitor().mutate('dataDeletion.submit', { reason: 'Sair' });
    expect(noEmail.status).toBe(400);
    expect(noEmail.error?.message).toBe('VALIDATION_FAILED');
  });

  it('limits anonymous requests per IP (429)', async () => {
    const from = visitor();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await from.mutate('dataDeletion.submit', { reason: 'Sair', email: uniqueEmail('lim') })).status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('signed-in requests', () => {
  it('are confirmed by the session and can be completed at once', async () => {
    const admin = await account({ admin: true, label: 'adm' });
    const me = await account({ label: 'logado' });
    // An email in the input never redirects a signed-in request to another account.
    const other = await account({ label: 'outro' });
    expect(
      (await me.client.mutate('dataDeletion.submit', { reason: 'Quero sair', email: other.email })).status,
    ).toBe(200);
    const request = await requestFor(admin.client, me.email);
    expect(request).toMatchObject({ confirmed: true, confirmedBy: 'session' });
    expect(await requestFor(admin.client, other.email)).toBeUndefined();
    expect((await admin.client.mutate('admin.deletionRequests.complete', { id: request.id })).data).toEqual({
      erased: true,
    });
    expect(await userExists(me.id)).toBe(false);
    expect(await userExists(other.id)).toBe(true);
  });
});
