// Administration over HTTP: the admin-only check on every procedure (Z1), users and roles (last
// admin, A5 revocation), profile edits, stats, publishing logs (paging, one joined query),
// settings (typed, behaviour-changing), data-deletion requests and the queue monitor.
// Runs on a database of its own: several assertions count every row (admins, stats, logs).
import { randomUUID } from 'node:crypto';
import { createUser, type Database, type DbHandle, setRole } from '@pauta/db';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isolatedDb, testRedisPrefix, uniqueEmail } from '../../../test/harness.js';
import { TestClient } from '../../../test/http-client.js';
import { listen, testDeps } from '../../../test/server-harness.js';
import { hashPassword } from '../auth/password.js';
import { createSession } from '../auth/session.js';
import { createLogger } from '../logger.js';
import { createQueueGateway } from '../queue/queue-gateway.js';
import { saveNewTheme } from '../themes/themes.service.js';
import { appRouter } from '../trpc/router.js';
import { listLogs } from './admin.service.js';

let iso: Awaited<ReturnType<typeof isolatedDb>>;
let handle: DbHandle;
let app: { url: string; close(): Promise<void> };
let passwordHash: string;
const PASSWORD = 'uma senha bem comprida';

beforeAll(async () => {
  iso = await isolatedDb();
  handle = iso.handle;
  app = await listen(testDeps(handle));
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(async () => {
  await app?.close();
  await iso?.drop();
});

interface Account {
  id: string;
  email: string;
  client: TestClient;
}

/** A user with a password and a signed-in client (session created directly: no sign-up limits). */
async function account(
  options: { admin?: boolean; label?: string; firstName?: string; lastName?: string } = {},
): Promise<Account> {
  const user = await createUser(handle.db, {
    email: uniqueEmail(options.label ?? 'adm'),
    passwordHash,
    firstName: options.firstName ?? 'Teste',
    lastName: options.lastName ?? options.label ?? 'adm',
  });
  if (options.admin) await handle.db.transaction().execute((trx) => setRole(trx, user.id, 'admin'));
  const client = new TestClient(app.url);
  const session = await createSession(handle.db, user.id, { persistent: false });
  client.jar.set('pauta_session', session.token);
  return { id: user.id, email: user.email, client };
}

const UUID = '00000000-0000-4000-8000-000000000000';

/** A valid-shaped input for every admin procedure (a new procedure without one fails the check). */
const SAMPLE_INPUTS: Record<string, unknown> = {
  'admin.stats': undefined,
  'admin.users.list': { page: 1, limit: 20 },
  'admin.users.setRole': { userId: UUID, role: 'user' },
  'admin.users.updateProfile': { userId: UUID, firstName: 'A', lastName: 'B', email: 'a@b.dev' },
  'admin.templates.list': undefined,
  'admin.templates.create': {
    templateName: 'x',
    subject: 's',
    htmlContent: '<p>x</p>',
    variables: {},
    isActive: true,
  },
  'admin.templates.update': {
    id: UUID,
    templateName: 'x',
    subject: 's',
    htmlContent: '<p>x</p>',
    variables: {},
    isActive: true,
  },
  'admin.templates.delete': { id: UUID },
  'admin.outbox.list': { page: 1 },
  'admin.logs.list': { page: 1 },
  'admin.settings.list': undefined,
  'admin.settings.update': { key: 'max_themes_per_user', value: 10 },
  'admin.deletionRequests.list': {},
  'admin.deletionRequests.complete': { id: UUID },
  'admin.deletionRequests.reject': { id: UUID },
  'admin.workers.status': undefined,
  'admin.doctor.run': { origin: 'http://pauta.test' },
};

type ProcedureDef = { _def: { meta?: { access?: string }; type: 'query' | 'mutation' | 'subscription' } };

function adminProcedures(): [string, ProcedureDef][] {
  const all = Object.entries(appRouter._def.procedures as unknown as Record<string, ProcedureDef>);
  return all.filter(([, procedure]) => procedure._def.meta?.access === 'admin');
}

function call(client: TestClient, name: string, type: string, input: unknown) {
  return type === 'query' ? client.query(name, input) : client.mutate(name, input);
}

describe('the attack check: every admin procedure refuses anonymous and regular callers', () => {
  it('enumerates the admin procedures and has an input for each', () => {
    const names = adminProcedures().map(([name]) => name);
    expect(names.length).toBeGreaterThanOrEqual(Object.keys(SAMPLE_INPUTS).length);
    for (const name of names) expect(Object.keys(SAMPLE_INPUTS), `sample input for ${name}`).toContain(name);
  });

  it('answers 401 to anonymous callers and 403 to regular users, and runs for an admin', async () => {
    const anonymous = new TestClient(app.url);
    const user = await account({ label: 'plain' });
    const admin = await account({ admin: true, label: 'boss' });
    for (const [name, procedure] of adminProcedures()) {
      const input = SAMPLE_INPUTS[name];
      const anon = await call(anonymous, name, procedure._def.type, input);
      expect(anon.status, `${name} anonymous`).toBe(401);
      const regular = await call(user.client, name, procedure._def.type, input);
      expect(regular.status, `${name} as a user`).toBe(403);
      const asAdmin = await call(admin.client, name, procedure._def.type, input);
      // The admin passes the gate: the answer is the procedure's own (200, 404 for the fake id…).
      expect([401, 403], `${name} as admin`).not.toContain(asAdmin.status);
    }
    // The sample inputs are only probes: put the shared setting back.
    await handle.db
      .updateTable('admin_settings')
      .set({ setting_value: JSON.stringify(10) })
      .where('setting_key', '=', 'max_themes_per_user')
      .execute();
    await handle.db.deleteFrom('email_templates').where('template_name', '=', 'x').execute();
  });

  it('a demoted admin loses access at once, and their old cookie with it (A5)', async () => {
    const boss = await account({ admin: true, label: 'boss2' });
    const other = await account({ admin: true, label: 'boss3' });
    expect((await boss.client.query('admin.stats')).status).toBe(200);
    const res = await other.client.mutate('admin.users.setRole', { userId: boss.id, role: 'user' });
    expect(res.status).toBe(200);
    expect((await boss.client.query('admin.stats')).status).toBe(401);
  });

  it('extra keys are refused (no mass assignment)', async () => {
    const admin = await account({ admin: true });
    const res = await admin.client.mutate('admin.users.setRole', {
      userId: admin.id,
      role: 'admin',
      user_id: UUID,
    });
    expect(res.status).toBe(400);
  });
});

describe('Gerenciar Usuários', () => {
  it('lists profiles with role, newest first, with an exact total and pages', async () => {
    const tag = randomUUID().slice(0, 6);
    const admin = await account({ admin: true });
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const u = await account({ label: `lst${tag}`, firstName: `Pessoa${tag}`, lastName: `N${i}` });
      made.push(u.id);
    }
    const first = await admin.client.query<{
      items: { id: string; role: string; firstName: string; email: string }[];
      total: number;
    }>('admin.users.list', { search: `Pessoa${tag}`, page: 1, limit: 2 });
    expect(first.status).toBe(200);
    expect(first.data!.total).toBe(5);
    expect(first.data!.items.map((u) => u.id)).toEqual([made[4], made[3]]);
    expect(first.data!.items[0]!.role).toBe('user');
    const last = await admin.client.query<{ items: { id: string }[] }>('admin.users.list', {
      search: `pessoa${tag} n0`,
      page: 1,
      limit: 20,
    });
    expect(last.data!.items.map((u) => u.id)).toEqual([made[0]]);
    const byEmail = await admin.client.query<{ total: number }>('admin.users.list', {
      search: `lst${tag}`,
      page: 1,
      limit: 20,
    });
    expect(byEmail.data!.total).toBe(5);
  });

  it('treats LIKE wildcards in the search as plain characters', async () => {
    const admin = await account({ admin: true });
    await account({ firstName: '100%', lastName: 'Real' });
    const percent = await admin.client.query<{ items: { firstName: string }[]; total: number }>(
      'admin.users.list',
      { search: '%', page: 1, limit: 100 },
    );
    expect(percent.data!.items.every((u) => u.firstName.includes('%'))).toBe(true);
    expect(percent.data!.total).toBeGreaterThanOrEqual(1);
    const underscore = await admin.client.query<{ total: number }>('admin.users.list', {
      search: '_',
      page: 1,
      limit: 100,
    });
    // Emails have no underscore here; an unescaped '_' would match every row.
    expect(underscore.data!.total).toBe(0);
  });

  it('changes a role with delete + insert, revoking the user’s sessions', async () => {
    const admin = await account({ admin: true });
    const target = await account({ label: 'promo' });
    expect((await target.client.query('auth.session')).data).toMatchObject({ user: { id: target.id } });
    const res = await admin.client.mutate<{ changed: boolean }>('admin.users.setRole', {
      userId: target.id,
      role: 'admin',
    });
    expect(res.data).toEqual({ changed: true, selfDemoted: false });
    const rows = await handle.db
      .selectFrom('user_roles')
      .selectAll()
      .where('user_id', '=', target.id)
      .execute();
    expect(rows.map((r) => r.role)).toEqual(['admin']);
    expect((await target.client.query('auth.session')).data).toEqual({ user: null });
    const list = await admin.client.query<{ items: { id: string; role: string }[] }>('admin.users.list', {
      search: target.email,
      page: 1,
      limit: 5,
    });
    expect(list.data!.items).toEqual([expect.objectContaining({ id: target.id, role: 'admin' })]);
    const again = await admin.client.mutate('admin.users.setRole', { userId: target.id, role: 'admin' });
    expect(again.data).toEqual({ changed: false, selfDemoted: false });
    expect((await admin.client.mutate('admin.users.setRole', { userId: UUID, role: 'admin' })).status).toBe(
      404,
    );
  });

  it('never removes the last administrator, even the admin themselves', async () => {
    // Leave exactly one admin in this database.
    await handle.db.deleteFrom('user_roles').where('role', '=', 'admin').execute();
    const only = await account({ admin: true, label: 'only' });
    const self = await only.client.mutate('admin.users.setRole', { userId: only.id, role: 'user' });
    expect(self.status).toBe(409);
    expect(self.error).toMatchObject({ message: 'CONFLICT', details: { reason: 'LAST_ADMIN' } });
    expect((await only.client.query('admin.stats')).status).toBe(200);

    // With a second admin the self-demotion is allowed: the asking session stays signed in as a
    // user (no admin access any more); the admin's other sessions end.
    const second = await account({ admin: true, label: 'second' });
    const otherSession = `other-${only.id}`;
    await handle.db
      .insertInto('auth_sessions')
      .values({ id: otherSession, user_id: only.id, secret_hash: new Uint8Array(32) })
      .execute();
    const ok = await only.client.mutate('admin.users.setRole', { userId: only.id, role: 'user' });
    expect(ok.data).toEqual({ changed: true, selfDemoted: true });
    expect((await only.client.query('auth.session')).data).toMatchObject({ user: { id: only.id } });
    expect((await only.client.query('admin.stats')).status).toBe(403);
    const left = await handle.db
      .selectFrom('auth_sessions')
      .select('id')
      .where('user_id', '=', only.id)
      .execute();
    expect(left).toHaveLength(1);
    expect(left[0]!.id).not.toBe(otherSession);
    const last = await second.client.mutate('admin.users.setRole', { userId: second.id, role: 'user' });
    expect(last.error?.details).toEqual({ reason: 'LAST_ADMIN' });
  });

  it('two admins demoting each other at once leave one administrator', async () => {
    await handle.db.deleteFrom('user_roles').where('role', '=', 'admin').execute();
    const a = await account({ admin: true, label: 'race-a' });
    const b = await account({ admin: true, label: 'race-b' });
    const results = await Promise.all([
      a.client.mutate('admin.users.setRole', { userId: b.id, role: 'user' }),
      b.client.mutate('admin.users.setRole', { userId: a.id, role: 'user' }),
    ]);
    const admins = await handle.db
      .selectFrom('user_roles')
      .select('user_id')
      .where('role', '=', 'admin')
      .execute();
    expect(admins).toHaveLength(1);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409].sort());
  });

  it('two admins demoting themselves at once leave one administrator', async () => {
    await handle.db.deleteFrom('user_roles').where('role', '=', 'admin').execute();
    const a = await account({ admin: true, label: 'self-a' });
    const b = await account({ admin: true, label: 'self-b' });
    const results = await Promise.all([
      a.client.mutate('admin.users.setRole', { userId: a.id, role: 'user' }),
      b.client.mutate('admin.users.setRole', { userId: b.id, role: 'user' }),
    ]);
    const admins = await handle.db
      .selectFrom('user_roles')
      .select('user_id')
      .where('role', '=', 'admin')
      .execute();
    expect(admins).toHaveLength(1);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.error?.details).toEqual({ reason: 'LAST_ADMIN' });
  });

  it('edits a profile: the email is lower-cased and becomes the sign-in email; duplicates are refused', async () => {
    const admin = await account({ admin: true });
    const target = await account({ label: 'edit' });
    const other = await account({ label: 'taken' });
    const newEmail = uniqueEmail('NOVO').toUpperCase();
    const res = await admin.client.mutate('admin.users.updateProfile', {
      userId: target.id,
      firstName: ' Maria ',
      lastName: '',
      email: newEmail,
    });
    expect(res.status).toBe(200);
    const profile = await handle.db
      .selectFrom('profiles')
      .selectAll()
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ first_name: 'Maria', last_name: null, email: newEmail.toLowerCase() });
    const user = await handle.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(user.email).toBe(newEmail.toLowerCase());
    const login = new TestClient(app.url);
    expect(
      (await login.mutate('auth.signIn', { email: newEmail.toLowerCase(), password: PASSWORD })).status,
    ).toBe(200);

    const dup = await admin.client.mutate('admin.users.updateProfile', {
      userId: target.id,
      firstName: 'Maria',
      lastName: 'Silva',
      email: other.email.toUpperCase(),
    });
    expect(dup.status).toBe(409);
    expect(dup.error?.message).toBe('EMAIL_TAKEN');
    const bad = await admin.client.mutate('admin.users.updateProfile', {
      userId: target.id,
      firstName: 'Maria',
      lastName: 'Silva',
      email: 'não é email',
    });
    expect(bad.status).toBe(400);
    const missing = await admin.client.mutate('admin.users.updateProfile', {
      userId: UUID,
      firstName: 'X',
      lastName: 'Y',
      email: uniqueEmail('nobody'),
    });
    expect(missing.status).toBe(404);
  });
});

