// The web process's side of the queue: it only adds wake-ups. PostgreSQL stays the source of
// truth, so when Redis is down requests still succeed and the worker's reconciler catches up.

import { QUEUES } from '@pauta/core';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from '../logger.js';

export interface QueueGateway {
  isAvailable(): boolean;
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
    return { isAvailable: () => false, queues: () => [], close: async () => {} };
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
  const publish = new Queue(QUEUES.publish, { connection, prefix: options.prefix });
  publish.on('error', () => {});
  return {
    isAvailable: () => ready,
    queues: () => [publish],
    close: async () => {
      await publish.close().catch(() => {});
      connection.disconnect();
    },
  };
}
