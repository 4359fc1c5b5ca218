// Personal access tokens (Configurações → Integrações; issue 28 item 2, docs/api.md). A person
// lists, creates and revokes their own tokens in the workspace the request names; a token acts
// there with their role, so anyone who may read the workspace may make one.
import { AppError } from '@pauta/core';
import { apiTokenCreateSchema } from '@pauta/core/schemas/api-tokens';
import { z } from 'zod';
import { createApiToken, listTokens, revokeToken } from '../api/tokens.js';
import { router, workspaceProcedure } from './trpc.js';

const owner = (ctx: { workspace: { id: string }; user: { id: string } }) => ({
  workspaceId: ctx.workspace.id,
  userId: ctx.user.id,
});

export const apiTokensRouter = router({
  /** The person's tokens in this workspace, newest first; never a secret. */
  list: workspaceProcedure('workspace.read').query(({ ctx }) => listTokens(ctx.deps, owner(ctx))),

  /**
   * "Criar token": registers the token the browser made (its hash only). The answer carries no
   * secret, so the idempotency record holds none; a repeat of the click gets the same answer.
   */
  create: workspaceProcedure('workspace.read')
    .input(apiTokenCreateSchema)
    .mutation(({ ctx, input }) =>
      createApiToken(ctx.deps, {
        ...owner(ctx),
        name: input.name,
        scopes: input.scopes,
        expiresInDays: input.expiresInDays,
        token: input.token,
      }),
    ),

  /** "Revogar": effective at once on every web process; a repeat changes nothing. */
  revoke: workspaceProcedure('workspace.read')
    .input(z.strictObject({ id: z.uuid() }))
    .mutation(async ({ ctx, input }) => {
      const outcome = await revokeToken(ctx.deps, owner(ctx), input.id);
      if (outcome === 'missing') throw new AppError('NOT_FOUND');
      return { id: input.id, revoked: true as const };
    }),
});
