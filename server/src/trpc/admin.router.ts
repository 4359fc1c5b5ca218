// Administração (spec §2.3, §6, §7 calls 7 and 9–12): every procedure is an adminProcedure, so
// the caller's role is read from the database on every call (RELIABILITY Z1, Z3).

import { findPendingDeletionRequest } from '@pauta/db';
import {
  idSchema as adminIdSchema,
  createTemplateSchema,
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
  AdminRuleError,
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
import {
  createTemplate,
  deleteTemplate,
  listOutbox,
  listTemplates,
  updateTemplate,
} from '../email/templates.service.js';
import { appError } from './errors.js';
import { adminProcedure, router } from './trpc.js';

/** Runs an admin rule and turns its refusal into the matching error code (+ a reason in details). */
async function guard<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof AdminRuleError)) throw error;
    switch (error.code) {
      case 'NOT_FOUND':
        throw appError('NOT_FOUND', 'NOT_FOUND');
      case 'EMAIL_TAKEN':
        throw appError('CONFLICT', 'EMAIL_TAKEN');
      case 'LAST_ADMIN':
      case 'NAME_TAKEN':
      case 'NOT_CONFIRMED':
        throw appError('CONFLICT', 'CONFLICT', { reason: error.code });
      default:
        throw appError('BAD_REQUEST', 'VALIDATION_FAILED', { reason: error.code, ...error.details });
    }
  }
}

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
      const result = await guard(() =>
        setUserRole(ctx.deps, { actorId: ctx.user.id, userId: input.userId, role: input.role }),
      );
      ctx.deps.logger.info(
        { actorId: ctx.user.id, userId: input.userId, role: input.role, changed: result.changed },
        'papel de usuário alterado',
      );
      return result;
    }),

    /** First name, last name and email (the sign-in email too; unique, lower-cased). */
    updateProfile: adminProcedure
      .input(updateProfileSchema)
      .mutation(({ ctx, input }) => guard(() => updateProfile(ctx.deps, input))),
  }),

  templates: router({
    list: adminProcedure.query(({ ctx }) => listTemplates(ctx.deps.db)),
    create: adminProcedure
      .input(createTemplateSchema)
      .mutation(({ ctx, input }) => guard(() => createTemplate(ctx.deps.db, templateFields(input)))),
    update: adminProcedure
      .input(updateTemplateSchema)
      .mutation(({ ctx, input }) =>
        guard(() => updateTemplate(ctx.deps.db, input.id, templateFields(input))),
      ),
    delete: adminProcedure
      .input(adminIdSchema)
      .mutation(({ ctx, input }) => guard(() => deleteTemplate(ctx.deps.db, input.id))),
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
      const item = await guard(() => updateSetting(ctx.deps, input));
      ctx.deps.logger.info({ actorId: ctx.user.id, key: input.key }, 'configuração alterada');
      return item;
    }),
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
        throw appError('CONFLICT', 'CONFLICT', { reason: 'NOT_CONFIRMED' });
      const revocation = request ? await revokeNetworkTokens(ctx.deps, request) : null;
      const result = await guard(() => completeDeletionRequest(ctx.deps, input.id));
      ctx.deps.logger.info(
        { actorId: ctx.user.id, requestId: input.id, erased: result.erased, revocation },
        'solicitação de exclusão concluída',
      );
      return result;
    }),
    reject: adminProcedure
      .input(adminIdSchema)
      .mutation(({ ctx, input }) => guard(() => rejectDeletionRequest(ctx.deps, input.id))),
  }),
});
