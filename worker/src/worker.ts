// startWorker(): the publishing worker. One BullMQ worker per network (its own rate limiter),
// the metrics queue, and the maintenance loop (reconciler, token sweep, metrics sync) guarded by
// Redis locks so that any number of worker processes run each task once per period.

import { PLATFORMS, publishQueueName, QUEUES, TOKEN_REFRESH_MARGIN_MS } from '@pauta/core';
import { publishJobSchema } from '@pauta/core/schemas/jobs';
import {
  type Database,
  fetchPublicPage,
  loadPublishMedia,
  loadPublishVideo,
  mediaSetupFromEnv,
  postHasVideo,
} from '@pauta/db';
import { createNetworkClients } from '@pauta/networks';
import { DelayedError, type Job, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { claimLeaseTiming, type WorkerEnv } from './env.js';
import { startHeartbeat } from './heartbeat.js';
import type { Logger } from './logger.js';
import { sendExpiryNotices } from './maintenance/expiry-notices.js';
import { takeFollowerSnapshots } from './maintenance/follower-snapshots.js';
import { syncMetrics } from './maintenance/metrics-sync.js';
import { reconcile } from './maintenance/reconcile.js';
import { sweepTokens } from './maintenance/token-sweep.js';
import { observe as defaultObserve, registerQueueDepth } from './observability.js';
import { createBatchedStore } from './publish/batched-store.js';
import { reconcileFirstComments } from './publish/first-comment.js';
import { createFailureNotifier, sendDueFailureDigests } from './publish/notify.js';
import { type PublishContext, processPublishJob } from './publish/publish-post.processor.js';
import { resolveUnknownOutcomes } from './publish/resolve-outcomes.js';
import { createSendGate } from './publish/send-gate.js';
import { continueSeries, type SeriesDeps } from './publish/series.js';
import { createVariationWriter, type WriteVariation } from './publish/variation.js';
import { addWakeUps, createPublishQueues } from './queues.js';
import { startWebhookDelivery } from './webhooks/deliver.js';

export interface WorkerDeps {
  /** The publishing path's pool. */
  db: Kysely<Database>;
  /**
   * The reconciler's, token sweep's and metrics' pool (default: `db`). Its own pool means that jobs
   * waiting on `db` (a burst, token refreshes holding a connection across a network call) never
   * keep the reconciler from repairing what they leave behind.
   */
  maintenanceDb?: Kysely<Database>;
  /** Statements of each kind of the batched hot path in flight at once (default 2). */
  batchInFlight?: number;
  env: WorkerEnv;
  logger: Logger;
  redisUrl: string;
  /** Hooks for metrics (operations issue); optional. */
  observe?: PublishContext['observe'];
  /**
   * Tests only: a network's adapter faked in-process (null: the registry's), and which networks
   * publish video (default: the descriptors' capabilities.video). Production passes neither.
   */
  adapterOverride?: PublishContext['adapter'];
  videoCapable?: PublishContext['videoCapable'];
  /** Tests: the AI's variation of a recurring post's text (default: from ANTHROPIC_* in env). */
  writeVariation?: WriteVariation;
}

export interface WorkerHandle {
  /** Runs one reconciler pass now, then the after-publish repairs (tests and start-up). */
  reconcileNow(): Promise<void>;
  /** Sends the webhook deliveries due now (tests). */
  deliverWebhooksNow(): Promise<void>;
  close(): Promise<void>;
}

/** Runs `task` every `intervalMs` in at most one process at a time (a Redis lock per period). */
function every(
  redis: Redis,
  options: { name: string; prefix: string; intervalMs: number; logger: Logger },
  task: () => Promise<unknown>,
): { stop(): void; runNow(): Promise<void> } {
  let running = false;
  const run = async (force = false) => {
    if (running) return;
    running = true;
    try {
      const lock = force
        ? 'OK'
        : await redis.set(
            `${options.prefix}:lock:${options.name}`,
            String(process.pid),
            'PX',
            Math.floor(options.intervalMs * 0.9),
            'NX',
          );
      if (lock !== 'OK') return;
      const report = await task();
      options.logger.debug({ task: options.name, report }, 'tarefa de manutenção concluída');
    } catch (error) {
      options.logger.warn(
        { task: options.name, err: error },
        'tarefa de manutenção falhou; tenta de novo no próximo ciclo',
      );
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), options.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer), runNow: () => run(true) };
}

