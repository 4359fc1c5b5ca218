// Client approval links (issue 17 item 3; docs/approval.md "The client approval link"). The
// owner's side (create, list, revoke) is owner-scoped; the client's side starts from the SHA-256
// of the token the link carries and sees only the link owner's posts waiting in 'client' within
// the link's scope (one theme, or a period of scheduled_for). Stage moves go through
// moveApprovalStageIn — the same locked, fenced move as the owner's (A4–A6) — inside a
// transaction that holds the link row FOR SHARE, so a revoke and an action are ordered: the
// revoke waits for an action in flight, and an action after the revoke finds no valid link.
import type { ApprovalStage, Platform } from '@pauta/core';
import { type Kysely, type RawBuilder, type Selectable, sql, type Transaction } from 'kysely';
import type { ClientApprovalLinksTable, Database } from '../schema.js';
import { type MovedPost, moveApprovalStageIn } from './approval.repository.js';

export interface ClientLinkScope {
  themeId: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
}

/** A link as the owner sees it: the stored row without its token hash and request key. */
export type ClientLinkRow = Omit<Selectable<ClientApprovalLinksTable>, 'token_hash' | 'request_key'>;

const LINK_COLUMNS = [
  'id',
  'workspace_id',
  'user_id',
  'client_name',
  'theme_id',
  'period_start',
  'period_end',
  'expires_at',
  'revoked_at',
  'last_used_at',
  'created_at',
] as const;

/**
 * A new link, or — the same owner and `requestKey` again (a repeated request of one click) — the
 * same row with the new token's hash: one link, and only the latest answer's token opens it
 * (the token is never stored, so a repeat cannot be answered with the first one).
 */
export async function insertClientLink(
  db: Kysely<Database>,
  link: {
    /** The link's workspace; the creator (user_id) is `userId`. */
    workspaceId: string;
    userId: string;
    requestKey: string;
    tokenHash: Uint8Array;
    clientName: string;
    scope: ClientLinkScope;
    expiresAt: Date;
  },
): Promise<ClientLinkRow & { created: boolean }> {
  const row = await db
    .insertInto('client_approval_links')
    .values({
      workspace_id: link.workspaceId,
      user_id: link.userId,
      request_key: link.requestKey,
      token_hash: link.tokenHash,
      client_name: link.clientName,
      theme_id: link.scope.themeId,
      period_start: link.scope.periodStart,
      period_end: link.scope.periodEnd,
      expires_at: link.expiresAt,
    })
    .onConflict((oc) =>
      oc.constraint('client_approval_links_request_key_unique').doUpdateSet({ token_hash: link.tokenHash }),
    )
    .returning([...LINK_COLUMNS, sql<boolean>`(xmax = 0)`.as('created')])
    .executeTakeFirstOrThrow();
  return row;
}

export interface ClientLinkListRow extends ClientLinkRow {
  theme_name: string | null;
}

/** The workspace's links, newest first. */
export async function listClientLinks(
  db: Kysely<Database>,
  workspaceId: string,
  limit = 100,
): Promise<ClientLinkListRow[]> {
  return db
    .selectFrom('client_approval_links as l')
    .leftJoin('themes as t', 't.id', 'l.theme_id')
    .select([...LINK_COLUMNS.map((c) => `l.${c}` as const), 't.name as theme_name'])
    .where('l.workspace_id', '=', workspaceId)
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id')
    .limit(limit)
    .execute();
}

/** Revokes one of the owner's links; a second revoke keeps the first time. Undefined: not theirs. */
export async function revokeClientLink(
  db: Kysely<Database>,
  options: { workspaceId: string; linkId: string },
): Promise<ClientLinkRow | undefined> {
  return db
    .updateTable('client_approval_links')
    .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())` })
    .where('id', '=', options.linkId)
    .where('workspace_id', '=', options.workspaceId)
    .returning(LINK_COLUMNS)
    .executeTakeFirst();
}

/** The link a token's hash opens (valid or not: the caller tells expired from revoked). */
export async function findClientLinkByHash(
  db: Kysely<Database>,
  tokenHash: Uint8Array,
): Promise<ClientLinkRow | undefined> {
  return db
    .selectFrom('client_approval_links')
    .select(LINK_COLUMNS)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** "Último uso": written at most once a minute per link. */
export async function touchClientLink(db: Kysely<Database>, linkId: string): Promise<void> {
  await db
    .updateTable('client_approval_links')
    .set({ last_used_at: sql<Date>`now()` })
    .where('id', '=', linkId)
    .where((eb) =>
      eb.or([
        eb('last_used_at', 'is', null),
        eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`),
      ]),
    )
    .execute();
}

export interface ClientLinkPost {
  id: string;
  platform: Platform;
  title: string;
  content: string;
  scheduled_for: Date | null;
  theme_name: string;
}

/** What a link shows: one theme, or a period; neither is a Cliente member's view (all the posts). */
type LinkScope = Pick<ClientLinkRow, 'theme_id' | 'period_start' | 'period_end'>;

/** The posts (as `sp`) within `scope`: its theme's, or scheduled in its period [start, end); else all. */
function inLinkScope(scope: LinkScope): RawBuilder<boolean> {
  if (scope.theme_id) return sql<boolean>`sp.theme_id = ${scope.theme_id}`;
  if (scope.period_start && scope.period_end)
    return sql<boolean>`sp.scheduled_for >= ${scope.period_start} AND sp.scheduled_for < ${scope.period_end}`;
  return sql<boolean>`true`;
}

/**
 * The posts waiting for the client ('client' stage, not published) of a workspace: within a
 * link's scope (one theme or a period), or — a Cliente member's view, no theme and no period —
 * all of the workspace's. Ordered by date (undated last), then id; `after` continues a page.
 */
