import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** The grey line at the top of a screen the member may read but not change (no write permission). */
export function ReadOnlyNotice({ children }: { children: string }) {
  return (
    <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />}>
      {children}
    </Alert>
  );
}
