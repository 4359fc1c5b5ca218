// Best time to post (issue 17 item 4; docs/best-time.md): the model of each network from the
// caller's own results (one aggregate query), the reschedule suggestions of a post, and the
// hour per network a theme with "Usar o melhor horário de cada rede" schedules at.
import {
  AppError,
  type BestTimeModel,
  bestHourOn,
  bestTimeModel,
  PLATFORMS,
  type Platform,
  suggestSlots,
  utcToZonedParts,
  zonedTimeToUtc,
} from '@pauta/core';
import { type Database, findScheduledPost, listBusyTimes, readBestTimeCells } from '@pauta/db';
import { priorGrid } from '@pauta/networks';
import type { Kysely } from 'kysely';
import { userTimeZone } from '../posts/user-time-zone.js';

const DAY_MS = 86_400_000;
/** Results older than this are left out: audiences and algorithms change. */
export const BEST_TIME_WINDOW_DAYS = 365;
/** Posts younger than this are left out: their metrics are still early reads (docs/publishing.md). */
export const BEST_TIME_SETTLE_HOURS = 24;
/** Local days ahead in which reschedule suggestions are looked for. */
const SUGGESTION_DAYS = 14;

/** The model of every network (or only `platform`), from the workspace's posts of the last year. */
export async function readBestTimeModels(
  db: Kysely<Database>,
  options: { workspaceId: string; timeZone: string; now: Date; platform?: Platform },
): Promise<BestTimeModel[]> {
  const cells = await readBestTimeCells(db, {
    workspaceId: options.workspaceId,
    timeZone: options.timeZone,
    since: new Date(options.now.getTime() - BEST_TIME_WINDOW_DAYS * DAY_MS),
    until: new Date(options.now.getTime() - BEST_TIME_SETTLE_HOURS * 3_600_000),
    platform: options.platform,
  });
  const platforms = options.platform ? [options.platform] : PLATFORMS;
  return platforms.map((platform) =>
    bestTimeModel(
      platform,
      cells.filter((cell) => cell.platform === platform),
      priorGrid(platform),
    ),
  );
}

export interface BestTimeSuggestion {
  scheduledFor: Date;
  weekday: number;
  hour: number;
  score: number;
}

/**
 * The next 3 free good slots for one of the caller's posts: in the future, in the user's zone,
 * not within an hour of another of their posts of the same network. NOT_FOUND when not theirs.
 */
export async function suggestTimesForPost(
  db: Kysely<Database>,
  options: { workspaceId: string; userId: string; postId: string; now: Date; timeZone?: string | undefined },
): Promise<{ platform: Platform; suggestions: BestTimeSuggestion[] }> {
  const post = await findScheduledPost(db, options.workspaceId, options.postId);
  if (!post) throw new AppError('NOT_FOUND');
  const timeZone = options.timeZone ?? (await userTimeZone(db, options.userId));
  const [model] = await readBestTimeModels(db, {
    workspaceId: options.workspaceId,
    timeZone,
    now: options.now,
    platform: post.platform,
  });
  const busy = await listBusyTimes(db, {
    workspaceId: options.workspaceId,
    platform: post.platform,
    from: options.now,
    to: new Date(options.now.getTime() + (SUGGESTION_DAYS + 2) * DAY_MS),
    exceptPostId: post.id,
  });
  const slots = suggestSlots(model!, { now: options.now, timeZone, busy, days: SUGGESTION_DAYS });
  return {
    platform: post.platform,
    suggestions: slots.map((slot) => ({
      scheduledFor: slot.at,
      weekday: slot.weekday,
      hour: slot.hour,
      score: slot.score,
    })),
  };
}

/**
 * For a theme with use_best_time: each slot (an instant on its local day) moved to the best hour
 * of that weekday for each network, per network. One aggregate query for all of them.
 */
export async function bestHourSlots(
  db: Kysely<Database>,
  options: {
    workspaceId: string;
    timeZone: string;
    now: Date;
    slots: readonly Date[];
    platforms: readonly Platform[];
  },
): Promise<Map<Platform, Date[]>> {
  const models = await readBestTimeModels(db, {
    workspaceId: options.workspaceId,
    timeZone: options.timeZone,
    now: options.now,
  });
  const result = new Map<Platform, Date[]>();
  for (const platform of options.platforms) {
    const model = models.find((m) => m.platform === platform)!;
    result.set(
      platform,
      options.slots.map((slot) => {
        const day = utcToZonedParts(slot, options.timeZone);
        const hour = bestHourOn(model, day.weekday);
        return zonedTimeToUtc(
          { year: day.year, month: day.month, day: day.day, hour, minute: 0 },
          options.timeZone,
        );
      }),
    );
  }
  return result;
}
