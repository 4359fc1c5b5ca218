// An image of a post as the server answers it (media.list, the upload route).
import type { AppRouter } from '@pauta/server';
import type { inferRouterOutputs } from '@trpc/server';

export type MediaItem = inferRouterOutputs<AppRouter>['media']['list'][number];
