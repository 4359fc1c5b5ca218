// Toasts (spec §1: title plus message; the destructive style for errors is red).
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
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
let sequence = 0;
function show(data: ShowData) {
  if (!data.id) {
    notifications.show(data);
    return;
  }
  const previous = shownIds.get(data.id);
  if (previous) notifications.hide(previous);
  sequence += 1;
  const id = `${data.id}-${sequence}`;
  shownIds.set(data.id, id);
  notifications.show({ ...data, id });
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
