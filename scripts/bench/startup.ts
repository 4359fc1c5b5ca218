// Start-up benchmark (npm run bench:startup [-- --runs 5]): time from spawn to the first
// `/readyz` 200 and resident memory (RSS of the whole process tree, once ready and after 100
// requests), for the web and the worker, run as before (the TypeScript source through the tsx
// CLI, what `npm run start:web` ran until the production build) and now (the compiled dist/ through
// scripts/run.mjs with NODE_ENV=production, what the image runs). Needs `npm run build` first.
// Uses its own database `pauta_bench_startup` (migrated once, dropped at the end) and Redis prefix.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { benchEnv, systemEnv } from '../env.js';
import { benchDatabase } from './common.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const REDIS_URL = benchEnv.redisUrl();
const PREFIX = `pauta-bench-startup-${randomBytes(3).toString('hex')}`;
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;

const out = (line = '') => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** RSS in kB of `pid` and all its descendants (the tsx CLI runs the app in a child process). */
function treeRssKb(pid: number): number {
  let total = 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    for (const task of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)) {
      if (task) total += treeRssKb(Number(task));
    }
  } catch {
    // the process ended
  }
  return total;
}

interface Sample {
  readyMs: number;
  rssReadyMb: number;
  rssAfterMb: number;
}

async function measure(command: string[], env: NodeJS.ProcessEnv, url: string): Promise<Sample> {
  const t0 = performance.now();
  const child: ChildProcess = spawn(command[0]!, command.slice(1), {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += d));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`saiu: ${stderr}`);
      const ok = await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (performance.now() - t0 > 120_000) throw new Error(`não ficou pronto: ${stderr}`);
      await sleep(20);
    }
    const readyMs = performance.now() - t0;
    const rssReadyMb = treeRssKb(child.pid!) / 1024;
    for (let i = 0; i < 100; i++) await fetch(`${url}/readyz`).then((r) => r.arrayBuffer());
    await sleep(500);
    const rssAfterMb = treeRssKb(child.pid!) / 1024;
    return { readyMs, rssReadyMb, rssAfterMb };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(30_000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

async function main() {
  for (const file of ['dist/server/main.js', 'dist/worker/main.js', 'client/dist/index.html']) {
    if (!existsSync(path.join(ROOT, file)))
      throw new Error(`${file} não existe: rode \`npm run build\` antes`);
  }
  const db = await benchDatabase('pauta_bench_startup');
  const [webPort, workerPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...systemEnv(),
    NODE_ENV: 'production',
    DATABASE_URL: db.url,
    REDIS_URL,
    REDIS_PREFIX: PREFIX,
    APP_URL: `http://127.0.0.1:${webPort}`,
    PORT: String(webPort),
    WORKER_HEALTH_PORT: String(workerPort),
    TOKEN_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
    LOG_LEVEL: 'warn',
  };
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  const cases = [
    { name: 'web', url: `http://127.0.0.1:${webPort}`, before: [tsx, 'server/src/main.ts'] },
    { name: 'worker', url: `http://127.0.0.1:${workerPort}`, before: [tsx, 'worker/src/main.ts'] },
  ];
  out(`bench:startup — ${RUNS} execuções de cada, alternadas; load ${loadavg()[0]!.toFixed(1)} no início`);
  out('| processo | como | pronto (/readyz), mediana | RSS pronto | RSS após 100 req. |');
  out('| --- | --- | --- | --- | --- |');
  const goals: string[] = [];
  try {
    for (const c of cases) {
      const samples: Record<'before' | 'after', Sample[]> = { before: [], after: [] };
      for (let i = 0; i < RUNS; i++) {
        samples.before.push(await measure(c.before, env, c.url));
        samples.after.push(await measure([process.execPath, 'scripts/run.mjs', c.name], env, c.url));
      }
      const m = (mode: 'before' | 'after', key: keyof Sample) => median(samples[mode].map((x) => x[key]));
      goals.push(
        `${c.name}: compilado pronto antes do tsx — ${m('after', 'readyMs') < m('before', 'readyMs') ? 'met' : 'NOT MET'}`,
        `${c.name}: compilado com menos RSS que o tsx — ${m('after', 'rssAfterMb') < m('before', 'rssAfterMb') ? 'met' : 'NOT MET'}`,
      );
      for (const mode of ['before', 'after'] as const) {
        const s = samples[mode];
        out(
          `| ${c.name} | ${mode === 'before' ? 'antes: tsx (fonte)' : 'agora: dist/ compilado'} | ${Math.round(median(s.map((x) => x.readyMs)))} ms | ${median(s.map((x) => x.rssReadyMb)).toFixed(0)} MB | ${median(s.map((x) => x.rssAfterMb)).toFixed(0)} MB |`,
        );
      }
    }
  } finally {
    await db.drop();
    const redis = new Redis(REDIS_URL);
    for await (const keys of redis.scanStream({ match: `${PREFIX}:*`, count: 500 })) {
      if ((keys as string[]).length) await redis.del(...(keys as string[]));
    }
    redis.disconnect();
  }
  for (const goal of goals) out(goal);
  out(`load ${loadavg()[0]!.toFixed(1)} no fim (2 núcleos: acima de 2, os tempos incluem espera por CPU)`);
}

await main();
