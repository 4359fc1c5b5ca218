// The web process's side of the queue: it only adds wake-ups. PostgreSQL stays the source of
// truth, so when Redis is down requests still succeed and the worker's reconciler catches up.

import { JOB_NAMES, PLATFORMS, type Platform, publishJobId, publishQueueName, QUEUES } from '@pauta/core';
import type { PublishJob } from '@pauta/core/schemas/jobs';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from '../logger.js';

export interface WakeUp {
  id: string;
  version: number;
  scheduled_for: Date;
  platform: Platform;
}

export interface QueueGateway {
  isAvailable(): boolean;
  /**
   * Adds one delayed wake-up per post version. Never throws: when Redis is away the posts stay
   * scheduled in PostgreSQL and the worker's reconciler enqueues them when they come due.
   */
  enqueuePublish(posts: WakeUp[], requestId?: string): Promise<number>;
  /** Queues an on-demand metrics sync for one user; false when Redis is unavailable. */
  requestMetricsSync(userId: string): Promise<boolean>;
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
      requestMetricsSync: async () => false,
      queues: () => [],
      close: async () => {},
    };
  }
  // Fail fast instead of queueing commands in memory while Redis is away (RELIABILITY W5).
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
      const now = Date.now();
      try {
        const byPlatform = new Map<Platform, WakeUp[]>();
        for (const post of posts)
          byPlatform.set(post.platform, [...(byPlatform.get(post.platform) ?? []), post]);
        await Promise.all(
          [...byPlatform].map(([platform, group]) =>
            publishQueues.get(platform)!.addBulk(
              group.map((post) => {
                const data: PublishJob = {
                  postId: post.id,
                  version: post.version,
                  ...(requestId ? { requestId } : {}),
                };
                return {
                  name: JOB_NAMES.publishPost,
                  data,
                  opts: {
                    jobId: publishJobId(post.id, post.version),
                    delay: Math.max(0, post.scheduled_for.getTime() - now),
                    // A kept completed or failed job would block re-adding its id (RELIABILITY W4).
                    removeOnComplete: true,
                    removeOnFail: true,
                    attempts: 1,
                  },
                };
              }),
            ),
          ),
        );
        return posts.length;
      } catch (error) {
        options.logger.warn(
          { err: error, count: posts.length, requestId },
          'wake-ups não enfileirados; o reconciliador cuidará deles',
        );
        return 0;
      }
    },
    async requestMetricsSync(userId) {
      if (!ready) return false;
      try {
        // One pending sync per user: the job id dedupes repeated clicks until it has run.
        await metricsQueue.add(
          JOB_NAMES.syncMetrics,
          { userId },
          { jobId: `metrics-${userId}`, removeOnComplete: true, removeOnFail: true },
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
