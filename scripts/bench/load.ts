// Load benchmark of the web process (npm run bench:load [-- --duration 60] [-- --only a,b,open]
// [-- --warmup 10] [-- --rates 100,150,200,400]): drives `server/src/main.ts` (a child process, as
// people run it) with signed-in users, 80 % reads / 20 % writes of real tRPC procedures, while one
// worker (`worker/src/main.ts`) publishes through the in-process sandbox (100 ms per publication).
// Every measured run follows a warm-up of the same traffic (`--warmup` seconds, not measured): a
// web a minute old still spends its CPU compiling. Two floors in the same run, each with the same
// autocannon settings (50 connections, closed loop):
//   - the bare floor: Express 5 + tRPC 11 + superjson with one public query returning a constant
//     (scripts/bench/floor-web.ts), nothing else;
//   - the fair floor: the web itself (cookie, session from memory, helmet, metrics, request id, the
//     /trpc handler) answering `system.status` for a signed-in user — a procedure that runs no query.
// Scenarios:
//   a) steady, closed loop: 50 autocannon connections while the worker publishes 20 posts/s;
//   b) burst, closed loop: 10,000 posts come due at once, at the start of the run; all must go out;
//   open) open loop: the same mix at fixed arrival rates (scripts/bench/open-loop.ts; latency from
//      each request's due time), one run per rate, while the worker publishes 20 posts/s: p50/p95/p99,
//      errors, web and PostgreSQL CPU per response, and the highest rate that keeps p95 < 250 ms.
// While a and b run, pg_stat_activity is sampled for the bench database (who waits on what).
// Uses its own database `pauta_bench_load` (dropped at the end) and its own Redis key prefix
// (deleted at the end). Environment: BENCH_DATABASE_ADMIN_URL or TEST_DATABASE_ADMIN_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL (default redis://127.0.0.1:6379),
// BENCH_WEB_NODE_ARGS / BENCH_WORKER_NODE_ARGS (extra node flags for the web / worker process,
// e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { BUDGET_MAX, DEFAULT_TIME_ZONE, publishQueueName } from '@pauta/core';
import {
  createDb,
  createUser,
  type DbHandle,
  insertTheme,
  type Keyring,
  migrateToLatest,
  parseKeyring,
  updateSettingValue,
  upsertAccount,
} from '@pauta/db';
import {
  installSandboxFetch,
  type OAuthProvider,
  oauthClient,
  scopesFor,
  uninstallSandboxFetch,
} from '@pauta/networks';
import { type SandboxHandle, startSandbox } from '@pauta/networks/sandbox';
import autocannon from 'autocannon';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import superjson from 'superjson';
import { hashPassword } from '../../server/src/auth/password.js';
import { createLogger } from '../../server/src/logger.js';
import { createQueueGateway } from '../../server/src/queue/queue-gateway.js';
import { benchEnv, systemEnv } from '../env.js';
import { admin, databaseUrl } from './common.js';
import { type OpenLoopResult, openLoop } from './open-loop.js';

const REDIS_URL = benchEnv.redisUrl();
const DB_NAME = 'pauta_bench_load';
const ROOT = path.resolve(import.meta.dirname, '../..');
const RUN_ID = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const REDIS_PREFIX = `pauta-bench-load-${RUN_ID}`;
const USERS = 50;
const CONNECTIONS = 50;
/** Scenario a: posts per second the worker publishes, due evenly over the run. */
const STEADY_POSTS_PER_SECOND = 20;
/** Scenario b: posts due at the same instant, the start of the run. */
const BURST_POSTS = 10_000;
/** Posts per user further ahead (1 to 26 days): the ones the writes edit and reschedule. */
const FUTURE_POSTS_PER_USER = 300;
const PUBLISH_LATENCY_MS = 100;
/** Between seeding the posts due during the run and its start: time to enqueue their wake-ups. */
const LEAD_MS = 5_000;
/** After the run: how long the worker may take to finish the posts still due (the burst's tail). */
const SETTLE_MS = 120_000;
const PASSWORD = 'bench-carga-senha-longa-2024';
/** Issue 12's closed-loop figures, printed for comparison (a closed loop measures the machine). */
const INFO_STEADY_RATIO = 0.2;
const INFO_STEADY_P95_MS = 100;
const GOAL_BURST_P95_MS = 300;
/** Goals of issue 29: web CPU per response, absolute and against the fair floor of the same run. */
const GOAL_CPU_PER_RESPONSE_MS = 2.0;
const GOAL_CPU_FAIR_FLOOR_RATIO = 3;
/** Issue 29, open loop: at this rate, p95 of every answer and of the saves. */
const GOAL_OPEN_RATE = 150;
const GOAL_OPEN_P95_MS = 100;
const GOAL_OPEN_SAVE_P95_MS = 150;
/** The highest rate reported is the highest whose p95 stays under this. */
const OPEN_P95_LIMIT_MS = 250;
/** The saves of the mix (posts.update and posts.reschedule). */
const SAVES = ['posts.update', 'posts.reschedule'];
/** How often pg_stat_activity is sampled during a run. */
const ACTIVITY_SAMPLE_MS = 200;
const THEME = {
  name: 'Tema do benchmark de carga',
  description: 'Posts do benchmark de carga',
  toneOfVoice: ['professional', 'informative'],
  avoidTopics: ['politics'],
  socialNetworks: ['x'],
  frequency: 'daily',
  colorPalette: 'blue',
} as const;

