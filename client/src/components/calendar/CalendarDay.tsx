import { Popover, Text } from '@mantine/core';
import type { CalendarDate, CommemorativeDate } from '@pauta/core';
import { messages } from '@pauta/core';
import { type ReactNode, useState } from 'react';
import { CommemorativeMarker } from '../commemorative-dates/CommemorativeMarker';
import { dayKey } from '../posts/time-zone';
import type { PostItem } from '../posts/types';
import { formatDayTitle } from './calendar-model';
import classes from './PostCalendar.module.css';
import type { CalendarDrag } from './useCalendarDrag';

const text = messages.calendar;
/** Chips a month cell shows before '+N mais' (one line is left for the link). */
const MONTH_CELL_CHIPS = 3;

interface CalendarDayProps {
  day: CalendarDate;
  posts: PostItem[];
  weekday: string | undefined;
  isMonth: boolean;
  /** A day of the neighbouring month in the month grid. */
  outside: boolean;
  isToday: boolean;
  drag: CalendarDrag;
  chip: (post: PostItem) => ReactNode;
  /** A mark in the day's header (a day past a network budget). */
  badge?: ReactNode;
  /** The commemorative dates of the day (docs/commemorative-dates.md), when shown. */
  occasions?: readonly CommemorativeDate[];
}

/** One day of the grid: its chips (a month cell shows a few and '+N mais'), a drop target. */
export function CalendarDay(props: CalendarDayProps) {
  const { day, posts, weekday, isMonth, drag, chip } = props;
  const key = dayKey(day);
  const overflow = isMonth && posts.length > MONTH_CELL_CHIPS;
  const shown = overflow ? posts.slice(0, MONTH_CELL_CHIPS - 1) : posts;
  const hidden = posts.length - shown.length;
  const dayTitle = formatDayTitle(day);
  // While a post is dragged, the days where its time has already passed are marked.
  const pastSlot = drag.isPastSlot(day);
  const cellClass = [
    classes.day,
    props.outside ? classes.outside : '',
    props.isToday ? classes.today : '',
    drag.dropDay === key ? classes.dropTarget : '',
    drag.invalidDay === key ? classes.dropInvalid : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <section
      className={cellClass}
      aria-label={text.dayLabel(dayTitle, posts.length)}
      data-day={key}
      data-past-slot={pastSlot || undefined}
      onDragOver={(event) => drag.over(event, day)}
      onDragLeave={drag.leave}
      onDrop={(event) => drag.drop(event, day)}
    >
      <div className={classes.dayHeader}>
        <span className={classes.dayNumber} aria-hidden>
          {day.day}
        </span>
        <span className={classes.dayWeekday} aria-hidden>
          {weekday}
        </span>
        {props.badge}
      </div>
      {props.occasions && props.occasions.length > 0 && (
        <div className={classes.occasions}>
          {props.occasions.map((date) => (
            <CommemorativeMarker key={date.key} date={date} />
          ))}
        </div>
      )}
      {shown.length > 0 && (
        <ul className={classes.chips}>
          {shown.map((post) => (
            <li key={post.id}>{chip(post)}</li>
          ))}
        </ul>
      )}
      {hidden > 0 && <MorePosts hidden={hidden} dayTitle={dayTitle} posts={posts} chip={chip} />}
    </section>
  );
}

interface MorePostsProps {
  hidden: number;
  dayTitle: string;
  posts: PostItem[];
  chip: (post: PostItem) => ReactNode;
}

/** '+N mais': every post of the day in a popover. */
function MorePosts({ hidden, dayTitle, posts, chip }: MorePostsProps) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom"
      withArrow
      shadow="md"
      withinPortal
      trapFocus
    >
      <Popover.Target>
        <button
          type="button"
          className={classes.more}
          aria-label={text.moreLabel(hidden, dayTitle)}
          onClick={() => setOpened((open) => !open)}
        >
          {text.more(hidden)}
        </button>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" fw={700} mb="xs">
          {text.dayPosts(dayTitle)}
        </Text>
        {/* A chip opens Editar Post: the list closes first, so it never stays above the dialog. */}
        <ul className={classes.popoverList} onClickCapture={() => setOpened(false)}>
          {posts.map((post) => (
            <li key={post.id}>{chip(post)}</li>
          ))}
        </ul>
      </Popover.Dropdown>
    </Popover>
  );
}
