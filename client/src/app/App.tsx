import { useDocumentTitle } from '@mantine/hooks';
import { messages } from '@pauta/core';
import type { ComponentType } from 'react';
import { AuthPage } from '../pages/auth/AuthPage';
import { LandingPage } from '../pages/landing/LandingPage';
import { ComingSoonPage } from '../pages/public/ComingSoonPage';
import { usePathname } from './navigation';

interface PublicRoute {
  /** Shown before the app name in the browser tab; the landing page shows the app name alone. */
  title?: string;
  Page: ComponentType;
}

const landingRoute: PublicRoute = { Page: LandingPage };

// Spec §2.1: real paths for logged-out visitors; any other path shows the landing page.
const publicRoutes = new Map<string, PublicRoute>([
  ['/', landingRoute],
  ['/auth', { title: messages.auth.loginTab, Page: AuthPage }],
  [
    '/privacy-policy',
    {
      title: messages.views['privacy-policy'].title,
      Page: () => <ComingSoonPage view="privacy-policy" />,
    },
  ],
  [
    '/data-deletion',
    {
      title: messages.views['data-deletion'].title,
      Page: () => <ComingSoonPage view="data-deletion" />,
    },
  ],
]);

export function App() {
  const pathname = usePathname();
  const route = publicRoutes.get(pathname) ?? landingRoute;
  const appName = messages.common.appName;
  useDocumentTitle(route.title ? `${route.title} · ${appName}` : appName);
  return <route.Page />;
}
