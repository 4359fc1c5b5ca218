// The UI asks the one permission table (core/src/workspaces/permissions.ts) which actions to
// offer: `useCan(action)` reads the person's role in the workspace on screen from the workspace
// list (WorkspaceScope). The server checks every call against the same table; hiding a button
// only spares the person a refusal.
import { ADMIN_VIEWS, can, type View, type WorkspaceAction, type WorkspaceRole } from '@pauta/core';
import { useSessionUser } from './session';
import { useWorkspace } from './WorkspaceScope';

/**
 * The person's role in the workspace on screen; null while the list loads (or failed) — except in
 * their personal workspace (its id is theirs), which they own, so its buttons never flicker in.
 * Outside a WorkspaceScope (a component rendered alone) calls carry no workspace header and go to
 * the person's default workspace, their personal one: its owner.
 */
export function useWorkspaceRole(): WorkspaceRole | null {
  const workspace = useWorkspace();
  const user = useSessionUser();
  if (!workspace) return 'owner';
  const role = workspace.workspaces.find((w) => w.id === workspace.id)?.role;
  if (role) return role;
  return workspace.workspaces.length === 0 && user && workspace.id === user.id ? 'owner' : null;
}

/** True when the person may take `action` in the workspace on screen (false while unknown). */
export function useCan(action: WorkspaceAction): boolean {
  return can(useWorkspaceRole(), action);
}

/**
 * The views that show nothing of the workspace but the client's view: open to every member. Every
 * other view reads the workspace (`workspace.read`), so a Cliente is sent to "Para aprovar".
 */
const OPEN_VIEWS: readonly View[] = [
  'client-view',
  // Equipe answers a Cliente itself: no list (members.read), only "Sair deste cliente".
  'members',
  'settings',
  'privacy-policy',
  'data-deletion',
  ...ADMIN_VIEWS,
];

/** True when the role may open the view (an unknown role may: the server refuses what it must). */
export function viewAllowed(role: WorkspaceRole | null, view: View): boolean {
  return role === null || can(role, 'workspace.read') || OPEN_VIEWS.includes(view);
}

/** Views that exist only to change something: a role without the action sees a notice instead. */
const WRITE_VIEWS: Partial<Record<View, WorkspaceAction>> = {
  create: 'themes.write',
  edit: 'themes.write',
  'suggested-posts': 'themes.write',
};

/** True when the view is one of changes the role may not make (a Revisor on "Criar Novo Tema"). */
export function viewReadOnly(role: WorkspaceRole | null, view: View): boolean {
  const action = WRITE_VIEWS[view];
  return role !== null && action !== undefined && !can(role, action);
}
