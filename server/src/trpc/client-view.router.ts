// The Cliente member's view (issue 25; docs/workspaces.md "The Cliente view"): the posts waiting
// for the client, the published ones with their metrics, and the client's decision — the
// account-based sibling of `clientApproval.*` (the public link), with the same service.
import { AppError } from '@pauta/core';
import { z } from 'zod';
import { clientDecide, clientPending, decodePendingCursor } from '../approval/client-view.service.js';
import { listPublished } from '../published/published.service.js';
import { COMMENT_MAX } from './approval.router.js';
import { router, workspaceProcedure } from './trpc.js';

const cursor = z.string().max(200).nullish();

export const clientViewRouter = router({
  /** "Para aprovar": the workspace's posts in "Aprovação do cliente", oldest date first. */
  pending: workspaceProcedure('posts.readClientView')
    .input(z.strictObject({ cursor, limit: z.number().int().min(1).max(50).default(20) }))
    .query(({ ctx, input }) => {
      const after = input.cursor ? decodePendingCursor(input.cursor) : null;
      if (input.cursor && !after) throw new AppError('VALIDATION_FAILED', { field: 'cursor' });
      return clientPending(ctx.deps, { workspaceId: ctx.workspace.id, after, limit: input.limit });
    }),

  /** The workspace's published posts with their metrics, newest first. */
  published: workspaceProcedure('posts.readClientView')
    .input(z.strictObject({ cursor, limit: z.number().int().min(1).max(50).default(12) }))
    .query(({ ctx, input }) =>
      listPublished(ctx.deps.db, {
        workspaceId: ctx.workspace.id,
        cursor: input.cursor,
        limit: input.limit,
        env: ctx.deps.env,
        sandboxUrl: ctx.deps.env.SOCIAL_SANDBOX_URL,
      }),
    ),

  /** "Aprovar" / "Pedir alterações" (a comment is required to ask for changes). */
  decide: workspaceProcedure('approval.clientDecide')
    .input(
      z
        .strictObject({
          postId: z.uuid(),
          decision: z.enum(['approve', 'changes']),
          comment: z
            .string()
            .trim()
            .max(COMMENT_MAX, 'O comentário pode ter no máximo 2.000 caracteres.')
            .nullish(),
        })
        .refine((v) => v.decision === 'approve' || Boolean(v.comment), {
          message: 'Escreva o que precisa mudar.',
          path: ['comment'],
        }),
    )
    .mutation(({ ctx, input }) =>
      clientDecide(ctx.deps, {
        workspaceId: ctx.workspace.id,
        userId: ctx.user.id,
        postId: input.postId,
        decision: input.decision,
        comment: input.comment || null,
      }),
    ),
});
