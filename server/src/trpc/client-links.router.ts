// The client approval link (issue 17 item 3; docs/approval.md "The client approval link").
// `clientLinks.*`: the owner's side (signed in). `clientApproval.*`: the client's page, public —
// the token in the input is the only credential; every answer is built field by field in
// approval/client-link.service.ts.
import { randomUUID } from 'node:crypto';
import { CLIENT_LINK_DEFAULT_DAYS, CLIENT_LINK_MAX_DAYS, INPUT_LIMITS } from '@pauta/core';
import { z } from 'zod';
import {
  actOnClientLink,
  clientLinksOf,
  createClientLink,
  openClientPage,
  revokeLink,
} from '../approval/client-link.service.js';
import { parseLocalDate } from '../posts/post-filters.js';
import { COMMENT_MAX } from './approval.router.js';
import { publicProcedure, router, workspaceProcedure } from './trpc.js';

const id = z.uuid();
const localDate = z
  .string()
  .max(10)
  .refine((text) => parseLocalDate(text) !== null, { message: 'YYYY-MM-DD' });
/** The token as the link carries it; its exact shape is checked (and counted) by the service. */
const token = z.string().min(1).max(100);

export const clientLinksRouter = router({
  /** The workspace's links, newest first, with their status (ativo / expirado / revogado). */
  list: workspaceProcedure('clientLinks.manage').query(({ ctx }) =>
    clientLinksOf(ctx.deps, ctx.workspace.id),
  ),

  /**
   * "Criar link". Its answer carries the link's only copy, so it is not kept in the idempotency
   * record; the request's Idempotency-Key is kept on the link instead (one link per click).
   */
  create: workspaceProcedure('clientLinks.manage')
    .meta({
      access: 'user',
      workspaceAction: 'clientLinks.manage',
      idempotencyExempt:
        'its answer carries the only copy of the link, which must never be stored (the idempotency record ' +
        'keeps answers in clear); the Idempotency-Key the browser sends is stored on the link row instead, so ' +
        'a repeat of one click finds the same link and re-issues its token (one link, never two)',
    })
    .input(
      z
        .strictObject({
          clientName: z.string().trim().min(1, 'Informe o nome do cliente.').max(INPUT_LIMITS.clientLinkName),
          /** A theme (that requires approval)… */
          themeId: id.nullish(),
          /** …or a period: calendar days in the owner's zone, both included. */
          from: localDate.nullish(),
          to: localDate.nullish(),
          validDays: z.number().int().min(1).max(CLIENT_LINK_MAX_DAYS).default(CLIENT_LINK_DEFAULT_DAYS),
        })
        // A theme wins over a period; without a theme, both days are needed.
        .refine((v) => Boolean(v.themeId || (v.from && v.to)), {
          message: 'Escolha um tema ou um período.',
          path: ['themeId'],
        }),
    )
    .mutation(({ ctx, input }) =>
      createClientLink(ctx.deps, {
        workspaceId: ctx.workspace.id,
        userId: ctx.user.id,
        clientName: input.clientName,
        validDays: input.validDays,
        scope: input.themeId
          ? { kind: 'theme', themeId: input.themeId }
          : { kind: 'period', from: input.from as string, to: input.to as string },
        // Without a key (not the browser) the request is its own action: a new link.
        requestKey: ctx.idempotencyKey ?? `sem-chave:${randomUUID()}`,
      }),
    ),

  /** "Revogar": effective at once; a repeat changes nothing. */
  revoke: workspaceProcedure('clientLinks.manage')
    .input(z.strictObject({ id }))
    .mutation(({ ctx, input }) => revokeLink(ctx.deps, { workspaceId: ctx.workspace.id, linkId: input.id })),
});

export const clientApprovalRouter = router({
  /** /aprovacao/<token>: the pending posts in scope, or { state: 'expired' | 'invalid' }. */
  view: publicProcedure
    .input(z.strictObject({ token }))
    .query(({ ctx, input }) => openClientPage(ctx.deps, { token: input.token, ip: ctx.ip })),

  /** "Aprovar" / "Pedir ajustes" (a comment is required to ask for changes). */
  act: publicProcedure
    .input(
      z.strictObject({
        token,
        postId: id,
        decision: z.enum(['approve', 'changes']),
        comment: z.string().trim().max(COMMENT_MAX).nullish(),
      }),
    )
    .mutation(({ ctx, input }) =>
      actOnClientLink(ctx.deps, {
        token: input.token,
        ip: ctx.ip,
        postId: input.postId,
        decision: input.decision,
        comment: input.comment || null,
      }),
    ),
});
