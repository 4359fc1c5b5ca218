// The tRPC client: one typed proxy over TanStack Query. Only the router's *type* comes from the
// server package, so no server code can reach the bundle.
import type { AppRouter } from '@pauta/server';
import { QueryCache, QueryClient } from '@tanstack/react-query';
import {
  createTRPCClient,
  httpBatchLink,
  httpLink,
  httpSubscriptionLink,
  isTRPCClientError,
  splitLink,
} from '@trpc/client';
import { createTRPCContext, createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import { workspaceConnectionParams, workspaceHeaders, workspaceRefusalLink } from '../app/workspace';
import { httpStatusOf } from './errors';
import { idempotencyHeaders, idempotencyLink } from './idempotency';

export type { AppRouter };

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export type TrpcClient = ReturnType<typeof createTrpcClient>;

/**
 * Same-origin `/trpc` (Vite proxies it in development); the transformer lives on the link in v11.
 * Subscriptions (live updates) go over SSE.
 * Queries are batched. Mutations go one per request, each with the Idempotency-Key of its user
 * action (lib/idempotency.ts, docs/idempotency.md): a header is per request, not per operation.
 * Every call names the current workspace ("cliente", app/workspace.ts).
 */
export function createTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      // A refusal for the workspace (removed, role lowered) makes the app re-read its workspaces.
      workspaceRefusalLink(),
      idempotencyLink(),
      splitLink({
        // Live updates: one SSE stream (EventSource; reconnects with the last event id).
        condition: (op) => op.type === 'subscription',
        // An EventSource sends no headers: the workspace goes in connectionParams (a query parameter).
        true: httpSubscriptionLink({
          url: '/trpc',
          transformer: superjson,
          connectionParams: () => workspaceConnectionParams(),
        }),
        false: splitLink({
          condition: (op) => op.type === 'mutation',
          true: httpLink({
            url: '/trpc',
            transformer: superjson,
            headers: ({ op }) => ({ ...idempotencyHeaders(op), ...workspaceHeaders() }),
          }),
          false: httpBatchLink({ url: '/trpc', transformer: superjson, headers: () => workspaceHeaders() }),
        }),
      }),
    ],
  });
}

export { httpStatusOf };

/** The key of `auth.session` in the query cache (the one `useSessionQuery` reads). */
export function sessionQueryKey(client: TrpcClient, queryClient: QueryClient) {
  return createTRPCOptionsProxy<AppRouter>({ client, queryClient }).auth.session.queryKey();
}

const MAX_RETRIES = 2;

/** A failure worth retrying: network errors and 5xx, never a 4xx answer (bad input, no access…). */
function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = httpStatusOf(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < MAX_RETRIES;
}

interface QueryClientOptions {
  /** Called when any query other than the session answers UNAUTHORIZED (the session ended). */
  onUnauthorized?: () => void;
}

export function createQueryClient({ onUnauthorized }: QueryClientOptions = {}) {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isTRPCClientError(error) && error.message === 'UNAUTHORIZED') onUnauthorized?.();
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
