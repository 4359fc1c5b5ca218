// `npm run test:prod` (run by .ci/run): the production build as the image runs it, without a
// container engine. The same steps as the Dockerfile:
//   1. a clean copy of the checkout (git's tracked and unignored files: no node_modules, dist, .data),
//      `npm ci` and `npm run build` in it (the build stage);
//   2. a runtime folder made as the Dockerfile's prod-deps and runtime stages make it — the files,
//      the `npm ci --omit=dev …`, the ENV and the command are read from the Dockerfile — and checked
//      to hold no tsx, Vite, vitest or esbuild;
//   3. on a fresh PostgreSQL database and a Redis prefix of its own, with NODE_ENV=production:
//      the compiled sandbox networks, `migrate`, then `web` and `worker` (`node scripts/run.mjs …`,
//      the image's ENTRYPOINT/CMD);
//   4. /healthz and /readyz of both, the interface, a sign-up and a sign-in, an X account connected
//      through the web's OAuth flow, a theme, one post rescheduled to now and published through the
//      sandbox exactly once;
//   5. a second post made slow by the sandbox (3 s): SIGTERM to web and worker while it is being
//      published — both exit 0, the post ends Publicado (the worker finished it before exiting) and
//      no post is left "Publicando".
// Environment: TEST_DATABASE_ADMIN_URL, TEST_REDIS_URL (as the test suite); PROD_SMOKE_KEEP=1 keeps
// the scratch folder; PROD_SMOKE_IN_PLACE=1 (default when CI=true) builds in the checkout itself;
// PROD_SMOKE_PREBUILT=1 (with it: .ci/run, which has just run `npm run build` for the e2e tier)
// uses the checkout's dist/ and client/dist/ as they are. Prints one "N passed, N failed" line.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { TestClient } from '../../test/http-client.js';
import { freePort } from '../free-port.js';
import { runtimeRecipe } from '../lint-deploy.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Shows /readyz's checks (and /metrics) to this script only. */
const METRICS_TOKEN = randomBytes(24).toString('hex');
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const RUN = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
const DB_NAME = `pauta_prod_smoke_${RUN}`;
const REDIS_PREFIX = `pauta-prod-smoke-${RUN}`;
/** Packages that must not be in a production install. */
const DEV_ONLY = [
  'tsx',
  'vite',
  'vitest',
  'esbuild',
  '@vitejs/plugin-react',
  'pino-pretty',
  'playwright-core',
];
/**
 * CI's checkout is itself a fresh clone on which .ci/run has just run `npm ci`: building in it is
 * the same as building in a clean copy, and saves a second `npm ci` (~40 s). Locally the default is
 * the clean copy, so an untracked file the build needs cannot hide.
 */
const IN_PLACE = process.env.PROD_SMOKE_IN_PLACE === '1' || process.env.CI === 'true';
/** The checkout's build is already done (.ci/run builds once for the e2e tier and this smoke). */
const PREBUILT = IN_PLACE && process.env.PROD_SMOKE_PREBUILT === '1';

const started = performance.now();
const out = (line: string) => process.stdout.write(`${line}\n`);
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let passed = 0;
let failed = 0;

function check(label: string, ok: boolean, detail = ''): void {
  if (ok) passed += 1;
  else failed += 1;
  out(`${ok ? '  ✓' : '  ✗'} ${label} (${elapsed()})${ok || !detail ? '' : ` — ${detail}`}`);
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): void {
  execFileSync(command, args, { cwd, env, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function waitFor<T>(label: string, timeoutMs: number, fn: () => Promise<T | null | undefined | false>) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`tempo esgotado: ${label}`);
    await sleep(100);
  }
}

interface Proc {
  name: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const procs: Proc[] = [];
/** The image's command after tini (`scripts/run.mjs`), set from the Dockerfile. */
let nodeArgs: string[] = [];

function start(name: string, cwd: string, env: NodeJS.ProcessEnv, args: string[]): Proc {
  let output = '';
  const child = spawn(process.execPath, [...nodeArgs, ...args], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const proc = { name, child, output: () => output, exited };
  procs.push(proc);
  return proc;
}

/** 1. The build stage: a clean copy of the checkout, every dependency, `npm run build`. */
function buildFromCleanCopy(work: string): string {
  const src = path.join(work, 'src');
  mkdirSync(src);
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT })
    .toString()
    .split('\0')
    .filter((f) => f && existsSync(path.join(ROOT, f)));
  for (const file of files) cpSync(path.join(ROOT, file), path.join(src, file));
  run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], src);
  run('npm', ['run', 'build', '--silent'], src);
  return src;
}

