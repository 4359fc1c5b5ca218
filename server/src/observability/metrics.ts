// Prometheus metrics of the web process (prom-client's default registry, so that in embedded
// mode the worker's metrics appear on the same /metrics). Exposed only with METRICS_TOKEN.
import { bearerTokenMatches } from '@pauta/core/config/bearer';
import type { NextFunction, Request, Response } from 'express';
import { Counter, collectDefaultMetrics, Histogram, register } from 'prom-client';

let defaultsCollected = false;

function once<T>(name: string, make: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? make();
}

export const httpDuration = once(
  'pauta_http_request_duration_seconds',
  () =>
    new Histogram({
      name: 'pauta_http_request_duration_seconds',
      help: 'Duração das requisições HTTP, por procedimento tRPC ou rota',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    }),
);

export const aiCalls = once(
  'pauta_ai_drafts_total',
  () =>
    new Counter({
      name: 'pauta_ai_drafts_total',
      help: 'Gerações de rascunhos, por origem (ai, templates ou mixed) e motivo do fallback',
      labelNames: ['source', 'reason'] as const,
    }),
);

export function startDefaultMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ prefix: 'pauta_' });
}

/**
 * Times every request. A tRPC call is labelled by its procedure when `procedures` knows it, a
 * batch by "trpc:batch" and anything else by "trpc:unknown": a label value per path a client
 * invents would grow the registry without bound (one series per made-up name).
 */
export function httpMetrics(procedures: ReadonlySet<string>) {
  const trpcRoute = (path: string) => {
    const names = path.slice('/trpc/'.length);
    if (names.includes(',')) return 'trpc:batch';
    return procedures.has(names) ? `trpc:${names}` : 'trpc:unknown';
  };
  return (req: Request, res: Response, next: NextFunction): void => {
    const end = httpDuration.startTimer();
    res.on('finish', () => {
      // req.path is relative to a mounted router by now (the /trpc mount strips its prefix).
      const path = req.originalUrl.split('?', 1)[0] ?? '';
      const route = path.startsWith('/trpc/')
        ? trpcRoute(path)
        : req.route?.path
          ? String(req.route.path)
          : path.startsWith('/assets/')
            ? 'assets'
            : 'other';
      end({ route, method: req.method, status: String(res.statusCode) });
    });
    next();
  };
}

/** GET /metrics: Prometheus text, only with `Authorization: Bearer $METRICS_TOKEN`. */
export function metricsEndpoint(token: string | undefined) {
  return async (req: Request, res: Response) => {
    const ok = bearerTokenMatches(req.get('authorization'), token);
    if (!ok) {
      res.status(404).json({ error: 'NOT_FOUND', message: 'Não encontrado.' });
      return;
    }
    res.setHeader('Content-Type', register.contentType);
    res.send(await register.metrics());
  };
}
