import { budgetUsage } from '../posts/budget.service.js';
import { deliveryTimeline } from '../posts/delivery-timeline.service.js';
import {
  budgetUsageSchema,
  calendarSchema,
  createVariantSchema,
  deleteManySchema,
  listPostsSchema,
  postFilterSchema,
  postIdSchema,
  reschedulePostSchema,
  retryPostSchema,
  updatePostSchema,
} from '../posts/posts.schemas.js';
import {
  createPostVariant,
  deleteFilteredPosts,
  deletePost,
  deletePosts,
  getPost,
  listCalendar,
  listPosts,
  reschedulePost,
  retryPost,
  updatePost,
} from '../posts/posts.service.js';
import { authedProcedure, router } from './trpc.js';

export const postsRouter = router({
  /** Posts Agendados: one page, ascending by date, with the exact total for the filter. */
  list: authedProcedure.input(listPostsSchema).query(({ ctx, input }) => {
    const { cursor, limit, ...filter } = input;
    return listPosts(ctx.deps, { userId: ctx.user.id, filter, cursor, limit, timeZone: ctx.user.timeZone });
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
    .query(({ ctx, input }) => getPost(ctx.deps, ctx.user.id, input.id)),

  /** 'Histórico de entrega': the post's delivery steps and the network's answers (owner only). */
  deliveryTimeline: authedProcedure
    .input(postIdSchema)
    .query(({ ctx, input }) => deliveryTimeline(ctx.deps, ctx.user.id, input.id)),

  /** 'Editar Post': title, content and date-time; a failed, needs-attention or missed post is scheduled again. */
  update: authedProcedure.input(updatePostSchema).mutation(({ ctx, input }) =>
    updatePost(ctx.deps, {
      userId: ctx.user.id,
      postId: input.id,
      title: input.title,
      content: input.content,
      scheduledFor: input.scheduledFor,
      confirmOverBudget: input.confirmOverBudget,
      timeZone: ctx.user.timeZone,
      requestId: ctx.requestId,
    }),
  ),

  /** 'Criar versão para outra rede': a sibling post for another network of the theme, same date-time. */
  createVariant: authedProcedure.input(createVariantSchema).mutation(({ ctx, input }) =>
    createPostVariant(
      { ...ctx.deps, adapt: ctx.deps.drafts.adapt?.bind(ctx.deps.drafts) },
      {
        userId: ctx.user.id,
        postId: input.id,
        platform: input.platform,
        title: input.title,
        content: input.content,
        scheduledFor: input.scheduledFor,
        requestId: ctx.requestId,
      },
    ),
  ),

  reschedule: authedProcedure.input(reschedulePostSchema).mutation(({ ctx, input }) =>
    reschedulePost(ctx.deps, {
      userId: ctx.user.id,
      postId: input.id,
      scheduledFor: input.scheduledFor,
      confirmOverBudget: input.confirmOverBudget,
      timeZone: ctx.user.timeZone,
      requestId: ctx.requestId,
    }),
  ),

  /** Network budgets: what is used of each in a month of the caller's zone (docs/budgets.md). */
  budget: authedProcedure
    .input(budgetUsageSchema)
    .query(({ ctx, input }) => budgetUsage(ctx.deps, { userId: ctx.user.id, month: input.month })),

  retry: authedProcedure.input(retryPostSchema).mutation(({ ctx, input }) =>
    retryPost(ctx.deps, {
      userId: ctx.user.id,
      postId: input.id,
      confirmOverBudget: input.confirmOverBudget,
      confirmUnverified: input.confirmUnverified,
      timeZone: ctx.user.timeZone,
      requestId: ctx.requestId,
    }),
  ),

  delete: authedProcedure
    .input(postIdSchema)
    .mutation(({ ctx, input }) => deletePost(ctx.deps, ctx.user.id, input.id)),

  /** Deletes the caller's posts among the ids; other ids are ignored without saying whether they exist. */
  deleteMany: authedProcedure
    .input(deleteManySchema)
    .mutation(({ ctx, input }) => deletePosts(ctx.deps, ctx.user.id, input.ids)),

  /** 'Excluir Posts Filtrados': the same filter as the list; posts being published are skipped. */
  deleteFiltered: authedProcedure
    .input(postFilterSchema)
    .mutation(({ ctx, input }) => deleteFilteredPosts(ctx.deps, ctx.user.id, input)),
});
