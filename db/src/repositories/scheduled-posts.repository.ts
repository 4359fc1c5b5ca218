// Posts Agendados and the content calendar: the caller's scheduled posts with their theme, and the
// owner's edits, reschedules, retries and deletes. Every statement is scoped to the caller in SQL.

import type { ApprovalStage, Platform, PostStatus } from '@pauta/core';
import { RETRYABLE_POST_STATUSES } from '@pauta/core';
import type { Expression, ExpressionBuilder, Kysely, QueryCreator, SqlBool } from 'kysely';
import { sql } from 'kysely';
import { compilePerShape } from '../compiled.js';
import type { Database, FirstCommentStatus, PostOptionValuesJson, SuggestedPostsTable } from '../schema.js';

/** Filters of the scheduled-posts screen, already turned into instants (half-open ranges). */
export interface ScheduledPostFilter {
  themeId?: string | undefined;
  platform?: Platform | undefined;
  /** scheduled_for >= scheduledFrom */
  scheduledFrom?: Date | undefined;
  /** scheduled_for < scheduledBefore */
  scheduledBefore?: Date | undefined;
  createdFrom?: Date | undefined;
  createdBefore?: Date | undefined;
  statuses?: readonly PostStatus[] | undefined;
}

/** Position after which the next page starts: the (scheduled_for, id) of the last row shown. */
export interface ScheduledPostKey {
  /** scheduled_for as an ISO text with microseconds, so no row is skipped or repeated. */
  scheduledFor: string;
  id: string;
}

/** Where a post flagged with an unknown outcome stands on asking the network. */
export type OutcomeCheck = 'pending' | 'unresolved';

export interface ScheduledPostRow {
  id: string;
  theme_id: string;
  theme_name: string;
  theme_color: string;
  title: string;
  content: string;
  platform: Platform;
  post_order: number;
  scheduled_for: Date;
  created_at: Date;
  is_used: boolean;
  status: PostStatus;
  version: number;
  attempts: number;
  last_error: string | null;
  last_error_message: string | null;
  updated_at: Date;
  /** NULL: the theme does not require approval (docs/approval.md). */
  approval_stage: ApprovalStage | null;
  /** Only for a post flagged with an unknown outcome: see OutcomeCheck. */
  outcome_check?: OutcomeCheck | null;
  /** What the post chose on its network (docs/post-options.md); {} = the network's defaults. */
  network_options: PostOptionValuesJson;
  /** The first comment and its own state (docs/first-comment.md). */
  first_comment: string | null;
  first_comment_status: FirstCommentStatus | null;
  first_comment_id: string | null;
  first_comment_error: string | null;
  /** The account whose queue slot the post holds (docs/posting-queue.md); null = not queued. Absent in some lists. */
  queue_account_id?: string | null;
  /** The account the post goes out from (docs/workspaces.md); null = the network's only one. */
  connected_account_id: string | null;
  /** The post's place in its repetition (docs/recurring-posts.md); null outside one. */
  series_occurrence: number | null;
}

type PostsBuilder = ExpressionBuilder<Database & { sp: SuggestedPostsTable }, 'sp'>;

/** Which filters a list's WHERE has (their presence, never their values): its SQL's shape. */
interface FilterShape {
  theme: boolean;
  platform: boolean;
  scheduledFrom: boolean;
  scheduledBefore: boolean;
  createdFrom: boolean;
  createdBefore: boolean;
  /** How many distinct statuses (0: no status filter). */
  statuses: number;
}

/** The values of a list's WHERE; the statuses as s0, s1, … (one parameter each, as `in` sends them). */
type FilterValues = {
  workspaceId: string;
  themeId: string | undefined;
  platform: Platform | undefined;
  scheduledFrom: Date | undefined;
  scheduledBefore: Date | undefined;
  createdFrom: Date | undefined;
  createdBefore: Date | undefined;
  [status: `s${number}`]: PostStatus;
};

