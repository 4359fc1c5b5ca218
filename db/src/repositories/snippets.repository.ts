// Saved snippets (docs/snippets.md): a workspace's hashtag groups and signatures. Every read and
// write is scoped by workspace_id (the caller passes ctx.workspace.id); an id of another
// workspace's snippet is simply not found. Every write that checks something across rows (the
// cap, a taken name, the order) holds the workspace's row lock, so two at once cannot both pass.
import type { SnippetKind } from '@pauta/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.js';
import { lockWorkspace } from './workspaces.repository.js';

export interface SnippetView {
  id: string;
  kind: SnippetKind;
  name: string;
  text: string;
  position: number;
  createdAt: Date;
  updatedAt: Date;
}

const COLUMNS = ['id', 'kind', 'name', 'text', 'position', 'created_at', 'updated_at'] as const;

function toView(row: {
  id: string;
  kind: SnippetKind;
  name: string;
  text: string;
  position: number;
  created_at: Date;
  updated_at: Date;
}): SnippetView {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    text: row.text,
    position: row.position,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The workspace's snippets in their order. */
export async function listSnippets(db: Kysely<Database>, workspaceId: string): Promise<SnippetView[]> {
  const rows = await db
    .selectFrom('snippets')
    .select(COLUMNS)
    .where('workspace_id', '=', workspaceId)
    .orderBy('position')
    .orderBy('created_at')
    .execute();
  return rows.map(toView);
}

/** Another snippet of the workspace with the same name, whatever its case (`except`: the one being renamed). */
async function nameTaken(db: Kysely<Database>, workspaceId: string, name: string, except?: string) {
  let query = db
    .selectFrom('snippets')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (except) query = query.where('id', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}

export type SnippetWriteResult =
  | { ok: true; snippet: SnippetView }
  | { ok: false; reason: 'NAME_TAKEN' | 'LIMIT_REACHED' | 'NOT_FOUND' };

/** A new snippet at the end of the list; refused past `max` per workspace or with a taken name. */
export async function createSnippet(
  db: Kysely<Database>,
  input: { workspaceId: string; userId: string; kind: SnippetKind; name: string; text: string; max: number },
): Promise<SnippetWriteResult> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockWorkspace(trx, input.workspaceId))) return { ok: false, reason: 'NOT_FOUND' };
    const { count, last } = await trx
      .selectFrom('snippets')
      .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.max('position').as('last')])
      .where('workspace_id', '=', input.workspaceId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= input.max) return { ok: false, reason: 'LIMIT_REACHED' };
    if (await nameTaken(trx, input.workspaceId, input.name)) return { ok: false, reason: 'NAME_TAKEN' };
    const row = await trx
      .insertInto('snippets')
      .values({
        workspace_id: input.workspaceId,
        kind: input.kind,
        name: input.name,
        text: input.text,
        position: (last ?? -1) + 1,
        created_by: input.userId,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return { ok: true, snippet: toView(row) };
  });
}

/** A snippet's name and text (its kind stays); NOT_FOUND outside the workspace. */
export async function updateSnippet(
  db: Kysely<Database>,
  input: { workspaceId: string; id: string; name: string; text: string },
): Promise<SnippetWriteResult> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockWorkspace(trx, input.workspaceId))) return { ok: false, reason: 'NOT_FOUND' };
    if (await nameTaken(trx, input.workspaceId, input.name, input.id))
      return { ok: false, reason: 'NAME_TAKEN' };
    const row = await trx
      .updateTable('snippets')
      .set({ name: input.name, text: input.text, updated_at: new Date() })
      .where('workspace_id', '=', input.workspaceId)
      .where('id', '=', input.id)
      .returning(COLUMNS)
      .executeTakeFirst();
    return row ? { ok: true, snippet: toView(row) } : { ok: false, reason: 'NOT_FOUND' };
  });
}

/** The kind of a snippet of the workspace (what its text is checked as), or null. */
export async function snippetKind(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<SnippetKind | null> {
  const row = await db
    .selectFrom('snippets')
    .select('kind')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.kind ?? null;
}

/** Deletes a snippet of the workspace; false when there is none with that id. */
export async function deleteSnippet(db: Kysely<Database>, workspaceId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('snippets')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Puts the workspace's snippets in the order of `ids`, which must name each of them exactly once.
 * Else nothing changes: NOT_FOUND when an id is not one of the workspace's (another workspace's
 * snippet is simply not found), STALE when the list changed meanwhile (one added or deleted).
 */
export async function reorderSnippets(
  db: Kysely<Database>,
  workspaceId: string,
  ids: string[],
): Promise<SnippetView[] | 'NOT_FOUND' | 'STALE'> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockWorkspace(trx, workspaceId))) return 'NOT_FOUND';
    const current = await trx
      .selectFrom('snippets')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .execute();
    const mine = new Set(current.map((r) => r.id));
    if (ids.some((id) => !mine.has(id))) return 'NOT_FOUND';
    if (new Set(ids).size !== ids.length || ids.length !== current.length) return 'STALE';
    for (const [position, id] of ids.entries()) {
      await trx
        .updateTable('snippets')
        .set({ position })
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .where('position', '<>', position)
        .execute();
    }
    return listSnippets(trx, workspaceId);
  });
}
