// Toasts (spec §1: title plus message; the destructive style for errors is red).
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import type { ErrorText } from './errors';

interface ToastOptions {
  /** Replaces an earlier toast with the same id instead of stacking a copy. */
  id?: string;
  autoClose?: number | false;
}

export function showError(title: string, message: ReactNode, options: ToastOptions = {}) {
  notifications.show({ color: 'red', title, message, autoClose: 7000, ...options });
}

export function showErrorText({ title, message }: ErrorText, options?: ToastOptions) {
  showError(title, message, options);
}

export function showSuccess(title: string, message: ReactNode, options: ToastOptions = {}) {
  notifications.show({ color: 'teal', title, message, ...options });
}

export function showInfo(title: string, message: ReactNode, options: ToastOptions = {}) {
  notifications.show({ color: 'brand', title, message, ...options });
}

/** Something worked only in part (the theme was saved, its posts were not): yellow. */
export function showWarning(title: string, message: ReactNode, options: ToastOptions = {}) {
  notifications.show({ color: 'yellow', title, message, autoClose: 9000, ...options });
}
