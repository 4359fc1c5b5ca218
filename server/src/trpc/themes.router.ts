import { randomUUID } from 'node:crypto';
import { AppError, fitsPlatformLimit, INPUT_LIMITS, PLATFORMS, type Platform } from '@pauta/core';
import { themeInputSchema } from '@pauta/core/schemas/theme';
import { deleteTheme, findTheme, listThemesWithCounts, maxPostOrder, updateTheme } from '@pauta/db';
import { type PostOptionValues, validatePostOptions } from '@pauta/networks';
import { z } from 'zod';
import { applyThemeApproval } from '../approval/approval.service.js';
import { networkOptionsSchema } from '../posts/posts.schemas.js';
import {
  createThemeWithCalendar,
  placeCommemorativeDates,
  planSlots,
  scheduleDrafts,
  themeCommemorativeDates,
  toThemeFields,
} from '../themes/themes.service.js';
import { router, workspaceProcedure } from './trpc.js';

const id = z.uuid();

function presentTheme(theme: {
  id: string;
  name: string;
  description: string;
  tone_of_voice: string[];
  avoid_topics: string[];
  social_networks: string[];
  frequency: string;
  color_palette: string;
  created_at: Date;
  requires_approval: boolean;
  use_best_time: boolean;
  use_queue: boolean;
  commemorative_dates: string[];
}) {
  return {
    id: theme.id,
    name: theme.name,
    description: theme.description,
    toneOfVoice: theme.tone_of_voice,
    avoidTopics: theme.avoid_topics,
    socialNetworks: theme.social_networks as (typeof PLATFORMS)[number][],
    frequency: theme.frequency as 'daily' | 'weekly' | 'monthly',
    colorPalette: theme.color_palette,
    requiresApproval: theme.requires_approval,
    useBestTime: theme.use_best_time,
    useQueue: theme.use_queue,
    /** Stored date keys ('black-friday-2026'), past ones included (docs/commemorative-dates.md). */
    commemorativeDates: theme.commemorative_dates,
    createdAt: theme.created_at,
  };
}

