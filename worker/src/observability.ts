// The worker's health and Prometheus metrics, on a small internal HTTP port (WORKER_HEALTH_PORT,
// on WORKER_HEALTH_HOST: loopback by default): /healthz (alive), /readyz (PostgreSQL and Redis
// reachable; its checks only with the METRICS_TOKEN bearer), and /metrics (publish lag, outcomes, token refreshes, queue depth) only with the
// METRICS_TOKEN bearer, as on the web. Uses prom-client's default registry (shared in embedded mode).
import http from 'node:http';
import { bearerTokenMatches } from '@pauta/core/config/bearer';
import { type Database, ping } from '@pauta/db';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { Counter, Gauge, Histogram, register } from 'prom-client';
import type { PublishContext } from './publish/publish-post.processor.js';

function once<T>(name: string, make: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? make();
}

const publishLag = once(
  'pauta_publish_lag_seconds',
  () =>
    new Histogram({
      name: 'pauta_publish_lag_seconds',
      help: 'Atraso entre o horário agendado e o envio à rede',
      labelNames: ['platform'] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 900],
    }),
);
const outcomes = once(
  'pauta_publish_outcomes_total',
  () =>
    new Counter({
      name: 'pauta_publish_outcomes_total',
      help: 'Resultados de publicação por rede e desfecho',
      labelNames: ['platform', 'outcome'] as const,
    }),
);
const refreshes = once(
  'pauta_token_refreshes_total',
  () =>
    new Counter({
      name: 'pauta_token_refreshes_total',
      help: 'Renovações de token por rede',
      labelNames: ['platform'] as const,
    }),
);

export const observe: NonNullable<PublishContext['observe']> = {
  published: (post, lagMs) => publishLag.observe({ platform: post.platform }, Math.max(0, lagMs) / 1000),
  outcome: (platform, outcome) => outcomes.inc({ platform, outcome }),
  tokenRefreshed: (platform) => refreshes.inc({ platform }),
};

export function registerQueueDepth(queues: Queue[]): void {
  if (register.getSingleMetric('pauta_queue_jobs')) register.removeSingleMetric('pauta_queue_jobs');
  new Gauge({
    name: 'pauta_queue_jobs',
    help: 'Jobs por fila e estado (waiting, delayed, active, failed)',
    labelNames: ['queue', 'state'] as const,
    async collect() {
      for (const queue of queues) {
        const counts = await queue.getJobCounts('waiting', 'delayed', 'active', 'failed').catch(() => null);
        if (!counts) continue;
        for (const [state, n] of Object.entries(counts)) this.set({ queue: queue.name, state }, n);
      }
    },
  });
}

export function startHealthServer(options: {
  port: number;
  /** Interface to listen on (WORKER_HEALTH_HOST); loopback unless told otherwise. */
  host?: string;
  /** METRICS_TOKEN: /metrics answers 404 without `Authorization: Bearer <token>`, or always when unset. */
  metricsToken?: string | undefined;
  db: Kysely<Database>;
  redis: Redis;
}): Promise<http.Server> {
  const server = http.createServer(async (req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/healthz') return json(200, { status: 'ok' });
    if (req.url === '/readyz') {
      const started = performance.now();
      const database = await ping(options.db).then(
        () => ({ ok: true, latencyMs: Math.round(performance.now() - started) }),
        () => ({ ok: false }),
      );
      const redisStart = performance.now();
      const redis = await options.redis.ping().then(
        () => ({ ok: true, latencyMs: Math.round(performance.now() - redisStart) }),
        () => ({ ok: false }),
      );
      const ready = database.ok && redis.ok;
      // The public learns ready or not; the checks and latencies need the metrics token (issue 24).
      if (!bearerTokenMatches(req.headers.authorization, options.metricsToken)) {
        return json(ready ? 200 : 503, { status: ready ? 'ready' : 'not_ready' });
      }
      return json(ready ? 200 : 503, {
        status: ready ? 'ready' : 'not_ready',
        checks: { database, redis },
      });
    }
    if (req.url === '/metrics' && bearerTokenMatches(req.headers.authorization, options.metricsToken)) {
      res.writeHead(200, { 'content-type': register.contentType });
      return res.end(await register.metrics());
    }
    json(404, { error: 'NOT_FOUND', message: 'Não encontrado.' });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve(server));
  });
}
