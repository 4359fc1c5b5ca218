// The hot reads compiled once (issue 29; db/src/compiled.ts): a page of posts and a page of
// published posts (one compiled statement per shape), the dashboard's totals, Meus Temas, and the
// membership reads of the scoped procedure. Each is checked against the builder's statement as it
// was before (copied here as the reference, built and compiled on every call), on the same rows,
// for every shape the lists take — the rows must be the same, in the same order.
import { randomUUID } from 'node:crypto';
import type { Platform, PostStatus } from '@pauta/core';
import { EDITABLE_POST_STATUSES } from '@pauta/core';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, testDb } from '../../test/harness.js';
import type { DbHandle } from './client.js';
import { readDashboardTotals } from './repositories/dashboard.repository.js';
import { listPublishedPosts } from './repositories/published-posts.repository.js';
import {
  listScheduledPostsPage,
  type ScheduledPostFilter,
  type ScheduledPostKey,
} from './repositories/scheduled-posts.repository.js';
import { insertTheme, listThemesWithCounts } from './repositories/themes.repository.js';
import { findDefaultMembership, findMembership } from './repositories/workspaces.repository.js';
import type { Database, SuggestedPostsTable } from './schema.js';

let handle: DbHandle;
let db: Kysely<Database>;
beforeAll(async () => {
  handle = await testDb();
  db = handle.db;
});
afterAll(async () => {
  await handle.close();
});

// ---- The reference: the builder's statements as they were before compileOnce ----

type PostsBuilder = ExpressionBuilder<Database & { sp: SuggestedPostsTable }, 'sp'>;

function refMatches(eb: PostsBuilder, workspaceId: string, filter: ScheduledPostFilter): Expression<SqlBool> {
  const c: Expression<SqlBool>[] = [
    eb('sp.workspace_id', '=', workspaceId),
    eb('sp.scheduled_for', 'is not', null),
  ];
  if (filter.themeId !== undefined) c.push(eb('sp.theme_id', '=', filter.themeId));
  if (filter.platform !== undefined) c.push(eb('sp.platform', '=', filter.platform));
  if (filter.scheduledFrom !== undefined) c.push(eb('sp.scheduled_for', '>=', filter.scheduledFrom));
  if (filter.scheduledBefore !== undefined) c.push(eb('sp.scheduled_for', '<', filter.scheduledBefore));
  if (filter.createdFrom !== undefined) c.push(eb('sp.created_at', '>=', filter.createdFrom));
  if (filter.createdBefore !== undefined) c.push(eb('sp.created_at', '<', filter.createdBefore));
  if (filter.statuses !== undefined && filter.statuses.length > 0)
    c.push(eb('sp.status', 'in', [...filter.statuses]));
  return eb.and(c);
}

