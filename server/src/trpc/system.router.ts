import { publicProcedure, router } from './trpc.js';

export const systemRouter = router({
  /** What the shell needs before sign-in: sandbox badge, publishing pause banner. */
  status: publicProcedure.query(({ ctx }) => ({
    sandbox: ctx.deps.sandbox,
    publishingAvailable: ctx.deps.queue.isAvailable(),
    contactEmail: ctx.deps.env.CONTACT_EMAIL,
    /** Embedded mode without SMTP: emails go to the local mailbox (links in the console). */
    localMailbox: Boolean(ctx.deps.localMailbox),
    /** An AI key is configured: AI-only buttons (alt text suggestions) are shown. */
    aiConfigured: ctx.deps.drafts.aiConfigured === true,
  })),
});
