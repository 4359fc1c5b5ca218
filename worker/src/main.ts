// `npm run start:worker`: the publishing worker alone, against PostgreSQL and Redis.
import { DEFAULT_REDIS_URL } from '@pauta/core/config/env';
import { createDb, throttledConnectionWarning } from '@pauta/db';
import { installSandboxFetch } from '@pauta/networks';
import { Redis } from 'ioredis';
import { loadWorkerEnv } from './env.js';
import { createLogger } from './logger.js';
import { startHealthServer } from './observability.js';
import { startWorker } from './worker.js';

let env: ReturnType<typeof loadWorkerEnv>;
try {
  env = loadWorkerEnv();
  if (!env.DATABASE_URL) {
    throw new Error('Configuração inválida:\n  - DATABASE_URL: obrigatória para o worker (postgres://…)');
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

// Every outbound call to a network goes to the sandbox when one is configured (docs/architecture.md §6).
if (env.SOCIAL_SANDBOX_URL) installSandboxFetch(env.SOCIAL_SANDBOX_URL);

const logger = createLogger({ level: env.LOG_LEVEL, pretty: env.NODE_ENV === 'development' });
// Two pools. The publishing path batches its common statements (claim, account read,
// send-start, completion: 4 kinds × BATCH_IN_FLIGHT statements at most, however many jobs are in flight —
// one BullMQ worker per network, each with WORKER_CONCURRENCY jobs) and takes a connection per
// job only on rare paths (a failure to record, a token refresh); it gets those plus a few spare.
// The reconciler, token sweep and metrics get a pool of their own, so that jobs queueing on the
// first never starve the reconciler that repairs what they leave behind. Small on purpose: more
// connections than cores only add contention in PostgreSQL, and a few worker processes stay far
// below its default max_connections (100).
const BATCH_IN_FLIGHT = 2;
const dbHandle = await createDb({
  databaseUrl: env.DATABASE_URL,
  applicationName: 'pauta-worker',
  poolSize: 4 * BATCH_IN_FLIGHT + Math.min(8, Math.ceil(env.WORKER_CONCURRENCY / 25)),
  // A PostgreSQL restart drops every connection: discarded, logged, and the process carries on
  // (failed jobs are re-added by the reconciler, claims repaired; docs/operations.md).
  onConnectionError: throttledConnectionWarning((fields, message) => logger.warn(fields, message)),
});
const maintenanceHandle = await createDb({
  databaseUrl: env.DATABASE_URL,
  applicationName: 'pauta-worker-maintenance',
  poolSize: 3,
  onConnectionError: throttledConnectionWarning((fields, message) => logger.warn(fields, message)),
});
const worker = await startWorker({
  db: dbHandle.db,
  maintenanceDb: maintenanceHandle.db,
  batchInFlight: BATCH_IN_FLIGHT,
  env,
  logger,
  redisUrl: env.REDIS_URL ?? DEFAULT_REDIS_URL,
});
const healthRedis = new Redis(env.REDIS_URL ?? DEFAULT_REDIS_URL, {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
});
healthRedis.on('error', () => {});
const health =
  env.WORKER_HEALTH_PORT > 0
    ? await startHealthServer({
        port: env.WORKER_HEALTH_PORT,
        host: env.WORKER_HEALTH_HOST,
        metricsToken: env.METRICS_TOKEN,
        db: dbHandle.db,
        redis: healthRedis,
      }).catch((error: unknown) => {
        logger.warn(
          { err: error, port: env.WORKER_HEALTH_PORT, host: env.WORKER_HEALTH_HOST },
          'porta de saúde do worker indisponível; seguindo sem ela',
        );
        return null;
      })
    : null;
logger.info('Pauta (worker) em execução');

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'encerrando o worker');
    setTimeout(() => process.exit(1), 25_000).unref();
    health?.close();
    healthRedis.disconnect();
    worker
      .close()
      .then(() => Promise.all([dbHandle.close(), maintenanceHandle.close()]))
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}
