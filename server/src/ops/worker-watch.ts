// The web side of "worker alive" (issue 18, item 5; docs/operations.md "Worker vivo"). Every
// WORKER_WATCH_INTERVAL_MS each web process reads the workers' health (one statement, PostgreSQL's
// clock). When posts are due and no worker has beaten for 2 minutes it tries to open the outage: a
// partial unique index lets one INSERT win however many web processes race, and only the winner
// queues the 'worker_down' email to every administrator, in the same transaction — one email per
// admin per outage. A worker beating again closes the outage, so the next one emails again.
// The web sends it because there is no worker to do so; the outbox loop of any web process
// delivers it (SMTP, or kept for admins to read without SMTP_URL).
import { DEFAULT_TIME_ZONE, formatDateTime } from '@pauta/core';
import {
  adminEmails,
  closeWorkerOutage,
  type Database,
  openWorkerOutage,
  queueTemplatedEmail,
  type WorkersHealth,
  workersHealth,
} from '@pauta/db';
import type { Kysely } from 'kysely';
import type { Logger } from '../logger.js';
import { startPeriodic } from './periodic.js';

export interface WorkerWatchDeps {
  db: Kysely<Database>;
  logger: Logger;
  appUrl: string;
  /** Delivers the queued outbox rows now (the outbox loop would within 10 s anyway). */
  deliver?: (ids: string[]) => void;
}

export interface WorkerWatch {
  /** One check now; resolves with what it saw and whether this call opened the outage. */
  check(): Promise<{ health: WorkersHealth; opened: boolean; closed: boolean }>;
  stop(): Promise<void>;
}

/** Queues the outage email for every admin in `trx`; returns the outbox ids. */
async function queueOutageEmails(
  db: Kysely<Database>,
  health: WorkersHealth,
  appUrl: string,
): Promise<string[]> {
  const ids: string[] = [];
  for (const admin of await adminEmails(db)) {
    const id = await queueTemplatedEmail(db, {
      templateName: 'worker_down',
      to: admin.email,
      variables: {
        first_name: admin.firstName ?? '',
        minutes: health.minutesSinceSeen === null ? '?' : String(health.minutesSinceSeen),
        due_posts: String(health.duePosts),
        last_seen: health.lastSeenAt
          ? formatDateTime(health.lastSeenAt, DEFAULT_TIME_ZONE)
          : 'nunca (nenhum worker registrado)',
        admin_url: `${appUrl.replace(/\/+$/, '')}/admin?section=workers`,
      },
    });
    if (id) ids.push(id);
  }
  return ids;
}

export async function checkWorkers(
  deps: WorkerWatchDeps,
): Promise<{ health: WorkersHealth; opened: boolean; closed: boolean }> {
  const health = await workersHealth(deps.db);
  let opened = false;
  let closed = false;
  if (health.status === 'no_worker') {
    let ids: string[] = [];
    opened = await openWorkerOutage(deps.db, health, async (trx) => {
      ids = await queueOutageEmails(trx, health, deps.appUrl);
    });
    if (opened) {
      deps.logger.error(
        { duePosts: health.duePosts, minutesSinceSeen: health.minutesSinceSeen, emails: ids.length },
        'nenhum worker ativo com posts atrasados: administradores avisados',
      );
      if (ids.length) deps.deliver?.(ids);
    }
  } else if (health.status === 'ok') {
    closed = await closeWorkerOutage(deps.db);
    if (closed) deps.logger.info({ alive: health.alive }, 'worker de volta: interrupção encerrada');
  }
  return { health, opened, closed };
}

export function startWorkerWatch(deps: WorkerWatchDeps, intervalMs: number): WorkerWatch {
  const loop = startPeriodic(() => checkWorkers(deps), {
    intervalMs,
    logger: deps.logger,
    failure: 'verificação dos workers falhou',
    runNow: true,
  });
  return { check: () => checkWorkers(deps), stop: () => loop.stop() };
}
