// The approval workflow's server side (issue 17; docs/approval.md): the board, stage moves, the
// history and comments, and the theme switch. Every call is owner-scoped (another user's post
// looks exactly like a missing one) and idempotent: a repeated move finds the post already in
// that stage and changes nothing; a repeated request with the same Idempotency-Key is answered
// from its record (trpc/idempotency.ts). Refusals are AppErrors with a reason the client turns
// into pt-BR text.
import { AppError, type ApprovalStage, type BoardColumn, type Platform, type PostStatus } from '@pauta/core';
import {
  findProfile,
  insertPostComment,
  listApprovalBoard,
  listPostHistory,
  moveApprovalStageIn,
  setThemeApproval,
} from '@pauta/db';
import type { AppDeps } from '../deps.js';
import { assertNetworkOptions, mediaSchedulingRefusal } from '../posts/posts.service.js';

type Deps = Pick<AppDeps, 'db' | 'queue'>;

export interface BoardItem {
  id: string;
  themeId: string;
  themeName: string;
  title: string;
  excerpt: string;
  platform: Platform;
  scheduledFor: Date | null;
  status: PostStatus;
  stage: ApprovalStage;
  /** The board column: the stage, or 'published' once the post went out. */
  column: BoardColumn;
  /** Its time came while unapproved: not published. */
  overdue: boolean;
  lastError: string | null;
  comments: number;
}

export async function approvalBoard(
  deps: Pick<Deps, 'db'>,
  options: { workspaceId: string; userId: string; themeId?: string | null | undefined },
): Promise<{ items: BoardItem[] }> {
  const rows = await listApprovalBoard(deps.db, {
    workspaceId: options.workspaceId,
    themeId: options.themeId ?? undefined,
  });
  return {
    items: rows.map((r) => ({
      id: r.id,
      themeId: r.theme_id,
      themeName: r.theme_name,
      title: r.title,
      excerpt: r.excerpt,
      platform: r.platform,
      scheduledFor: r.scheduled_for,
      status: r.status,
      stage: r.approval_stage,
      column: r.status === 'published' ? 'published' : r.approval_stage,
      overdue: r.overdue,
      lastError: r.last_error,
      comments: r.comments,
    })),
  };
}

/**
 * Moves a post to `to`. Moving to 'approved' a scheduled post adds its wake-up (a post whose time
 * already came goes out now); any move bumps the version, so earlier wake-ups claim nothing.
 */
export async function moveStage(
  deps: Deps,
  options: {
    workspaceId: string;
    userId: string;
    postId: string;
    to: ApprovalStage;
    requestId?: string | undefined;
  },
): Promise<{ id: string; stage: ApprovalStage; status: PostStatus; changed: boolean }> {
  const result = await deps.db.transaction().execute(async (trx) => {
    // Approving lets a scheduled post publish: the same media guards as a save and as the bulk
    // approve (a video on a network that does not publish video, a required image missing),
    // checked under the post's lock so a video added meanwhile cannot slip past. The board's drag
    // to "Aprovado", the REST route and the MCP tool all come through here.
    if (options.to === 'approved') {
      const post = await trx
        .selectFrom('suggested_posts')
        .select(['id', 'platform', 'status', 'approval_stage', 'network_options'])
        .where('id', '=', options.postId)
        .where('workspace_id', '=', options.workspaceId)
        .forUpdate()
        .executeTakeFirst();
      if (post && post.approval_stage !== 'approved' && post.status === 'scheduled') {
        const refusal = await mediaSchedulingRefusal(trx, options.workspaceId, post);
        if (refusal === 'video_not_published')
          throw new AppError('MEDIA_REJECTED', { reason: 'VIDEO_NOT_PUBLISHED', platform: post.platform });
        if (refusal === 'image_required')
          throw new AppError('MEDIA_REJECTED', { reason: 'IMAGE_REQUIRED', platform: post.platform });
        if (refusal === 'video_required')
          throw new AppError('MEDIA_REJECTED', { reason: 'VIDEO_REQUIRED', platform: post.platform });
        if (refusal === 'options_missing') await assertNetworkOptions(trx, post);
      }
    }
    return moveApprovalStageIn(trx, {
      workspaceId: options.workspaceId,
      postId: options.postId,
      to: options.to,
      by: { actor: 'owner', userId: options.userId },
    });
  });
  switch (result.kind) {
    case 'not_found':
      throw new AppError('NOT_FOUND');
    case 'not_required':
      throw new AppError('CONFLICT', { reason: 'APPROVAL_NOT_REQUIRED' });
    case 'published':
      throw new AppError('CONFLICT', { reason: 'ALREADY_PUBLISHED' });
    case 'sending':
      throw new AppError('CONFLICT', { reason: 'SENDING' });
    case 'unchanged':
      return {
        id: result.post.id,
        stage: result.post.approval_stage,
        status: result.post.status,
        changed: false,
      };
    case 'moved': {
      const { post } = result;
      if (post.approval_stage === 'approved' && post.status === 'scheduled' && post.scheduled_for) {
        await deps.queue.enqueuePublish(
          [
            {
              id: post.id,
              version: post.version,
              platform: post.platform,
              scheduled_for: post.scheduled_for,
            },
          ],
          options.requestId,
        );
      }
      return { id: post.id, stage: post.approval_stage, status: post.status, changed: true };
    }
  }
}

