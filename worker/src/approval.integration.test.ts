// Approval before publishing, end to end on the worker (docs/approval.md): real PostgreSQL, real
// Redis, the sandbox X and two workers as child processes (two reconcilers). An unapproved post
// whose time comes is claimed by no job (the batched claim in production; the single claim is
// covered in db approval.repository.integration.test.ts), is not re-enqueued forever, is flagged
// and its owner gets exactly one notice; once approved it is published exactly once.
import { JOB_NAMES, publishQueueName } from '@pauta/core';
import { type DbHandle, moveApprovalStage, parseKeyring } from '@pauta/db';
import { installSandboxFetch, uninstallSandboxFetch } from '@pauta/networks';
import { type SandboxHandle, startSandbox } from '@pauta/networks/sandbox';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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

beforeAll(async () => {
  iso = await isolatedDb();
  handle = iso.handle;
  sandbox = await startSandbox({ tokenPrefix: 'SENTINEL' });
  installSandboxFetch(sandbox.url);
});
afterAll(async () => {
  for (const w of running.splice(0)) {
    if (w.child.exitCode === null) {
      w.kill('SIGKILL');
      await w.exited;
    }
  }
  await sandbox?.close();
  uninstallSandboxFetch();
  await iso?.drop();
});

const postRow = (id: string) =>
  handle.db.selectFrom('suggested_posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

function tweetsWithText(text: string) {
  return sandbox.publishedPosts('x').filter((p) => p.text === text);
}

describe('approval before publishing (worker)', () => {
  it('does not publish unapproved due posts, flags them with one notice each, and publishes one once approved', async () => {
    const user = await makeUser(handle, 'aprovacao-worker');
    await connectThroughSandbox(handle, keyring, { sandboxUrl: sandbox.url, userId: user.id, platform: 'x' });
    const theme = await seedTheme(handle, user.id, ['x']);
    await handle.db
      .updateTable('themes')
      .set({ requires_approval: true })
      .where('id', '=', theme.id)
      .execute();
    const tag = `aprov-${Date.now()}`;
    const posts = await seedPosts(handle, {
      userId: user.id,
      themeId: theme.id,
      platform: 'x',
      count: 2,
      scheduledFor: new Date(Date.now() + 1500),
      text: (i) => `${tag} post ${i + 1}`,
    });
    const [first, second] = posts as [(typeof posts)[number], (typeof posts)[number]];
    expect((await postRow(first.id)).approval_stage).toBe('draft');

    const redisPrefix = `${testRedisPrefix()}-approval`;
    for (let i = 0; i < 2; i++) {
      const worker = spawnWorker({
        sandboxUrl: sandbox.url,
        databaseUrl: iso.url,
        redisPrefix,
        env: { RECONCILE_INTERVAL_MS: '500' },
      });
      running.push(worker);
    }
    // The wake-ups the web would have added for these versions, twice each (duplicates).
    const connection = new Redis(inject('redisUrl'), { maxRetriesPerRequest: null });
    const queue = new Queue(publishQueueName('x'), { connection, prefix: redisPrefix });
    for (const post of posts) {
      for (const n of [1, 2]) {
        await queue.add(
          JOB_NAMES.publishPost,
          { postId: post.id, version: post.version },
          { jobId: `approval-${post.id}-${n}`, delay: 1500, removeOnComplete: true },
        );
      }
    }

    // Both flagged (the reconcilers saw them due), neither sent.
    await waitFor(
      async () => {
        const rows = await Promise.all(posts.map((p) => postRow(p.id)));
        return rows.every((r) => r.approval_overdue_for !== null) ? rows : null;
      },
      { timeoutMs: 20_000, label: 'posts sinalizados como sem aprovação' },
    );
    // Several reconciler passes of both workers later: still one notice per post, nothing sent.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    for (const post of posts) {
      expect(await postRow(post.id)).toMatchObject({
        status: 'scheduled',
        approval_stage: 'draft',
        attempts: 0,
      });
      expect(tweetsWithText(`${tag} post ${posts.indexOf(post) + 1}`)).toHaveLength(0);
    }
    const notices = await handle.db
      .selectFrom('failure_notices')
      .select(['post_id', 'error_code'])
      .where('user_id', '=', user.id)
      .execute();
    expect(notices.sort((a, b) => a.post_id.localeCompare(b.post_id))).toEqual(
      posts
        .map((p) => ({ post_id: p.id, error_code: 'APPROVAL_OVERDUE' }))
        .sort((a, b) => a.post_id.localeCompare(b.post_id)),
    );
    // The first notice is emailed at once; the second waits for the 15-minute digest.
    const emails = await handle.db
      .selectFrom('email_outbox')
      .select(['template_name', 'html'])
      .where('to_address', '=', user.email)
      .execute();
    expect(emails).toHaveLength(1);
    expect(emails[0]!.template_name).toBe('publish_failure');
    expect(emails[0]!.html).toContain('ainda não foi aprovado');
    // The in-app notice: one live event per flag.
    const events = await handle.db
      .selectFrom('live_events')
      .select('post_id')
      .where('user_id', '=', user.id)
      .where('error_code', '=', 'APPROVAL_OVERDUE')
      .execute();
    expect(events.map((e) => e.post_id).sort()).toEqual(posts.map((p) => p.id).sort());

    // Approved (the board's move; no wake-up added here: the reconciler finds it due).
    const moved = await moveApprovalStage(handle.db, {
      workspaceId: user.id,
      postId: first.id,
      to: 'approved',
      by: { actor: 'owner', userId: user.id },
    });
    expect(moved.kind).toBe('moved');
    await waitFor(async () => ((await postRow(first.id)).status === 'published' ? true : null), {
      timeoutMs: 20_000,
      label: 'post aprovado publicado',
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(tweetsWithText(`${tag} post 1`)).toHaveLength(1);
    expect(tweetsWithText(`${tag} post 2`)).toHaveLength(0);
    expect((await postRow(second.id)).status).toBe('scheduled');
    await queue.close();
    await connection.quit();
  }, 60_000);
});