function filterShape(filter: ScheduledPostFilter): { shape: FilterShape; statuses: PostStatus[] } {
  const statuses = [...new Set(filter.statuses ?? [])];
  return {
    shape: {
      theme: filter.themeId !== undefined,
      platform: filter.platform !== undefined,
      scheduledFrom: filter.scheduledFrom !== undefined,
      scheduledBefore: filter.scheduledBefore !== undefined,
      createdFrom: filter.createdFrom !== undefined,
      createdBefore: filter.createdBefore !== undefined,
      statuses: statuses.length,
    },
    statuses,
  };
}

function filterKey(shape: FilterShape): string {
  return `${+shape.theme}${+shape.platform}${+shape.scheduledFrom}${+shape.scheduledBefore}${+shape.createdFrom}${+shape.createdBefore}:${shape.statuses}`;
}

function filterValues(
  workspaceId: string,
  filter: ScheduledPostFilter,
  statuses: PostStatus[],
): FilterValues {
  const values: FilterValues = {
    workspaceId,
    themeId: filter.themeId,
    platform: filter.platform,
    scheduledFrom: filter.scheduledFrom,
    scheduledBefore: filter.scheduledBefore,
    createdFrom: filter.createdFrom,
    createdBefore: filter.createdBefore,
  };
  for (let i = 0; i < statuses.length; i++) values[`s${i}`] = statuses[i]!;
  return values;
}

/** The list's WHERE of a shape: the caller's posts that have a date, narrowed by the filters present. */
function matchesShape(eb: PostsBuilder, shape: FilterShape, p: FilterValues): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [
    eb('sp.workspace_id', '=', p.workspaceId),
    eb('sp.scheduled_for', 'is not', null),
  ];
  if (shape.theme) conditions.push(eb('sp.theme_id', '=', p.themeId!));
  if (shape.platform) conditions.push(eb('sp.platform', '=', p.platform!));
  if (shape.scheduledFrom) conditions.push(eb('sp.scheduled_for', '>=', p.scheduledFrom!));
  if (shape.scheduledBefore) conditions.push(eb('sp.scheduled_for', '<', p.scheduledBefore!));
  if (shape.createdFrom) conditions.push(eb('sp.created_at', '>=', p.createdFrom!));
  if (shape.createdBefore) conditions.push(eb('sp.created_at', '<', p.createdBefore!));
  if (shape.statuses > 0) {
    const statuses = Array.from({ length: shape.statuses }, (_, i) => p[`s${i}`]!);
    conditions.push(eb('sp.status', 'in', statuses));
  }
  return eb.and(conditions);
}

/** The list's WHERE: the caller's posts that have a date, narrowed by the optional filters. */
function matchesFilter(
  eb: PostsBuilder,
  workspaceId: string,
  filter: ScheduledPostFilter,
): Expression<SqlBool> {
  const { shape, statuses } = filterShape(filter);
  return matchesShape(eb, shape, filterValues(workspaceId, filter, statuses));
}

/** The list's filter as a WHERE on `sp` (bulk actions' "all filtered" selection: the same posts the list shows). */
export function selectionMatching(
  eb: PostsBuilder,
  workspaceId: string,
  filter: ScheduledPostFilter,
): Expression<SqlBool> {
  return matchesFilter(eb, workspaceId, filter);
}

const POST_COLUMNS = [
  'sp.id',
  'sp.theme_id',
  't.name as theme_name',
  't.color_palette as theme_color',
  'sp.title',
  'sp.content',
  'sp.platform',
  'sp.post_order',
  'sp.scheduled_for',
  'sp.created_at',
  'sp.is_used',
  'sp.status',
  'sp.version',
  'sp.attempts',
  'sp.last_error',
  'sp.last_error_message',
  'sp.updated_at',
  'sp.approval_stage',
  'sp.network_options',
  'sp.first_comment',
  'sp.first_comment_status',
  'sp.first_comment_id',
  'sp.first_comment_error',
  'sp.queue_account_id',
  'sp.connected_account_id',
  'sp.series_occurrence',
  // Asking the network about an unknown outcome (docs/publishing.md, "Asking the network"):
  // 'pending' until a lookup for the flagged claim could not tell, then 'unresolved'.
  sql<OutcomeCheck | null>`CASE WHEN sp.status = 'needs_attention' AND sp.last_error = 'UNKNOWN_OUTCOME'
    AND sp.claim_token IS NOT NULL AND sp.send_started_at IS NOT NULL
    THEN CASE WHEN sp.outcome_checked_token = sp.claim_token THEN 'unresolved' ELSE 'pending' END END`.as(
    'outcome_check',
  ),
] as const;

