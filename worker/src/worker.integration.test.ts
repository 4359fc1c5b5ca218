// The worker's promises, proven with real PostgreSQL, real Redis, the sandbox networks and the
// worker as a child process: exactly once, nothing lost, clear reasons (docs/reliability.md W1–W10).
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { JOB_NAMES, publishQueueName } from '@pauta/core';
import { type DbHandle, parseKeyring, readAccountTokens } from '@pauta/db';
import { installSandboxFetch, uninstallSandboxFetch } from '@pauta/networks';
import { type SandboxHandle, startSandbox } from '@pauta/networks/sandbox';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { isolatedDb, makeUser, testRedisPrefix } from '../../test/harness.js';
import { TEST_KEYS } from '../../test/server-harness.js';
import {
  connectThroughSandbox,
  seedPosts,
  seedTheme,
  spawnWorker,
  type WorkerProcess,
  waitFor,
} from '../../test/worker-harness.js';

const keyring = parseKeyring(TEST_KEYS);
let handle: DbHandle;
/** A database of its own: a worker spawned here must not publish posts another file left due. */
let iso: { handle: DbHandle; url: string; drop(): Promise<void> };
let sandbox: SandboxHandle;
const running: WorkerProcess[] = [];
let prefixCounter = 0;

beforeAll(async () => {
  iso = await isolatedDb();
  handle = iso.handle;
  sandbox = await startSandbox({ tokenPrefix: 'SENTINEL' });
  installSandboxFetch(sandbox.url);
});
afterEach(async () => {
  for (const w of running.splice(0)) {
    if (w.child.exitCode === null) {
      w.kill('SIGKILL');
      await w.exited;
    }
  }
  sandbox.clearFaults();
});
afterAll(async () => {
  await sandbox?.close();
  uninstallSandboxFetch();
  await iso?.drop();
});

function prefix() {
  prefixCounter += 1;
  return `${testRedisPrefix()}-w${prefixCounter}`;
}

function startWorker(redisPrefix: string, env: Record<string, string> = {}) {
  const worker = spawnWorker({ sandboxUrl: sandbox.url, databaseUrl: iso.url, redisPrefix, env });
  running.push(worker);
  return worker;
}

/** A user with a connected X account and a theme. */
async function xUser() {
  const user = await makeUser(handle, 'worker');
  const account = await connectThroughSandbox(handle, keyring, {
    sandboxUrl: sandbox.url,
    userId: user.id,
    platform: 'x',
  });
  const theme = await seedTheme(handle, user.id, ['x']);
  return { user, account, theme };
}

