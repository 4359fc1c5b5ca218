// Contas Conectadas (spec §2.3, §4, §7 call 8): list, soft disconnect, and the Facebook Page
// choice of a pending connection. Every call is scoped to the caller; no output carries a token.
import { deactivateAccount } from '@pauta/db';
import { z } from 'zod';
import { listAccountCards } from '../accounts/accounts.service.js';
import {
  ConnectError,
  PendingNotFoundError,
  pendingPages,
  selectFacebookPage,
} from '../accounts/connect.service.js';
import { appError } from './errors.js';
import { authedProcedure, router } from './trpc.js';

const id = z.uuid();
const pageId = z.string().trim().min(1).max(100).regex(/^\d+$/);

function rethrowConnect(error: unknown): never {
  if (error instanceof PendingNotFoundError) throw appError('NOT_FOUND', 'NOT_FOUND');
  if (error instanceof ConnectError) {
    throw appError('BAD_REQUEST', error.code, {
      platform: error.platform,
      ...(error.reason ? { reason: error.reason } : {}),
    });
  }
  throw error;
}

export const accountsRouter = router({
  list: authedProcedure.query(({ ctx }) => listAccountCards(ctx.deps.db, ctx.deps.env, ctx.user.id)),

  /** Soft disconnect: is_active false; the sealed tokens stay for a later reconnect. */
  disconnect: authedProcedure.input(z.strictObject({ id })).mutation(async ({ ctx, input }) => {
    const done = await deactivateAccount(ctx.deps.db, ctx.user.id, input.id);
    if (!done) throw appError('NOT_FOUND', 'NOT_FOUND');
    ctx.deps.logger.info({ userId: ctx.user.id, accountId: input.id }, 'conta desconectada');
    return { ok: true as const };
  }),

  pendingPages: authedProcedure.input(z.strictObject({ pendingId: id })).query(async ({ ctx, input }) => {
    try {
      return { pages: await pendingPages(ctx.deps, ctx.user.id, input.pendingId) };
    } catch (error) {
      rethrowConnect(error);
    }
  }),

  selectFacebookPage: authedProcedure
    .input(z.strictObject({ pendingId: id, pageId }))
    .mutation(async ({ ctx, input }) => {
      try {
        return await selectFacebookPage(ctx.deps, {
          userId: ctx.user.id,
          pendingId: input.pendingId,
          pageId: input.pageId,
        });
      } catch (error) {
        rethrowConnect(error);
      }
    }),
});