async function seedPostFixtures(userId: string) {
  const theme = await handle.db
    .insertInto('themes')
    .values({ user_id: userId, name: 'Tema', description: 'Descrição', social_networks: ['linkedin'] })
    .returning('id')
    .executeTakeFirstOrThrow();
  return theme.id;
}

describe('Painel Administrativo stats', () => {
  it('counts users, new users (30 days), today’s schedule and publications, and 24 h failures', async () => {
    const admin = await account({ admin: true });
    const before = (await admin.client.query<Record<string, number>>('admin.stats')).data!;
    const someone = await account({ label: 'stats' });
    const old = await account({ label: 'old' });
    await handle.db
      .updateTable('users')
      .set({ created_at: new Date(Date.now() - 40 * 86_400_000) })
      .where('id', '=', old.id)
      .execute();
    const themeId = await seedPostFixtures(someone.id);
    const soon = new Date(Date.now() + 60_000);
    await handle.db
      .insertInto('suggested_posts')
      .values({
        theme_id: themeId,
        user_id: someone.id,
        title: 't',
        content: 'c',
        platform: 'linkedin',
        scheduled_for: soon,
      })
      .execute();
    await handle.db
      .insertInto('published_posts')
      .values({
        user_id: someone.id,
        title: 't',
        content: 'c',
        platform: 'linkedin',
        published_at: new Date(),
      })
      .execute();
    await handle.db
      .insertInto('publishing_logs')
      .values([
        { user_id: someone.id, status: 'error', title: 't', content: 'c', platform: 'linkedin' },
        {
          user_id: someone.id,
          status: 'error',
          title: 't',
          content: 'c',
          platform: 'linkedin',
          attempted_at: new Date(Date.now() - 2 * 86_400_000),
        },
      ])
      .execute();
    const after = (await admin.client.query<Record<string, number>>('admin.stats')).data!;
    expect(after.users! - before.users!).toBe(2);
    expect(after.newUsers30d! - before.newUsers30d!).toBe(1);
    expect(after.failures24h! - before.failures24h!).toBe(1);
    expect(after.publishedToday! - before.publishedToday!).toBe(1);
    // "Today" is the admin's day in their zone; a post due in a minute is today unless it is 23:59 there.
    expect(after.scheduledToday! - before.scheduledToday!).toBeLessThanOrEqual(1);
    expect(after).toHaveProperty('timeZone', 'America/Sao_Paulo');
  });
});

