import { AppError } from '@pauta/core';
import { z } from 'zod';
import {
  confirmRequest,
  submitAnonymousRequest,
  submitOwnRequest,
} from '../data-deletion/data-deletion.service.js';
import { publicProcedure, router } from './trpc.js';

export const dataDeletionRouter = router({
  /**
   * The public form (signed in or not). Signed in, the request is the session user's and is
   * confirmed at once (an email in the input is ignored). Signed out, the email is required and the
   * request waits for its owner to confirm through the link emailed to that address; the answer is
   * the same whether or not the email has an account.
   */
  submit: publicProcedure
    .input(
      z.strictObject({
        reason: z.string().trim().min(1).max(2000),
        email: z.string().trim().max(254).pipe(z.email()).optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      if (ctx.user) {
        await submitOwnRequest(ctx.deps, {
          userId: ctx.user.id,
          email: ctx.user.email,
          reason: input.reason,
        });
        return { ok: true as const };
      }
      if (!input.email) throw new AppError('VALIDATION_FAILED', { field: 'email' });
      await submitAnonymousRequest(ctx.deps, { email: input.email, reason: input.reason, ip: ctx.ip });
      return { ok: true as const };
    }),

  /** The emailed link's page ('Confirmar exclusão'): confirms the request once, within 24 hours. */
  confirm: publicProcedure
    .input(z.strictObject({ token: z.string().min(1).max(200) }))
    .mutation(async ({ ctx, input }) => {
      await confirmRequest(ctx.deps, { ...input, requestId: ctx.requestId, ip: ctx.ip });
      ctx.deps.logger.info({ requestId: ctx.requestId }, 'solicitação de exclusão confirmada pelo titular');
      return { ok: true as const };
    }),
});
