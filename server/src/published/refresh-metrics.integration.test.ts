// "Atualizar métricas" (issue 13): one metrics job per request, at most one request per user per
// minute across web processes (two apps on the same database), a pt-BR-ready answer when limited,
// and the same answer for a repeated Idempotency-Key (a double click) without a second job.
import { randomUUID } from 'node:crypto';
import { QUEUES } from '@pauta/core';
import type { DbHandle } from '@pauta/db';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testDb, testRedisPrefix } from '../../../test/harness.js';
import { TestClient } from '../../../test/http-client.js';
import { listen, signedInUser, testDeps } from '../../../test/server-harness.js';
import { createLogger } from '../logger.js';
import { createQueueGateway, type QueueGateway } from '../queue/queue-gateway.js';

let handle: DbHandle;
let gateway: QueueGateway;
let metrics: Queue;
const apps: { url: string; close(): Promise<void> }[] = [];
const prefix = `${testRedisPrefix()}-refresh-${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  handle = await testDb();
  const logger = createLogger({ level: 'silent', pretty: false });
  gateway = createQueueGateway({ redisUrl: inject('redisUrl'), prefix, logger });
  const deadline = Date.now() + 10_000;
  while (!gateway.isAvailable() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  for (let i = 0; i < 2; i++) apps.push(await listen(testDeps(handle, { queue: gateway })));
  metrics = new Queue(QUEUES.metrics, { connection: { url: inject('redisUrl') }, prefix });
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await metrics?.obliterate({ force: true }).catch(() => {});
  await metrics?.close();
  await gateway?.close();
  await handle?.close();
});

describe('published.refreshMetrics', () => {
  it('queues one read, then refuses for a minute on any web process, saying when to retry', async () => {
    const user = await signedInUser(handle, apps[0]!.url, { label: 'refresh' });
    const first = await user.browser.mutate<{ queued: boolean; retryAfterSeconds: number | null }>(
      'published.refreshMetrics',
      undefined,
      { idempotencyKey: 'refresh-key-0000000001' },
    );
    expect(first.data).toEqual({ queued: true, retryAfterSeconds: null });
    // One job per workspace: the person's personal one (its id is theirs; docs/workspaces.md).
    const job = await metrics.getJob(`metrics-${user.id}`);
    expect(job?.data).toEqual({ workspaceId: user.id });

    // The same click again (same key): the stored answer, no second slot taken.
    const repeat = await user.browser.mutate('published.refreshMetrics', undefined, {
      idempotencyKey: 'refresh-key-0000000001',
    });
    expect(repeat.data).toEqual(first.data);

    // A new click on the other web process: limited.
    const otherApp = new TestClient(apps[1]!.url);
    otherApp.jar.set('pauta_session', user.browser.jar.get('pauta_session')!);
    const limited = await otherApp.mutate<{ queued: boolean; retryAfterSeconds: number | null }>(
      'published.refreshMetrics',
    );
    expect(limited.data?.queued).toBe(false);
    expect(limited.data?.retryAfterSeconds).toBeGreaterThan(0);
    expect(limited.data?.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await metrics.getJobCounts()).toMatchObject({ waiting: 1 });
  });
});
