import { Notifications } from '@mantine/notifications';
import { messages } from '@pauta/core';
import classes from './ToastContainer.module.css';

/**
 * Mantine's toast container (transitions, close buttons): loaded with the first toast. It sits in
 * a labelled region landmark (not a portal at the end of <body>), so a screen reader can jump to
 * the toasts; they are read out through the announcer (lib/toast.ts), not by this region.
 */
export function ToastContainer() {
  return (
    <section aria-label={messages.a11y.notifications}>
      <Notifications position="top-right" withinPortal={false} classNames={{ root: classes.root }} />
    </section>
  );
}