/** Words after an @ (letters, digits, dot, dash, underscore), without accents, lower case. */
function mentionedNames(body: string): string[] {
  return [...body.matchAll(/(?<![\p{L}\p{N}])@([\p{L}\p{N}._-]{1,60})/gu)].map((m) => fold(m[1] ?? ''));
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[._-]+$/, '');
}

/**
 * A comment. Mentions: in Pauta's one-user-per-account model the only person a comment can
 * mention is the post's author, its owner — `@Nome` (their first name, accents and case ignored)
 * or `@autor` is recorded as a mention of the owner and highlighted in the history.
 */
export async function addComment(
  deps: Pick<Deps, 'db'>,
  options: {
    workspaceId: string;
    userId: string;
    postId: string;
    body: string;
    /** The Cliente role comments only on what it sees (its view's posts); any other post is 404. */
    clientVisibleOnly?: boolean;
  },
): Promise<{ id: string; mentionsAuthor: boolean; createdAt: Date }> {
  const profile = await findProfile(deps.db, options.userId);
  const names = mentionedNames(options.body);
  const author = profile?.first_name ? fold(profile.first_name.split(/\s+/)[0] ?? '') : null;
  const mentionsAuthor = names.some(
    (n) => n === 'autor' || n === 'autora' || (author !== null && n === author),
  );
  const saved = await insertPostComment(deps.db, {
    workspaceId: options.workspaceId,
    postId: options.postId,
    by: { actor: 'owner', userId: options.userId },
    body: options.body,
    mentions: mentionsAuthor ? [options.userId] : [],
    clientVisibleOnly: options.clientVisibleOnly,
  });
  if (!saved) throw new AppError('NOT_FOUND');
  return { id: saved.id, mentionsAuthor, createdAt: saved.created_at };
}

export async function postHistory(
  deps: Pick<Deps, 'db'>,
  options: { workspaceId: string; userId: string; postId: string },
) {
  const entries = await listPostHistory(deps.db, {
    workspaceId: options.workspaceId,
    postId: options.postId,
  });
  if (!entries) throw new AppError('NOT_FOUND');
  return {
    entries: entries.map((e) => ({
      kind: e.kind,
      id: e.id,
      actor: e.actor,
      actorName: e.actor_name,
      from: e.from_stage,
      to: e.to_stage,
      reason: e.reason,
      body: e.body,
      mentionsAuthor: e.mentions.includes(options.userId),
      createdAt: e.created_at,
    })),
  };
}

/** The theme form's switch; posts that became claimable (switched off) get their wake-ups. */
export async function applyThemeApproval(
  deps: Deps,
  options: {
    workspaceId: string;
    userId: string;
    themeId: string;
    requiresApproval: boolean;
    requestId?: string | undefined;
  },
): Promise<void> {
  const result = await setThemeApproval(deps.db, options);
  if (result.kind === 'not_found') throw new AppError('NOT_FOUND');
  if (result.kind === 'changed' && result.wakeUps.length > 0) {
    await deps.queue.enqueuePublish(result.wakeUps, options.requestId);
  }
}
