// "Carrossel" of a post (issue 30 item 8, docs/carousel.md): generate with the AI, edit, render a
// slide, use the slides as the post's images. Mutations are idempotent per Idempotency-Key (as every
// mutation, docs/idempotency.md); the workspace comes from the scoped procedure.
import {
  AppError,
  CAROUSEL_FORMATS,
  CAROUSEL_MAX_SLIDES,
  SLIDE_BODY_MAX,
  SLIDE_KINDS,
  SLIDE_TITLE_MAX,
} from '@pauta/core';
import { z } from 'zod';
import {
  type CarouselDeps,
  generateCarousel,
  getCarousel,
  renderCarouselSlide,
  saveCarouselSlides,
  useCarouselInPost,
} from '../carousel/carousel.service.js';
import type { AppDeps } from '../deps.js';
import { router, workspaceProcedure } from './trpc.js';

const id = z.uuid();
const onePost = z.strictObject({ postId: id });

function carouselDeps(deps: AppDeps): CarouselDeps {
  if (!deps.media) throw new AppError('NOT_FOUND');
  return { db: deps.db, logger: deps.logger, media: deps.media, drafts: deps.drafts };
}

// Lengths are bounded loosely here (a slide over its limit gets the pt-BR CAROUSEL_REFUSED from
// the service, naming the slide); this only keeps absurd bodies out.
const slideInput = z.strictObject({
  id,
  kind: z.enum(SLIDE_KINDS),
  title: z.string().max(SLIDE_TITLE_MAX * 4),
  body: z.string().max(SLIDE_BODY_MAX * 4),
});

export const carouselRouter = router({
  get: workspaceProcedure('workspace.read')
    .input(onePost)
    .query(({ ctx, input }) =>
      getCarousel(carouselDeps(ctx.deps), { workspaceId: ctx.workspace.id, ...input }),
    ),

  /** "Gerar carrossel com IA": one use of the AI quota; replaces the post's carousel. */
  generate: workspaceProcedure('media.write')
    .input(onePost.extend({ format: z.enum(CAROUSEL_FORMATS) }))
    .mutation(({ ctx, input }) =>
      generateCarousel(carouselDeps(ctx.deps), {
        workspaceId: ctx.workspace.id,
        userId: ctx.user.id,
        ...input,
        ...(ctx.requestId ? { requestId: ctx.requestId } : {}),
      }),
    ),

  /** Saves edited, reordered or removed slides (changed ones lose their image until rendered). */
  save: workspaceProcedure('media.write')
    .input(
      onePost.extend({
        expectedVersion: z.int().min(1),
        format: z.enum(CAROUSEL_FORMATS),
        slides: z.array(slideInput).max(CAROUSEL_MAX_SLIDES * 2),
      }),
    )
    .mutation(({ ctx, input }) =>
      saveCarouselSlides(carouselDeps(ctx.deps), { workspaceId: ctx.workspace.id, ...input }),
    ),

  /** Renders one slide that has no image (a no-op for one that has). */
  renderSlide: workspaceProcedure('media.write')
    .input(onePost.extend({ slideId: id }))
    .mutation(({ ctx, input }) =>
      renderCarouselSlide(carouselDeps(ctx.deps), { workspaceId: ctx.workspace.id, ...input }),
    ),

  /** "Usar no post": the slides replace the post's images. */
  use: workspaceProcedure('media.write')
    .input(onePost.extend({ expectedVersion: z.int().min(1) }))
    .mutation(({ ctx, input }) =>
      useCarouselInPost(carouselDeps(ctx.deps), {
        workspaceId: ctx.workspace.id,
        userId: ctx.user.id,
        ...input,
      }),
    ),
});
