import type { inferRouterClient } from '@trpc/client';
import type { AppRouter } from '../../lib/trpc';

type Client = inferRouterClient<AppRouter>;

/** One entry of `accounts.list`: a network, its status and the account (never a token). */
export type AccountCardData = Awaited<ReturnType<Client['accounts']['list']['query']>>[number];
