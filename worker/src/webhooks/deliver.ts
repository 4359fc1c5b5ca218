// Delivery of signed webhooks (issue 28 item 3; docs/webhooks.md). The database is the queue:
// the triggers of migration 2026-11-30T00-30-webhooks write one webhook_deliveries row per event
// and subscription; every worker process polls for due rows (WEBHOOK_POLL_MS), claims them with
// FOR UPDATE SKIP LOCKED and a lease token (two processes never send one row at once), POSTs the
// event signed as Standard Webhooks describes, and records the answer fenced on the lease. Redis
// plays no part: a lost Redis or a restarted worker loses nothing, a crashed worker's lease runs
// out (WEBHOOK_LEASE_MS) and another process sends the row again — at least once, with the same
// webhook-id, which the receiver de-duplicates on.
import http from 'node:http';
import https from 'node:https';
import {
  DEFAULT_TIME_ZONE,
  formatDateTime,
  isValidTimeZone,
  SETTING_KEYS,
  WEBHOOK_LEASE_MS,
  WEBHOOK_PAUSE_AFTER_MS,
  WEBHOOK_RESPONSE_EXCERPT,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_TIMEOUT_MS,
  webhookRetryDelayMs,
} from '@pauta/core';
import {
  type ClaimedWebhookDelivery,
  claimWebhookDeliveries,
  type Database,
  finishWebhookDelivery,
  getBooleanSetting,
  type Keyring,
  parseWebhookUrl,
  pauseFailingWebhookSubscription,
  pinnedLookup,
  queueTemplatedEmail,
  type Resolver,
  resolveWebhookHost,
  type WebhookAttemptResult,
  WebhookUrlError,
  webhookHeaders,
} from '@pauta/db';
import type { Kysely } from 'kysely';
import type { Logger } from '../logger.js';

export interface WebhookDeliveryOptions {
  db: Kysely<Database>;
  keyring: Keyring;
  logger: Logger;
  /** Public address of the app (APP_URL), for the link in the paused email. */
  appUrl: string;
  /** POSTs in flight at once. */
  concurrency: number;
  now?: () => Date;
  timeoutMs?: number;
  /** DNS resolution (tests); the system's by default. */
  resolve?: Resolver;
  random?: () => number;
  /** The wait after the first failed attempt (WEBHOOK_RETRY_FIRST_MS); later waits scale with it. */
  retryFirstMs?: number;
}

const USER_AGENT = 'Pauta-Webhooks/1.0';

/** One POST: 2xx is a success; anything else (status, timeout, refused address) a failure. */
export async function postWebhook(
  delivery: Pick<ClaimedWebhookDelivery, 'url' | 'eventId' | 'payload' | 'secrets'>,
  options: { allowPrivate: boolean; timeoutMs: number; now: Date; resolve?: Resolver },
): Promise<WebhookAttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  let addresses: { address: string; family: number }[];
  try {
    url = parseWebhookUrl(delivery.url);
    addresses = await resolveWebhookHost(url, {
      allowPrivate: options.allowPrivate,
      ...(options.resolve ? { resolve: options.resolve } : {}),
    });
  } catch (error) {
    const reason = error instanceof WebhookUrlError ? error.reason : 'UNRESOLVABLE';
    return {
      ok: false,
      statusCode: null,
      error: `endereço recusado: ${reason}`,
      responseExcerpt: null,
      durationMs: elapsed(),
    };
  }
  const body = JSON.stringify(delivery.payload);
  const timestamp = Math.floor(options.now.getTime() / 1000);
  const headers = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    ...webhookHeaders(delivery.secrets, delivery.eventId, timestamp, body),
  };
  return new Promise<WebhookAttemptResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<WebhookAttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    // The connection goes to the addresses checked above (no second resolution); redirects are
    // not followed (a 3xx is a failure like any non-2xx).
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      lookup: pinnedLookup(addresses),
      agent: false,
    });
    const timer = setTimeout(() => {
      request.destroy(new Error('timeout'));
      finish({
        ok: false,
        statusCode: null,
        error: `sem resposta em ${options.timeoutMs / 1000} s`,
        responseExcerpt: null,
      });
    }, options.timeoutMs);
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      let excerpt = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (excerpt.length < WEBHOOK_RESPONSE_EXCERPT) excerpt += chunk;
        else response.destroy();
      });
      const done = () =>
        finish({
          ok: status >= 200 && status < 300,
          statusCode: status,
          error: status >= 200 && status < 300 ? null : `resposta HTTP ${status}`,
          responseExcerpt: excerpt.slice(0, WEBHOOK_RESPONSE_EXCERPT) || null,
        });
      response.on('end', done);
      response.on('close', done);
      response.on('error', done);
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({
        ok: false,
        statusCode: null,
        error: `falha de conexão: ${error.code ?? error.message}`.slice(0, 200),
        responseExcerpt: null,
      }),
    );
    request.end(body);
  });
}

