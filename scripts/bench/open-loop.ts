// An open-loop load generator (issue 29): requests leave at a fixed arrival rate whatever the
// server does, each on its own (keep-alive sockets, as many as needed), and each latency is measured
// from the instant the request was *due*, not from when a free connection picked it up. A closed
// loop of N connections (autocannon) slows its own arrivals down when the server slows, so its p95
// says how long N requests queue on this machine; this one says what a person waits at a given
// traffic (no coordinated omission).
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface OpenLoopRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface OpenLoopResult {
  rate: number;
  durationS: number;
  /** Requests sent (due during the run). */
  sent: number;
  /** Latencies (ms from due time to the last byte) of every answered request, sorted. */
  latencies: number[];
  ok: number;
  /** Answered with a status that is not 2xx, by status. */
  statuses: Map<number, number>;
  /** Connection errors and timeouts. */
  failed: number;
  /** Per name: sorted latencies and non-2xx count. */
  byName: Map<string, { latencies: number[]; errors: number }>;
  /** How late the generator itself sent requests (ms, p99): above a few ms, the client is short of CPU. */
  sendLagP99: number;
  /** First body of each non-2xx status, for the report. */
  samples: Map<number, string>;
  /** Connection errors and timeouts by message. */
  failures: Map<string, number>;
}

const TIMEOUT_MS = 30_000;

function sortedPercentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export { sortedPercentile as percentileOf };

/**
 * Sends `rate` requests a second for `durationS` seconds to `baseUrl` (evenly spaced: arrivals at a
 * fixed rate), each built by `plan()`, and waits for the last answer (or its timeout).
 */
export async function openLoop(options: {
  baseUrl: string;
  rate: number;
  durationS: number;
  plan: () => { name: string; request: OpenLoopRequest };
}): Promise<OpenLoopResult> {
  const url = new URL(options.baseUrl);
  // A free socket is closed by the client a second before the server's keep-alive timeout (node
  // applies the server's `Keep-Alive: timeout=5` hint only when the agent has a timeout of its own):
  // otherwise a socket left idle after a stall races the server's close and ends in ECONNRESET.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512, timeout: TIMEOUT_MS });
  const interval = 1000 / options.rate;
  const total = Math.round(options.rate * options.durationS);
  const result: OpenLoopResult = {
    rate: options.rate,
    durationS: options.durationS,
    sent: 0,
    latencies: [],
    ok: 0,
    statuses: new Map(),
    failed: 0,
    byName: new Map(),
    sendLagP99: 0,
    samples: new Map(),
    failures: new Map(),
  };
  const lags: number[] = [];
  const pending = new Set<Promise<void>>();
  const start = performance.now();

  const fire = (due: number) => {
    const { name, request } = options.plan();
    lags.push(performance.now() - due);
    let stats = result.byName.get(name);
    if (!stats) {
      stats = { latencies: [], errors: 0 };
      result.byName.set(name, stats);
    }
    const entry = stats;
    result.sent += 1;
    const fail = (error: Error) => {
      result.failed += 1;
      entry.errors += 1;
      const message = (error as { code?: string }).code ?? error.message;
      result.failures.set(message, (result.failures.get(message) ?? 0) + 1);
    };
    const done = new Promise<void>((resolve) => {
      const headers: Record<string, string | number> = { ...request.headers };
      if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);
      const req = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: request.method,
          path: request.path,
          headers,
          timeout: TIMEOUT_MS,
        },
        (res) => {
          const chunks: Buffer[] = [];
          const status = res.statusCode ?? 0;
          const failedStatus = status < 200 || status >= 300;
          res.on('data', (chunk: Buffer) => {
            if (failedStatus) chunks.push(chunk);
          });
          res.on('end', () => {
            const latency = performance.now() - due;
            result.latencies.push(latency);
            entry.latencies.push(latency);
            if (failedStatus) {
              result.statuses.set(status, (result.statuses.get(status) ?? 0) + 1);
              entry.errors += 1;
              if (!result.samples.has(status)) {
                result.samples.set(status, Buffer.concat(chunks).toString('utf8').slice(0, 300));
              }
            } else {
              result.ok += 1;
            }
            resolve();
          });
          res.on('error', (error) => {
            fail(error);
            resolve();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (error) => {
        fail(error);
        resolve();
      });
      req.end(request.body);
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  };

  // A timer per tick would drift; each wake-up sends every request that is due by now.
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (next < total && start + next * interval <= now) {
        fire(start + next * interval);
        next += 1;
      }
      if (next >= total) {
        resolve();
        return;
      }
      const wait = Math.max(0, start + next * interval - performance.now());
      setTimeout(tick, Math.min(wait, 50));
    };
    tick();
  });
  await Promise.all(pending);
  agent.destroy();
  result.latencies.sort((a, b) => a - b);
  for (const s of result.byName.values()) s.latencies.sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  result.sendLagP99 = sortedPercentile(lags, 99);
  return result;
}
