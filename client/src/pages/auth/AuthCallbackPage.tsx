import { useDocumentTitle } from '@mantine/hooks';
import { messages } from '@pauta/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { navigate, useSearch } from '../../app/navigation';
import { takeReturnPath } from '../../app/return-to';
import { useRefreshSession } from '../../app/session';
import { LoadingScreen } from '../../components/LoadingScreen';
import { describeOAuthError, errorCodeOf } from '../../lib/errors';
import { providerLabelFromRouteId, takeOAuthProvider } from '../../lib/oauth';
import { browserTimeZone } from '../../lib/timezone';
import { showErrorText } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { connectionFailurePath, errorDetailsOf } from '../../views/connected-accounts/connection-return';

// A code can be exchanged once: remember which returns were handled, across StrictMode's double
// effects and any remount while the session changes.
const handledReturns = new Set<string>();

/**
 * /auth/callback: the provider's return. Exchanges `code` + `state` once, refreshes the session
 * and goes where the server says ('/' after sign-in, Contas Conectadas after a connection).
 */
export function AuthCallbackPage() {
  const search = useSearch();
  const trpc = useTRPC();
  const { mutateAsync: completeOAuth } = useMutation(trpc.auth.completeOAuth.mutationOptions());
  const refreshSession = useRefreshSession();
  useDocumentTitle(messages.common.appName);

  useEffect(() => {
    if (handledReturns.has(search)) return;
    handledReturns.add(search);

    const params = new URLSearchParams(search);
    const code = params.get('code');
    const state = params.get('state');
    const error = params.get('error');
    const connection = params.get('connection') === 'true';
    const provider = takeOAuthProvider() ?? providerLabelFromRouteId(params.get('provider'));

    const fail = (errorCode: string | null, details?: Record<string, unknown> | null) => {
      // Contas Conectadas shows account-connection errors itself (spec §8).
      if (connection) return navigate(connectionFailurePath(errorCode, details ?? {}), { replace: true });
      showErrorText(describeOAuthError(errorCode, provider));
      navigate('/auth', { replace: true });
    };

    if (error || !code || !state) {
      fail(error);
      return;
    }
    const timezone = browserTimeZone();
    completeOAuth({ code, state, ...(timezone ? { timezone } : {}) }).then(
      async ({ redirectTo }) => {
        await refreshSession();
        // A sign-in returns to the view the visitor had asked for; a connection goes where the server says.
        const target = redirectTo === '/' ? (takeReturnPath() ?? '/') : safeRedirect(redirectTo);
        navigate(target, { replace: true });
      },
      (reason: unknown) => fail(errorCodeOf(reason), errorDetailsOf(reason)),
    );
  }, [search, completeOAuth, refreshSession]);

  return <LoadingScreen message={messages.auth.processingConnection} />;
}

/** Only same-origin paths: an absolute or protocol-relative URL falls back to `/`. */
function safeRedirect(to: string): string {
  return to.startsWith('/') && !to.startsWith('//') ? to : '/';
}
