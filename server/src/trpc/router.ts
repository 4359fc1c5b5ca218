import { systemRouter } from './system.router.js';
import { router } from './trpc.js';

export const appRouter = router({
  system: systemRouter,
});

export type AppRouter = typeof appRouter;
