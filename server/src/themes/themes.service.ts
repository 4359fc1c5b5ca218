// Themes: create (with its automatic calendar), update, delete, list. Plain functions taking
// their dependencies, so the rules are tested without tRPC.

import {
  AppError,
  type BudgetOverrun,
  type CommemorativeDate,
  DEFAULT_TIME_ZONE,
  findCommemorativeDate,
  isBeyondScheduleHorizon,
  MAX_THEMES_PER_USER_DEFAULT,
  nextSlots,
  type Platform,
  SETTING_KEYS,
  utcToZonedParts,
} from '@pauta/core';
import type { DraftPost, ThemeValues } from '@pauta/core/schemas/theme';
import {
  type Actor,
  actorOf,
  countThemes,
  type Database,
  findProfile,
  getNumberSetting,
  insertScheduledPosts,
  insertTheme,
  latestScheduledFor,
  lockWorkspaceForThemeCreation,
  type Theme,
  type ThemeFields,
} from '@pauta/db';
import type { Kysely } from 'kysely';
import { bestHourSlots } from '../best-time/best-time.service.js';
import type { Logger } from '../logger.js';
import { fillQueue } from '../posting-queue/posting-queue.service.js';
import { overrunsOfNewPosts } from '../posts/budget.service.js';
import type { QueueGateway } from '../queue/queue-gateway.js';

export const POSTS_AT_CREATION = 15;

/** Spec §7 call 1: does the workspace have at least one theme (initial view)? */
export async function hasAnyTheme(db: Kysely<Database>, workspaceId: string): Promise<boolean> {
  return (await countThemes(db, workspaceId)) > 0;
}

export function toThemeFields(values: ThemeValues): ThemeFields {
  return {
    name: values.name,
    description: values.description,
    toneOfVoice: values.toneOfVoice,
    avoidTopics: values.avoidTopics,
    socialNetworks: values.socialNetworks,
    frequency: values.frequency,
    colorPalette: values.colorPalette,
    ...(values.requiresApproval === undefined ? {} : { requiresApproval: values.requiresApproval }),
    ...(values.useBestTime === undefined ? {} : { useBestTime: values.useBestTime }),
    ...(values.useQueue === undefined ? {} : { useQueue: values.useQueue }),
    ...(values.commemorativeDates === undefined ? {} : { commemorativeDates: values.commemorativeDates }),
  };
}

/**
 * Saves the theme unless the workspace is at max_themes_per_user (a limit per workspace, checked
 * under the workspace's row lock). A bare user id: that person's personal workspace.
 */
export async function saveNewTheme(db: Kysely<Database>, actor: Actor, values: ThemeValues): Promise<Theme> {
  const { workspaceId } = actorOf(actor);
  return db.transaction().execute(async (trx) => {
    await lockWorkspaceForThemeCreation(trx, workspaceId);
    const max = await getNumberSetting(trx, SETTING_KEYS.maxThemesPerUser, MAX_THEMES_PER_USER_DEFAULT);
    if ((await countThemes(trx, workspaceId)) >= max) throw new AppError('THEME_LIMIT_REACHED', { max });
    return insertTheme(trx, actor, toThemeFields(values));
  });
}

export interface DraftResult {
  posts: DraftPost[];
  /** 'mixed': the AI wrote `aiPosts` of them, the templates the rest (slots whose AI call failed). */
  source: 'ai' | 'templates' | 'mixed';
  fallbackReason?: string | undefined;
  aiPosts?: number | undefined;
}

export interface CalendarDeps {
  db: Kysely<Database>;
  queue: QueueGateway;
  logger: Logger;
  now?: () => Date;
}

/** The next `count` free slots of the theme's calendar and the owner's zone (what scheduleDrafts uses). */
export async function planSlots(
  deps: Pick<CalendarDeps, 'db' | 'now'>,
  options: { userId: string; theme: Theme; count: number },
): Promise<{ slots: Date[]; timeZone: string }> {
  const now = deps.now?.() ?? new Date();
  const profile = await findProfile(deps.db, options.userId);
  const timeZone = profile?.timezone ?? DEFAULT_TIME_ZONE;
  const slots = nextSlots({
    frequency: options.theme.frequency,
    count: options.count,
    timeZone,
    after: now,
    lastScheduled: await latestScheduledFor(deps.db, options.theme.id),
  });
  return { slots, timeZone };
}

/**
 * Where each commemorative date's post goes (docs/commemorative-dates.md): a date between the
 * first and the last slot's day (in the owner's zone) gets the last slot on or before its day —
 * the date itself with the daily frequency, at most a week or a month earlier with the weekly or
 * monthly one. Dates outside that period are left out (not sent to the AI). `slot` is 1-based.
 */