describe('Logs de Publicação', () => {
  it('pages 45 logs as 20/20/5, newest first, with joined names and 50-character titles', async () => {
    const admin = await account({ admin: true });
    const owner = await account({ label: 'logs', firstName: 'Lia', lastName: 'Logs' });
    const base = Date.now() - 3_600_000;
    await handle.db
      .insertInto('publishing_logs')
      .values(
        Array.from({ length: 45 }, (_, i) => ({
          user_id: owner.id,
          status: i % 3 === 0 ? ('error' as const) : ('success' as const),
          title: `${String(i).padStart(2, '0')} ${'título longo '.repeat(8)}`,
          content: 'conteúdo',
          platform: 'linkedin' as const,
          attempted_at: new Date(base + i * 1000),
          error_message: i % 3 === 0 ? 'A rede recusou a publicação.' : null,
          error_location: i % 3 === 0 ? 'rede: linkedin' : null,
        })),
      )
      .execute();
    type Page = {
      items: {
        title: string;
        user: { name: string; email: string } | null;
        status: string;
        errorMessage: string | null;
      }[];
      total: number;
      page: number;
      pageSize: number;
    };
    const pages: Page[] = [];
    for (const page of [1, 2, 3, 4]) {
      const res = await admin.client.query<Page>('admin.logs.list', { page, userId: owner.id });
      expect(res.status).toBe(200);
      pages.push(res.data!);
    }
    expect(pages.map((p) => p.items.length)).toEqual([20, 20, 5, 0]);
    expect(pages.every((p) => p.total === 45 && p.pageSize === 20)).toBe(true);
    expect(Math.ceil(pages[0]!.total / pages[0]!.pageSize)).toBe(3);
    const first = pages[0]!.items[0]!;
    expect(first.title.startsWith('44 ')).toBe(true);
    expect([...first.title].length).toBe(51);
    expect(first.title.endsWith('…')).toBe(true);
    expect(first.user).toEqual({ id: owner.id, name: 'Lia Logs', email: owner.email });
    expect(pages[2]!.items.at(-1)!.title.startsWith('00 ')).toBe(true);

    const errors = await admin.client.query<Page>('admin.logs.list', {
      page: 1,
      userId: owner.id,
      status: 'error',
    });
    expect(errors.data!.total).toBe(15);
    expect(errors.data!.items.every((l) => l.status === 'error' && l.errorMessage)).toBe(true);
    const other = await admin.client.query<Page>('admin.logs.list', {
      page: 1,
      userId: owner.id,
      platform: 'x',
    });
    expect(other.data!.total).toBe(0);
    const future = await admin.client.query<Page>('admin.logs.list', {
      page: 1,
      userId: owner.id,
      from: '2999-01-01',
    });
    expect(future.data!.total).toBe(0);
    const bad = await admin.client.query('admin.logs.list', { page: 1, from: '2026-02-31' });
    expect(bad.status).toBe(400);
  });

  it('reads the owners with one joined query, not one lookup per row', async () => {
    const admin = await account({ admin: true });
    const queries: string[] = [];
    const pool = new pg.Pool({ connectionString: iso.url, max: 1 });
    const counted = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => {
        if (event.level === 'query') queries.push(event.query.sql);
      },
    });
    try {
      const page = await listLogs({ db: counted }, admin.id, { page: 1 });
      expect(page.items.length).toBe(20);
    } finally {
      await counted.destroy();
    }
    const logQueries = queries.filter((sql) => sql.includes('publishing_logs'));
    expect(logQueries).toHaveLength(2); // the page (joined to profiles) and the exact count
    expect(logQueries.some((sql) => sql.includes('left join "profiles"'))).toBe(true);
  });
});

