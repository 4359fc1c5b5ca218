// Sessions in memory on real PostgreSQL (session-cache.ts; docs/performance.md): a web process
// keeps the session rows it read, and a change made anywhere else (another web process, an
// administrator, a script) reaches it through PostgreSQL's notice: a deleted session is refused,
// a changed email is seen, on the next requests — and nothing is served from memory while the
// notices are not being received.
import {
  createDb,
  createUser,
  type DbHandle,
  findSessionWithUser,
  getSetting,
  listenPostgres,
} from '@pauta/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedDb, uniqueEmail } from '../../../test/harness.js';
import { listen, signedInUser, testDeps } from '../../../test/server-harness.js';
import { createSession, SESSION_POLICY, validateSessionToken } from '../auth/session.js';
import { CACHE_CHANNEL, type MemoryCache, startMemoryCache } from '../cache/memory-cache.js';
import { createLogger } from '../logger.js';

let handle: DbHandle;
/** Another process's database connection: its changes reach this one only through the notices. */
let other: DbHandle;
let cache: MemoryCache;
let closeCache: () => Promise<void>;
let server: { url: string; close(): Promise<void> };
const appName = `pauta-cache-test-${process.pid}`;

let drop: () => Promise<void>;

beforeAll(async () => {
  // A database of its own: notices are per database, and other test files' sign-outs would move
  // this cache's generation at random.
  let url: string;
  ({ handle, url, drop } = await isolatedDb());
  other = await createDb({ databaseUrl: url, poolSize: 1, applicationName: 'pauta-test-other' });
  const started = await startMemoryCache({
    listen: (channel, options) => listenPostgres(`${url}?application_name=${appName}`, channel, options),
    logger: createLogger({ level: 'silent', pretty: false }),
  });
  cache = started.cache;
  closeCache = started.close;
  server = await listen(testDeps(handle, { cache }));
});
afterAll(async () => {
  await server.close();
  await closeCache();
  await other.close();
  await drop();
});

