// The client approval link (issue 17 item 3; docs/approval.md "The client approval link").
//
// The owner shares a link for one theme or a period; the client opens /aprovacao/<token> without
// an account and approves each pending post or asks for changes with a comment. The token is 256
// random bits (base64url) and only its SHA-256 is stored: the database never holds a usable link.
// Expiry and revocation are checked on every request (and an action re-checks the link row in its
// own transaction). What the client gets is built field by field here (ClientPageView): the
// posts waiting in 'Aprovação do cliente' within the link's scope, as each network shows them —
// no ids but the posts', no email, no token, nothing of the account but its display name/avatar.
// Rate limited per IP and per link (rate_limits in PostgreSQL, as sign-in); tokens that open
// nothing count apart, with a lower limit.
import { createHash, randomBytes } from 'node:crypto';
import {
  AppError,
  approvalMessages,
  CLIENT_LINK_MAX_DAYS,
  type ClientLinkStatus,
  PLATFORM_LABELS,
  type Platform,
  SETTING_KEYS,
  zonedTimeToUtc,
} from '@pauta/core';
import {
  applyClientAction,
  type ClientDecisionSource,
  type ClientLinkPost,
  type ClientLinkRow,
  findClientLinkByHash,
  findProfile,
  findWorkspaceBranding,
  getBooleanSetting,
  insertClientLink,
  listActiveAccounts,
  listClientLinkPosts,
  listClientLinks,
  listMediaForPosts,
  type PostMediaRow,
  queueTemplatedEmail,
  revokeClientLink,
  touchClientLink,
} from '@pauta/db';
import { assertNotBlocked, countFailure } from '../auth/rate-limit.js';
import type { AppDeps } from '../deps.js';
import { outboxDeps } from '../email/notifications.js';
import { deliverInBackground } from '../email/outbox.js';
import { browserMediaUrl } from '../media/media.service.js';
import { userTimeZone } from '../posts/user-time-zone.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const CLIENT_LINK_LIMITS = {
  /** Requests (page loads and actions) from one IP: 60 in 5 minutes → that IP waits 5 minutes. */
  ip: { limit: 60, windowMs: 5 * MINUTE, blockMs: 5 * MINUTE },
  /** Requests on one link from anywhere: 120 in 5 minutes → the link waits 5 minutes. */
  link: { limit: 120, windowMs: 5 * MINUTE, blockMs: 5 * MINUTE },
  /**
   * Tokens that open nothing (forged, mistyped, revoked ones are not counted here), per IP: 30 in
   * 10 minutes → 10 minutes. Guessing 256 bits is hopeless anyway; this keeps scanners quiet.
   */
  badToken: { limit: 30, windowMs: 10 * MINUTE, blockMs: 10 * MINUTE },
} as const;

/** A link token: 32 random bytes in base64url (also the report links', reports/report-link.service.ts). */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

function statusOf(link: Pick<ClientLinkRow, 'revoked_at' | 'expires_at'>, now: Date): ClientLinkStatus {
  if (link.revoked_at) return 'revoked';
  return link.expires_at.getTime() <= now.getTime() ? 'expired' : 'active';
}

