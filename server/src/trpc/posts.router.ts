import {
  calendarSchema,
  deleteManySchema,
  listPostsSchema,
  postFilterSchema,
  postIdSchema,
  reschedulePostSchema,
  updatePostSchema,
} from '../posts/posts.schemas.js';
import {
  deleteFilteredPosts,
  deletePost,
  deletePosts,
  getPost,
  listCalendar,
  listPosts,
  PostRuleError,
  reschedulePost,
  retryPost,
  updatePost,
} from '../posts/posts.service.js';
import { appError } from './errors.js';
import { authedProcedure, router } from './trpc.js';

/** Runs a posts rule and turns its refusal into the matching error code. */
async function guard<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof PostRuleError)) throw error;
    if (error.code === 'NOT_FOUND') throw appError('NOT_FOUND', 'NOT_FOUND');
    if (error.code === 'CONFLICT') throw appError('CONFLICT', 'CONFLICT');
    if (error.code === 'SCHEDULE_OUT_OF_RANGE')
      throw appError('BAD_REQUEST', 'SCHEDULE_OUT_OF_RANGE', error.details);
    throw appError('BAD_REQUEST', 'VALIDATION_FAILED', error.details);
  }
}

export const postsRouter = router({
  /** Posts Agendados: one page, ascending by date, with the exact total for the filter. */
  list: authedProcedure.input(listPostsSchema).query(({ ctx, input }) => {
    const { cursor, limit, ...filter } = input;
    return guard(() => listPosts(ctx.deps, { userId: ctx.user.id, filter, cursor, limit }));
  }),

  /** The month/week calendar: every post of a range of at most 62 days. */
  calendar: authedProcedure.input(calendarSchema).query(({ ctx, input }) =>
    listCalendar(ctx.deps, {
      userId: ctx.user.id,
      from: input.from,
      to: input.to,
      themeId: input.themeId,
      platform: input.platform,
    }),
  ),

  get: authedProcedure
    .input(postIdSchema)
    .query(({ ctx, input }) => guard(() => getPost(ctx.deps, ctx.user.id, input.id))),

  /** 'Editar Post': title, content and date-time; a failed, needs-attention or missed post is scheduled again. */
  update: authedProcedure.input(updatePostSchema).mutation(({ ctx, input }) =>
    guard(() =>
      updatePost(ctx.deps, {
        userId: ctx.user.id,
        postId: input.id,
        title: input.title,
        content: input.content,
        scheduledFor: input.scheduledFor,
        requestId: ctx.requestId,
      }),
    ),
  ),

  reschedule: authedProcedure.input(reschedulePostSchema).mutation(({ ctx, input }) =>
    guard(() =>
      reschedulePost(ctx.deps, {
        userId: ctx.user.id,
        postId: input.id,
        scheduledFor: input.scheduledFor,
        requestId: ctx.requestId,
      }),
    ),
  ),

  retry: authedProcedure
    .input(postIdSchema)
    .mutation(({ ctx, input }) =>
      guard(() => retryPost(ctx.deps, { userId: ctx.user.id, postId: input.id, requestId: ctx.requestId })),
    ),

  delete: authedProcedure
    .input(postIdSchema)
    .mutation(({ ctx, input }) => guard(() => deletePost(ctx.deps, ctx.user.id, input.id))),

  /** Deletes the caller's posts among the ids; other ids are ignored without saying whether they exist. */
  deleteMany: authedProcedure
    .input(deleteManySchema)
    .mutation(({ ctx, input }) => deletePosts(ctx.deps, ctx.user.id, input.ids)),

  /** 'Excluir Posts Filtrados': the same filter as the list; posts being published are skipped. */
  deleteFiltered: authedProcedure
    .input(postFilterSchema)
    .mutation(({ ctx, input }) => deleteFilteredPosts(ctx.deps, ctx.user.id, input)),
});
