import 'dayjs/locale/pt-br';

import type { MantineProviderProps } from '@mantine/core';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { messages } from '@pauta/core';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { showError } from '../lib/toast';
import type { TrpcClient } from '../lib/trpc';
import { createQueryClient, createTrpcClient, TRPCProvider } from '../lib/trpc';
import { cssVariablesResolver, theme } from '../theme';

interface AppProvidersProps {
  children: ReactNode;
  /** `'test'` turns off transitions and portals (component tests). */
  env?: MantineProviderProps['env'];
}

const SESSION_KEY_ROOT = ['auth', 'session'];

/**
 * A query answered UNAUTHORIZED: the session ended elsewhere (expired, signed out in another
 * tab). Refetching the session sends the app back to the public pages.
 */
function handleUnauthorized(queryClient: QueryClient) {
  showError(messages.common.error, messages.auth.sessionExpired, { id: 'session-expired' });
  void queryClient.invalidateQueries({
    predicate: (query) => JSON.stringify(query.queryKey[0]) === JSON.stringify(SESSION_KEY_ROOT),
  });
}

function createClients(): { queryClient: QueryClient; trpcClient: TrpcClient } {
  const queryClient: QueryClient = createQueryClient({
    onUnauthorized: () => handleUnauthorized(queryClient),
  });
  return { queryClient, trpcClient: createTrpcClient() };
}

/**
 * Every provider the UI needs; the app entry and the component tests both render through it.
 * Each mount gets its own query cache, so every test starts signed out of everything.
 */
export function AppProviders({ children, env }: AppProvidersProps) {
  const [{ queryClient, trpcClient }] = useState(createClients);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
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
      </TRPCProvider>
    </QueryClientProvider>
  );
}
