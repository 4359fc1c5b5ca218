// Webhook subscriptions, deliveries and their log (docs/webhooks.md). Every read and write of the
// owner's side is scoped by workspace_id here; the worker's side claims due deliveries with
// FOR UPDATE SKIP LOCKED and a lease token, and every write after the claim is fenced on that
// token (a worker whose lease ran out and was re-claimed writes nothing). Secrets are sealed
// (crypto.ts) with the row's id as associated data and unsealed only here.
import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_MAX_SUBSCRIPTIONS,
  type WebhookEventType,
  type WebhookSubscriptionStatus,
} from '@pauta/core';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type Keyring, seal, tokenAad, unseal } from '../crypto.js';
import type { Database } from '../schema.js';
import { generateWebhookSecret } from '../webhooks/signing.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface WebhookSubscriptionView {
  id: string;
  url: string;
  events: WebhookEventType[];
  status: WebhookSubscriptionStatus;
  pausedReason: 'owner' | 'failing' | null;
  failingSince: Date | null;
  /** While a rotation's grace period lasts, the previous secret also signs until then. */
  previousSecretUntil: Date | null;
  createdAt: Date;
}

const aad = (id: string, column: 'secret' | 'previous_secret') =>
  tokenAad('webhook_subscriptions', id, column);

const SUBSCRIPTION_COLUMNS = [
  'id',
  'url',
  'events',
  'status',
  'paused_reason',
  'failing_since',
  'previous_secret_until',
  'created_at',
] as const;

function toView(row: {
  id: string;
  url: string;
  events: string[];
  status: WebhookSubscriptionStatus;
  paused_reason: 'owner' | 'failing' | null;
  failing_since: Date | null;
  previous_secret_until: Date | null;
  created_at: Date;
}): WebhookSubscriptionView {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    status: row.status,
    pausedReason: row.paused_reason,
    failingSince: row.failing_since,
    previousSecretUntil: row.previous_secret_until,
    createdAt: row.created_at,
  };
}

export async function listWebhookSubscriptions(
  db: Db,
  workspaceId: string,
  now: Date = new Date(),
): Promise<WebhookSubscriptionView[]> {
  const rows = await db
    .selectFrom('webhook_subscriptions')
    .select(SUBSCRIPTION_COLUMNS)
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) =>
    toView({
      ...r,
      previous_secret_until:
        r.previous_secret_until && r.previous_secret_until > now ? r.previous_secret_until : null,
    }),
  );
}

/**
 * A new subscription with a new secret; the same `requestKey` in the workspace answers the
 * subscription it created (and its secret) again. null: the workspace has the maximum already.
 */
export async function createWebhookSubscription(
  db: Kysely<Database>,
  keyring: Keyring,
  options: {
    workspaceId: string;
    url: string;
    events: WebhookEventType[];
    createdBy: string;
    requestKey: string;
  },
): Promise<{ subscription: WebhookSubscriptionView; secret: string } | null> {
  return db.transaction().execute(async (trx) => {
    // One creation at a time per workspace, so the count below holds.
    await sql`SELECT pg_advisory_xact_lock(hashtext('webhooks:' || ${options.workspaceId}))`.execute(trx);
    const existing = await trx
      .selectFrom('webhook_subscriptions')
      .select([...SUBSCRIPTION_COLUMNS, 'secret'])
      .where('workspace_id', '=', options.workspaceId)
      .where('request_key', '=', options.requestKey)
      .executeTakeFirst();
    if (existing)
      return {
        subscription: toView(existing),
        secret: unseal(keyring, existing.secret, aad(existing.id, 'secret')),
      };
    const { count } = await trx
      .selectFrom('webhook_subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('workspace_id', '=', options.workspaceId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= WEBHOOK_MAX_SUBSCRIPTIONS) return null;
    const id = randomUUID();
    const secret = generateWebhookSecret();
    const row = await trx
      .insertInto('webhook_subscriptions')
      .values({
        id,
        workspace_id: options.workspaceId,
        url: options.url,
        events: options.events,
        secret: seal(keyring, secret, aad(id, 'secret')),
        paused_reason: null,
        request_key: options.requestKey,
        created_by: options.createdBy,
      })
      .returning(SUBSCRIPTION_COLUMNS)
      .executeTakeFirstOrThrow();
    return { subscription: toView(row), secret };
  });
}

/**
 * "Girar segredo": a new secret; the current one keeps signing until `now + graceMs`. The same
 * `rotationKey` answers the secret it made again (one click, one rotation). null: not found.
 */
export async function rotateWebhookSecret(
  db: Kysely<Database>,
  keyring: Keyring,
  options: { workspaceId: string; id: string; rotationKey: string; now: Date; graceMs: number },
): Promise<{ secret: string; previousSecretUntil: Date } | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('webhook_subscriptions')
      .select(['id', 'secret', 'rotation_key', 'previous_secret_until'])
      .where('id', '=', options.id)
      .where('workspace_id', '=', options.workspaceId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return null;
    const current = unseal(keyring, row.secret, aad(row.id, 'secret'));
    if (row.rotation_key === options.rotationKey && row.previous_secret_until)
      return { secret: current, previousSecretUntil: row.previous_secret_until };
    const secret = generateWebhookSecret();
    const until = new Date(options.now.getTime() + options.graceMs);
    await trx
      .updateTable('webhook_subscriptions')
      .set({
        secret: seal(keyring, secret, aad(row.id, 'secret')),
        previous_secret: seal(keyring, current, aad(row.id, 'previous_secret')),
        previous_secret_until: until,
        rotation_key: options.rotationKey,
        updated_at: options.now,
      })
      .where('id', '=', row.id)
      .execute();
    return { secret, previousSecretUntil: until };
  });
}

