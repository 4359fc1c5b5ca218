// A workspace's own data (docs/workspaces.md): "Todos os clientes" (the person's overview across
// their workspaces), "Dados do cliente" (name, colour, logo — the owner's `workspace.settings`)
// and "Excluir cliente" (`workspace.delete`). The logo's upload is the raw route of media.routes.ts.
import { WORKSPACE_COLOR_PATTERN, WORKSPACE_NAME_MAX } from '@pauta/core';
import { z } from 'zod';
import { readOverview } from '../workspaces/overview.service.js';
import {
  deleteWorkspaceAs,
  readMemberLogos,
  readWorkspaceSettings,
  removeLogo,
  updateBranding,
} from '../workspaces/settings.service.js';
import { authedProcedure, router, workspaceProcedure } from './trpc.js';

const name = z
  .string()
  .trim()
  .min(1, 'Informe o nome do cliente.')
  .max(WORKSPACE_NAME_MAX, `O nome pode ter no máximo ${WORKSPACE_NAME_MAX} caracteres.`);
const color = z.string().regex(WORKSPACE_COLOR_PATTERN, 'Informe uma cor no formato #RRGGBB.');
const uuid = z.string().uuid();

export const overviewRouter = router({
  /**
   * "Todos os clientes": every workspace the person is in (not workspace-scoped: it reads the
   * person's memberships), its branding, the person's role and its counts — only those the role
   * may see (core `can`).
   */
  clientes: authedProcedure.query(({ ctx }) =>
    readOverview(ctx.deps, { userId: ctx.user.id, timeZone: ctx.user.timeZone }),
  ),

  /** The signed logo URLs of the person's workspaces (the switcher). */
  logos: authedProcedure.query(({ ctx }) => readMemberLogos(ctx.deps, ctx.user.id)),
});

export const workspaceSettingsRouter = router({
  /** The current workspace's name, colour and logo, and what its deletion would delete. */
  get: workspaceProcedure('workspace.settings').query(({ ctx }) =>
    readWorkspaceSettings(ctx.deps, ctx.workspace.id),
  ),

  /** Rename and/or recolour (null colour: none). */
  update: workspaceProcedure('workspace.settings')
    .input(z.strictObject({ name: name.optional(), color: color.nullable().optional() }))
    .mutation(async ({ ctx, input }) => ({
      workspace: await updateBranding(ctx.deps, ctx.workspace.id, {
        name: input.name,
        color: input.color === undefined ? undefined : (input.color?.toUpperCase() ?? null),
      }),
    })),

  /** Removes the logo; its file is deleted by the media sweeper. */
  removeLogo: workspaceProcedure('workspace.settings').mutation(async ({ ctx }) => ({
    workspace: await removeLogo(ctx.deps, ctx.workspace.id),
  })),

  /**
   * Deletes the named workspace (not the personal one) once its name is typed. Signed in rather
   * than scoped so that a replay of the same Idempotency-Key answers the stored result even though
   * the workspace is gone; the service asks the one membership check for `workspace.delete`.
   */
  delete: authedProcedure
    .input(z.strictObject({ workspaceId: uuid, confirmName: z.string().max(200) }))
    .mutation(({ ctx, input }) =>
      deleteWorkspaceAs(ctx.deps, {
        userId: ctx.user.id,
        workspaceId: input.workspaceId,
        confirmName: input.confirmName,
        requestId: ctx.requestId,
      }),
    ),
});
