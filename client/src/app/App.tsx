import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { messages } from '@pauta/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import cta from '../components/cta.module.css';
import { LoadingScreen } from '../components/LoadingScreen';
import { AuthCallbackPage } from '../pages/auth/AuthCallbackPage';
import { AuthPage } from '../pages/auth/AuthPage';
import { ResetPasswordPage } from '../pages/auth/ResetPasswordPage';
import { LandingPage } from '../pages/landing/LandingPage';
import { DataDeletionConfirmPage } from '../pages/public/DataDeletionConfirmPage';
import { DataDeletionPage } from '../pages/public/DataDeletionPage';
import { PrivacyPolicyPage } from '../pages/public/PrivacyPolicyPage';
import { usePathname } from './navigation';
import { SignedInApp } from './SignedInApp';
import { useSessionQuery } from './session';

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
  ['/privacy-policy', { title: messages.views['privacy-policy'].title, Page: PrivacyPolicyPage }],
  ['/data-deletion', { title: messages.views['data-deletion'].title, Page: DataDeletionPage }],
]);

/**
 * The session gate: `/auth/callback` serves both states; otherwise nothing but 'Carregando...'
 * shows until the first session answer, then the public pages or the signed-in app.
 */
export function App() {
  const pathname = usePathname();
  const session = useSessionQuery();

  // Kept outside the session branches so a session change never remounts it mid-exchange.
  if (pathname === '/auth/callback') return <AuthCallbackPage />;
  // The emailed reset link works signed in or not (spec §2.2 'Esqueceu sua senha?').
  if (pathname === '/auth/reset') return <ResetPasswordPage />;
  // The link that confirms an anonymous data-deletion request works signed in or not.
  if (pathname === '/data-deletion/confirm') return <DataDeletionConfirmPage />;

  if (!session.data) {
    if (session.isError) return <SessionError onRetry={() => void session.refetch()} />;
    return <LoadingScreen />;
  }
  const answer = session.data;
  if (answer.user === null) return <PublicPages pathname={pathname} />;
  return <SignedInApp pathname={pathname} hasThemes={answer.hasThemes ?? null} />;
}

function PublicPages({ pathname }: { pathname: string }) {
  const route = publicRoutes.get(pathname) ?? landingRoute;
  const appName = messages.common.appName;
  useDocumentTitle(route.title ? `${route.title} · ${appName}` : appName);
  return <route.Page />;
}

/** The first session answer failed (server down, offline): say so and offer a retry. */
function SessionError({ onRetry }: { onRetry: () => void }) {
  useDocumentTitle(messages.common.appName);
  return (
    <Center mih="100dvh" p="xl">
      <Stack align="center" ta="center" gap="sm" maw={440} role="alert">
        <Title order={1} size="h2">
          {messages.shell.sessionErrorTitle}
        </Title>
        <Text c="dimmed">{messages.errors.network}</Text>
        <Button
          mt="sm"
          size="md"
          className={cta.cta}
          onClick={onRetry}
          leftSection={<IconRefresh size={18} aria-hidden />}
        >
          {messages.common.tryAgain}
        </Button>
      </Stack>
    </Center>
  );
}
