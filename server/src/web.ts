// Assembles and starts the web process from a validated env: database (migrated on start-up),
// queue gateway, Express app. Used by `npm run start:web` and by embedded mode.
import type { Server } from 'node:http';
import path from 'node:path';
import {
  createDb,
  type DbHandle,
  mediaSetupFromEnv,
  migrateToLatest,
  pendingMigrations,
  throttledConnectionWarning,
} from '@pauta/db';
import { aiConfigFromEnv, createAiClient, createDraftGenerator } from './ai/index.js';
import { createApp } from './app.js';
import { createRoleService } from './auth/roles.js';
import { startMemoryCache } from './cache/memory-cache.js';
import type { AppDeps } from './deps.js';
import { LocalMailbox } from './email/local-mailbox.js';
import { mailerFor } from './email/mailer.js';
import { deliverInBackground, startOutboxSender } from './email/outbox.js';
import type { ServerEnv } from './env.js';
import { startLiveHub } from './live/live-hub.js';
import type { Logger } from './logger.js';
import { startMediaSweeper } from './media/sweeper.js';
import { aiCalls } from './observability/metrics.js';
import { startWorkerWatch } from './ops/worker-watch.js';
import { createQueueGateway } from './queue/queue-gateway.js';
import { startReportEmailSweep } from './reports/report-email.js';
import { createReportRunner } from './reports/report-runner.js';
import type { DraftGenerator } from './themes/drafts.js';
import { startIdempotencyPurge } from './trpc/idempotency.js';
import { runningProcedures } from './trpc/trpc.js';

export const CLIENT_DIST = path.resolve(import.meta.dirname, '../../client/dist');

export interface StartWebOptions {
  env: ServerEnv;
  logger: Logger;
  /** An already open database (embedded mode shares one PGlite with the worker). */
  dbHandle?: DbHandle;
  redisUrl: string | null;
  sandbox: boolean;
  /**
   * Embedded mode: without SMTP_URL (and never in production) emails go to a local mailbox at
   * /dev/mailbox, each announced in the log with its link (email/local-mailbox.ts).
   */
  localMailbox?: boolean;
}

