// Publishing-worker benchmark (npm run bench:worker): 1,000 sandbox X accounts connected through
// the real OAuth flow, posts due at the same instant T, published by 1 or 2 worker processes
// (`worker/src/main.ts`), with the sandbox answering each publish after 100 ms. Lag per post =
// when the sandbox received its POST /2/tweets − T. Measured next to the floor of the same run:
// bare BullMQ delayed jobs whose processor only makes the HTTP call (scripts/bench/floor-worker.ts).
// Uses its own database `pauta_bench_worker` (dropped at the end) and its own Redis key prefixes
// (deleted at the end). Environment: BENCH_DATABASE_ADMIN_URL or TEST_DATABASE_ADMIN_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL (default redis://127.0.0.1:6379),
// BENCH_WORKER_NODE_ARGS (extra node flags for the worker processes, e.g. `--cpu-prof`).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_TIME_ZONE, publishQueueName } from '@pauta/core';
import {
  createDb,
  type DbHandle,
  type Keyring,
  migrateToLatest,
  parseKeyring,
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
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { benchEnv, systemEnv } from '../env.js';
import { admin, databaseUrl } from './common.js';

const REDIS_URL = benchEnv.redisUrl();
const DB_NAME = 'pauta_bench_worker';
const ROOT = path.resolve(import.meta.dirname, '../..');
const USERS = 1000;
const CONNECT_BATCH = 25;
const PUBLISH_LATENCY_MS = 100;
const CONCURRENCY = 100;
/** Posts are due this long after they are seeded: time for the processes to start and enqueue. */
const LEAD_MS = 15_000;
/** Readiness must be confirmed at least this long before T. */
const READY_MARGIN_MS = 500;
/** After the last expected post arrived: time for any late duplicate to show up. */
const SETTLE_MS = 2_000;
const TIMEOUT_MS = 120_000;
const GOAL_P99_MS = 500;
const GOAL_RATIO = 2;
const RUN_ID = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const TWEETS = { host: 'api.twitter.com', pathPrefix: '/2/tweets', method: 'POST' } as const;

const out = (line = '') => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => (ms / 1000).toFixed(3);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

/** CPU seconds (user + system) a process used so far, from /proc (Linux); NaN elsewhere. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

const ownCpuSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

interface BenchUser {
  key: string;
  userId: string;
  themeId: string;
}

/** Users, profiles and one X theme each, in SQL; a sandbox identity per user. */
async function seedUsers(handle: DbHandle, sandbox: SandboxHandle): Promise<BenchUser[]> {
  await sql`INSERT INTO users (email)
    SELECT 'bench-worker-' || g || '@bench.pauta.dev' FROM generate_series(1, ${USERS}::int) g`.execute(
    handle.db,
  );
  await sql`INSERT INTO profiles (id, email, timezone)
    SELECT id, email, ${DEFAULT_TIME_ZONE} FROM users`.execute(handle.db);
  await sql`INSERT INTO themes (user_id, name, description, social_networks, color_palette)
    SELECT id, 'Tema do benchmark', 'Posts do benchmark do worker', ARRAY['x'], 'blue' FROM users`.execute(
    handle.db,
  );
  const rows = await sql<{ n: number; user_id: string; theme_id: string }>`
    SELECT substring(u.email from 'bench-worker-([0-9]+)@')::int AS n, u.id AS user_id, t.id AS theme_id
    FROM users u JOIN themes t ON t.user_id = u.id ORDER BY 1`.execute(handle.db);
  return rows.rows.map((r) => {
    const key = `bench${r.n}`;
    sandbox.setUser(key, {
      sub: String(2_000_000_000_000_000_000n + BigInt(r.n)),
      given_name: 'Bench',
      family_name: String(r.n),
      username: `bench_${r.n}`,
    });
    return { key, userId: r.user_id, themeId: r.theme_id };
  });
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
  url.searchParams.set('sandbox_user', user.key);
  const consent = await fetch(url, { redirect: 'manual' });
  const location = consent.headers.get('location');
  const code = location ? new URL(location).searchParams.get('code') : null;
  if (!code) throw new Error(`OAuth do sandbox sem código para ${user.key} (HTTP ${consent.status})`);
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

interface Child {
  label: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
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
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const handle: Child = { label, child, output: () => output, exited };
  children.add(handle);
  void exited.then(() => children.delete(handle));
  return handle;
}

async function stopChild(c: Child): Promise<number | null> {
  if (c.child.exitCode !== null || c.child.signalCode !== null) return c.exited;
  c.child.kill('SIGTERM');
  const timer = setTimeout(() => c.child.kill('SIGKILL'), 30_000);
  const code = await c.exited;
  clearTimeout(timer);
  return code;
}

interface Scenario {
  name: string;
  kind: 'floor' | 'worker';
  posts: number;
  workers: number;
}

interface Result extends Scenario {
  t: number;
  readyBeforeTMs: number;
  lags: number[];
  p50: number;
  p99: number;
  max: number;
  throughput: number;
  total: number;
  duplicates: number;
  missing: number;
  unexpected: number;
  non201: number;
  /** Worker scenarios: posts not `published` in PostgreSQL; null for the floor. */
  notPublished: number | null;
  statuses: string;
  /** CPU seconds used from readiness to the last post recorded: the child(ren), and this process (sandbox). */
  childCpu: number;
  benchCpu: number;
  /** Worker scenarios: where the lag goes (p50/p99 of T→claim, claim→send_started, send_started→received). */
  stages: string;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

interface Bench {
  handle: DbHandle;
  sandbox: SandboxHandle;
  redis: Redis;
  users: BenchUser[];
  keys: string;
  floorToken: string;
  prefixes: string[];
}

async function waitUntil(label: string, deadline: number, check: () => Promise<boolean>, alive: Child[]) {
  for (;;) {
    if (await check()) return;
    const dead = alive.find((c) => c.child.exitCode !== null || c.child.signalCode !== null);
    if (dead) throw new Error(`${dead.label} terminou antes da hora:\n${dead.output()}`);
    if (Date.now() > deadline) throw new Error(`tempo esgotado: ${label}`);
    await sleep(100);
  }
}

async function runScenario(bench: Bench, scenario: Scenario): Promise<Result> {
  const { sandbox, handle } = bench;
  const prefix = `pauta-bench-worker-${RUN_ID}-${scenario.name}`;
  bench.prefixes.push(prefix);
  sandbox.clearRequests();
  sandbox.clearPublishedPosts();
  out(`\n▶ ${scenario.name}: ${scenario.posts} posts, ${scenario.workers} processo(s) — carga ${load()}`);

  const t = Date.now() + LEAD_MS;
  const texts = Array.from(
    { length: scenario.posts },
    (_, i) => `Benchmark ${RUN_ID} ${scenario.name} post ${i + 1} ${randomUUID().slice(0, 8)}`,
  );
  let postIds: string[] = [];
  const procs: Child[] = [];
  const queueName = scenario.kind === 'worker' ? publishQueueName('x') : 'bench-floor';
  const queue = new Queue(queueName, { connection: bench.redis, prefix });
  queue.on('error', () => {});

  if (scenario.kind === 'worker') {
    const rows = await handle.db
      .insertInto('suggested_posts')
      .values(
        texts.map((content, i) => ({
          theme_id: bench.users[i]!.themeId,
          user_id: bench.users[i]!.userId,
          title: `Post ${i + 1}`,
          content,
          platform: 'x' as const,
          post_order: 1,
          scheduled_for: new Date(t),
        })),
      )
      .returning('id')
      .execute();
    postIds = rows.map((r) => r.id);
    for (let w = 1; w <= scenario.workers; w++) {
      procs.push(
        spawnChild(
          `worker ${w}`,
          'worker/src/main.ts',
          {
            NODE_ENV: 'test',
            LOG_LEVEL: 'warn',
            DATABASE_URL: databaseUrl(DB_NAME),
            REDIS_URL,
            REDIS_PREFIX: prefix,
            TOKEN_ENCRYPTION_KEYS: bench.keys,
            SOCIAL_SANDBOX_URL: sandbox.url,
            APP_URL: 'http://localhost:3000',
            WORKER_CONCURRENCY: String(CONCURRENCY),
            PUBLISH_RATE_LIMIT: '100000/1000',
            RECONCILE_INTERVAL_MS: '600000',
            // No health/metrics port: several processes would fight over it (and it is not measured).
            WORKER_HEALTH_PORT: '0',
          },
          benchEnv.workerNodeArgs(),
        ),
      );
    }
  } else {
    await queue.addBulk(
      texts.map((text, i) => ({
        name: 'floor',
        data: { text },
        opts: {
          jobId: `floor-${i + 1}`,
          delay: Math.max(0, t - Date.now()),
          removeOnComplete: true,
          removeOnFail: true,
          attempts: 1,
        },
      })),
    );
    procs.push(
      spawnChild('floor', 'scripts/bench/floor-worker.ts', {
        FLOOR_REDIS_URL: REDIS_URL,
        FLOOR_PREFIX: prefix,
        FLOOR_QUEUE: queueName,
        FLOOR_SANDBOX_URL: sandbox.url,
        FLOOR_TOKEN: bench.floorToken,
        FLOOR_CONCURRENCY: String(CONCURRENCY),
      }),
    );
  }

  // Up before T: every process has its BullMQ worker connected and every wake-up is in Redis.
  await waitUntil(
    `processos prontos e ${scenario.posts} jobs atrasados antes de T`,
    t - READY_MARGIN_MS,
    async () => {
      if (scenario.kind === 'floor' && !procs[0]!.output().includes('ready')) return false;
      const [workers, counts] = await Promise.all([
        queue.getWorkersCount(),
        queue.getJobCounts('delayed', 'wait', 'prioritized'),
      ]);
      const queued = (counts.delayed ?? 0) + (counts.wait ?? 0) + (counts.prioritized ?? 0);
      return workers >= scenario.workers && queued >= scenario.posts;
    },
    procs,
  );
  const readyBeforeTMs = t - Date.now();
  out(`  prontos ${seconds(readyBeforeTMs)} s antes de T`);
  const childCpuAtReady = procs.reduce((sum, p) => sum + cpuSeconds(p.child.pid), 0);
  const benchCpuAtReady = ownCpuSeconds();

  // Everything sent (cheap in-process check), then (workers) everything recorded in PostgreSQL.
  const deadline = t + TIMEOUT_MS;
  while (sandbox.publishedPosts('x').length < scenario.posts && Date.now() < deadline) await sleep(200);
  const finalStatuses = ['published', 'failed', 'needs_attention', 'missed'] as const;
  if (scenario.kind === 'worker') {
    while (Date.now() < deadline) {
      const pending = await handle.db
        .selectFrom('suggested_posts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('id', 'in', postIds)
        .where('status', 'not in', finalStatuses)
        .executeTakeFirstOrThrow();
      if (Number(pending.n) === 0) break;
      await sleep(200);
    }
  }
  const childCpu = procs.reduce((sum, p) => sum + cpuSeconds(p.child.pid), 0) - childCpuAtReady;
  const benchCpu = ownCpuSeconds() - benchCpuAtReady;
  await sleep(SETTLE_MS);
  for (const p of procs) {
    const code = await stopChild(p);
    if (code !== 0) out(`  aviso: ${p.label} saiu com código ${code}`);
    const logged = p.output().trim();
    if (logged && logged !== 'ready') out(`  saída de ${p.label}:\n${logged.replace(/^/gm, '    ')}`);
  }
  await queue.close();

  // Lags from what the network received.
  const expected = new Set(texts);
  const received = new Map<string, number[]>();
  let unexpected = 0;
  let non201 = 0;
  for (const call of sandbox.requests(TWEETS)) {
    if (call.status !== 201) non201 += 1;
    const text = (call.body as { text?: unknown } | null)?.text;
    if (typeof text !== 'string' || !expected.has(text)) {
      unexpected += 1;
      continue;
    }
    received.set(text, [...(received.get(text) ?? []), Date.parse(call.receivedAt)]);
  }
  let duplicates = 0;
  let missing = 0;
  const arrivals: number[] = [];
  const arrivalOf = new Map<string, number>();
  for (const text of texts) {
    const times = received.get(text);
    if (!times) {
      missing += 1;
      continue;
    }
    duplicates += times.length - 1;
    arrivals.push(Math.min(...times));
    arrivalOf.set(text, Math.min(...times));
  }
  arrivals.sort((a, b) => a - b);
  const lags = arrivals.map((at) => at - t);
  const first = arrivals[0] ?? Number.NaN;
  const last = arrivals[arrivals.length - 1] ?? Number.NaN;

  let notPublished: number | null = null;
  let statuses = '';
  let stages = '';
  if (scenario.kind === 'worker') {
    const byStatus = await handle.db
      .selectFrom('suggested_posts')
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .where('id', 'in', postIds)
      .groupBy('status')
      .execute();
    const published = Number(byStatus.find((s) => s.status === 'published')?.n ?? 0);
    notPublished = scenario.posts - published;
    statuses = byStatus.map((s) => `${s.status}=${s.n}`).join(' ');
    const rows = await handle.db
      .selectFrom('published_posts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('suggested_post_id', 'in', postIds)
      .executeTakeFirstOrThrow();
    statuses += `; published_posts=${rows.n}`;
    const timings = await handle.db
      .selectFrom('suggested_posts')
      .select(['content', 'claimed_at', 'send_started_at'])
      .where('id', 'in', postIds)
      .execute();
    const pickup: number[] = [];
    const prepare: number[] = [];
    const send: number[] = [];
    for (const row of timings) {
      const arrival = arrivalOf.get(row.content);
      if (!row.claimed_at || !row.send_started_at || arrival === undefined) continue;
      pickup.push(row.claimed_at.getTime() - t);
      prepare.push(row.send_started_at.getTime() - row.claimed_at.getTime());
      send.push(arrival - row.send_started_at.getTime());
    }
    const describe = (values: number[]) => {
      values.sort((x, y) => x - y);
      return `p50 ${seconds(percentile(values, 50))} / p99 ${seconds(percentile(values, 99))} s`;
    };
    stages = `T→claim ${describe(pickup)}; claim→send_started ${describe(prepare)}; send_started→recebido ${describe(send)}`;
  }
  const result: Result = {
    ...scenario,
    t,
    readyBeforeTMs,
    lags,
    p50: percentile(lags, 50),
    p99: percentile(lags, 99),
    max: lags[lags.length - 1] ?? Number.NaN,
    throughput: arrivals.length > 1 ? arrivals.length / ((last - first) / 1000) : Number.NaN,
    total: last - t,
    duplicates,
    missing,
    unexpected,
    non201,
    notPublished,
    statuses,
    childCpu,
    benchCpu,
    stages,
  };
  out(
    `  p50 ${seconds(result.p50)} s, p99 ${seconds(result.p99)} s, máx ${seconds(result.max)} s, ` +
      `${result.throughput.toFixed(0)} posts/s, T→último ${seconds(result.total)} s, ` +
      `duplicados ${duplicates}, faltando ${missing}, inesperados ${unexpected}, respostas ≠ 201 ${non201}` +
      `\n  CPU até o último registro: ${procs.length > 1 ? 'workers' : scenario.kind === 'floor' ? 'piso' : 'worker'} ${childCpu.toFixed(2)} s, ` +
      `benchmark+sandbox ${benchCpu.toFixed(2)} s` +
      (statuses ? `\n  PostgreSQL: ${statuses}` : '') +
      (stages ? `\n  Etapas: ${stages}` : ''),
  );
  return result;
}

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

async function main(): Promise<number> {
  out(
    `Benchmark do worker de publicação (${RUN_ID}): ${USERS} contas X no sandbox, latência ${PUBLISH_LATENCY_MS} ms`,
  );
  out(`Carga da máquina (1, 5, 15 min): ${load()}`);
  await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${DB_NAME}`);
  const handle = await createDb({
    databaseUrl: databaseUrl(DB_NAME),
    poolSize: 10,
    applicationName: 'pauta-bench',
  });
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  let sandbox: SandboxHandle | null = null;
  const prefixes: string[] = [];
  try {
    await migrateToLatest(handle.db);
    sandbox = await startSandbox({ port: 0 });
    sandbox.setPublishLatency(PUBLISH_LATENCY_MS);
    installSandboxFetch(sandbox.url);

    const setupStarted = performance.now();
    const users = await seedUsers(handle, sandbox);
    const keys = `bw1:${randomBytes(32).toString('base64')}`;
    const keyring = parseKeyring(keys);
    const provider = oauthClient('x', 'connect', {
      env: { SOCIAL_SANDBOX_URL: sandbox.url },
      appUrl: 'http://localhost:3000',
    })!;
    for (let i = 0; i < users.length; i += CONNECT_BATCH) {
      await Promise.all(users.slice(i, i + CONNECT_BATCH).map((u) => connectX(handle, keyring, provider, u)));
    }
    const accounts = await handle.db
      .selectFrom('connected_accounts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('platform', '=', 'x')
      .where('is_active', '=', true)
      .executeTakeFirstOrThrow();
    if (Number(accounts.n) !== USERS)
      throw new Error(`esperava ${USERS} contas conectadas, há ${accounts.n}`);
    out(
      `Preparação: ${USERS} usuários com conta X conectada pelo OAuth do sandbox em ${seconds(performance.now() - setupStarted)} s`,
    );
    const floorToken = sandbox.issueToken({ network: 'x', user: users[0]!.key }).accessToken;
    const bench: Bench = { handle, sandbox, redis, users, keys, floorToken, prefixes };

    const scenarios: Scenario[] = [
      { name: 'piso-100', kind: 'floor', posts: 100, workers: 1 },
      { name: 'a-100-1w', kind: 'worker', posts: 100, workers: 1 },
      { name: 'piso-1000', kind: 'floor', posts: 1000, workers: 1 },
      { name: 'b-1000-1w', kind: 'worker', posts: 1000, workers: 1 },
      { name: 'c-1000-2w', kind: 'worker', posts: 1000, workers: 2 },
    ];
    const results: Result[] = [];
    for (const scenario of scenarios) results.push(await runScenario(bench, scenario));

    const by = (name: string) => results.find((r) => r.name === name)!;
    const floor100 = by('piso-100');
    const floor1000 = by('piso-1000');
    const a = by('a-100-1w');
    const b = by('b-1000-1w');
    const c = by('c-1000-2w');
    const label = (r: Result) =>
      r.kind === 'floor'
        ? `piso BullMQ, ${r.posts} posts`
        : `${r.name.slice(0, 1)}) worker, ${r.posts} posts, ${r.workers} proc.`;

    out(
      `\nLag = recebido pelo sandbox (POST /2/tweets) − T; vazão = posts ÷ (último − primeiro recebido); total = T → último recebido`,
    );
    out(
      `| ${'cenário'.padEnd(30)} | p50 (s) | p99 (s) | máx (s) | posts/s | total (s) | duplicados | faltando |`,
    );
    out(`|${'-'.repeat(32)}|---------|---------|---------|---------|-----------|------------|----------|`);
    for (const r of results) {
      out(
        `| ${label(r).padEnd(30)} | ${seconds(r.p50).padStart(7)} | ${seconds(r.p99).padStart(7)} | ${seconds(r.max).padStart(7)} | ${r.throughput
          .toFixed(0)
          .padStart(7)} | ${seconds(r.total).padStart(9)} | ${String(r.duplicates).padStart(10)} | ${String(
          r.missing,
        ).padStart(8)} |`,
      );
    }
    const ratioB = b.total / floor1000.total;
    const ratioC = c.total / floor1000.total;
    out(`\nRazões (total T → último recebido):`);
    out(
      `  b) 1 worker / piso-1000: ${ratioB.toFixed(2)}× (${seconds(b.total)} s / ${seconds(floor1000.total)} s)`,
    );
    out(
      `  c) 2 workers / piso-1000: ${ratioC.toFixed(2)}× (${seconds(c.total)} s / ${seconds(floor1000.total)} s)`,
    );
    out(
      `  a) p99 / piso-100 p99: ${(a.p99 / floor100.p99).toFixed(2)}× (${seconds(a.p99)} s / ${seconds(floor100.p99)} s)`,
    );

    const totalDuplicates = results.reduce((sum, r) => sum + r.duplicates, 0);
    const problems = results.filter(
      (r) => r.missing > 0 || r.unexpected > 0 || r.non201 > 0 || (r.notPublished ?? 0) > 0,
    );
    const met = (ok: boolean) => (ok ? 'met' : 'NOT MET');
    const ratioCB = c.total / b.total;
    out(
      `\nMetas (piso desta execução: ${seconds(floor1000.total)} s para 1.000 posts, ${seconds(floor100.p99)} s p99 para 100):`,
    );
    out(
      `  ${met(a.p99 < GOAL_P99_MS).padEnd(7)} a) p99 < ${seconds(GOAL_P99_MS)} s com 100 posts simultâneos — ${seconds(a.p99)} s`,
    );
    out(
      `  ${met(ratioB <= GOAL_RATIO).padEnd(7)} b) 1.000 posts em até ${GOAL_RATIO}× o piso com 1 worker — ${ratioB.toFixed(2)}× (${seconds(b.total)} s / ${seconds(floor1000.total)} s)`,
    );
    out(
      `  ${met(ratioCB <= 1).padEnd(7)} c) 2 workers não mais lentos que 1 — ${ratioCB.toFixed(2)}× o de 1 worker (${seconds(c.total)} s / ${seconds(b.total)} s; ${ratioC.toFixed(2)}× o piso)`,
    );
    out(
      `  ${met(totalDuplicates === 0).padEnd(7)} zero duplicados em todos os cenários — ${totalDuplicates}`,
    );
    for (const r of problems) {
      out(
        `ERRO em ${r.name}: faltando ${r.missing}, inesperados ${r.unexpected}, respostas ≠ 201 ${r.non201}, ` +
          `não publicados no PostgreSQL ${r.notPublished ?? '-'}`,
      );
    }
    return totalDuplicates > 0 || problems.length > 0 ? 1 : 0;
  } finally {
    for (const c of [...children]) await stopChild(c);
    uninstallSandboxFetch();
    await sandbox?.close();
    await handle.close();
    let deleted = 0;
    for (const prefix of prefixes) deleted += await deletePrefix(redis, prefix).catch(() => 0);
    redis.disconnect();
    await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    out(
      `\nLimpeza: banco ${DB_NAME} removido, ${deleted} chaves Redis removidas (${prefixes.length} prefixos)`,
    );
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
