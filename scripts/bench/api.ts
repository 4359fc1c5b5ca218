// Read-path benchmark of the API (npm run bench:api): seeds 1,000,000 suggested_posts across
// 1,000 users into a throw-away database `pauta_bench` — the measured person is an agency owner with
// 200 workspaces ("clientes", issue 25) and is measured in one of its created ones, named in the
// `x-pauta-workspace` header as the browser sends it — then times the scheduled-posts list,
// its filtered and deep pages and dashboard.summary three ways: through HTTP as the browser calls
// them (the whole Express app of `createApp` on a local port, a session cookie, the tRPC HTTP
// handler, superjson on the wire, the session kept in memory as the web process keeps it; one
// keep-alive connection), through tRPC's createCaller, and the
// same SQL sent straight through pg; then prints each statement's EXPLAIN (ANALYZE, BUFFERS).
// Environment: BENCH_DATABASE_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres).

import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { DEFAULT_TIME_ZONE, WORKSPACE_HEADER } from '@pauta/core';
import { type Database, listenPostgres, migrateToLatest, parseKeyring } from '@pauta/db';
import { type CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import superjson from 'superjson';
import { createApp } from '../../server/src/app.js';
import { cookieNames } from '../../server/src/auth/cookies.js';
import { createRoleService } from '../../server/src/auth/roles.js';
import { createSession } from '../../server/src/auth/session.js';
import { startMemoryCache } from '../../server/src/cache/memory-cache.js';
import type { AppDeps } from '../../server/src/deps.js';
import { loadServerEnv } from '../../server/src/env.js';
import { createLogger } from '../../server/src/logger.js';
import { createQueueGateway } from '../../server/src/queue/queue-gateway.js';
import { appRouter } from '../../server/src/trpc/router.js';
import { createCallerFactory } from '../../server/src/trpc/trpc.js';
import { admin, databaseUrl } from './common.js';

const DB_NAME = 'pauta_bench';
const USERS = 1000;
const THEMES_PER_USER = 5;
const TOTAL_POSTS = 1_000_000;
/** The measured person's workspaces: their personal one and 199 created ones (issue 25). */
const AGENCY_WORKSPACES = 200;
/** Posts of the measured workspace (one of the agency's created workspaces). */
const MEASURED_USER_POSTS = 10_000;
/** Posts of each of the agency's 199 other workspaces. */
const AGENCY_POSTS_PER_WORKSPACE = 1_000;
const MEASURED_USER_PUBLISHED = 2_000;
const OTHER_PUBLISHED_PER_USER = 100;
const RUNS = 200;
const WARM_UP = 20;
/** createCaller (the procedure without HTTP). */
const GOAL_P95_MS = 25;
/** Through HTTP: Express, the session cookie, the tRPC HTTP handler (issue 12). */
const GOAL_HTTP_P95_MS = 10;

const out = (line = '') => process.stdout.write(`${line}\n`);

/** Everything in SQL with generate_series: a million rows in seconds, not minutes. */
async function seed(db: Kysely<Database>): Promise<{ userId: string; workspaceId: string; themeId: string }> {
  const step = async (label: string, run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    out(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  await step('users + profiles', async () => {
    await sql`INSERT INTO users (email)
      SELECT 'bench-' || g || '@bench.pauta.dev' FROM generate_series(1, ${USERS}::int) g`.execute(db);
    await sql`INSERT INTO profiles (id, email, timezone)
      SELECT id, email, ${DEFAULT_TIME_ZONE} FROM users`.execute(db);
  });
  const measured = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'bench-1@bench.pauta.dev')
    .executeTakeFirstOrThrow();
  // The agency: the measured person owns their personal workspace (created by the users trigger)
  // and 199 more; the first created one ('Cliente 001') is the one measured.
  await step(`workspaces: ${AGENCY_WORKSPACES - 1} created by the measured person`, async () => {
    await sql`INSERT INTO workspaces (name, created_by)
      SELECT 'Cliente ' || lpad(g::text, 3, '0'), ${measured.id}::uuid
      FROM generate_series(1, ${AGENCY_WORKSPACES - 1}::int) g`.execute(db);
    await sql`INSERT INTO workspace_members (workspace_id, user_id, role)
      SELECT id, ${measured.id}::uuid, 'owner' FROM workspaces WHERE created_by = ${measured.id}
        AND personal_of IS NULL`.execute(db);
  });
  const workspace = await db
    .selectFrom('workspaces')
    .select('id')
    .where('name', '=', 'Cliente 001')
    .executeTakeFirstOrThrow();
  await step('themes', async () => {
    // Every user's personal workspace (the measured person's included)…
    await sql`INSERT INTO themes (user_id, workspace_id, name, description, social_networks, color_palette)
      SELECT u.id, u.id, 'Tema ' || t, 'Descrição do tema ' || t, ARRAY['linkedin','facebook','x','instagram'], 'blue'
      FROM users u CROSS JOIN generate_series(1, ${THEMES_PER_USER}::int) t`.execute(db);
    // …and each of the agency's created workspaces.
    await sql`INSERT INTO themes (user_id, workspace_id, name, description, social_networks, color_palette)
      SELECT ${measured.id}::uuid, w.id, 'Tema ' || t, 'Descrição do tema ' || t,
        ARRAY['linkedin','facebook','x','instagram'], 'blue'
      FROM workspaces w CROSS JOIN generate_series(1, ${THEMES_PER_USER}::int) t
      WHERE w.personal_of IS NULL`.execute(db);
  });
  // Row number -> a theme, so posts spread evenly: the measured workspace's, the agency's other
  // workspaces' (its personal one included) and the other users'.
  await sql`CREATE TEMP TABLE bench_other_themes AS
    SELECT (row_number() OVER (ORDER BY id)) - 1 AS n, id AS theme_id, user_id
    FROM themes WHERE user_id <> ${measured.id}`.execute(db);
  await sql`CREATE TEMP TABLE bench_agency_themes AS
    SELECT (row_number() OVER (ORDER BY id)) - 1 AS n, id AS theme_id, user_id
    FROM themes WHERE user_id = ${measured.id} AND workspace_id <> ${workspace.id}`.execute(db);
  await sql`CREATE TEMP TABLE bench_own_themes AS
    SELECT (row_number() OVER (ORDER BY id)) - 1 AS n, id AS theme_id, user_id
    FROM themes WHERE workspace_id = ${workspace.id}`.execute(db);
  // A year and a half of posts (365 days back, 183 ahead), spread evenly per theme; past ones mostly
  // published (a few failed or missed), future ones scheduled.
  type ThemeTable = 'bench_own_themes' | 'bench_agency_themes' | 'bench_other_themes';
  const insertPosts = (table: ThemeTable, count: number, themes: number) =>
    sql`INSERT INTO suggested_posts
        (theme_id, user_id, title, content, platform, post_order, scheduled_for, created_at, status, version, is_used)
      SELECT th.theme_id, th.user_id,
        'Post ' || g, 'Conteúdo do post de benchmark número ' || g || '. ' || repeat('Texto ', 20),
        (ARRAY['linkedin','facebook','x','instagram'])[1 + (g / ${themes}::int) % 4],
        g, s.at, s.at - interval '14 days',
        CASE WHEN s.at >= now() THEN 'scheduled'
             WHEN g % 50 = 0 THEN 'failed' WHEN g % 50 = 1 THEN 'missed' ELSE 'published' END,
        1, s.at < now()
      FROM generate_series(0, ${count - 1}::int) g
      JOIN ${sql.table(table)} th ON th.n = g % ${themes}::int
      CROSS JOIN LATERAL (
        SELECT date_trunc('minute', now()) - interval '365 days'
          + (g / ${themes}::int) * (interval '548 days' / ${Math.ceil(count / themes)}::int)
          + (g % ${themes}::int) * interval '1 minute' AS at
      ) s`.execute(db);
  await step(`suggested_posts: ${MEASURED_USER_POSTS} for the measured user`, () =>
    insertPosts('bench_own_themes', MEASURED_USER_POSTS, THEMES_PER_USER),
  );
  const agencyPosts = AGENCY_POSTS_PER_WORKSPACE * (AGENCY_WORKSPACES - 1);
  await step(
    `suggested_posts: ${agencyPosts} in the agency's ${AGENCY_WORKSPACES - 1} other workspaces`,
    () => insertPosts('bench_agency_themes', agencyPosts, (AGENCY_WORKSPACES - 1) * THEMES_PER_USER),
  );
  const otherPosts = TOTAL_POSTS - MEASURED_USER_POSTS - agencyPosts;
  await step(`suggested_posts: ${otherPosts} for ${USERS - 1} other users`, () =>
    insertPosts('bench_other_themes', otherPosts, (USERS - 1) * THEMES_PER_USER),
  );
  const insertPublished = (table: ThemeTable, count: number, themes: number) =>
    sql`INSERT INTO published_posts
        (user_id, theme_id, title, content, platform, published_at, reach, likes_count, comments_count, engagement_rate)
      SELECT th.user_id, th.theme_id, 'Publicado ' || g, 'Conteúdo publicado ' || g,
        (ARRAY['linkedin','facebook','x','instagram'])[1 + g % 4],
        now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute',
        CASE WHEN g % 7 = 0 THEN NULL ELSE (g * 37) % 5000 END,
        CASE WHEN g % 7 = 0 THEN NULL ELSE (g * 13) % 200 END,
        CASE WHEN g % 7 = 0 THEN NULL ELSE (g * 7) % 40 END,
        CASE WHEN g % 7 = 0 THEN NULL ELSE ((g * 31) % 900) / 100.0 END
      FROM generate_series(0, ${count - 1}::int) g
      JOIN ${sql.table(table)} th ON th.n = g % ${themes}::int`.execute(db);
  await step('published_posts', async () => {
    await insertPublished('bench_own_themes', MEASURED_USER_PUBLISHED, THEMES_PER_USER);
    await insertPublished(
      'bench_other_themes',
      OTHER_PUBLISHED_PER_USER * (USERS - 1),
      (USERS - 1) * THEMES_PER_USER,
    );
  });
  await step('VACUUM ANALYZE', async () => {
    await sql`VACUUM ANALYZE suggested_posts`.execute(db);
    await sql`VACUUM ANALYZE published_posts`.execute(db);
    await sql`VACUUM ANALYZE themes`.execute(db);
    await sql`VACUUM ANALYZE profiles`.execute(db);
    await sql`VACUUM ANALYZE workspaces`.execute(db);
    await sql`VACUUM ANALYZE workspace_members`.execute(db);
  });
  const theme = await db
    .selectFrom('themes')
    .select('id')
    .where('workspace_id', '=', workspace.id)
    .orderBy('name')
    .executeTakeFirstOrThrow();
  return { userId: measured.id, workspaceId: workspace.id, themeId: theme.id };
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

async function time(run: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < WARM_UP; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

async function main(): Promise<void> {
  out(
    `Benchmark da API: ${TOTAL_POSTS.toLocaleString('pt-BR')} posts, ${USERS} usuários, a pessoa medida com ${AGENCY_WORKSPACES} clientes, ${RUNS} execuções`,
  );
  await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${DB_NAME}`);
  const pool = new pg.Pool({
    connectionString: databaseUrl(DB_NAME),
    max: 10,
    application_name: 'pauta-bench',
  });
  // Every statement Kysely sends while `capturing` is set, to replay it through pg and EXPLAIN it.
  let capturing: CompiledQuery[] | null = null;
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query' && capturing) capturing.push(event.query);
    },
  });
  const direct = new pg.Client({ connectionString: databaseUrl(DB_NAME) });
  const servers: Server[] = [];
  let memory: Awaited<ReturnType<typeof startMemoryCache>> | undefined;
  try {
    out('\nMigrando e semeando:');
    await migrateToLatest(db);
    const { userId, workspaceId, themeId } = await seed(db);

    const logger = createLogger({ level: 'silent', pretty: false });
    const keys = `b1:${randomBytes(32).toString('base64')}`;
    const env = loadServerEnv({
      NODE_ENV: 'test',
      APP_URL: 'http://pauta.bench',
      TOKEN_ENCRYPTION_KEYS: keys,
    });
    // As the web process has it (server/src/web.ts): sessions and settings kept in memory.
    memory = await startMemoryCache({
      listen: (channel, options) => listenPostgres(databaseUrl(DB_NAME), channel, options),
      logger,
    });
    const deps: AppDeps = {
      db,
      cache: memory.cache,
      env: { ...env, keyring: parseKeyring(keys) },
      logger,
      queue: createQueueGateway({ redisUrl: null, prefix: 'bench', logger }),
      roles: createRoleService(db, logger),
      drafts: {
        generate: async () => {
          throw new Error('not used by the benchmark');
        },
      },
      sandbox: true,
    };
    const caller = createCallerFactory(appRouter)({
      deps,
      user: { id: userId, email: 'bench-1@bench.pauta.dev', sessionId: 'bench' },
      requestId: 'bench',
      ip: '127.0.0.1',
      cookies: cookieNames(env.appUrl),
      requestedWorkspaceId: workspaceId,
    });

    // A cursor 5,000 rows into the list (page 101 of 50).
    let cursor: string | null = null;
    for (let page = 0; page < 100; page++) {
      cursor = (await caller.posts.list({ limit: 50, ...(cursor ? { cursor } : {}) })).nextCursor;
    }
    const today = new Date();
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    const scheduledFrom = iso(new Date(today.getTime() - 30 * 86_400_000));
    const scheduledTo = iso(new Date(today.getTime() + 60 * 86_400_000));

    // The same app the web process serves, on a local port, with a real session for the measured user.
    const server = await new Promise<Server>((resolve) => {
      const s = createApp(deps).listen(0, '127.0.0.1', () => resolve(s));
    });
    servers.push(server);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const session = await createSession(db, userId, { persistent: true });
    const cookie = `${cookieNames(env.appUrl).session}=${session.token}`;
    const overHttp = (procedure: string, input?: unknown) => {
      const url = `${base}/trpc/${procedure}${
        input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`
      }`;
      return async () => {
        const res = await fetch(url, { headers: { cookie, [WORKSPACE_HEADER]: workspaceId } });
        const body = await res.text();
        if (res.status !== 200) throw new Error(`${procedure}: HTTP ${res.status} ${body.slice(0, 300)}`);
        return body;
      };
    };

    const filtered = { limit: 50, themeId, platform: 'linkedin' as const, scheduledFrom, scheduledTo };
    const cases: Array<{ name: string; run: () => Promise<unknown>; http: () => Promise<unknown> }> = [
      {
        name: 'posts.list primeira página',
        run: () => caller.posts.list({ limit: 50 }),
        http: overHttp('posts.list', { limit: 50 }),
      },
      {
        name: 'posts.list tema + rede + período',
        run: () => caller.posts.list(filtered),
        http: overHttp('posts.list', filtered),
      },
      {
        name: 'posts.list página 101 (cursor)',
        run: () => caller.posts.list({ limit: 50, cursor: cursor! }),
        http: overHttp('posts.list', { limit: 50, cursor: cursor! }),
      },
      {
        name: 'dashboard.summary',
        run: () => caller.dashboard.summary(),
        http: overHttp('dashboard.summary'),
      },
      // The floor of the HTTP path in the same run: the whole stack (Express, session cookie, tRPC,
      // superjson) answering a procedure that runs no query.
      {
        name: '(piso) system.status, sem consulta',
        run: () => caller.system.status(),
        http: overHttp('system.status'),
      },
      // Not part of the goal, measured for information.
      {
        name: '(info) dashboard.charts',
        run: () => caller.dashboard.charts(),
        http: overHttp('dashboard.charts'),
      },
      {
        name: `(info) workspaces.list (${AGENCY_WORKSPACES})`,
        run: () => caller.workspaces.list(),
        http: overHttp('workspaces.list'),
      },
      {
        name: `(info) overview.clientes (${AGENCY_WORKSPACES})`,
        run: () => caller.overview.clientes(),
        http: overHttp('overview.clientes'),
      },
      {
        name: '(info) published.list primeira página',
        run: () => caller.published.list({ limit: 24 }),
        http: overHttp('published.list', { limit: 24 }),
      },
    ];

    await direct.connect();
    const rows: string[] = [];
    const plans: string[] = [];
    let worst = 0;
    let worstHttp = 0;
    let floorHttp = Number.NaN;
    for (const c of cases) {
      capturing = [];
      const result = await c.run();
      const statements = capturing;
      capturing = null;
      const http = await time(c.http);
      const api = await time(c.run);
      const raw = statements.length
        ? await time(async () => {
            for (const q of statements) await direct.query(q.sql, [...q.parameters]);
          })
        : { p50: Number.NaN, p95: Number.NaN };
      if (c.name.startsWith('(piso)')) floorHttp = http.p95;
      if (!c.name.startsWith('(')) {
        worst = Math.max(worst, api.p95);
        worstHttp = Math.max(worstHttp, http.p95);
      }
      const total = (result as { total?: number }).total;
      const ms = (value: number, width: number) =>
        (Number.isNaN(value) ? '—' : value.toFixed(2)).padStart(width);
      const ratio = Number.isNaN(raw.p50)
        ? '—'.padStart(6)
        : `${(api.p50 / raw.p50).toFixed(2).padStart(5)}x`;
      rows.push(
        `| ${c.name.padEnd(38)} | ${ms(http.p50, 8)} | ${ms(http.p95, 8)} | ${ms(api.p50, 7)} | ${ms(api.p95, 7)} | ${ms(raw.p50, 7)} | ${ms(raw.p95, 7)} | ${ratio} | ${String(statements.length).padStart(3)} | ${total === undefined ? '' : `total=${total}`}`,
      );
      for (const q of statements) {
        const explain = await direct.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, [
          ...q.parameters,
        ]);
        plans.push(`── ${c.name}\n${q.sql}\n${explain.rows.map((r) => `   ${r['QUERY PLAN']}`).join('\n')}`);
      }
    }

    out(
      '\nTempos em ms (HTTP = GET pelo app Express inteiro com o cookie de sessão, como o navegador; API = createCaller: zod + tRPC + Kysely + pg; SQL = as mesmas consultas, em sequência, direto no pg; razão = API p50 / SQL p50)',
    );
    out(
      `| ${'consulta'.padEnd(38)} | HTTP p50 | HTTP p95 | API p50 | API p95 | SQL p50 | SQL p95 | razão  | SQL |`,
    );
    out(`|${'-'.repeat(40)}|----------|----------|---------|---------|---------|---------|--------|-----|`);
    for (const row of rows) out(row);
    const met = (ok: boolean) => (ok ? 'met' : 'NOT MET');
    out(`\nMetas (${TOTAL_POSTS.toLocaleString('pt-BR')} linhas; sem as linhas "(info)" e "(piso)"):`);
    out(
      `  ${met(worstHttp < GOAL_HTTP_P95_MS).padEnd(7)} HTTP p95 < ${GOAL_HTTP_P95_MS} ms — pior p95 ${worstHttp.toFixed(2)} ms (piso desta execução, a mesma pilha HTTP sem consulta: p95 ${floorHttp.toFixed(2)} ms)`,
    );
    out(
      `  ${met(worst < GOAL_P95_MS).padEnd(7)} createCaller p95 < ${GOAL_P95_MS} ms — pior p95 ${worst.toFixed(2)} ms`,
    );
    out('\nEXPLAIN (ANALYZE, BUFFERS):');
    for (const plan of plans) out(`\n${plan}`);
  } finally {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    await direct.end().catch(() => {});
    await memory?.close();
    await db.destroy();
    await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
