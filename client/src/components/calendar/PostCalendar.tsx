import {
  ActionIcon,
  Alert,
  Button,
  Loader,
  Popover,
  SegmentedControl,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import type { CalendarDate, Platform } from '@pauta/core';
import {
  isEditablePostStatus,
  messages,
  PLATFORM_LABELS,
  POST_STATUS_LABELS,
  resolveThemeColor,
} from '@pauta/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CSSProperties, DragEvent } from 'react';
import { useMemo, useRef, useState } from 'react';
import { showError } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { PlatformIcon } from '../PlatformIcon';
import { STATUS_STYLE } from '../posts/PostStatusBadge';
import { dayKey, localDayKey, localTime, moveToDay } from '../posts/time-zone';
import type { PostItem } from '../posts/types';
import { useReschedulePost } from '../posts/usePostActions';
import type { CalendarMode } from './calendar-model';
import {
  formatDayTitle,
  formatMonthTitle,
  formatWeekTitle,
  groupByLocalDay,
  rangeOf,
  sameDay,
  shiftAnchor,
  todayIn,
  visibleDays,
  weekdayNames,
} from './calendar-model';
import classes from './PostCalendar.module.css';

const text = messages.calendar;
/** Chips a month cell shows before '+N mais' (one line is left for the link). */
const MONTH_CELL_CHIPS = 3;

export interface PostCalendarProps {
  timeZone: string;
  onEdit: (post: PostItem) => void;
  themeId?: string;
  platform?: Platform;
  /** The day the calendar opens on (default: today in `timeZone`). */
  initialDate?: CalendarDate;
  initialMode?: CalendarMode;
}

/**
 * Month and week calendar of the scheduled posts, in the user's zone. Each post is a chip in
 * its theme's colour (time + title); clicking opens the edit dialog, dragging it to another day
 * reschedules it at the same local time.
 */
export function PostCalendar({
  timeZone,
  onEdit,
  themeId,
  platform,
  initialDate,
  initialMode = 'month',
}: PostCalendarProps) {
  const trpc = useTRPC();
  const today = todayIn(timeZone);
  const [mode, setMode] = useState<CalendarMode>(initialMode);
  const [anchor, setAnchor] = useState<CalendarDate>(initialDate ?? today);
  const [moved, setMoved] = useState<Record<string, Date>>({});
  const [dropDay, setDropDay] = useState<string | null>(null);
  const [invalidDay, setInvalidDay] = useState<string | null>(null);
  const [draggingId, setDraggingId] = useState<string | null>(null);
  const dragging = useRef<string | null>(null);
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
  const weekdays = useMemo(() => weekdayNames(), []);
  const title = mode === 'month' ? formatMonthTitle(anchor) : formatWeekTitle(days);

  /** Where the dragged post would land on `day`, and whether that time has already passed. */
  const landing = (post: PostItem, day: CalendarDate) => {
    const scheduledFor = moveToDay(post.scheduledFor, day, timeZone);
    return { scheduledFor, past: scheduledFor.getTime() <= Date.now() };
  };
  const draggedPost = () => posts.find((candidate) => candidate.id === dragging.current);
  const isPastSlot = (day: CalendarDate) => {
    const dragged = posts.find((candidate) => candidate.id === draggingId);
    return dragged ? landing(dragged, day).past : false;
  };

  const drop = (event: DragEvent<HTMLElement>, day: CalendarDate) => {
    event.preventDefault();
    setDropDay(null);
    setInvalidDay(null);
    setDraggingId(null);
    const id = event.dataTransfer?.getData('text/plain') || dragging.current;
    dragging.current = null;
    const post = posts.find((candidate) => candidate.id === id);
    if (!post || !isEditablePostStatus(post.status)) return;
    if (localDayKey(post.scheduledFor, timeZone) === dayKey(day)) return;
    const { scheduledFor, past } = landing(post, day);
    // A past slot is not a drop target (the cursor says so); should a drop land there anyway,
    // say why instead of asking the server.
    if (past) {
      showError(messages.common.error, text.pastDrop, { id: 'calendar-past-drop' });
      return;
    }
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

  const chip = (post: PostItem) => (
    <PostChip
      key={post.id}
      post={post}
      timeZone={timeZone}
      moving={post.id in moved}
      onOpen={() => onEdit(post)}
      onDragStart={(event) => {
        dragging.current = post.id;
        setDraggingId(post.id);
        event.dataTransfer?.setData('text/plain', post.id);
        if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
      }}
      onDragEnd={() => {
        dragging.current = null;
        setDraggingId(null);
        setDropDay(null);
        setInvalidDay(null);
      }}
    />
  );

  const isMonth = mode === 'month';
  return (
    <Stack gap="sm" className={isMonth ? classes.month : classes.week}>
      <div className={classes.toolbar}>
        <div className={classes.navigation}>
          <Tooltip label={isMonth ? text.previousMonth : text.previousWeek}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={isMonth ? text.previousMonth : text.previousWeek}
              onClick={() => setAnchor(shiftAnchor(mode, anchor, -1))}
            >
              <IconChevronLeft size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Button variant="default" onClick={() => setAnchor(today)}>
            {text.today}
          </Button>
          <Tooltip label={isMonth ? text.nextMonth : text.nextWeek}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={isMonth ? text.nextMonth : text.nextWeek}
              onClick={() => setAnchor(shiftAnchor(mode, anchor, 1))}
            >
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Text component="h2" className={classes.rangeTitle} aria-live="polite">
            {title}
          </Text>
          {query.isFetching && <Loader size="xs" aria-label={messages.common.loading} />}
        </div>
        <SegmentedControl
          aria-label={text.viewLabel}
          value={mode}
          onChange={(value) => setMode(value as CalendarMode)}
          data={[
            { value: 'month', label: text.month },
            { value: 'week', label: text.week },
          ]}
        />
      </div>

      <Text size="xs" c="dimmed">
        {text.dragHint}
      </Text>

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
          {days.map((day, index) => {
            const key = dayKey(day);
            const dayPosts = byDay.get(key) ?? [];
            const outside = isMonth && day.month !== anchor.month;
            const overflow = isMonth && dayPosts.length > MONTH_CELL_CHIPS;
            const shown = overflow ? dayPosts.slice(0, MONTH_CELL_CHIPS - 1) : dayPosts;
            const hidden = dayPosts.length - shown.length;
            const dayTitle = formatDayTitle(day);
            // While a post is dragged, the days where its time has already passed are marked.
            const pastSlot = draggingId !== null && isPastSlot(day);
            const cellClass = [
              classes.day,
              outside ? classes.outside : '',
              sameDay(day, today) ? classes.today : '',
              dropDay === key ? classes.dropTarget : '',
              invalidDay === key ? classes.dropInvalid : '',
            ]
              .filter(Boolean)
              .join(' ');
            return (
              <section
                key={key}
                className={cellClass}
                aria-label={text.dayLabel(dayTitle, dayPosts.length)}
                data-day={key}
                data-past-slot={pastSlot || undefined}
                onDragOver={(event) => {
                  const dragged = draggedPost();
                  if (dragged && landing(dragged, day).past) {
                    // Not calling preventDefault() refuses the drop: the browser shows "no drop".
                    if (event.dataTransfer) event.dataTransfer.dropEffect = 'none';
                    if (invalidDay !== key) setInvalidDay(key);
                    if (dropDay !== null) setDropDay(null);
                    return;
                  }
                  event.preventDefault();
                  if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
                  if (dropDay !== key) setDropDay(key);
                  if (invalidDay !== null) setInvalidDay(null);
                }}
                onDragLeave={(event) => {
                  if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
                    setDropDay(null);
                    setInvalidDay(null);
                  }
                }}
                onDrop={(event) => drop(event, day)}
              >
                <div className={classes.dayHeader}>
                  <span className={classes.dayNumber} aria-hidden>
                    {day.day}
                  </span>
                  <span className={classes.dayWeekday} aria-hidden>
                    {weekdays[index % 7]?.long}
                  </span>
                </div>
                {shown.length > 0 && (
                  <ul className={classes.chips}>
                    {shown.map((post) => (
                      <li key={post.id}>{chip(post)}</li>
                    ))}
                  </ul>
                )}
                {hidden > 0 && (
                  <Popover position="bottom" withArrow shadow="md" withinPortal trapFocus>
                    <Popover.Target>
                      <button
                        type="button"
                        className={classes.more}
                        aria-label={text.moreLabel(hidden, dayTitle)}
                      >
                        {text.more(hidden)}
                      </button>
                    </Popover.Target>
                    <Popover.Dropdown>
                      <Text size="sm" fw={700} mb="xs">
                        {text.dayPosts(dayTitle)}
                      </Text>
                      <ul className={classes.popoverList}>
                        {dayPosts.map((post) => (
                          <li key={post.id}>{chip(post)}</li>
                        ))}
                      </ul>
                    </Popover.Dropdown>
                  </Popover>
                )}
              </section>
            );
          })}
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

interface PostChipProps {
  post: PostItem;
  timeZone: string;
  moving: boolean;
  onOpen: () => void;
  onDragStart: (event: DragEvent<HTMLButtonElement>) => void;
  onDragEnd: () => void;
}

function PostChip({ post, timeZone, moving, onOpen, onDragStart, onDragEnd }: PostChipProps) {
  const time = localTime(post.scheduledFor, timeZone);
  const { icon: StatusIcon } = STATUS_STYLE[post.status];
  const draggable = isEditablePostStatus(post.status) && !moving;
  return (
    <button
      type="button"
      className={`${classes.chip} ${moving ? classes.moving : ''}`}
      style={{ '--chip-color': resolveThemeColor(post.themeColor) } as CSSProperties}
      title={`${time} ${post.title} · ${PLATFORM_LABELS[post.platform]} · ${post.themeName}`}
      data-platform={post.platform}
      draggable={draggable}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onClick={onOpen}
      data-post-id={post.id}
    >
      {/* The name is the visible text plus network and status (label-content-name-mismatch). */}
      <span className={classes.chipTime}>{time}</span> <PlatformIcon platform={post.platform} size={12} />
      {post.status !== 'scheduled' && <StatusIcon size={12} className={classes.chipIcon} aria-hidden />}
      {post.thumbUrl && <img src={post.thumbUrl} alt="" className={classes.chipThumb} loading="lazy" />}
      <span className={classes.chipTitle}>{post.title}</span>
      <VisuallyHidden>{` · ${PLATFORM_LABELS[post.platform]}`}</VisuallyHidden>{' '}
      <VisuallyHidden>{`(${POST_STATUS_LABELS[post.status]})`}</VisuallyHidden>
    </button>
  );
}
