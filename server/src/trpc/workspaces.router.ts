// Workspaces ("clientes", docs/workspaces.md): the person's list and creating one. Membership of
// a workspace is checked by workspaceProcedure (trpc.ts); these two act on the person themself.
import { AppError, MAX_WORKSPACES_PER_USER_DEFAULT, SETTING_KEYS } from '@pauta/core';
import { createWorkspace, getNumberSetting, listUserWorkspaces } from '@pauta/db';
import { z } from 'zod';
import { authedProcedure, router } from './trpc.js';

const colour = z
  .string()
  .regex(/^#[0-9A-Fa-f]{6}$/, 'Informe uma cor no formato #RRGGBB.')
  .nullish();

export const workspacesRouter = router({
  /** The workspaces the person belongs to, their personal one first, with their role in each. */
  list: authedProcedure.query(async ({ ctx }) => ({
    workspaces: await listUserWorkspaces(ctx.deps.db, ctx.user.id),
  })),

  /** A new workspace with the person as its owner, up to max_workspaces_per_user. */
  create: authedProcedure
    .input(
      z.strictObject({
        name: z
          .string()
          .trim()
          .min(1, 'Informe o nome do cliente.')
          .max(80, 'O nome pode ter no máximo 80 caracteres.'),
        color: colour,
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const max = await getNumberSetting(
        ctx.deps.db,
        SETTING_KEYS.maxWorkspacesPerUser,
        MAX_WORKSPACES_PER_USER_DEFAULT,
      );
      const workspace = await createWorkspace(ctx.deps.db, {
        ownerId: ctx.user.id,
        name: input.name,
        color: input.color ?? null,
        max,
      });
      if (!workspace) throw new AppError('WORKSPACE_LIMIT_REACHED', { max });
      ctx.deps.logger.info({ userId: ctx.user.id, workspaceId: workspace.id }, 'cliente criado');
      return { workspace };
    }),
});
