// Recurring and evergreen posts (docs/recurring-posts.md): the owner's rule on a post, and the
// worker's "next occurrence" — created exactly once, whoever asks (the worker right after a
// publication, the reconciler after a crash, two of either at once): the insert is one conditional
// statement (the source occurrence is published, the series still runs) whose conflict target is
// UNIQUE (series_id, series_occurrence), and its RETURNING tells the caller whether its row won.
import { EDITABLE_POST_STATUSES, type Platform, type RecurrenceKind, type RecurrenceRule } from '@pauta/core';
import { type Kysely, sql } from 'kysely';
import type { Database, PostOptionValuesJson } from '../schema.js';
import { copyPostMediaIn } from './media.repository.js';

export interface PostSeriesRow {
  id: string;
  kind: RecurrenceKind;
  interval: number;
  maxOccurrences: number | null;
  untilDate: string | null;
  timeZone: string;
  stoppedAt: Date | null;
  endedAt: Date | null;
}

const seriesColumns = [
  'post_series.id as id',
  'post_series.kind as kind',
  'post_series.interval_count as interval',
  'post_series.max_occurrences as maxOccurrences',
  sql<string | null>`to_char(post_series.until_date, 'YYYY-MM-DD')`.as('untilDate'),
  'post_series.time_zone as timeZone',
  'post_series.stopped_at as stoppedAt',
  'post_series.ended_at as endedAt',
] as const;

export type SetRecurrenceResult =
  | { kind: 'ok'; series: PostSeriesRow; occurrence: number }
  | { kind: 'not_found' }
  /** The post is publishing or published: its repetition is set on the next occurrence. */
  | { kind: 'not_editable' }
  /** The count rule is below the occurrences already made. */
  | { kind: 'too_few'; occurrence: number };

/**
 * Sets (or changes) the repetition of a post the owner may still edit. A post outside a series
 * starts one as its occurrence 1; a post of a series changes the series' rule for the following
 * occurrences and resumes a stopped one. One transaction with the post's row locked, so the
 * worker's claim and this wait for each other.
 */
