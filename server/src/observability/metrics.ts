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

/** When a request began (performance.now()), on the request itself: no closure per request. */
const STARTED = Symbol('pauta.metrics.started');
type Timed = Request & { [STARTED]?: number };
type Observe = (seconds: number) => void;

/**
 * Times every request. A tRPC call is labelled by its procedure when `procedures` knows it, a
 * batch by "trpc:batch" and anything else by "trpc:unknown": a label value per path a client
 * invents would grow the registry without bound (one series per made-up name).
 *
 * Nothing is allocated per request that can be made once (issue 29): the labels of each procedure
 * are built at start-up, each label set's observer at its first use (prom-client's `labels()`
 * makes a label object and two closures per call), and one shared `finish` listener reads the
 * start time from the request. The series stay bounded: routes are the procedures and the app's
 * own paths, methods the few node's parser accepts, statuses the codes the app sends.
 */
export function httpMetrics(procedures: ReadonlySet<string>) {
  const trpcLabels = new Map([...procedures].map((name) => [name, `trpc:${name}`]));
  const trpcRoute = (path: string) => {
    const names = path.slice('/trpc/'.length);
    if (names.includes(',')) return 'trpc:batch';
    return trpcLabels.get(names) ?? 'trpc:unknown';
  };
  const observers = new Map<string, Map<string, Map<number, Observe>>>();
  const observerFor = (route: string, method: string, status: number): Observe => {
    let byMethod = observers.get(route);
    if (!byMethod) {
      byMethod = new Map();
      observers.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let observe = byStatus.get(status);
    if (!observe) {
      const child = httpDuration.labels(route, method, String(status));
      observe = (seconds) => child.observe(seconds);
      byStatus.set(status, observe);
    }
    return observe;
  };
  function onFinish(this: Response): void {
    const req = this.req as Timed;
    const started = req[STARTED];
    if (started === undefined) return;
    // req.path is relative to a mounted router by now (the /trpc mount strips its prefix).
    const url = req.originalUrl;
    const question = url.indexOf('?');
    const path = question === -1 ? url : url.slice(0, question);
    const route = path.startsWith('/trpc/')
      ? trpcRoute(path)
      : req.route?.path
        ? String(req.route.path)
        : path.startsWith('/assets/')
          ? 'assets'
          : 'other';
    observerFor(route, req.method, this.statusCode)((performance.now() - started) / 1000);
  }
  return (req: Request, res: Response, next: NextFunction): void => {
    (req as Timed)[STARTED] = performance.now();
    res.on('finish', onFinish);
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