export function placeCommemorativeDates(
  dates: readonly CommemorativeDate[],
  slots: readonly Date[],
  timeZone: string,
): { slot: number; date: CommemorativeDate }[] {
  if (slots.length === 0) return [];
  const days = slots.map((slot) => {
    const { year, month, day } = utcToZonedParts(slot, timeZone);
    return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  });
  return [...dates]
    .sort((a, b) => a.isoDate.localeCompare(b.isoDate))
    .flatMap((date) => {
      if (date.isoDate < days[0]! || date.isoDate > days[days.length - 1]!) return [];
      const index = days.findLastIndex((day) => day <= date.isoDate);
      return [{ slot: index + 1, date }];
    });
}

/** The theme's stored date keys as dates (unknown keys, from an older list, are skipped; a row without the column: none). */
export function themeCommemorativeDates(theme: Pick<Theme, 'commemorative_dates'>): CommemorativeDate[] {
  return (theme.commemorative_dates ?? []).flatMap((key) => findCommemorativeDate(key) ?? []);
}

/**
 * Gives each draft the next free slot of the theme's calendar (the day after its last scheduled
 * post, at 10:00 in the owner's time zone; with use_best_time, at each network's best hour of
 * that day) and stores it once per platform; then adds the
 * publishing wake-ups (after the commit; a failed enqueue is repaired by the reconciler). A slot
 * past the 2-year horizon refuses the whole batch (AppError SCHEDULE_OUT_OF_RANGE) before anything is stored.
 * Posts that go past a network budget are scheduled all the same and returned as `budgetOverruns`
 * for the user to be told (docs/budgets.md): a theme's calendar is never cut short.
 */
export async function scheduleDrafts(
  deps: CalendarDeps,
  options: {
    userId: string;
    theme: Theme;
    drafts: Omit<DraftPost, 'platform'>[];
    platforms: Platform[];
    requestId?: string;
    /** Slots planned before drafting (planSlots; the dates' posts were placed on them); default: planned now. */
    planned?: { slots: Date[]; timeZone: string };
    /** Each network's post options, already validated (docs/post-options.md); absent: {}. */
    networkOptions?: Partial<Record<Platform, Record<string, string | boolean | null>>>;
  },
): Promise<ScheduledDrafts> {
  const { theme, drafts, platforms } = options;
  if (drafts.length === 0 || platforms.length === 0) return { count: 0, postIds: [], budgetOverruns: [] };
  const now = deps.now?.() ?? new Date();
  const { slots, timeZone } =
    options.planned !== undefined && options.planned.slots.length >= drafts.length
      ? options.planned
      : await planSlots(deps, { userId: options.userId, theme, count: drafts.length });
  // "Usar o melhor horário de cada rede" (docs/best-time.md): the same days, each network at its best hour.
  const perNetwork = theme.use_best_time
    ? await bestHourSlots(deps.db, { workspaceId: theme.workspace_id, timeZone, now, slots, platforms })
    : null;
  const slotOf = (platform: Platform, index: number) => perNetwork?.get(platform)?.[index] ?? slots[index]!;
  const rows = drafts.flatMap((draft, index) =>
    platforms.map((platform) => ({
      title: draft.title,
      content: draft.variants?.[platform] ?? draft.content,
      platform,
      postOrder: draft.post_order,
      scheduledFor: slotOf(platform, index),
      networkOptions: options.networkOptions?.[platform],
    })),
  );
  if (rows.some((row) => isBeyondScheduleHorizon(row.scheduledFor, now)))
    throw new AppError('SCHEDULE_OUT_OF_RANGE', { field: 'scheduledFor' });
  const wakeUps = await insertScheduledPosts(deps.db, {
    userId: options.userId,
    workspaceId: theme.workspace_id,
    themeId: theme.id,
    posts: rows,
  });
  await deps.queue.enqueuePublish(wakeUps, options.requestId);
  // "Preencher a fila de publicação" (docs/posting-queue.md): each new post moves to its account's
  // next free slot; a network without an account or free slots keeps the calendar's time.
  if (theme.use_queue)
    await fillQueue(deps, {
      workspaceId: theme.workspace_id,
      userId: options.userId,
      postIds: wakeUps.map((wakeUp) => wakeUp.id),
      requestId: options.requestId,
    });
  return {
    count: wakeUps.length,
    postIds: wakeUps.map((wakeUp) => wakeUp.id),
    budgetOverruns: await budgetOverrunsOf(
      deps,
      { workspaceId: theme.workspace_id, userId: options.userId },
      wakeUps,
    ),
  };
}

