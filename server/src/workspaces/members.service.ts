// The members page ("Equipe", docs/workspaces.md): list, change a role, remove, transfer the
// ownership, leave. The rules (the last owner never leaves nor is demoted, a personal workspace
// keeps its person as owner) and the lock that makes them hold under concurrency are in the
// repository (db members.repository.ts); this side logs and shapes the answers.
import type { WorkspaceRole } from '@pauta/core';
import { changeMemberRole, leaveWorkspace, listMembers, removeMember, transferOwnership } from '@pauta/db';
import type { AppDeps } from '../deps.js';

type Deps = Pick<AppDeps, 'db' | 'logger'>;

export interface MemberView {
  userId: string;
  name: string | null;
  email: string;
  role: WorkspaceRole;
  since: Date;
}

export async function membersOf(
  deps: Pick<AppDeps, 'db'>,
  workspaceId: string,
): Promise<{ members: MemberView[] }> {
  return { members: await listMembers(deps.db, workspaceId) };
}

export async function changeRole(
  deps: Deps,
  input: { workspaceId: string; actorId: string; userId: string; role: WorkspaceRole },
): Promise<{ changed: boolean }> {
  const result = await changeMemberRole(deps.db, input);
  if (result.changed)
    deps.logger.info(
      { workspaceId: input.workspaceId, actorId: input.actorId, userId: input.userId, role: input.role },
      'papel de membro alterado',
    );
  return result;
}

export async function remove(
  deps: Deps,
  input: { workspaceId: string; actorId: string; userId: string },
): Promise<{ removed: boolean }> {
  const { removed } = await removeMember(deps.db, input);
  if (removed)
    deps.logger.info(
      { workspaceId: input.workspaceId, actorId: input.actorId, userId: input.userId },
      'membro removido do cliente',
    );
  return { removed };
}

export async function leave(
  deps: Deps,
  input: { workspaceId: string; userId: string },
): Promise<{ left: true }> {
  await leaveWorkspace(deps.db, input);
  deps.logger.info({ workspaceId: input.workspaceId, userId: input.userId }, 'membro saiu do cliente');
  return { left: true };
}

export async function transfer(
  deps: Deps,
  input: { workspaceId: string; actorId: string; userId: string },
): Promise<{ ok: true }> {
  await transferOwnership(deps.db, input);
  deps.logger.info(
    { workspaceId: input.workspaceId, actorId: input.actorId, userId: input.userId },
    'propriedade do cliente transferida',
  );
  return { ok: true };
}
