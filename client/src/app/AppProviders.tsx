import 'dayjs/locale/pt-br';

import type { MantineProviderProps } from '@mantine/core';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from '../theme';

interface AppProvidersProps {
  children: ReactNode;
  /** `'test'` turns off transitions and portals (component tests). */
  env?: MantineProviderProps['env'];
}

/** Every provider the UI needs; the app entry and the component tests both render through it. */
export function AppProviders({ children, env }: AppProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      env={env}
    >
      <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
        <Notifications position="top-right" />
        {children}
      </DatesProvider>
    </MantineProvider>
  );
}