/**
 * Claims and sends what is due now, until nothing is left; returns how many attempts were
 * recorded. Safe to run in any number of processes at once.
 */
export async function deliverDueWebhooks(options: WebhookDeliveryOptions): Promise<{
  delivered: number;
  failed: number;
  paused: number;
}> {
  const now = options.now ?? (() => new Date());
  const report = { delivered: 0, failed: 0, paused: 0 };
  const allowPrivate = await getBooleanSetting(options.db, SETTING_KEYS.webhooksAllowPrivateAddresses, false);
  for (;;) {
    const batch = await claimWebhookDeliveries(options.db, options.keyring, {
      limit: options.concurrency,
      now: now(),
      leaseMs: WEBHOOK_LEASE_MS,
    });
    if (batch.length === 0) return report;
    await Promise.all(
      batch.map(async (delivery) => {
        const result = await postWebhook(delivery, {
          allowPrivate,
          timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
          now: now(),
          ...(options.resolve ? { resolve: options.resolve } : {}),
        });
        const outcome = await record(options, delivery, result, now());
        if (outcome === null) return;
        if (result.ok) report.delivered++;
        else report.failed++;
        if (outcome.paused) report.paused++;
      }),
    );
  }
}

/** The attempt's result, fenced on the lease; a failure may pause the subscription and email its owners. */
async function record(
  options: WebhookDeliveryOptions,
  delivery: ClaimedWebhookDelivery,
  result: WebhookAttemptResult,
  at: Date,
): Promise<{ paused: boolean } | null> {
  const random = options.random ?? Math.random;
  return options.db.transaction().execute(async (trx) => {
    const finished = await finishWebhookDelivery(trx, {
      id: delivery.id,
      leaseToken: delivery.leaseToken,
      result,
      now: at,
      retryAt: new Date(
        at.getTime() +
          (webhookRetryDelayMs(delivery.attempts + 1, random()) *
            (options.retryFirstMs ?? WEBHOOK_RETRY_DELAYS_MS[0])) /
            WEBHOOK_RETRY_DELAYS_MS[0],
      ),
    });
    if (finished === null) {
      options.logger.warn(
        { deliveryId: delivery.id },
        'entrega de webhook perdeu a vez: resultado não gravado',
      );
      return null;
    }
    options.logger.info(
      {
        deliveryId: delivery.id,
        eventId: delivery.eventId,
        subscriptionId: delivery.subscriptionId,
        attempt: finished.attempt,
        statusCode: result.statusCode,
        ok: result.ok,
      },
      result.ok ? 'webhook entregue' : 'webhook falhou',
    );
    if (result.ok || !finished.failingSince) return { paused: false };
    const paused = await pauseFailingWebhookSubscription(trx, {
      id: delivery.subscriptionId,
      cutoff: new Date(at.getTime() - WEBHOOK_PAUSE_AFTER_MS),
      now: at,
    });
    if (!paused) return { paused: false };
    options.logger.warn({ subscriptionId: delivery.subscriptionId }, 'webhook pausado após falhar por dias');
    if (await getBooleanSetting(trx, SETTING_KEYS.emailNotificationsEnabled, true)) {
      const integrationsUrl = `${options.appUrl.replace(/\/+$/, '')}/integracoes`;
      for (const owner of paused.owners) {
        const timeZone =
          owner.timezone && isValidTimeZone(owner.timezone) ? owner.timezone : DEFAULT_TIME_ZONE;
        await queueTemplatedEmail(trx, {
          templateName: 'webhook_paused',
          to: owner.email,
          variables: {
            first_name: owner.firstName ?? '',
            url: paused.url,
            workspace_name: paused.workspaceName,
            failing_since: formatDateTime(paused.failingSince, timeZone),
            integrations_url: integrationsUrl,
          },
        });
      }
    }
    return { paused: true };
  });
}

/** The polling loop of one worker process; stop() waits for the pass in progress. */
export function startWebhookDelivery(options: WebhookDeliveryOptions & { pollMs: number }): {
  runNow(): Promise<void>;
  stop(): Promise<void>;
} {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = (): Promise<void> => {
    if (running) return running;
    running = deliverDueWebhooks(options)
      .then((report) => {
        if (report.delivered + report.failed > 0) options.logger.debug({ report }, 'webhooks processados');
      })
      .catch((error: unknown) =>
        options.logger.warn({ err: error }, 'entrega de webhooks falhou; tenta de novo'),
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => {
    if (!stopped) void run();
  }, options.pollMs);
  timer.unref();
  return {
    runNow: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