describe('Configurações do sistema', () => {
  it('lists settings by key and saves typed values that change behaviour', async () => {
    const admin = await account({ admin: true });
    const list = await admin.client.query<{ key: string; value: unknown }[]>('admin.settings.list');
    const keys = list.data!.map((s) => s.key);
    expect(keys).toEqual([...keys].sort());
    expect(keys).toEqual(expect.arrayContaining(['email_notifications_enabled', 'max_themes_per_user']));

    const owner = await account({ label: 'limit' });
    const values = {
      name: 'Tema',
      description: 'Descrição',
      toneOfVoice: ['professional'],
      avoidTopics: [],
      socialNetworks: ['linkedin'],
      frequency: 'weekly',
      colorPalette: 'blue',
    } as unknown as Parameters<typeof saveNewTheme>[2];
    expect(
      (await admin.client.mutate('admin.settings.update', { key: 'max_themes_per_user', value: 1 })).status,
    ).toBe(200);
    await saveNewTheme(handle.db, owner.id, values);
    await expect(saveNewTheme(handle.db, owner.id, values)).rejects.toMatchObject({
      name: 'AppError',
      code: 'THEME_LIMIT_REACHED',
      details: { max: 1 },
    });
    expect(
      (await admin.client.mutate('admin.settings.update', { key: 'max_themes_per_user', value: '2' })).status,
    ).toBe(200);
    await saveNewTheme(handle.db, owner.id, values);

    for (const value of [0, 1001, 2.5, 'dez', true, -5, '-5', ' -5 ', '5.0', '']) {
      const res = await admin.client.mutate('admin.settings.update', { key: 'max_themes_per_user', value });
      expect(res.status, String(value)).toBe(400);
      expect(res.error?.details).toMatchObject({ reason: 'INVALID_VALUE', min: 1, max: 1000 });
    }
    // A refused value changes nothing: the limit is still the 2 saved above.
    const after = await admin.client.query<{ key: string; value: unknown }[]>('admin.settings.list');
    expect(after.data!.find((s) => s.key === 'max_themes_per_user')?.value).toBe(2);
    const flag = await admin.client.mutate('admin.settings.update', {
      key: 'email_notifications_enabled',
      value: 'sim',
    });
    expect(flag.status).toBe(400);
    const off = await admin.client.mutate<{ value: unknown }>('admin.settings.update', {
      key: 'email_notifications_enabled',
      value: false,
    });
    expect(off.data!.value).toBe(false);
    await admin.client.mutate('admin.settings.update', { key: 'email_notifications_enabled', value: true });
    await admin.client.mutate('admin.settings.update', { key: 'max_themes_per_user', value: 10 });
  });

  it('stores other keys as text or validated JSON, and refuses invalid JSON', async () => {
    const admin = await account({ admin: true });
    await handle.db
      .insertInto('admin_settings')
      .values([
        { setting_key: 'banner_text', setting_value: JSON.stringify('Olá'), description: 'Texto' },
        { setting_key: 'feature_flags', setting_value: JSON.stringify({ beta: false }), description: 'JSON' },
      ])
      .execute();
    const text = await admin.client.mutate<{ value: unknown }>('admin.settings.update', {
      key: 'banner_text',
      value: '{não é json',
    });
    expect(text.data!.value).toBe('{não é json');
    const json = await admin.client.mutate<{ value: unknown }>('admin.settings.update', {
      key: 'feature_flags',
      value: '{"beta": true, "limit": 3}',
      json: true,
    });
    expect(json.data!.value).toEqual({ beta: true, limit: 3 });
    const invalid = await admin.client.mutate('admin.settings.update', {
      key: 'feature_flags',
      value: '{"beta": tru',
      json: true,
    });
    expect(invalid.status).toBe(400);
    expect(invalid.error?.details).toMatchObject({ reason: 'INVALID_JSON' });
    const row = await handle.db
      .selectFrom('admin_settings')
      .select('setting_value')
      .where('setting_key', '=', 'feature_flags')
      .executeTakeFirstOrThrow();
    expect(row.setting_value).toEqual({ beta: true, limit: 3 });
    expect((await admin.client.mutate('admin.settings.update', { key: 'nope', value: 'x' })).status).toBe(
      404,
    );
  });
});