export const themesRouter = router({
  list: workspaceProcedure('workspace.read').query(async ({ ctx }) => {
    const themes = await listThemesWithCounts(ctx.deps.db, ctx.workspace.id);
    return themes.map((t) => ({
      ...presentTheme(t),
      scheduledCount: t.scheduled_count,
      publishedCount: t.published_count,
    }));
  }),

  get: workspaceProcedure('workspace.read')
    .input(z.strictObject({ id }))
    .query(async ({ ctx, input }) => {
      const theme = await findTheme(ctx.deps.db, ctx.workspace.id, input.id);
      if (!theme) throw new AppError('NOT_FOUND');
      return presentTheme(theme);
    }),

  create: workspaceProcedure('themes.write')
    .input(themeInputSchema)
    .mutation(async ({ ctx, input: values }) => {
      // The date keys are checked by the schema and stored with the theme (docs/commemorative-dates.md).
      const { theme, outcome } = await createThemeWithCalendar(
        {
          db: ctx.deps.db,
          queue: ctx.deps.queue,
          logger: ctx.deps.logger,
          generate: (t, count, occasions) =>
            ctx.deps.drafts.generate({
              userId: ctx.user.id,
              theme: t,
              count,
              mode: 'creation',
              requestId: ctx.requestId,
              occasions,
            }),
        },
        { workspaceId: ctx.workspace.id, userId: ctx.user.id, values, requestId: ctx.requestId },
      );
      return { theme: { id: theme.id, name: theme.name }, outcome };
    }),

  update: workspaceProcedure('themes.write')
    .input(themeInputSchema.extend({ id }))
    .mutation(async ({ ctx, input }) => {
      const { id: themeId, ...values } = input;
      let theme = await updateTheme(ctx.deps.db, ctx.workspace.id, themeId, toThemeFields(values));
      if (!theme) throw new AppError('NOT_FOUND');
      // "Exige aprovação antes de publicar" (docs/approval.md): the theme and its posts together.
      if (values.requiresApproval !== undefined && values.requiresApproval !== theme.requires_approval) {
        await applyThemeApproval(ctx.deps, {
          workspaceId: ctx.workspace.id,
          userId: ctx.user.id,
          themeId,
          requiresApproval: values.requiresApproval,
          requestId: ctx.requestId,
        });
        theme = { ...theme, requires_approval: values.requiresApproval };
      }
      return presentTheme(theme);
    }),

  /** Deletes the theme and, with it, its scheduled posts (confirmed in the UI). */
  delete: workspaceProcedure('themes.write')
    .input(z.strictObject({ id }))
    .mutation(async ({ ctx, input }) => {
      const posts = await deleteTheme(ctx.deps.db, ctx.workspace.id, input.id);
      if (!posts) throw new AppError('NOT_FOUND');
      await ctx.deps.queue.cancelPublish(posts);
      return { ok: true as const };
    }),

  /**
   * Five AI drafts for review (spec: kept in memory on the client). From the card button a
   * failure falls back to templates silently; on the suggested-posts screen it is reported.
   */
  generateDrafts: workspaceProcedure('themes.write')
    .input(z.strictObject({ themeId: id, mode: z.enum(['card', 'screen']) }))
    .mutation(async ({ ctx, input }) => {
      const theme = await findTheme(ctx.deps.db, ctx.workspace.id, input.themeId);
      if (!theme) throw new AppError('NOT_FOUND');
      // The drafts are scheduled one by one at the theme's next free slots: the stored dates of
      // those 5 slots' period go to the AI, each with the draft placed at or just before it.
      const planned = await planSlots(ctx.deps, { userId: ctx.user.id, theme, count: 5 });
      const result = await ctx.deps.drafts.generate({
        userId: ctx.user.id,
        theme,
        count: 5,
        mode: input.mode,
        requestId: ctx.requestId,
        occasions: placeCommemorativeDates(themeCommemorativeDates(theme), planned.slots, planned.timeZone),
      });
      const firstOrder = (await maxPostOrder(ctx.deps.db, theme.id)) + 1;
      return {
        // 'mixed' is creation-only: the card and the screen get the AI's drafts alone.
        source: result.source === 'templates' ? ('templates' as const) : ('ai' as const),
        /** 'no_key' means local models by configuration (expected), not a failing AI. */
        fallbackReason: result.fallbackReason ?? null,
        drafts: result.posts.map((p, i) => ({
          id: randomUUID(),
          title: p.title,
          content: p.content,
          platforms: [p.platform],
          post_order: firstOrder + i,
        })),
      };
    }),

  /** Schedules one reviewed draft: one suggested_posts row per platform at the theme's next free slot. */
  scheduleDraft: workspaceProcedure('posts.write')
    .input(
      z.strictObject({
        themeId: id,
        title: z.string().trim().min(1).max(INPUT_LIMITS.postTitle),
        /** The text of every network without its own in `texts`; optional when `texts` covers them all. */
        content: z.string().trim().min(1).max(INPUT_LIMITS.postContent).optional(),
        platforms: z.array(z.enum(PLATFORMS)).min(1).max(PLATFORMS.length),
        /** A text per network (REST API, issue 28): each network's post gets its own text. */
        texts: z
          .partialRecord(z.enum(PLATFORMS), z.string().trim().min(1).max(INPUT_LIMITS.postContent))
          .optional(),
        /** The draft's place in the theme; absent (the MCP server's create_scheduled_post): after the last. */
        postOrder: z.number().int().min(0).max(1_000_000).optional(),
        /** Post options per network (docs/post-options.md), validated against each network's declaration. */
        networkOptions: z.partialRecord(z.enum(PLATFORMS), networkOptionsSchema).optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const theme = await findTheme(ctx.deps.db, ctx.workspace.id, input.themeId);
      if (!theme) throw new AppError('NOT_FOUND');
      const postOrder = input.postOrder ?? (await maxPostOrder(ctx.deps.db, theme.id)) + 1;
      const platforms = [...new Set(input.platforms)];
      // Each network's text: its own (`texts`) or the common one; all checked before anything is stored.
      const textOf = (p: Platform) => input.texts?.[p] ?? input.content;
      const missing = platforms.filter((p) => textOf(p) === undefined);
      if (missing.length) throw new AppError('VALIDATION_FAILED', { field: 'content' });
      const tooLong = platforms.filter((p) => !fitsPlatformLimit(p, textOf(p) ?? ''));
      if (tooLong.length) throw new AppError('VALIDATION_FAILED', { tooLongFor: tooLong });
      // A network's options, when given, are checked in full (a new post has no media yet); a
      // network without them gets {} and its defaults (the worker refuses one that requires some).
      const networkOptions: Partial<Record<Platform, PostOptionValues>> = {};
      for (const platform of platforms) {
        const given = input.networkOptions?.[platform];
        if (given === undefined) continue;
        const checked = validatePostOptions(platform, { hasVideo: false, values: given });
        if (!checked.ok)
          throw new AppError('VALIDATION_FAILED', {
            field: 'networkOptions',
            optionIssues: checked.issues.map(({ key, message }) => ({ key, message })),
          });
        networkOptions[platform] = checked.values;
      }
      const variants = Object.fromEntries(platforms.map((p) => [p, textOf(p) ?? ''])) as Record<
        Platform,
        string
      >;
      const created = await scheduleDrafts(
        { db: ctx.deps.db, queue: ctx.deps.queue, logger: ctx.deps.logger },
        {
          userId: ctx.user.id,
          theme,
          drafts: [{ title: input.title, content: variants[platforms[0]!], variants, post_order: postOrder }],
          platforms,
          requestId: ctx.requestId,
          networkOptions,
        },
      );
      return { platforms: created.count, postIds: created.postIds, budgetOverruns: created.budgetOverruns };
    }),
});
