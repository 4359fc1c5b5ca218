// Sign-in limits that keep brute force slow without letting an attacker lock a person out
// (issue 11, item 7). The app trusts one proxy here (TRUST_PROXY=1), so each TestClient speaks
// from the address it is given (X-Forwarded-For).
import type { DbHandle } from '@pauta/db';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { testDb, uniqueEmail } from '../../../test/harness.js';
import { TestClient } from '../../../test/http-client.js';
import { listen, testDeps } from '../../../test/server-harness.js';
import { LocalMailbox } from '../email/local-mailbox.js';
import { issueSignInLinkToken } from './signin-link.js';

let handle: DbHandle;
let app: { url: string; close(): Promise<void> };
let mailbox: LocalMailbox;

beforeAll(async () => {
  handle = await testDb();
  const base = testDeps(handle, {}, { TRUST_PROXY: '1' });
  mailbox = new LocalMailbox({ appUrl: base.env.appUrl, logger: base.logger });
  app = await listen({ ...base, localMailbox: mailbox });
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

const PASSWORD = 'uma frase-senha bem comprida';
const DEVICE_COOKIE = 'pauta_device';
let ipCounter = 0;
/** A browser without history at a new address (or at `ip`). */
const browser = (ip = `192.0.2.${++ipCounter}`) => new TestClient(app.url, undefined, ip);

async function owner() {
  const email = uniqueEmail('dono');
  const signUp = await browser().mutate('auth.signUp', { email, password: PASSWORD });
  expect(signUp.status).toBe(200);
  return email;
}

const signIn = (client: TestClient, email: string, password: string) =>
  client.mutate('auth.signIn', { email, password, rememberMe: false });

/** The owner's usual browser: it signed in successfully once and keeps the device cookie. */
async function knownBrowser(email: string, ip?: string) {
  const client = browser(ip);
  expect((await signIn(client, email, PASSWORD)).status).toBe(200);
  expect(client.jar.get(DEVICE_COOKIE)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  await client.mutate('auth.signOut');
  return client;
}

describe('an attacker cannot lock the owner out', () => {
  it("failures from other addresses — or the owner's own address — do not stop a known browser", async () => {
    const email = await owner();
    const ownerIp = `198.18.0.${++ipCounter}`;
    const usual = await knownBrowser(email, ownerIp);
    const before = await sessionCount(email);
    // 30 wrong passwords from 6 addresses, one of them the owner's (a shared proxy or NAT).
    const statuses: number[] = [];
    for (const ip of [ownerIp, ...Array.from({ length: 5 }, () => `198.18.1.${++ipCounter}`)]) {
      const attacker = browser(ip);
      for (let i = 0; i < 5; i++) statuses.push((await signIn(attacker, email, 'senha errada')).status);
    }
    // 200 only as "check your email" once the account is under attack, never a session.
    expect(statuses.every((s) => s === 401 || s === 429 || s === 200)).toBe(true);
    expect(await sessionCount(email)).toBe(before);

    const res = await signIn(usual, email, PASSWORD);
    expect(res.status).toBe(200);
    expect((await usual.query<{ user: { email: string } }>('auth.session')).data?.user.email).toBe(email);
  });

  it('an attacker failing from rotating addresses never keeps the owner out of a new browser (issue 24, 5.1)', async () => {
    const email = await owner();
    // The attacker: wrong passwords, a new address each time, without pause, all along.
    let attacking = true;
    onTestFinished(() => {
      attacking = false;
    });
    const answers: { status: number; body: string }[] = [];
    const attack = (async () => {
      for (let i = 0; attacking; i++) {
        const res = await signIn(browser(`203.0.113.${i % 250}`), email, `errada ${i}`);
        answers.push({ status: res.status, body: JSON.stringify(res.data ?? res.error) });
      }
    })();
    const failures = async () =>
      (
        await handle.db
          .selectFrom('rate_limits')
          .select('count')
          .where('key', '=', `login:account:${email}`)
          .executeTakeFirst()
      )?.count ?? 0;
    // Past the account's threshold (10): the account is under attack.
    for (let i = 0; i < 200 && (await failures()) < 11; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await failures()).toBeGreaterThanOrEqual(11);

    // The owner, on a browser that never signed in, with the right password, in the middle of it.
    const fresh = browser();
    const res = await signIn(fresh, email, PASSWORD);
    expect(res.status).toBe(200);
    const answer = res.data as { ok: boolean; checkEmail: boolean };
    if (answer.checkEmail) {
      // Not signed in directly: the link came by email.
      const link = await poll(() => linkEmails(email)[0]?.link);
      const url = new URL(link);
      const message = mailbox.open(url.pathname.split('/').pop()!, url.searchParams.get('k')!)!;
      const token = decodeURIComponent(message.html.match(/\/auth\/link\?token=([^"&]+)/)![1]!);
      const used = await fresh.mutate('auth.signInWithLink', { token });
      expect(used.status).toBe(200);
      // Single use.
      expect((await browser().mutate('auth.signInWithLink', { token })).status).toBe(400);
    }
    expect((await fresh.query<{ user: { email: string } }>('auth.session')).data?.user.email).toBe(email);
    // That browser is now known: its next sign-in goes straight in, attack or not.
    await fresh.mutate('auth.signOut');
    expect((await signIn(fresh, email, PASSWORD)).data).toEqual({ ok: true, checkEmail: false });

    attacking = false;
    await attack;
    // The attacker got no session, and while the account was under attack its wrong passwords got
    // exactly the owner's answer (no oracle: a right guess would only have emailed the owner).
    expect(answers.every((a) => a.status === 401 || a.status === 429 || a.status === 200)).toBe(true);
    const underAttack = answers.filter((a) => a.status === 200);
    expect(underAttack.length).toBeGreaterThan(0);
    for (const a of underAttack) expect(a.body).toBe(JSON.stringify(res.data));
    expect(linkEmails(email).length).toBeLessThanOrEqual(1);
  });
});

async function sessionCount(email: string): Promise<number> {
  const rows = await handle.db
    .selectFrom('auth_sessions')
    .innerJoin('users', 'users.id', 'auth_sessions.user_id')
    .select('auth_sessions.id')
    .where('users.email', '=', email)
    .execute();
  return rows.length;
}

const linkEmails = (email: string) =>
  mailbox.inbox(email).filter((m) => m.subject === 'Seu link de acesso à Pauta');

async function poll<T>(read: () => T | undefined): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('nada chegou');
}

describe('the emailed sign-in link', () => {
  it('is refused when forged, expired, or once the password changed', async () => {
    const email = await owner();
    const user = await handle.db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const keyring = testDeps(handle).env.keyring;
    const redeem = (token: string) => browser().mutate('auth.signInWithLink', { token });
    const fresh = issueSignInLinkToken(keyring, { id: user.id, passwordHash: user.password_hash });
    const [keyId, payload, mac] = fresh.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const longer = Buffer.from(JSON.stringify({ ...claims, e: Date.now() + 86_400_000 })).toString(
      'base64url',
    );
    expect((await redeem(`${keyId}.${longer}.${mac}`)).status).toBe(400);
    const expired = issueSignInLinkToken(
      keyring,
      { id: user.id, passwordHash: user.password_hash },
      Date.now() - 16 * 60_000,
    );
    expect((await redeem(expired)).status).toBe(400);
    // A link of the same moment still works before the change ...
    const valid = issueSignInLinkToken(keyring, { id: user.id, passwordHash: user.password_hash });
    expect((await redeem(valid)).status).toBe(200);
    // ... and none issued before it works after.
    await handle.db.updateTable('users').set({ password_hash: 'outra' }).where('id', '=', user.id).execute();
    expect((await redeem(fresh)).status).toBe(400);
  });
});

describe('brute force stays slow', () => {
  it('five failures from one place block that place for the account, even with the right password', async () => {
    const email = await owner();
    const attacker = browser();
    for (let i = 0; i < 5; i++) expect((await signIn(attacker, email, `errada ${i}`)).status).toBe(401);
    const right = await signIn(attacker, email, PASSWORD);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(600);
  });

  it("a known browser has its own budget: ten failures block it, not the owner's other browsers", async () => {
    const email = await owner();
    const laptop = await knownBrowser(email);
    const phone = await knownBrowser(email);
    for (let i = 0; i < 10; i++) expect((await signIn(laptop, email, `errada ${i}`)).status).toBe(401);
    expect((await signIn(laptop, email, PASSWORD)).status).toBe(429);
    expect((await signIn(phone, email, PASSWORD)).status).toBe(200);
  });

  it("the device cookie is signed and bound to its account: another account's or a forged one counts as unknown", async () => {
    const email = await owner();
    const other = await owner();
    const otherBrowser = await knownBrowser(other);
    const stolen = otherBrowser.jar.get(DEVICE_COOKIE)!;
    const [keyId, deviceId, mac] = stolen.split('.') as [string, string, string];
    const forged = `${keyId}.${deviceId}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const cookie of [stolen, forged]) {
      const attacker = browser();
      attacker.jar.set(DEVICE_COOKIE, cookie);
      for (let i = 0; i < 5; i++) await signIn(attacker, email, `errada ${i}`);
      expect((await signIn(attacker, email, PASSWORD)).status, cookie).toBe(429);
    }
  });
});
