/**
 * Signed webhooks (issue 28 item 3; docs/webhooks.md). The events a subscription may ask for,
 * their pt-BR labels, and the delivery schedule the worker follows.
 */

export const WEBHOOK_EVENT_TYPES = [
  'post.scheduled',
  'post.published',
  'post.failed',
  'post.needs_attention',
  'approval.client_approved',
  'approval.changes_requested',
  'account.needs_reconnect',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS = {
  'post.scheduled': 'Post agendado',
  'post.published': 'Post publicado',
  'post.failed': 'Falha ao publicar',
  'post.needs_attention': 'Post precisa de atenção',
  'approval.client_approved': 'Cliente aprovou um post',
  'approval.changes_requested': 'Cliente pediu ajustes',
  'account.needs_reconnect': 'Conta precisa ser reconectada',
} as const satisfies Record<WebhookEventType, string>;

export function isWebhookEventType(value: unknown): value is WebhookEventType {
  return typeof value === 'string' && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

export const WEBHOOK_SUBSCRIPTION_STATUSES = ['active', 'paused'] as const;
export type WebhookSubscriptionStatus = (typeof WEBHOOK_SUBSCRIPTION_STATUSES)[number];

/** Subscriptions one workspace may have. */
export const WEBHOOK_MAX_SUBSCRIPTIONS = 10;
/** Longest URL accepted. */
export const WEBHOOK_URL_MAX = 2000;
/** One POST waits at most this long for the receiver's answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Attempts of one delivery before it is given up ("Reenviar" starts it again). */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/**
 * Wait before attempt n+1 after attempt n failed (n = 1..7), before jitter: 30 s, 2 min, 10 min,
 * 30 min, 2 h, 6 h, 14 h — about 23 h from the first attempt to the eighth, plus jitter.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  30_000, 120_000, 600_000, 1_800_000, 7_200_000, 21_600_000, 50_400_000,
] as const;
/** Up to this fraction of the delay is added at random, so failed receivers are not hit in step. */
export const WEBHOOK_RETRY_JITTER = 0.2;
/** A subscription whose deliveries failed without a success for this long is paused. */
export const WEBHOOK_PAUSE_AFTER_MS = 3 * 24 * 60 * 60_000;
/** After "Girar segredo", the previous secret also signs for this long. */
export const WEBHOOK_ROTATION_GRACE_MS = 24 * 60 * 60_000;
/** A delivery claimed by a worker that vanished is claimable again after this lease. */
export const WEBHOOK_LEASE_MS = 60_000;
/** Characters of the receiver's answer kept in the delivery log. */
export const WEBHOOK_RESPONSE_EXCERPT = 200;

/** The delay before the attempt after `attempts` failed ones, jitter included (`random` in [0,1)). */
export function webhookRetryDelayMs(attempts: number, random: number = Math.random()): number {
  const index = Math.min(Math.max(attempts, 1), WEBHOOK_RETRY_DELAYS_MS.length) - 1;
  const base = WEBHOOK_RETRY_DELAYS_MS[index]!;
  return Math.round(base * (1 + WEBHOOK_RETRY_JITTER * random));
}
