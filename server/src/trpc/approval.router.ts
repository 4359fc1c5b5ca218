// The approval board (issue 17; docs/approval.md). Owner-scoped; mutations are idempotent
// (Idempotency-Key, and a move to the current stage changes nothing).
import { APPROVAL_STAGES, INPUT_LIMITS } from '@pauta/core';
import { z } from 'zod';
import { addComment, approvalBoard, moveStage, postHistory } from '../approval/approval.service.js';
import { authedProcedure, router } from './trpc.js';

const id = z.uuid();
/** A comment: 1 to 2,000 characters after trimming. */
export const COMMENT_MAX = INPUT_LIMITS.approvalComment;

export const approvalRouter = router({
  /** The board: the caller's posts of themes that require approval, with their stage. */
  board: authedProcedure
    .input(z.strictObject({ themeId: id.nullish() }))
    .query(({ ctx, input }) => approvalBoard(ctx.deps, { userId: ctx.user.id, themeId: input.themeId })),

  /** "Mover para…" and drag and drop: one post to one stage. */
  move: authedProcedure
    .input(z.strictObject({ postId: id, to: z.enum(APPROVAL_STAGES) }))
    .mutation(({ ctx, input }) =>
      moveStage(ctx.deps, {
        userId: ctx.user.id,
        postId: input.postId,
        to: input.to,
        requestId: ctx.requestId,
      }),
    ),

  /** Who moved what and when, and the comments, oldest first. */
  history: authedProcedure
    .input(z.strictObject({ postId: id }))
    .query(({ ctx, input }) => postHistory(ctx.deps, { userId: ctx.user.id, postId: input.postId })),

  comment: authedProcedure
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
      addComment(ctx.deps, { userId: ctx.user.id, postId: input.postId, body: input.body }),
    ),
});
