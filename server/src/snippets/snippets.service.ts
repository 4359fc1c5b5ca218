// Saved snippets (issue 30 item 5; docs/snippets.md): the workspace's hashtag groups and
// signatures. The fields go through core normalizeSnippet — the same check the browser makes —
// so a bad one is refused with SNIPPET_REFUSED and its pt-BR reason before anything is written.
import {
  AppError,
  normalizeSnippet,
  SNIPPETS_MAX_PER_WORKSPACE,
  type SnippetKind,
  type SnippetRefusal,
} from '@pauta/core';
import {
  createSnippet,
  deleteSnippet,
  listSnippets,
  reorderSnippets,
  type SnippetWriteResult,
  snippetKind,
  updateSnippet,
} from '@pauta/db';
import type { AppDeps } from '../deps.js';

type Deps = Pick<AppDeps, 'db'>;

function checked(input: { kind: SnippetKind; name: string; text: string }) {
  const result = normalizeSnippet(input);
  if (!result.ok) throw new AppError('SNIPPET_REFUSED', result.issue);
  return result.value;
}

function written(result: SnippetWriteResult) {
  if (result.ok) return { snippet: result.snippet };
  if (result.reason === 'NOT_FOUND') throw new AppError('NOT_FOUND');
  const reason: SnippetRefusal = result.reason;
  throw new AppError('SNIPPET_REFUSED', reason === 'NAME_TAKEN' ? { reason, field: 'name' } : { reason });
}

export async function snippetsOf(deps: Deps, workspaceId: string) {
  return { snippets: await listSnippets(deps.db, workspaceId), max: SNIPPETS_MAX_PER_WORKSPACE };
}

export async function createSnippetFor(
  deps: Deps,
  input: { workspaceId: string; userId: string; kind: SnippetKind; name: string; text: string },
) {
  const value = checked(input);
  return written(
    await createSnippet(deps.db, {
      workspaceId: input.workspaceId,
      userId: input.userId,
      ...value,
      max: SNIPPETS_MAX_PER_WORKSPACE,
    }),
  );
}

export async function updateSnippetOf(
  deps: Deps,
  input: { workspaceId: string; id: string; name: string; text: string },
) {
  const kind = await snippetKind(deps.db, input.workspaceId, input.id);
  if (!kind) throw new AppError('NOT_FOUND');
  const value = checked({ kind, name: input.name, text: input.text });
  return written(
    await updateSnippet(deps.db, {
      workspaceId: input.workspaceId,
      id: input.id,
      name: value.name,
      text: value.text,
    }),
  );
}

export async function deleteSnippetOf(deps: Deps, input: { workspaceId: string; id: string }) {
  if (!(await deleteSnippet(deps.db, input.workspaceId, input.id))) throw new AppError('NOT_FOUND');
  return { deleted: true as const };
}

export async function reorderSnippetsOf(deps: Deps, input: { workspaceId: string; ids: string[] }) {
  const snippets = await reorderSnippets(deps.db, input.workspaceId, input.ids);
  if (snippets === 'NOT_FOUND') throw new AppError('NOT_FOUND');
  if (snippets === 'STALE') throw new AppError('SNIPPET_REFUSED', { reason: 'REORDER_STALE' });
  return { snippets };
}
