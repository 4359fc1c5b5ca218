// The revocation window (issue 24, item 5.5; docs/security.md A8): two web processes, each with its
// own sessions in memory, on one database. A sign-out (or a deleted user) on one of them must be
// refused for every state-changing request on the other at once — not when the notice arrives.
// The second process's notices are held back 400 ms here (a busy process, a slow network) so the
// test does not depend on who wins a race of milliseconds.
import { type DbHandle, listenPostgres } from '@pauta/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedDb } from '../../../test/harness.js';
import { listen, signedInUser, testDeps } from '../../../test/server-harness.js';
import { createLogger } from '../logger.js';
import { startMemoryCache } from './memory-cache.js';

const NOTICE_DELAY_MS = 400;
let handle: DbHandle;
let drop: () => Promise<void>;
let closers: (() => Promise<void>)[] = [];
let a: { url: string; close(): Promise<void> };
let b: { url: string; close(): Promise<void> };

beforeAll(async () => {
  let url: string;
  ({ handle, url, drop } = await isolatedDb());
  const logger = createLogger({ level: 'silent', pretty: false });
  const process = async (delayMs: number) => {
    const started = await startMemoryCache({
      listen: (channel, options) =>
        listenPostgres(url, channel, {
          ...options,
          onMessage: (payload) => {
            if (delayMs === 0) options.onMessage(payload);
            else setTimeout(() => options.onMessage(payload), delayMs);
          },
        }),
      logger,
    });
    const app = await listen(testDeps(handle, { cache: started.cache }));
    closers.push(app.close, started.close);
    return app;
  };
  a = await process(0);
  b = await process(NOTICE_DELAY_MS);
});
afterAll(async () => {
  for (const close of closers) await close();
  closers = [];
  await drop();
});

/** The same browser cookie, sent to process B. */
function onB(browser: { cookieHeader(): string }) {
  return {
    session: async () => {
      const res = await fetch(`${b.url}/trpc/auth.session`, { headers: { cookie: browser.cookieHeader() } });
      return ((await res.json()) as { result: { data: { json: { user: { id: string } | null } } } }).result
        .data.json.user;
    },
    signOut: () =>
      fetch(`${b.url}/trpc/auth.signOut`, {
        method: 'POST',
        headers: {
          cookie: browser.cookieHeader(),
          'content-type': 'application/json',
          'sec-fetch-site': 'same-origin',
        },
        body: '{}',
      }),
  };
}

describe('two web processes, one sign-out', () => {
  it('a cookie signed out on A is refused for a state-changing request on B at once', async () => {
    const user = await signedInUser(handle, a.url, { label: 'revoga' });
    const cookie = user.browser.cookieHeader();
    const b1 = onB(user.browser);
    // B has the session in memory.
    expect((await b1.session())?.id).toBe(user.id);
    expect((await b1.session())?.id).toBe(user.id);

    const out = await fetch(`${a.url}/trpc/auth.signOut`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: '{}',
    });
    expect(out.status).toBe(200);
    // Immediately, before B's notice arrives: no write under that cookie.
    const write = await b1.signOut();
    expect(write.status).toBe(401);
    // Reads: bounded by the notice (here held back 400 ms; normally milliseconds; 30 s at most).
    const started = Date.now();
    while ((await b1.session()) !== null) {
      expect(Date.now() - started).toBeLessThan(NOTICE_DELAY_MS + 5_000);
      await new Promise((r) => setTimeout(r, 20));
    }
  });

  it('a user deleted through A is refused for a state-changing request on B at once', async () => {
    const user = await signedInUser(handle, a.url, { label: 'apaga' });
    const b1 = onB(user.browser);
    expect((await b1.session())?.id).toBe(user.id);
    await handle.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect((await b1.signOut()).status).toBe(401);
  });
});
