// Approval before publishing (issue 17; docs/approval.md): the theme switch, the owner's stage
// moves, the history and comments, and the reconciler's overdue flag. The worker's side is one
// condition in each claim (APPROVAL_GATE_SQL in publishing.repository.ts and its copy in the
// batched claim): only posts whose stage is NULL (no approval) or 'approved' are ever claimed.
//
// Every stage move bumps the post's version (an old wake-up job then claims nothing) and is
// decided under the post's row lock, so it interleaves with the worker's fenced statements like
// the owner's edit does (docs/publishing.md U6): a move that takes an approved post back while a
// worker holds its claim but has not started sending resets the claim (token cleared, attempt
// given back) — the worker's markSendStarted then matches nothing and it does not send; once the
// send has started the move is refused (SENDING).

import {
  type ApprovalActor,
  type ApprovalStage,
  EDITABLE_POST_STATUSES,
  INITIAL_APPROVAL_STAGE,
  type Platform,
  type PostStatus,
} from '@pauta/core';
import type { WakeUp } from '@pauta/core/schemas/jobs';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../schema.js';
import { isWorkspacePost } from './posts.repository.js';

/** Who acts: the owner (a user id) today; the client link (a label) later. */
export interface StageActor {
  actor: ApprovalActor;
  userId: string | null;
  label?: string | null;
}

export type ThemeApprovalResult =
  | { kind: 'not_found' }
  | { kind: 'unchanged' }
  /** `wakeUps`: posts that became claimable (approval switched off), to enqueue. */
  | { kind: 'changed'; posts: number; wakeUps: WakeUp[] };

/**
 * Switches a theme's approval requirement and brings its posts along, in one transaction with the
 * theme row locked (a post inserted meanwhile reads the theme FOR SHARE in its insert trigger, so
 * it waits and then gets the new rule).
 * - On: every post not yet published nor being published (EDITABLE_POST_STATUSES; not a `draft`
 *   post, which is on no way to be published and keeps no stage until "Agendar") starts in
 *   'draft'; its pending wake-up then claims nothing. A post in 'publishing' was claimed under the
 *   old rule and finishes (the worker owns 'publishing', docs/publishing.md U1).
 * - Off: every unpublished post leaves the workflow (stage NULL): scheduled ones become claimable
 *   and are returned to be enqueued — a post whose time already came goes out now.
 */
export async function setThemeApproval(
  db: Kysely<Database>,
  options: { workspaceId: string; userId: string; themeId: string; requiresApproval: boolean },
): Promise<ThemeApprovalResult> {
  return db.transaction().execute(async (trx) => {
    const theme = await trx
      .selectFrom('themes')
      .select('requires_approval')
      .where('id', '=', options.themeId)
      .where('workspace_id', '=', options.workspaceId)
      .forUpdate()
      .executeTakeFirst();
    if (!theme) return { kind: 'not_found' as const };
    if (theme.requires_approval === options.requiresApproval) return { kind: 'unchanged' as const };
    await trx
      .updateTable('themes')
      .set({ requires_approval: options.requiresApproval, updated_at: sql<Date>`now()` })
      .where('id', '=', options.themeId)
      .execute();
    const posts = options.requiresApproval
      ? await trx
          .updateTable('suggested_posts')
          .set({
            approval_stage: INITIAL_APPROVAL_STAGE,
            approval_overdue_for: null,
            updated_at: sql<Date>`now()`,
          })
          .where('theme_id', '=', options.themeId)
          .where('approval_stage', 'is', null)
          // A draft (status `draft`, docs/composer.md) stays out: it is not on its way to be published.
          .where(
            'status',
            'in',
            EDITABLE_POST_STATUSES.filter((status) => status !== 'draft'),
          )
          .returning([
            'id',
            'status',
            'version',
            'scheduled_for',
            'platform',
            sql<null>`NULL::text`.as('from_stage'),
          ])
          .execute()
      : await trx
          .updateTable('suggested_posts as sp')
          .set({ approval_stage: null, approval_overdue_for: null, updated_at: sql<Date>`now()` })
          .from(
            trx
              .selectFrom('suggested_posts')
              .select(['id', 'approval_stage'])
              .where('theme_id', '=', options.themeId)
              .where('approval_stage', 'is not', null)
              .where('status', '<>', 'published')
              .forUpdate()
              .as('old'),
          )
          .whereRef('sp.id', '=', 'old.id')
          .returning([
            'sp.id',
            'sp.status',
            'sp.version',
            'sp.scheduled_for',
            'sp.platform',
            'old.approval_stage as from_stage',
          ])
          .execute();
    if (posts.length > 0) {
      await trx
        .insertInto('post_stage_events')
        .values(
          posts.map((p) => ({
            post_id: p.id,
            user_id: options.userId,
            actor: 'owner' as const,
            actor_user_id: options.userId,
            from_stage: (p.from_stage ?? null) as ApprovalStage | null,
            to_stage: options.requiresApproval ? INITIAL_APPROVAL_STAGE : null,
            reason: options.requiresApproval ? 'theme_on' : 'theme_off',
          })),
        )
        .execute();
    }
    const wakeUps = options.requiresApproval
      ? []
      : posts
          .filter((p) => p.status === 'scheduled' && p.scheduled_for)
          .map((p) => ({
            id: p.id,
            version: p.version,
            platform: p.platform,
            scheduled_for: p.scheduled_for as Date,
          }));
    return { kind: 'changed' as const, posts: posts.length, wakeUps };
  });
}

