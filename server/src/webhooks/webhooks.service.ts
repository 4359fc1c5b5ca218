// The owner's side of signed webhooks (issue 28 item 3; docs/webhooks.md): subscriptions of the
// caller's workspace (workspaceProcedure passes ctx.workspace.id; every repository call is scoped
// by it), the secret shown once at creation and at rotation, the delivery log and "Reenviar".
// Addresses are checked here (SSRF: not http(s), private or internal → WEBHOOK_URL_REFUSED) and
// again by the worker at every delivery.
import {
  AppError,
  SETTING_KEYS,
  WEBHOOK_ROTATION_GRACE_MS,
  type WebhookEventType,
  type WebhookSubscriptionStatus,
} from '@pauta/core';
import {
  checkWebhookUrl,
  createWebhookSubscription,
  deleteWebhookSubscription,
  getBooleanSetting,
  listWebhookDeliveries,
  listWebhookSubscriptions,
  type Resolver,
  resendWebhookDelivery,
  rotateWebhookSecret,
  setWebhookSubscriptionStatus,
  WebhookUrlError,
} from '@pauta/db';
import type { AppDeps } from '../deps.js';

type Deps = Pick<AppDeps, 'db' | 'env'> & { now?: () => Date; resolve?: Resolver };

const DELIVERY_LOG_LIMIT = 50;

/** The URL as it will be stored, or WEBHOOK_URL_REFUSED with the reason. */
export async function checkedWebhookUrl(deps: Deps, raw: string): Promise<string> {
  const allowPrivate = await getBooleanSetting(deps.db, SETTING_KEYS.webhooksAllowPrivateAddresses, false);
  try {
    return await checkWebhookUrl(raw, { allowPrivate, ...(deps.resolve ? { resolve: deps.resolve } : {}) });
  } catch (error) {
    if (error instanceof WebhookUrlError) throw new AppError('WEBHOOK_URL_REFUSED', { reason: error.reason });
    throw error;
  }
}

export function webhooksOf(deps: Deps, workspaceId: string) {
  return listWebhookSubscriptions(deps.db, workspaceId, deps.now?.() ?? new Date());
}

export async function createWebhook(
  deps: Deps,
  input: { workspaceId: string; userId: string; url: string; events: WebhookEventType[]; requestKey: string },
) {
  const url = await checkedWebhookUrl(deps, input.url);
  const created = await createWebhookSubscription(deps.db, deps.env.keyring, {
    workspaceId: input.workspaceId,
    url,
    events: [...new Set(input.events)],
    createdBy: input.userId,
    requestKey: input.requestKey,
  });
  if (!created) throw new AppError('WEBHOOK_URL_REFUSED', { reason: 'LIMIT_REACHED' });
  return created;
}

export async function rotateWebhook(
  deps: Deps,
  input: { workspaceId: string; id: string; rotationKey: string },
) {
  const rotated = await rotateWebhookSecret(deps.db, deps.env.keyring, {
    workspaceId: input.workspaceId,
    id: input.id,
    rotationKey: input.rotationKey,
    now: deps.now?.() ?? new Date(),
    graceMs: WEBHOOK_ROTATION_GRACE_MS,
  });
  if (!rotated) throw new AppError('NOT_FOUND');
  return rotated;
}

export async function setWebhookStatus(
  deps: Deps,
  input: { workspaceId: string; id: string; status: WebhookSubscriptionStatus },
): Promise<{ status: WebhookSubscriptionStatus }> {
  const done = await setWebhookSubscriptionStatus(deps.db, { ...input, now: deps.now?.() ?? new Date() });
  if (!done) throw new AppError('NOT_FOUND');
  return { status: input.status };
}

export async function deleteWebhook(deps: Deps, input: { workspaceId: string; id: string }) {
  // A repeat finds nothing: deleted once is deleted (the same answer).
  await deleteWebhookSubscription(deps.db, input);
  return { deleted: true as const };
}

export async function webhookDeliveries(deps: Deps, input: { workspaceId: string; subscriptionId: string }) {
  const rows = await listWebhookDeliveries(deps.db, { ...input, limit: DELIVERY_LOG_LIMIT });
  if (!rows) throw new AppError('NOT_FOUND');
  return rows;
}

export async function resendWebhook(
  deps: Deps,
  input: { workspaceId: string; deliveryId: number; resendKey: string },
) {
  const done = await resendWebhookDelivery(deps.db, { ...input, now: deps.now?.() ?? new Date() });
  if (!done) throw new AppError('NOT_FOUND');
  return { queued: true as const };
}
