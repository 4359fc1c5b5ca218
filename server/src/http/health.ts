// Liveness (/healthz: the process answers) and readiness (/readyz: PostgreSQL reachable and
// migrated, Redis reachable), each check with its latency.

import { pendingMigrations, ping } from '@pauta/db';
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
    res.status(ready ? 200 : 503).json({
      status: ready ? (redisOk ? 'ready' : 'degraded') : 'not_ready',
      checks: {
        database: { ok: database.ok, latencyMs: database.ms },
        migrations: { ok: migrationsOk, pending },
        redis: { ok: redisOk, note: redisOk ? undefined : 'publicação pausada até o Redis voltar' },
      },
    });
  });
  return r;
}