type Recipe = ReturnType<typeof runtimeRecipe>;

/** 2. The prod-deps and runtime stages: manifests, `npm ci --omit=dev …`, build output, launcher. */
function assembleRuntime(work: string, src: string, recipe: Recipe): string {
  const app = path.join(work, 'app');
  mkdirSync(app);
  for (const file of recipe.contextFiles) cpSync(path.join(src, file), path.join(app, file));
  run('npm', [...recipe.npmArgs, '--prefer-offline', '--loglevel=error'], app);
  // What the Dockerfile removes after its install (TypeScript, PGlite): the smoke runs without them.
  for (const dir of recipe.prune) rmSync(path.join(app, dir), { recursive: true, force: true });
  for (const file of recipe.buildFiles)
    cpSync(path.join(src, file), path.join(app, file), { recursive: true });
  return app;
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'pauta-prod-smoke-'));
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  let db: pg.Client | null = null;
  try {
    let src = ROOT;
    if (PREBUILT) {
      out('produção: o build que a CI acabou de fazer no próprio checkout (dist/ e client/dist/)');
      const missing = ['dist', 'client/dist'].filter((dir) => !existsSync(path.join(ROOT, dir)));
      if (missing.length > 0) throw new Error(`PROD_SMOKE_PREBUILT=1 sem build: falta ${missing.join(', ')}`);
    } else if (IN_PLACE) {
      out('produção: npm run build no próprio checkout (na CI, um clone novo com npm ci já feito)');
      run('npm', ['run', 'build', '--silent'], ROOT);
    } else {
      out(`produção: cópia limpa, npm ci e npm run build (${work})`);
      src = buildFromCleanCopy(work);
    }
    out(`  compilado em ${elapsed()}`);
    const recipe = runtimeRecipe(readFileSync(path.join(src, 'Dockerfile'), 'utf8'));
    nodeArgs = recipe.nodeArgs;
    const app = assembleRuntime(work, src, recipe);
    out(`  instalação só de produção em ${elapsed()}`);
    const present = DEV_ONLY.filter((p) => existsSync(path.join(app, 'node_modules', p)));
    check(
      'a instalação de produção não tem ferramentas de desenvolvimento',
      present.length === 0,
      present.join(', '),
    );

    await admin.query(`CREATE DATABASE ${DB_NAME}`);
    const dbUrl = new URL(ADMIN_URL);
    dbUrl.pathname = `/${DB_NAME}`;
    const [webPort, workerPort, sandboxPort] = [await freePort(), await freePort(), await freePort()];
    const appUrl = `http://127.0.0.1:${webPort}`;
    const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    // Only what the image gets from its environment; nothing from this shell's dev setup.
    const baseEnv: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...recipe.env,
    };
    const env: NodeJS.ProcessEnv = {
      ...baseEnv,
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL,
      REDIS_PREFIX,
      APP_URL: appUrl,
      TOKEN_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
      SOCIAL_SANDBOX_URL: sandboxUrl,
      METRICS_TOKEN,
      LOG_LEVEL: 'warn',
      PAUTA_DATA_DIR: path.join(work, 'data'),
    };

    const sandbox = start(
      'sandbox',
      app,
      {
        ...baseEnv,
        SANDBOX_PORT: String(sandboxPort),
        SANDBOX_REDIRECT_ORIGINS: appUrl,
        // Its own state file, in this run's directory: the image's default (/tmp/pauta) is shared
        // by every run on a machine, and the sandbox X refuses a text it has already received (the
        // local drafts of a theme are deterministic), so a second run would see "duplicate content".
        PAUTA_DATA_DIR: path.join(work, 'sandbox-data'),
      },
      ['sandbox'],
    );
    await waitFor('sandbox', 30_000, async () => (await fetch(`${sandboxUrl}/__sandbox/health`)).ok);

    const migrate = start('migrate', app, env, ['migrate']);
    const migrateCode = await migrate.exited;
    check(
      'migrate aplica as migrações num banco novo',
      migrateCode === 0 && /Migrações aplicadas/.test(migrate.output()),
      migrate.output(),
    );

    const web = start('web', app, { ...env, PORT: String(webPort), HOST: '127.0.0.1' }, ['web']);
    const worker = start(
      'worker',
      app,
      { ...env, WORKER_HEALTH_PORT: String(workerPort), RECONCILE_INTERVAL_MS: '2000' },
      ['worker'],
    );
    for (const [name, url, proc] of [
      ['web', appUrl, web],
      ['worker', `http://127.0.0.1:${workerPort}`, worker],
    ] as const) {
      try {
        await waitFor(`${name} /readyz`, 60_000, async () => {
          if (proc.child.exitCode !== null) throw new Error(proc.output());
          return (await fetch(`${url}/readyz`)).ok;
        });
        const health = await fetch(`${url}/healthz`);
        // The public gets the status alone; the checks come with the metrics bearer (issue 24).
        const ready = (await (await fetch(`${url}/readyz`)).json()) as Record<string, unknown>;
        check(
          `${name}: /healthz 200 e /readyz {"status":"ready"} sem detalhes`,
          health.status === 200 && JSON.stringify(ready) === '{"status":"ready"}',
          JSON.stringify(ready),
        );
        const detailed = (await (
          await fetch(`${url}/readyz`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
        ).json()) as { status: string; checks?: { database?: { ok: boolean } } };
        check(
          `${name}: /readyz com o token de métricas traz as verificações`,
          detailed.status === 'ready' && detailed.checks?.database?.ok === true,
          JSON.stringify(detailed),
        );
      } catch (error) {
        check(`${name} fica pronto`, false, `${(error as Error).message}\n${proc.output()}`);
        throw error;
      }
    }
    const page = await fetch(`${appUrl}/`);
    // Without a session cookie, `/` is the landing rendered at build time (scripts/prerender.ts).
    check(
      'web serve a interface compilada (a landing já renderizada)',
      page.ok && (await page.text()).includes('<div id="root" data-prerendered="" inert><style'),
    );

    const email = `smoke-${RUN}@exemplo.com`;
    const password = 'uma senha de produção bem longa';
    const signUp = await new TestClient(appUrl, appUrl).mutate('auth.signUp', {
      email,
      password,
      firstName: 'Prod',
    });
    check('cadastro', signUp.status === 200, JSON.stringify(signUp.error));
    const client = new TestClient(appUrl, appUrl);
    const signIn = await client.mutate('auth.signIn', { email, password, rememberMe: false });
    const session = await client.query<{ user: { email: string } | null }>('auth.session');
    check(
      'login',
      signIn.status === 200 && session.data?.user?.email === email,
      JSON.stringify(signIn.error),
    );

    // Connecting X as a person does: our /start, the (sandbox) network's consent, our callback.
    const startRes = await client.request('/auth/oauth/x/start?purpose=connect');
    const consent = await fetch(startRes.headers.get('location') ?? 'about:blank', { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') ?? appUrl);
    const completed = await client.mutate('auth.completeOAuth', {
      code: back.searchParams.get('code') ?? '',
      state: back.searchParams.get('state') ?? '',
    });
    check(
      'conta do X conectada pelo OAuth do web',
      completed.status === 200,
      JSON.stringify(completed.error),
    );

    const theme = await client.mutate<{ theme: { id: string } }>('themes.create', {
      name: 'Produção',
      description: 'Posts do teste de fumaça da compilação de produção',
      toneOfVoice: ['professional'],
      avoidTopics: [],
      socialNetworks: ['x'],
      frequency: 'daily',
      colorPalette: 'blue',
    });
    const list = await client.query<{ items: { id: string; content: string }[] }>('posts.list', {
      themeId: theme.data?.theme.id,
      statuses: ['scheduled'],
      limit: 10,
    });
    const [first, second] = list.data?.items ?? [];
    check(
      'tema criado com posts agendados',
      theme.status === 200 && Boolean(first && second),
      JSON.stringify(theme.error ?? list.error),
    );
    if (!first || !second) throw new Error('sem posts para publicar');

    db = new pg.Client({ connectionString: dbUrl.toString() });
    await db.connect();
    const statusOf = async (id: string) =>
      (await db!.query<{ status: string }>('SELECT status FROM suggested_posts WHERE id = $1', [id])).rows[0]
        ?.status;
    const sentTexts = async () => {
      const res = await fetch(`${sandboxUrl}/__sandbox/posts?network=x`);
      return ((await res.json()) as { posts: { text: string }[] }).posts.map((p) => p.text);
    };

    const now = await client.mutate('posts.reschedule', {
      id: first.id,
      scheduledFor: new Date(Date.now() + 2000),
    });
    check('post reagendado para agora', now.status === 200, JSON.stringify(now.error));
    const published = await waitFor('primeiro post publicado', 45_000, async () =>
      (await statusOf(first.id)) === 'published' ? true : null,
    ).catch(() => false);
    const firstSends = (await sentTexts()).filter((t) => t === first.content).length;
    check(
      'publicado pelo worker compilado, uma vez, no sandbox',
      published === true && firstSends === 1,
      `status ${await statusOf(first.id)}, ${firstSends} envio(s)\n${worker.output()}`,
    );

    // Draining: a publication in flight when SIGTERM arrives is finished, not abandoned.
    await fetch(`${sandboxUrl}/__sandbox/publish-latency`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 3000 }),
    });
    await client.mutate('posts.reschedule', { id: second.id, scheduledFor: new Date(Date.now() + 1000) });
    const claimed = await waitFor('segundo post em publicação', 45_000, async () =>
      (await statusOf(second.id)) === 'publishing' ? true : null,
    ).catch(() => false);
    check('segundo post reivindicado pelo worker', claimed === true, `status ${await statusOf(second.id)}`);
    const signalled = performance.now();
    web.child.kill('SIGTERM');
    worker.child.kill('SIGTERM');
    // Unref'd: once both have exited, this timer must not keep the smoke itself alive.
    const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 35_000).unref());
    const [webCode, workerCode] = await Promise.all([
      Promise.race([web.exited, timeout]),
      Promise.race([worker.exited, timeout]),
    ]);
    const drainSeconds = ((performance.now() - signalled) / 1000).toFixed(1);
    check(`web sai com 0 após SIGTERM`, webCode === 0, `saída ${webCode}\n${web.output()}`);
    check(
      `worker sai com 0 após SIGTERM (${drainSeconds} s)`,
      workerCode === 0,
      `saída ${workerCode}\n${worker.output()}`,
    );
    const secondSends = (await sentTexts()).filter((t) => t === second.content).length;
    check(
      'a publicação em andamento terminou antes de o worker sair',
      (await statusOf(second.id)) === 'published' && secondSends === 1,
      `status ${await statusOf(second.id)}, ${secondSends} envio(s)`,
    );
    const stuck = await db.query<{ n: string }>(
      "SELECT count(*) AS n FROM suggested_posts WHERE status = 'publishing'",
    );
    check('nenhum post ficou "Publicando"', stuck.rows[0]?.n === '0', `${stuck.rows[0]?.n} post(s)`);
    sandbox.child.kill('SIGTERM');
    await sandbox.exited;
    if (process.env.PROD_SMOKE_KEEP !== '1') rmSync(work, { recursive: true, force: true });
    else out(`pasta mantida: ${work}`);
  } catch (error) {
    check('teste de fumaça de produção', false, (error as Error).stack ?? String(error));
    out(`pasta mantida para inspeção: ${work}`);
  } finally {
    for (const p of procs)
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await db?.end().catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => {});
    await admin.end();
    for await (const keys of redis.scanStream({ match: `${REDIS_PREFIX}:*`, count: 500 })) {
      if ((keys as string[]).length) await redis.del(...(keys as string[]));
    }
    redis.disconnect();
  }
  out(`  tempo total: ${elapsed()}`);
  out(`prod-smoke: ${passed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}

await main();
