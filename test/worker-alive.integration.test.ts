// Worker alive (issue 18, item 5): a real worker process writes its heartbeat and marks it stopped
// on SIGTERM; once no worker has been seen for 2 minutes (the stopped row aged by 3 minutes, the
// same as waiting) with a post due, two real web processes report it on /readyz (still ready),
// admins see it in admin.workers.status, and exactly one 'worker_down' email is queued per admin.
// A worker beating again closes the outage, and the next outage emails again.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beatWorker, createUser, type DbHandle } from '../db/src/index.js';
import { type SandboxHandle, startSandbox } from '../networks/src/sandbox/index.js';
import { createSession } from '../server/src/auth/session.js';
import { isolatedDb, testRedisPrefix, uniqueEmail } from './harness.js';
import { TestClient } from './http-client.js';
import { freePort, spawnWeb } from './web-process.js';
import { seedPosts, seedTheme, spawnWorker, type WorkerProcess, waitFor } from './worker-harness.js';

let iso: Awaited<ReturnType<typeof isolatedDb>>;
let handle: DbHandle;
let sandbox: SandboxHandle;
const children: ChildProcess[] = [];
let worker: WorkerProcess | undefined;

beforeAll(async () => {
  iso = await isolatedDb();
  handle = iso.handle;
  sandbox = await startSandbox({});
}, 60_000);
afterAll(async () => {
  if (worker && worker.child.exitCode === null) worker.kill('SIGKILL');
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await sandbox?.close();
  await iso?.drop();
});

const outageEmails = () =>
  handle.db
    .selectFrom('email_outbox')
    .select(['to_address', 'subject', 'html'])
    .where('template_name', '=', 'worker_down')
    .execute();

interface Ready {
  status: string;
  workers: { status: string; alive: number; duePosts: number; lastSeenAt: string | null; note?: string };
}

describe('worker heartbeat and the no-worker alert', () => {
  it('beats, stops, raises the alert once across two web processes, and clears it', async () => {
    const redisPrefix = `${testRedisPrefix()}-alive`;
    const admin = await createUser(handle.db, { email: uniqueEmail('ops-admin'), passwordHash: null });
    await handle.db.insertInto('user_roles').values({ user_id: admin.id, role: 'admin' }).execute();
    const owner = await createUser(handle.db, { email: uniqueEmail('ops-owner'), passwordHash: null });

    // 1. A real worker process: its row appears, then its beat moves.
    worker = spawnWorker({
      sandboxUrl: sandbox.url,
      redisPrefix,
      databaseUrl: iso.url,
      env: { WORKER_HEARTBEAT_MS: '300', PAUTA_VERSION: 'v-teste', WORKER_HEALTH_PORT: '0' },
    });
    const first = await waitFor(
      () => handle.db.selectFrom('worker_heartbeats').selectAll().executeTakeFirst(),
      { timeoutMs: 30_000, label: 'heartbeat do worker' },
    );
    expect(first).toMatchObject({ pid: worker.child.pid, version: 'v-teste', stopped_at: null });
    await waitFor(
      async () => {
        const row = await handle.db
          .selectFrom('worker_heartbeats')
          .select('last_beat_at')
          .where('id', '=', first.id)
          .executeTakeFirstOrThrow();
        return row.last_beat_at.getTime() > first.last_beat_at.getTime();
      },
      { timeoutMs: 10_000, label: 'heartbeat atualizado' },
    );

    // 2. SIGTERM: the row stays, marked stopped (its time is the "last seen").
    worker.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    const stopped = await handle.db
      .selectFrom('worker_heartbeats')
      .selectAll()
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(stopped.stopped_at).not.toBeNull();

    // 3. A post is due and the worker left 3 minutes ago (aged, instead of waiting).
    const theme = await seedTheme(handle, owner.id, ['x']);
    await seedPosts(handle, {
      userId: owner.id,
      themeId: theme.id,
      platform: 'x',
      count: 2,
      scheduledFor: new Date(Date.now() - 60_000),
    });
    await handle.db
      .updateTable('worker_heartbeats')
      .set({ last_beat_at: new Date(Date.now() - 3 * 60_000), stopped_at: new Date(Date.now() - 3 * 60_000) })
      .execute();

    // 4. Two web processes checking every 200 ms race to open the outage: one email per admin.
    // The workers' details on /readyz need the metrics bearer (the public sees ready / not ready).
    const METRICS_TOKEN = 'token-de-metricas-worker-alive';
    const env = { WORKER_WATCH_INTERVAL_MS: '200', METRICS_TOKEN };
    const readyz = (web: string) =>
      fetch(`${web}/readyz`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const webs = await Promise.all(
      [await freePort(), await freePort()].map((port) =>
        spawnWeb({ port, redisPrefix, sandboxUrl: sandbox.url, children, databaseUrl: iso.url, env }),
      ),
    );
    await waitFor(async () => (await outageEmails()).length > 0, { timeoutMs: 20_000, label: 'email' });
    // Both processes keep checking (every 200 ms) while the outage lasts: still exactly one email.
    await new Promise((r) => setTimeout(r, 2_000));
    const emails = await outageEmails();
    expect(emails).toHaveLength(1);
    expect(emails[0]!.to_address).toBe(admin.email);
    expect(emails[0]!.subject).toBe('Pauta: nenhum worker ativo há 3 min — 2 posts atrasados');
    expect(emails[0]!.html).toContain('npm run start:worker');

    for (const web of webs) {
      const res = await readyz(web);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Ready;
      expect(body.status).toBe('ready');
      expect(body.workers).toMatchObject({ status: 'no_worker', alive: 0, duePosts: 2 });
      expect(body.workers.note).toBe('nenhum worker ativo há 3 min; 2 posts atrasados');
    }

    // The banner's data, for an administrator.
    const { token } = await createSession(handle.db, admin.id, { persistent: false });
    const browser = new TestClient(webs[0]!);
    browser.jar.set('pauta_session', token);
    const status = await browser.query<{
      health: { status: string; duePosts: number; minutesSinceSeen: number };
      workers: { state: string; version: string }[];
    }>('admin.workers.status');
    expect(status.status).toBe(200);
    expect(status.data?.health).toMatchObject({ status: 'no_worker', duePosts: 2, minutesSinceSeen: 3 });
    expect(status.data?.workers).toMatchObject([{ state: 'stopped', version: 'v-teste' }]);
    // Not for a non-admin.
    const { token: userToken } = await createSession(handle.db, owner.id, { persistent: false });
    const user = new TestClient(webs[0]!);
    user.jar.set('pauta_session', userToken);
    expect((await user.query('admin.workers.status')).status).toBe(403);

    // 5. A worker beats again: the outage closes and /readyz says ok.
    await beatWorker(handle.db, { id: first.id, host: 'h', pid: 1, version: 'v-teste' });
    await waitFor(
      async () =>
        (await handle.db.selectFrom('worker_outages').select('ended_at').executeTakeFirst())?.ended_at,
      { timeoutMs: 10_000, label: 'interrupção encerrada' },
    );
    const ok = (await (await readyz(webs[1]!)).json()) as Ready;
    expect(ok.workers).toMatchObject({ status: 'ok', alive: 1, duePosts: 2 });

    // 6. A second outage is a new one: it emails again (once).
    await handle.db
      .updateTable('worker_heartbeats')
      .set({ last_beat_at: new Date(Date.now() - 5 * 60_000) })
      .execute();
    await waitFor(async () => (await outageEmails()).length === 2, { timeoutMs: 20_000, label: '2º email' });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await outageEmails()).toHaveLength(2);
  }, 120_000);
});
