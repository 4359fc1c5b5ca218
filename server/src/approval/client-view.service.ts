// The Cliente member's view (issue 25; docs/workspaces.md "The Cliente view"): the account-based
// sibling of the client approval link. A member whose role may `posts.readClientView` sees the
// workspace's posts waiting in "Aprovação do cliente" (as the link's page shows them) and its
// published posts; one whose role may `approval.clientDecide` approves or asks for changes with
// the link's own decision (decideAsClient): the same locked move, history, comment, live event,
// emails (to the workspace's owners) and wake-up.
import { can, WORKSPACE_ROLES } from '@pauta/core';
import {
  findProfile,
  listActiveAccounts,
  listClientLinkPosts,
  listMediaForPosts,
  listWorkspaceOwners,
} from '@pauta/db';
import {
  type ClientActionAnswer,
  type ClientDeps,
  type ClientPageAccount,
  type ClientPagePost,
  decideAsClient,
  presentClientAccounts,
  presentClientPosts,
} from './client-link.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function encodePendingCursor(post: { scheduledFor: Date | null; id: string }): string {
  return Buffer.from(JSON.stringify([post.scheduledFor?.toISOString() ?? null, post.id])).toString(
    'base64url',
  );
}

/** The key of a cursor made by encodePendingCursor; null for anything else. */
export function decodePendingCursor(cursor: string): { scheduledFor: Date | null; id: string } | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [time, id] = value as unknown[];
    if (typeof id !== 'string' || !UUID.test(id)) return null;
    if (time === null) return { scheduledFor: null, id };
    if (typeof time !== 'string') return null;
    const date = new Date(time);
    return Number.isNaN(date.getTime()) ? null : { scheduledFor: date, id };
  } catch {
    return null;
  }
}

export interface ClientPendingPage {
  posts: ClientPagePost[];
  /** The workspace's connected accounts (for the previews' name and photo). */
  accounts: ClientPageAccount[];
  nextCursor: string | null;
}

/** "Para aprovar": one page of the workspace's posts waiting for the client, oldest date first. */
export async function clientPending(
  deps: Pick<ClientDeps, 'db' | 'media'>,
  input: { workspaceId: string; after: { scheduledFor: Date | null; id: string } | null; limit: number },
  now = new Date(),
): Promise<ClientPendingPage> {
  const scope = { workspace_id: input.workspaceId, theme_id: null, period_start: null, period_end: null };
  const [rows, accounts] = await Promise.all([
    listClientLinkPosts(deps.db, scope, input.limit + 1, input.after),
    listActiveAccounts(deps.db, input.workspaceId),
  ]);
  const page = rows.slice(0, input.limit);
  const media = await listMediaForPosts(
    deps.db,
    page.map((r) => r.id),
    { workspaceId: input.workspaceId },
  );
  const posts = presentClientPosts(page, media, deps.media?.signingKey, now);
  const last = posts[posts.length - 1];
  return {
    posts,
    accounts: presentClientAccounts(accounts),
    nextCursor: rows.length > input.limit && last ? encodePendingCursor(last) : null,
  };
}

/** The roles that may decide as the client, read from the permission table. */
const DECIDING_ROLES = WORKSPACE_ROLES.filter((role) => can(role, 'approval.clientDecide'));

/**
 * "Aprovar" / "Pedir alterações" from the member's own login. The history and the comment carry
 * the member's name; the workspace's owners are emailed. A repeat changes nothing; a post no
 * longer waiting for the client is CONFLICT (NOT_PENDING), one outside the workspace NOT_FOUND.
 */
export async function clientDecide(
  deps: ClientDeps,
  input: {
    workspaceId: string;
    userId: string;
    postId: string;
    decision: 'approve' | 'changes';
    comment: string | null;
  },
): Promise<ClientActionAnswer> {
  const [profile, owners] = await Promise.all([
    findProfile(deps.db, input.userId),
    listWorkspaceOwners(deps.db, input.workspaceId),
  ]);
  const name =
    [profile?.first_name, profile?.last_name]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(' ') ||
    profile?.email ||
    'Cliente';
  return decideAsClient(deps, {
    source: {
      kind: 'member',
      workspaceId: input.workspaceId,
      userId: input.userId,
      label: name,
      roles: DECIDING_ROLES,
    },
    clientName: name,
    notify: owners.filter((id) => id !== input.userId),
    postId: input.postId,
    decision: input.decision,
    comment: input.comment,
  });
}
