// startWorker(): the worker's Redis connection and lifecycle. BullMQ connections wait for Redis
// (maxRetriesPerRequest: null) so a worker started without Redis recovers on its own.

import type { Database } from '@pauta/db';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { WorkerEnv } from './env.js';
import type { Logger } from './logger.js';

export interface WorkerDeps {
  db: Kysely<Database>;
  env: WorkerEnv;
  logger: Logger;
  redisUrl: string;
}

export interface WorkerHandle {
  close(): Promise<void>;
}

export async function startWorker(deps: WorkerDeps): Promise<WorkerHandle> {
  const connection = new Redis(deps.redisUrl, { maxRetriesPerRequest: null, lazyConnect: true });
  connection.on('error', () => {});
  connection.on('ready', () => deps.logger.info('worker conectado ao Redis'));
  await connection
    .connect()
    .catch(() => deps.logger.warn('Redis indisponível; o worker tentará de novo sozinho'));
  return {
    async close() {
      connection.disconnect();
    },
  };
}