export async function setPostRecurrence(
  db: Kysely<Database>,
  input: { workspaceId: string; postId: string; userId: string; rule: RecurrenceRule; timeZone: string },
): Promise<SetRecurrenceResult> {
  return db.transaction().execute(async (trx) => {
    const post = await trx
      .selectFrom('suggested_posts')
      .select(['id', 'status', 'series_id', 'series_occurrence'])
      .where('workspace_id', '=', input.workspaceId)
      .where('id', '=', input.postId)
      .forUpdate()
      .executeTakeFirst();
    if (!post) return { kind: 'not_found' } as const;
    // A draft repeats nothing: its occurrences would be scheduled posts (docs/recurring-posts.md).
    if (post.status === 'draft' || !(EDITABLE_POST_STATUSES as readonly string[]).includes(post.status))
      return { kind: 'not_editable' } as const;
    const occurrence = post.series_occurrence ?? 1;
    if (input.rule.maxOccurrences !== null && input.rule.maxOccurrences < occurrence)
      return { kind: 'too_few', occurrence } as const;
    const values = {
      kind: input.rule.kind,
      interval_count: input.rule.interval,
      max_occurrences: input.rule.maxOccurrences,
      until_date: input.rule.untilDate,
      time_zone: input.timeZone,
    };
    let seriesId = post.series_id;
    if (seriesId === null) {
      const created = await trx
        .insertInto('post_series')
        .values({ ...values, workspace_id: input.workspaceId, created_by: input.userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      seriesId = created.id;
      await trx
        .updateTable('suggested_posts')
        .set({ series_id: seriesId, series_occurrence: 1 })
        .where('id', '=', post.id)
        .execute();
    } else {
      await trx
        .updateTable('post_series')
        .set({ ...values, stopped_at: null, ended_at: null, updated_at: sql<Date>`now()` })
        .where('workspace_id', '=', input.workspaceId)
        .where('id', '=', seriesId)
        .execute();
    }
    const series = await trx
      .selectFrom('post_series')
      .select(seriesColumns)
      .where('id', '=', seriesId)
      .executeTakeFirstOrThrow();
    return { kind: 'ok', series, occurrence } as const;
  });
}

/** "Parar repetição": no occurrence after the ones that exist. Idempotent; false when no series. */
export async function stopPostSeries(
  db: Kysely<Database>,
  input: { workspaceId: string; postId: string },
): Promise<boolean> {
  const post = await db
    .selectFrom('suggested_posts')
    .select('series_id')
    .where('workspace_id', '=', input.workspaceId)
    .where('id', '=', input.postId)
    .executeTakeFirst();
  if (!post?.series_id) return false;
  await db
    .updateTable('post_series')
    .set({ stopped_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('workspace_id', '=', input.workspaceId)
    .where('id', '=', post.series_id)
    .where('stopped_at', 'is', null)
    .execute();
  return true;
}

export interface PostSeriesSummary extends PostSeriesRow {
  occurrence: number;
  /** The earliest occurrence of the series still scheduled (this post's own date included). */
  nextAt: Date | null;
}

/** The repetition of each post that has one (the lists, Editar Post), scoped to the workspace. */
export async function findSeriesOfPosts(
  db: Kysely<Database>,
  workspaceId: string,
  postIds: readonly string[],
): Promise<Map<string, PostSeriesSummary>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('suggested_posts as p')
    .innerJoin('post_series', 'post_series.id', 'p.series_id')
    .select([
      'p.id as postId',
      'p.series_occurrence as occurrence',
      ...seriesColumns,
      (eb) =>
        eb
          .selectFrom('suggested_posts as o')
          .select((o) => o.fn.min<Date>('o.scheduled_for').as('m'))
          .whereRef('o.series_id', '=', 'p.series_id')
          .where('o.status', '=', 'scheduled')
          .as('nextAt'),
    ])
    .where('p.workspace_id', '=', workspaceId)
    .where('p.id', 'in', postIds)
    .execute();
  return new Map(
    rows.map(({ postId, occurrence, nextAt, ...series }) => [
      postId,
      { ...series, occurrence: occurrence ?? 1, nextAt: nextAt ?? null },
    ]),
  );
}

/** A published occurrence of a running series whose next occurrence does not exist yet. */
export interface SeriesContinuation {
  postId: string;
  workspaceId: string;
  seriesId: string;
  platform: Platform;
  title: string;
  content: string;
  occurrence: number;
  scheduledFor: Date;
  publishedAt: Date;
  themeName: string;
  series: PostSeriesRow;
}

/**
 * Published occurrences of running series (not stopped, not ended) with no next occurrence:
 * one post (`postId`, the worker right after its publication) or up to `limit` (the reconciler).
 */
export async function findSeriesContinuations(
  db: Kysely<Database>,
  options: { postId?: string; limit?: number },
): Promise<SeriesContinuation[]> {
  let query = db
    .selectFrom('suggested_posts as p')
    .innerJoin('post_series', 'post_series.id', 'p.series_id')
    .innerJoin('themes as t', 't.id', 'p.theme_id')
    .innerJoin('published_posts as pp', 'pp.suggested_post_id', 'p.id')
    .innerJoin('workspaces as w', 'w.id', 'p.workspace_id')
    .select([
      'p.id as postId',
      'p.workspace_id as workspaceId',
      'post_series.id as seriesId',
      'p.platform as platform',
      'p.title as title',
      'p.content as content',
      'p.series_occurrence as occurrence',
      'p.scheduled_for as scheduledFor',
      'pp.published_at as publishedAt',
      't.name as themeName',
      ...seriesColumns,
      // The workspace's zone as it is now (docs/recurring-posts.md): a zone changed on the queue
      // screen moves every following occurrence; unset, the zone stored when the rule was saved
      // (the workspace's then, its first owner's profile zone).
      sql<string>`COALESCE(w.timezone, post_series.time_zone)`.as('workspaceTimeZone'),
    ])
    .where('p.status', '=', 'published')
    .where('post_series.stopped_at', 'is', null)
    .where('post_series.ended_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('suggested_posts as n')
            .select(sql`1`.as('one'))
            .whereRef('n.series_id', '=', 'p.series_id')
            .where('n.series_occurrence', '=', sql<number>`p.series_occurrence + 1`),
        ),
      ),
    );
  if (options.postId !== undefined) query = query.where('p.id', '=', options.postId);
  const rows = await query
    .orderBy('pp.published_at')
    .limit(options.limit ?? 100)
    .execute();
  return rows.map((r) => ({
    postId: r.postId,
    workspaceId: r.workspaceId,
    seriesId: r.seriesId,
    platform: r.platform,
    title: r.title,
    content: r.content,
    occurrence: r.occurrence ?? 1,
    scheduledFor: r.scheduledFor ?? r.publishedAt,
    publishedAt: r.publishedAt,
    themeName: r.themeName,
    series: {
      id: r.id,
      kind: r.kind,
      interval: r.interval,
      maxOccurrences: r.maxOccurrences,
      untilDate: r.untilDate,
      timeZone: r.workspaceTimeZone,
      stoppedAt: r.stoppedAt,
      endedAt: r.endedAt,
    },
  }));
}

export interface NextOccurrenceInsert {
  sourcePostId: string;
  /** The new occurrence's number: the source's + 1 (the statement checks it). */
  occurrence: number;
  scheduledFor: Date;
  content: string;
  /**
   * Null: scheduled (or the approval flow's Rascunho on a theme that requires approval). Else the
   * occurrence is stored `failed` with this code and pt-BR reason, for the owner to fix and retry.
   */
  refused: { code: string; message: string } | null;
}

/**
 * Creates the next occurrence of a series, at most once: copies the source's theme, author, title,
 * network, options and image references (post_media rows naming the same stored files; the media
 * sweep keeps a file while any row holds it). Fenced like every worker write: only from a
 * `published` source whose series runs and whose occurrence is the one before; UNIQUE (series_id,
 * series_occurrence) settles a race. (post_media.storage_key is not unique since this migration.) Returns the new post (and its wake-up) or null when nothing was
 * written (another worker made it, or the series stopped meanwhile).
 */
export async function insertNextOccurrence(
  db: Kysely<Database>,
  input: NextOccurrenceInsert,
): Promise<{ id: string; version: number; platform: Platform; scheduledFor: Date; status: string } | null> {
  return db.transaction().execute(async (trx) => {
    const refused = input.refused;
    const inserted = await trx
      .insertInto('suggested_posts')
      .columns([
        'workspace_id',
        'theme_id',
        'user_id',
        'title',
        'content',
        'platform',
        'post_order',
        'scheduled_for',
        'status',
        'last_error',
        'last_error_message',
        'network_options',
        'series_id',
        'series_occurrence',
      ])
      .expression((eb) =>
        eb
          .selectFrom('suggested_posts as src')
          .innerJoin('post_series as s', 's.id', 'src.series_id')
          .select([
            'src.workspace_id',
            'src.theme_id',
            'src.user_id',
            'src.title',
            sql<string>`${input.content}::text`.as('content'),
            'src.platform',
            'src.post_order',
            sql<Date>`${input.scheduledFor.toISOString()}::timestamptz`.as('scheduled_for'),
            sql<string>`${refused === null ? 'scheduled' : 'failed'}::text`.as('status'),
            sql<string | null>`${refused?.code ?? null}::text`.as('last_error'),
            sql<string | null>`${refused?.message ?? null}::text`.as('last_error_message'),
            sql<PostOptionValuesJson>`src.network_options`.as('network_options'),
            'src.series_id',
            sql<number>`${input.occurrence}::int`.as('series_occurrence'),
          ])
          .where('src.id', '=', input.sourcePostId)
          .where('src.status', '=', 'published')
          .where('src.series_occurrence', '=', input.occurrence - 1)
          .where('s.stopped_at', 'is', null)
          .where('s.ended_at', 'is', null),
      )
      .onConflict((oc) => oc.columns(['series_id', 'series_occurrence']).doNothing())
      .returning(['id', 'version', 'platform', 'scheduled_for', 'status'])
      .executeTakeFirst();
    if (!inserted) return null;
    await copyPostMediaIn(trx, input.sourcePostId, inserted.id);
    return {
      id: inserted.id,
      version: inserted.version,
      platform: inserted.platform,
      scheduledFor: inserted.scheduled_for as Date,
      status: inserted.status,
    };
  });
}

/** The stop rule was reached: the series ends (once; a stopped series stays stopped). */
export async function endSeries(db: Kysely<Database>, seriesId: string): Promise<boolean> {
  const result = await db
    .updateTable('post_series')
    .set({ ended_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', seriesId)
    .where('ended_at', 'is', null)
    .where('stopped_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
