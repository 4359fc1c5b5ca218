// Recurring posts on the worker (docs/recurring-posts.md): real PostgreSQL, real Redis, the sandbox
// networks and AI, two workers as child processes (two publishers, two reconcilers racing).
// - a published occurrence gets its next occurrence exactly once, a week later at the same local
//   time (America/Sao_Paulo), text, title and options copied;
// - a crash between the completion and the next occurrence (the state the completion commits,
//   with no successor) is repaired by the reconcilers, once;
// - the stop rule ends the series: no occurrence past K, and the series is marked ended;
// - on X (refusesDuplicateText) the next occurrence carries the AI's variation, and when the AI's
//   answer is unusable the occurrence is stored failed with the pt-BR reason, never with the same text.
import { randomUUID } from 'node:crypto';
import { nextOccurrence } from '@pauta/core';
import { type DbHandle, parseKeyring, setPostRecurrence } from '@pauta/db';
import { installSandboxFetch, uninstallSandboxFetch } from '@pauta/networks';
import { type SandboxHandle, startSandbox } from '@pauta/networks/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const SP = 'America/Sao_Paulo';
let handle: DbHandle;
let iso: { handle: DbHandle; url: string; drop(): Promise<void> };
let sandbox: SandboxHandle;
const running: WorkerProcess[] = [];

beforeAll(async () => {
  iso = await isolatedDb();
  handle = iso.handle;
  sandbox = await startSandbox({ tokenPrefix: 'SENTINEL' });
  installSandboxFetch(sandbox.url);
  const redisPrefix = `${testRedisPrefix()}-recurring`;
  for (let i = 0; i < 2; i++)
    running.push(
      spawnWorker({
        sandboxUrl: sandbox.url,
        databaseUrl: iso.url,
        redisPrefix,
        env: {
          RECONCILE_INTERVAL_MS: '500',
          ANTHROPIC_API_KEY: 'sk-ant-sandbox-test',
          ANTHROPIC_BASE_URL: `${sandbox.url}/api.anthropic.com`,
        },
      }),
    );
  // Both booted (tsx under a loaded machine takes a while) before any post falls due.
  await waitFor(async () => running.every((w) => w.output().includes('Pauta (worker) em execução')), {
    timeoutMs: 90_000,
    label: 'workers iniciados',
  });
}, 120_000);
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

const occurrencesOf = (seriesId: string) =>
  handle.db
    .selectFrom('suggested_posts')
    .select([
      'id',
      'series_occurrence',
      'status',
      'scheduled_for',
      'content',
      'title',
      'last_error',
      'last_error_message',
    ])
    .where('series_id', '=', seriesId)
    .orderBy('series_occurrence')
    .execute();

async function seriesPost(
  platform: 'linkedin' | 'x',
  rule: { maxOccurrences: number | null; untilDate: string | null },
  scheduledFor: Date,
) {
  const user = await makeUser(handle, `serie-${platform}`);
  await connectThroughSandbox(handle, keyring, { sandboxUrl: sandbox.url, userId: user.id, platform });
  const theme = await seedTheme(handle, user.id, [platform]);
  const tag = randomUUID().slice(0, 8);
  const [post] = await seedPosts(handle, {
    userId: user.id,
    themeId: theme.id,
    platform,
    count: 1,
    scheduledFor,
    text: () => `Dica da semana ${tag}: revise seus posts antes de publicar.`,
  });
  const set = await setPostRecurrence(handle.db, {
    workspaceId: theme.workspace_id,
    postId: post!.id,
    userId: user.id,
    rule: { kind: 'weeks', interval: 1, ...rule },
    timeZone: SP,
  });
  if (set.kind !== 'ok') throw new Error(set.kind);
  return { user, theme, post: post!, seriesId: set.series.id, tag };
}

/** What the worker's completion commits: the post published, its published_posts row. */
async function markPublished(postId: string) {
  const post = await handle.db
    .selectFrom('suggested_posts')
    .selectAll()
    .where('id', '=', postId)
    .executeTakeFirstOrThrow();
  await handle.db
    .updateTable('suggested_posts')
    .set({ status: 'published', is_used: true })
    .where('id', '=', postId)
    .execute();
  await handle.db
    .insertInto('published_posts')
    .values({
      user_id: post.user_id,
      theme_id: post.theme_id,
      suggested_post_id: post.id,
      title: post.title,
      content: post.content,
      platform: post.platform,
      platform_post_id: `simulado-${randomUUID()}`,
    })
    .execute();
}

