/** Status values stored in the database, with their pt-BR labels. */

/**
 * Publishing state of a suggested_posts row. `draft` is a post saved as "Rascunho" (docs/composer.md):
 * never claimed, re-enqueued or marked missed, whatever its date; only "Agendar" / "Adicionar à fila"
 * in Editar Post takes it out (to `scheduled`). `scheduled` waits for its time; the worker claims
 * it as `publishing`; it ends `published`, `failed` (permanent error), `needs_attention` (the
 * request may have reached the network, so it is never retried automatically) or `missed`
 * (more than `MISSED_AFTER_MS` late).
 */
export const POST_STATUSES = [
  'draft',
  'scheduled',
  'publishing',
  'published',
  'failed',
  'needs_attention',
  'missed',
] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const POST_STATUS_LABELS = {
  draft: 'Rascunho',
  scheduled: 'Agendado',
  publishing: 'Publicando',
  published: 'Publicado',
  failed: 'Falhou',
  needs_attention: 'Precisa de atenção',
  missed: 'Perdido',
} as const satisfies Record<PostStatus, string>;

/**
 * Statuses in which a post can still be edited, rescheduled or deleted by its owner (the worker
 * owns `publishing`; `published` is history). The server's writes are conditional on these. A
 * `draft` saved stays a draft (saveScheduledPostVersion); only an explicit "Agendar" schedules it.
 */
export const EDITABLE_POST_STATUSES = [
  'draft',
  'scheduled',
  'failed',
  'needs_attention',
  'missed',
] as const satisfies readonly PostStatus[];

/** Statuses a retry ('Tentar novamente') sends back to `scheduled`. */
export const RETRYABLE_POST_STATUSES = [
  'failed',
  'needs_attention',
  'missed',
] as const satisfies readonly PostStatus[];

export const ACCOUNT_STATUSES = ['active', 'needs_reconnect'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const PUBLISHING_LOG_STATUSES = ['success', 'error'] as const;
export type PublishingLogStatus = (typeof PUBLISHING_LOG_STATUSES)[number];

/** A data deletion request's status (deletion_requests.status; Administração lists them by it). */
export const DELETION_REQUEST_STATUSES = ['pending', 'completed', 'rejected'] as const;
export type DeletionRequestStatus = (typeof DELETION_REQUEST_STATUSES)[number];

export function isPostStatus(value: unknown): value is PostStatus {
  return typeof value === 'string' && (POST_STATUSES as readonly string[]).includes(value);
}

export function isEditablePostStatus(status: PostStatus): boolean {
  return (EDITABLE_POST_STATUSES as readonly PostStatus[]).includes(status);
}

export function isRetryablePostStatus(status: PostStatus): boolean {
  return (RETRYABLE_POST_STATUSES as readonly PostStatus[]).includes(status);
}
