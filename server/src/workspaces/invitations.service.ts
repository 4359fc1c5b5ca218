// Invitations to a workspace (docs/workspaces.md, "Invitations"). The link is a single-use
// `<id>.<secret>` token of auth/link-token.ts (as password resets): only SHA-256 of the secret is
// stored, the email carries the link as a sealed secret of the outbox (never stored in clear), and
// `${APP_URL}/convite?token=…` opens the page that shows and accepts it. Valid for
// INVITATION_TTL_DAYS; "Reenviar" issues a new link and revokes the old one.
import {
  AppError,
  INVITATION_PATH,
  INVITATION_TTL_DAYS,
  INVITATION_TTL_MS,
  type InvitableRole,
  type InvitationStatus,
  WORKSPACE_ROLE_LABELS,
  type WorkspaceRole,
} from '@pauta/core';
import {
  acceptInvitation,
  createInvitation,
  findInvitation,
  findProfile,
  type InvitationRow,
  listOpenInvitations,
  queueTemplatedEmail,
  revokeInvitation,
} from '@pauta/db';
import { linkSecretMatches, newLinkToken, parseLinkToken } from '../auth/link-token.js';
import { assertNotBlocked, countFailure } from '../auth/rate-limit.js';
import type { AppDeps, EmailDeps } from '../deps.js';
import { outboxDeps } from '../email/notifications.js';
import { deliverInBackground } from '../email/outbox.js';

export const INVITATION_TEMPLATE = 'workspace_invitation';

/** An open invitation as the members page lists it (never its token). */
export interface InvitationView {
  id: string;
  email: string;
  role: InvitableRole;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
  expired: boolean;
}

function toView(row: InvitationRow, now: Date): InvitationView {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.inviterName ?? row.inviterEmail,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    expired: row.expiresAt.getTime() <= now.getTime(),
  };
}

export async function invitationsOf(
  deps: Pick<AppDeps, 'db'>,
  workspaceId: string,
  now = new Date(),
): Promise<{ invitations: InvitationView[] }> {
  const rows = await listOpenInvitations(deps.db, workspaceId);
  return { invitations: rows.map((row) => toView(row, now)) };
}

/** The link of an invitation token. */
export function invitationUrl(appUrl: string, token: string): string {
  return `${appUrl}${INVITATION_PATH}?token=${encodeURIComponent(token)}`;
}

/** Invitations (and Reenviar) one person sends: 20 an hour, then they wait an hour. */
export const INVITATION_LIMIT = { limit: 20, windowMs: 60 * 60_000, blockMs: 60 * 60_000 } as const;

/**
 * Invites `email` with `role`: a new link (revoking the open one for that email, if any), emailed
 * through the template 'workspace_invitation'. CONFLICT ALREADY_MEMBER when a member has the email.
 */
export async function invite(
  deps: EmailDeps,
  input: { workspaceId: string; actorId: string; email: string; role: InvitableRole },
  now = new Date(),
): Promise<{ invitation: InvitationView; emailId: string | null }> {
  const email = input.email.trim().toLowerCase();
  // Each invitation is an email from Pauta to an address someone typed: a person sends at most
  // INVITATION_LIMIT.limit an hour (Reenviar counts), counted in PostgreSQL across web processes.
  const limitKey = `invite:actor:${input.actorId}`;
  await assertNotBlocked(deps.db, [limitKey], now);
  await countFailure(deps.db, limitKey, INVITATION_LIMIT, now);
  const { id, token, secretHash } = newLinkToken();
  const { workspaceName } = await createInvitation(deps.db, {
    id,
    workspaceId: input.workspaceId,
    actorId: input.actorId,
    email,
    role: input.role,
    secretHash,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    now,
  });
  const profile = await findProfile(deps.db, input.actorId);
  const inviterName = [profile?.first_name, profile?.last_name].filter(Boolean).join(' ').trim();
  const emailId = await queueTemplatedEmail(deps.db, {
    templateName: INVITATION_TEMPLATE,
    to: email,
    variables: {
      inviter_name: inviterName || (profile?.email ?? 'Uma pessoa da sua equipe'),
      workspace_name: workspaceName,
      role: WORKSPACE_ROLE_LABELS[input.role],
      expires_in_days: String(INVITATION_TTL_DAYS),
      email,
    },
    secrets: { values: { invite_url: invitationUrl(deps.env.appUrl, token) }, keyring: deps.env.keyring },
  });
  if (emailId) void deliverInBackground(outboxDeps(deps), [emailId]);
  else
    deps.logger.warn({ workspaceId: input.workspaceId }, 'template workspace_invitation ausente ou inativo');
  deps.logger.info(
    { workspaceId: input.workspaceId, actorId: input.actorId, invitationId: id, role: input.role },
    'convite enviado',
  );
  const row = await findInvitation(deps.db, id);
  if (!row) throw new AppError('INTERNAL');
  return { invitation: toView(row, now), emailId };
}