describe('Solicitações de exclusão de dados', () => {
  async function seedEverything(userId: string, email: string) {
    const themeId = await seedPostFixtures(userId);
    const post = await handle.db
      .insertInto('suggested_posts')
      .values({
        theme_id: themeId,
        user_id: userId,
        title: 'Post',
        content: 'c',
        platform: 'linkedin',
        scheduled_for: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto('published_posts')
      .values({ user_id: userId, theme_id: themeId, title: 'Pub', content: 'c', platform: 'linkedin' })
      .execute();
    await handle.db
      .insertInto('connected_accounts')
      .values({
        user_id: userId,
        platform: 'linkedin',
        platform_user_id: `li-${userId}`,
        access_token: 'sealed',
      })
      .execute();
    await handle.db
      .insertInto('oauth_identities')
      .values({ provider: 'google', provider_user_id: `g-${userId}`, user_id: userId, email })
      .execute();
    await handle.db
      .insertInto('publishing_logs')
      .values({
        user_id: userId,
        suggested_post_id: post.id,
        status: 'success',
        title: 'Título pessoal',
        content: 'Conteúdo pessoal',
        platform: 'linkedin',
      })
      .execute();
    await handle.db
      .insertInto('email_outbox')
      .values({ to_address: email, subject: 'Oi', html: '<p>Oi</p>', status: 'stored' })
      .execute();
  }

  it('completes a request: every row of the user is deleted and their logs keep no personal data', async () => {
    const admin = await account({ admin: true });
    const gone = await account({ label: 'gone' });
    await seedEverything(gone.id, gone.email);
    const logIds = (
      await handle.db.selectFrom('publishing_logs').select('id').where('user_id', '=', gone.id).execute()
    ).map((r) => r.id);
    expect((await gone.client.mutate('dataDeletion.submit', { reason: 'Quero sair' })).status).toBe(200);

    const list = await admin.client.query<{ id: string; email: string; status: string; reason: string }[]>(
      'admin.deletionRequests.list',
      {},
    );
    const request = list.data!.find((r) => r.email === gone.email)!;
    expect(request).toMatchObject({ status: 'pending', reason: 'Quero sair' });
    expect(list.data![0]!.id).toBe(request.id);

    const done = await admin.client.mutate<{ erased: boolean }>('admin.deletionRequests.complete', {
      id: request.id,
    });
    expect(done.data).toEqual({ erased: true });
    for (const table of [
      'themes',
      'suggested_posts',
      'published_posts',
      'connected_accounts',
      'auth_sessions',
      'oauth_identities',
    ] as const) {
      const rows = await handle.db
        .selectFrom(table)
        .select('user_id')
        .where('user_id', '=', gone.id)
        .execute();
      expect(rows, table).toHaveLength(0);
    }
    expect(
      await handle.db.selectFrom('profiles').select('id').where('id', '=', gone.id).execute(),
    ).toHaveLength(0);
    expect(await handle.db.selectFrom('users').select('id').where('id', '=', gone.id).execute()).toHaveLength(
      0,
    );
    expect(
      await handle.db.selectFrom('email_outbox').select('id').where('to_address', '=', gone.email).execute(),
    ).toHaveLength(0);
    const logs = await handle.db
      .selectFrom('publishing_logs')
      .selectAll()
      .where('id', 'in', logIds)
      .execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ user_id: null, title: '', content: '', status: 'success' });
    expect((await gone.client.query('auth.session')).data).toEqual({ user: null });
    const stored = await handle.db
      .selectFrom('data_deletion_requests')
      .selectAll()
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('completed');
    expect(stored.processed_at).not.toBeNull();
    // Processed once only.
    expect((await admin.client.mutate('admin.deletionRequests.complete', { id: request.id })).status).toBe(
      404,
    );
  });

  it('never erases an account from the email of an unconfirmed anonymous request; rejects leave data alone', async () => {
    const admin = await account({ admin: true });
    const byEmail = await account({ label: 'anon' });
    const anonymous = new TestClient(app.url);
    await anonymous.mutate('dataDeletion.submit', {
      reason: 'Pelo formulário',
      email: byEmail.email.toUpperCase(),
    });
    const kept = await account({ label: 'kept' });
    await kept.client.mutate('dataDeletion.submit', { reason: 'Mudei de ideia' });
    const list = await admin.client.query<{ id: string; email: string; confirmed: boolean }[]>(
      'admin.deletionRequests.list',
      { status: 'pending' },
    );
    const first = list.data!.find((r) => r.email === byEmail.email)!;
    const second = list.data!.find((r) => r.email === kept.email)!;
    expect(first.confirmed).toBe(false);
    expect(second.confirmed).toBe(true);
    const refused = await admin.client.mutate('admin.deletionRequests.complete', { id: first.id });
    expect(refused.status).toBe(409);
    expect(refused.error?.details).toEqual({ reason: 'NOT_CONFIRMED' });
    expect(
      await handle.db.selectFrom('users').select('id').where('id', '=', byEmail.id).execute(),
    ).toHaveLength(1);
    expect((await admin.client.mutate('admin.deletionRequests.reject', { id: first.id })).status).toBe(200);
    expect((await admin.client.mutate('admin.deletionRequests.reject', { id: second.id })).status).toBe(200);
    expect(await handle.db.selectFrom('users').select('id').where('id', '=', kept.id).execute()).toHaveLength(
      1,
    );
    const rejected = await admin.client.query<{ id: string }[]>('admin.deletionRequests.list', {
      status: 'rejected',
    });
    expect(rejected.data!.map((r) => r.id)).toEqual(expect.arrayContaining([first.id, second.id]));
  });

  it('refuses to erase the last administrator', async () => {
    await handle.db.deleteFrom('user_roles').where('role', '=', 'admin').execute();
    const only = await account({ admin: true, label: 'lastdel' });
    await only.client.mutate('dataDeletion.submit', { reason: 'Sair' });
    const list = await only.client.query<{ id: string; email: string }[]>('admin.deletionRequests.list', {});
    const mine = list.data!.find((r) => r.email === only.email)!;
    const res = await only.client.mutate('admin.deletionRequests.complete', { id: mine.id });
    expect(res.status).toBe(409);
    expect(res.error?.details).toEqual({ reason: 'LAST_ADMIN' });
    expect(await handle.db.selectFrom('users').select('id').where('id', '=', only.id).execute()).toHaveLength(
      1,
    );
  });
});