/** "Pausar" / "Reativar": reactivating clears the failure window. false: not found. */
export async function setWebhookSubscriptionStatus(
  db: Db,
  options: { workspaceId: string; id: string; status: WebhookSubscriptionStatus; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_subscriptions')
    .set(
      options.status === 'active'
        ? { status: 'active', paused_reason: null, failing_since: null, updated_at: options.now }
        : { status: 'paused', paused_reason: 'owner', updated_at: options.now },
    )
    .where('id', '=', options.id)
    .where('workspace_id', '=', options.workspaceId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the subscription with its deliveries and their log. A repeat finds nothing (false). */
export async function deleteWebhookSubscription(
  db: Db,
  options: { workspaceId: string; id: string },
): Promise<boolean> {
  const result = await db
    .deleteFrom('webhook_subscriptions')
    .where('id', '=', options.id)
    .where('workspace_id', '=', options.workspaceId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export interface WebhookAttemptView {
  attempt: number;
  statusCode: number | null;
  error: string | null;
  at: Date;
  durationMs: number;
}

export interface WebhookDeliveryView {
  id: number;
  eventId: string;
  type: WebhookEventType;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
  createdAt: Date;
  /** Every attempt, oldest first (the last WEBHOOK_MAX_ATTEMPTS × a few). */
  log: WebhookAttemptView[];
}

/** The delivery log of one subscription of the workspace, newest first. null: not found. */
export async function listWebhookDeliveries(
  db: Db,
  options: { workspaceId: string; subscriptionId: string; limit: number },
): Promise<WebhookDeliveryView[] | null> {
  const subscription = await db
    .selectFrom('webhook_subscriptions')
    .select('id')
    .where('id', '=', options.subscriptionId)
    .where('workspace_id', '=', options.workspaceId)
    .executeTakeFirst();
  if (!subscription) return null;
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .select([
      'd.id',
      'd.event_id',
      'e.type',
      'd.status',
      'd.attempts',
      'd.next_attempt_at',
      'd.last_status_code',
      'd.last_error',
      'd.delivered_at',
      'e.created_at',
    ])
    .where('d.subscription_id', '=', options.subscriptionId)
    .orderBy('d.id', 'desc')
    .limit(options.limit)
    .execute();
  const attempts =
    rows.length === 0
      ? []
      : await db
          .selectFrom('webhook_attempts')
          .select(['delivery_id', 'attempt', 'status_code', 'error', 'created_at', 'duration_ms'])
          .where(
            'delivery_id',
            'in',
            rows.map((r) => r.id),
          )
          .orderBy('id')
          .execute();
  return rows.map((r) => ({
    id: r.id,
    eventId: r.event_id,
    type: r.type as WebhookEventType,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: r.status === 'pending' ? r.next_attempt_at : null,
    lastStatusCode: r.last_status_code,
    lastError: r.last_error,
    deliveredAt: r.delivered_at,
    createdAt: r.created_at,
    log: attempts
      .filter((a) => a.delivery_id === r.id)
      .map((a) => ({
        attempt: a.attempt,
        statusCode: a.status_code,
        error: a.error,
        at: a.created_at,
        durationMs: a.duration_ms,
      })),
  }));
}

/**
 * "Reenviar": the same event (same webhook-id) to the same subscription, again from attempt 1,
 * now. Idempotent: the same `resendKey` re-queues once (a repeat changes nothing). A delivery in
 * flight loses its lease, so its late answer is not recorded over the resend. false: not found.
 */
export async function resendWebhookDelivery(
  db: Db,
  options: { workspaceId: string; deliveryId: number; resendKey: string; now: Date },
): Promise<boolean> {
  const found = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_subscriptions as s', 's.id', 'd.subscription_id')
    .select(['d.id', 'd.resend_key'])
    .where('d.id', '=', options.deliveryId)
    .where('s.workspace_id', '=', options.workspaceId)
    .executeTakeFirst();
  if (!found) return false;
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: 'pending',
      attempts: 0,
      next_attempt_at: options.now,
      lease_token: null,
      lease_until: null,
      delivered_at: null,
      resend_key: options.resendKey,
    })
    .where('id', '=', found.id)
    .where((eb) => eb.or([eb('resend_key', 'is', null), eb('resend_key', '<>', options.resendKey)]))
    .execute();
  return true;
}

// ---- the worker's side ----

export interface ClaimedWebhookDelivery {
  id: number;
  leaseToken: string;
  /** Attempts made before this one. */
  attempts: number;
  eventId: string;
  payload: Record<string, unknown>;
  subscriptionId: string;
  workspaceId: string;
  url: string;
  /** The secrets that sign this attempt, newest first (two during a rotation's grace period). */
  secrets: string[];
}

/**
 * Claims up to `limit` due deliveries of active subscriptions (SKIP LOCKED: two workers never
 * claim the same row), each with a new lease token valid `leaseMs`.
 *
 * Due means due by the caller's clock or the database's: `next_attempt_at` of a new event is the
 * database's `now()` in microseconds, and a JavaScript `Date` taken right after the insert can
 * still fall in the same millisecond, truncated below it — the event then waited a whole poll (and
 * a test that delivers once right after recording saw nothing). An injected clock ahead of the
 * database (the pause tests) still wins.
 */
export async function claimWebhookDeliveries(
  db: Kysely<Database>,
  keyring: Keyring,
  options: { limit: number; now: Date; leaseMs: number },
): Promise<ClaimedWebhookDelivery[]> {
  const until = new Date(options.now.getTime() + options.leaseMs);
  const rows = await sql<{
    id: number;
    lease_token: string;
    attempts: number;
    event_id: string;
    subscription_id: string;
  }>`
    UPDATE webhook_deliveries d
    SET lease_token = gen_random_uuid(), lease_until = ${until}
    FROM (
      SELECT d2.id FROM webhook_deliveries d2
      JOIN webhook_subscriptions s ON s.id = d2.subscription_id
      WHERE d2.status = 'pending' AND d2.next_attempt_at <= GREATEST(${options.now}::timestamptz, now())
        AND (d2.lease_until IS NULL OR d2.lease_until <= ${options.now})
        AND s.status = 'active'
      ORDER BY d2.next_attempt_at, d2.id
      LIMIT ${options.limit}
      FOR UPDATE OF d2 SKIP LOCKED
    ) c
    WHERE d.id = c.id
    RETURNING d.id, d.lease_token, d.attempts, d.event_id, d.subscription_id`.execute(db);
  if (rows.rows.length === 0) return [];
  const events = await db
    .selectFrom('webhook_events')
    .select(['id', 'payload'])
    .where(
      'id',
      'in',
      rows.rows.map((r) => r.event_id),
    )
    .execute();
  const subscriptions = await db
    .selectFrom('webhook_subscriptions')
    .select(['id', 'workspace_id', 'url', 'secret', 'previous_secret', 'previous_secret_until'])
    .where(
      'id',
      'in',
      rows.rows.map((r) => r.subscription_id),
    )
    .execute();
  const claimed: ClaimedWebhookDelivery[] = [];
  for (const row of rows.rows) {
    const event = events.find((e) => e.id === row.event_id);
    const sub = subscriptions.find((s) => s.id === row.subscription_id);
    if (!event || !sub) continue;
    const secrets = [unseal(keyring, sub.secret, aad(sub.id, 'secret'))];
    if (sub.previous_secret && sub.previous_secret_until && sub.previous_secret_until > options.now)
      secrets.push(unseal(keyring, sub.previous_secret, aad(sub.id, 'previous_secret')));
    claimed.push({
      id: row.id,
      leaseToken: row.lease_token,
      attempts: row.attempts,
      eventId: row.event_id,
      payload: event.payload,
      subscriptionId: sub.id,
      workspaceId: sub.workspace_id,
      url: sub.url,
      secrets,
    });
  }
  return claimed;
}

export interface WebhookAttemptResult {
  /** 2xx. */
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
  durationMs: number;
}

/**
 * Records one attempt, fenced on the lease: nothing is written when another worker holds the row
 * now (returns null). Success clears the subscription's failure window; a failure schedules the
 * next attempt at `retryAt` (or gives the delivery up after WEBHOOK_MAX_ATTEMPTS) and opens the
 * window if none is open. Returns the subscription's failing_since after the write.
 */
export async function finishWebhookDelivery(
  trx: Transaction<Database>,
  options: { id: number; leaseToken: string; result: WebhookAttemptResult; now: Date; retryAt: Date },
): Promise<{ subscriptionId: string; attempt: number; failingSince: Date | null } | null> {
  const { result, now } = options;
  const updated = await trx
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_status_code: result.statusCode,
      last_error: result.error,
      last_attempt_at: now,
      lease_token: null,
      lease_until: null,
      status: result.ok
        ? 'delivered'
        : sql<
            'pending' | 'failed'
          >`CASE WHEN attempts + 1 >= ${WEBHOOK_MAX_ATTEMPTS} THEN 'failed' ELSE 'pending' END`,
      delivered_at: result.ok ? now : null,
      next_attempt_at: result.ok ? now : options.retryAt,
    }))
    .where('id', '=', options.id)
    .where('lease_token', '=', options.leaseToken)
    .returning(['subscription_id', 'attempts'])
    .executeTakeFirst();
  if (!updated) return null;
  // Numbered across "Reenviar" (which restarts the delivery's count): the log reads 1, 2, 3 ….
  const { count } = await trx
    .selectFrom('webhook_attempts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('delivery_id', '=', options.id)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('webhook_attempts')
    .values({
      delivery_id: options.id,
      attempt: Number(count) + 1,
      status_code: result.statusCode,
      error: result.error,
      response_excerpt: result.responseExcerpt,
      duration_ms: result.durationMs,
      created_at: now,
    })
    .execute();
  const sub = await trx
    .updateTable('webhook_subscriptions')
    .set(
      result.ok
        ? { failing_since: null }
        : (eb) => ({ failing_since: eb.fn.coalesce('failing_since', sql<Date>`${now}::timestamptz`) }),
    )
    .where('id', '=', updated.subscription_id)
    .returning(['failing_since'])
    .executeTakeFirst();
  return {
    subscriptionId: updated.subscription_id,
    attempt: updated.attempts,
    failingSince: sub?.failing_since ?? null,
  };
}

/**
 * Pauses an active subscription failing since `cutoff` or earlier (conditional: of two workers one
 * pauses, the other matches nothing). Returns what the owners' email needs, or null.
 */
export async function pauseFailingWebhookSubscription(
  trx: Transaction<Database>,
  options: { id: string; cutoff: Date; now: Date },
): Promise<{
  url: string;
  failingSince: Date;
  workspaceName: string;
  owners: { email: string; firstName: string | null; timezone: string | null }[];
} | null> {
  const paused = await trx
    .updateTable('webhook_subscriptions')
    .set({ status: 'paused', paused_reason: 'failing', updated_at: options.now })
    .where('id', '=', options.id)
    .where('status', '=', 'active')
    .where('failing_since', '<=', options.cutoff)
    .returning(['url', 'failing_since', 'workspace_id'])
    .executeTakeFirst();
  if (!paused) return null;
  const workspace = await trx
    .selectFrom('workspaces')
    .select('name')
    .where('id', '=', paused.workspace_id)
    .executeTakeFirstOrThrow();
  const owners = await trx
    .selectFrom('workspace_members as m')
    .innerJoin('profiles as p', 'p.id', 'm.user_id')
    .select(['p.email', 'p.first_name', 'p.timezone'])
    .where('m.workspace_id', '=', paused.workspace_id)
    .where('m.role', '=', 'owner')
    .execute();
  return {
    url: paused.url,
    failingSince: paused.failing_since as Date,
    workspaceName: workspace.name,
    owners: owners.map((o) => ({ email: o.email, firstName: o.first_name, timezone: o.timezone })),
  };
}