/** "Reenviar": a new link for the same email and role; the previous link stops working. */
export async function resend(
  deps: EmailDeps,
  input: { workspaceId: string; actorId: string; invitationId: string },
  now = new Date(),
): Promise<{ invitation: InvitationView; emailId: string | null }> {
  const row = await findInvitation(deps.db, input.invitationId);
  if (!row || row.workspaceId !== input.workspaceId || row.acceptedAt || row.revokedAt)
    throw new AppError('NOT_FOUND');
  return invite(
    deps,
    { workspaceId: input.workspaceId, actorId: input.actorId, email: row.email, role: row.role },
    now,
  );
}

/** "Revogar": at once and for good; NOT_FOUND for another workspace's or an unknown id. */
export async function revoke(
  deps: Pick<AppDeps, 'db' | 'logger'>,
  input: { workspaceId: string; invitationId: string },
  now = new Date(),
): Promise<{ revoked: true }> {
  const row = await revokeInvitation(deps.db, {
    workspaceId: input.workspaceId,
    id: input.invitationId,
    now,
  });
  if (!row) throw new AppError('NOT_FOUND');
  deps.logger.info({ workspaceId: input.workspaceId, invitationId: input.invitationId }, 'convite revogado');
  return { revoked: true };
}

/** The invitation a well-formed token with the right secret names, or undefined. */
async function invitationOfToken(
  deps: Pick<AppDeps, 'db'>,
  token: string,
): Promise<InvitationRow | undefined> {
  const parsed = parseLinkToken(token);
  if (!parsed) return undefined;
  const row = await findInvitation(deps.db, parsed.id);
  return row && linkSecretMatches(row.secretHash, parsed.secret) ? row : undefined;
}

export interface InvitationPreview {
  status: InvitationStatus;
  /** Present while pending: what the page shows. */
  invitation?: { workspaceName: string; inviterName: string | null; role: InvitableRole; email: string };
}

/** What the link's page shows, for anyone holding the link (signed in or not). Spends nothing. */
export async function previewInvitation(
  deps: Pick<AppDeps, 'db'>,
  token: string,
  now = new Date(),
): Promise<InvitationPreview> {
  const row = await invitationOfToken(deps, token);
  if (!row) return { status: 'invalid' };
  if (row.revokedAt) return { status: 'revoked' };
  if (row.acceptedAt) return { status: 'used' };
  if (row.expiresAt.getTime() <= now.getTime()) return { status: 'expired' };
  return {
    status: 'pending',
    invitation: {
      workspaceName: row.workspaceName,
      inviterName: row.inviterName ?? row.inviterEmail,
      role: row.role,
      email: row.email,
    },
  };
}

/**
 * Accepts the invitation as the signed-in person, whose email must be the invited one. Accepting
 * again (still a member) answers the same. Refusals: VALIDATION_FAILED with reason INVITATION_*.
 */
export async function accept(
  deps: Pick<AppDeps, 'db' | 'logger'>,
  input: { token: string; userId: string; userEmail: string },
  now = new Date(),
): Promise<{ workspaceId: string; workspaceName: string; role: WorkspaceRole }> {
  const row = await invitationOfToken(deps, input.token);
  if (!row) throw new AppError('VALIDATION_FAILED', { reason: 'INVITATION_INVALID' });
  const result = await acceptInvitation(deps.db, {
    id: row.id,
    userId: input.userId,
    userEmail: input.userEmail,
    now,
  });
  deps.logger.info(
    { workspaceId: result.workspaceId, userId: input.userId, invitationId: row.id },
    'convite aceito',
  );
  return result;
}