export async function listClientLinkPosts(
  db: Kysely<Database>,
  link: Pick<ClientLinkRow, 'workspace_id' | 'theme_id' | 'period_start' | 'period_end'>,
  limit = 100,
  after: { scheduledFor: Date | null; id: string } | null = null,
): Promise<ClientLinkPost[]> {
  let query = db
    .selectFrom('suggested_posts as sp')
    .innerJoin('themes as t', 't.id', 'sp.theme_id')
    .select(['sp.id', 'sp.platform', 'sp.title', 'sp.content', 'sp.scheduled_for', 't.name as theme_name'])
    .where('sp.workspace_id', '=', link.workspace_id)
    .where('sp.approval_stage', '=', 'client')
    .where('sp.status', '<>', 'published')
    .where(inLinkScope(link));
  // Milliseconds, as a Date carries them: the cursor's key compares exactly with the order.
  const at = sql<Date>`coalesce(date_trunc('milliseconds', sp.scheduled_for), 'infinity'::timestamptz)`;
  if (after)
    query = query.where(
      sql<boolean>`(${at}, sp.id) > (${after.scheduledFor ?? 'infinity'}::timestamptz, ${after.id}::uuid)`,
    );
  return query.orderBy(at).orderBy('sp.id').limit(limit).execute();
}

export type ClientActionResult =
  /** The link expired or was revoked meanwhile (or the member lost the role that decides). */
  | { kind: 'link_invalid' }
  /** Not a post of this link (another owner, theme, period — or no such post). */
  | { kind: 'not_found' }
  /** In scope, but no longer waiting for the client (the owner moved it). */
  | { kind: 'not_pending' }
  | { kind: 'unchanged'; post: MovedPost }
  | { kind: 'moved'; post: MovedPost; title: string };

/** Who decides as the client: a link, or a Cliente member signed in with their own account. */
export type ClientDecisionSource =
  | { kind: 'link'; linkId: string }
  | {
      kind: 'member';
      workspaceId: string;
      userId: string;
      /** The name written in the history and on the comment. */
      label: string;
      /** The roles that may decide as the client (from the permission table, core). */
      roles: readonly string[];
    };

/**
 * The client's "Aprovar" (to 'approved') or "Pedir ajustes" (to 'changes', with a comment), in one
 * transaction: the link row (or the member's membership) held FOR SHARE and re-checked (not
 * revoked, not expired; still a member with a deciding role), the post locked and re-checked in
 * scope, then the owner's own fenced move (moveApprovalStageIn) with actor 'client' and the
 * client's name; the comment is written only when the post moved (a repeat changes nothing).
 * `afterMove` runs in the same transaction (the owner's email).
 */
export async function applyClientAction(
  db: Kysely<Database>,
  options: {
    source: ClientDecisionSource;
    postId: string;
    to: Extract<ApprovalStage, 'approved' | 'changes'>;
    comment: string | null;
    afterMove?: (trx: Transaction<Database>, moved: { post: MovedPost; title: string }) => Promise<void>;
  },
): Promise<ClientActionResult> {
  const { source } = options;
  return db.transaction().execute(async (trx) => {
    let workspaceId: string;
    let scope: LinkScope;
    let by: { actor: 'client'; userId: string | null; label: string };
    if (source.kind === 'link') {
      const link = await trx
        .selectFrom('client_approval_links')
        .select(LINK_COLUMNS)
        .where('id', '=', source.linkId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .forShare()
        .executeTakeFirst();
      if (!link) return { kind: 'link_invalid' as const };
      workspaceId = link.workspace_id;
      scope = link;
      by = { actor: 'client', userId: null, label: link.client_name };
    } else {
      // The membership is re-read and held: a removal or a role change waits for the decision,
      // and a decision after it finds no deciding member.
      const member = await trx
        .selectFrom('workspace_members')
        .select('role')
        .where('workspace_id', '=', source.workspaceId)
        .where('user_id', '=', source.userId)
        .forShare()
        .executeTakeFirst();
      if (!member || !source.roles.includes(member.role)) return { kind: 'link_invalid' as const };
      workspaceId = source.workspaceId;
      scope = { theme_id: null, period_start: null, period_end: null };
      by = { actor: 'client', userId: source.userId, label: source.label };
    }
    const post = await trx
      .selectFrom('suggested_posts as sp')
      .select(['sp.id', 'sp.user_id', 'sp.title', 'sp.approval_stage'])
      .where('sp.id', '=', options.postId)
      .where('sp.workspace_id', '=', workspaceId)
      .where('sp.status', '<>', 'published')
      .where(inLinkScope(scope))
      .forUpdate()
      .executeTakeFirst();
    if (!post || post.approval_stage === null) return { kind: 'not_found' as const };
    if (post.approval_stage !== 'client' && post.approval_stage !== options.to)
      return { kind: 'not_pending' as const };
    const result = await moveApprovalStageIn(trx, { workspaceId, postId: post.id, to: options.to, by });
    if (result.kind === 'unchanged') return { kind: 'unchanged' as const, post: result.post };
    if (result.kind !== 'moved') return { kind: 'not_pending' as const };
    if (options.comment) {
      await trx
        .insertInto('post_comments')
        .values({
          post_id: post.id,
          user_id: post.user_id,
          actor: 'client',
          actor_user_id: by.userId,
          actor_label: by.label,
          body: options.comment,
        })
        .execute();
    }
    await options.afterMove?.(trx, { post: result.post, title: post.title });
    return { kind: 'moved' as const, post: result.post, title: post.title };
  });
}
