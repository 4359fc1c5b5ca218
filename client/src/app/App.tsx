import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { INVITATION_PATH, messages } from '@pauta/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import cta from '../components/cta.module.css';
import { LoadingScreen } from '../components/LoadingScreen';
import { lazyComponents, preloadView } from '../views/registry';
import { ErrorBoundary } from './ErrorBoundary';
import { usePathname } from './navigation';
import { loadSignedInApp, PAGE_LOADERS, type PublicPage, publicPageFor } from './preload';
import { rememberReturnPath } from './return-to';
import { signedInView, useSessionQuery } from './session';

// Each page is its own chunk (app/preload.ts starts the download of the first one at start-up);
// the shell and the views of a signed-in user are never downloaded by a visitor.
const SignedInApp = lazy(() => loadSignedInApp().then((module) => ({ default: module.SignedInApp })));
const PAGES = lazyComponents(PAGE_LOADERS);

/** Shown before the app name in the browser tab; the landing page shows the app name alone. */
const PAGE_TITLES: Partial<Record<PublicPage, string>> = {
  auth: messages.auth.loginTab,
  privacyPolicy: messages.views['privacy-policy'].title,
  dataDeletion: messages.views['data-deletion'].title,
};

/** The browser tab's title on a public page: the page's name and the app's, or the app's alone. */
export function publicPageTitle(page: PublicPage): string {
  const title = PAGE_TITLES[page];
  return title ? `${title} · ${messages.common.appName}` : messages.common.appName;
}

/** A lazily loaded screen: 'Carregando...' while its chunk arrives, a way out if it cannot. */
function Screen({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fullScreen>
      <Suspense fallback={<LoadingScreen />}>
        {children}
        <Usable />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * A page rendered at build time comes inert (scripts/prerender.ts): it shows at once, but a tap or
 * a keystroke before React runs it would be lost (the form's state would not have it). Once its
 * screen is hydrated, it is usable. Renders nothing; a no-op everywhere else.
 */
function Usable() {
  useEffect(() => {
    document.getElementById('root')?.removeAttribute('inert');
  }, []);
  return null;
}

/**
 * The session gate: `/auth/callback` serves both states; otherwise nothing but 'Carregando...'
 * shows until the first session answer, then the public pages or the signed-in app.
 */
export function App() {
  const pathname = usePathname();
  const session = useSessionQuery();
  // Signed in: the view's chunk downloads alongside the shell's, not after it (at `/` the URL
  // alone could not tell which view, so app/preload.ts could not start it).
  const answer = session.data;
  const gated =
    pathname !== '/auth/callback' &&
    pathname !== '/auth/reset' &&
    pathname !== '/auth/link' &&
    pathname !== INVITATION_PATH;
  const shownView = gated && answer?.user ? signedInView(pathname, answer.hasThemes).view : null;
  useEffect(() => {
    if (shownView) preloadView(shownView);
  }, [shownView]);
  // A visitor who opened a view's link signed out returns to it after signing in (not after a
  // sign-out from that view: only the first session answer counts).
  const firstAnswer = useRef(true);
  useEffect(() => {
    if (!answer || !firstAnswer.current) return;
    firstAnswer.current = false;
    if (answer.user === null && gated && publicPageFor(pathname) === 'landing')
      rememberReturnPath(pathname + window.location.search);
  }, [answer, gated, pathname]);

  // Kept outside the session branches so a session change never remounts it mid-exchange.
  if (pathname === '/auth/callback')
    return (
      <Screen>
        <PAGES.authCallback />
      </Screen>
    );
  // The emailed reset link works signed in or not (spec §2.2 'Esqueceu sua senha?').
  if (pathname === '/auth/reset')
    return (
      <Screen>
        <PAGES.resetPassword />
      </Screen>
    );
  // The emailed sign-in link (an account under attack) works signed in or not.
  if (pathname === '/auth/link')
    return (
      <Screen>
        <PAGES.signInLink />
      </Screen>
    );
  // An invitation to a cliente (docs/workspaces.md) works signed in or not; the page asks the session.
  if (pathname === INVITATION_PATH)
    return (
      <Screen>
        <PAGES.invitation />
      </Screen>
    );
  // The link that confirms an anonymous data-deletion request works signed in or not.
  if (pathname === '/data-deletion/confirm')
    return (
      <Screen>
        <PAGES.dataDeletionConfirm />
      </Screen>
    );

  // The client approval link: no account, no session — the token in the path is all it uses.
  if (pathname.startsWith('/aprovacao/'))
    return (
      <Screen>
        <PAGES.clientApproval />
      </Screen>
    );
  // A report's private read-only link (docs/reports.md): no session either.
  if (pathname.startsWith('/relatorio/'))
    return (
      <Screen>
        <PAGES.reportPage />
      </Screen>
    );

  if (!answer) {
    if (session.isError) return <SessionError onRetry={() => void session.refetch()} />;
    return <LoadingScreen />;
  }
  if (answer.user === null) return <PublicPages pathname={pathname} />;
  return (
    <Screen>
      <SignedInApp pathname={pathname} hasThemes={answer.hasThemes ?? null} />
    </Screen>
  );
}

// Spec §2.1: real paths for logged-out visitors; any other path shows the landing page.
function PublicPages({ pathname }: { pathname: string }) {
  const page = publicPageFor(pathname);
  // The callback and reset pages are served above, before the session gate.
  const shown =
    page === 'authCallback' ||
    page === 'resetPassword' ||
    page === 'signInLink' ||
    page === 'dataDeletionConfirm' ||
    page === 'invitation' ||
    page === 'clientApproval' ||
    page === 'reportPage'
      ? 'landing'
      : page;
  useDocumentTitle(publicPageTitle(shown));
  const Page = PAGES[shown];
  // Keyed by page: a page that failed to load does not keep the next one from showing.
  return (
    <Screen key={shown}>
      <Page />
    </Screen>
  );
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
