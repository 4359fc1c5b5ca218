// Toasts (spec §1: title plus message; the destructive style for errors is red).
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { isValidElement } from 'react';
import { announce } from './announcer';
import type { ErrorText } from './errors';

interface ToastOptions {
  /** Replaces an earlier toast with the same id instead of stacking a copy. */
  id?: string;
  autoClose?: number | false;
}

type ShowData = Parameters<typeof notifications.show>[0];

// Mantine ignores a show() whose id is already on screen, so a replacing toast hides the previous
// one and takes a fresh id: the newest message is always the one a person sees.
const shownIds = new Map<string, string>();
/** When each toast on screen was shown: navigating away clears the older ones. */
const shownAt = new Map<string, number>();
let sequence = 0;
/** The words of a toast's title or message (a string, or elements around strings). */
function plainText(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(plainText).join(' ');
  if (isValidElement<{ children?: ReactNode }>(node)) return plainText(node.props.children);
  return '';
}

/**
 * Every toast is read out through the announcer's live regions (errors interrupt, the rest
 * waits), which exist from start-up; the toast itself is a plain group, so it is not read twice.
 */
function show(input: ShowData) {
  sequence += 1;
  const data: ShowData = { role: 'group', ...input };
  const title = plainText(data.title).trim();
  const separator = !title || /[.!?:]$/.test(title) ? ' ' : '. ';
  announce(`${title}${separator}${plainText(data.message)}`, { assertive: data.color === 'red' });
  if (!data.id) {
    const id = `toast-${sequence}`;
    shownAt.set(id, Date.now());
    notifications.show({ ...data, id, onClose: forget(id, data.onClose) });
    return;
  }
  const previous = shownIds.get(data.id);
  if (previous) notifications.hide(previous);
  const id = `${data.id}-${sequence}`;
  shownIds.set(data.id, id);
  shownAt.set(id, Date.now());
  notifications.show({ ...data, id, onClose: forget(id, data.onClose) });
}

function forget(id: string, onClose: ShowData['onClose']): NonNullable<ShowData['onClose']> {
  return (props) => {
    shownAt.delete(id);
    onClose?.(props);
  };
}

/**
 * A new view starts clean: the toasts of earlier views are hidden (and the queued ones dropped),
 * except those shown in the last `graceMs`, which belong to the action that navigated here
 * ("Tema criado" and then the theme's posts).
 */
export function clearToastsOlderThan(graceMs: number, now = Date.now()): void {
  notifications.cleanQueue();
  for (const [id, at] of shownAt) {
    if (now - at <= graceMs) continue;
    shownAt.delete(id);
    notifications.hide(id);
  }
}

export function showError(title: string, message: ReactNode, options: ToastOptions = {}) {
  show({ color: 'red', title, message, autoClose: 7000, ...options });
}

export function showErrorText({ title, message }: ErrorText, options?: ToastOptions) {
  showError(title, message, options);
}

export function showSuccess(title: string, message: ReactNode, options: ToastOptions = {}) {
  show({ color: 'teal', title, message, ...options });
}

export function showInfo(title: string, message: ReactNode, options: ToastOptions = {}) {
  show({ color: 'brand', title, message, ...options });
}

/** Something worked only in part (the theme was saved, its posts were not): yellow. */
export function showWarning(title: string, message: ReactNode, options: ToastOptions = {}) {
  show({ color: 'yellow', title, message, autoClose: 9000, ...options });
}
