import type { CalendarDate, Platform } from '@pauta/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import type { PostItem } from '../posts/types';
import { useReschedulePost } from '../posts/usePostActions';
import type { CalendarMode } from './calendar-model';
import { groupByLocalDay, rangeOf, todayIn, visibleDays } from './calendar-model';

export interface CalendarOptions {
  timeZone: string;
  themeId?: string;
  platform?: Platform;
  /** The day the calendar opens on (default: today in `timeZone`). */
  initialDate?: CalendarDate;
  initialMode?: CalendarMode;
}

/**
 * The calendar's data: the month or week shown, its posts grouped by local day, and `move`,
 * which shows a post on its new day at once and reschedules it on the server.
 */
export function usePostCalendar({ timeZone, themeId, platform, initialDate, initialMode }: CalendarOptions) {
  const trpc = useTRPC();
  const today = todayIn(timeZone);
  const [mode, setMode] = useState<CalendarMode>(initialMode ?? 'month');
  const [anchor, setAnchor] = useState<CalendarDate>(initialDate ?? today);
  const [moved, setMoved] = useState<Record<string, Date>>({});
  const reschedule = useReschedulePost();

  const days = useMemo(() => visibleDays(mode, anchor), [mode, anchor]);
  const range = useMemo(() => rangeOf(days, timeZone), [days, timeZone]);
  const query = useQuery({
    ...trpc.posts.calendar.queryOptions({
      ...range,
      ...(themeId ? { themeId } : {}),
      ...(platform ? { platform } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const posts = useMemo(
    () =>
      (query.data ?? []).map((post) =>
        moved[post.id] ? { ...post, scheduledFor: moved[post.id]! } : post,
      ) as PostItem[],
    [query.data, moved],
  );
  const byDay = useMemo(() => groupByLocalDay(posts, timeZone), [posts, timeZone]);

  const move = (post: PostItem, scheduledFor: Date) => {
    setMoved((current) => ({ ...current, [post.id]: scheduledFor }));
    reschedule.mutate(
      { id: post.id, scheduledFor },
      {
        onSettled: () =>
          setMoved((current) => {
            const { [post.id]: _done, ...rest } = current;
            return rest;
          }),
      },
    );
  };

  return {
    today,
    mode,
    setMode,
    anchor,
    setAnchor,
    days,
    query,
    posts,
    byDay,
    isMoving: (post: PostItem) => post.id in moved,
    move,
  };
}
