import { authRouter } from './auth.router.js';
import { dataDeletionRouter } from './data-deletion.router.js';
import { systemRouter } from './system.router.js';
import { themesRouter } from './themes.router.js';
import { router } from './trpc.js';

export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  dataDeletion: dataDeletionRouter,
  themes: themesRouter,
});

export type AppRouter = typeof appRouter;
