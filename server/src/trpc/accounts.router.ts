// Contas Conectadas (spec §2.3, §4, §7 call 8): list, soft disconnect, and the Facebook Page
// (or Instagram account; or, through the shared picker, LinkedIn company Page, Pinterest board,
// Google Business Profile location) choice of a pending connection. The list and the disconnect
// are scoped to the caller's workspace (docs/workspaces.md); a pending choice is the person's own,
// in the workspace it started in. No output carries a token.
import { AppError, type ConnectablePlatform, PLATFORMS } from '@pauta/core';
import { deactivateAccount, listOtherActiveConnections } from '@pauta/db';
import { z } from 'zod';
import { listAccountCards } from '../accounts/accounts.service.js';
import { listActiveAccountChoices } from '../accounts/active-accounts.js';
import {
  type ConnectDeps,
  connectWithForm,
  pendingPages,
  selectPendingChoice,
} from '../accounts/connect.service.js';
import { authedProcedure, router, workspaceProcedure } from './trpc.js';

const id = z.uuid();
const pageId = z.string().trim().min(1).max(100).regex(/^\d+$/);

/** The caller's choice in a pending connection of `platform` (its network's picker). */
function choose(
  ctx: { deps: ConnectDeps; user: { id: string } },
  pendingId: string,
  platform: ConnectablePlatform,
  choiceId: string,
) {
  return selectPendingChoice(ctx.deps, { userId: ctx.user.id, pendingId, platform, choiceId });
}

/** A connect form's fields (the network's browser profile `connectForm`: Bluesky's app password). */
const connectFormInput = z.strictObject({
  platform: z.enum(PLATFORMS),
  fields: z.strictObject({
    identifier: z.string().trim().min(1).max(253),
    password: z.string().min(1).max(200),
    service: z.string().trim().max(253).optional(),
  }),
  /** "Conectar outra conta": a different account may join the network's active ones. */
  another: z.boolean().optional(),
});

export const accountsRouter = router({
  list: workspaceProcedure('workspace.read').query(({ ctx }) =>
    listAccountCards(ctx.deps.db, ctx.deps.env, ctx.workspace.id, ctx.user.id),
  ),

  /** Every active account, several per network (the composer's picker, Editar Post's "Conta", cards). */
  active: workspaceProcedure('workspace.read').query(({ ctx }) =>
    listActiveAccountChoices(ctx.deps.db, ctx.workspace.id),
  ),

  /**
   * Soft disconnect: is_active false; the sealed tokens stay for a later reconnect and nothing is
   * revoked at the network. `stillConnectedIn`: the same network account is still active in other
   * workspaces (named only to their members; docs/workspaces.md), or null.
   */
  disconnect: workspaceProcedure('accounts.write')
    .input(z.strictObject({ id }))
    .mutation(async ({ ctx, input }) => {
      const done = await deactivateAccount(ctx.deps.db, ctx.workspace.id, input.id);
      if (!done) throw new AppError('NOT_FOUND');
      ctx.deps.logger.info(
        {
          userId: ctx.user.id,
          workspaceId: ctx.workspace.id,
          accountId: input.id,
          activeElsewhere: done.activeElsewhere,
        },
        'conta desconectada',
      );
      const stillConnectedIn = done.activeElsewhere
        ? await listOtherActiveConnections(ctx.deps.db, {
            platform: done.platform,
            platformUserId: done.platformUserId,
            exceptWorkspaceId: ctx.workspace.id,
            viewerId: ctx.user.id,
          })
        : null;
      return { ok: true as const, stillConnectedIn };
    }),

  /**
   * Connects through the network's form (a network without an OAuth redirect): the account lands
   * in the caller's workspace. The password is sent to the network once, never stored or logged.
   */
  connectForm: workspaceProcedure('accounts.write')
    .input(connectFormInput)
    .mutation(async ({ ctx, input }) => {
      const { platform, fields, another } = input;
      const connected = await connectWithForm(ctx.deps, {
        userId: ctx.user.id,
        workspaceId: ctx.workspace.id,
        platform,
        fields: {
          identifier: fields.identifier,
          password: fields.password,
          ...(fields.service ? { service: fields.service } : {}),
        },
        another: another === true,
      });
      return { platform, username: connected.username, alreadyConnected: connected.alreadyConnected };
    }),

  pendingPages: authedProcedure
    .input(z.strictObject({ pendingId: id }))
    .query(async ({ ctx, input }) => ({ pages: await pendingPages(ctx.deps, ctx.user.id, input.pendingId) })),

  selectFacebookPage: authedProcedure
    .input(z.strictObject({ pendingId: id, pageId }))
    .mutation(async ({ ctx, input }) => {
      const account = await choose(ctx, input.pendingId, 'facebook', input.pageId);
      return {
        platform: 'facebook' as const,
        pageName: account.pageName ?? '',
        alreadyConnected: account.alreadyConnected,
      };
    }),

  /** Several Instagram professional accounts linked to the person's Pages: the chosen one. */
  selectInstagramAccount: authedProcedure
    .input(z.strictObject({ pendingId: id, accountId: pageId }))
    .mutation(async ({ ctx, input }) => {
      const account = await choose(ctx, input.pendingId, 'instagram', input.accountId);
      return {
        platform: 'instagram' as const,
        username: account.platformUsername ?? '',
        alreadyConnected: account.alreadyConnected,
      };
    }),

  /**
   * The chosen option of a pending connection of a network that picks through the shared picker
   * (its profile's `pendingChoice`: a LinkedIn Page, a Pinterest board, a Google Business Profile
   * location): the network is the pending row's. The id's form is the network's
   * (`choiceIdPattern`, VALIDATION_FAILED); an id not offered, another person's or an expired
   * pending choice is NOT_FOUND. Answers the network and the name of what was connected.
   */
  selectPendingChoice: authedProcedure
    .input(z.strictObject({ pendingId: id, choiceId: z.string().trim().min(1).max(200) }))
    .mutation(async ({ ctx, input }) => {
      const account = await selectPendingChoice(ctx.deps, {
        userId: ctx.user.id,
        pendingId: input.pendingId,
        choiceId: input.choiceId,
      });
      return {
        platform: account.platform,
        pageName: account.pageName ?? '',
        alreadyConnected: account.alreadyConnected,
      };
    }),
});
