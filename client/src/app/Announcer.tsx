import { VisuallyHidden } from '@mantine/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Politeness } from '../lib/announcer';
import { currentAnnouncement, subscribeAnnouncements } from '../lib/announcer';

/**
 * One live region. The text is cleared and written again a moment later, so a reader notices a
 * repeated message as a change.
 */
function Region({ politeness }: { politeness: Politeness }) {
  const read = () => currentAnnouncement(politeness);
  // Also the build-time render's snapshot (client/src/prerender.tsx): nothing announced yet.
  const announcement = useSyncExternalStore(subscribeAnnouncements, read, read);
  const [shown, setShown] = useState('');
  useEffect(() => {
    setShown('');
    if (!announcement.text) return;
    const timer = setTimeout(() => setShown(announcement.text), 50);
    return () => clearTimeout(timer);
  }, [announcement]);
  return (
    <VisuallyHidden
      // aria-live alone (no role=status/alert): the regions stay out of role queries and the
      // landmarks, and speak only when their text changes.
      aria-live={politeness}
      aria-atomic="true"
      data-announcer={politeness}
    >
      {shown}
    </VisuallyHidden>
  );
}

/** The polite and assertive live regions of lib/announcer.ts; mounted once, with the providers. */
export function Announcer() {
  return (
    <>
      <Region politeness="polite" />
      <Region politeness="assertive" />
    </>
  );
}
