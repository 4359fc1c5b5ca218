// `npm run start:worker`: the publishing worker alone, against PostgreSQL and Redis.
import { createDb } from '@pauta/db';
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

// Every outbound call to a network goes to the sandbox when one is configured (architecture §6).
if (env.SOCIAL_SANDBOX_URL) installSandboxFetch(env.SOCIAL_SANDBOX_URL);

const logger = createLogger({ level: env.LOG_LEVEL, pretty: env.NODE_ENV === 'development' });
// A publication holds a connection only for short statements (never across the network call, except
// during a token refresh), so a quarter of WORKER_CONCURRENCY keeps a burst of due posts from queueing
// on the pool (with 10 connections for 100 jobs, claim → send took about twice as long in
// `npm run bench:worker`); capped at 25 so a few worker processes stay well under PostgreSQL's default
// max_connections (100).
const dbHandle = await createDb({
  databaseUrl: env.DATABASE_URL,
  applicationName: 'pauta-worker',
  poolSize: Math.min(25, Math.max(10, Math.ceil(env.WORKER_CONCURRENCY / 4))),
});
const worker = await startWorker({
  db: dbHandle.db,
  env,
  logger,
  redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
});
const healthRedis = new Redis(env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
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
      .then(() => dbHandle.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}