/** Polls until `check` holds (a notice travels through PostgreSQL: milliseconds, not a fixed wait). */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`não aconteceu em 5 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function sessionOf(userId: string) {
  return other.db
    .selectFrom('auth_sessions')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

describe('sessions in memory', () => {
  it('a session read once is served from memory: deleting its row behind the cache’s back (no notice) would not be seen', async () => {
    const user = await signedInUser(handle, server.url, { label: 'cache-hit' });
    const { id } = await sessionOf(user.id);
    // A read keeps its row only if no notice arrived meanwhile: the sign-up's own notices (its
    // workspace membership) may still be on their way on a loaded machine (CI, 2026-11-28), so read
    // until the copy is kept.
    await eventually(async () => {
      const read = await user.browser.query<{ user: { id: string } | null }>('auth.session');
      expect(read.data?.user?.id).toBe(user.id);
      return cache.get(id) !== undefined;
    }, 'a sessão guardada na memória');
    // Delete the row with the notice trigger off (as no code path can): the copy still answers,
    // which proves the second request did not read PostgreSQL.
    await other.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await trx.deleteFrom('auth_sessions').where('id', '=', id).execute();
    });
    expect((await user.browser.query<{ user: { id: string } | null }>('auth.session')).data?.user?.id).toBe(
      user.id,
    );
    // The copy goes with its own notice (what the trigger would have sent).
    await sql`SELECT pg_notify(${CACHE_CHANNEL}, ${`session:${id}`})`.execute(other.db);
    await eventually(
      async () => (await user.browser.query<{ user: unknown }>('auth.session')).data?.user === null,
      'a sessão removida recusada',
    );
  });

  it('a session deleted by another process is refused on the next requests', async () => {
    const user = await signedInUser(handle, server.url, { label: 'cache-delete' });
    expect((await user.browser.query('posts.list', { limit: 5 })).status).toBe(200);
    expect(cache.get((await sessionOf(user.id)).id)).toBeDefined();
    // "Sair de todos os dispositivos" elsewhere: the row is deleted through another connection.
    await other.db.deleteFrom('auth_sessions').where('user_id', '=', user.id).execute();
    await eventually(
      async () => (await user.browser.query('posts.list', { limit: 5 })).status === 401,
      '401',
    );
  });

  it('an email changed elsewhere is the one the next requests see', async () => {
    const user = await signedInUser(handle, server.url, { label: 'cache-email' });
    await user.browser.query('auth.session');
    const email = uniqueEmail('cache-email-novo');
    await other.db.updateTable('users').set({ email }).where('id', '=', user.id).execute();
    await eventually(
      async () =>
        (await user.browser.query<{ user: { email: string } | null }>('auth.session')).data?.user?.email ===
        email,
      'o novo email',
    );
  });

  it('signing out here refuses the old cookie at once, without waiting for the notice', async () => {
    const user = await signedInUser(handle, server.url, { label: 'cache-signout' });
    await user.browser.query('auth.session');
    const cookie = user.browser.cookieHeader();
    expect((await user.browser.mutate('auth.signOut')).status).toBe(200);
    const replay = await fetch(
      `${server.url}/trpc/posts.list?input=${encodeURIComponent('{"json":{"limit":5}}')}`,
      {
        headers: { cookie },
      },
    );
    expect(replay.status).toBe(401);
  });

  it('when the LISTEN connection drops every copy is dropped; when it is back, sessions are cached again', async () => {
    const user = await signedInUser(handle, server.url, { label: 'cache-gap' });
    await user.browser.query('auth.session');
    expect(cache.size).toBeGreaterThan(0);
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${appName}`.execute(
      other.db,
    );
    await eventually(async () => cache.size === 0, 'as cópias descartadas');
    // (What is served during the gap is the unit test's: a live LISTEN may be back within 250 ms.)
    await eventually(async () => {
      await user.browser.query('auth.session');
      return cache.size > 0;
    }, 'o cache de volta depois do LISTEN restabelecido');
  });

  it('a setting is read once, and again after an administrator changes it anywhere', async () => {
    let reads = 0;
    const load = async () => {
      reads++;
      return (await getSetting(handle.db, 'network_budgets')) ?? null;
    };
    const first = await cache.setting('network_budgets', load);
    await cache.setting('network_budgets', load);
    expect(reads).toBe(1);
    const changed = { x: { month: 900, day: 9, scope: 'user' } };
    await other.db
      .updateTable('admin_settings')
      .set({ setting_value: JSON.stringify(changed) })
      .where('setting_key', '=', 'network_budgets')
      .execute();
    try {
      await eventually(async () => {
        const value = (await cache.setting('network_budgets', load)) as { x?: { month?: number } } | null;
        return value?.x?.month === 900;
      }, 'o novo orçamento');
      expect(await cache.setting('network_budgets', load)).toEqual(changed);
      expect(reads).toBe(2);
    } finally {
      await other.db
        .updateTable('admin_settings')
        .set({ setting_value: JSON.stringify(first) })
        .where('setting_key', '=', 'network_budgets')
        .execute();
    }
  });

  it('a copy that looks expired is checked against the row: a renewal by another process keeps the session', async () => {
    const user = await createUser(handle.db, { email: uniqueEmail('cache-renewed'), passwordHash: null });
    const { token, sessionId } = await createSession(handle.db, user.id, { persistent: false });
    const now = new Date();
    const row = await findSessionWithUser(handle.db, sessionId);
    // This process's copy was read before another process renewed the session: by the copy, it
    // has been idle past the 12 h limit.
    const stale = {
      ...row!,
      last_verified_at: new Date(now.getTime() - SESSION_POLICY.browser.idleMs - 1_000),
    };
    cache.put(sessionId, stale, cache.ticket(), now.getTime());
    expect(cache.get(sessionId, now.getTime())?.last_verified_at).toEqual(stale.last_verified_at);
    const session = await validateSessionToken(handle.db, token, now, cache);
    expect(session?.userId).toBe(user.id);
    expect(await findSessionWithUser(handle.db, sessionId)).toBeDefined();
  });
});