async function postRow(id: string) {
  return handle.db.selectFrom('suggested_posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function logsOf(id: string) {
  return handle.db
    .selectFrom('publishing_logs')
    .select(['status', 'attempt', 'error_message'])
    .where('suggested_post_id', '=', id)
    .orderBy('attempt')
    .execute();
}

function tweetsWithText(text: string) {
  return sandbox.publishedPosts('x').filter((p) => p.text === text);
}

function tweetCalls() {
  return sandbox.requests({ host: 'api.twitter.com', pathPrefix: '/2/tweets', method: 'POST' });
}

async function waitForStatus(id: string, statuses: string[], timeoutMs = 30_000) {
  return waitFor(
    async () => {
      const row = await postRow(id);
      return statuses.includes(row.status) ? row : null;
    },
    { timeoutMs, label: `post ${id} em ${statuses.join('/')}` },
  );
}

describe('publishing worker', () => {
  it('publishes a post enqueued 5 times across 3 workers exactly once (W1)', async () => {
    const { user, theme } = await xUser();
    const [post] = await seedPosts(handle, {
      userId: user.id,
      themeId: theme.id,
      platform: 'x',
      count: 1,
      scheduledFor: new Date(Date.now() + 4000),
    });
    const redisPrefix = prefix();
    const connection = new Redis(inject('redisUrl'), { maxRetriesPerRequest: null });
    const queue = new Queue(publishQueueName('x'), { connection, prefix: redisPrefix });
    for (let i = 1; i <= 5; i++) {
      await queue.add(
        JOB_NAMES.publishPost,
        { postId: post!.id, version: post!.version },
        { jobId: `dup-${i}`, delay: 4000, removeOnComplete: true },
      );
    }
    const workers = [startWorker(redisPrefix), startWorker(redisPrefix), startWorker(redisPrefix)];
    const row = await waitForStatus(post!.id, ['published', 'failed', 'needs_attention'], 40_000);
    expect(row.status).toBe('published');
    expect(row.is_used).toBe(true);
    await new Promise((r) => setTimeout(r, 2500)); // let every duplicate run
    expect(tweetsWithText(row.content)).toHaveLength(1);
    expect((await logsOf(post!.id)).filter((l) => l.status === 'success')).toHaveLength(1);
    const published = await handle.db
      .selectFrom('published_posts')
      .select(['platform_post_id', 'url'])
      .where('suggested_post_id', '=', post!.id)
      .execute();
    expect(published).toHaveLength(1);
    expect(published[0]?.url).toContain('x.com');
    expect(workers.every((w) => !w.output().includes('SENTINEL'))).toBe(true);
    await queue.close();
    connection.disconnect();
  });

  it('never sends twice when killed after the request reached the network; X confirms it (W3, issue 24)', async () => {
    const { user, theme } = await xUser();
    const [post] = await seedPosts(handle, {
      userId: user.id,
      themeId: theme.id,
      platform: 'x',
      count: 1,
      scheduledFor: new Date(),
    });
    sandbox.clearRequests();
    sandbox.addFault({ host: 'api.twitter.com', pathPrefix: '/2/tweets', method: 'POST', delayMs: 4000 });
    const redisPrefix = prefix();
    const first = startWorker(redisPrefix);
    await sandbox.waitForRequest(
      { host: 'api.twitter.com', pathPrefix: '/2/tweets', method: 'POST' },
      30_000,
    );
    first.kill('SIGKILL');
    await first.exited;
    startWorker(redisPrefix);
    // The unknown outcome is resolved by asking X (issue 24): the tweet is there, so the post is
    // published with X's id — never flagged for the owner, never sent again.
    const row = await waitForStatus(post!.id, ['published'], 40_000);
    await new Promise((r) => setTimeout(r, 3000));
    // Said in full when it fails (it failed once on a loaded CI with two calls, seq 8 and 9): when
    // each call arrived, what it carried and how it was answered tell which worker sent it.
    const calls = tweetCalls();
    expect(
      calls,
      JSON.stringify(calls.map(({ seq, receivedAt, body, status }) => ({ seq, receivedAt, body, status }))),
    ).toHaveLength(1);
    const tweet = tweetsWithText(row.content);
    expect(tweet).toHaveLength(1);
    const published = await handle.db
      .selectFrom('published_posts')
      .select(['platform_post_id', 'url'])
      .where('suggested_post_id', '=', post!.id)
      .execute();
    expect(published).toEqual([
      { platform_post_id: tweet[0]!.id, url: expect.stringContaining(tweet[0]!.id) },
    ]);
    expect((await postRow(post!.id)).status).toBe('published');
    expect((await logsOf(post!.id)).map((l) => l.status)).toEqual(['success']);
  });

  it('publishes once after a crash between the claim and the send (W3, W4)', async () => {
    const { user, theme } = await xUser();
    const [post] = await seedPosts(handle, {
      userId: user.id,
      themeId: theme.id,
      platform: 'x',
      count: 1,
      scheduledFor: new Date(Date.now() - 60_000),
    });
    // What a worker killed right after claiming leaves behind: claimed, nothing sent.
    await handle.db
      .updateTable('suggested_posts')
      .set({
        status: 'publishing',
        attempts: 1,
        claimed_at: new Date(Date.now() - 10_000),
        send_started_at: null,
      })
      .where('id', '=', post!.id)
      .execute();
    sandbox.clearRequests();
    startWorker(prefix());
    const row = await waitForStatus(post!.id, ['published', 'failed', 'needs_attention']);
    expect(row.status).toBe('published');
    expect(tweetCalls()).toHaveLength(1);
  });

  it('retries a refused connection with backoff and publishes on attempt 4 (W7)', async () => {
    const { user, theme } = await xUser();
    const [post] = await seedPosts(handle, {
      userId: user.id,
      themeId: theme.id,
      platform: 'x',
      count: 1,
      scheduledFor: new Date(),
    });
    sandbox.addFault({
      host: 'api.twitter.com',
      pathPrefix: '/2/tweets',
      method: 'POST',
      status: 503,
      times: 3,
    });
    startWorker(prefix());
    const row = await waitForStatus(post!.id, ['published', 'failed', 'needs_attention']);
    expect(row.status).toBe('published');
    expect(row.attempts).toBe(4);
    const logs = await logsOf(post!.id);
    expect(logs.map((l) => l.status)).toEqual(['error', 'error', 'error', 'success']);
    expect(logs[0]?.error_message).toContain('indisponível no momento (HTTP 503); nada foi publicado');
  });

  it('stops at a definite refusal: one call, failed, with a pt-BR reason (W7)', async () => {
    const { user, theme } = await xUser();
    const [post] = await seedPosts(handle, {
      userId: user.id,
      themeId: theme.id,
      platform: 'x',
      count: 1,
      scheduledFor: new Date(),
    });
    sandbox.clearRequests();
    sandbox.addFault({
      host: 'api.twitter.com',
      pathPrefix: '/2/tweets',
      method: 'POST',
      status: 400,
      body: {
        title: 'Invalid Request',
        detail: 'One or more parameters to your request was invalid.',
        type: 'https://api.twitter.com/2/problems/invalid-request',
      },
    });
    startWorker(prefix());
    const row = await waitForStatus(post!.id, ['published', 'failed', 'needs_attention']);
    expect(row.status).toBe('failed');
    expect(row.last_error).toBe('REJECTED');
    // The owner reads X's table row (networks/src/x/errors.ts) with the code beside it, on the
    // post and in the log (issue 18, item 2).
    const explained = 'O X recusou a requisição como inválida. Revise o texto do post e reagende. (HTTP 400)';
    expect(row.last_error_message).toBe(explained);
    expect(tweetCalls()).toHaveLength(1);
    const logs = await logsOf(post!.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]?.error_message).toMatch(/recusou/);
    expect(logs[0]?.error_message?.startsWith(explained)).toBe(true);
  });

  it('honours 429 Retry-After without using an attempt (W8)', async () => {
    const { user, theme } = await xUser();
    const [post] = await seedPosts(handle, {
      userId: user.id,
      themeId: theme.id,
      platform: 'x',
      count: 1,
      scheduledFor: new Date(),
    });
    sandbox.clearRequests();
    sandbox.addFault({
      host: 'api.twitter.com',
      pathPrefix: '/2/tweets',
      method: 'POST',
      retryAfterSeconds: 2,
    });
    startWorker(prefix());
    const row = await waitForStatus(post!.id, ['published', 'failed', 'needs_attention']);
    expect(row.status).toBe('published');
    const calls = tweetCalls();
    expect(calls).toHaveLength(2);
    expect(
      new Date(calls[1]!.receivedAt).getTime() - new Date(calls[0]!.receivedAt).getTime(),
    ).toBeGreaterThanOrEqual(1900);
    expect(row.attempts).toBe(1);
    expect((await logsOf(post!.id)).map((l) => l.status)).toEqual(['success']);
  });

  it('refreshes an expiring token once for 10 due posts (W9)', async () => {
    const { user, theme, account } = await xUser();
    await handle.db
      .updateTable('connected_accounts')
      .set({ access_token_expires_at: new Date(Date.now() + 60_000) })
      .where('id', '=', account.id)
      .execute();
    const posts = await seedPosts(handle, {
      userId: user.id,
      themeId: theme.id,
      platform: 'x',
      count: 10,
      scheduledFor: new Date(),
    });
    sandbox.clearRequests();
    startWorker(prefix());
    for (const p of posts)
      expect((await waitForStatus(p.id, ['published', 'failed', 'needs_attention'])).status).toBe(
        'published',
      );
    const refreshes = sandbox.requests({ host: 'api.twitter.com', pathPrefix: '/2/oauth2/token' });
    expect(refreshes).toHaveLength(1);
    const stored = await readAccountTokens(handle.db, keyring, account.id);
    expect(stored.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
  });

  it('marks the account needs_reconnect on invalid_grant and fails its posts with a clear reason (W9)', async () => {
    const { user, theme, account } = await xUser();
    const tokens = await readAccountTokens(handle.db, keyring, account.id);
    sandbox.revokeToken(tokens.refreshToken!);
    await handle.db
      .updateTable('connected_accounts')
      .set({ access_token_expires_at: new Date(Date.now() + 60_000) })
      .where('id', '=', account.id)
      .execute();
    const posts = await seedPosts(handle, {
      userId: user.id,
      themeId: theme.id,
      platform: 'x',
      count: 3,
      scheduledFor: new Date(),
    });
    sandbox.clearRequests();
    startWorker(prefix());
    for (const p of posts) {
      const row = await waitForStatus(p.id, ['published', 'failed', 'needs_attention']);
      expect(row.status).toBe('failed');
      expect(row.last_error).toBe('ACCOUNT_NEEDS_RECONNECT');
    }
    const stored = await handle.db
      .selectFrom('connected_accounts')
      .select(['status', 'is_active'])
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'needs_reconnect', is_active: true });
    expect(tweetCalls()).toHaveLength(0);
  });

  it('keeps an account active when the refresh endpoint has a 503 (W9)', async () => {
    const { user, theme, account } = await xUser();
    await handle.db
      .updateTable('connected_accounts')
      .set({ access_token_expires_at: new Date(Date.now() + 60_000) })
      .where('id', '=', account.id)
      .execute();
    sandbox.addFault({ host: 'api.twitter.com', pathPrefix: '/2/oauth2/token', status: 503, times: 1 });
    const [post] = await seedPosts(handle, {
      userId: user.id,
      themeId: theme.id,
      platform: 'x',
      count: 1,
      scheduledFor: new Date(),
    });
    startWorker(prefix());
    const row = await waitForStatus(post!.id, ['published', 'failed', 'needs_attention']);
    expect(row.status).toBe('published');
    const stored = await handle.db
      .selectFrom('connected_accounts')
      .select('status')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('active');
  });

  it('finishes the publication in flight on SIGTERM and exits 0 (W10)', async () => {
    const { user, theme } = await xUser();
    const [post] = await seedPosts(handle, {
      userId: user.id,
      themeId: theme.id,
      platform: 'x',
      count: 1,
      scheduledFor: new Date(),
    });
    sandbox.addFault({ host: 'api.twitter.com', pathPrefix: '/2/tweets', method: 'POST', delayMs: 2500 });
    const worker = startWorker(prefix());
    await sandbox.waitForRequest(
      { host: 'api.twitter.com', pathPrefix: '/2/tweets', method: 'POST' },
      30_000,
    );
    worker.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect((await postRow(post!.id)).status).toBe('published');
  });

  it('fails posts without a connected account right away, with the reason', async () => {
    const user = await makeUser(handle, 'noaccount');
    const theme = await seedTheme(handle, user.id, ['linkedin']);
    const [post] = await seedPosts(handle, {
      userId: user.id,
      themeId: theme.id,
      platform: 'linkedin',
      count: 1,
      scheduledFor: new Date(),
    });
    startWorker(prefix());
    const row = await waitForStatus(post!.id, ['published', 'failed', 'needs_attention']);
    expect(row.status).toBe('failed');
    expect(row.last_error).toBe('ACCOUNT_NOT_CONNECTED');
  });
});

