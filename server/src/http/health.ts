// Liveness (/healthz: the process answers) and readiness (/readyz: PostgreSQL reachable and
// migrated). To the public, readiness is only `{"status":"ready"}` (200) or `{"status":"not_ready"}`
// (503): the load balancer needs no more, and the rest (latencies, pending migrations, Redis, the
// workers' count and due posts) describes the installation to whoever asks. Those details come
// with the METRICS_TOKEN bearer, as /metrics does (issue 24; docs/operations.md).
//
// `workers` reports an outage (`status: 'no_worker'`: posts are due and no worker has beaten for
// 2 minutes) without making the web unready: readiness decides whether the load balancer sends
// this process traffic, and a missing worker is not fixed by taking the site down — people still
// need to sign in, edit and reschedule, and admins need the banner. Alert on the JSON field (or
// the worker's own /readyz) instead; docs/operations.md.

import { bearerTokenMatches } from '@pauta/core/config/bearer';
import { pendingMigrations, ping, workersHealth } from '@pauta/db';
import { type Request, type Response, Router } from 'express';
import type { AppDeps } from '../deps.js';

/** A check that has not answered by then counts as failed (PostgreSQL unreachable, not refusing). */
const CHECK_TIMEOUT_MS = 3_000;

async function timed<T>(
  fn: () => Promise<T>,
): Promise<{ ok: boolean; ms: number; detail?: string; value?: T }> {
  const start = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const value = await Promise.race([
      fn(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { ok: true, ms: Math.round(performance.now() - start), value };
  } catch {
    return { ok: false, ms: Math.round(performance.now() - start), detail: 'indisponível' };
  } finally {
    clearTimeout(timer);
  }
}

export function healthRouter(deps: AppDeps): Router {
  const r = Router();
  r.get('/healthz', (_req: Request, res: Response) => {
    res.json({ status: 'ok' });
  });
  r.get('/readyz', async (req: Request, res: Response) => {
    const database = await timed(() => ping(deps.db));
    const migrations = database.ok
      ? await timed(() => pendingMigrations(deps.db))
      : { ok: false, ms: 0, value: undefined };
    const pending = migrations.value ?? [];
    const migrationsOk = migrations.ok && pending.length === 0;
    const ready = database.ok && migrationsOk;
    res.setHeader('Cache-Control', 'no-store');
    if (!bearerTokenMatches(req.get('authorization'), deps.env.METRICS_TOKEN)) {
      res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready' });
      return;
    }
    const redisOk = deps.queue.isAvailable();
    const workers = ready ? await timed(() => workersHealth(deps.db)) : null;
    res.status(ready ? 200 : 503).json({
      status: ready ? (redisOk ? 'ready' : 'degraded') : 'not_ready',
      checks: {
        database: { ok: database.ok, latencyMs: database.ms },
        migrations: { ok: migrationsOk, pending },
        redis: { ok: redisOk, note: redisOk ? undefined : 'publicação pausada até o Redis voltar' },
      },
      workers: workers?.value
        ? {
            status: workers.value.status,
            alive: workers.value.alive,
            duePosts: workers.value.duePosts,
            lastSeenAt: workers.value.lastSeenAt?.toISOString() ?? null,
            note:
              workers.value.status === 'no_worker'
                ? `nenhum worker ativo há ${workers.value.minutesSinceSeen ?? '?'} min; ${workers.value.duePosts} posts atrasados`
                : undefined,
          }
        : { status: 'unknown' },
    });
  });
  return r;
}