export interface MovedPost {
  id: string;
  version: number;
  status: PostStatus;
  platform: Platform;
  scheduled_for: Date | null;
  approval_stage: ApprovalStage;
}

export type MoveStageResult =
  | { kind: 'not_found' }
  /** The post's theme does not require approval (stage NULL). */
  | { kind: 'not_required' }
  | { kind: 'published' }
  /** Its request to the network has started: too late to take the approval back. */
  | { kind: 'sending' }
  /** Already in that stage: nothing written (a repeated click, another tab). */
  | { kind: 'unchanged'; post: MovedPost }
  /** `revokedClaim`: a worker's claim that had not sent was taken back. */
  | { kind: 'moved'; post: MovedPost; from: ApprovalStage; revokedClaim: boolean };

/** Moves one of the owner's posts to `to` (docs/approval.md). One transaction, the row locked. */
export async function moveApprovalStage(
  db: Kysely<Database>,
  options: { workspaceId: string; postId: string; to: ApprovalStage; by: StageActor },
): Promise<MoveStageResult> {
  return db.transaction().execute((trx) => moveApprovalStageIn(trx, options));
}

/**
 * moveApprovalStage inside the caller's transaction (the client link checks its link and the
 * post's scope in the same transaction). A client's move marks the transaction
 * (`pauta.stage_actor`), so the live event says the client approved or asked for changes.
 */