describe('recurring posts (worker)', () => {
  it('publishes a weekly post once and creates its next occurrence once, a week later at the same local time', async () => {
    const first = new Date(Date.now() + 1500);
    const { post, seriesId, tag } = await seriesPost(
      'linkedin',
      { maxOccurrences: 3, untilDate: null },
      first,
    );
    const rows = await waitFor(
      async () => {
        const r = await occurrencesOf(seriesId);
        return r.length === 2 && r[0]!.status === 'published' ? r : null;
      },
      { timeoutMs: 30_000, label: 'publicado e próxima repetição criada' },
    );
    // A few reconciler passes of both workers later: still two occurrences.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const after = await occurrencesOf(seriesId);
    expect(after.map((r) => [r.series_occurrence, r.status])).toEqual([
      [1, 'published'],
      [2, 'scheduled'],
    ]);
    expect(sandbox.publishedPosts('linkedin').filter((p) => p.text?.includes(tag))).toHaveLength(1);
    const second = rows[1]!;
    expect(second.id).not.toBe(post.id);
    expect(second.content).toBe(rows[0]!.content);
    expect(second.title).toBe(rows[0]!.title);
    const expected = nextOccurrence(
      { kind: 'weeks', interval: 1, maxOccurrences: 3, untilDate: null, timeZone: SP },
      { occurrence: 1, scheduledFor: rows[0]!.scheduled_for!, publishedAt: new Date(), now: new Date() },
    );
    expect(expected.kind === 'next' && expected.at.getTime()).toBe(second.scheduled_for!.getTime());
    // The wall clock to the minute (São Paulo has no DST): 7 days after the first's minute.
    const firstMinute = Math.floor(rows[0]!.scheduled_for!.getTime() / 60_000) * 60_000;
    expect(second.scheduled_for!.getTime() - firstMinute).toBe(7 * 86_400_000);
  }, 60_000);

  it('a crash between the publication and the next occurrence: the reconcilers create it once', async () => {
    // An hour ahead (outside the reconciler's 2-minute look-ahead, so no worker claims it), then
    // set to what a completion commits: as if the worker died right after it.
    const { post, seriesId } = await seriesPost(
      'linkedin',
      { maxOccurrences: null, untilDate: '2027-12-31' },
      new Date(Date.now() + 3_600_000),
    );
    await markPublished(post.id);
    await waitFor(async () => (await occurrencesOf(seriesId)).length === 2, {
      timeoutMs: 20_000,
      label: 'reconciliador criou a próxima repetição',
    });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const rows = await occurrencesOf(seriesId);
    expect(rows.map((r) => [r.series_occurrence, r.status])).toEqual([
      [1, 'published'],
      [2, 'scheduled'],
    ]);
    expect(rows[1]!.scheduled_for!.getTime()).toBeGreaterThan(Date.now());
  }, 60_000);

  it('the stop rule ends the series: nothing after the K-th publication', async () => {
    const { post, seriesId } = await seriesPost(
      'linkedin',
      { maxOccurrences: 2, untilDate: null },
      new Date(Date.now() + 3_600_000),
    );
    // Occurrence 2 published (the last of 2).
    await handle.db
      .updateTable('suggested_posts')
      .set({ series_occurrence: 2 })
      .where('id', '=', post.id)
      .execute();
    await markPublished(post.id);
    const ended = await waitFor(
      async () => {
        const s = await handle.db
          .selectFrom('post_series')
          .selectAll()
          .where('id', '=', seriesId)
          .executeTakeFirstOrThrow();
        return s.ended_at ? s : null;
      },
      { timeoutMs: 20_000, label: 'série encerrada' },
    );
    expect(ended.stopped_at).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await occurrencesOf(seriesId)).map((r) => r.series_occurrence)).toEqual([2]);
  }, 60_000);

  it('on X the next occurrence gets the AI variation; an unusable AI answer leaves it failed with the reason', async () => {
    const { seriesId, tag } = await seriesPost(
      'x',
      { maxOccurrences: 3, untilDate: null },
      new Date(Date.now() + 1500),
    );
    const rows = await waitFor(
      async () => {
        const r = await occurrencesOf(seriesId);
        return r.length === 2 ? r : null;
      },
      { timeoutMs: 30_000, label: 'próxima repetição no X' },
    );
    expect(rows[0]!.status).toBe('published');
    expect(rows[1]!.status).toBe('scheduled');
    expect(rows[1]!.content).not.toBe(rows[0]!.content);
    expect(rows[1]!.content).toContain(tag);
    expect(sandbox.publishedPosts('x').filter((p) => p.text?.includes(tag))).toHaveLength(1);

    // The AI answers nonsense to the next variation: the occurrence is not scheduled with the same text.
    const other = await seriesPost(
      'x',
      { maxOccurrences: 3, untilDate: null },
      new Date(Date.now() + 3_600_000),
    );
    sandbox.setNextAnthropicOutput('malformed', 5);
    await markPublished(other.post.id);
    const refused = await waitFor(
      async () => {
        const r = await occurrencesOf(other.seriesId);
        return r.length === 2 ? r : null;
      },
      { timeoutMs: 20_000, label: 'repetição recusada sem variação' },
    );
    expect(refused[1]).toMatchObject({ status: 'failed', last_error: 'NO_TEXT_VARIATION' });
    expect(refused[1]!.last_error_message).toContain('O X (Twitter) recusa um texto igual');
    // A live event announced it (the open screen shows it without reload).
    const events = await handle.db
      .selectFrom('live_events')
      .selectAll()
      .where('post_id', '=', refused[1]!.id)
      .execute();
    expect(events).toMatchObject([{ kind: 'post', status: 'failed', error_code: 'NO_TEXT_VARIATION' }]);
  }, 90_000);
});
