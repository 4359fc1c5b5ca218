import { accountsRouter } from './accounts.router.js';
import { adminRouter } from './admin.router.js';
import { apiTokensRouter } from './api-tokens.router.js';
import { approvalRouter } from './approval.router.js';
import { authRouter } from './auth.router.js';
import { bestTimeRouter } from './best-time.router.js';
import { carouselRouter } from './carousel.router.js';
import { clientApprovalRouter, clientLinksRouter } from './client-links.router.js';
import { clientViewRouter } from './client-view.router.js';
import { dashboardRouter } from './dashboard.router.js';
import { dataDeletionRouter } from './data-deletion.router.js';
import { liveRouter } from './live.router.js';
import { mediaRouter } from './media.router.js';
import { postingQueueRouter } from './posting-queue.router.js';
import { postsRouter } from './posts.router.js';
import { publishedRouter } from './published.router.js';
import { reportSchedulesRouter } from './report-schedules.router.js';
import { reportPageRouter, reportsRouter } from './reports.router.js';
import { snippetsRouter } from './snippets.router.js';
import { systemRouter } from './system.router.js';
import { themesRouter } from './themes.router.js';
import { router } from './trpc.js';
import { webhooksRouter } from './webhooks.router.js';
import { overviewRouter, workspaceSettingsRouter } from './workspace-settings.router.js';
import { workspacesRouter } from './workspaces.router.js';

export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  dataDeletion: dataDeletionRouter,
  themes: themesRouter,
  accounts: accountsRouter,
  posts: postsRouter,
  postingQueue: postingQueueRouter,
  approval: approvalRouter,
  clientLinks: clientLinksRouter,
  clientApproval: clientApprovalRouter,
  clientView: clientViewRouter,
  media: mediaRouter,
  carousel: carouselRouter,
  published: publishedRouter,
  dashboard: dashboardRouter,
  bestTime: bestTimeRouter,
  admin: adminRouter,
  live: liveRouter,
  workspaces: workspacesRouter,
  webhooks: webhooksRouter,
  workspaceSettings: workspaceSettingsRouter,
  overview: overviewRouter,
  apiTokens: apiTokensRouter,
  reports: reportsRouter,
  reportSchedules: reportSchedulesRouter,
  reportPage: reportPageRouter,
  snippets: snippetsRouter,
});

export type AppRouter = typeof appRouter;