export async function moveApprovalStageIn(
  trx: Transaction<Database>,
  options: { workspaceId: string; postId: string; to: ApprovalStage; by: StageActor },
): Promise<MoveStageResult> {
  {
    const row = await trx
      .selectFrom('suggested_posts')
      .select([
        'id',
        'user_id',
        'approval_stage',
        'status',
        'send_started_at',
        'version',
        'platform',
        'scheduled_for',
      ])
      .where('id', '=', options.postId)
      .where('workspace_id', '=', options.workspaceId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { kind: 'not_found' as const };
    if (row.approval_stage === null) return { kind: 'not_required' as const };
    if (row.status === 'published') return { kind: 'published' as const };
    const { user_id: authorId, ...post } = row;
    const current: MovedPost = { ...post, approval_stage: row.approval_stage };
    if (row.approval_stage === options.to) return { kind: 'unchanged' as const, post: current };
    if (row.status === 'publishing' && row.send_started_at !== null) return { kind: 'sending' as const };
    // 'publishing' without a send: the claim is taken back exactly like the reconciler's reset of a
    // claim that never sent (docs/publishing.md I2): token cleared, attempt given back, new version.
    const revokedClaim = row.status === 'publishing';
    if (options.by.actor === 'client')
      await sql`SELECT set_config('pauta.stage_actor', 'client', true)`.execute(trx);
    const moved = await trx
      .updateTable('suggested_posts')
      .set((eb) => ({
        approval_stage: options.to,
        version: eb('version', '+', 1),
        updated_at: sql<Date>`now()`,
        ...(revokedClaim
          ? {
              status: 'scheduled' as const,
              claim_token: null,
              claimed_at: null,
              send_started_at: null,
              attempts: eb('attempts', '-', 1),
            }
          : {}),
      }))
      .where('id', '=', row.id)
      .where('version', '=', row.version)
      .returning(['id', 'version', 'status', 'platform', 'scheduled_for', 'approval_stage'])
      .executeTakeFirstOrThrow();
    await insertStageEvent(trx, {
      postId: row.id,
      authorId,
      by: options.by,
      from: row.approval_stage,
      to: options.to,
    });
    return {
      kind: 'moved' as const,
      post: { ...moved, approval_stage: options.to },
      from: row.approval_stage,
      revokedClaim,
    };
  }
}

async function insertStageEvent(
  trx: Transaction<Database>,
  e: {
    postId: string;
    /** The post's author (user_id); the event is in the post's workspace. */
    authorId: string;
    by: StageActor;
    from: ApprovalStage | null;
    to: ApprovalStage | null;
  },
): Promise<void> {
  await trx
    .insertInto('post_stage_events')
    .values({
      post_id: e.postId,
      user_id: e.authorId,
      actor: e.by.actor,
      actor_user_id: e.by.userId,
      actor_label: e.by.label ?? null,
      from_stage: e.from,
      to_stage: e.to,
    })
    .execute();
}

export interface OverduePost {
  id: string;
  workspace_id: string;
  user_id: string;
  title: string;
  platform: Platform;
  scheduled_for: Date;
}

/**
 * The reconciler's flag: scheduled posts whose time came while still unapproved. One conditional
 * UPDATE: a post is returned once per scheduled time (approval_overdue_for = scheduled_for after
 * it), so two reconcilers — the second waits on the row lock and re-checks — flag and notify it
 * once. Run it in the transaction that records the notices, so a crash between the two loses
 * neither. The trigger turns each flag into a live event ('APPROVAL_OVERDUE').
 */
export async function flagOverdueApprovals(trx: Kysely<Database>, limit = 500): Promise<OverduePost[]> {
  const rows = await trx
    .updateTable('suggested_posts as sp')
    .set({ approval_overdue_for: sql<Date>`sp.scheduled_for` })
    .from(
      trx
        .selectFrom('suggested_posts')
        .select('id')
        .where('status', '=', 'scheduled')
        .where('approval_stage', 'is not', null)
        .where('approval_stage', '<>', 'approved')
        .where('scheduled_for', '<=', sql<Date>`now()`)
        .where(sql<boolean>`approval_overdue_for IS DISTINCT FROM scheduled_for`)
        .orderBy('scheduled_for')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .as('due'),
    )
    .whereRef('sp.id', '=', 'due.id')
    // Re-checked on the row as it is now (it may have been approved or moved meanwhile).
    .where('sp.status', '=', 'scheduled')
    .where('sp.approval_stage', '<>', 'approved')
    .where(sql<boolean>`sp.approval_overdue_for IS DISTINCT FROM sp.scheduled_for`)
    .returning(['sp.id', 'sp.workspace_id', 'sp.user_id', 'sp.title', 'sp.platform', 'sp.scheduled_for'])
    .execute();
  return rows.map((r) => ({ ...r, scheduled_for: r.scheduled_for as Date }));
}

export interface BoardPost {
  id: string;
  theme_id: string;
  theme_name: string;
  title: string;
  excerpt: string;
  platform: Platform;
  scheduled_for: Date | null;
  status: PostStatus;
  approval_stage: ApprovalStage;
  /** Its time came while unapproved: it was not published. */
  overdue: boolean;
  last_error: string | null;
  comments: number;
}

/** The board: the owner's posts in the workflow (unpublished, and published in the last 30 days). */
export async function listApprovalBoard(
  db: Kysely<Database>,
  options: { workspaceId: string; themeId?: string | undefined; limit?: number },
): Promise<BoardPost[]> {
  let query = db
    .selectFrom('suggested_posts as sp')
    .innerJoin('themes as t', 't.id', 'sp.theme_id')
    .select((eb) => [
      'sp.id',
      'sp.theme_id',
      't.name as theme_name',
      'sp.title',
      sql<string>`left(sp.content, 160)`.as('excerpt'),
      'sp.platform',
      'sp.scheduled_for',
      'sp.status',
      'sp.approval_stage',
      sql<boolean>`(sp.status = 'scheduled' AND sp.approval_stage <> 'approved' AND sp.scheduled_for <= now())`.as(
        'overdue',
      ),
      'sp.last_error',
      eb
        .selectFrom('post_comments as c')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('c.post_id', '=', 'sp.id')
        .as('comments'),
    ])
    .where('sp.workspace_id', '=', options.workspaceId)
    .where('sp.approval_stage', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('sp.status', '<>', 'published'),
        eb('sp.updated_at', '>', sql<Date>`now() - interval '30 days'`),
      ]),
    );
  if (options.themeId) query = query.where('sp.theme_id', '=', options.themeId);
  const rows = await query
    .orderBy('sp.scheduled_for', (ob) => ob.asc().nullsLast())
    .orderBy('sp.id')
    .limit(options.limit ?? 500)
    .execute();
  return rows.map((r) => ({
    ...r,
    approval_stage: r.approval_stage as ApprovalStage,
    comments: Number(r.comments ?? 0),
  }));
}

