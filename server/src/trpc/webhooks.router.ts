// Signed webhooks (issue 28 item 3; docs/webhooks.md): `webhooks.*`, the workspace's
// subscriptions. Owner-only (workspace.settings in the permission table). create and rotateSecret
// answer with the secret, which must never be stored in clear: like clientLinks.create they are
// exempt from the idempotency record and keep the request's Idempotency-Key on the row instead
// (a repeat of one click answers the same subscription / the same new secret).
import { randomUUID } from 'node:crypto';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX } from '@pauta/core';
import { z } from 'zod';
import {
  createWebhook,
  deleteWebhook,
  resendWebhook,
  rotateWebhook,
  setWebhookStatus,
  webhookDeliveries,
  webhooksOf,
} from '../webhooks/webhooks.service.js';
import { router, workspaceProcedure } from './trpc.js';

const id = z.uuid();
const SECRET_EXEMPTION =
  'its answer carries the webhook signing secret, which must never be stored in clear (the idempotency record ' +
  'keeps answers in clear); the Idempotency-Key the browser sends is stored on the subscription instead, so a ' +
  'repeat of one click answers the same secret again (one subscription, one rotation)';

export const webhooksRouter = router({
  /** The workspace's subscriptions (no secret). */
  list: workspaceProcedure('workspace.settings').query(({ ctx }) => webhooksOf(ctx.deps, ctx.workspace.id)),

  /** "Criar webhook": URL + events; answers the secret once. */
  create: workspaceProcedure('workspace.settings')
    .meta({ access: 'user', workspaceAction: 'workspace.settings', idempotencyExempt: SECRET_EXEMPTION })
    .input(
      z.strictObject({
        url: z.string().trim().min(1, 'Informe o endereço do webhook.').max(WEBHOOK_URL_MAX),
        events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, 'Escolha pelo menos um evento.').max(20),
      }),
    )
    .mutation(({ ctx, input }) =>
      createWebhook(ctx.deps, {
        workspaceId: ctx.workspace.id,
        userId: ctx.user.id,
        url: input.url,
        events: input.events,
        requestKey: ctx.idempotencyKey ?? `sem-chave:${randomUUID()}`,
      }),
    ),

  /** "Girar segredo": a new secret; the old one also signs for WEBHOOK_ROTATION_GRACE_MS. */
  rotateSecret: workspaceProcedure('workspace.settings')
    .meta({ access: 'user', workspaceAction: 'workspace.settings', idempotencyExempt: SECRET_EXEMPTION })
    .input(z.strictObject({ id }))
    .mutation(({ ctx, input }) =>
      rotateWebhook(ctx.deps, {
        workspaceId: ctx.workspace.id,
        id: input.id,
        rotationKey: ctx.idempotencyKey ?? `sem-chave:${randomUUID()}`,
      }),
    ),

  /** "Pausar" / "Reativar". */
  setStatus: workspaceProcedure('workspace.settings')
    .input(z.strictObject({ id, status: z.enum(['active', 'paused']) }))
    .mutation(({ ctx, input }) => setWebhookStatus(ctx.deps, { workspaceId: ctx.workspace.id, ...input })),

  /** "Excluir": the subscription, its deliveries and their log. */
  delete: workspaceProcedure('workspace.settings')
    .input(z.strictObject({ id }))
    .mutation(({ ctx, input }) => deleteWebhook(ctx.deps, { workspaceId: ctx.workspace.id, id: input.id })),

  /** "Entregas": the subscription's latest deliveries with every attempt's status code. */
  deliveries: workspaceProcedure('workspace.settings')
    .input(z.strictObject({ subscriptionId: id }))
    .query(({ ctx, input }) =>
      webhookDeliveries(ctx.deps, { workspaceId: ctx.workspace.id, subscriptionId: input.subscriptionId }),
    ),

  /** "Reenviar": the same event (same webhook-id) to this subscription again, now. */
  resend: workspaceProcedure('workspace.settings')
    .input(z.strictObject({ deliveryId: z.number().int().positive() }))
    .mutation(({ ctx, input }) =>
      resendWebhook(ctx.deps, {
        workspaceId: ctx.workspace.id,
        deliveryId: input.deliveryId,
        resendKey: ctx.idempotencyKey ?? `sem-chave:${randomUUID()}`,
      }),
    ),
});
