// The approval board (issue 17; docs/approval.md). Workspace-scoped (docs/workspaces.md); mutations are idempotent
// (Idempotency-Key, and a move to the current stage changes nothing).
import { APPROVAL_STAGES, AppError, can, INPUT_LIMITS } from '@pauta/core';
import { z } from 'zod';
import { addComment, approvalBoard, moveStage, postHistory } from '../approval/approval.service.js';
import { router, workspaceProcedure } from './trpc.js';

const id = z.uuid();
/** A comment: 1 to 2,000 characters after trimming. */
export const COMMENT_MAX = INPUT_LIMITS.approvalComment;

export const approvalRouter = router({
  /** The board: the caller's posts of themes that require approval, with their stage. */
  board: workspaceProcedure('workspace.read')
    .input(z.strictObject({ themeId: id.nullish() }))
    .query(({ ctx, input }) =>
      approvalBoard(ctx.deps, { workspaceId: ctx.workspace.id, userId: ctx.user.id, themeId: input.themeId }),
    ),

  /** "Mover para…" and drag and drop: one post to one stage. */
  move: workspaceProcedure('approval.move')
    .input(z.strictObject({ postId: id, to: z.enum(APPROVAL_STAGES) }))
    .mutation(({ ctx, input }) => {
      // Approving is an action of its own in the permission table (core), checked with the role
      // the scoped procedure read.
      if (input.to === 'approved' && !can(ctx.workspace.role, 'approval.approve'))
        throw new AppError('FORBIDDEN');
      return moveStage(ctx.deps, {
        workspaceId: ctx.workspace.id,
        userId: ctx.user.id,
        postId: input.postId,
        to: input.to,
        requestId: ctx.requestId,
      });
    }),

  /** Who moved what and when, and the comments, oldest first. */
  history: workspaceProcedure('workspace.read')
    .input(z.strictObject({ postId: id }))
    .query(({ ctx, input }) =>
      postHistory(ctx.deps, { workspaceId: ctx.workspace.id, userId: ctx.user.id, postId: input.postId }),
    ),

  comment: workspaceProcedure('posts.comment')
    .input(
      z.strictObject({
        postId: id,
        body: z
          .string()
          .trim()
          .min(1, 'Escreva um comentário.')
          .max(COMMENT_MAX, 'O comentário pode ter no máximo 2.000 caracteres.'),
      }),
    )
    .mutation(({ ctx, input }) =>
      addComment(ctx.deps, {
        workspaceId: ctx.workspace.id,
        userId: ctx.user.id,
        postId: input.postId,
        body: input.body,
        clientVisibleOnly: !can(ctx.workspace.role, 'workspace.read'),
      }),
    ),
});
