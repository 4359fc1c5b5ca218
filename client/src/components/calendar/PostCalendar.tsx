import { Alert, Button, Group, Stack, Switch, Text } from '@mantine/core';
import {
  bulkMessages,
  type CommemorativeDate,
  commemorativeDatesBetween,
  commemorativeMessages,
  messages,
} from '@pauta/core';
import type { ReactNode } from 'react';
import { useEffect, useMemo } from 'react';
import { useShowCommemorativeDates } from '../commemorative-dates/useShowCommemorativeDates';
import { dayKey } from '../posts/time-zone';
import type { PostItem } from '../posts/types';
import { CalendarDay } from './CalendarDay';
import { CalendarToolbar } from './CalendarToolbar';
import { formatMonthTitle, formatWeekTitle, sameDay, shiftAnchor, weekdayNames } from './calendar-model';
import classes from './PostCalendar.module.css';
import { PostChip } from './PostChip';
import { useCalendarDrag } from './useCalendarDrag';
import { type CalendarOptions, usePostCalendar } from './usePostCalendar';

const text = messages.calendar;
const NO_OCCASIONS: CommemorativeDate[] = [];

interface PostCalendarProps extends CalendarOptions {
  onEdit: (post: PostItem) => void;
  /** Told the month on screen ('YYYY-MM') whenever it changes (the network budget panel). */
  onMonthChange?: (month: string) => void;
  /** Shown in a day's header ('YYYY-MM-DD'): the mark of a day past a network budget. */
  dayBadge?: (day: string) => ReactNode;
  /** Selection mode (bulk actions): chips tick instead of opening; told the posts on screen. */
  selection?:
    | {
        isSelected: (id: string) => boolean;
        onToggle: (id: string, checked: boolean) => void;
        onPosts: (ids: string[]) => void;
      }
    | undefined;
}

/**
 * Month and week calendar of the scheduled posts, in the user's zone. Each post is a chip in
 * its theme's colour (time + title); clicking opens the edit dialog, dragging it to another day
 * reschedules it at the same local time.
 */
export function PostCalendar({ onEdit, onMonthChange, dayBadge, selection, ...options }: PostCalendarProps) {
  const { timeZone } = options;
  const calendar = usePostCalendar(options);
  const { mode, anchor, days, query, posts, byDay, today } = calendar;
  const monthKey = `${anchor.year}-${String(anchor.month).padStart(2, '0')}`;
  useEffect(() => onMonthChange?.(monthKey), [monthKey, onMonthChange]);
  const drag = useCalendarDrag(posts, timeZone, calendar.move);
  const weekdays = useMemo(() => weekdayNames(), []);
  const onPosts = selection?.onPosts;
  const postIds = posts.map((post) => post.id).join(',');
  useEffect(() => onPosts?.(postIds ? postIds.split(',') : []), [postIds, onPosts]);
  const isMonth = mode === 'month';
  const [showDates, setShowDates] = useShowCommemorativeDates();
  const occasions = useMemo(() => {
    const byDay = new Map<string, CommemorativeDate[]>();
    if (!showDates || days.length === 0) return byDay;
    for (const date of commemorativeDatesBetween(days[0]!, days[days.length - 1]!)) {
      byDay.set(date.isoDate, [...(byDay.get(date.isoDate) ?? []), date]);
    }
    return byDay;
  }, [days, showDates]);

  const chip = (post: PostItem) => (
    <PostChip
      key={post.id}
      post={post}
      timeZone={timeZone}
      moving={calendar.isMoving(post)}
      onOpen={() => onEdit(post)}
      onDragStart={(event) => drag.start(post, event)}
      onDragEnd={drag.end}
      selection={
        selection && {
          checked: selection.isSelected(post.id),
          onToggle: () => selection.onToggle(post.id, !selection.isSelected(post.id)),
        }
      }
    />
  );

  return (
    <Stack gap="sm" className={isMonth ? classes.month : classes.week}>
      <CalendarToolbar
        mode={mode}
        title={isMonth ? formatMonthTitle(anchor) : formatWeekTitle(days)}
        fetching={query.isFetching}
        onShift={(step) => calendar.setAnchor(shiftAnchor(mode, anchor, step))}
        onToday={() => calendar.setAnchor(today)}
        onMode={calendar.setMode}
      />
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed">
          {selection ? bulkMessages.calendarHint : text.dragHint}
        </Text>
        <Switch
          size="xs"
          label={commemorativeMessages.toggle}
          title={commemorativeMessages.toggleHint}
          checked={showDates}
          onChange={(event) => setShowDates(event.currentTarget.checked)}
        />
      </Group>
      {query.isError && (
        <Alert color="red" role="alert" title={text.loadError}>
          <Button size="xs" variant="white" color="red" mt="xs" onClick={() => void query.refetch()}>
            {messages.common.tryAgain}
          </Button>
        </Alert>
      )}
      <div>
        <div className={classes.weekdays} aria-hidden>
          {weekdays.map((weekday) => (
            <div key={weekday.long} className={classes.weekday}>
              {weekday.short}
            </div>
          ))}
        </div>
        <div className={classes.grid}>
          {days.map((day, index) => (
            <CalendarDay
              key={dayKey(day)}
              day={day}
              posts={byDay.get(dayKey(day)) ?? []}
              weekday={weekdays[index % 7]?.long}
              isMonth={isMonth}
              outside={isMonth && day.month !== anchor.month}
              isToday={sameDay(day, today)}
              drag={drag}
              chip={chip}
              badge={dayBadge?.(dayKey(day))}
              occasions={occasions.get(dayKey(day)) ?? NO_OCCASIONS}
            />
          ))}
        </div>
      </div>
      {query.isSuccess && posts.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" role="status">
          {text.emptyRange}
        </Text>
      )}
    </Stack>
  );
}