export interface WebHandle {
  deps: AppDeps;
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** Counts AI calls and fallbacks for /metrics. */
function countedDrafts(inner: DraftGenerator): DraftGenerator {
  return {
    ...(inner.adapt ? { adapt: inner.adapt } : {}),
    ...(inner.describeImage ? { describeImage: inner.describeImage } : {}),
    ...(inner.writeCarousel ? { writeCarousel: inner.writeCarousel } : {}),
    ...(inner.aiConfigured === undefined ? {} : { aiConfigured: inner.aiConfigured }),
    async generate(input) {
      try {
        const result = await inner.generate(input);
        aiCalls.inc({ source: result.source, reason: result.fallbackReason ?? 'none' });
        return result;
      } catch (error) {
        aiCalls.inc({ source: 'error', reason: (error as { code?: string }).code ?? 'unknown' });
        throw error;
      }
    },
  };
}

/** The web must not run on a schema older than its code (MIGRATE_ON_START=0 and no migration Job yet). */
export class SchemaBehindError extends Error {
  override name = 'SchemaBehindError';
}

/**
 * MIGRATE_ON_START on (embedded mode, compose, a single machine): applies pending migrations.
 * Off (Kubernetes, where the pauta-migrate Job runs them with a DDL-capable user): only checks, and
 * refuses to start while migrations of this release are missing.
 */
async function prepareSchema(dbHandle: DbHandle, env: ServerEnv, { ownsHandle }: { ownsHandle: boolean }) {
  if (env.MIGRATE_ON_START) {
    await migrateToLatest(dbHandle.db);
    return;
  }
  const pending = await pendingMigrations(dbHandle.db);
  if (!pending.length) return;
  if (ownsHandle) await dbHandle.close();
  throw new SchemaBehindError(
    `O banco está sem ${pending.length} migração(ões) desta versão (${pending.join(', ')}) e MIGRATE_ON_START=0: ` +
      'rode `npm run db:migrate` (no Kubernetes, o Job pauta-migrate de deploy/k8s/release.sh) antes de iniciar o web.',
  );
}

export async function startWeb(options: StartWebOptions): Promise<WebHandle> {
  const { env, logger } = options;
  const dbHandle =
    options.dbHandle ??
    (await createDb({
      databaseUrl: env.DATABASE_URL,
      pgliteDataDir: path.join(env.dataDir, 'pglite'),
      applicationName: 'pauta-web',
      // PostgreSQL restarting: connections are dropped and requests answered 503 until it is back.
      onConnectionError: throttledConnectionWarning((fields, message) => logger.warn(fields, message)),
    }));
  await prepareSchema(dbHandle, env, { ownsHandle: !options.dbHandle });
  const queue = createQueueGateway({ redisUrl: options.redisUrl, prefix: env.REDIS_PREFIX, logger });
  // Images (docs/media.md): local disk or S3, and the sweeper that deletes deleted images' files.
  const media = mediaSetupFromEnv(env, { appUrl: env.appUrl, dataDir: env.dataDir, keyring: env.keyring });
  const mediaSweeper = startMediaSweeper({ db: dbHandle.db, storage: media.storage, logger });
  // Sessions and settings in memory, dropped on PostgreSQL's notices (cache/memory-cache.ts).
  const memory = await startMemoryCache({ listen: dbHandle.listen, logger });
  const ai = createAiClient(aiConfigFromEnv(env), logger);
  // Client reports (docs/reports.md "Generation"): made here, under a lease on their row.
  const reports = createReportRunner({ db: dbHandle.db, logger, storage: media.storage, ai });
  const deps: AppDeps = {
    db: dbHandle.db,
    env,
    logger,
    queue,
    roles: createRoleService(dbHandle.db, logger),
    drafts: countedDrafts(createDraftGenerator({ db: dbHandle.db, logger, ai })),
    sandbox: options.sandbox,
    redisUrl: options.redisUrl,
    clientDist: CLIENT_DIST,
    live: await startLiveHub({ db: dbHandle.db, listen: dbHandle.listen, logger }),
    media: { ...media, kickSweeper: mediaSweeper.kick },
    cache: memory.cache,
    reports,
  };
  if (options.localMailbox && !env.SMTP_URL && env.NODE_ENV !== 'production') {
    deps.localMailbox = new LocalMailbox({ appUrl: env.appUrl, logger });
  }
  const app = createApp(deps);
  // Emails queued by the worker (publish failures) and any left pending are sent from here.
  const outboxDeps = {
    db: dbHandle.db,
    logger,
    mailer: deps.localMailbox ?? mailerFor(env),
    keyring: env.keyring,
    storage: media.storage,
  };
  const outbox = startOutboxSender(outboxDeps);
  // Scheduled report emails (docs/reports.md "Scheduled email"): once per (schedule, period).
  const reportEmails = startReportEmailSweep(
    {
      db: dbHandle.db,
      logger,
      storage: media.storage,
      ai,
      appUrl: env.appUrl,
      keyring: env.keyring,
      deliver: (ids) => void deliverInBackground(outboxDeps, ids),
    },
    env.REPORT_EMAIL_INTERVAL_MS,
  );
  // Posts due and no worker for 2 min: admins are emailed once per outage (docs/operations.md).
  const workerWatch = startWorkerWatch(
    {
      db: dbHandle.db,
      logger,
      appUrl: env.appUrl,
      deliver: (ids) => void deliverInBackground(outboxDeps, ids),
    },
    env.WORKER_WATCH_INTERVAL_MS,
  );
  // Idempotency keys live 24 h (docs/idempotency.md); expired ones are deleted here.
  const idempotencyPurge = startIdempotencyPurge({ db: dbHandle.db, logger });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(env.PORT, env.HOST, () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  return {
    deps,
    server,
    url: `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${port}`,
    async close() {
      // Open SSE streams end first (their browsers reconnect elsewhere), or close() would wait.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await deps.live?.close();
      server.closeIdleConnections();
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
      server.closeAllConnections();
      // A procedure whose client went away still runs to its end: closing the pool under it would
      // fail its next statement halfway ("driver has already been destroyed").
      const drained = Date.now() + 5_000;
      while (runningProcedures() > 0 && Date.now() < drained) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await workerWatch.stop();
      await reportEmails.stop();
      await outbox.stop();
      await idempotencyPurge.stop();
      await mediaSweeper.stop();
      await reports.close();
      await memory.close();
      await queue.close();
      if (!options.dbHandle) await dbHandle.close();
    },
  };
}