describe('queue monitor at /admin/queues', () => {
  it('is for administrators only and explains when Redis is not configured', async () => {
    const anonymous = await fetch(`${app.url}/admin/queues`);
    expect(anonymous.status).toBe(401);
    const user = await account({ label: 'q' });
    expect((await user.client.request('/admin/queues')).status).toBe(403);
    const admin = await account({ admin: true });
    const res = await admin.client.request('/admin/queues');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Redis não está configurado');
  });

  it('serves bull-board with the app’s CSP when Redis is configured, and refuses cross-site writes', async () => {
    const logger = createLogger({ level: 'silent', pretty: false });
    const queue = createQueueGateway({ redisUrl: inject('redisUrl'), prefix: testRedisPrefix(), logger });
    const withRedis = await listen(testDeps(handle, { queue }));
    try {
      const admin = await account({ admin: true });
      const client = new TestClient(withRedis.url);
      client.jar.set('pauta_session', admin.client.jar.get('pauta_session')!);
      const page = await client.request('/admin/queues');
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<base href="/admin/queues/');
      // Works offline: no Google Fonts (or any other external) stylesheet or font.
      expect(html).not.toContain('fonts.googleapis.com');
      expect(html).not.toContain('fonts.gstatic.com');
      expect(html).not.toMatch(/<link[^>]+href="https?:/);
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      // No inline executable script: every <script> is external or a JSON data block.
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1] ?? '');
      expect(inline.every((attrs) => attrs.includes('application/json'))).toBe(true);
      const script = /src="(static\/js\/main[^"]+)"/.exec(html)?.[1];
      expect(script).toBeDefined();
      expect((await client.request(`/admin/queues/${script}`)).status).toBe(200);
      const api = await client.request('/admin/queues/api/queues?activeQueue=&page=1&jobsPerPage=10');
      expect(api.status).toBe(200);
      const body = (await api.json()) as { queues: { name: string }[] };
      expect(body.queues.length).toBeGreaterThan(0);
      const crossSite = await client.request('/admin/queues/api/queues/pause', {
        method: 'PUT',
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(crossSite.status).toBe(403);
      const anonymous = await fetch(`${withRedis.url}/admin/queues/api/queues`);
      expect(anonymous.status).toBe(401);
    } finally {
      await withRedis.close();
      await queue.close();
    }
  });
});
