import { Notifications } from '@mantine/notifications';

/** Mantine's toast container (transitions, portal, close buttons): loaded with the first toast. */
export function ToastContainer() {
  return <Notifications position="top-right" />;
}
