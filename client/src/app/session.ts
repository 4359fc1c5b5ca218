// The signed-in state every screen reads: the session (spec §2.3: nothing renders before its
// first answer), the admin check (spec §4: loading, then resolved) and the system status.
import type { View } from '@pauta/core';
import { resolveView } from '@pauta/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterClient } from '@trpc/client';
import { useCallback } from 'react';
import type { AppRouter } from '../lib/trpc';
import { useTRPC } from '../lib/trpc';

type Client = inferRouterClient<AppRouter>;
type SessionAnswer = Awaited<ReturnType<Client['auth']['session']['query']>>;
export type SessionUser = NonNullable<SessionAnswer['user']>;

export function useSessionQuery() {
  const trpc = useTRPC();
  return useQuery(trpc.auth.session.queryOptions(undefined, { staleTime: 60_000 }));
}

/** The signed-in user, or `null` (also while the first answer is pending). */
export function useSessionUser(): SessionUser | null {
  return useSessionQuery().data?.user ?? null;
}

/**
 * Refetches the session and resolves once a NEW answer is in the cache. A request still in flight
 * left before the cookie changed (e.g. the first session request of /auth/callback, sent before the
 * code exchange signed the person in): it is cancelled first, because refetching a query that has
 * no data yet would otherwise join that request and return its stale, signed-out answer — which
 * sent the person to the landing page (the e2e "signs in with LinkedIn" flake on a slow machine).
 */
export function useRefreshSession() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const filter = trpc.auth.session.queryFilter();
    await queryClient.cancelQueries(filter);
    await queryClient.invalidateQueries(filter);
  }, [queryClient, trpc]);
}

interface AdminState {
  /** True until the server answered; admin entries stay hidden meanwhile. */
  loading: boolean;
  isAdmin: boolean;
}

/** Spec §6: decided by the server; a failed check counts as "not an admin". */
export function useAdminCheck(): AdminState {
  const trpc = useTRPC();
  const signedIn = useSessionUser() !== null;
  const query = useQuery({ ...trpc.auth.adminCheck.queryOptions(), enabled: signedIn });
  if (!signedIn) return { loading: false, isAdmin: false };
  return { loading: query.isPending, isAdmin: query.data?.isAdmin === true };
}

export function useSystemStatus() {
  const trpc = useTRPC();
  return useQuery(trpc.system.status.queryOptions(undefined, { staleTime: 60_000 }));
}

/**
 * Spec §2.3: dashboard when the user already has a theme, otherwise create; also create when
 * the check failed (`hasThemes: null`).
 */
function initialViewFor(hasThemes: boolean | null | undefined): View {
  return hasThemes === true ? 'dashboard' : 'create';
}

/**
 * The view a signed-in user sees at `pathname` (spec §2.3): `/<view-id>` or an alias shows that
 * view, `/` the initial view; any other path (`known: false`) shows the initial view and goes to `/`.
 */
export function signedInView(
  pathname: string,
  hasThemes: boolean | null | undefined,
): { view: View; known: boolean } {
  const initialView = initialViewFor(hasThemes);
  const requested = pathname === '/' ? initialView : resolveView(pathname.slice(1));
  return { view: requested ?? initialView, known: requested !== null };
}
