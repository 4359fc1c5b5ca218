// Sign-in limits that keep brute force slow without letting an attacker lock a person out
// (issue 11, item 7). The app trusts one proxy here (TRUST_PROXY=1), so each TestClient speaks
// from the address it is given (X-Forwarded-For).
import type { DbHandle } from '@pauta/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, uniqueEmail } from '../../../test/harness.js';
import { TestClient } from '../../../test/http-client.js';
import { listen, testDeps } from '../../../test/server-harness.js';

let handle: DbHandle;
let app: { url: string; close(): Promise<void> };

beforeAll(async () => {
  handle = await testDb();
  app = await listen(testDeps(handle, {}, { TRUST_PROXY: '1' }));
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
    // 30 wrong passwords from 6 addresses, one of them the owner's (a shared proxy or NAT).
    const statuses: number[] = [];
    for (const ip of [ownerIp, ...Array.from({ length: 5 }, () => `198.18.1.${++ipCounter}`)]) {
      const attacker = browser(ip);
      for (let i = 0; i < 5; i++) statuses.push((await signIn(attacker, email, 'senha errada')).status);
    }
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);

    const res = await signIn(usual, email, PASSWORD);
    expect(res.status).toBe(200);
    expect((await usual.query<{ user: { email: string } }>('auth.session')).data?.user.email).toBe(email);
  });

  it('unknown browsers are slowed down (seconds), not locked out for 15 minutes', async () => {
    const email = await owner();
    // Ten failures from ten addresses put the account in slow mode for browsers it does not know.
    for (let i = 0; i < 10; i++) expect((await signIn(browser(), email, 'senha errada')).status).toBe(401);
    // One more guess takes the account's slot ...
    expect((await signIn(browser(), email, 'senha errada')).status).toBe(401);
    // ... so the owner on a new browser right after waits a few seconds, not 15 minutes.
    const fresh = browser();
    const slowed = await signIn(fresh, email, PASSWORD);
    expect(slowed.status).toBe(429);
    const wait = Number(slowed.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(30);
    // Once the slot is free again (as after waiting), the right password works.
    await handle.db
      .updateTable('rate_limits')
      .set({ blocked_until: new Date(Date.now() - 1000) })
      .where('key', '=', `login:slow:${email}`)
      .execute();
    expect((await signIn(fresh, email, PASSWORD)).status).toBe(200);
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
