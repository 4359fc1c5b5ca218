// Workspaces ("clientes", docs/workspaces.md): the person's list and creating one; the members
// page ("Equipe") and invitations. Membership of a workspace is checked by workspaceProcedure
// (trpc.ts) with the action of the permission table; list, create and the invitation link's
// preview and accept act on the person themself (the link names its workspace).
import {
  AppError,
  INVITABLE_ROLES,
  MAX_WORKSPACES_PER_USER_DEFAULT,
  SETTING_KEYS,
  WORKSPACE_ROLES,
} from '@pauta/core';
import { emailAddressSchema } from '@pauta/core/schemas/auth';
import { createWorkspace, getNumberSetting, listUserWorkspaces } from '@pauta/db';
import { z } from 'zod';
import * as invitations from '../workspaces/invitations.service.js';
import * as members from '../workspaces/members.service.js';
import { authedProcedure, publicProcedure, router, workspaceProcedure } from './trpc.js';

const userId = z.uuid();
const invitationId = z.string().min(1).max(64);
const token = z.string().min(1).max(200);

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

  /** The members page ("Equipe"): the members, with their roles and since when. */
  members: workspaceProcedure('members.read').query(({ ctx }) =>
    members.membersOf(ctx.deps, ctx.workspace.id),
  ),

  /** An owner changes a member's role (never the last owner's; never a personal workspace's person). */
  changeRole: workspaceProcedure('members.manage')
    .input(z.strictObject({ userId, role: z.enum(WORKSPACE_ROLES) }))
    .mutation(({ ctx, input }) =>
      members.changeRole(ctx.deps, { workspaceId: ctx.workspace.id, actorId: ctx.user.id, ...input }),
    ),

  /** An owner removes a member: their access ends at once; their work stays with the workspace. */
  removeMember: workspaceProcedure('members.manage')
    .input(z.strictObject({ userId }))
    .mutation(({ ctx, input }) =>
      members.remove(ctx.deps, { workspaceId: ctx.workspace.id, actorId: ctx.user.id, userId: input.userId }),
    ),

  /** An owner hands the ownership to a member and becomes an editor. */
  transferOwnership: workspaceProcedure('members.manage')
    .input(z.strictObject({ userId }))
    .mutation(({ ctx, input }) =>
      members.transfer(ctx.deps, {
        workspaceId: ctx.workspace.id,
        actorId: ctx.user.id,
        userId: input.userId,
      }),
    ),

  /** The caller leaves the workspace ("Sair deste cliente"). */
  leave: workspaceProcedure('workspace.leave')
    .input(z.strictObject({}).optional())
    .mutation(({ ctx }) => members.leave(ctx.deps, { workspaceId: ctx.workspace.id, userId: ctx.user.id })),

  /** The open invitations of the workspace (the owner's part of the members page). */
  invitations: workspaceProcedure('members.manage').query(({ ctx }) =>
    invitations.invitationsOf(ctx.deps, ctx.workspace.id),
  ),

  /** Invites someone by email with a role; the link is emailed (never answered). */
  invite: workspaceProcedure('members.manage')
    .input(z.strictObject({ email: emailAddressSchema, role: z.enum(INVITABLE_ROLES) }))
    .mutation(async ({ ctx, input }) => {
      const { invitation } = await invitations.invite(ctx.deps, {
        workspaceId: ctx.workspace.id,
        actorId: ctx.user.id,
        ...input,
      });
      return { invitation };
    }),

  /** "Reenviar": a new link by email; the previous one stops working. */
  resendInvitation: workspaceProcedure('members.manage')
    .input(z.strictObject({ invitationId }))
    .mutation(async ({ ctx, input }) => {
      const { invitation } = await invitations.resend(ctx.deps, {
        workspaceId: ctx.workspace.id,
        actorId: ctx.user.id,
        invitationId: input.invitationId,
      });
      return { invitation };
    }),

  /** "Revogar": the link stops working at once. */
  revokeInvitation: workspaceProcedure('members.manage')
    .input(z.strictObject({ invitationId }))
    .mutation(({ ctx, input }) =>
      invitations.revoke(ctx.deps, { workspaceId: ctx.workspace.id, invitationId: input.invitationId }),
    ),

  /** The invitation link's page (/convite?token=…), signed in or not: which cliente, who, which role. */
  previewInvitation: publicProcedure
    .input(z.strictObject({ token }))
    .query(({ ctx, input }) => invitations.previewInvitation(ctx.deps, input.token)),

  /** Accepts the invitation as the signed-in person (the invited email); a repeat answers the same. */
  acceptInvitation: authedProcedure.input(z.strictObject({ token })).mutation(async ({ ctx, input }) => {
    const result = await invitations.accept(ctx.deps, {
      token: input.token,
      userId: ctx.user.id,
      userEmail: ctx.user.email,
    });
    return { workspaceId: result.workspaceId, workspaceName: result.workspaceName, role: result.role };
  }),
});
