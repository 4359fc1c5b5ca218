// Issue 13: deleting posts (one, several, filtered) or a theme removes those posts' delayed
// wake-up jobs from BullMQ (real Redis): exactly their job ids `post-<id>-v<n>`, every version,
// and no other post's job. The worker still treats a missing post as a no-op.
import { randomUUID } from 'node:crypto';
import { type Platform, publishJobId, publishQueueName } from '@pauta/core';
import type { DbHandle } from '@pauta/db';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testDb, testRedisPrefix } from '../../../test/harness.js';
import { insertTestTheme, listen, signedInUser, testDeps } from '../../../test/server-harness.js';
import { createLogger } from '../logger.js';
import { createQueueGateway, type QueueGateway } from '../queue/queue-gateway.js';

let handle: DbHandle;
let gateway: QueueGateway;
let app: { url: string; close(): Promise<void> };
const queues = new Map<Platform, Queue>();
const prefix = `${testRedisPrefix()}-del-${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  handle = await testDb();
  const logger = createLogger({ level: 'silent', pretty: false });
  gateway = createQueueGateway({ redisUrl: inject('redisUrl'), prefix, logger });
  const deadline = Date.now() + 10_000;
  while (!gateway.isAvailable() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  app = await listen(testDeps(handle, { queue: gateway }));
  for (const platform of ['linkedin', 'x'] as const)
    queues.set(
      platform,
      new Queue(publishQueueName(platform), { connection: { url: inject('redisUrl') }, prefix }),
    );
});
afterAll(async () => {
  await app?.close();
  for (const queue of queues.values()) {
    await queue.obliterate({ force: true }).catch(() => {});
    await queue.close();
  }
  await gateway?.close();
  await handle?.close();
});

const inFuture = (hours: number) => new Date(Date.now() + hours * 3_600_000);

/** A scheduled post at version `version`, with a delayed wake-up for every version up to it. */
async function scheduledPost(userId: string, themeId: string, platform: Platform, version = 0) {
  const row = await handle.db
    .insertInto('suggested_posts')
    .values({
      user_id: userId,
      theme_id: themeId,
      title: 'Título',
      content: 'Conteúdo',
      platform,
      scheduled_for: inFuture(24),
      status: 'scheduled',
      version,
    })
    .returning(['id', 'version', 'scheduled_for', 'platform'])
    .executeTakeFirstOrThrow();
  for (let v = 0; v <= version; v++)
    await gateway.enqueuePublish([{ ...row, version: v, scheduled_for: row.scheduled_for! }]);
  return { id: row.id, platform, version };
}

async function jobState(post: { id: string; platform: Platform }, version: number) {
  const job = await queues.get(post.platform)!.getJob(publishJobId(post.id, version));
  return job ? await job.getState() : 'absent';
}

describe('deleting posts removes their wake-up jobs', () => {
  it('one post, several posts, filtered posts and a theme: only those posts’ jobs go', async () => {
    expect(gateway.isAvailable()).toBe(true);
    const me = await signedInUser(handle, app.url, { label: 'delwake' });
    const theme = await insertTestTheme(handle, me.id, 'Apagar');
    const keepTheme = await insertTestTheme(handle, me.id, 'Manter');
    const single = await scheduledPost(me.id, keepTheme.id, 'linkedin', 2);
    const many = [
      await scheduledPost(me.id, keepTheme.id, 'x'),
      await scheduledPost(me.id, keepTheme.id, 'linkedin'),
    ];
    const filtered = await scheduledPost(me.id, keepTheme.id, 'x', 1);
    const inTheme = [
      await scheduledPost(me.id, theme.id, 'linkedin'),
      await scheduledPost(me.id, theme.id, 'x'),
    ];
    const kept = await scheduledPost(me.id, keepTheme.id, 'linkedin');
    expect(await jobState(single, 2)).toBe('delayed');
    expect(await jobState(single, 0)).toBe('delayed');

    expect((await me.browser.mutate('posts.delete', { id: single.id })).status).toBe(200);
    for (const v of [0, 1, 2]) expect(await jobState(single, v)).toBe('absent');
    expect(await jobState(kept, 0)).toBe('delayed');

    expect((await me.browser.mutate('posts.deleteMany', { ids: many.map((p) => p.id) })).status).toBe(200);
    for (const post of many) expect(await jobState(post, 0)).toBe('absent');
    expect(await jobState(filtered, 1)).toBe('delayed');

    // The filter matches only X posts of the kept theme: `filtered` (and nothing else left there).
    const res = await me.browser.mutate('posts.deleteFiltered', { themeId: keepTheme.id, platform: 'x' });
    expect(res.data).toEqual({ deleted: 1, skipped: 0 });
    for (const v of [0, 1]) expect(await jobState(filtered, v)).toBe('absent');

    expect((await me.browser.mutate('themes.delete', { id: theme.id })).status).toBe(200);
    for (const post of inTheme) expect(await jobState(post, 0)).toBe('absent');

    // Another post's job is untouched through all of it.
    expect(await jobState(kept, 0)).toBe('delayed');
  });
});
