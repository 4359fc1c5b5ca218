// Members and invitations of a workspace (issue 25, items 2–3; docs/workspaces.md).
import type { WorkspaceRole } from './permissions.js';

/** How long an invitation link stays valid: a week is enough to see an email and act on it. */
export const INVITATION_TTL_DAYS = 7;
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

/** The roles an invitation may carry: ownership is handed over by "Transferir propriedade". */
export const INVITABLE_ROLES = ['editor', 'reviewer', 'client'] as const satisfies readonly WorkspaceRole[];
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** An invitation as its link's page sees it. */
export type InvitationStatus = 'pending' | 'expired' | 'revoked' | 'used' | 'invalid';

/** The public page of an invitation link. */
export const INVITATION_PATH = '/convite';
