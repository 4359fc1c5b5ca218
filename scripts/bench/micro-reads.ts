// Micro-benchmark of the web's JS work on the hot reads (issue 29; docs/performance.md), with no
// database: Kysely on a dummy driver that answers every statement with no rows, so what is timed
// is building + compiling a statement (the builder) against filling a compiled one's parameters
// (compileOnce), and then turning a 25-item page of posts into the response's bytes: superjson,
// the transformer's fast path, and plain JSON.stringify of the same page (Dates as ISO strings).
//
//   npx tsx scripts/bench/micro-reads.ts
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { EDITABLE_POST_STATUSES } from '@pauta/core';
import { type Database, findMembership, listScheduledPostsPage, readDashboardTotals } from '@pauta/db';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import superjson from 'superjson';
import type { PostItem } from '../../server/src/posts/posts.service.js';
import { serializeOutput } from '../../server/src/trpc/transformer.js';

const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** Mean µs per call of `fn` over `n` calls, after `n / 4` calls of warm-up; best of 5 rounds. */
async function time(n: number, fn: () => unknown): Promise<number> {
  for (let i = 0; i < n / 4; i++) await fn();
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    const start = performance.now();
    for (let i = 0; i < n; i++) await fn();
    best = Math.min(best, ((performance.now() - start) * 1000) / n);
  }
  return best;
}

const ws = randomUUID();
const user = randomUUID();

// The builder's statements as before compileOnce (copies of db/src/compiled-reads.integration.test.ts's
// references), run on the same dummy driver: each call builds the tree and compiles it.
const builderMembership = () =>
  db
    .selectFrom('workspace_members')
    .select(['workspace_id', 'role'])
    .where('workspace_id', '=', ws)
    .where('user_id', '=', user)
    .executeTakeFirst();

const builderTotals = () => {
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
  return db
    .selectFrom([published.as('p'), posts.as('s'), themes.as('th')])
    .selectAll()
    .execute();
};

const keyText = sql<string>`to_char(sp.scheduled_for AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const builderPage = () =>
  db
    .with('counts', (qb) =>
      qb
        .selectFrom('suggested_posts as sp')
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          eb.fn.countAll<number>().filterWhere('sp.status', '=', 'scheduled').as('scheduled'),
        ])
        .where((eb) => eb.and([eb('sp.workspace_id', '=', ws), eb('sp.scheduled_for', 'is not', null)])),
    )
    .with('page', (qb) =>
      qb
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
        .where((eb) => eb.and([eb('sp.workspace_id', '=', ws), eb('sp.scheduled_for', 'is not', null)]))
        .orderBy('sp.scheduled_for', 'asc')
        .orderBy('sp.id', 'asc')
        .limit(26),
    )
    .selectFrom('counts')
    .leftJoin('page', (join) => join.on(sql<boolean>`true`))
    .selectAll('page')
    .select(['counts.n', 'counts.scheduled'])
    .orderBy('page.scheduled_for', 'asc')
    .orderBy('page.id', 'asc')
    .execute();

const print = (line: string) => process.stdout.write(`${line}\n`);

const N = 20_000;
const rows: Array<[string, number, number]> = [
  [
    'membership (scoped procedure)',
    await time(N, builderMembership),
    await time(N, () => findMembership(db, ws, user)),
  ],
  [
    'dashboard totals',
    await time(N, builderTotals),
    await time(N, () => readDashboardTotals(db, ws).catch(() => null)),
  ],
  [
    'posts.list page (no filter)',
    await time(N / 4, builderPage),
    await time(N / 4, () => listScheduledPostsPage(db, { workspaceId: ws, filter: {}, limit: 25 })),
  ],
];
print('statement: builder (build + compile) → compiled once, µs of JS per call (dummy driver)');
for (const [name, before, after] of rows) {
  print(`  ${name.padEnd(32)} ${before.toFixed(1).padStart(6)} → ${after.toFixed(1).padStart(5)} µs`);
}

// A 25-item page of posts.list as the router returns it (posts.service presentPost + thumbUrl).
const now = Date.now();
const item = (i: number): PostItem => ({
  id: randomUUID(),
  themeId: randomUUID(),
  themeName: 'Lançamentos da marca',
  themeColor: '#4f46e5',
  title: `Post ${i}: novidades da semana`,
  content: 'Conteúdo do post com algumas frases, hashtags #pauta #marketing e um link. '.repeat(6),
  platform: 'linkedin',
  accountId: randomUUID(),
  postOrder: i,
  scheduledFor: new Date(now + i * 3_600_000),
  createdAt: new Date(now - 86_400_000),
  isUsed: false,
  status: 'scheduled',
  version: 3,
  attempts: 0,
  lastError: null,
  lastErrorMessage: null,
  outcomeCheck: null,
  updatedAt: new Date(now - 3_600_000),
  approvalStage: null,
  networkOptions: {},
  firstComment: null,
  seriesOccurrence: null,
  thumbUrl: i % 3 === 0 ? `/media/t/${randomUUID()}.webp?sig=abcdef` : null,
});
const page = {
  items: Array.from({ length: 25 }, (_, i) => item(i)),
  nextCursor: 'abc',
  total: 240,
  scheduledTotal: 200,
};
const toIso = () => ({
  ...page,
  items: page.items.map((p) => ({
    ...p,
    scheduledFor: p.scheduledFor.toISOString(),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  })),
});
const isoPage = toIso();
const M = 5_000;
const sj = await time(M, () => JSON.stringify(superjson.serialize(page)));
const fast = await time(M, () => JSON.stringify(serializeOutput(page)));
const fastIso = await time(M, () => JSON.stringify(serializeOutput(isoPage)));
const fastIsoMade = await time(M, () => JSON.stringify(serializeOutput(toIso())));
const plainJson = await time(M, () => JSON.stringify(page));
const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v));
print(`posts.list page of 25 (JSON ${bytes(page)} B), µs per response body (serialize + stringify):`);
print(
  `  superjson.serialize                         ${sj.toFixed(1).padStart(6)} µs  (${bytes(superjson.serialize(page))} B)`,
);
print(
  `  serializeOutput (today's fast path)         ${fast.toFixed(1).padStart(6)} µs  (${bytes(serializeOutput(page))} B)`,
);
print(
  `  serializeOutput, dates as ISO strings       ${fastIso.toFixed(1).padStart(6)} µs  (${bytes(serializeOutput(isoPage))} B)`,
);
print(`  the same, the strings made per response      ${fastIsoMade.toFixed(1).padStart(6)} µs`);
print(`  JSON.stringify alone (no transformer)       ${plainJson.toFixed(1).padStart(6)} µs`);
await db.destroy();