function linkUrl(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}/aprovacao/${token}`;
}

export type ClientLinkScopeInput =
  | { kind: 'theme'; themeId: string }
  /** Calendar dates (YYYY-MM-DD) in the owner's time zone, both included. */
  | { kind: 'period'; from: string; to: string };

export interface ClientLinkView {
  id: string;
  clientName: string;
  scope: { kind: 'theme'; themeId: string; themeName: string } | { kind: 'period'; from: Date; to: Date };
  status: ClientLinkStatus;
  expiresAt: Date;
  lastUsedAt: Date | null;
  createdAt: Date;
}

function toView(row: ClientLinkRow & { theme_name?: string | null }, now: Date): ClientLinkView {
  return {
    id: row.id,
    clientName: row.client_name,
    scope: row.theme_id
      ? { kind: 'theme', themeId: row.theme_id, themeName: row.theme_name ?? '' }
      : { kind: 'period', from: row.period_start as Date, to: row.period_end as Date },
    status: statusOf(row, now),
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    createdAt: row.created_at,
  };
}

function dayStart(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return zonedTimeToUtc({ year, month, day, hour: 0, minute: 0 }, timeZone);
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * "Compartilhar com o cliente": a new link. Idempotent per `requestKey` (one per click): a repeat
 * re-issues the same link's token (the token is never stored, so it cannot be answered again).
 * A theme must be the owner's and require approval; a period is whole days in the owner's zone.
 */
export async function createClientLink(
  deps: Pick<AppDeps, 'db' | 'env'>,
  input: {
    /** The link's workspace (its posts and theme); `userId` creates it. */
    workspaceId: string;
    userId: string;
    requestKey: string;
    clientName: string;
    scope: ClientLinkScopeInput;
    validDays: number;
  },
  now = new Date(),
): Promise<{ link: ClientLinkView; url: string }> {
  if (input.validDays < 1 || input.validDays > CLIENT_LINK_MAX_DAYS)
    throw new AppError('VALIDATION_FAILED', { field: 'validDays' });
  let scope: { themeId: string | null; periodStart: Date | null; periodEnd: Date | null };
  let themeName: string | null = null;
  if (input.scope.kind === 'theme') {
    const theme = await deps.db
      .selectFrom('themes')
      .select(['id', 'name', 'requires_approval'])
      .where('id', '=', input.scope.themeId)
      .where('workspace_id', '=', input.workspaceId)
      .executeTakeFirst();
    if (!theme) throw new AppError('NOT_FOUND');
    if (!theme.requires_approval) throw new AppError('CONFLICT', { reason: 'APPROVAL_NOT_REQUIRED' });
    scope = { themeId: theme.id, periodStart: null, periodEnd: null };
    themeName = theme.name;
  } else {
    if (input.scope.to < input.scope.from) throw new AppError('VALIDATION_FAILED', { field: 'to' });
    const timeZone = await userTimeZone(deps.db, input.userId);
    scope = {
      themeId: null,
      periodStart: dayStart(input.scope.from, timeZone),
      periodEnd: dayStart(nextDay(input.scope.to), timeZone),
    };
  }
  const token = randomBytes(32).toString('base64url');
  const row = await insertClientLink(deps.db, {
    workspaceId: input.workspaceId,
    userId: input.userId,
    requestKey: input.requestKey,
    tokenHash: hashToken(token),
    clientName: input.clientName,
    scope,
    expiresAt: new Date(now.getTime() + input.validDays * DAY),
  });
  return { link: toView({ ...row, theme_name: themeName }, now), url: linkUrl(deps.env.appUrl, token) };
}

export async function clientLinksOf(
  deps: Pick<AppDeps, 'db'>,
  workspaceId: string,
  now = new Date(),
): Promise<{ links: ClientLinkView[] }> {
  const rows = await listClientLinks(deps.db, workspaceId);
  return { links: rows.map((row) => toView(row, now)) };
}

/** "Revogar": at once and for good; a repeat changes nothing. */
export async function revokeLink(
  deps: Pick<AppDeps, 'db'>,
  input: { workspaceId: string; linkId: string },
  now = new Date(),
): Promise<ClientLinkView> {
  const row = await revokeClientLink(deps.db, input);
  if (!row) throw new AppError('NOT_FOUND');
  return toView(row, now);
}

// ——— The client's side ———

/** A post as the client sees it: what the previews need, nothing else. */
export interface ClientPagePost {
  id: string;
  platform: Platform;
  title: string;
  content: string;
  scheduledFor: Date | null;
  themeName: string;
  images: { url: string; alt: string }[];
  /**
   * The post's video (one at most; then no images): signed /media URLs like the images' (the
   * video's and its cover's, the cover else the chosen frame's thumbnail, else null), and the facts
   * the player's frame needs. No storage row, codec or upload id.
   */
  video: ClientPageVideo | null;
}

/** A post's video as the client's page draws it (`PreviewVideo` in the client). */
export interface ClientPageVideo {
  url: string;
  coverUrl: string | null;
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
}

/** The connected account's display name and photo per network (what the network shows anyway). */
export interface ClientPageAccount {
  platform: Platform;
  name: string | null;
  username: string | null;
  pageName: string | null;
  avatarUrl: string | null;
}

export type ClientPageView =
  | { state: 'expired' }
  | { state: 'invalid' }
  | {
      state: 'open';
      clientName: string;
      /**
       * The cliente's branding (docs/workspaces.md): its name, colour and logo (a signed URL), so
       * the page looks like the agency's page for this client. Nothing else of the workspace.
       */
      branding: { name: string; color: string | null; logoUrl: string | null };
      /** The owner's name as they sign: first name only. */
      ownerName: string | null;
      scope: { kind: 'theme'; themeName: string } | { kind: 'period'; from: Date; to: Date };
      expiresAt: Date;
      timeZone: string;
      accounts: ClientPageAccount[];
      posts: ClientPagePost[];
    };

/**
 * The answer to an action: done (changed or not: a repeat changes nothing), or why the link no
 * longer opens anything — an answer, not an error, so the page shows the same "Este link…" page.
 */
export type ClientActionAnswer =
  | { state: 'done'; stage: 'approved' | 'changes'; changed: boolean }
  | { state: 'expired' }
  | { state: 'invalid' };

export type ClientDeps = Pick<AppDeps, 'db' | 'env' | 'logger' | 'queue' | 'media' | 'localMailbox'>;

/**
 * Rate limits, then the link: undefined for a token that opens nothing (counted apart); the
 * link (valid or not) otherwise. Throws RATE_LIMITED (429, "Muitas tentativas…").
 */
async function resolveLink(
  deps: Pick<AppDeps, 'db'>,
  input: { token: string; ip: string },
  now: Date,
): Promise<ClientLinkRow | undefined> {
  const ipKey = `clientlink:ip:${input.ip}`;
  const badKey = `clientlink:bad:${input.ip}`;
  await assertNotBlocked(deps.db, [ipKey, badKey], now);
  await countFailure(deps.db, ipKey, CLIENT_LINK_LIMITS.ip, now);
  const link = TOKEN_SHAPE.test(input.token)
    ? await findClientLinkByHash(deps.db, hashToken(input.token))
    : undefined;
  if (!link) {
    await countFailure(deps.db, badKey, CLIENT_LINK_LIMITS.badToken, now);
    return undefined;
  }
  const linkKey = `clientlink:link:${link.id}`;
  await assertNotBlocked(deps.db, [linkKey], now);
  await countFailure(deps.db, linkKey, CLIENT_LINK_LIMITS.link, now);
  return link;
}

/** The page /aprovacao/<token>: the pending posts in scope, or why the link opens nothing. */
export async function openClientPage(
  deps: ClientDeps,
  input: { token: string; ip: string },
  now = new Date(),
): Promise<ClientPageView> {
  const link = await resolveLink(deps, input, now);
  if (!link) return { state: 'invalid' };
  const status = statusOf(link, now);
  if (status === 'revoked') return { state: 'invalid' };
  if (status === 'expired') return { state: 'expired' };
  await touchClientLink(deps.db, link.id);
  const [rows, profile, accounts, themeName, workspace] = await Promise.all([
    listClientLinkPosts(deps.db, link),
    findProfile(deps.db, link.user_id),
    listActiveAccounts(deps.db, link.workspace_id),
    link.theme_id
      ? deps.db
          .selectFrom('themes')
          .select('name')
          .where('id', '=', link.theme_id)
          .executeTakeFirst()
          .then((t) => t?.name ?? '')
      : Promise.resolve(null),
    findWorkspaceBranding(deps.db, link.workspace_id),
  ]);
  const media = await listMediaForPosts(
    deps.db,
    rows.map((r) => r.id),
    { workspaceId: link.workspace_id },
  );
  const signingKey = deps.media?.signingKey;
  return {
    state: 'open',
    clientName: link.client_name,
    branding: {
      name: workspace?.name ?? link.client_name,
      color: workspace?.color ?? null,
      logoUrl:
        workspace?.logo_key && signingKey
          ? browserMediaUrl(signingKey, workspace.logo_key, now.getTime())
          : null,
    },
    ownerName: profile?.first_name?.trim() || null,
    scope:
      themeName !== null
        ? { kind: 'theme', themeName }
        : { kind: 'period', from: link.period_start as Date, to: link.period_end as Date },
    expiresAt: link.expires_at,
    timeZone: profile?.timezone ?? 'America/Sao_Paulo',
    accounts: presentClientAccounts(accounts),
    posts: presentClientPosts(rows, media, signingKey, now),
  };
}

/** The posts as the client sees them (the link's page and a Cliente member's view). */
export function presentClientPosts(
  rows: ClientLinkPost[],
  media: Map<string, PostMediaRow[]>,
  signingKey: Buffer | undefined,
  now: Date,
): ClientPagePost[] {
  const sign = (key: string) => (signingKey ? browserMediaUrl(signingKey, key, now.getTime()) : '');
  return rows.map((r) => {
    const files = signingKey ? (media.get(r.id) ?? []) : [];
    const video = files.find((m) => m.kind === 'video');
    const cover = video?.cover_key ?? video?.thumb_key ?? null;
    return {
      id: r.id,
      platform: r.platform,
      title: r.title,
      content: r.content,
      scheduledFor: r.scheduled_for,
      themeName: r.theme_name,
      images: files
        .filter((m) => m.kind === 'image')
        .map((m) => ({ url: sign(m.storage_key), alt: m.alt_text })),
      video: video
        ? {
            url: sign(video.storage_key),
            coverUrl: cover === null ? null : sign(cover),
            durationSeconds: video.duration_seconds,
            width: video.width,
            height: video.height,
          }
        : null,
    };
  });
}

/** The connected accounts as the client sees them: what each network shows anyway. */
export function presentClientAccounts(
  accounts: Awaited<ReturnType<typeof listActiveAccounts>>,
): ClientPageAccount[] {
  return accounts.map((a) => ({
    platform: a.platform,
    name: a.account_data?.name ?? null,
    username: a.platform_username,
    pageName: a.account_data?.page_name ?? null,
    avatarUrl: a.account_data?.avatar_url ?? null,
  }));
}

/**
 * "Aprovar" or "Pedir ajustes" (with a comment) through the link. Approve moves the post to
 * 'approved' and enqueues its wake-up as the owner's approve does; changes moves it to 'Ajustes'
 * and writes the comment. Actor 'client' with the client's name in the history. A repeat changes
 * nothing. The link's creator is told live (the trigger's CLIENT_* event) and by email, one per
 * action, queued in the move's transaction (respecting "Notificações por email").
 */
export async function actOnClientLink(
  deps: ClientDeps,
  input: {
    token: string;
    ip: string;
    postId: string;
    decision: 'approve' | 'changes';
    comment: string | null;
  },
  now = new Date(),
): Promise<ClientActionAnswer> {
  const link = await resolveLink(deps, input, now);
  if (!link) return { state: 'invalid' };
  const status = statusOf(link, now);
  if (status !== 'active') return { state: status === 'expired' ? 'expired' : 'invalid' };
  return decideAsClient(deps, {
    source: { kind: 'link', linkId: link.id },
    clientName: link.client_name,
    notify: [link.user_id],
    postId: input.postId,
    decision: input.decision,
    comment: input.comment,
  });
}

/**
 * The client's decision, from a link or from a Cliente member's own login (approval/client-view
 * .service.ts): the same locked move, comment, live event, emails and wake-up. `notify`: the people
 * emailed (the link's creator; a workspace's owners for a member's decision).
 */
export async function decideAsClient(
  deps: ClientDeps,
  input: {
    source: ClientDecisionSource;
    clientName: string;
    notify: readonly string[];
    postId: string;
    decision: 'approve' | 'changes';
    comment: string | null;
  },
): Promise<ClientActionAnswer> {
  const comment = input.comment?.trim() || null;
  if (input.decision === 'changes' && !comment) throw new AppError('VALIDATION_FAILED', { field: 'comment' });
  const to = input.decision === 'approve' ? ('approved' as const) : ('changes' as const);
  const emailIds: string[] = [];
  const result = await applyClientAction(deps.db, {
    source: input.source,
    postId: input.postId,
    to,
    comment,
    afterMove: async (trx, moved) => {
      if (!(await getBooleanSetting(trx, SETTING_KEYS.emailNotificationsEnabled, true))) return;
      for (const userId of input.notify) {
        const owner = await findProfile(trx, userId);
        if (!owner) continue;
        const text = approvalMessages.clientEmail;
        const emailId = await queueTemplatedEmail(trx, {
          templateName: 'client_approval_action',
          to: owner.email,
          variables: {
            first_name: owner.first_name ?? '',
            client_name: input.clientName,
            action: to === 'approved' ? text.approved : text.changes,
            post_title: moved.title,
            platform: PLATFORM_LABELS[moved.post.platform],
            comment_line: comment ? text.commentLine(comment) : '',
            next_step: to === 'approved' ? text.nextApproved : text.nextChanges,
            board_url: `${deps.env.appUrl.replace(/\/+$/, '')}/approval-board`,
          },
        });
        if (emailId) emailIds.push(emailId);
      }
    },
  });
  switch (result.kind) {
    case 'link_invalid':
      // Revoked (or expired) between the check above and the action's transaction; for a member,
      // removed or no longer a deciding role.
      if (input.source.kind === 'member') throw new AppError('FORBIDDEN');
      return { state: 'invalid' };
    case 'not_found':
      throw new AppError('NOT_FOUND');
    case 'not_pending':
      throw new AppError('CONFLICT', { reason: 'NOT_PENDING' });
    case 'unchanged':
      return { state: 'done', stage: to, changed: false };
    case 'moved': {
      const { post } = result;
      if (emailIds.length > 0) void deliverInBackground(outboxDeps(deps), emailIds);
      if (post.approval_stage === 'approved' && post.status === 'scheduled' && post.scheduled_for) {
        await deps.queue.enqueuePublish([
          { id: post.id, version: post.version, platform: post.platform, scheduled_for: post.scheduled_for },
        ]);
      }
      deps.logger.info(
        {
          ...(input.source.kind === 'link'
            ? { linkId: input.source.linkId }
            : { workspaceId: input.source.workspaceId, userId: input.source.userId }),
          postId: post.id,
          to,
        },
        input.source.kind === 'link'
          ? 'ação do cliente pelo link de aprovação'
          : 'ação do cliente pela conta',
      );
      return { state: 'done', stage: to, changed: true };
    }
  }
}
