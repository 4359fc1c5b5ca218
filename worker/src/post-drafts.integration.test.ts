// "Salvar rascunho" for every post (docs/composer.md): a post with the status `draft` is never
// published, whatever its date. Real PostgreSQL, real Redis, the sandbox X and a worker as a child
// process with its reconciler every 500 ms: the due draft's leftover wake-ups (any number) claim
// nothing, the reconciler neither re-enqueues it nor marks it missed (a draft two days late too),
// turning the theme's approval on and off leaves it alone, and "Agendar" (scheduleDraft) makes it
// publish exactly once.
import { EDITABLE_POST_STATUSES, JOB_NAMES, publishQueueName } from '@pauta/core';
import { type DbHandle, parseKeyring, saveScheduledPostVersion, setThemeApproval } from '@pauta/db';
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
/** A database of its own: the worker spawned here must not publish posts another file left due. */
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

const tweetsWithText = (text: string) => sandbox.publishedPosts('x').filter((p) => p.text === text);

describe('a draft on the worker', () => {
  it('is never claimed, re-enqueued, marked missed nor touched by the approval switch; "Agendar" publishes it once', async () => {
    const user = await makeUser(handle, 'rascunho-worker');
    await connectThroughSandbox(handle, keyring, { sandboxUrl: sandbox.url, userId: user.id, platform: 'x' });
    const theme = await seedTheme(handle, user.id, ['x']);
    const tag = `rascunho-${Date.now()}`;
    const [due] = await seedPosts(handle, {
      userId: user.id,
      themeId: theme.id,
      platform: 'x',
      count: 1,
      scheduledFor: new Date(Date.now() + 1000),
      text: () => `${tag} devido`,
    });
    const [late] = await seedPosts(handle, {
      userId: user.id,
      themeId: theme.id,
      platform: 'x',
      count: 1,
      scheduledFor: new Date(Date.now() - 2 * 86_400_000),
      text: () => `${tag} atrasado`,
    });
    const drafts = [due!, late!];
    await handle.db
      .updateTable('suggested_posts')
      .set({ status: 'draft' })
      .where(
        'id',
        'in',
        drafts.map((d) => d.id),
      )
      .execute();

    const redisPrefix = `${testRedisPrefix()}-drafts`;
    running.push(
      spawnWorker({
        sandboxUrl: sandbox.url,
        databaseUrl: iso.url,
        redisPrefix,
        env: { RECONCILE_INTERVAL_MS: '500' },
      }),
    );
    // Wake-ups for these versions, twice each, as if left over: they must claim nothing.
    const connection = new Redis(inject('redisUrl'), { maxRetriesPerRequest: null });
    const queue = new Queue(publishQueueName('x'), { connection, prefix: redisPrefix });
    for (const post of drafts)
      for (const n of [1, 2])
        await queue.add(
          JOB_NAMES.publishPost,
          { postId: post.id, version: post.version },
          { jobId: `draft-${post.id}-${n}`, delay: 1200, removeOnComplete: true },
        );
    // The jobs ran (their time came; the worker may take a while to start on a loaded machine)
    // and the reconciler passed several times.
    await waitFor(
      async () => {
        const counts = await queue.getJobCounts('delayed', 'wait', 'active');
        return (counts.delayed ?? 0) + (counts.wait ?? 0) + (counts.active ?? 0) === 0 ? true : null;
      },
      {
        timeoutMs: 90_000,
        label: 'wake-ups executados',
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 2500));
    for (const post of drafts)
      expect(await postRow(post.id)).toMatchObject({ status: 'draft', attempts: 0, claim_token: null });
    expect(tweetsWithText(`${tag} devido`)).toHaveLength(0);
    expect(tweetsWithText(`${tag} atrasado`)).toHaveLength(0);

    // The theme's approval on, then off (docs/approval.md A7, A8): the drafts are left alone.
    for (const requiresApproval of [true, false]) {
      const switched = await setThemeApproval(handle.db, {
        workspaceId: user.id,
        userId: user.id,
        themeId: theme.id,
        requiresApproval,
      });
      expect(switched).toMatchObject({ kind: 'changed', posts: 0, wakeUps: [] });
      for (const post of drafts)
        expect(await postRow(post.id)).toMatchObject({ status: 'draft', approval_stage: null });
    }
    const history = await handle.db
      .selectFrom('post_stage_events')
      .select('post_id')
      .where(
        'post_id',
        'in',
        drafts.map((d) => d.id),
      )
      .execute();
    expect(history).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(tweetsWithText(`${tag} devido`)).toHaveLength(0);

    // "Agendar": out of the draft, in a second; no wake-up added here (the reconciler finds it due).
    const scheduled = await saveScheduledPostVersion(handle.db, {
      workspaceId: user.id,
      postId: due!.id,
      changes: { scheduledFor: new Date(Date.now() + 1000) },
      allowed: EDITABLE_POST_STATUSES,
      now: new Date(),
      scheduleDraft: true,
    });
    expect(scheduled?.status).toBe('scheduled');
    await waitFor(async () => ((await postRow(due!.id)).status === 'published' ? true : null), {
      timeoutMs: 20_000,
      label: 'rascunho agendado publicado',
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(tweetsWithText(`${tag} devido`)).toHaveLength(1);
    // The other draft, two days late, is still a draft: never published, never missed.
    expect(await postRow(late!.id)).toMatchObject({ status: 'draft', attempts: 0 });
    expect(tweetsWithText(`${tag} atrasado`)).toHaveLength(0);
    await queue.close();
    await connection.quit();
  }, 180_000);
});
