// Administração (spec §2.3, §6, §7 calls 7 and 9–12): every procedure is an adminProcedure, so
// the caller's role is read from the database on every call (docs/security.md Z1, Z3).

import { AppError } from '@pauta/core';
import { findPendingDeletionRequest, listWorkers, workersHealth } from '@pauta/db';
import {
  idSchema as adminIdSchema,
  createTemplateSchema,
  doctorInputSchema,
  listDeletionRequestsSchema,
  listLogsSchema,
  listOutboxSchema,
  listUsersSchema,
  setRoleSchema,
  updateProfileSchema,
  updateSettingSchema,
  updateTemplateSchema,
} from '../admin/admin.schemas.js';
import {
  completeDeletionRequest,
  getStats,
  listDeletionRequestItems,
  listLogs,
  listSettingItems,
  listUsers,
  rejectDeletionRequest,
  setUserRole,
  updateProfile,
  updateSetting,
} from '../admin/admin.service.js';
import { revokeNetworkTokens } from '../admin/revoke-network-tokens.js';
import { runDoctorChecks } from '../doctor/checks.js';
import {
  createTemplate,
  deleteTemplate,
  listOutbox,
  listTemplates,
  updateTemplate,
} from '../email/templates.service.js';
import { adminProcedure, router } from './trpc.js';

const templateFields = (input: {
  templateName: string;
  subject: string;
  htmlContent: string;
  variables: Record<string, string>;
  isActive: boolean;
}) => ({
  templateName: input.templateName,
  subject: input.subject,
  htmlContent: input.htmlContent,
  variables: input.variables,
  isActive: input.isActive,
});

export const adminRouter = router({
  /** Painel Administrativo: headline numbers ("today" in the admin's time zone). */
  stats: adminProcedure.query(({ ctx }) => getStats(ctx.deps, ctx.user.id)),

  users: router({
    /** Spec §7 call 9: profiles with role, newest first; search by name or email; exact total. */
    list: adminProcedure.input(listUsersSchema).query(({ ctx, input }) => listUsers(ctx.deps, input)),

    /** Spec §4: delete + insert + revoke the user's sessions, in one transaction; never the last admin. */
    setRole: adminProcedure.input(setRoleSchema).mutation(async ({ ctx, input }) => {
      const result = await setUserRole(ctx.deps, {
        actorId: ctx.user.id,
        actorSessionId: ctx.user.sessionId,
        userId: input.userId,
        role: input.role,
      });
      ctx.deps.logger.info(
        { actorId: ctx.user.id, userId: input.userId, role: input.role, changed: result.changed },
        'papel de usuário alterado',
      );
      return result;
    }),

    /** First name, last name and email (the sign-in email too; unique, lower-cased). */
    updateProfile: adminProcedure
      .input(updateProfileSchema)
      .mutation(({ ctx, input }) => updateProfile(ctx.deps, input)),
  }),

  templates: router({
    list: adminProcedure.query(({ ctx }) => listTemplates(ctx.deps.db)),
    create: adminProcedure
      .input(createTemplateSchema)
      .mutation(({ ctx, input }) => createTemplate(ctx.deps.db, templateFields(input))),
    update: adminProcedure
      .input(updateTemplateSchema)
      .mutation(({ ctx, input }) => updateTemplate(ctx.deps.db, input.id, templateFields(input))),
    delete: adminProcedure
      .input(adminIdSchema)
      .mutation(({ ctx, input }) => deleteTemplate(ctx.deps.db, input.id)),
  }),

  /** The local outbox: every email, with its status (sent, stored without SMTP, failed, pending). */
  outbox: router({
    list: adminProcedure
      .input(listOutboxSchema)
      .query(({ ctx, input }) => listOutbox(ctx.deps.db, input.page)),
  }),

  logs: router({
    /** Spec §7 call 11 without its N+1: one joined query, 20 per page, exact total. */
    list: adminProcedure
      .input(listLogsSchema)
      .query(({ ctx, input }) => listLogs(ctx.deps, ctx.user.id, input)),
  }),

  settings: router({
    list: adminProcedure.query(({ ctx }) => listSettingItems(ctx.deps)),
    update: adminProcedure.input(updateSettingSchema).mutation(async ({ ctx, input }) => {
      const item = await updateSetting(ctx.deps, input);
      ctx.deps.logger.info({ actorId: ctx.user.id, key: input.key }, 'configuração alterada');
      return item;
    }),
  }),

  /** Worker heartbeats (docs/operations.md): the banner's health and the list of processes. */
  workers: router({
    status: adminProcedure.query(async ({ ctx }) => {
      const [health, workers] = await Promise.all([workersHealth(ctx.deps.db), listWorkers(ctx.deps.db)]);
      return { health, workers };
    }),
  }),

  /** Diagnóstico: the `npm run doctor` checks, APP_URL compared with the browser's origin. */
  doctor: router({
    run: adminProcedure.input(doctorInputSchema).query(({ ctx, input }) =>
      runDoctorChecks({
        env: ctx.deps.env,
        db: ctx.deps.db,
        redisUrl: ctx.deps.redisUrl === undefined ? (ctx.deps.env.REDIS_URL ?? null) : ctx.deps.redisUrl,
        browserOrigin: input.origin,
      }),
    ),
  }),

  deletionRequests: router({
    list: adminProcedure
      .input(listDeletionRequestsSchema)
      .query(({ ctx, input }) => listDeletionRequestItems(ctx.deps, input)),
    complete: adminProcedure.input(adminIdSchema).mutation(async ({ ctx, input }) => {
      // Revoke at the networks first: once the rows are gone, the tokens can no longer be read.
      // Never for an unconfirmed request (its owner is not proven; completing it is refused).
      const request = await findPendingDeletionRequest(ctx.deps.db, input.id);
      if (request && request.confirmed_at === null)
        throw new AppError('CONFLICT', { reason: 'NOT_CONFIRMED' });
      const revocation = request ? await revokeNetworkTokens(ctx.deps, request) : null;
      const result = await completeDeletionRequest(ctx.deps, input.id);
      ctx.deps.logger.info(
        { actorId: ctx.user.id, requestId: input.id, erased: result.erased, revocation },
        'solicitação de exclusão concluída',
      );
      return result;
    }),
    reject: adminProcedure
      .input(adminIdSchema)
      .mutation(({ ctx, input }) => rejectDeletionRequest(ctx.deps, input.id)),
  }),
});
