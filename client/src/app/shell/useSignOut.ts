import { messages } from '@pauta/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSingleFlight } from '../../lib/actions';
import { errorCodeOf } from '../../lib/errors';
import { showError } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { navigate } from '../navigation';

/**
 * Sair: ends the session on the server, forgets every cached answer of this user, marks the
 * session as signed out and goes to `/` (the landing page). Runs once per click; a session that
 * had already ended (UNAUTHORIZED) is signed out all the same.
 */
export function useSignOut() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mutation = useMutation(trpc.auth.signOut.mutationOptions());

  const [signOut, signingOut] = useSingleFlight(async () => {
    try {
      await mutation.mutateAsync();
    } catch (error) {
      if (errorCodeOf(error) !== 'UNAUTHORIZED') {
        showError(messages.common.error, messages.auth.logoutError);
        return;
      }
    }
    const sessionKey = trpc.auth.session.queryKey();
    queryClient.removeQueries({
      predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(sessionKey),
    });
    queryClient.getMutationCache().clear();
    queryClient.setQueryData(sessionKey, { user: null });
    navigate('/');
  });

  return { signOut, signingOut };
}
