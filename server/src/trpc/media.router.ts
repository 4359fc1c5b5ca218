// Images of a post besides the upload (an HTTP route, media/media.routes.ts): list, reorder, alt
// text, remove. Every change is the owner's and only while the post is editable (docs/media.md).
import { AppError, MAX_MEDIA_PER_POST, MEDIA_ALT_TEXT_MAX } from '@pauta/core';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { discardComposerMedia } from '../media/composer-media.service.js';
import {
  listMedia,
  type MediaServiceDeps,
  removeMedia,
  reorderMedia,
  setMediaAlt,
  suggestMediaAlt,
} from '../media/media.service.js';
import { router, workspaceProcedure } from './trpc.js';

const id = z.uuid();
const postMedia = z.strictObject({ postId: id });
const oneMedia = z.strictObject({ postId: id, mediaId: id });

function mediaDeps(deps: AppDeps): MediaServiceDeps {
  // Every web process has media (web.ts); only API tests built without it land here.
  if (!deps.media) throw new AppError('NOT_FOUND');
  return { db: deps.db, logger: deps.logger, media: deps.media };
}

export const mediaRouter = router({
  list: workspaceProcedure('workspace.read')
    .input(postMedia)
    .query(({ ctx, input }) => listMedia(mediaDeps(ctx.deps), ctx.workspace.id, input.postId)),

  /**
   * A cancelled "Novo post" drops the images it uploaded (docs/composer.md): the workspace's only
   * (another's ids change nothing); an id already gone is fine (a retried cancel).
   */
  discardComposer: workspaceProcedure('media.write')
    .input(
      z.strictObject({
        ids: z
          .array(id)
          .min(1)
          .max(5 * MAX_MEDIA_PER_POST * 10),
      }),
    )
    .mutation(({ ctx, input }) =>
      discardComposerMedia(mediaDeps(ctx.deps), { workspaceId: ctx.workspace.id, ids: input.ids }),
    ),

  remove: workspaceProcedure('media.write')
    .input(oneMedia)
    .mutation(({ ctx, input }) =>
      removeMedia(mediaDeps(ctx.deps), { workspaceId: ctx.workspace.id, ...input }),
    ),

  reorder: workspaceProcedure('media.write')
    // Bounded loosely: an id that is not one of the post's images answers NOT_FOUND, however many.
    .input(
      z.strictObject({
        postId: id,
        order: z
          .array(id)
          .min(1)
          .max(5 * MAX_MEDIA_PER_POST),
      }),
    )
    .mutation(({ ctx, input }) =>
      reorderMedia(mediaDeps(ctx.deps), { workspaceId: ctx.workspace.id, ...input }),
    ),

  setAlt: workspaceProcedure('media.write')
    .input(oneMedia.extend({ altText: z.string().trim().max(MEDIA_ALT_TEXT_MAX) }))
    .mutation(({ ctx, input }) =>
      setMediaAlt(mediaDeps(ctx.deps), { workspaceId: ctx.workspace.id, ...input }),
    ),

  /** "Sugerir texto alternativo": the AI's description, not saved (one use of the AI quota). */
  suggestAlt: workspaceProcedure('media.write')
    .input(oneMedia)
    .mutation(({ ctx, input }) =>
      suggestMediaAlt(
        { ...mediaDeps(ctx.deps), drafts: ctx.deps.drafts },
        { workspaceId: ctx.workspace.id, userId: ctx.user.id, ...input, requestId: ctx.requestId },
      ),
    ),
});