export interface HistoryEntry {
  kind: 'move' | 'comment';
  id: string;
  actor: ApprovalActor;
  /** The acting user's first name, or the client's label. */
  actor_name: string | null;
  from_stage: ApprovalStage | null;
  to_stage: ApprovalStage | null;
  reason: string | null;
  body: string | null;
  mentions: string[];
  created_at: Date;
}

/** A post's history, oldest first: its moves and its comments. Undefined when not the owner's. */
export async function listPostHistory(
  db: Kysely<Database>,
  options: { workspaceId: string; postId: string },
): Promise<HistoryEntry[] | undefined> {
  if (!(await isWorkspacePost(db, options))) return undefined;
  const moves = await db
    .selectFrom('post_stage_events as e')
    .leftJoin('profiles as p', 'p.id', 'e.actor_user_id')
    .select([
      'e.id',
      'e.actor',
      sql<string | null>`coalesce(e.actor_label, p.first_name)`.as('actor_name'),
      'e.from_stage',
      'e.to_stage',
      'e.reason',
      'e.created_at',
    ])
    .where('e.post_id', '=', options.postId)
    .where('e.workspace_id', '=', options.workspaceId)
    .orderBy('e.id')
    .limit(500)
    .execute();
  const comments = await db
    .selectFrom('post_comments as c')
    .leftJoin('profiles as p', 'p.id', 'c.actor_user_id')
    .select([
      'c.id',
      'c.actor',
      sql<string | null>`coalesce(c.actor_label, p.first_name)`.as('actor_name'),
      'c.body',
      'c.mentions',
      'c.created_at',
    ])
    .where('c.post_id', '=', options.postId)
    .where('c.workspace_id', '=', options.workspaceId)
    .orderBy('c.created_at')
    .limit(500)
    .execute();
  const entries: HistoryEntry[] = [
    ...moves.map((m) => ({
      kind: 'move' as const,
      id: `m${m.id}`,
      actor: m.actor,
      actor_name: m.actor_name,
      from_stage: m.from_stage,
      to_stage: m.to_stage,
      reason: m.reason,
      body: null,
      mentions: [],
      created_at: m.created_at,
    })),
    ...comments.map((c) => ({
      kind: 'comment' as const,
      id: `c${c.id}`,
      actor: c.actor,
      actor_name: c.actor_name,
      from_stage: null,
      to_stage: null,
      reason: null,
      body: c.body,
      mentions: c.mentions,
      created_at: c.created_at,
    })),
  ];
  return entries.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
}

/** A comment on one of the owner's posts; undefined when the post is not theirs. */
export async function insertPostComment(
  db: Kysely<Database>,
  options: {
    workspaceId: string;
    postId: string;
    by: StageActor;
    body: string;
    mentions: string[];
    /** Only a post the client sees: waiting for the client, or published (the Cliente role). */
    clientVisibleOnly?: boolean;
  },
): Promise<{ id: string; created_at: Date } | undefined> {
  return db
    .insertInto('post_comments')
    .columns(['post_id', 'user_id', 'actor', 'actor_user_id', 'actor_label', 'body', 'mentions'])
    .expression((eb) =>
      eb
        .selectFrom('suggested_posts')
        .select([
          'id',
          'user_id',
          sql<string>`${options.by.actor}::text`.as('actor'),
          sql<string | null>`${options.by.userId}::uuid`.as('actor_user_id'),
          sql<string | null>`${options.by.label ?? null}::text`.as('actor_label'),
          sql<string>`${options.body}::text`.as('body'),
          sql<string[]>`${sql.val(options.mentions)}::uuid[]`.as('mentions'),
        ])
        .where('id', '=', options.postId)
        .where('workspace_id', '=', options.workspaceId)
        .$if(options.clientVisibleOnly === true, (q) =>
          q.where((eb) => eb.or([eb('approval_stage', '=', 'client'), eb('status', '=', 'published')])),
        ),
    )
    .returning(['id', 'created_at'])
    .executeTakeFirst();
}
