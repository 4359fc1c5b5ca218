// The web process's shutdown (web.ts close()): a request still running when the process is told
// to stop — its client already cut off — runs to its end before the database pool closes, so
// no procedure fails halfway ("driver has already been destroyed") and its idempotency record is
// completed, not left claimed.
import { randomUUID } from 'node:crypto';
import { createDb, createUser, type DbHandle } from '@pauta/db';
import { sql } from 'kysely';
import { pino } from 'pino';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedDb, testDatabaseUrl, testDb, testRedisPrefix, uniqueEmail } from '../../test/harness.js';
import { insertTestTheme, TEST_KEYS } from '../../test/server-harness.js';
import { createSession } from './auth/session.js';
import { loadServerEnv } from './env.js';
import { SchemaBehindError, startWeb } from './web.js';

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

describe('web shutdown', () => {
  it('lets a procedure that is still running finish before closing the pool', async () => {
    const errors: string[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => errors.push(line) });
    const env = loadServerEnv({
      NODE_ENV: 'test',
      APP_URL: 'http://pauta.test',
      TOKEN_ENCRYPTION_KEYS: TEST_KEYS,
      DATABASE_URL: testDatabaseUrl(),
      REDIS_PREFIX: testRedisPrefix(),
      PORT: '0',
      HOST: '127.0.0.1',
    });
    const web = await startWeb({ env, logger, redisUrl: null, sandbox: true });
    const user = await createUser(handle.db, { email: uniqueEmail('shutdown'), passwordHash: null });
    const theme = await insertTestTheme(handle, user.id);
    const post = await handle.db
      .insertInto('suggested_posts')
      .values({
        theme_id: theme.id,
        user_id: user.id,
        title: 'Antes',
        content: 'Texto',
        platform: 'x',
        post_order: 1,
        scheduled_for: new Date(Date.now() + 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token } = await createSession(handle.db, user.id, { persistent: false });
    const key = randomUUID();

    // Another connection holds the post's row: the edit waits inside its UPDATE.
    const blocker = await createDb({ databaseUrl: testDatabaseUrl(), poolSize: 1 });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holderPid!: number;
    let held!: () => void;
    const holdingRow = new Promise<void>((resolve) => {
      held = resolve;
    });
    const holding = blocker.db.transaction().execute(async (trx) => {
      await sql`SELECT id FROM suggested_posts WHERE id = ${post.id} FOR UPDATE`.execute(trx);
      const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
      holderPid = rows[0]!.pid;
      held();
      await released;
    });
    await holdingRow;
    const request = fetch(`${web.url}/trpc/posts.update`, {
      method: 'POST',
      headers: {
        cookie: `pauta_session=${token}`,
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
        origin: 'http://pauta.test',
        'idempotency-key': key,
      },
      body: JSON.stringify(
        superjson.serialize({
          id: post.id,
          title: 'Depois',
          content: 'Texto',
          scheduledFor: new Date(Date.now() + 2 * 86_400_000),
        }),
      ),
    })
      .then(async (response) => `${response.status} ${await response.text()}`)
      .catch((error: unknown) => `falhou: ${String(error)}`);
    let answered: string | null = null;
    void request.then((outcome) => {
      answered = outcome;
    });
    // The edit is inside its UPDATE, waiting for the row the blocker holds (any statement of
    // this database blocked by the blocker's backend: no match on the query's text).
    await waitUntil(async () => {
      if (answered !== null) throw new Error(`a edição respondeu antes de esperar a trava: ${answered}`);
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND ${holderPid} = ANY (pg_blocking_pids(pid))`.execute(handle.db);
      return rows[0]!.n > 0;
    });
    // Stop the web (its 5 s grace for open connections, then they are cut), and only then let
    // the edit go on: it still has its idempotency record to complete.
    const closing = web.close();
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    release();
    await holding;
    await closing;
    await request;
    await blocker.close();

    const saved = await handle.db
      .selectFrom('suggested_posts')
      .select('title')
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(saved.title).toBe('Depois');
    const record = await handle.db
      .selectFrom('idempotency_keys')
      .select('state')
      .where('user_id', '=', user.id)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect(record.state).toBe('done');
    expect(errors.join('\n')).not.toContain('destroyed');
  }, 60_000);
});

async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  // 30 s: on a loaded CI machine the edit once took longer than 10 s to reach its UPDATE.
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('não aconteceu em 30 s');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('MIGRATE_ON_START', () => {
  const envFor = (databaseUrl: string, migrate: string | undefined) =>
    loadServerEnv({
      NODE_ENV: 'test',
      APP_URL: 'http://pauta.test',
      TOKEN_ENCRYPTION_KEYS: TEST_KEYS,
      DATABASE_URL: databaseUrl,
      REDIS_PREFIX: testRedisPrefix(),
      PORT: '0',
      HOST: '127.0.0.1',
      MIGRATE_ON_START: migrate,
    });

  it('is on unless set to 0 or false, and refuses anything else', () => {
    const url = testDatabaseUrl();
    expect(envFor(url, undefined).MIGRATE_ON_START).toBe(true);
    expect(envFor(url, '1').MIGRATE_ON_START).toBe(true);
    expect(envFor(url, '0').MIGRATE_ON_START).toBe(false);
    expect(envFor(url, 'false').MIGRATE_ON_START).toBe(false);
    expect(() => envFor(url, 'no')).toThrow('MIGRATE_ON_START');
  });

  it('off: starts on an up-to-date schema, refuses to start on a schema behind the code', async () => {
    const iso = await isolatedDb();
    const logger = pino({ level: 'silent' });
    try {
      const web = await startWeb({ env: envFor(iso.url, '0'), logger, redisUrl: null, sandbox: true });
      await web.close();
      // The release's newest migration "not yet run" (as when the migration Job has not run).
      const last = await iso.handle.db
        .selectFrom('kysely_migration' as never)
        .select(sql<string>`max(name)`.as('name'))
        .executeTakeFirstOrThrow();
      await sql`DELETE FROM kysely_migration WHERE name = ${last.name}`.execute(iso.handle.db);
      const starting = startWeb({ env: envFor(iso.url, '0'), logger, redisUrl: null, sandbox: true });
      await expect(starting).rejects.toBeInstanceOf(SchemaBehindError);
      await expect(starting).rejects.toThrow(last.name);
    } finally {
      await iso.drop();
    }
  });
});