// --- Redis loss: a Redis of our own, so flushing or restarting it touches no other test ---------

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const client = new Redis({ port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  await waitFor(
    async () => {
      try {
        await client.connect();
        return (await client.ping()) === 'PONG';
      } catch {
        client.disconnect();
        return false;
      }
    },
    { timeoutMs: 10_000, label: 'redis-server' },
  );
  client.disconnect();
  return child;
}

describe('Redis data loss (W4)', () => {
  it('publishes 200 due posts exactly once through a FLUSHALL and a Redis restart', async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    const redisUrl = `redis://127.0.0.1:${port}`;
    const { user, theme } = await xUser();
    const posts = await seedPosts(handle, {
      userId: user.id,
      themeId: theme.id,
      platform: 'x',
      count: 200,
      scheduledFor: new Date(Date.now() + 6000),
    });
    const worker = spawnWorker({
      sandboxUrl: sandbox.url,
      databaseUrl: iso.url,
      redisPrefix: 'pauta',
      env: { REDIS_URL: redisUrl },
    });
    running.push(worker);
    await new Promise((r) => setTimeout(r, 3000));
    const admin = new Redis(redisUrl);
    admin.on('error', () => {});
    await admin.flushall();
    admin.disconnect();
    await new Promise((r) => setTimeout(r, 4000));
    redis.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 1500));
    redis = await startRedis(port);

    const started = Date.now();
    await waitFor(
      async () => {
        const row = await handle.db
          .selectFrom('suggested_posts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('theme_id', '=', theme.id)
          .where('status', '=', 'published')
          .executeTakeFirstOrThrow();
        return Number(row.n) === 200;
      },
      { timeoutMs: 120_000, label: '200 publicados' },
    );
    const contents = await handle.db
      .selectFrom('suggested_posts')
      .select('content')
      .where('theme_id', '=', theme.id)
      .execute();
    expect(contents).toHaveLength(posts.length);
    for (const { content } of contents) expect(tweetsWithText(content)).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(120_000);
    worker.kill('SIGTERM');
    await worker.exited;
    redis.kill('SIGKILL');
  }, 180_000);
});
