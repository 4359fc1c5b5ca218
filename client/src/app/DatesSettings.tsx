import 'dayjs/locale/pt-br';

import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';

/**
 * Date pickers in pt-BR, weeks starting on Sunday. Only signed-in views pick dates, so this
 * (and dayjs with its locale) is part of the signed-in app's chunk, not of a first visit.
 */
export function DatesSettings({ children }: { children: ReactNode }) {
  return <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>{children}</DatesProvider>;
}
