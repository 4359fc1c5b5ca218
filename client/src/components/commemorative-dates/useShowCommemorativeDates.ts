import { useLocalStorage } from '@mantine/hooks';
import { useSessionQuery } from '../../app/session';

/**
 * Whether the calendar shows commemorative dates (on by default), remembered in this browser for
 * the signed-in person (docs/commemorative-dates.md).
 */
export function useShowCommemorativeDates(): [boolean, (value: boolean) => void] {
  const session = useSessionQuery();
  const userId = session.data?.user?.id ?? 'anonymous';
  const [show, setShow] = useLocalStorage<boolean>({
    key: `pauta:calendar:commemorative-dates:${userId}`,
    defaultValue: true,
    getInitialValueInEffect: false,
  });
  return [show, setShow];
}
