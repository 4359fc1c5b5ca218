// Saved snippets (issue 30 item 5; docs/snippets.md): `snippets.*`, the workspace's hashtag
// groups and signatures. Read by every member who reads the workspace; written by those who write
// posts (posts.write: Proprietário and Editor). Mutations are idempotent through the shared
// Idempotency-Key middleware (docs/idempotency.md). The input bounds here only stop absurd
// payloads; the limits a person meets (SNIPPET_NAME_MAX, SNIPPET_TEXT_MAX…) are checked by the
// service with their pt-BR reason (SNIPPET_REFUSED).
import { SNIPPET_KINDS, SNIPPETS_MAX_PER_WORKSPACE } from '@pauta/core';
import { z } from 'zod';
import {
  createSnippetFor,
  deleteSnippetOf,
  reorderSnippetsOf,
  snippetsOf,
  updateSnippetOf,
} from '../snippets/snippets.service.js';
import { router, workspaceProcedure } from './trpc.js';

const id = z.uuid();
const name = z.string().max(1_000);
const text = z.string().max(10_000);

export const snippetsRouter = router({
  /** The workspace's snippets in their order, and the cap. */
  list: workspaceProcedure('workspace.read').query(({ ctx }) => snippetsOf(ctx.deps, ctx.workspace.id)),

  /** "Criar trecho". */
  create: workspaceProcedure('posts.write')
    .input(z.strictObject({ kind: z.enum(SNIPPET_KINDS), name, text }))
    .mutation(({ ctx, input }) =>
      createSnippetFor(ctx.deps, { workspaceId: ctx.workspace.id, userId: ctx.user.id, ...input }),
    ),

  /** "Salvar trecho": name and text (the kind stays). */
  update: workspaceProcedure('posts.write')
    .input(z.strictObject({ id, name, text }))
    .mutation(({ ctx, input }) => updateSnippetOf(ctx.deps, { workspaceId: ctx.workspace.id, ...input })),

  /** "Excluir". */
  delete: workspaceProcedure('posts.write')
    .input(z.strictObject({ id }))
    .mutation(({ ctx, input }) => deleteSnippetOf(ctx.deps, { workspaceId: ctx.workspace.id, id: input.id })),

  /** The whole list in its new order (the arrows of "Trechos salvos"). */
  reorder: workspaceProcedure('posts.write')
    .input(z.strictObject({ ids: z.array(id).max(SNIPPETS_MAX_PER_WORKSPACE) }))
    .mutation(({ ctx, input }) =>
      reorderSnippetsOf(ctx.deps, { workspaceId: ctx.workspace.id, ids: input.ids }),
    ),
});