export interface ScheduledDrafts {
  count: number;
  /** The new posts, one per draft and platform, in the order of `drafts` × `platforms`. */
  postIds: string[];
  /** Days and months the new posts put past a network budget (empty: none). */
  budgetOverruns: BudgetOverrun[];
}

/** The overruns of new posts; a failure to count is logged and reported as none (the posts are saved). */
async function budgetOverrunsOf(
  deps: CalendarDeps,
  scope: { workspaceId: string; userId: string },
  posts: readonly { platform: Platform; scheduled_for: Date | null; connected_account_id?: string | null }[],
): Promise<BudgetOverrun[]> {
  try {
    return await overrunsOfNewPosts(deps, { ...scope, posts });
  } catch (error) {
    deps.logger.error({ err: error }, 'falha ao conferir o orçamento das redes');
    return [];
  }
}

export type CreationOutcome =
  /** Every suggestion came from the AI and was scheduled. */
  | { kind: 'ai'; postsCreated: number; budgetOverruns: BudgetOverrun[] }
  /** The AI failed and the local templates filled in (the spec's silent fallback). */
  | {
      kind: 'templates';
      postsCreated: number;
      reason?: string | undefined;
      budgetOverruns: BudgetOverrun[];
    }
  /** Some AI calls failed: their slots came from the templates (`fromTemplates` of `postsCreated`). */
  | {
      kind: 'partial';
      postsCreated: number;
      fromTemplates: number;
      reason?: string | undefined;
      budgetOverruns: BudgetOverrun[];
    }
  /** The theme is saved but producing or storing suggestions failed. */
  | { kind: 'suggestions_failed' }
  | { kind: 'no_posts' };

/** Spec §4: the theme is saved; then 15 suggestions are drafted and scheduled per network. */
export async function createThemeWithCalendar(
  deps: CalendarDeps & {
    /** `occasions`: the theme's dates placed on the planned slots (placeCommemorativeDates). */
    generate: (
      theme: Theme,
      count: number,
      occasions: { slot: number; date: CommemorativeDate }[],
    ) => Promise<DraftResult>;
  },
  options: { workspaceId: string; userId: string; values: ThemeValues; requestId?: string },
): Promise<{ theme: Theme; outcome: CreationOutcome }> {
  const theme = await saveNewTheme(
    deps.db,
    { workspaceId: options.workspaceId, userId: options.userId },
    options.values,
  );
  let drafts: DraftResult;
  let planned: { slots: Date[]; timeZone: string };
  try {
    planned = await planSlots(deps, { userId: options.userId, theme, count: POSTS_AT_CREATION });
    const occasions = placeCommemorativeDates(
      themeCommemorativeDates(theme),
      planned.slots,
      planned.timeZone,
    );
    drafts = await deps.generate(theme, POSTS_AT_CREATION, occasions);
  } catch (error) {
    deps.logger.error(
      { err: error, themeId: theme.id, requestId: options.requestId },
      'falha ao gerar sugestões',
    );
    return { theme, outcome: { kind: 'suggestions_failed' } };
  }
  if (drafts.posts.length === 0) return { theme, outcome: { kind: 'no_posts' } };
  try {
    const { count: postsCreated, budgetOverruns } = await scheduleDrafts(deps, {
      userId: options.userId,
      theme,
      drafts: drafts.posts,
      platforms: theme.social_networks,
      planned,
      ...(options.requestId ? { requestId: options.requestId } : {}),
    });
    // postsCreated counts rows (one per network); so does fromTemplates.
    const perPost = drafts.posts.length === 0 ? 0 : postsCreated / drafts.posts.length;
    const outcome: CreationOutcome =
      drafts.source === 'ai'
        ? { kind: 'ai', postsCreated, budgetOverruns }
        : drafts.source === 'mixed'
          ? {
              kind: 'partial',
              postsCreated,
              fromTemplates: (drafts.posts.length - (drafts.aiPosts ?? 0)) * perPost,
              reason: drafts.fallbackReason,
              budgetOverruns,
            }
          : { kind: 'templates', postsCreated, reason: drafts.fallbackReason, budgetOverruns };
    return { theme, outcome };
  } catch (error) {
    deps.logger.error(
      { err: error, themeId: theme.id, requestId: options.requestId },
      'falha ao agendar sugestões',
    );
    return { theme, outcome: { kind: 'suggestions_failed' } };
  }
}