export async function startWorker(deps: WorkerDeps): Promise<WorkerHandle> {
  const { env, logger, db } = deps;
  const maintenanceDb = deps.maintenanceDb ?? db;
  // Workers wait for Redis forever (maxRetriesPerRequest: null): a worker started without Redis
  // recovers on its own; producers fail fast and leave repairs to the reconciler (W5).
  const connection = new Redis(deps.redisUrl, { maxRetriesPerRequest: null });
  connection.on('error', () => {});
  const producer = new Redis(deps.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  producer.on('error', () => {});
  const queues = createPublishQueues(producer, env.REDIS_PREFIX);
  // A publisher and an OAuth client per configured network (networks registry, docs/networks.md).
  // A link card's page (Bluesky) is read through the webhooks' address guard: no private address,
  // 1 MB and 5 s at most (under SOCIAL_SANDBOX_URL the registry reads the sandbox's pages).
  const clients = createNetworkClients({
    env,
    appUrl: env.APP_URL ?? 'http://localhost:3000',
    timeoutMs: env.NETWORK_TIMEOUT_MS,
    ...(env.SOCIAL_SANDBOX_URL
      ? {}
      : {
          publisher: {
            fetchLinkPage: (url, limits) => fetchPublicPage(url, { ...limits, timeoutMs: 5_000 }),
          },
        }),
  });
  const enqueue = (wakeUps: Parameters<typeof addWakeUps>[1]) =>
    addWakeUps(queues, wakeUps).catch((error: unknown) => {
      logger.warn(
        { err: error, count: wakeUps.length },
        'wake-ups não enfileirados; o reconciliador tentará de novo',
      );
    });

  // Post images (docs/media.md): the same storage as the web's; Instagram fetches each image from
  // the web's signed, expiring /media URL.
  const media = mediaSetupFromEnv(env, {
    appUrl: env.APP_URL ?? 'http://localhost:3000',
    dataDir: env.PAUTA_DATA_DIR,
    keyring: env.keyring,
  });

  const writeVariation = createVariationWriter({
    apiKey: env.ANTHROPIC_API_KEY,
    baseURL: env.ANTHROPIC_BASE_URL,
    model: env.ANTHROPIC_MODEL,
    timeoutMs: env.ANTHROPIC_TIMEOUT_MS,
  });
  const seriesDeps = (onDb: Kysely<Database>): SeriesDeps => ({
    db: onDb,
    logger,
    now: () => new Date(),
    writeVariation: deps.writeVariation ?? writeVariation,
    enqueue,
  });

  const ctx: PublishContext = {
    db,
    keyring: env.keyring,
    media: (post) => loadPublishMedia(db, media.storage, post.id, { urlFor: media.publicUrl }),
    hasVideo: (post) => postHasVideo(db, post.id),
    // The video (networks with capabilities.video): read range by range during the call; its URL
    // stays valid an hour past the longest call, for a network that fetches it after processing.
    video: (post) =>
      loadPublishVideo(db, media.storage, post.id, {
        urlFor: media.publicUrl,
        ttlSeconds: Math.ceil(env.VIDEO_PUBLISH_TIMEOUT_MS / 1000) + 60 * 60,
      }),
    ...(deps.videoCapable ? { videoCapable: deps.videoCapable } : {}),
    logger,
    adapter: (platform) => deps.adapterOverride?.(platform) ?? clients.adapter(platform),
    oauth: clients.oauth,
    enqueue,
    // Recurring posts (docs/recurring-posts.md): the next occurrence right after a publication.
    continueSeries: (postId) => continueSeries(seriesDeps(db), { postId }),
    // The owner is emailed when a post fails for good or needs attention (when notifications are on).
    notify: createFailureNotifier({ db, appUrl: env.APP_URL ?? 'http://localhost:3000' }),
    config: {
      retryBaseMs: env.PUBLISH_RETRY_BASE_MS,
      retryMaxMs: env.PUBLISH_RETRY_MAX_MS,
      refreshMarginMs: TOKEN_REFRESH_MARGIN_MS,
      networkTimeoutMs: env.NETWORK_TIMEOUT_MS,
      sendStartBudgetMs: env.STALE_CLAIM_MS - env.NETWORK_TIMEOUT_MS,
      videoTimeoutMs: env.VIDEO_PUBLISH_TIMEOUT_MS,
      claimLease: claimLeaseTiming(env.STALE_CLAIM_MS),
    },
    now: () => new Date(),
    // Claims, account reads, send-starts and completions of the jobs in flight go in a few
    // statements (docs/publishing.md, "Batches"), each row fenced as alone.
    store: createBatchedStore(db, env.keyring, deps.batchInFlight ?? 2),
    // At most WORKER_CONCURRENCY sends in flight in this process, all networks together; a post
    // is marked "send started" only once it holds a slot (docs/publishing.md, "Flag only what was
    // sent"): a crash flags at most that many posts, each of whose requests was leaving.
    sendGate: createSendGate(env.WORKER_CONCURRENCY),
    observe: deps.observe ?? defaultObserve,
  };
  registerQueueDepth([...queues.values()]);

  const workers: Worker[] = [];
  for (const platform of PLATFORMS) {
    const worker: Worker = new Worker(
      publishQueueName(platform),
      async (job: Job, token?: string) => {
        const data = publishJobSchema.safeParse(job.data);
        if (!data.success) {
          logger.error({ jobId: job.id }, 'job de publicação com formato inválido descartado');
          return;
        }
        const outcome = await processPublishJob(ctx, data.data);
        if (outcome.kind === 'early') {
          await job.moveToDelayed(outcome.at.getTime(), token);
          throw new DelayedError();
        }
        if (outcome.kind === 'rate_limited') {
          // Pause this network's queue for every worker (W8); the post has its own new wake-up.
          await worker.rateLimit(outcome.retryAfterMs);
        }
        return outcome.kind;
      },
      {
        connection,
        prefix: env.REDIS_PREFIX,
        concurrency: env.WORKER_CONCURRENCY,
        limiter: env.PUBLISH_RATE_LIMIT,
        // The job lock is renewed every 15 s while the process runs; a process that stalls past
        // it has its job handed to another worker once (maxStalledCount), whose claim then finds
        // the version already claimed: a no-op. The claim token in PostgreSQL, not this lock, is
        // what fences a stalled worker (docs/publishing.md, I11).
        lockDuration: 30_000,
        maxStalledCount: 1,
      },
    );
    worker.on('error', (error) => logger.warn({ err: error, platform }, 'erro do worker BullMQ'));
    worker.on('stalled', (jobId) =>
      logger.warn({ jobId, platform }, 'job travado (stalled): será reprocessado'),
    );
    workers.push(worker);
  }

  const metricsWorker = new Worker(
    QUEUES.metrics,
    async (job: Job) => {
      // One workspace's posts ("Atualizar métricas"); a job queued before workspaces names a
      // user, whose personal workspace has the user's id.
      const data = z
        .object({ workspaceId: z.uuid().optional(), userId: z.uuid().optional() })
        .parse(job.data ?? {});
      const workspaceId = data.workspaceId ?? data.userId;
      return syncMetrics({
        db: maintenanceDb,
        keyring: env.keyring,
        logger,
        ...clients,
        now: () => new Date(),
        staleAfterMs: 0,
        ...(workspaceId ? { workspaceId } : {}),
      });
    },
    { connection, prefix: env.REDIS_PREFIX, concurrency: 1 },
  );
  metricsWorker.on('error', (error) => logger.warn({ err: error }, 'erro do worker de métricas'));

  const lockPrefix = `${env.REDIS_PREFIX}:maintenance`;
  const reconciler = every(
    connection,
    { name: 'reconcile', prefix: lockPrefix, intervalMs: env.RECONCILE_INTERVAL_MS, logger },
    async () => {
      const report = await reconcile({
        db: maintenanceDb,
        enqueue,
        now: () => new Date(),
        staleClaimMs: env.STALE_CLAIM_MS,
        lookAheadMs: 2 * 60_000,
        appUrl: env.APP_URL ?? 'http://localhost:3000',
      });
      // Then ask the networks about the posts flagged with an unknown outcome (this pass's and
      // earlier ones, and those whose owner pressed "Tentar de novo"): docs/publishing.md,
      // "Asking the network". A send started STALE_CLAIM_MS ago has surely been answered.
      const lookups = await resolveUnknownOutcomes(
        { ...ctx, db: maintenanceDb },
        {
          settleMs: env.STALE_CLAIM_MS,
          absentAfterMs: env.LOOKUP_ABSENT_AFTER_MS,
          budgetMs: env.RECONCILE_INTERVAL_MS / 2,
        },
      );
      return { ...report, lookups };
    },
  );
  // What follows a publication, repaired on its own rhythm: never inside the reconciler's pass, so
  // a slow step here (both read published_posts, which a long lock can hold) never keeps the
  // reconciler from flagging stale claims (worker/src/stall.integration.test.ts, scenario b).
  const afterPublish = every(
    connection,
    { name: 'after-publish', prefix: lockPrefix, intervalMs: env.RECONCILE_INTERVAL_MS, logger },
    async () => {
      // First comments (docs/first-comment.md): due retries, and those whose worker stopped
      // between sending and recording (the network is asked; never resent blindly).
      const firstComments = await reconcileFirstComments(
        { ...ctx, db: maintenanceDb },
        { staleMs: env.STALE_CLAIM_MS },
      );
      // Then the series whose next occurrence a crash (or a resolved unknown outcome) left unmade.
      const series = await continueSeries(seriesDeps(maintenanceDb), { limit: 100 });
      return { firstComments, series };
    },
  );
  const tokenSweep = every(
    connection,
    { name: 'token-sweep', prefix: lockPrefix, intervalMs: env.TOKEN_SWEEP_INTERVAL_MS, logger },
    () =>
      sweepTokens({
        db: maintenanceDb,
        keyring: env.keyring,
        logger,
        oauth: clients.oauth,
        now: () => new Date(),
        horizonMs: env.TOKEN_SWEEP_INTERVAL_MS + 5 * 60_000,
      }),
  );
  const metricsSync = every(
    connection,
    { name: 'metrics-sync', prefix: lockPrefix, intervalMs: env.METRICS_SYNC_INTERVAL_MS, logger },
    () =>
      syncMetrics({
        db: maintenanceDb,
        keyring: env.keyring,
        logger,
        ...clients,
        now: () => new Date(),
        staleAfterMs: env.METRICS_SYNC_INTERVAL_MS / 2,
      }),
  );
  // Early metrics reads (+15 min, +1 h, +24 h after publishing), scanned as often as the reconciler.
  const metricsDue = every(
    connection,
    { name: 'metrics-due', prefix: lockPrefix, intervalMs: env.RECONCILE_INTERVAL_MS, logger },
    () =>
      syncMetrics({
        db,
        keyring: env.keyring,
        logger,
        ...clients,
        now: () => new Date(),
        staleAfterMs: 0,
        due: true,
      }),
  );
  // Failure emails grouped per user: the digest of a window that ended (publish/notify.ts).
  const failureDigests = every(
    connection,
    { name: 'failure-digests', prefix: lockPrefix, intervalMs: env.RECONCILE_INTERVAL_MS, logger },
    () => sendDueFailureDigests({ db, appUrl: env.APP_URL ?? 'http://localhost:3000' }),
  );
  // Accounts whose token cannot be renewed: announced once, 14 days before it expires (in the app
  // and by email; maintenance/expiry-notices.ts). One indexed query when nothing is due, so it runs
  // as often as the reconciler: a newly connected 10-day token is announced within seconds.
  const expiryNotices = every(
    connection,
    { name: 'expiry-notices', prefix: lockPrefix, intervalMs: env.RECONCILE_INTERVAL_MS, logger },
    () => sendExpiryNotices({ db, logger, appUrl: env.APP_URL ?? 'http://localhost:3000' }),
  );
  // Each connected account's followers, one row per day (maintenance/follower-snapshots.ts): the
  // history monthly reports read (docs/reports.md). Accounts already read today cost one query.
  const followerSnapshots = every(
    connection,
    { name: 'follower-snapshots', prefix: lockPrefix, intervalMs: env.FOLLOWER_SNAPSHOT_INTERVAL_MS, logger },
    () =>
      takeFollowerSnapshots({
        db: maintenanceDb,
        keyring: env.keyring,
        logger,
        oauth: clients.oauth,
        now: () => new Date(),
        timeoutMs: env.NETWORK_TIMEOUT_MS,
      }),
  );
  // Signed webhooks (docs/webhooks.md): every process polls the deliveries table and claims rows
  // with SKIP LOCKED and a lease, so no Redis lock is needed and the work spreads over processes.
  const webhooks = startWebhookDelivery({
    db: maintenanceDb,
    keyring: env.keyring,
    logger,
    appUrl: env.APP_URL ?? 'http://localhost:3000',
    concurrency: env.WEBHOOK_CONCURRENCY,
    pollMs: env.WEBHOOK_POLL_MS,
    retryFirstMs: env.WEBHOOK_RETRY_FIRST_MS,
  });
  // The row the admin panel, the web's /readyz and the "no worker" alert read (docs/operations.md).
  const heartbeat = startHeartbeat({
    db,
    logger,
    intervalMs: env.WORKER_HEARTBEAT_MS,
    version: env.PAUTA_VERSION,
  });
  // A first pass at start-up picks up whatever came due while no worker ran.
  void reconciler.runNow();
  void afterPublish.runNow();
  logger.info({ networks: PLATFORMS.filter((p) => clients.adapter(p)) }, 'worker de publicação pronto');

  return {
    reconcileNow: async () => {
      await reconciler.runNow();
      await afterPublish.runNow();
    },
    deliverWebhooksNow: () => webhooks.runNow(),
    async close() {
      reconciler.stop();
      afterPublish.stop();
      tokenSweep.stop();
      metricsSync.stop();
      metricsDue.stop();
      failureDigests.stop();
      expiryNotices.stop();
      followerSnapshots.stop();
      await webhooks.stop();
      // Waits for the publications in flight to finish (W10).
      await Promise.all([...workers, metricsWorker].map((w) => w.close()));
      await Promise.all([...queues.values()].map((q) => q.close().catch(() => {})));
      connection.disconnect();
      producer.disconnect();
      await heartbeat.stop();
    },
  };
}
