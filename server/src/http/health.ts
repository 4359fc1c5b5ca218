// Liveness (/healthz: the process answers) and readiness (/readyz: PostgreSQL reachable and
// migrated, Redis reachable), each check with its latency, and the workers' heartbeats.
//
// `workers` reports an outage (`status: 'no_worker'`: posts are due and no worker has beaten for
// 2 minutes) without making the web unready: readiness decides whether the load balancer sends
// this process traffic, and a missing worker is not fixed by taking the site down — people still
// need to sign in, edit and reschedule, and admins need the banner. Alert on the JSON field (or
// the worker's own /readyz) instead; docs/operations.md.

import { pendingMigrations, ping, workersHealth } from '@pauta/db';
import { type Request, type Response, Router } from 'express';
import type { AppDeps } from '../deps.js';

async function timed<T>(
  fn: () => Promise<T>,
): Promise<{ ok: boolean; ms: number; detail?: string; value?: T }> {
  const start = performance.now();
  try {
    const value = await fn();
    return { ok: true, ms: Math.round(performance.now() - start), value };
  } catch {
    return { ok: false, ms: Math.round(performance.now() - start), detail: 'indisponível' };
  }
}

export function healthRouter(deps: AppDeps): Router {
  const r = Router();
  r.get('/healthz', (_req: Request, res: Response) => {
    res.json({ status: 'ok' });
  });
  r.get('/readyz', async (_req: Request, res: Response) => {
    const database = await timed(() => ping(deps.db));
    const migrations = await timed(() => pendingMigrations(deps.db));
    const pending = migrations.value ?? [];
    const migrationsOk = migrations.ok && pending.length === 0;
    const redisOk = deps.queue.isAvailable();
    const ready = database.ok && migrationsOk;
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
