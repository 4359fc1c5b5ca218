// The worker's heartbeat (issue 18, item 5; docs/operations.md "Worker vivo"): a row per process
// in PostgreSQL, upserted every WORKER_HEARTBEAT_MS (15 s) with the database's clock, and marked
// stopped on a graceful shutdown. The web process reads these rows for the admin panel, its
// /readyz and the "no worker" banner and email. PostgreSQL rather than Redis keys with a TTL: the
// web's readiness and the outage email must not depend on Redis being up or on its eviction
// policy, and "last seen" must survive the worker's row expiring.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { beatWorker, type Database, purgeWorkerBeats, stopWorkerBeat, type WorkerIdentity } from '@pauta/db';
import type { Kysely } from 'kysely';
import type { Logger } from './logger.js';

export interface Heartbeat {
  readonly identity: WorkerIdentity;
  /** Marks the row stopped (after the in-flight publications drained). */
  stop(): Promise<void>;
}

export function startHeartbeat(options: {
  db: Kysely<Database>;
  logger: Logger;
  intervalMs: number;
  version: string;
}): Heartbeat {
  const identity: WorkerIdentity = {
    id: randomUUID(),
    host: hostname(),
    pid: process.pid,
    version: options.version,
  };
  let failing = false;
  let beats = 0;
  let running: Promise<void> | null = null;
  const beat = () => {
    if (running) return;
    running = (async () => {
      try {
        await beatWorker(options.db, identity);
        // Once in a while (every ~40 beats, 10 min), drop rows silent for a day.
        if (beats++ % 40 === 0) await purgeWorkerBeats(options.db);
        if (failing) options.logger.info('heartbeat do worker restabelecido');
        failing = false;
      } catch (error) {
        if (!failing) options.logger.warn({ err: error }, 'heartbeat do worker falhou; tentando de novo');
        failing = true;
      } finally {
        running = null;
      }
    })();
  };
  beat();
  const timer = setInterval(beat, options.intervalMs);
  timer.unref();
  return {
    identity,
    async stop() {
      clearInterval(timer);
      await running;
      await stopWorkerBeat(options.db, identity.id).catch((error: unknown) =>
        options.logger.warn({ err: error }, 'não foi possível marcar o worker como encerrado'),
      );
    },
  };
}
