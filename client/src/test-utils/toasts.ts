import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

function toasts(): { title: string; message: string }[] {
  return [...document.querySelectorAll('.mantine-Notification-root')].map((root) => ({
    title: root.querySelector('.mantine-Notification-title')?.textContent ?? '',
    message: root.querySelector('.mantine-Notification-description')?.textContent ?? '',
  }));
}

/** Waits for a toast with this title and message. */
export async function expectToast(title: string, message: string): Promise<void> {
  await waitFor(() => expect(toasts()).toContainEqual({ title, message }));
}

/** The toasts shown so far. */
export function shownToasts() {
  return toasts();
}
