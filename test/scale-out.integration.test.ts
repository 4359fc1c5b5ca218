// Scale-out (docs/architecture.md §1): two web and two worker processes on one PostgreSQL and Redis.
// 500 posts are rescheduled for the same moment through both web processes; one worker is killed
// midway; every post must still be published exactly once.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type DbHandle, parseKeyring } from '../db/src/index.js';
import { installSandboxFetch, uninstallSandboxFetch } from '../networks/src/index.js';
import { type SandboxHandle, startSandbox } from '../networks/src/sandbox/index.js';
import { hashPassword } from '../server/src/auth/password.js';
import { isolatedDb, testRedisPrefix, uniqueEmail } from './harness.js';
import { TestClient } from './http-client.js';
import { NO_BUDGETS } from './integration-global-setup.js';
import { TEST_KEYS } from './server-harness.js';
import { freePort, spawnWeb } from './web-process.js';
import {
  connectThroughSandbox,
  seedPosts,
  seedTheme,
  spawnWorker,
  type WorkerProcess,
  waitFor,
} from './worker-harness.js';

let handle: DbHandle;
/** A database of its own: a worker spawned here must not publish posts another file left due. */
let iso: { handle: DbHandle; url: string; drop(): Promise<void> };
let sandbox: SandboxHandle;
const children: ChildProcess[] = [];
const workers: WorkerProcess[] = [];

const startWeb = (port: number, redisPrefix: string) =>
  spawnWeb({ port, redisPrefix, sandboxUrl: sandbox.url, children, databaseUrl: iso.url });

beforeAll(async () => {
  iso = await isolatedDb();
  handle = iso.handle;
  // 500 X posts in a day: without budgets, like the run's shared database.
  await handle.db
    .updateTable('admin_settings')
    .set({ setting_value: JSON.stringify(NO_BUDGETS) })
    .where('setting_key', '=', 'network_budgets')
    .execute();
  sandbox = await startSandbox({ tokenPrefix: 'SENTINEL' });
  installSandboxFetch(sandbox.url);
}, 60_000);
afterAll(async () => {
  for (const w of workers) if (w.child.exitCode === null) w.kill('SIGKILL');
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await sandbox?.close();
  uninstallSandboxFetch();
  await iso?.drop();
});

describe('two web and two worker processes', () => {
  it('publish 500 posts due in the same minute exactly once, even when a worker dies midway', async () => {
    const redisPrefix = `${testRedisPrefix()}-scale`;
    const password = 'uma senha de teste longa';
    const email = uniqueEmail('scale');
    const user = await createUser(handle.db, { email, passwordHash: await hashPassword(password) });
    await connectThroughSandbox(handle, parseKeyring(TEST_KEYS), {
      sandboxUrl: sandbox.url,
      userId: user.id,
      platform: 'x',
    });
    const theme = await seedTheme(handle, user.id, ['x']);
    const posts = await seedPosts(handle, {
      userId: user.id,
      themeId: theme.id,
      platform: 'x',
      count: 500,
      scheduledFor: new Date(Date.now() + 86_400_000),
    });

    const [portA, portB] = [await freePort(), await freePort()];
    const [webA, webB] = await Promise.all([startWeb(portA, redisPrefix), startWeb(portB, redisPrefix)]);
    const workerEnv = {
      RECONCILE_INTERVAL_MS: '2000',
      // Long enough that the surviving worker, slowed by a loaded CI machine, is never taken for a
      // stalled one (its in-flight sends would then be flagged too); the dead worker's claims are
      // recovered after it all the same.
      STALE_CLAIM_MS: '15000',
      NETWORK_TIMEOUT_MS: '2000',
      WORKER_CONCURRENCY: '50',
    };
    workers.push(spawnWorker({ sandboxUrl: sandbox.url, databaseUrl: iso.url, redisPrefix, env: workerEnv }));
    workers.push(spawnWorker({ sandboxUrl: sandbox.url, databaseUrl: iso.url, redisPrefix, env: workerEnv }));

    const clients = [new TestClient(webA), new TestClient(webB)];
    for (const client of clients) {
      const res = await client.mutate('auth.signIn', { email, password, rememberMe: false });
      expect(res.status).toBe(200);
    }
    const due = new Date(Date.now() + 25_000);
    for (const [i, post] of posts.entries()) {
      const res = await clients[i % 2]!.mutate('posts.reschedule', { id: post.id, scheduledFor: due });
      expect(res.status, JSON.stringify(res.error)).toBe(200);
    }
    // Midway: kill one worker while the burst is being published.
    await waitFor(async () => sandbox.publishedPosts('x').length >= 50, {
      timeoutMs: 60_000,
      label: 'primeiros envios',
    });
    workers[0]!.kill('SIGKILL');

    await waitFor(
      async () => {
        const row = await handle.db
          .selectFrom('suggested_posts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('theme_id', '=', theme.id)
          .where('status', 'in', ['published', 'needs_attention'])
          .executeTakeFirstOrThrow();
        return Number(row.n) === 500;
      },
      { timeoutMs: 120_000, label: '500 concluídos' },
    );
    // The surviving worker stops (SIGTERM: it finishes what it holds) before the counts are read:
    // its resolver may still turn a flagged post into a published one after asking the network
    // (seen on CI: the statuses read 479 published, then published_posts counted 480).
    workers[1]!.kill('SIGTERM');
    await workers[1]!.exited;
    const contents = await handle.db
      .selectFrom('suggested_posts')
      .select(['content', 'status'])
      .where('theme_id', '=', theme.id)
      .execute();
    const sent = sandbox.publishedPosts('x');
    for (const { content } of contents) {
      expect(sent.filter((p) => p.text === content).length).toBeLessThanOrEqual(1);
    }
    // A post whose request was in flight when the worker died is flagged, never sent twice;
    // everything else is published.
    const flagged = contents.filter((c) => c.status === 'needs_attention').length;
    expect(contents.filter((c) => c.status === 'published')).toHaveLength(500 - flagged);
    expect(flagged).toBeLessThanOrEqual(50);
    expect(new Set(sent.map((p) => p.text)).size).toBe(sent.length);
    const published = await handle.db
      .selectFrom('published_posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('theme_id', '=', theme.id)
      .executeTakeFirstOrThrow();
    expect(Number(published.n)).toBe(500 - flagged);
    process.stdout.write(
      `scale-out: ${500 - flagged} publicados, ${flagged} marcados para atenção, ${sent.length} envios\n`,
    );
  }, 240_000);
});
