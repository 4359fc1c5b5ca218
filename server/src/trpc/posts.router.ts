import { z } from 'zod';
import { enqueuePost } from '../posting-queue/posting-queue.service.js';
import { budgetUsage } from '../posts/budget.service.js';
import { applyBulkAction, undoBulkAction } from '../posts/bulk.service.js';
import { composePosts, postSiblings } from '../posts/compose.service.js';
import { exportPostsCsv, importCsvPosts, previewCsvImport } from '../posts/csv.service.js';
import { deliveryTimeline } from '../posts/delivery-timeline.service.js';
import {
  budgetUsageSchema,
  bulkSchema,
  bulkUndoSchema,
  calendarSchema,
  composePostsSchema,
  createVariantSchema,
  csvImportSchema,
  deleteManySchema,
  listPostsSchema,
  postFilterSchema,
  postIdSchema,
  postSiblingsSchema,
  preflightSchema,
  reschedulePostSchema,
  retryPostSchema,
  setRecurrenceSchema,
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
import { preflightPost } from '../posts/preflight.service.js';
import { setRecurrence, stopRecurrence } from '../posts/recurrence.service.js';
import { userTimeZone } from '../posts/user-time-zone.js';
import { router, workspaceProcedure } from './trpc.js';

/** The CSV import's request: 1 MB of CSV, escaped in JSON (docs/csv-import.md). */
const CSV_BODY_BYTES = 3 * 1024 * 1024;

export const postsRouter = router({
  /** Posts Agendados: one page, ascending by date, with the exact total for the filter. */
  list: workspaceProcedure('workspace.read')
    .input(listPostsSchema)
    .query(({ ctx, input }) => {
      const { cursor, limit, ...filter } = input;
      return listPosts(ctx.deps, {
        workspaceId: ctx.workspace.id,
        userId: ctx.user.id,
        filter,
        cursor,
        limit,
        timeZone: ctx.user.timeZone,
      });
    }),

  /** The month/week calendar: every post of a range of at most 62 days. */
  calendar: workspaceProcedure('workspace.read')
    .input(calendarSchema)
    .query(({ ctx, input }) =>
      listCalendar(ctx.deps, {
        workspaceId: ctx.workspace.id,
        userId: ctx.user.id,
        from: input.from,
        to: input.to,
        themeId: input.themeId,
        platform: input.platform,
      }),
    ),

  get: workspaceProcedure('workspace.read')
    .input(postIdSchema)
    .query(({ ctx, input }) => getPost(ctx.deps, ctx.workspace.id, input.id)),

  /** 'Histórico de entrega': the post's delivery steps and the network's answers (owner only). */
  deliveryTimeline: workspaceProcedure('workspace.read')
    .input(postIdSchema)
    .query(({ ctx, input }) => deliveryTimeline(ctx.deps, ctx.workspace.id, input.id)),

  /** 'Editar Post': title, content, date-time and network options; a failed, needs-attention or missed post is scheduled again. */
  update: workspaceProcedure('posts.write')
    .input(updatePostSchema)
    .mutation(({ ctx, input }) =>
      updatePost(ctx.deps, {
        workspaceId: ctx.workspace.id,
        userId: ctx.user.id,
        postId: input.id,
        title: input.title,
        content: input.content,
        scheduledFor: input.scheduledFor,
        networkOptions: input.networkOptions,
        firstComment: input.firstComment,
        accountId: input.accountId,
        confirmOverBudget: input.confirmOverBudget,
        scheduleDraft: input.scheduleDraft,
        timeZone: ctx.user.timeZone,
        requestId: ctx.requestId,
      }),
    ),

  /** 'Criar versão para outra rede': a sibling post for another network of the theme, at the date-time on screen. */
  /** "Novo post" (docs/composer.md): one post per chosen network, all or nothing, linked by a group. */
  compose: workspaceProcedure('posts.write')
    .input(composePostsSchema)
    .mutation(({ ctx, input }) =>
      composePosts(ctx.deps, {
        workspaceId: ctx.workspace.id,
        userId: ctx.user.id,
        ...input,
        timeZone: ctx.user.timeZone,
        requestId: ctx.requestId,
      }),
    ),

  /** The other networks' posts written with this one in the composer (Editar Post). */
  siblings: workspaceProcedure('workspace.read')
    .input(postSiblingsSchema)
    .query(({ ctx, input }) => postSiblings(ctx.deps, ctx.workspace.id, input.id)),

  createVariant: workspaceProcedure('posts.write')
    .input(createVariantSchema)
    .mutation(({ ctx, input }) =>
      createPostVariant(
        { ...ctx.deps, adapt: ctx.deps.drafts.adapt?.bind(ctx.deps.drafts) },
        {
          workspaceId: ctx.workspace.id,
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

  /**
   * "Adicionar à fila" (docs/posting-queue.md): the post takes its account's next free slot;
   * idempotent (a queued post keeps its slot). Returns the slot's time.
   */
  addToQueue: workspaceProcedure('posts.write')
    .input(z.strictObject({ postId: z.uuid(), confirmOverBudget: z.boolean().optional() }))
    .mutation(({ ctx, input }) =>
      enqueuePost(ctx.deps, {
        workspaceId: ctx.workspace.id,
        userId: ctx.user.id,
        postId: input.postId,
        confirmOverBudget: input.confirmOverBudget,
        requestId: ctx.requestId,
      }),
    ),

  reschedule: workspaceProcedure('posts.write')
    .input(reschedulePostSchema)
    .mutation(({ ctx, input }) =>
      reschedulePost(ctx.deps, {
        workspaceId: ctx.workspace.id,
        userId: ctx.user.id,
        postId: input.id,
        scheduledFor: input.scheduledFor,
        confirmOverBudget: input.confirmOverBudget,
        timeZone: ctx.user.timeZone,
        requestId: ctx.requestId,
      }),
    ),

  /**
   * Pre-flight (docs/preflight.md): per check, what will happen to the post on its network, from
   * the post as it is on screen. A mutation only because the unsaved text may not fit a URL; it
   * reads and changes nothing, so it needs no Idempotency-Key (each keystroke pause sends one).
   */
  preflight: workspaceProcedure('workspace.read')
    .meta({
      access: 'user',
      workspaceAction: 'workspace.read',
      idempotencyExempt: 'reads only: the pre-flight of the text on screen, recomputed on every edit',
    })
    .input(preflightSchema)
    .mutation(({ ctx, input }) =>
      preflightPost(
        { db: ctx.deps.db, env: ctx.deps.env },
        {
          workspaceId: ctx.workspace.id,
          postId: input.id,
          platform: input.platform,
          accountId: input.accountId,
          content: input.content,
          scheduledFor: input.scheduledFor,
          networkOptions: input.networkOptions,
          composerMedia: input.composerMedia,
        },
      ),
    ),

  /** Network budgets: what is used of each in a month of the caller's zone (docs/budgets.md). */
  budget: workspaceProcedure('workspace.read')
    .input(budgetUsageSchema)
    .query(({ ctx, input }) =>
      budgetUsage(ctx.deps, { workspaceId: ctx.workspace.id, userId: ctx.user.id, month: input.month }),
    ),

  retry: workspaceProcedure('posts.write')
    .input(retryPostSchema)
    .mutation(({ ctx, input }) =>
      retryPost(ctx.deps, {
        workspaceId: ctx.workspace.id,
        userId: ctx.user.id,
        postId: input.id,
        confirmOverBudget: input.confirmOverBudget,
        confirmUnverified: input.confirmUnverified,
        timeZone: ctx.user.timeZone,
        requestId: ctx.requestId,
      }),
    ),

  /** Editar Post → "Repetir": sets or changes the post's repetition (docs/recurring-posts.md). */
  setRecurrence: workspaceProcedure('posts.write')
    .input(setRecurrenceSchema)
    .mutation(async ({ ctx, input }) =>
      setRecurrence(ctx.deps, {
        workspaceId: ctx.workspace.id,
        userId: ctx.user.id,
        postId: input.id,
        rule: input.rule,
      }),
    ),

  /** "Parar repetição": no occurrence after the ones that exist. */
  stopRecurrence: workspaceProcedure('posts.write')
    .input(postIdSchema)
    .mutation(({ ctx, input }) =>
      stopRecurrence(ctx.deps, { workspaceId: ctx.workspace.id, postId: input.id }),
    ),

  delete: workspaceProcedure('posts.write')
    .input(postIdSchema)
    .mutation(({ ctx, input }) => deletePost(ctx.deps, ctx.workspace.id, input.id)),

  /** Deletes the workspace's posts among the ids; other ids are ignored without saying whether they exist. */
  deleteMany: workspaceProcedure('posts.write')
    .input(deleteManySchema)
    .mutation(({ ctx, input }) => deletePosts(ctx.deps, ctx.workspace.id, input.ids)),

  /** 'Excluir Posts Filtrados': the same filter as the list; posts being published are skipped. */
  deleteFiltered: workspaceProcedure('posts.write')
    .input(postFilterSchema)
    .mutation(({ ctx, input }) =>
      deleteFilteredPosts(ctx.deps, { workspaceId: ctx.workspace.id, userId: ctx.user.id }, input),
    ),

  /**
   * Bulk actions (docs/bulk-actions.md): one action over a selection (ids, or every post matching
   * the list's filter), in one transaction. The procedure admits whoever may move posts on the
   * board; each action then needs its own permission (a Revisor approves and moves, never
   * reschedules, changes theme or deletes).
   */
  bulk: workspaceProcedure('approval.move')
    .input(bulkSchema)
    .mutation(async ({ ctx, input }) =>
      applyBulkAction(ctx.deps, {
        workspaceId: ctx.workspace.id,
        userId: ctx.user.id,
        role: ctx.workspace.role,
        selection: { ids: input.ids, filter: input.filter },
        action: input.action,
        timeZone: ctx.user.timeZone ?? (await userTimeZone(ctx.deps.db, ctx.user.id)),
        requestId: ctx.requestId,
      }),
    ),

  /** "Desfazer" of a bulk action: restores the posts it changed that nobody changed since. */
  bulkUndo: workspaceProcedure('approval.move')
    .input(bulkUndoSchema)
    .mutation(({ ctx, input }) =>
      undoBulkAction(ctx.deps, {
        workspaceId: ctx.workspace.id,
        userId: ctx.user.id,
        role: ctx.workspace.role,
        token: input.token,
        requestId: ctx.requestId,
      }),
    ),

  /** "Exportar CSV" (docs/csv-import.md): the list's filter as a CSV file (UTF-8 with BOM, `;`). */
  exportCsv: workspaceProcedure('workspace.read')
    .input(postFilterSchema)
    .query(async ({ ctx, input }) =>
      exportPostsCsv(ctx.deps, {
        workspaceId: ctx.workspace.id,
        filter: input,
        timeZone: ctx.user.timeZone ?? (await userTimeZone(ctx.deps.db, ctx.user.id)),
      }),
    ),

  /**
   * "Importar CSV", first step: every row checked, with its pt-BR errors; nothing is saved. A
   * mutation only because the file does not fit a URL (it changes nothing).
   */
  importCsvPreview: workspaceProcedure('posts.write')
    .meta({ access: 'user', workspaceAction: 'posts.write', maxBodyBytes: CSV_BODY_BYTES })
    .input(csvImportSchema)
    .mutation(async ({ ctx, input }) =>
      previewCsvImport(ctx.deps, {
        workspaceId: ctx.workspace.id,
        csv: input.csv,
        files: input.files,
        refused: input.refused,
        timeZone: ctx.user.timeZone ?? (await userTimeZone(ctx.deps.db, ctx.user.id)),
      }),
    ),

  /** "Importar N posts": all the file's posts in one transaction, or none (a row with an error). */
  importCsv: workspaceProcedure('posts.write')
    .meta({ access: 'user', workspaceAction: 'posts.write', maxBodyBytes: CSV_BODY_BYTES })
    .input(csvImportSchema)
    .mutation(async ({ ctx, input }) =>
      importCsvPosts(ctx.deps, {
        workspaceId: ctx.workspace.id,
        userId: ctx.user.id,
        csv: input.csv,
        files: input.files,
        refused: input.refused,
        timeZone: ctx.user.timeZone ?? (await userTimeZone(ctx.deps.db, ctx.user.id)),
        requestId: ctx.requestId,
      }),
    ),
});
