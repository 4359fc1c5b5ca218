import { randomUUID } from 'node:crypto';
import { fitsPlatformLimit, INPUT_LIMITS, PLATFORMS } from '@pauta/core';
import { themeInputSchema } from '@pauta/core/schemas/theme';
import { deleteTheme, findTheme, listThemesWithCounts, maxPostOrder, updateTheme } from '@pauta/db';
import { z } from 'zod';
import { AiDraftError } from '../ai/index.js';
import {
  createThemeWithCalendar,
  ScheduleHorizonError,
  scheduleDrafts,
  ThemeLimitError,
  toThemeFields,
} from '../themes/themes.service.js';
import { appError } from './errors.js';
import { authedProcedure, router } from './trpc.js';

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
    createdAt: theme.created_at,
  };
}

export const themesRouter = router({
  list: authedProcedure.query(async ({ ctx }) => {
    const themes = await listThemesWithCounts(ctx.deps.db, ctx.user.id);
    return themes.map((t) => ({
      ...presentTheme(t),
      scheduledCount: t.scheduled_count,
      publishedCount: t.published_count,
    }));
  }),

  get: authedProcedure.input(z.strictObject({ id })).query(async ({ ctx, input }) => {
    const theme = await findTheme(ctx.deps.db, ctx.user.id, input.id);
    if (!theme) throw appError('NOT_FOUND', 'NOT_FOUND');
    return presentTheme(theme);
  }),

  create: authedProcedure.input(themeInputSchema).mutation(async ({ ctx, input }) => {
    try {
      const { theme, outcome } = await createThemeWithCalendar(
        {
          db: ctx.deps.db,
          queue: ctx.deps.queue,
          logger: ctx.deps.logger,
          generate: (t, count) =>
            ctx.deps.drafts.generate({
              userId: ctx.user.id,
              theme: t,
              count,
              mode: 'creation',
              requestId: ctx.requestId,
            }),
        },
        { userId: ctx.user.id, values: input, requestId: ctx.requestId },
      );
      return { theme: { id: theme.id, name: theme.name }, outcome };
    } catch (error) {
      if (error instanceof ThemeLimitError)
        throw appError('FORBIDDEN', 'THEME_LIMIT_REACHED', { max: error.max });
      throw error;
    }
  }),

  update: authedProcedure.input(themeInputSchema.extend({ id })).mutation(async ({ ctx, input }) => {
    const { id: themeId, ...values } = input;
    const theme = await updateTheme(ctx.deps.db, ctx.user.id, themeId, toThemeFields(values));
    if (!theme) throw appError('NOT_FOUND', 'NOT_FOUND');
    return presentTheme(theme);
  }),

  /** Deletes the theme and, with it, its scheduled posts (confirmed in the UI). */
  delete: authedProcedure.input(z.strictObject({ id })).mutation(async ({ ctx, input }) => {
    if (!(await deleteTheme(ctx.deps.db, ctx.user.id, input.id))) throw appError('NOT_FOUND', 'NOT_FOUND');
    return { ok: true as const };
  }),

  /**
   * Five AI drafts for review (spec: kept in memory on the client). From the card button a
   * failure falls back to templates silently; on the suggested-posts screen it is reported.
   */
  generateDrafts: authedProcedure
    .input(z.strictObject({ themeId: id, mode: z.enum(['card', 'screen']) }))
    .mutation(async ({ ctx, input }) => {
      const theme = await findTheme(ctx.deps.db, ctx.user.id, input.themeId);
      if (!theme) throw appError('NOT_FOUND', 'NOT_FOUND');
      let result: Awaited<ReturnType<typeof ctx.deps.drafts.generate>>;
      try {
        result = await ctx.deps.drafts.generate({
          userId: ctx.user.id,
          theme,
          count: 5,
          mode: input.mode,
          requestId: ctx.requestId,
        });
      } catch (error) {
        if (!(error instanceof AiDraftError)) throw error;
        if (error.code === 'RATE_LIMITED') {
          throw appError('TOO_MANY_REQUESTS', 'RATE_LIMITED', {
            retryAfterSeconds: error.retryAfterSeconds ?? null,
          });
        }
        throw appError('BAD_GATEWAY', error.code);
      }
      const firstOrder = (await maxPostOrder(ctx.deps.db, theme.id)) + 1;
      return {
        source: result.source,
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
  scheduleDraft: authedProcedure
    .input(
      z.strictObject({
        themeId: id,
        title: z.string().trim().min(1).max(INPUT_LIMITS.postTitle),
        content: z.string().trim().min(1).max(INPUT_LIMITS.postContent),
        platforms: z.array(z.enum(PLATFORMS)).min(1).max(PLATFORMS.length),
        postOrder: z.number().int().min(0).max(1_000_000),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const theme = await findTheme(ctx.deps.db, ctx.user.id, input.themeId);
      if (!theme) throw appError('NOT_FOUND', 'NOT_FOUND');
      const platforms = [...new Set(input.platforms)];
      const tooLong = platforms.filter((p) => !fitsPlatformLimit(p, input.content));
      if (tooLong.length) throw appError('BAD_REQUEST', 'VALIDATION_FAILED', { tooLongFor: tooLong });
      let created: number;
      try {
        created = await scheduleDrafts(
          { db: ctx.deps.db, queue: ctx.deps.queue, logger: ctx.deps.logger },
          {
            userId: ctx.user.id,
            theme,
            drafts: [{ title: input.title, content: input.content, post_order: input.postOrder }],
            platforms,
            requestId: ctx.requestId,
          },
        );
      } catch (error) {
        if (error instanceof ScheduleHorizonError)
          throw appError('BAD_REQUEST', 'SCHEDULE_OUT_OF_RANGE', { field: 'scheduledFor' });
        throw error;
      }
      return { platforms: created };
    }),
});
