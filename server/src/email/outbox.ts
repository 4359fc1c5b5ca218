// The outbox sender. Every email is first a row of email_outbox (status 'pending'): the web
// process's request handlers add theirs and deliver them at once; the worker adds publish-failure
// notices (it never talks SMTP). A loop in the web process (every 10 s) delivers whatever is still
// pending: over SMTP when SMTP_URL is set ('sent' / 'failed'), else it keeps the message for
// administrators to read ('stored'). A claim is a 5-minute lease, so a crash mid-send is retried.
import { claimOutboxEmails, type Database, finishOutboxEmail } from '@pauta/db';
import type { Kysely } from 'kysely';
import type { Logger } from '../logger.js';
import type { Mailer } from './mailer.js';

export const OUTBOX_POLL_MS = 10_000;
export const OUTBOX_LEASE_MS = 5 * 60_000;
const OUTBOX_BATCH = 20;

export interface OutboxDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  logger: Logger;
  now?: () => Date;
}

export interface DeliveryCounts {
  sent: number;
  stored: number;
  failed: number;
}

/** Delivers pending rows (only `ids` when given); never throws for one bad message. */
export async function deliverOutbox(deps: OutboxDeps, ids?: readonly string[]): Promise<DeliveryCounts> {
  const now = deps.now ?? (() => new Date());
  const counts: DeliveryCounts = { sent: 0, stored: 0, failed: 0 };
  const rows = await claimOutboxEmails(deps.db, {
    limit: ids ? ids.length : OUTBOX_BATCH,
    leaseMs: OUTBOX_LEASE_MS,
    now: now(),
    ...(ids ? { ids } : {}),
  });
  for (const row of rows) {
    if (!deps.mailer.configured) {
      await finishOutboxEmail(deps.db, row.id, { status: 'stored', error: null, at: now() });
      counts.stored++;
      continue;
    }
    try {
      await deps.mailer.send({ to: row.to_address, subject: row.subject, html: row.html });
      await finishOutboxEmail(deps.db, row.id, { status: 'sent', error: null, at: now() });
      counts.sent++;
    } catch (error) {
      const reason = (error as Error).message?.slice(0, 500) || 'erro';
      deps.logger.warn({ emailId: row.id, template: row.template_name, reason }, 'email não enviado');
      await finishOutboxEmail(deps.db, row.id, { status: 'failed', error: reason, at: now() });
      counts.failed++;
    }
  }
  return counts;
}

/** Delivers `ids` in the background: a request never waits for SMTP, nor fails because of it. */
export function deliverInBackground(deps: OutboxDeps, ids: readonly string[]): Promise<void> {
  return deliverOutbox(deps, ids).then(
    () => undefined,
    (error: unknown) => deps.logger.warn({ err: error }, 'entrega de email adiada para o próximo ciclo'),
  );
}

export interface OutboxSender {
  stop(): Promise<void>;
}

/** The web process's loop: every `intervalMs`, deliver what is pending (one run at a time). */
export function startOutboxSender(deps: OutboxDeps, intervalMs = OUTBOX_POLL_MS): OutboxSender {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        // Drain in batches until a run finds nothing more to do.
        for (;;) {
          const counts = await deliverOutbox(deps);
          if (counts.sent + counts.stored + counts.failed < OUTBOX_BATCH) break;
        }
      } catch (error) {
        deps.logger.warn({ err: error }, 'falha no envio de emails pendentes');
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
