// Who may do what in a workspace (issue 25; docs/workspaces.md). One table: the server's scoped
// procedure checks every call against it, and the UI asks it which buttons to show.

/** A member's role in a workspace, as stored (workspace_members.role). */
export const WORKSPACE_ROLES = ['owner', 'editor', 'reviewer', 'client'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** The pt-BR names shown in the UI and in messages. */
export const WORKSPACE_ROLE_LABELS = {
  owner: 'Proprietário',
  editor: 'Editor',
  reviewer: 'Revisor',
  client: 'Cliente',
} as const satisfies Record<WorkspaceRole, string>;

/** What a procedure does in a workspace; every workspace-scoped procedure names one. */
export const WORKSPACE_ACTIONS = [
  /** Read the workspace's themes, posts, calendar, dashboard, accounts, published posts, live events. */
  'workspace.read',
  /** Read only the posts waiting for the client ("Aprovação do cliente") and the published ones. */
  'posts.readClientView',
  /** Create, edit and delete themes (and draft their posts with the AI). */
  'themes.write',
  /** Create, edit, reschedule, retry and delete posts. */
  'posts.write',
  /** Upload, describe, reorder and remove images. */
  'media.write',
  /** Connect, reconnect, pick pages and disconnect network accounts. */
  'accounts.write',
  /** Comment on a post. */
  'posts.comment',
  /** Move a post on the approval board (draft, review, client, changes). */
  'approval.move',
  /** Approve a post (or send it back) as the team. */
  'approval.approve',
  /** Approve or ask for changes as the client (only posts in "Aprovação do cliente"). */
  'approval.clientDecide',
  /** Create and revoke client approval links. */
  'clientLinks.manage',
  /** Rename the workspace, change its logo and colour. */
  'workspace.settings',
  /** See the members page ("Equipe"): who is in the workspace, with which role (no invitations). */
  'members.read',
  /** Invite, remove and change the role of members; transfer ownership. */
  'members.manage',
  /** Leave the workspace (never its last owner, never one's personal workspace). */
  'workspace.leave',
  /** Delete the workspace and everything in it. */
  'workspace.delete',
] as const;
export type WorkspaceAction = (typeof WORKSPACE_ACTIONS)[number];

const all = WORKSPACE_ACTIONS;

/**
 * The permission matrix: the actions each role may take. Proprietário: everything. Editor: the
 * content and the accounts, not the members or the workspace itself. Revisor: read, comment and
 * the approval board, no edits. Cliente: the client's view, its decision and comments.
 */
export const WORKSPACE_PERMISSIONS = {
  owner: all,
  editor: [
    'workspace.read',
    'posts.readClientView',
    'themes.write',
    'posts.write',
    'media.write',
    'accounts.write',
    'posts.comment',
    'approval.move',
    'approval.approve',
    'clientLinks.manage',
    'members.read',
    'workspace.leave',
  ],
  reviewer: [
    'workspace.read',
    'posts.readClientView',
    'posts.comment',
    'approval.move',
    'approval.approve',
    'members.read',
    'workspace.leave',
  ],
  client: ['posts.readClientView', 'posts.comment', 'approval.clientDecide', 'workspace.leave'],
} as const satisfies Record<WorkspaceRole, readonly WorkspaceAction[]>;

const granted: Record<WorkspaceRole, ReadonlySet<WorkspaceAction>> = {
  owner: new Set(WORKSPACE_PERMISSIONS.owner),
  editor: new Set(WORKSPACE_PERMISSIONS.editor),
  reviewer: new Set(WORKSPACE_PERMISSIONS.reviewer),
  client: new Set(WORKSPACE_PERMISSIONS.client),
};

/** True when a member with this role may take this action; false for an unknown role. */
export function can(role: WorkspaceRole | null | undefined, action: WorkspaceAction): boolean {
  if (!role || !Object.hasOwn(granted, role)) return false;
  return granted[role].has(action);
}

export function isWorkspaceRole(value: unknown): value is WorkspaceRole {
  return typeof value === 'string' && (WORKSPACE_ROLES as readonly string[]).includes(value);
}

/** The request header naming the workspace a call works in; absent: the person's default workspace. */
export const WORKSPACE_HEADER = 'x-pauta-workspace';
