// The outbox sender. Every email is first a row of email_outbox (status 'pending'): the web
// process's request handlers add theirs and deliver them at once; the worker adds publish-failure
// notices (it never talks SMTP). A loop in the web process (every 10 s) delivers whatever is still
// pending: over SMTP when SMTP_URL is set ('sent' / 'failed'), else it keeps the message for
// administrators to read ('stored'). A claim is a 5-minute lease, so a crash mid-send is retried.
// A token-bearing link is filled in here, at send time, from the row's sealed secrets; the stored
// row keeps its placeholder, and the sealed copy is dropped with the row's final status. Without
// SMTP such a link is never delivered (nor readable by anyone): the person asks again once SMTP is set.
// An attachment (a report's PDF) is only a media-storage key on the row, read at send time.
import { fillSecrets } from '@pauta/core';
import {
  claimOutboxEmails,
  type Database,
  finishOutboxEmail,
  type Keyring,
  type MediaStorage,
  openOutboxSecrets,
} from '@pauta/db';
import type { Kysely } from 'kysely';
import type { Logger } from '../logger.js';
import { startPeriodic } from '../ops/periodic.js';
import type { Mailer } from './mailer.js';

export const OUTBOX_POLL_MS = 10_000;
export const OUTBOX_LEASE_MS = 5 * 60_000;
const OUTBOX_BATCH = 20;

export interface OutboxDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  logger: Logger;
  /** Opens the sealed links of token-bearing emails (TOKEN_ENCRYPTION_KEYS). */
  keyring?: Keyring;
  /** Where attachments are read from (media storage): needed only by rows that have one. */
  storage?: MediaStorage;
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
      if (row.sealed_secrets)
        deps.logger.warn(
          { emailId: row.id, template: row.template_name },
          'email com link não entregue: SMTP não configurado',
        );
      await finishOutboxEmail(deps.db, row.id, { status: 'stored', error: null, at: now() });
      counts.stored++;
      continue;
    }
    try {
      let message = { subject: row.subject, html: row.html };
      if (row.sealed_secrets) {
        if (!deps.keyring) throw new Error('chaves de selagem indisponíveis para abrir o link');
        message = fillSecrets(message, openOutboxSecrets(deps.keyring, row));
      }
      const attachments = [];
      if (row.attachment_key) {
        if (!deps.storage) throw new Error('armazenamento de mídia indisponível para ler o anexo');
        attachments.push({
          filename: row.attachment_name ?? 'anexo.pdf',
          content: await deps.storage.get(row.attachment_key),
          contentType: row.attachment_key.endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream',
        });
      }
      await deps.mailer.send({
        to: row.to_address,
        ...message,
        ...(attachments.length ? { attachments } : {}),
      });
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
  const drain = async () => {
    // Drain in batches until a run finds nothing more to do.
    for (;;) {
      const counts = await deliverOutbox(deps);
      if (counts.sent + counts.stored + counts.failed < OUTBOX_BATCH) break;
    }
  };
  return startPeriodic(drain, {
    intervalMs,
    logger: deps.logger,
    failure: 'falha no envio de emails pendentes',
    runNow: true,
  });
}