const keyText = sql<string>`to_char(sp.scheduled_for AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

async function refPostsPage(
  workspaceId: string,
  filter: ScheduledPostFilter,
  after: ScheduledPostKey | undefined,
  limit: number,
) {
  const statuses = filter.statuses;
  const countsScheduled = !statuses?.length || statuses.includes('scheduled');
  return db
    .with('counts', (qb) =>
      qb
        .selectFrom('suggested_posts as sp')
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          countsScheduled
            ? eb.fn.countAll<number>().filterWhere('sp.status', '=', 'scheduled').as('scheduled')
            : sql<number>`0`.as('scheduled'),
        ])
        .where((eb) => refMatches(eb, workspaceId, filter)),
    )
    .with('page', (qb) => {
      let page = qb
        .selectFrom('suggested_posts as sp')
        .innerJoin('themes as t', (join) =>
          join.onRef('t.id', '=', 'sp.theme_id').onRef('t.workspace_id', '=', 'sp.workspace_id'),
        )
        .select([
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
          // Added with the post options (2026-11-30T05-20-post-options): the edit dialog's values.
          'sp.network_options',
          // Added with the first comment (2026-11-30T06-10-first-comment): its text and own state.
          'sp.first_comment',
          'sp.first_comment_status',
          'sp.first_comment_id',
          'sp.first_comment_error',
          // Added with the posting queue (2026-11-30T06-00-posting-queue): the card's "Na fila".
          'sp.queue_account_id',
          // Added with several accounts per network (2026-12-01T04-10-post-accounts): the post's account.
          'sp.connected_account_id',
          // Added with recurring posts (2026-11-30T06-20-recurring-posts): the cards' badge.
          'sp.series_occurrence',
          sql<string | null>`CASE WHEN sp.status = 'needs_attention' AND sp.last_error = 'UNKNOWN_OUTCOME'
    AND sp.claim_token IS NOT NULL AND sp.send_started_at IS NOT NULL
    THEN CASE WHEN sp.outcome_checked_token = sp.claim_token THEN 'unresolved' ELSE 'pending' END END`.as(
            'outcome_check',
          ),
        ])
        .select(keyText.as('key_text'))
        .select((eb) =>
          eb
            .selectFrom('post_media as pm')
            .select('pm.thumb_key')
            .whereRef('pm.post_id', '=', 'sp.id')
            .whereRef('pm.workspace_id', '=', 'sp.workspace_id')
            .where('pm.position', '=', 0)
            .limit(1)
            .as('thumb_key'),
        )
        .select((eb) =>
          eb
            .selectFrom('post_media as pm')
            .select('pm.kind')
            .whereRef('pm.post_id', '=', 'sp.id')
            .whereRef('pm.workspace_id', '=', 'sp.workspace_id')
            .where('pm.position', '=', 0)
            .limit(1)
            .as('media_kind'),
        )
        .where((eb) => refMatches(eb, workspaceId, filter));
      if (after) {
        page = page.where((eb) =>
          eb(
            eb.refTuple('sp.scheduled_for', 'sp.id'),
            '>',
            eb.tuple(sql<Date>`${after.scheduledFor}::timestamptz`, after.id),
          ),
        );
      }
      return page
        .orderBy('sp.scheduled_for', 'asc')
        .orderBy('sp.id', 'asc')
        .limit(limit + 1);
    })
    .selectFrom('counts')
    .leftJoin('page', (join) => join.on(sql<boolean>`true`))
    .selectAll('page')
    .select(['counts.n', 'counts.scheduled'])
    .orderBy('page.scheduled_for', 'asc')
    .orderBy('page.id', 'asc')
    .execute();
}

async function refPublishedPage(options: {
  workspaceId: string;
  themeId?: string;
  platform?: Platform;
  before?: { publishedAt: string; id: string };
  limit: number;
}) {
  let query = db
    .selectFrom('published_posts as pp')
    .leftJoin('themes as t', (join) =>
      join.onRef('t.id', '=', 'pp.theme_id').onRef('t.workspace_id', '=', 'pp.workspace_id'),
    )
    .select([
      'pp.id',
      'pp.theme_id',
      't.name as theme_name',
      't.color_palette as theme_color',
      'pp.title',
      'pp.content',
      'pp.platform',
      'pp.published_at',
      'pp.url',
      'pp.reach',
      'pp.likes_count',
      'pp.comments_count',
      'pp.engagement_rate',
      'pp.metrics_updated_at',
      // Added with several accounts per network: why a post has no metrics names its account.
      'pp.connected_account_id',
    ])
    .where('pp.workspace_id', '=', options.workspaceId);
  if (options.themeId !== undefined) query = query.where('pp.theme_id', '=', options.themeId);
  if (options.platform !== undefined) query = query.where('pp.platform', '=', options.platform);
  const before = options.before;
  if (before) {
    query = query.where((eb) =>
      eb(
        eb.refTuple('pp.published_at', 'pp.id'),
        '<',
        eb.tuple(sql<Date>`${before.publishedAt}::timestamptz`, before.id),
      ),
    );
  }
  return query
    .orderBy('pp.published_at', 'desc')
    .orderBy('pp.id', 'desc')
    .limit(options.limit + 1)
    .execute();
}

// ---- Seed: two people, each with themes, posts of every kind, images and published posts ----

const theme = (userId: string, name: string) =>
  insertTheme(db, userId, {
    name,
    description: 'Tema de teste',
    toneOfVoice: [],
    avoidTopics: [],
    socialNetworks: ['linkedin', 'x'],
    frequency: 'weekly',
    colorPalette: '#123456',
  });

const HOUR = 3_600_000;
const base = Date.UTC(2031, 0, 5, 12);
const STATUSES: PostStatus[] = [
  'scheduled',
  'failed',
  'missed',
  'needs_attention',
  'published',
  'publishing',
];
const PLATFORMS: Platform[] = ['linkedin', 'x', 'facebook'];

async function seed(label: string) {
  const user = await makeUser(handle, label);
  const themes = [await theme(user.id, `${label} A`), await theme(user.id, `${label} B`)];
  const posts: string[] = [];
  for (let i = 0; i < 24; i++) {
    const row = await db
      .insertInto('suggested_posts')
      .values({
        user_id: user.id,
        theme_id: themes[i % 2]!.id,
        title: `Post ${i}`,
        content: 'Conteúdo',
        platform: PLATFORMS[i % 3]!,
        // Pairs at the same instant: the cursor's tie-break on id matters.
        scheduled_for: i === 23 ? null : new Date(base + Math.floor(i / 2) * HOUR + 0.123),
        status: STATUSES[i % STATUSES.length]!,
        created_at: new Date(base - (24 - i) * HOUR),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    posts.push(row.id);
  }
  for (const [i, postId] of posts.slice(0, 4).entries()) {
    await db
      .insertInto('post_media')
      .values({
        id: randomUUID(),
        post_id: postId,
        user_id: user.id,
        position: i % 2,
        storage_key: `k/${randomUUID()}`,
        thumb_key: `t/${randomUUID()}`,
        mime_type: 'image/png',
        width: 10,
        height: 10,
        size_bytes: 100,
      })
      .execute();
  }
  for (let i = 0; i < 9; i++) {
    await db
      .insertInto('published_posts')
      .values({
        user_id: user.id,
        theme_id: i === 8 ? null : themes[i % 2]!.id,
        title: `Publicado ${i}`,
        content: 'Conteúdo',
        platform: PLATFORMS[i % 3]!,
        published_at: new Date(base - Math.floor(i / 2) * HOUR),
        url: null,
        reach: i * 10,
        likes_count: i,
        comments_count: null,
        engagement_rate: i % 3 === 0 ? null : `${i}.25`,
      })
      .execute();
  }
  return { user, themes };
}

describe('hot reads compiled once return the builder’s rows', () => {
  it('posts.list: every shape (filters, statuses, cursor), page after page', async () => {
    const me = await seed('pagina-compilada');
    await seed('pagina-alheia');
    const ws = me.user.id;
    const filters: ScheduledPostFilter[] = [
      {},
      { themeId: me.themes[0]!.id },
      { platform: 'x' },
      { themeId: me.themes[1]!.id, platform: 'linkedin' },
      { scheduledFrom: new Date(base + 2 * HOUR), scheduledBefore: new Date(base + 8 * HOUR) },
      { createdFrom: new Date(base - 20 * HOUR), createdBefore: new Date(base - 4 * HOUR) },
      { statuses: ['failed'] },
      { statuses: ['scheduled', 'missed'] },
      { statuses: ['failed', 'failed', 'missed'] },
      { statuses: [] },
      { themeId: randomUUID() },
    ];
    let compared = 0;
    for (const filter of filters) {
      for (const limit of [3, 50]) {
        let after: ScheduledPostKey | undefined;
        // Walk every page with the compiled statement, comparing each with the reference's.
        for (let page = 0; page < 20; page++) {
          const expected = await refPostsPage(ws, filter, after, limit);
          const got = await listScheduledPostsPage(db, { workspaceId: ws, filter, after, limit });
          const found = expected.filter((r) => r.id !== null);
          expect(got.total).toBe(Number(expected[0]?.n ?? 0));
          expect(got.scheduled).toBe(Number(expected[0]?.scheduled ?? 0));
          expect(got.rows).toEqual(
            found.slice(0, limit).map(({ key_text: _k, n: _n, scheduled: _s, ...row }) => row),
          );
          compared++;
          if (!got.next) {
            expect(found.length).toBeLessThanOrEqual(limit);
            break;
          }
          expect(got.next).toEqual({ scheduledFor: found[limit - 1]!.key_text, id: found[limit - 1]!.id });
          after = got.next;
        }
      }
    }
    expect(compared).toBeGreaterThan(30);
    // The filtered counts are really filtered (the comparison is not of two empty answers).
    const all = await listScheduledPostsPage(db, { workspaceId: ws, filter: {}, limit: 50 });
    expect(all.total).toBe(23);
    expect(all.rows.filter((r) => r.thumb_key !== null)).toHaveLength(2);
  });

  it('published.list: every shape (theme, network, cursor), page after page', async () => {
    const me = await seed('publicados-compilados');
    const ws = me.user.id;
    const shapes = [
      {},
      { themeId: me.themes[0]!.id },
      { platform: 'x' as const },
      { themeId: me.themes[1]!.id, platform: 'linkedin' as const },
    ];
    for (const shape of shapes) {
      let before: { publishedAt: string; id: string } | undefined;
      for (let page = 0; page < 10; page++) {
        const expected = await refPublishedPage({
          workspaceId: ws,
          ...shape,
          ...(before ? { before } : {}),
          limit: 2,
        });
        const got = await listPublishedPosts(db, { workspaceId: ws, ...shape, before, limit: 2 });
        expect(got.rows).toEqual(expected.slice(0, 2));
        if (!got.next) break;
        before = got.next;
      }
    }
    expect((await listPublishedPosts(db, { workspaceId: ws, limit: 50 })).rows).toHaveLength(9);
  });

  it('dashboard.summary, Meus Temas and the memberships', async () => {
    const me = await seed('painel-compilado');
    const ws = me.user.id;
    const published = db
      .selectFrom('published_posts')
      .select((eb) => [
        eb.fn.countAll<number>().as('published_count'),
        eb.fn.coalesce(eb.fn.sum<number>('reach'), sql<number>`0`).as('total_reach'),
        eb.fn
          .avg<string | null>('engagement_rate')
          .filterWhere('engagement_rate', '>', '0')
          .as('avg_engagement'),
      ])
      .where('workspace_id', '=', ws);
    const posts = db
      .selectFrom('suggested_posts')
      .select((eb) => [
        eb.fn
          .countAll<number>()
          .filterWhere((f) => f.and([f('status', '=', 'scheduled'), f('scheduled_for', 'is not', null)]))
          .as('scheduled_count'),
        eb.fn.countAll<number>().filterWhere('status', '=', 'failed').as('failed_count'),
        eb.fn.countAll<number>().filterWhere('status', '=', 'needs_attention').as('needs_attention_count'),
        eb.fn.countAll<number>().filterWhere('status', '=', 'missed').as('missed_count'),
      ])
      .where('workspace_id', '=', ws)
      .where('status', 'in', [...EDITABLE_POST_STATUSES]);
    const themes = db
      .selectFrom('themes')
      .select((eb) => eb.fn.countAll<number>().as('theme_count'))
      .where('workspace_id', '=', ws);
    const ref = await db
      .selectFrom([published.as('p'), posts.as('s'), themes.as('th')])
      .selectAll()
      .executeTakeFirstOrThrow();
    const totals = await readDashboardTotals(db, ws);
    expect(totals).toEqual({
      published_count: Number(ref.published_count),
      total_reach: Number(ref.total_reach),
      avg_engagement: ref.avg_engagement,
      scheduled_count: Number(ref.scheduled_count),
      failed_count: Number(ref.failed_count),
      needs_attention_count: Number(ref.needs_attention_count),
      missed_count: Number(ref.missed_count),
      theme_count: Number(ref.theme_count),
    });
    expect(totals).toMatchObject({ published_count: 9, theme_count: 2, total_reach: 360 });
    // Another workspace's figures are its own.
    expect(await readDashboardTotals(db, randomUUID())).toMatchObject({ published_count: 0, theme_count: 0 });

    const refThemes = await db
      .selectFrom('themes as t')
      .selectAll('t')
      .select((eb) => [
        eb
          .selectFrom('suggested_posts as p')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('p.theme_id', '=', 't.id')
          .where('p.scheduled_for', 'is not', null)
          .where('p.status', 'in', ['scheduled', 'publishing'])
          .as('scheduled_count'),
        eb
          .selectFrom('published_posts as pp')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('pp.theme_id', '=', 't.id')
          .as('published_count'),
      ])
      .where('t.workspace_id', '=', ws)
      .orderBy('t.created_at', 'desc')
      .execute();
    const listed = await listThemesWithCounts(db, ws);
    expect(listed).toEqual(
      refThemes.map((r) => ({
        ...r,
        scheduled_count: Number(r.scheduled_count ?? 0),
        published_count: Number(r.published_count ?? 0),
      })),
    );
    expect(listed.map((t) => t.published_count).sort()).toEqual([4, 4]);

    const other = await makeUser(handle, 'membro-compilado');
    expect(await findMembership(db, ws, ws)).toEqual({ workspaceId: ws, role: 'owner' });
    expect(await findMembership(db, ws, other.id)).toBeUndefined();
    expect(await findMembership(db, randomUUID(), ws)).toBeUndefined();
    expect(await findDefaultMembership(db, ws)).toEqual({ workspaceId: ws, role: 'owner' });
    expect(await findDefaultMembership(db, randomUUID())).toBeUndefined();
  });
});
