// The 14-day expiry notice against real PostgreSQL (issue 18 item 1): an account whose token
// cannot be renewed is announced exactly once per expiry — one email, one live event — even when
// two workers sweep at the same moment; renewable or distant tokens are not announced; a
// reconnect's new expiry gets its own notice.
import { randomUUID } from 'node:crypto';
import { createUser, type DbHandle, parseKeyring, upsertAccount } from '@pauta/db';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, uniqueEmail } from '../../../test/harness.js';
import { TEST_KEYS } from '../../../test/server-harness.js';
import { sendExpiryNotices } from './expiry-notices.js';

let a: DbHandle;
let b: DbHandle;
const keyring = parseKeyring(TEST_KEYS);
const logger = pino({ level: 'silent' });
const DAY = 24 * 60 * 60_000;

beforeAll(async () => {
  // Two pools: two workers' connections, really concurrent.
  [a, b] = await Promise.all([testDb(), testDb()]);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

async function owner(label: string) {
  return createUser(a.db, {
    email: uniqueEmail(label),
    passwordHash: null,
    firstName: 'Ana',
    timezone: 'America/Sao_Paulo',
  });
}

function connect(
  userId: string,
  platform: 'linkedin' | 'x',
  options: { expiresInMs: number; refreshToken: string | null; platformUserId?: string },
) {
  return upsertAccount(a.db, keyring, {
    userId,
    platform,
    platformUserId: options.platformUserId ?? `${platform}-${randomUUID().slice(0, 8)}`,
    platformUsername: 'Ana Souza',
    accountData: { name: 'Ana Souza' },
    accessToken: `token-${randomUUID()}`,
    refreshToken: options.refreshToken,
    accessTokenExpiresAt: new Date(Date.now() + options.expiresInMs),
  });
}

async function emailsTo(userId: string) {
  const profile = await a.db
    .selectFrom('profiles')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return a.db
    .selectFrom('email_outbox')
    .select(['subject', 'html', 'template_name'])
    .where('to_address', '=', profile.email)
    .execute();
}

async function accountEvents(userId: string) {
  return a.db
    .selectFrom('live_events')
    .select(['kind', 'platform', 'error_code'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'account')
    .execute();
}

const sweep = (handle: DbHandle) =>
  sendExpiryNotices({ db: handle.db, logger, appUrl: 'https://pauta.example' });

describe('expiry notices', () => {
  it('announces a token that cannot be renewed once, even with two workers sweeping at once', async () => {
    const user = await owner('expiring');
    const account = await connect(user.id, 'linkedin', {
      expiresInMs: 10 * DAY - 60_000,
      refreshToken: null,
    });

    await Promise.all([sweep(a), sweep(b), sweep(a), sweep(b)]);

    const emails = await emailsTo(user.id);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      template_name: 'account_expiring',
      subject: 'A conexão com o LinkedIn expira em 10 dias',
    });
    expect(emails[0]!.html).toContain('Ana Souza');
    expect(emails[0]!.html).toContain('https://pauta.example/connected-accounts');
    expect(emails[0]!.html).toContain('Reconectar');
    // The in-app notice: one live event for the open screens (toast + banner).
    expect(await accountEvents(user.id)).toEqual([
      { kind: 'account', platform: 'linkedin', error_code: 'ACCOUNT_EXPIRING' },
    ]);
    const row = await a.db
      .selectFrom('connected_accounts')
      .select(['expiry_notice_for', 'access_token_expires_at'])
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(row.expiry_notice_for).toEqual(row.access_token_expires_at);

    // Later sweeps send nothing more for this expiry.
    await sweep(b);
    expect(await emailsTo(user.id)).toHaveLength(1);
  });

  it('claims an expiry written by PostgreSQL itself (microseconds, not a JS Date)', async () => {
    const user = await owner('micro');
    const account = await connect(user.id, 'linkedin', { expiresInMs: 60 * DAY, refreshToken: null });
    await a.db
      .updateTable('connected_accounts')
      .set({ access_token_expires_at: sql`now() + interval '9 days 3 hours 0.123456 seconds'` })
      .where('id', '=', account.id)
      .execute();
    await Promise.all([sweep(a), sweep(b)]);
    const emails = await emailsTo(user.id);
    expect(emails.map((e) => e.subject)).toEqual(['A conexão com o LinkedIn expira em 10 dias']);
  });

  it('does not announce renewable tokens, distant expiries or expired tokens', async () => {
    const user = await owner('quiet');
    // X renews with its refresh token: its 2-hour expiry is Pauta's business.
    await connect(user.id, 'x', { expiresInMs: 60 * 60_000, refreshToken: 'refresh' });
    // 20 days left: not yet.
    await connect(user.id, 'linkedin', { expiresInMs: 20 * DAY, refreshToken: null });
    // Already expired: shown as "Reconexão necessária", not announced as expiring.
    const other = await owner('quiet-expired');
    await connect(other.id, 'linkedin', { expiresInMs: -60_000, refreshToken: null });
    await sweep(a);
    expect(await emailsTo(other.id)).toEqual([]);
    await sweep(a);
    expect(await emailsTo(user.id)).toEqual([]);
    expect(await accountEvents(user.id)).toEqual([]);
  });

  it('a reconnect brings a new expiry, which gets its own notice', async () => {
    const user = await owner('renewed');
    const first = await connect(user.id, 'linkedin', {
      expiresInMs: 3 * DAY,
      refreshToken: null,
      platformUserId: 'li-renewed',
    });
    await sweep(a);
    expect(await emailsTo(user.id)).toHaveLength(1);
    // Reconnected (same account, same row) — and, for the test, the new token is already 13 days out.
    const again = await connect(user.id, 'linkedin', {
      expiresInMs: 13 * DAY - 60_000,
      refreshToken: null,
      platformUserId: 'li-renewed',
    });
    expect(again.id).toBe(first.id);
    await Promise.all([sweep(a), sweep(b)]);
    const emails = await emailsTo(user.id);
    expect(emails.map((e) => e.subject).sort()).toEqual([
      'A conexão com o LinkedIn expira em 13 dias',
      'A conexão com o LinkedIn expira em 3 dias',
    ]);
  });
});

describe('expiry notices of a shared workspace', () => {
  it("go to each of the workspace's owners, not to the editor who connected the account", async () => {
    const ana = await owner('ana-dona');
    const bruno = await owner('bruno-dono');
    const carla = await owner('carla-editora');
    const { rows } = await sql<{ id: string }>`
      INSERT INTO workspaces (name, created_by) VALUES ('Agência', ${ana.id}) RETURNING id`.execute(a.db);
    const agencia = rows[0]!.id;
    await a.db
      .insertInto('workspace_members')
      .values([
        { workspace_id: agencia, user_id: ana.id, role: 'owner' },
        { workspace_id: agencia, user_id: bruno.id, role: 'owner' },
        { workspace_id: agencia, user_id: carla.id, role: 'editor' },
      ])
      .execute();
    await upsertAccount(a.db, keyring, {
      userId: carla.id,
      workspaceId: agencia,
      platform: 'linkedin',
      platformUserId: `linkedin-${randomUUID().slice(0, 8)}`,
      platformUsername: 'Agência',
      accountData: { name: 'Agência' },
      accessToken: `token-${randomUUID()}`,
      refreshToken: null,
      accessTokenExpiresAt: new Date(Date.now() + 10 * DAY),
    });
    await sweep(a);
    expect((await emailsTo(ana.id)).map((e) => e.template_name)).toEqual(['account_expiring']);
    expect((await emailsTo(bruno.id)).map((e) => e.template_name)).toEqual(['account_expiring']);
    expect(await emailsTo(carla.id)).toEqual([]);
  });
});
