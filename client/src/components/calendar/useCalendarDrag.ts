import type { CalendarDate } from '@pauta/core';
import { isEditablePostStatus, messages } from '@pauta/core';
import type { DragEvent } from 'react';
import { useRef, useState } from 'react';
import { showError } from '../../lib/toast';
import { dayKey, localDayKey, moveToDay } from '../posts/time-zone';
import type { PostItem } from '../posts/types';

/**
 * Dragging a post to another day: which day would take it (`dropDay`), which refuses it because
 * the time there has passed (`invalidDay`), and the drop, which calls `move` with the new time
 * (same local time, new day).
 */
export function useCalendarDrag(
  posts: PostItem[],
  timeZone: string,
  move: (post: PostItem, scheduledFor: Date) => void,
) {
  const [dropDay, setDropDay] = useState<string | null>(null);
  const [invalidDay, setInvalidDay] = useState<string | null>(null);
  const [draggingId, setDraggingId] = useState<string | null>(null);
  const dragging = useRef<string | null>(null);

  /** Where the dragged post would land on `day`, and whether that time has already passed. */
  const landing = (post: PostItem, day: CalendarDate) => {
    const scheduledFor = moveToDay(post.scheduledFor, day, timeZone);
    return { scheduledFor, past: scheduledFor.getTime() <= Date.now() };
  };
  const find = (id: string | null) => posts.find((candidate) => candidate.id === id);
  const clear = () => {
    setDropDay(null);
    setInvalidDay(null);
  };

  const start = (post: PostItem, event: DragEvent<HTMLElement>) => {
    dragging.current = post.id;
    setDraggingId(post.id);
    event.dataTransfer?.setData('text/plain', post.id);
    if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
  };
  const end = () => {
    dragging.current = null;
    setDraggingId(null);
    clear();
  };

  const over = (event: DragEvent<HTMLElement>, day: CalendarDate) => {
    const key = dayKey(day);
    const dragged = find(dragging.current);
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
  };
  const leave = (event: DragEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) clear();
  };

  const drop = (event: DragEvent<HTMLElement>, day: CalendarDate) => {
    event.preventDefault();
    clear();
    setDraggingId(null);
    const id = event.dataTransfer?.getData('text/plain') || dragging.current;
    dragging.current = null;
    const post = find(id);
    if (!post || !isEditablePostStatus(post.status)) return;
    if (localDayKey(post.scheduledFor, timeZone) === dayKey(day)) return;
    const { scheduledFor, past } = landing(post, day);
    // A past slot is not a drop target (the cursor says so); should a drop land there anyway,
    // say why instead of asking the server.
    if (past) {
      showError(messages.common.error, messages.calendar.pastDrop, { id: 'calendar-past-drop' });
      return;
    }
    move(post, scheduledFor);
  };

  /** While a post is dragged, the days where its time has already passed. */
  const isPastSlot = (day: CalendarDate) => {
    const dragged = draggingId === null ? undefined : find(draggingId);
    return dragged ? landing(dragged, day).past : false;
  };

  return { dropDay, invalidDay, isPastSlot, start, end, over, leave, drop };
}

export type CalendarDrag = ReturnType<typeof useCalendarDrag>;