const out = (line = '') => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** The PostgreSQL backends serving the bench database (the web's and worker's pools). */
async function backendPids(handle: DbHandle): Promise<number[]> {
  const rows = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE datname = ${DB_NAME} AND pid <> pg_backend_pid()`.execute(
    handle.db,
  );
  return rows.rows.map((r) => r.pid);
}

/** CPU use of the processes in `groups` over a run, as a share of one core. */
async function measureCpu<T>(
  groups: () => Promise<Record<string, number[]>>,
  run: () => Promise<T>,
): Promise<{ value: T; cpu: string; seconds: Record<string, number> }> {
  const before = new Map<number, number>();
  for (const pids of Object.values(await groups())) {
    for (const pid of pids) before.set(pid, cpuSeconds(pid) ?? 0);
  }
  const self = process.cpuUsage();
  const started = performance.now();
  const value = await run();
  const elapsed = (performance.now() - started) / 1000;
  const parts: string[] = [];
  const seconds: Record<string, number> = {};
  for (const [label, pids] of Object.entries(await groups())) {
    let used = 0;
    for (const pid of pids) used += (cpuSeconds(pid) ?? 0) - (before.get(pid) ?? 0);
    seconds[label] = used;
    parts.push(`${label} ${((used / elapsed) * 100).toFixed(0)} %`);
  }
  const own = process.cpuUsage(self);
  parts.push(
    `bench (autocannon + sandbox) ${(((own.user + own.system) / 1e6 / elapsed) * 100).toFixed(0)} %`,
  );
  return { value, cpu: parts.join(', '), seconds };
}

// ── child processes ────────────────────────────────────────────────────────────────────────────

interface Child {
  label: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  /** Set when the bench asked it to stop; an exit without it is a crash. */
  stopping: boolean;
}

const children = new Set<Child>();

/** `node --import tsx <script>` with a clean environment plus `env`. */
function spawnChild(
  label: string,
  script: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Child {
  let output = '';
  const base = systemEnv();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const append = (d: Buffer) => {
    // Keeps the tail only: a chatty process must not grow the bench's memory.
    output = (output + d.toString()).slice(-20_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const handle: Child = { label, child, output: () => output, exited, stopping: false };
  children.add(handle);
  void exited.then(() => children.delete(handle));
  return handle;
}

const isDead = (c: Child) => c.child.exitCode !== null || c.child.signalCode !== null;

async function stopChild(c: Child): Promise<number | null> {
  c.stopping = true;
  if (isDead(c)) return c.exited;
  c.child.kill('SIGTERM');
  const timer = setTimeout(() => c.child.kill('SIGKILL'), 30_000);
  const code = await c.exited;
  clearTimeout(timer);
  return code;
}

async function waitUntil(label: string, timeoutMs: number, check: () => Promise<boolean>, alive: Child[]) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    const dead = alive.find(isDead);
    if (dead) throw new Error(`${dead.label} terminou antes da hora:\n${dead.output()}`);
    if (Date.now() > deadline) throw new Error(`tempo esgotado: ${label}`);
    await sleep(100);
  }
}

// ── seeding ────────────────────────────────────────────────────────────────────────────────────

interface BenchUser {
  n: number;
  email: string;
  userId: string;
  themeId: string;
  sandboxKey: string;
  cookie: string;
  futurePosts: Array<{ id: string; title: string; content: string }>;
  paths: { list: string; listFiltered: string; published: string };
}

/** The real authorization-code flow against the sandbox (as test/worker-harness.ts does), sealed. */
async function connectX(handle: DbHandle, keyring: Keyring, provider: OAuthProvider, user: BenchUser) {
  const state = randomUUID();
  const codeVerifier = 'v'.repeat(20) + randomUUID().replaceAll('-', '');
  const url = provider.createAuthorizationURL({
    state,
    codeVerifier,
    scopes: scopesFor('x', 'connect') ?? [],
  });
  url.searchParams.set('sandbox_user', user.sandboxKey);
  const consent = await fetch(url, { redirect: 'manual' });
  const location = consent.headers.get('location');
  const code = location ? new URL(location).searchParams.get('code') : null;
  if (!code) throw new Error(`OAuth do sandbox sem código para ${user.email} (HTTP ${consent.status})`);
  const tokens = await provider.validateAuthorizationCode(code, provider.usesPkce ? codeVerifier : undefined);
  const info = await provider.fetchUserInfo(tokens.accessToken);
  await upsertAccount(handle.db, keyring, {
    userId: user.userId,
    platform: 'x',
    platformUserId: info.providerUserId,
    platformUsername: info.username ?? info.name,
    accountData: { provider: 'x' },
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    accessTokenExpiresAt: tokens.accessTokenExpiresAt,
  });
}

const queryPath = (procedure: string, input?: unknown) =>
  `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`}`;
const mutationBody = (input: unknown) => JSON.stringify(superjson.serialize(input));
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Users (db repository + one argon2 hash), a theme each, an X account each through the sandbox's OAuth. */
async function seedUsers(handle: DbHandle, sandbox: SandboxHandle, keyring: Keyring): Promise<BenchUser[]> {
  const passwordHash = await hashPassword(PASSWORD);
  const users: BenchUser[] = [];
  for (let n = 1; n <= USERS; n++) {
    const email = `bench-load-${n}@bench.pauta.dev`;
    const user = await createUser(handle.db, {
      email,
      passwordHash,
      firstName: 'Carga',
      lastName: String(n),
      timezone: DEFAULT_TIME_ZONE,
    });
    const theme = await insertTheme(handle.db, user.id, {
      ...THEME,
      toneOfVoice: [...THEME.toneOfVoice],
      avoidTopics: [...THEME.avoidTopics],
      socialNetworks: [...THEME.socialNetworks],
    });
    const sandboxKey = `bench-load-${n}`;
    sandbox.setUser(sandboxKey, {
      sub: String(3_000_000_000_000_000_000n + BigInt(n)),
      given_name: 'Carga',
      family_name: String(n),
      username: `bench_load_${n}`,
    });
    const today = Date.now();
    users.push({
      n,
      email,
      userId: user.id,
      themeId: theme.id,
      sandboxKey,
      cookie: '',
      futurePosts: [],
      paths: {
        list: queryPath('posts.list', { limit: 50 }),
        listFiltered: queryPath('posts.list', {
          limit: 50,
          themeId: theme.id,
          platform: 'x',
          scheduledFrom: isoDay(today),
          scheduledTo: isoDay(today + 30 * 86_400_000),
        }),
        published: queryPath('published.list', { limit: 24 }),
      },
    });
  }
  installSandboxFetch(sandbox.url);
  try {
    const provider = oauthClient('x', 'connect', {
      env: { SOCIAL_SANDBOX_URL: sandbox.url },
      appUrl: 'http://localhost:3000',
    })!;
    for (let i = 0; i < users.length; i += 10) {
      await Promise.all(users.slice(i, i + 10).map((u) => connectX(handle, keyring, provider, u)));
    }
  } finally {
    uninstallSandboxFetch();
  }
  // Posts further ahead: 1 day to ~26 days, every 2 hours.
  await sql`INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for)
    SELECT t.id, t.user_id, 'Futuro ' || g,
      'Post futuro ' || g || ' do benchmark de carga ' || substr(md5(t.id::text || g::text), 1, 12),
      'x', g, now() + interval '1 day' + g * interval '2 hours'
    FROM themes t CROSS JOIN generate_series(1, ${FUTURE_POSTS_PER_USER}::int) g`.execute(handle.db);
  const future = await handle.db
    .selectFrom('suggested_posts')
    .select(['id', 'user_id', 'title', 'content'])
    .where('title', 'like', 'Futuro %')
    .execute();
  const byId = new Map(users.map((u) => [u.userId, u]));
  for (const row of future)
    byId.get(row.user_id)?.futurePosts.push({ id: row.id, title: row.title, content: row.content });
  return users;
}

/**
 * Posts due during a run: `total` over all users, interleaved, due evenly over [t0, t0 + spanMs)
 * (spanMs 0: all at t0). Titles start with `Janela <tag>`.
 */
async function seedWindowPosts(handle: DbHandle, tag: string, t0: number, spanMs: number, total: number) {
  const perUser = Math.ceil(total / USERS);
  const rows = await sql<{ id: string; version: number; scheduled_for: Date; platform: 'x' }>`
    INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for)
    SELECT t.id, t.user_id, 'Janela ' || ${tag}::text || ' ' || g,
      'Post do benchmark de carga ' || ${RUN_ID}::text || ' ' || ${tag}::text || ' n' || g || ' u' || t.n || ' ' || substr(md5(random()::text), 1, 8),
      'x', 1000 + g,
      to_timestamp(${t0 / 1000}::float8)
        + ((g * ${USERS}::int + t.n) * ${spanMs / total}::float8) * interval '1 millisecond'
    FROM (SELECT id, user_id, (row_number() OVER (ORDER BY user_id)) - 1 AS n FROM themes) t
    CROSS JOIN generate_series(0, ${perUser - 1}::int) g
    WHERE g * ${USERS}::int + t.n < ${total}::int
    RETURNING id, version, scheduled_for, platform`.execute(handle.db);
  return rows.rows;
}

async function signIn(webUrl: string, email: string): Promise<string> {
  const res = await fetch(`${webUrl}/trpc/auth.signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', origin: webUrl },
    body: mutationBody({ email, password: PASSWORD, rememberMe: true }),
  });
  const body = await res.text();
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith('pauta_session='));
  if (res.status !== 200 || !cookie) throw new Error(`login de ${email} falhou: HTTP ${res.status} ${body}`);
  return cookie;
}

// ── the load ───────────────────────────────────────────────────────────────────────────────────

interface Planned {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

type Procedure = { name: string; weight: number; build(user: BenchUser): Planned };

const DAY = 86_400_000;
/** A future time 2 to 28 days ahead, on a whole second: never due during the run. */
const futureTime = () =>
  new Date(Math.floor((Date.now() + 2 * DAY + Math.random() * 26 * DAY) / 1000) * 1000);
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

const PROCEDURES: Procedure[] = [
  { name: 'posts.list (1ª página)', weight: 25, build: (u) => ({ method: 'GET', path: u.paths.list }) },
  {
    name: 'posts.list (filtrada)',
    weight: 15,
    build: (u) => ({ method: 'GET', path: u.paths.listFiltered }),
  },
  {
    name: 'dashboard.summary',
    weight: 15,
    build: () => ({ method: 'GET', path: '/trpc/dashboard.summary' }),
  },
  { name: 'themes.list', weight: 10, build: () => ({ method: 'GET', path: '/trpc/themes.list' }) },
  { name: 'published.list', weight: 15, build: (u) => ({ method: 'GET', path: u.paths.published }) },
  {
    name: 'posts.update',
    weight: 8,
    build: (u) => {
      const post = pick(u.futurePosts);
      return {
        method: 'POST',
        path: '/trpc/posts.update',
        body: mutationBody({
          id: post.id,
          title: post.title,
          content: post.content,
          scheduledFor: futureTime(),
        }),
      };
    },
  },
  {
    name: 'posts.reschedule',
    weight: 8,
    build: (u) => ({
      method: 'POST',
      path: '/trpc/posts.reschedule',
      body: mutationBody({ id: pick(u.futurePosts).id, scheduledFor: futureTime() }),
    }),
  },
  {
    name: 'themes.update',
    weight: 4,
    build: (u) => ({
      method: 'POST',
      path: '/trpc/themes.update',
      body: mutationBody({ id: u.themeId, ...THEME }),
    }),
  },
];
const TOTAL_WEIGHT = PROCEDURES.reduce((sum, p) => sum + p.weight, 0);

function pickProcedure(): Procedure {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const p of PROCEDURES) {
    r -= p.weight;
    if (r < 0) return p;
  }
  return PROCEDURES[PROCEDURES.length - 1]!;
}

interface ProcStats {
  latencies: number[];
  byClass: { '2xx': number; '4xx': number; '5xx': number; other: number };
  samples: Map<number, string>;
}

interface RunResult {
  label: string;
  reqPerSec: number;
  total: number;
  p50: number;
  p95: number;
  p99: number;
  c2xx: number;
  c4xx: number;
  c5xx: number;
  errors: number;
  timeouts: number;
  statusCodes: string;
  perProcedure: Map<string, ProcStats>;
  loadBefore: string;
  loadAfter: string;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

function newStats(): ProcStats {
  return { latencies: [], byClass: { '2xx': 0, '4xx': 0, '5xx': 0, other: 0 }, samples: new Map() };
}

function classOf(status: number): keyof ProcStats['byClass'] {
  if (status >= 200 && status < 300) return '2xx';
  if (status >= 400 && status < 500) return '4xx';
  if (status >= 500) return '5xx';
  return 'other';
}

interface LoadContext {
  proc?: string;
}

/**
 * One autocannon run. `plan` builds each request (null: the fixed GET of `url`); each response's
 * latency and status is recorded under the procedure the request was built for.
 */
async function runLoad(options: {
  label: string;
  url: string;
  durationS: number;
  plan: (() => { name: string; request: Planned & { headers: Record<string, string> } }) | null;
}): Promise<RunResult> {
  const perProcedure = new Map<string, ProcStats>();
  const all: number[] = [];
  const statsFor = (name: string) => {
    let s = perProcedure.get(name);
    if (!s) {
      s = newStats();
      perProcedure.set(name, s);
    }
    return s;
  };
  const loadBefore = load();
  const { plan } = options;
  const requests: autocannon.Request[] = plan
    ? [
        {
          setupRequest: (req, context) => {
            const { name, request } = plan();
            (context as LoadContext).proc = name;
            return {
              ...req,
              method: request.method,
              path: request.path,
              headers: request.headers,
              body: request.body ?? '',
            };
          },
          onResponse: (status, body, context) => {
            if (status >= 200 && status < 300) return;
            const s = statsFor((context as LoadContext).proc ?? '?');
            if (!s.samples.has(status)) s.samples.set(status, body.slice(0, 300));
          },
        },
      ]
    : [{ method: 'GET' }];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: options.url, connections: CONNECTIONS, duration: options.durationS, requests },
      (error: unknown, res: autocannon.Result) => (error ? reject(error) : resolve(res)),
    );
    instance.on('response', (client, statusCode, _bytes, responseTime) => {
      const context = (client as unknown as { requestIterator?: { context?: LoadContext } }).requestIterator
        ?.context;
      const s = statsFor(context?.proc ?? options.label);
      s.latencies.push(responseTime);
      s.byClass[classOf(statusCode)] += 1;
      all.push(responseTime);
    });
  });
  all.sort((a, b) => a - b);
  for (const s of perProcedure.values()) s.latencies.sort((a, b) => a - b);
  return {
    label: options.label,
    reqPerSec: result.requests.mean,
    total: all.length,
    p50: percentile(all, 50),
    p95: percentile(all, 95),
    p99: percentile(all, 99),
    c2xx: result['2xx'],
    c4xx: result['4xx'],
    c5xx: result['5xx'],
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.entries(result.statusCodeStats ?? {})
      .map(([code, v]) => `${code}=${v.count ?? 0}`)
      .join(' '),
    perProcedure,
    loadBefore,
    loadAfter: load(),
  };
}

// ── output ─────────────────────────────────────────────────────────────────────────────────────

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-');

function printResults(results: RunResult[]) {
  out(
    `| ${'execução'.padEnd(24)} | req/s (média) | p50 (ms) | p95 (ms) | p99 (ms) |     2xx |   4xx |   5xx | erros/timeouts |`,
  );
  out(
    `|${'-'.repeat(26)}|---------------|----------|----------|----------|---------|-------|-------|----------------|`,
  );
  for (const r of results) {
    out(
      `| ${r.label.padEnd(24)} | ${r.reqPerSec.toFixed(0).padStart(13)} | ${ms(r.p50).padStart(8)} | ${ms(
        r.p95,
      ).padStart(
        8,
      )} | ${ms(r.p99).padStart(8)} | ${String(r.c2xx).padStart(7)} | ${String(r.c4xx).padStart(5)} | ${String(
        r.c5xx,
      ).padStart(5)} | ${`${r.errors}/${r.timeouts}`.padStart(14)} |`,
    );
  }
}

function printPerProcedure(r: RunResult) {
  out(`\nPor procedimento (${r.label}):`);
  out(`| ${'procedimento'.padEnd(24)} |      n | p50 (ms) | p95 (ms) | p99 (ms) |    2xx |  4xx |  5xx |`);
  out(`|${'-'.repeat(26)}|--------|----------|----------|----------|--------|------|------|`);
  for (const p of PROCEDURES) {
    const s = r.perProcedure.get(p.name);
    if (!s) continue;
    out(
      `| ${p.name.padEnd(24)} | ${String(s.latencies.length).padStart(6)} | ${ms(
        percentile(s.latencies, 50),
      ).padStart(
        8,
      )} | ${ms(percentile(s.latencies, 95)).padStart(8)} | ${ms(percentile(s.latencies, 99)).padStart(8)} | ${String(
        s.byClass['2xx'],
      ).padStart(6)} | ${String(s.byClass['4xx']).padStart(4)} | ${String(s.byClass['5xx']).padStart(4)} |`,
    );
  }
  for (const [name, s] of r.perProcedure) {
    for (const [status, body] of s.samples) out(`  exemplo de ${status} em ${name}: ${body}`);
  }
}

interface OpenReport {
  result: OpenLoopResult;
  /** Web and PostgreSQL CPU (ms) per answered request; the worker's share of one core. */
  webMs: number;
  pgMs: number;
  workerShare: number;
  loadBefore: string;
  loadAfter: string;
}

const pct = (sorted: number[], p: number) => percentile(sorted, p);
const openErrors = (r: OpenLoopResult) => r.sent - r.ok;
function savesOf(r: OpenLoopResult): number[] {
  return SAVES.flatMap((name) => r.byName.get(name)?.latencies ?? []).sort((a, b) => a - b);
}

function printOpenLoop(runs: OpenReport[]) {
  out(`\nLaço aberto (latência desde o instante devido de cada requisição; o worker publicando):`);
  out(
    '| req/s | enviadas | 2xx | erros | p50 (ms) | p95 (ms) | p99 (ms) | gravações p95 (ms) | CPU web ms/resp | CPU PostgreSQL ms/resp | worker % | atraso do gerador p99 (ms) | carga antes → depois |',
  );
  out('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const o of runs) {
    const r = o.result;
    out(
      `| ${r.rate} | ${r.sent} | ${r.ok} | ${openErrors(r)} | ${ms(pct(r.latencies, 50))} | ${ms(pct(r.latencies, 95))} | ` +
        `${ms(pct(r.latencies, 99))} | ${ms(pct(savesOf(r), 95))} | ${o.webMs.toFixed(2)} | ${o.pgMs.toFixed(2)} | ` +
        `${(o.workerShare * 100).toFixed(0)} | ${ms(r.sendLagP99)} | ${o.loadBefore} → ${o.loadAfter} |`,
    );
  }
  for (const o of runs) {
    const parts = [...o.result.byName]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([name, s]) =>
          `${name} n=${s.latencies.length} p95 ${ms(pct(s.latencies, 95))}${s.errors ? ` erros ${s.errors}` : ''}`,
      );
    out(`  ${o.result.rate} req/s: ${parts.join('; ')}`);
    const statuses = [...o.result.statuses].map(([code, n]) => `${code}=${n}`).join(' ');
    if (statuses || o.result.failed)
      out(
        `    não-2xx: ${statuses || '-'}; conexão/timeout: ${o.result.failed}` +
          ([...o.result.failures].map(([message, n]) => ` ${message}=${n}`).join('') || ''),
      );
    for (const [status, body] of o.result.samples) out(`    exemplo de ${status}: ${body}`);
  }
}

/** The same traffic, unmeasured: JIT, caches and pools warm before a measurement (issue 29). */
async function warmUp(seconds: number, options: Parameters<typeof runLoad>[0]): Promise<void> {
  if (seconds <= 0) return;
  await runLoad({ ...options, durationS: seconds });
}

// ── main ───────────────────────────────────────────────────────────────────────────────────────

async function deletePrefix(redis: Redis, prefix: string): Promise<number> {
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) deleted += await redis.unlink(...keys);
  } while (cursor !== '0');
  return deleted;
}

/** pg_stat_activity of the bench database, sampled while `run` runs: who is active or waits on what. */
async function sampleActivity<T>(
  handle: DbHandle,
  run: () => Promise<T>,
): Promise<{ value: T; lines: string[] }> {
  const counts = new Map<string, number>();
  let samples = 0;
  let done = false;
  const sampler = (async () => {
    while (!done) {
      const rows = await sql<{ app: string; state: string; wait: string | null; n: number }>`
        SELECT application_name AS app, state, wait_event_type || ':' || wait_event AS wait, count(*)::int AS n
        FROM pg_stat_activity
        WHERE datname = ${DB_NAME} AND pid <> pg_backend_pid() AND application_name <> 'pauta-bench'
        GROUP BY 1, 2, 3`
        .execute(handle.db)
        .catch(() => ({ rows: [] }));
      samples += 1;
      for (const r of rows.rows) {
        const key = `${r.app} ${r.state}${r.wait ? ` (${r.wait})` : ''}`;
        counts.set(key, (counts.get(key) ?? 0) + r.n);
      }
      await sleep(ACTIVITY_SAMPLE_MS);
    }
  })();
  try {
    const value = await run();
    return {
      value,
      lines: [...counts]
        .sort((a, b) => b[1] - a[1])
        .map(([key, n]) => `${(n / Math.max(1, samples)).toFixed(2).padStart(6)}  ${key}`),
    };
  } finally {
    done = true;
    await sampler;
  }
}

interface ScenarioReport {
  name: string;
  result: RunResult;
  cpu: string;
  cpuPerResponseMs: number;
  activity: string[];
  posts: number;
  publishedDuringRun: number;
  publishedAfter: number;
  statuses: string;
  settledInS: number;
  lag: string;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '60' },
      only: { type: 'string' },
      warmup: { type: 'string', default: '10' },
      rates: { type: 'string', default: '100,150,200,400' },
    },
  });
  const durationS = Number(values.duration);
  if (!Number.isInteger(durationS) || durationS < 5)
    throw new Error('--duration: um inteiro de segundos, no mínimo 5');
  const only = (values.only ?? 'a,b,open').split(',');
  if (only.length === 0 || only.some((o) => !['a', 'b', 'open'].includes(o)))
    throw new Error('--only: a, b e/ou open, separados por vírgula (ex.: a,open)');
  const warmupS = Number(values.warmup);
  if (!Number.isInteger(warmupS) || warmupS < 0)
    throw new Error('--warmup: um inteiro de segundos (0 ou mais)');
  const rates = values.rates.split(',').map(Number);
  if (rates.some((r) => !Number.isInteger(r) || r < 1 || r > 5_000))
    throw new Error('--rates: taxas em requisições/s, inteiros de 1 a 5000 separados por vírgula');
  const durationMs = durationS * 1000;
  const steadyPosts = STEADY_POSTS_PER_SECOND * durationS;

  out(
    `Benchmark de carga do web (${RUN_ID}): ${CONNECTIONS} conexões, ${durationS} s por execução, ${USERS} usuários, ` +
      `80 % leituras / 20 % escritas; a) constante: worker publicando ${STEADY_POSTS_PER_SECOND} posts/s ` +
      `(${steadyPosts}); b) rajada: ${BURST_POSTS} posts devidos de uma vez; open) laço aberto a ${rates.join(', ')} req/s ` +
      `com o worker publicando ${STEADY_POSTS_PER_SECOND} posts/s; aquecimento de ${warmupS} s antes de cada medição; ` +
      `sandbox com latência ${PUBLISH_LATENCY_MS} ms`,
  );
  out(`Carga da máquina (1, 5, 15 min): ${load()}`);
  await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${DB_NAME}`);
  const handle = await createDb({
    databaseUrl: databaseUrl(DB_NAME),
    poolSize: 5,
    applicationName: 'pauta-bench',
  });
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const silent = createLogger({ level: 'silent', pretty: false });
  const gateway = createQueueGateway({ redisUrl: REDIS_URL, prefix: REDIS_PREFIX, logger: silent });
  let sandbox: SandboxHandle | null = null;
  try {
    await migrateToLatest(handle.db);
    // Each bench user has hundreds of X posts a day: X's default budget (17 a day for the whole
    // installation, docs/budgets.md) would refuse every save. A per-user budget far above that keeps
    // the check (and its count query) on every save without refusing one.
    await updateSettingValue(handle.db, 'network_budgets', {
      x: { month: BUDGET_MAX, day: BUDGET_MAX, scope: 'user' },
    });
    sandbox = await startSandbox({ port: 0 });
    sandbox.setPublishLatency(PUBLISH_LATENCY_MS);
    const keys = `bl1:${randomBytes(32).toString('base64')}`;
    const keyring = parseKeyring(keys);

    const setupStarted = performance.now();
    const users = await seedUsers(handle, sandbox, keyring);
    await sql`VACUUM ANALYZE`.execute(handle.db);
    out(
      `Preparação: ${USERS} usuários, cada um com tema, conta X conectada pelo OAuth do sandbox e ` +
        `${FUTURE_POSTS_PER_USER} posts futuros, em ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
    );

    // The web process, as `npm run start:web` runs it.
    const webPort = await freePort();
    const webUrl = `http://127.0.0.1:${webPort}`;
    const commonEnv = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      APP_URL: webUrl,
      DATABASE_URL: databaseUrl(DB_NAME),
      REDIS_URL,
      REDIS_PREFIX,
      TOKEN_ENCRYPTION_KEYS: keys,
      SOCIAL_SANDBOX_URL: sandbox.url,
    };
    const web = spawnChild(
      'web',
      'server/src/main.ts',
      { ...commonEnv, PORT: String(webPort), HOST: '127.0.0.1' },
      benchEnv.webNodeArgs(),
    );
    await waitUntil('web respondendo /healthz', 60_000, async () => (await fetch(`${webUrl}/healthz`)).ok, [
      web,
    ]);
    for (const u of users) u.cookie = await signIn(webUrl, u.email);
    out(`Web em ${webUrl}; ${USERS} usuários entraram com auth.signIn`);

    const sameOrigin = {
      'content-type': 'application/json',
      'sec-fetch-site': 'same-origin',
      origin: webUrl,
    };
    const buildApp = () => {
      const user = pick(users);
      const proc = pickProcedure();
      const planned = proc.build(user);
      // Each POST is a new user action: a key of its own (docs/idempotency.md).
      const headers: Record<string, string> =
        planned.method === 'POST'
          ? { ...sameOrigin, cookie: user.cookie, 'idempotency-key': randomUUID() }
          : { cookie: user.cookie };
      return { name: proc.name, request: { ...planned, headers } };
    };
    // Every procedure once, before the load: a 401 or 400 here would make the numbers meaningless.
    for (const proc of PROCEDURES) {
      const user = users[0]!;
      const planned = proc.build(user);
      const res = await fetch(`${webUrl}${planned.path}`, {
        method: planned.method,
        headers:
          planned.method === 'POST'
            ? { ...sameOrigin, cookie: user.cookie, 'idempotency-key': randomUUID() }
            : { cookie: user.cookie },
        ...(planned.body ? { body: planned.body } : {}),
      });
      const text = await res.text();
      if (res.status !== 200)
        throw new Error(`verificação de ${proc.name}: HTTP ${res.status} ${text.slice(0, 500)}`);
    }

    // 1) The floor: the bare stack, same autocannon settings.
    const floor = spawnChild('piso', 'scripts/bench/floor-web.ts', { FLOOR_PORT: '0' });
    await waitUntil('piso ouvindo', 30_000, async () => floor.output().includes('listening'), [floor]);
    const floorPort = /listening (\d+)/.exec(floor.output())![1]!;
    const floorUrl = `http://127.0.0.1:${floorPort}/trpc/ping`;
    await warmUp(warmupS, { label: 'aquecimento', url: floorUrl, durationS: warmupS, plan: null });
    out(`\n▶ piso (Express 5 + tRPC 11 + superjson, GET de uma query constante) — carga ${load()}`);
    const {
      value: floorResult,
      cpu: floorCpu,
      seconds: floorSeconds,
    } = await measureCpu(
      async () => ({ piso: floor.child.pid ? [floor.child.pid] : [] }),
      () => runLoad({ label: 'piso (query constante)', url: floorUrl, durationS, plan: null }),
    );
    await stopChild(floor);
    const floorCpuPerResponse = ((floorSeconds.piso ?? 0) * 1000) / floorResult.total;

    // 1b) The fair floor: the web itself, signed in, a procedure that runs no query.
    const buildFair = () => ({
      name: 'system.status',
      request: {
        method: 'GET' as const,
        path: '/trpc/system.status',
        headers: { cookie: pick(users).cookie },
      },
    });
    const fairCheck = await fetch(`${webUrl}/trpc/system.status`, { headers: { cookie: users[0]!.cookie } });
    if (fairCheck.status !== 200)
      throw new Error(`piso justo: HTTP ${fairCheck.status} ${await fairCheck.text()}`);
    await warmUp(warmupS, { label: 'aquecimento', url: webUrl, durationS: warmupS, plan: buildFair });
    out(
      `\n▶ piso justo (o web: cookie, sessão, helmet, métricas, system.status sem consulta) — carga ${load()}`,
    );
    const { value: fairResult, seconds: fairSeconds } = await measureCpu(
      async () => ({ web: web.child.pid ? [web.child.pid] : [] }),
      () => runLoad({ label: 'piso justo (web)', url: webUrl, durationS, plan: buildFair }),
    );
    const fairCpuPerResponse = ((fairSeconds.web ?? 0) * 1000) / fairResult.total;

    // 2) The worker, as `npm run start:worker` runs it.
    const worker = spawnChild(
      'worker',
      'worker/src/main.ts',
      {
        ...commonEnv,
        WORKER_HEALTH_PORT: '0',
        // The default 50/1000 would cap X at 50 publications/s; the sandbox has no such limit.
        PUBLISH_RATE_LIMIT: '1000/1000',
      },
      benchEnv.workerNodeArgs(),
    );
    const xQueue = new Queue(publishQueueName('x'), { connection: redis, prefix: REDIS_PREFIX });
    xQueue.on('error', () => {});
    await waitUntil(
      'worker conectado à fila do X',
      60_000,
      async () => (await xQueue.getWorkersCount()) >= 1,
      [worker, web],
    );
    await waitUntil('fila do web disponível', 10_000, async () => gateway.isAvailable(), [worker, web]);

    const scenarios = [
      {
        name: 'a',
        label: `a) constante (${STEADY_POSTS_PER_SECOND} posts/s)`,
        posts: steadyPosts,
        spanMs: durationMs,
      },
      { name: 'b', label: `b) rajada (${BURST_POSTS} de uma vez)`, posts: BURST_POSTS, spanMs: 0 },
    ].filter((s) => only.includes(s.name));
    const reports: ScenarioReport[] = [];
    for (const scenario of scenarios) {
      // The same traffic, unmeasured, before the posts of the window are seeded.
      await warmUp(warmupS, { label: 'aquecimento', url: webUrl, durationS: warmupS, plan: buildApp });
      const t0 = Date.now() + LEAD_MS;
      const windowPosts = await seedWindowPosts(handle, scenario.name, t0, scenario.spanMs, scenario.posts);
      const enqueued = await gateway.enqueuePublish(windowPosts);
      if (enqueued !== windowPosts.length)
        throw new Error(`enfileirados ${enqueued} de ${windowPosts.length} wake-ups`);
      const waitMs = t0 - Date.now();
      if (waitMs > 0) await sleep(waitMs);
      else out(`  aviso: a carga começa ${(-waitMs / 1000).toFixed(1)} s depois do primeiro post devido`);

      out(`\n▶ app, ${scenario.label}, ${USERS} usuários, 80 % leituras / 20 % escritas — carga ${load()}`);
      const {
        value: { value: appResult, lines: activity },
        cpu: appCpu,
        seconds: appSeconds,
      } = await measureCpu(
        async () => ({
          web: web.child.pid ? [web.child.pid] : [],
          worker: worker.child.pid ? [worker.child.pid] : [],
          'PostgreSQL (backends do banco)': await backendPids(handle),
        }),
        () =>
          sampleActivity(handle, () =>
            runLoad({ label: `app ${scenario.label}`, url: webUrl, durationS, plan: buildApp }),
          ),
      );
      const runEnd = Date.now();
      const windowIds = windowPosts.map((p) => p.id);
      const countPublished = async () => {
        const row = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM published_posts WHERE suggested_post_id = ANY(${windowIds}::uuid[])`.execute(
          handle.db,
        );
        return row.rows[0]?.n ?? 0;
      };
      const publishedDuringRun = await countPublished();
      const settleDeadline = Date.now() + SETTLE_MS;
      let publishedAfter = publishedDuringRun;
      while (publishedAfter < windowIds.length && Date.now() < settleDeadline) {
        await sleep(500);
        publishedAfter = await countPublished();
      }
      const byStatus = await sql<{ status: string; n: number }>`
        SELECT status, count(*)::int AS n FROM suggested_posts WHERE id = ANY(${windowIds}::uuid[])
        GROUP BY status ORDER BY status`.execute(handle.db);
      const lags = await sql<{ lag_ms: number }>`
        SELECT extract(epoch FROM (l.attempted_at - l.scheduled_for)) * 1000 AS lag_ms
        FROM publishing_logs l
        WHERE l.status = 'success' AND l.suggested_post_id = ANY(${windowIds}::uuid[])
        ORDER BY 1`.execute(handle.db);
      const lagValues = lags.rows.map((r) => Number(r.lag_ms));
      reports.push({
        name: scenario.label,
        result: appResult,
        cpu: appCpu,
        cpuPerResponseMs: ((appSeconds.web ?? 0) * 1000) / appResult.total,
        activity,
        posts: windowIds.length,
        publishedDuringRun,
        publishedAfter,
        statuses: byStatus.rows.map((s) => `${s.status}=${s.n}`).join(' '),
        settledInS: (Date.now() - runEnd) / 1000,
        lag:
          `p50 ${ms(percentile(lagValues, 50))} ms, p95 ${ms(percentile(lagValues, 95))} ms, ` +
          `máx ${ms(lagValues.at(-1) ?? Number.NaN)} ms`,
      });
      if ([web, worker].some(isDead)) break;
    }

    // open) Open loop at fixed arrival rates, the worker publishing 20 posts/s throughout.
    const openRuns: OpenReport[] = [];
    if (only.includes('open') && ![web, worker].some(isDead)) {
      const pauseMs = 2_000;
      const spanMs = rates.length * (durationS * 1000 + pauseMs) + warmupS * 1000;
      const t0 = Date.now() + LEAD_MS;
      const windowPosts = await seedWindowPosts(
        handle,
        'open',
        t0,
        spanMs,
        Math.round((STEADY_POSTS_PER_SECOND * spanMs) / 1000),
      );
      const enqueued = await gateway.enqueuePublish(windowPosts);
      if (enqueued !== windowPosts.length)
        throw new Error(`enfileirados ${enqueued} de ${windowPosts.length} wake-ups`);
      const waitMs = t0 - Date.now();
      if (waitMs > 0) await sleep(waitMs);
      const planOpen = () => {
        const { name, request } = buildApp();
        return { name: name.split(' ')[0]!, request };
      };
      if (warmupS > 0) {
        await openLoop({ baseUrl: webUrl, rate: rates[0]!, durationS: warmupS, plan: planOpen });
      }
      for (const rate of rates) {
        if ([web, worker].some(isDead)) break;
        const loadBefore = load();
        out(`\n▶ app, laço aberto a ${rate} req/s, worker publicando — carga ${loadBefore}`);
        const { value, seconds } = await measureCpu(
          async () => ({
            web: web.child.pid ? [web.child.pid] : [],
            worker: worker.child.pid ? [worker.child.pid] : [],
            postgres: await backendPids(handle),
          }),
          () => openLoop({ baseUrl: webUrl, rate, durationS, plan: planOpen }),
        );
        const answered = value.latencies.length;
        openRuns.push({
          result: value,
          webMs: ((seconds.web ?? 0) * 1000) / Math.max(1, answered),
          pgMs: ((seconds.postgres ?? 0) * 1000) / Math.max(1, answered),
          workerShare: (seconds.worker ?? 0) / durationS,
          loadBefore,
          loadAfter: load(),
        });
        await sleep(pauseMs);
      }
    }
    const crashed = [web, worker].filter((c) => isDead(c));
    await xQueue.close();

    // ── report ──
    out(`\nResultado (latências medidas pelo autocannon em cada resposta; req/s = média por segundo):`);
    printResults([...reports.map((r) => r.result), fairResult, floorResult]);
    out(`Carga da máquina antes → depois: piso ${floorResult.loadBefore} → ${floorResult.loadAfter}`);
    for (const r of reports) out(`  ${r.name}: ${r.result.loadBefore} → ${r.result.loadAfter}`);
    out(`CPU (100 % = um núcleo): piso: ${floorCpu}`);
    for (const r of reports) out(`  ${r.name}: ${r.cpu}`);
    out(
      `CPU do processo HTTP por resposta: piso ${floorCpuPerResponse.toFixed(3)} ms; ` +
        reports.map((r) => `${r.name} ${r.cpuPerResponseMs.toFixed(2)} ms`).join('; '),
    );
    out(`Códigos HTTP: piso ${floorResult.statusCodes || '-'}`);
    for (const r of reports) out(`  ${r.name}: ${r.result.statusCodes || '-'}`);
    for (const r of reports) {
      printPerProcedure(r.result);
      out(
        `\nConexões do PostgreSQL (média por amostra de pg_stat_activity, a cada ${ACTIVITY_SAMPLE_MS} ms):`,
      );
      for (const line of r.activity.slice(0, 12)) out(`  ${line}`);
      out(
        `Worker: ${r.publishedDuringRun} de ${r.posts} posts publicados até o fim da carga; ${r.publishedAfter} ` +
          `${r.settledInS.toFixed(1)} s depois (${r.statuses}); atraso (attempted_at − scheduled_for): ${r.lag}`,
      );
    }

    if (openRuns.length) printOpenLoop(openRuns);
    out(
      `\nPisos desta execução (${CONNECTIONS} conexões, laço fechado): nu ${floorResult.reqPerSec.toFixed(0)} req/s, ` +
        `CPU ${floorCpuPerResponse.toFixed(3)} ms/resposta; justo (o web, system.status com sessão) ` +
        `${fairResult.reqPerSec.toFixed(0)} req/s, p95 ${ms(fairResult.p95)} ms, CPU do web ${fairCpuPerResponse.toFixed(3)} ms/resposta ` +
        `(carga ${fairResult.loadBefore} → ${fairResult.loadAfter})`,
    );

    const met = (ok: boolean) => (ok ? 'met' : 'NOT MET');
    const errorsOf = (r: RunResult) => r.total - r.c2xx + r.errors + r.timeouts;
    let allMet = true;
    const goal = (ok: boolean, text: string) => {
      allMet &&= ok;
      out(`  ${met(ok).padEnd(7)} ${text}`);
    };
    out(
      `\nMetas (esta máquina; piso desta execução: ${floorResult.reqPerSec.toFixed(0)} req/s, p95 ${ms(floorResult.p95)} ms, CPU ${floorCpuPerResponse.toFixed(3)} ms/resposta):`,
    );
    for (const r of reports) {
      const ratio = r.result.reqPerSec / floorResult.reqPerSec;
      const errors = errorsOf(r.result);
      if (r.name.startsWith('a)')) {
        out(
          `  (info)  ${r.name}: vazão ${ratio.toFixed(3)} do piso nu (issue 12: ≥ ${INFO_STEADY_RATIO}) — ` +
            `${r.result.reqPerSec.toFixed(0)} / ${floorResult.reqPerSec.toFixed(0)} req/s; ${(r.result.reqPerSec / fairResult.reqPerSec).toFixed(3)} do piso justo`,
        );
        out(
          `  (info)  ${r.name}: p95 em laço fechado ${ms(r.result.p95)} ms (issue 12: < ${INFO_STEADY_P95_MS} ms; ` +
            `com ${CONNECTIONS} conexões, mede a fila da máquina — a meta de latência é a do laço aberto abaixo)`,
        );
        goal(
          r.cpuPerResponseMs <= GOAL_CPU_PER_RESPONSE_MS,
          `${r.name}: CPU do web por resposta ≤ ${GOAL_CPU_PER_RESPONSE_MS.toFixed(1)} ms — ${r.cpuPerResponseMs.toFixed(2)} ms`,
        );
        goal(
          r.cpuPerResponseMs <= GOAL_CPU_FAIR_FLOOR_RATIO * fairCpuPerResponse,
          `${r.name}: CPU do web por resposta ≤ ${GOAL_CPU_FAIR_FLOOR_RATIO}× o piso justo — ` +
            `${(r.cpuPerResponseMs / fairCpuPerResponse).toFixed(2)}× (${r.cpuPerResponseMs.toFixed(2)} / ${fairCpuPerResponse.toFixed(3)} ms; ` +
            `piso nu ${floorCpuPerResponse.toFixed(3)} ms)`,
        );
      } else {
        out(
          `  (info)  ${r.name}: vazão ${ratio.toFixed(3)} do piso (${r.result.reqPerSec.toFixed(0)} / ${floorResult.reqPerSec.toFixed(0)} req/s)`,
        );
        goal(
          r.result.p95 < GOAL_BURST_P95_MS,
          `${r.name}: p95 < ${GOAL_BURST_P95_MS} ms — ${ms(r.result.p95)} ms`,
        );
        goal(
          r.publishedAfter === r.posts,
          `${r.name}: todos os posts publicados — ${r.publishedAfter} de ${r.posts} (${r.publishedDuringRun} durante a carga)`,
        );
      }
      goal(
        errors === 0,
        `${r.name}: zero erros — ${errors} (não-2xx ${r.result.total - r.result.c2xx}, conexão ${r.result.errors}, timeouts ${r.result.timeouts})`,
      );
    }
    if (openRuns.length) {
      const at = openRuns.find((o) => o.result.rate === GOAL_OPEN_RATE);
      if (at) {
        const saves = savesOf(at.result);
        goal(
          at.result.latencies.length > 0 && pct(at.result.latencies, 95) < GOAL_OPEN_P95_MS,
          `laço aberto a ${GOAL_OPEN_RATE} req/s: p95 < ${GOAL_OPEN_P95_MS} ms — ${ms(pct(at.result.latencies, 95))} ms (carga ${at.loadBefore})`,
        );
        goal(
          saves.length > 0 && pct(saves, 95) < GOAL_OPEN_SAVE_P95_MS,
          `laço aberto a ${GOAL_OPEN_RATE} req/s: p95 das gravações (${SAVES.join(', ')}) < ${GOAL_OPEN_SAVE_P95_MS} ms — ${ms(pct(saves, 95))} ms`,
        );
        goal(
          openErrors(at.result) === 0,
          `laço aberto a ${GOAL_OPEN_RATE} req/s: zero erros — ${openErrors(at.result)}`,
        );
        out(
          `  (info)  laço aberto a ${GOAL_OPEN_RATE} req/s: CPU do web ${at.webMs.toFixed(2)} ms/resposta ` +
            `(${(at.webMs / fairCpuPerResponse).toFixed(2)}× o piso justo), PostgreSQL ${at.pgMs.toFixed(2)} ms/resposta`,
        );
      } else {
        out(
          `  (info)  laço aberto: ${GOAL_OPEN_RATE} req/s não está em --rates; as metas de latência não foram medidas`,
        );
      }
      const best = openRuns
        .filter((o) => o.result.latencies.length > 0 && pct(o.result.latencies, 95) < OPEN_P95_LIMIT_MS)
        .map((o) => o.result.rate);
      out(
        `  (info)  maior taxa com p95 < ${OPEN_P95_LIMIT_MS} ms: ${best.length ? `${Math.max(...best)} req/s` : `nenhuma de ${rates.join(', ')} req/s`}`,
      );
    }
    for (const c of crashed) out(`ERRO: ${c.label} terminou durante a carga:\n${c.output()}`);
    for (const c of [web, worker]) {
      const code = await stopChild(c);
      if (code !== 0 && !crashed.includes(c)) out(`  aviso: ${c.label} saiu com código ${code}`);
      const logged = c.output().trim();
      if (logged) out(`\nSaída de ${c.label} (nível warn):\n${logged.slice(-4000).replace(/^/gm, '  ')}`);
    }
    out(`\n${allMet ? 'Todas as metas atingidas.' : 'Há metas NÃO atingidas (NOT MET acima).'}`);
    return crashed.length > 0 || reports.some((r) => r.result.c5xx > 0) ? 1 : 0;
  } finally {
    for (const c of [...children]) await stopChild(c);
    await gateway.close();
    await sandbox?.close();
    await handle.close();
    const deleted = await deletePrefix(redis, REDIS_PREFIX).catch(() => 0);
    redis.disconnect();
    await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    out(`\nLimpeza: banco ${DB_NAME} removido, ${deleted} chaves Redis removidas (prefixo ${REDIS_PREFIX})`);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