/** The post's first image or video (position 0), as a subquery of a query on `suggested_posts as sp`. */
export function firstMediaOf(eb: PostsBuilder) {
  return eb
    .selectFrom('post_media as pm')
    .whereRef('pm.post_id', '=', 'sp.id')
    .whereRef('pm.workspace_id', '=', 'sp.workspace_id')
    .where('pm.position', '=', 0)
    .limit(1);
}

function selectPostColumns(db: QueryCreator<Database>) {
  return db
    .selectFrom('suggested_posts as sp')
    .innerJoin('themes as t', (join) =>
      join.onRef('t.id', '=', 'sp.theme_id').onRef('t.workspace_id', '=', 'sp.workspace_id'),
    )
    .select(POST_COLUMNS);
}

function toRow<T extends { scheduled_for: Date | null }>(row: T): T & { scheduled_for: Date } {
  return row as T & { scheduled_for: Date };
}

/** The exact-precision key of a row, computed by PostgreSQL (a JS Date would drop microseconds). */
const keyText = sql<string>`to_char(sp.scheduled_for AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The page's shape: its filters, whether the counts count 'scheduled', and the cursor. */
interface PageShape extends FilterShape {
  countsScheduled: boolean;
  after: boolean;
}

/** One compiled statement per shape of the page (db/src/compiled.ts); see listScheduledPostsPage. */
const pageStatement = compilePerShape(
  (shape: PageShape) => `${filterKey(shape)}:${+shape.countsScheduled}${+shape.after}`,
  (shape) =>
    (db, p: FilterValues & { afterAt: string | undefined; afterId: string | undefined; limit: number }) =>
      db
        .with('counts', (qb) =>
          qb
            .selectFrom('suggested_posts as sp')
            .select((eb) => [
              eb.fn.countAll<number>().as('n'),
              shape.countsScheduled
                ? eb.fn.countAll<number>().filterWhere('sp.status', '=', 'scheduled').as('scheduled')
                : sql<number>`0`.as('scheduled'),
            ])
            .where((eb) => matchesShape(eb, shape, p)),
        )
        .with('page', (qb) => {
          let page = selectPostColumns(qb)
            .select(keyText.as('key_text'))
            .select((eb) => firstMediaOf(eb).select('pm.thumb_key').as('thumb_key'))
            // An image or a video (whose thumb_key is its cover's, null until it has one).
            .select((eb) => firstMediaOf(eb).select('pm.kind').as('media_kind'))
            .where((eb) => matchesShape(eb, shape, p));
          if (shape.after) {
            page = page.where((eb) =>
              eb(
                eb.refTuple('sp.scheduled_for', 'sp.id'),
                '>',
                eb.tuple(sql<Date>`${p.afterAt}::timestamptz`, p.afterId!),
              ),
            );
          }
          return page.orderBy('sp.scheduled_for', 'asc').orderBy('sp.id', 'asc').limit(p.limit);
        })
        // The counts' one row, joined to the page's rows (or to none: an empty page still has counts).
        .selectFrom('counts')
        .leftJoin('page', (join) => join.on(sql<boolean>`true`))
        .selectAll('page')
        .select(['counts.n', 'counts.scheduled'])
        .orderBy('page.scheduled_for', 'asc')
        .orderBy('page.id', 'asc'),
);

/**
 * One page of the caller's scheduled posts, ascending by (scheduled_for, id), after `after`, with
 * each post's first image (its thumbnail key) and the counts of the whole filtered list — in ONE
 * statement: under load every round trip costs the web and PostgreSQL more CPU than the work of
 * the query itself (docs/performance.md). Returns up to `limit` rows and the key of the last one
 * when more follow; `total` counts every status, `scheduled` only the posts still waiting. The
 * statement is compiled once per shape (which filters are present, the cursor).
 */
export async function listScheduledPostsPage(
  db: Kysely<Database>,
  options: {
    workspaceId: string;
    filter: ScheduledPostFilter;
    after?: ScheduledPostKey | undefined;
    limit: number;
  },
): Promise<{
  rows: Array<ScheduledPostRow & { thumb_key: string | null; media_kind: 'image' | 'video' | null }>;
  next: ScheduledPostKey | null;
  total: number;
  scheduled: number;
}> {
  const { workspaceId, filter, after } = options;
  const { shape, statuses } = filterShape(filter);
  const countsScheduled = statuses.length === 0 || statuses.includes('scheduled');
  const { rows: result } = await pageStatement(
    db,
    { ...shape, countsScheduled, after: after !== undefined },
    {
      ...filterValues(workspaceId, filter, statuses),
      afterAt: after?.scheduledFor,
      afterId: after?.id,
      limit: options.limit + 1,
    },
  );
  const first = result[0];
  const found = result.filter((row) => row.id !== null);
  const page = found.slice(0, options.limit);
  const last = page.at(-1);
  const next = found.length > options.limit && last ? { scheduledFor: last.key_text!, id: last.id! } : null;
  return {
    rows: page.map(
      ({ key_text: _key, n: _n, scheduled: _s, ...row }) =>
        row as ScheduledPostRow & { thumb_key: string | null; media_kind: 'image' | 'video' | null },
    ),
    next,
    total: Number(first?.n ?? 0),
    scheduled: Number(first?.scheduled ?? 0),
  };
}

/** Exact number of the caller's scheduled posts matching the filter ('Excluir Posts Filtrados (N)'). */
export async function countScheduledPosts(
  db: Kysely<Database>,
  options: { workspaceId: string; filter: ScheduledPostFilter },
): Promise<number> {
  const row = await db
    .selectFrom('suggested_posts as sp')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => matchesFilter(eb, options.workspaceId, options.filter))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The caller's scheduled posts in [from, before), for the month/week calendar. */
export async function listCalendarPosts(
  db: Kysely<Database>,
  options: {
    workspaceId: string;
    from: Date;
    before: Date;
    themeId?: string | undefined;
    platform?: Platform | undefined;
    limit: number;
  },
): Promise<ScheduledPostRow[]> {
  const filter = {
    themeId: options.themeId,
    platform: options.platform,
    scheduledFrom: options.from,
    scheduledBefore: options.before,
  };
  const rows = await selectPostColumns(db)
    .where((eb) => matchesFilter(eb, options.workspaceId, filter))
    .orderBy('sp.scheduled_for', 'asc')
    .orderBy('sp.id', 'asc')
    .limit(options.limit)
    .execute();
  return rows.map(toRow);
}

/** One of the caller's posts (any status), or undefined: another user's id looks like a missing one. */
export async function findScheduledPost(
  db: Kysely<Database>,
  workspaceId: string,
  postId: string,
): Promise<ScheduledPostRow | undefined> {
  const row = await selectPostColumns(db)
    .where('sp.id', '=', postId)
    .where('sp.workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export interface PostChanges {
  /** Omitted: keep the current title and content (a reschedule). */
  title?: string | undefined;
  content?: string | undefined;
  scheduledFor: Date;
  /** Omitted: keep the post's network options (docs/post-options.md); given: replaced, validated. */
  networkOptions?: PostOptionValuesJson | undefined;
  /** Omitted: keep the first comment; null removes it; a text replaces it (pending again). */
  firstComment?: string | null | undefined;
  /**
   * The account whose queue slot `scheduledFor` is (docs/posting-queue.md). Omitted: the post
   * stays queued only if its time does not change (an edit of the text keeps its slot; a
   * reschedule elsewhere takes it out of the queue).
   */
  queueAccountId?: string | null | undefined;
  /**
   * Editar Post's account choice (docs/workspaces.md "Several accounts of one network"), an active
   * account of the post's network in its workspace (checked by the caller). Omitted: kept.
   */
  connectedAccountId?: string | undefined;
}

/**
 * Saves an owner's change as a new version, only while the post is still in one of `allowed`
 * (checked by the UPDATE itself, so a post the worker claimed in between is never touched), and
 * voids any claim token, so a stalled worker's late answer can never overwrite the change. A
 * post that had stopped (failed, needs_attention, missed) goes back to `scheduled` with its
 * error and claim state cleared; `attempts` is kept as history. undefined = nothing changed.
 */
export async function saveScheduledPostVersion(
  db: Kysely<Database>,
  options: {
    workspaceId: string;
    postId: string;
    changes: PostChanges;
    allowed: readonly PostStatus[];
    now: Date;
    /**
     * "Agendar" / "Adicionar à fila" of a draft (docs/composer.md): the draft becomes `scheduled`
     * (and, should its theme require approval by now, enters the approval workflow at `draft`,
     * the theme row read FOR SHARE as the insert trigger does). Otherwise a draft stays a draft.
     */
    scheduleDraft?: boolean | undefined;
  },
): Promise<ScheduledPostRow | undefined> {
  const { changes } = options;
  const scheduleDraft = options.scheduleDraft === true;
  const resumes = (eb: ExpressionBuilder<Database, 'suggested_posts'>) =>
    eb('status', 'in', [...RETRYABLE_POST_STATUSES]);
  const row = await db
    .with('saved', (qb) =>
      qb
        .updateTable('suggested_posts')
        .set((eb) => ({
          ...(changes.title !== undefined ? { title: changes.title } : {}),
          ...(changes.content !== undefined ? { content: changes.content } : {}),
          ...(changes.networkOptions !== undefined
            ? { network_options: JSON.stringify(changes.networkOptions) }
            : {}),
          ...(changes.firstComment !== undefined
            ? {
                first_comment: changes.firstComment,
                first_comment_status: changes.firstComment === null ? null : ('pending' as const),
                first_comment_id: null,
                first_comment_error: null,
                first_comment_attempts: 0,
                first_comment_next_at: null,
                first_comment_token: null,
                first_comment_sent_at: null,
              }
            : {}),
          ...(changes.connectedAccountId !== undefined
            ? { connected_account_id: changes.connectedAccountId }
            : {}),
          scheduled_for: changes.scheduledFor,
          queue_account_id:
            changes.queueAccountId !== undefined
              ? changes.queueAccountId
              : eb
                  .case()
                  .when('scheduled_for', '=', changes.scheduledFor)
                  .then(eb.ref('queue_account_id'))
                  .else(null)
                  .end(),
          version: eb('version', '+', 1),
          updated_at: options.now,
          status: scheduleDraft
            ? ('scheduled' as const)
            : eb
                .case()
                .when('status', '=', 'draft')
                .then(sql<PostStatus>`'draft'`)
                .else(sql<PostStatus>`'scheduled'`)
                .end(),
          ...(scheduleDraft
            ? {
                approval_stage: eb
                  .case()
                  .when(
                    eb.and([
                      eb('status', '=', 'draft'),
                      eb('approval_stage', 'is', null),
                      sql<boolean>`EXISTS (SELECT 1 FROM themes WHERE themes.id = suggested_posts.theme_id AND themes.requires_approval FOR SHARE)`,
                    ]),
                  )
                  .then(sql<ApprovalStage>`'draft'`)
                  .else(eb.ref('approval_stage'))
                  .end(),
              }
            : {}),
          // A post waiting for its time keeps any retry bookkeeping of the worker; a stopped
          // one starts afresh.
          last_error: eb.case().when(resumes(eb)).then(null).else(eb.ref('last_error')).end(),
          last_error_location: eb
            .case()
            .when(resumes(eb))
            .then(null)
            .else(eb.ref('last_error_location'))
            .end(),
          last_error_message: eb.case().when(resumes(eb)).then(null).else(eb.ref('last_error_message')).end(),
          // Any claim left on the post (a needs_attention flagged by the reconciler keeps its
          // worker's token) is void from here on: that worker can no longer record anything
          // (docs/publishing.md, row U2).
          claim_token: null,
          send_started_at: eb.case().when(resumes(eb)).then(null).else(eb.ref('send_started_at')).end(),
          claimed_at: eb.case().when(resumes(eb)).then(null).else(eb.ref('claimed_at')).end(),
          next_attempt_at: eb.case().when(resumes(eb)).then(null).else(eb.ref('next_attempt_at')).end(),
        }))
        .where('id', '=', options.postId)
        .where('workspace_id', '=', options.workspaceId)
        .where('status', 'in', [...options.allowed])
        .returningAll(),
    )
    .selectFrom('saved as sp')
    .innerJoin('themes as t', (join) =>
      join.onRef('t.id', '=', 'sp.theme_id').onRef('t.workspace_id', '=', 'sp.workspace_id'),
    )
    .select(POST_COLUMNS)
    .executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** A deleted post: enough to remove its wake-up jobs (`post-<id>-v<version>`) from its queue. */
export interface DeletedPost {
  id: string;
  platform: Platform;
  version: number;
}

const DELETED_POST = ['id', 'platform', 'version'] as const;

/** Deletes one of the caller's posts unless the worker is publishing it; the deleted post or undefined. */
export async function deleteScheduledPost(
  db: Kysely<Database>,
  workspaceId: string,
  postId: string,
): Promise<DeletedPost | undefined> {
  return db
    .deleteFrom('suggested_posts')
    .where('id', '=', postId)
    .where('workspace_id', '=', workspaceId)
    .where('status', '!=', 'publishing')
    .returning(DELETED_POST)
    .executeTakeFirst();
}

/**
 * Deletes those of `ids` that are the caller's and not being published. Other users' ids are
 * ignored. `skipped` counts the caller's posts left alone because the worker is publishing them.
 */
export async function deleteScheduledPostsByIds(
  db: Kysely<Database>,
  workspaceId: string,
  ids: readonly string[],
): Promise<{ deleted: number; skipped: number; posts: DeletedPost[] }> {
  if (ids.length === 0) return { deleted: 0, skipped: 0, posts: [] };
  const unique = [...new Set(ids)];
  const posts = await db
    .deleteFrom('suggested_posts')
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', unique)
    .where('status', '!=', 'publishing')
    .returning(DELETED_POST)
    .execute();
  // Whatever of the caller's ids is still there was skipped (a publishing post).
  const left = await db
    .selectFrom('suggested_posts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', unique)
    .executeTakeFirstOrThrow();
  return { deleted: posts.length, skipped: Number(left.n), posts };
}

/** 'Excluir Posts Filtrados': deletes the caller's posts matching the list's filter. */
export async function deleteScheduledPostsByFilter(
  db: Kysely<Database>,
  workspaceId: string,
  filter: ScheduledPostFilter,
): Promise<{ deleted: number; skipped: number; posts: DeletedPost[] }> {
  const posts = await db
    .deleteFrom('suggested_posts')
    .where('workspace_id', '=', workspaceId)
    // On the target row itself, so a post claimed while this runs is re-checked and left alone.
    .where('status', '!=', 'publishing')
    .where(
      'id',
      'in',
      db
        .selectFrom('suggested_posts as sp')
        .select('sp.id')
        .where((eb) => matchesFilter(eb, workspaceId, filter)),
    )
    .returning(DELETED_POST)
    .execute();
  const countsPublishing = !filter.statuses?.length || filter.statuses.includes('publishing');
  const skipped = countsPublishing
    ? await countScheduledPosts(db, { workspaceId, filter: { ...filter, statuses: ['publishing'] } })
    : 0;
  return { deleted: posts.length, skipped, posts };
}
