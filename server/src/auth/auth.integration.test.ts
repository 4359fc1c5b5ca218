// Email + password sign-up and sign-in over HTTP against real PostgreSQL: docs/security.md A1–A6, R1, C1.

import { randomUUID } from 'node:crypto';
import { DEFAULT_TIME_ZONE } from '@pauta/core';
import type { DbHandle } from '@pauta/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, uniqueEmail } from '../../../test/harness.js';
import { TestClient } from '../../../test/http-client.js';
import { listen, testDeps } from '../../../test/server-harness.js';
import { createSession, SESSION_POLICY, validateSessionToken } from './session.js';

let handle: DbHandle;
let app: { url: string; close(): Promise<void> };

beforeAll(async () => {
  handle = await testDb();
  app = await listen(testDeps(handle));
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

const PASSWORD = 'correct horse battery';

async function signUp(client: TestClient, email = uniqueEmail(), password = PASSWORD) {
  const res = await client.mutate('auth.signUp', {
    email,
    password,
    firstName: 'Ana',
    lastName: 'Souza',
    timezone: 'America/Recife',
  });
  return { res, email };
}

describe('sign-up', () => {
  it('creates the user and profile (the session comes from the sign-in that follows); stores only an argon2id hash', async () => {
    const client = new TestClient(app.url);
    const { res, email } = await signUp(client);
    expect(res.status).toBe(200);
    expect(client.jar.has('pauta_session')).toBe(false);
    expect(
      (await client.mutate('auth.signIn', { email, password: PASSWORD, rememberMe: true })).data,
    ).toEqual({
      ok: true,
      checkEmail: false,
    });
    const session = await client.query<{ user: { email: string; firstName: string; timezone: string } }>(
      'auth.session',
    );
    expect(session.data?.user).toMatchObject({ email, firstName: 'Ana', timezone: 'America/Recife' });

    const user = await handle.db
      .selectFrom('users')
      .select(['password_hash'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.password_hash).not.toContain(PASSWORD);
  });

  it('rejects weak passwords with the list of reasons and creates nothing', async () => {
    const client = new TestClient(app.url);
    const email = uniqueEmail('weak');
    const res = await client.mutate('auth.signUp', { email, password: 'password' });
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe('WEAK_PASSWORD');
    expect(res.error?.details?.passwordIssues).toEqual(['TOO_COMMON']);
    const short = await client.mutate('auth.signUp', { email, password: 'abc' });
    expect(short.error?.details?.passwordIssues).toEqual(['TOO_SHORT']);
    expect(
      await handle.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('refuses common pt-BR passwords by estimate (zxcvbn, pt-BR dictionary) with pt-BR feedback', async () => {
    for (const weak of ['senha123456', 'Senha@123', 'flamengo1', 'brasil2026']) {
      const email = uniqueEmail('fraca');
      const res = await new TestClient(app.url).mutate('auth.signUp', { email, password: weak });
      expect(res.status, weak).toBe(400);
      expect(res.error?.message, weak).toBe('WEAK_PASSWORD');
      expect(res.error?.details?.passwordIssues, weak).toContain('TOO_WEAK');
      const feedback = res.error?.details?.passwordFeedback as string[];
      expect(feedback.length, weak).toBeGreaterThan(0);
      expect(feedback.join(' '), weak).toMatch(/palavras|senha|adivinhar|comum/i);
      expect(
        await handle.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
      ).toBeUndefined();
    }
    const strong = await new TestClient(app.url).mutate('auth.signUp', {
      email: uniqueEmail('forte'),
      password: 'girafa pula o muro azul',
    });
    expect(strong.status).toBe(200);
  });

  it('accepts a 64-character password', async () => {
    const long = 'o pato amarelo nada devagar no lago de inverno quando o sol cai!';
    expect(long).toHaveLength(64);
    const { res } = await signUp(new TestClient(app.url), uniqueEmail(), long);
    expect(res.status).toBe(200);
  });

  it('answers a known email exactly as a new one, and tells the owner by email (A9, issue 24 5.3)', async () => {
    const { email } = await signUp(new TestClient(app.url));
    const before = await handle.db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const raw = (client: TestClient, address: string) =>
      client.request('/trpc/auth.signUp', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'sec-fetch-site': 'same-origin',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ json: { email: address, password: 'outra frase-senha bem longa' } }),
      });
    const known = await raw(new TestClient(app.url), email.toUpperCase());
    const fresh = await raw(new TestClient(app.url), uniqueEmail('novo'));
    expect(known.status).toBe(fresh.status);
    expect(known.status, await known.clone().text()).toBe(200);
    expect(await known.text()).toBe(await fresh.text());
    const cookieNames = (res: Response) => res.headers.getSetCookie().map((c) => c.split('=')[0]);
    expect(cookieNames(known)).toEqual(cookieNames(fresh));
    expect(cookieNames(known)).toEqual([]);
    // Nothing of the account changed; its owner is told.
    const after = await handle.db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    let notice: { subject: string } | undefined;
    for (let i = 0; i < 100 && !notice; i++) {
      notice = await handle.db
        .selectFrom('email_outbox')
        .select('subject')
        .where('to_address', '=', email)
        .where('template_name', '=', 'signup_existing_account')
        .executeTakeFirst();
      if (!notice) await new Promise((r) => setTimeout(r, 50));
    }
    expect(notice?.subject).toBe('Tentativa de criar uma conta Pauta com o seu email');
  });

  it('rejects unknown fields (no mass assignment)', async () => {
    const res = await new TestClient(app.url).mutate('auth.signUp', {
      email: uniqueEmail(),
      password: PASSWORD,
      role: 'admin',
    });
    expect(res.status).toBe(400);
  });
});

describe('sign-in', () => {
  it('gives byte-equal answers for an unknown email and a wrong password', async () => {
    const { email } = await signUp(new TestClient(app.url));
    const wrong = await new TestClient(app.url).request('/trpc/auth.signIn', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ json: { email, password: 'not the password', rememberMe: false } }),
    });
    const unknown = await new TestClient(app.url).request('/trpc/auth.signIn', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({
        json: { email: uniqueEmail('nobody'), password: 'not the password', rememberMe: false },
      }),
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.text()).toBe(await unknown.text());
  });

  it('sets a HttpOnly Lax cookie, with Max-Age only when remember-me is on', async () => {
    const { email } = await signUp(new TestClient(app.url));
    const browser = new TestClient(app.url);
    const off = await browser.mutate('auth.signIn', { email, password: PASSWORD, rememberMe: false });
    const cookieOff = off.headers.getSetCookie()[0]!;
    expect(cookieOff).toMatch(/^pauta_session=[\w-]{20}\.[\w-]{27}; Path=\/; HttpOnly; SameSite=Lax$/);

    const on = await new TestClient(app.url).mutate('auth.signIn', {
      email,
      password: PASSWORD,
      rememberMe: true,
    });
    const cookieOn = on.headers.getSetCookie()[0]!;
    expect(cookieOn).toContain(`Max-Age=${SESSION_POLICY.persistent.idleMs / 1000}`);
    expect(cookieOn).toContain('HttpOnly');
  });

  it('stores no part of the token and rejects a token with one character changed', async () => {
    const { email } = await signUp(new TestClient(app.url));
    const browser = new TestClient(app.url);
    await browser.mutate('auth.signIn', { email, password: PASSWORD, rememberMe: true });
    const token = browser.jar.get('pauta_session')!;
    const [id, secret] = token.split('.') as [string, string];
    const row = await handle.db
      .selectFrom('auth_sessions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(row.secret_hash).toString('base64url')).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(secret);

    const last = secret.at(-1) === 'A' ? 'B' : 'A';
    const tampered = new TestClient(app.url);
    tampered.jar.set('pauta_session', `${id}.${secret.slice(0, -1)}${last}`);
    expect((await tampered.query<{ user: unknown }>('auth.session')).data?.user).toBeNull();
  });

  it('ignores a token sent in the query string or body', async () => {
    const { email } = await signUp(new TestClient(app.url));
    const browser = new TestClient(app.url);
    await browser.mutate('auth.signIn', { email, password: PASSWORD, rememberMe: true });
    const token = browser.jar.get('pauta_session')!;
    const anon = new TestClient(app.url);
    const res = await anon.request(`/trpc/auth.adminCheck?session=${token}&pauta_session=${token}`);
    expect(res.status).toBe(401);
  });

  it('issues a new session on every login and logout kills the old cookie', async () => {
    const { email } = await signUp(new TestClient(app.url));
    const browser = new TestClient(app.url);
    await browser.mutate('auth.signIn', { email, password: PASSWORD, rememberMe: true });
    const first = browser.jar.get('pauta_session')!;
    await browser.mutate('auth.signIn', { email, password: PASSWORD, rememberMe: true });
    const second = browser.jar.get('pauta_session')!;
    expect(second).not.toBe(first);
    const old = new TestClient(app.url);
    old.jar.set('pauta_session', first);
    expect((await old.query('auth.adminCheck')).status).toBe(401);

    expect((await browser.mutate('auth.signOut')).status).toBe(200);
    expect(browser.jar.has('pauta_session')).toBe(false);
    const stale = new TestClient(app.url);
    stale.jar.set('pauta_session', second);
    expect((await stale.query('auth.adminCheck')).status).toBe(401);
  });

  it('blocks the 11th failure from one IP with 429 and a pt-BR code', async () => {
    const attacker = new TestClient(app.url);
    // All requests here come from 127.0.0.1; use unknown emails so only the IP counter trips.
    await handle.db.deleteFrom('rate_limits').where('key', 'like', 'login:ip:%').execute();
    let last: Awaited<ReturnType<TestClient['mutate']>> | undefined;
    for (let i = 0; i < 11; i++) {
      last = await attacker.mutate('auth.signIn', {
        email: uniqueEmail('spray'),
        password: 'wrong-password',
        rememberMe: false,
      });
    }
    expect(last?.status).toBe(429);
    expect(last?.error?.message).toBe('RATE_LIMITED');
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(500);
    // A rotating X-Forwarded-For does not reset it (no proxy is trusted by default).
    const spoofed = await attacker.request('/trpc/auth.signIn', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
        'x-forwarded-for': '203.0.113.9',
      },
      body: JSON.stringify({ json: { email: uniqueEmail(), password: 'wrong-password', rememberMe: false } }),
    });
    expect(spoofed.status).toBe(429);
    await handle.db.deleteFrom('rate_limits').where('key', 'like', 'login:ip:%').execute();
  });

  it('blocks an account from one IP after 5 failures, even with the right password', async () => {
    // A browser that never signed in to the account (the known-browser and many-IP cases are in
    // lockout.integration.test.ts).
    const { email } = await signUp(new TestClient(app.url));
    const c = new TestClient(app.url);
    for (let i = 0; i < 5; i++)
      await c.mutate('auth.signIn', { email, password: 'wrong-password', rememberMe: false });
    const right = await c.mutate('auth.signIn', { email, password: PASSWORD, rememberMe: false });
    expect(right.status).toBe(429);
    await handle.db.deleteFrom('rate_limits').execute();
  });

  it('refuses a cross-site logout (CSRF) and keeps the session', async () => {
    const { email } = await signUp(new TestClient(app.url));
    const browser = new TestClient(app.url);
    await browser.mutate('auth.signIn', { email, password: PASSWORD, rememberMe: true });
    const attempts: Record<string, string>[] = [
      { 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site' },
      { 'content-type': 'application/json', origin: 'https://evil.test' },
      { 'content-type': 'multipart/form-data; boundary=x', 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of attempts) {
      const res = await browser.request('/trpc/auth.signOut', { method: 'POST', headers, body: '{}' });
      expect([403, 415]).toContain(res.status);
    }
    expect((await browser.query('auth.adminCheck')).status).toBe(200);
  });
});

describe('session lifetime', () => {
  it('expires after inactivity and after the absolute lifetime', async () => {
    const { email } = await signUp(new TestClient(app.url));
    const user = await handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const t0 = new Date('2026-01-01T00:00:00Z');
    const browserSession = await createSession(handle.db, user.id, { persistent: false, now: t0 });
    expect(
      await validateSessionToken(handle.db, browserSession.token, new Date(t0.getTime() + 11 * 3600_000)),
    ).not.toBeNull();
    expect(
      await validateSessionToken(handle.db, browserSession.token, new Date(t0.getTime() + 24 * 3600_000)),
    ).toBeNull();

    const kept = await createSession(handle.db, user.id, { persistent: true, now: t0 });
    // Active every 20 days keeps it alive until the 90-day absolute limit.
    for (const day of [20, 40, 60, 80]) {
      expect(
        await validateSessionToken(handle.db, kept.token, new Date(t0.getTime() + day * 86_400_000)),
        `day ${day}`,
      ).not.toBeNull();
    }
    expect(
      await validateSessionToken(handle.db, kept.token, new Date(t0.getTime() + 90 * 86_400_000)),
    ).toBeNull();

    const idle = await createSession(handle.db, user.id, { persistent: true, now: t0 });
    expect(
      await validateSessionToken(handle.db, idle.token, new Date(t0.getTime() + 31 * 86_400_000)),
    ).toBeNull();
  });

  it("carries the profile's time zone, as the profile says now (the default for an unknown zone)", async () => {
    const { email } = await signUp(new TestClient(app.url));
    const user = await handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const session = await createSession(handle.db, user.id, { persistent: true });
    const zoneOf = async () => (await validateSessionToken(handle.db, session.token))?.timeZone;
    await handle.db
      .updateTable('profiles')
      .set({ timezone: 'Asia/Tokyo' })
      .where('id', '=', user.id)
      .execute();
    expect(await zoneOf()).toBe('Asia/Tokyo');
    await handle.db
      .updateTable('profiles')
      .set({ timezone: 'Lua/Crateras' })
      .where('id', '=', user.id)
      .execute();
    expect(await zoneOf()).toBe(DEFAULT_TIME_ZONE);
  });

  it('10,000 tokens are unique', async () => {
    const { generateSessionToken } = await import('./session.js');
    const tokens = new Set(Array.from({ length: 10_000 }, () => generateSessionToken().token));
    expect(tokens.size).toBe(10_000);
  });
});
