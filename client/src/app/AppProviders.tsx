import type { MantineProviderProps } from '@mantine/core';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { messages } from '@pauta/core';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { clearToastsOlderThan, showError } from '../lib/toast';
import type { TrpcClient } from '../lib/trpc';
import { createQueryClient, createTrpcClient, sessionQueryKey, TRPCProvider } from '../lib/trpc';
import { cssVariablesResolver, theme } from '../theme';
import { Announcer } from './Announcer';
import { usePathname } from './navigation';

/** A toast shown this recently survives a navigation: it reports the action that navigated. */
const TOAST_NAVIGATION_GRACE_MS = 2000;

interface AppProvidersProps {
  children: ReactNode;
  /** `'test'` turns off transitions and portals (component tests). */
  env?: MantineProviderProps['env'];
  /**
   * The page itself is the first session answer, "signed out": the server sends a prerendered
   * public page only to a request without a session cookie (client/src/prerender.tsx), and its
   * render and the browser's first render must be the same.
   */
  signedOut?: boolean;
}

const ToastContainer = lazy(() =>
  import('./ToastContainer').then((module) => ({ default: module.ToastContainer })),
);

/**
 * Toasts live in Mantine's store from the first `notifications.show()`; the container that
 * draws them is mounted (and its chunk downloaded) with the first one, so a visit that shows
 * no toast never pays for it. Once mounted it stays.
 */
function Toasts() {
  const { notifications, queue } = useNotifications();
  const [mounted, setMounted] = useState(false);
  // Old toasts do not follow the person to another view.
  const pathname = usePathname();
  const previousPath = useRef(pathname);
  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    clearToastsOlderThan(TOAST_NAVIGATION_GRACE_MS);
  }, [pathname]);
  if (!mounted && notifications.length + queue.length > 0) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
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

function createClients(signedOut: boolean): { queryClient: QueryClient; trpcClient: TrpcClient } {
  const queryClient: QueryClient = createQueryClient({
    onUnauthorized: () => handleUnauthorized(queryClient),
  });
  const trpcClient = createTrpcClient();
  // Like any answer: fresh for the session query's staleTime, then asked again as usual.
  if (signedOut) queryClient.setQueryData(sessionQueryKey(trpcClient, queryClient), { user: null });
  return { queryClient, trpcClient };
}

/**
 * Every provider the UI needs; the app entry and the component tests both render through it.
 * Each mount gets its own query cache, so every test starts signed out of everything.
 */
export function AppProviders({ children, env, signedOut = false }: AppProvidersProps) {
  const [{ queryClient, trpcClient }] = useState(() => createClients(signedOut));
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="light"
          env={env}
        >
          <Announcer />
          {children}
          {/* After the page, so the skip link stays the first Tab stop while a toast shows. */}
          <Toasts />
        </MantineProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
