// The web process's side of the queue: it only adds wake-ups. PostgreSQL stays the source of
// truth, so when Redis is down requests still succeed and the worker's reconciler catches up.

import { JOB_NAMES, PLATFORMS, type Platform, publishJobId, publishQueueName, QUEUES } from '@pauta/core';
import { type WakeUp, wakeUpJobsByPlatform } from '@pauta/core/schemas/jobs';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from '../logger.js';

export type { WakeUp };

/** A deleted post, as the repositories return it. */
export interface DeletedPostRef {
  id: string;
  platform: Platform;
  version: number;
}

export interface QueueGateway {
  isAvailable(): boolean;
  /**
   * Adds one delayed wake-up per post version. Never throws: when Redis is away the posts stay
   * scheduled in PostgreSQL and the worker's reconciler enqueues them when they come due.
   */
  enqueuePublish(posts: WakeUp[], requestId?: string): Promise<number>;
  /**
   * Removes the delayed wake-ups of deleted posts: exactly the job ids `post-<id>-v0…v<version>`
   * in the post's network queue, nothing else. Never throws: a job left behind finds no post and
   * the worker skips it.
   */
  cancelPublish(posts: readonly DeletedPostRef[], requestId?: string): Promise<number>;
  /** Queues an on-demand metrics sync for one user; false when Redis is unavailable. */
  /** Reads one workspace's metrics now (one pending job per workspace). */
  requestMetricsSync(workspaceId: string): Promise<boolean>;
  /** The BullMQ queues, for the admin queue monitor; empty when Redis is not configured. */
  queues(): Queue[];
  close(): Promise<void>;
}

export function createQueueGateway(options: {
  redisUrl: string | null;
  prefix: string;
  logger: Logger;
}): QueueGateway {
  if (!options.redisUrl) {
    return {
      isAvailable: () => false,
      enqueuePublish: async () => 0,
      cancelPublish: async () => 0,
      requestMetricsSync: async () => false,
      queues: () => [],
      close: async () => {},
    };
  }
  // Fail fast instead of queueing commands in memory while Redis is away (docs/reliability.md W5).
  const connection = new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  let ready = false;
  let warned = false;
  connection.on('ready', () => {
    ready = true;
    warned = false;
    options.logger.info('Redis conectado: publicação ativa');
  });
  connection.on('close', () => {
    if (ready || !warned) {
      options.logger.warn(
        'Redis indisponível: a publicação fica pausada; os posts agendados continuam salvos no banco',
      );
      warned = true;
    }
    ready = false;
  });
  connection.on('error', () => {});
  const publishQueues = new Map(
    PLATFORMS.map((platform) => {
      const queue = new Queue(publishQueueName(platform), { connection, prefix: options.prefix });
      queue.on('error', () => {});
      return [platform, queue] as const;
    }),
  );
  const metricsQueue = new Queue(QUEUES.metrics, { connection, prefix: options.prefix });
  metricsQueue.on('error', () => {});
  return {
    isAvailable: () => ready,
    async enqueuePublish(posts, requestId) {
      if (posts.length === 0) return 0;
      if (!ready) return 0;
      try {
        const jobs = wakeUpJobsByPlatform(posts, { now: Date.now(), requestId });
        await Promise.all([...jobs].map(([platform, group]) => publishQueues.get(platform)!.addBulk(group)));
        return posts.length;
      } catch (error) {
        options.logger.warn(
          { err: error, count: posts.length, requestId },
          'wake-ups não enfileirados; o reconciliador cuidará deles',
        );
        return 0;
      }
    },
    async cancelPublish(posts, requestId) {
      if (posts.length === 0 || !ready) return 0;
      // Older versions' jobs too: a rescheduled post leaves its earlier wake-ups delayed.
      const removals = posts.flatMap((post) =>
        Array.from({ length: post.version + 1 }, (_, version) => ({
          queue: publishQueues.get(post.platform)!,
          jobId: publishJobId(post.id, version),
        })),
      );
      let removed = 0;
      try {
        for (let i = 0; i < removals.length; i += 200) {
          const chunk = removals.slice(i, i + 200);
          // 1 when removed, 0 when absent; a job being processed (locked) is left to the worker.
          const results = await Promise.all(
            chunk.map(({ queue, jobId }) => queue.remove(jobId).catch(() => 0)),
          );
          removed += results.reduce((sum, n) => sum + n, 0);
        }
      } catch (error) {
        options.logger.warn(
          { err: error, count: posts.length, requestId },
          'wake-ups de posts excluídos não removidos',
        );
      }
      return removed;
    },
    async requestMetricsSync(workspaceId) {
      if (!ready) return false;
      try {
        // One pending sync per workspace: the job id dedupes repeated clicks until it has run.
        await metricsQueue.add(
          JOB_NAMES.syncMetrics,
          { workspaceId },
          { jobId: `metrics-${workspaceId}`, removeOnComplete: true, removeOnFail: true },
        );
        return true;
      } catch (error) {
        options.logger.warn({ err: error }, 'sincronização de métricas não enfileirada');
        return false;
      }
    },
    queues: () => [...publishQueues.values(), metricsQueue],
    close: async () => {
      await Promise.all([...publishQueues.values(), metricsQueue].map((q) => q.close().catch(() => {})));
      connection.disconnect();
    },
  };
}
