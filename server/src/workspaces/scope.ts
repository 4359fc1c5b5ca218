// Which workspace a request works in, and may it (docs/workspaces.md). The one place membership is
// checked: the tRPC scoped procedure (trpc.ts workspaceProcedure) and the upload route
// (media/media.routes.ts) both call resolveWorkspace.
import { AppError, can, type WorkspaceAction, type WorkspaceRole } from '@pauta/core';
import { findDefaultMembership, findMembership } from '@pauta/db';
import type { AppDeps } from '../deps.js';

/** The workspace a scoped call works in, and the caller's role there. */
export interface WorkspaceScope {
  id: string;
  role: WorkspaceRole;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The workspace the request names (`requested`: the x-pauta-workspace header) or, without one,
 * the person's default workspace (their personal one); the person's role there, read once; the
 * action checked against core's permission table. `readOnly` (a GET) may use the membership kept
 * in memory, dropped on PostgreSQL's `member:` notice; a mutation always reads the row
 * (docs/performance.md C8), so a removed member's next write is refused at once. A workspace the
 * person is not a member of looks exactly like one that does not exist (WORKSPACE_UNAVAILABLE);
 * a member whose role does not allow the action gets FORBIDDEN.
 */
export async function resolveWorkspace(
  deps: Pick<AppDeps, 'db' | 'cache'>,
  options: { userId: string; requested: string | null; action: WorkspaceAction; readOnly: boolean },
): Promise<WorkspaceScope> {
  const { userId, requested } = options;
  if (requested !== null && !UUID.test(requested)) throw new AppError('WORKSPACE_UNAVAILABLE');
  const db = deps.db;
  const load = () =>
    requested === null
      ? // The personal workspace (id = the person's id) answers by primary key; else the oldest.
        findMembership(db, userId, userId).then((m) => m ?? findDefaultMembership(db, userId))
      : findMembership(db, requested.toLowerCase(), userId);
  const cache = options.readOnly ? deps.cache : undefined;
  const key = requested === null ? `default:${userId}` : `${requested.toLowerCase()}:${userId}`;
  const membership = cache ? await cache.membership(key, load) : await load();
  if (!membership) throw new AppError('WORKSPACE_UNAVAILABLE');
  if (!can(membership.role, options.action)) throw new AppError('FORBIDDEN');
  return { id: membership.workspaceId, role: membership.role };
}
