// The one place the command-line tools read the environment (`npm run db:migrate`, create-admin,
// rotate-keys, start, the benchmarks and their child processes). The web and the worker read theirs
// in server/src/env.ts and worker/src/env.ts; the linter refuses `process.env` anywhere else
// (biome.json, docs/architecture.md "Boundaries"). Every variable is listed in the README.
import path from 'node:path';
import { DEFAULT_REDIS_URL, EnvError } from '@pauta/core/config/env';

/** What `load` reads (the web's configuration…), or exit 1 with its pt-BR message naming each bad variable. */
export function configOrExit<T>(load: () => T): T {
  try {
    return load();
  } catch (error) {
    process.stderr.write(`${error instanceof EnvError ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

/** A variable's value; an empty value counts as unset. */
export function envValue(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

/** A variable a child process must be given; exits with a pt-BR message naming it when unset. */
export function requiredEnv(name: string, tool: string): string {
  const value = envValue(name);
  if (value === undefined) {
    process.stderr.write(`${tool}: ${name} é obrigatória\n`);
    process.exit(1);
  }
  return value;
}

/** A whole number variable, or `fallback` when unset. */
export function numberEnv(name: string, fallback: number): number {
  const value = envValue(name);
  return value === undefined ? fallback : Number(value);
}

/** Sets (or, with undefined, removes) a variable for this process and the children it starts. */
export function setEnv(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

/** A copy of the whole environment, for a loader that validates it (loadWorkerEnv). */
export function environment(): Record<string, string | undefined> {
  return { ...process.env };
}

/** The variables a benchmark child process inherits: the system's, none of Pauta's. */
export function systemEnv(): Record<string, string> {
  const base: Record<string, string> = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ']) {
    const value = process.env[name];
    if (value !== undefined) base[name] = value;
  }
  return base;
}

/** The database of the maintenance commands: DATABASE_URL, or the embedded PGlite data folder. */
export function databaseTarget(): { databaseUrl: string | undefined; pgliteDataDir: string } {
  return {
    databaseUrl: envValue('DATABASE_URL'),
    pgliteDataDir: path.resolve(envValue('PAUTA_DATA_DIR') ?? '.data', 'pglite'),
  };
}

/** Benchmarks: where they create their database and Redis keys, and how many runs. */
export const benchEnv = {
  adminUrl: () =>
    envValue('BENCH_DATABASE_ADMIN_URL') ??
    envValue('TEST_DATABASE_ADMIN_URL') ??
    'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl: () => envValue('BENCH_REDIS_URL') ?? DEFAULT_REDIS_URL,
  runs: () => numberEnv('BENCH_RUNS', 100),
  /** bench:ai: the sandbox model's output speed (tokens/s) and the drafting timeout. */
  aiTokensPerSecond: () => numberEnv('BENCH_AI_TOKENS_PER_SECOND', 60),
  aiTimeoutMs: () => numberEnv('BENCH_AI_TIMEOUT_MS', 45_000),
  /** bench:media: the size of each of the 4 images, in KB. */
  mediaKb: () => numberEnv('BENCH_MEDIA_KB', 600),
  chromium: () => envValue('CHROMIUM_PATH') ?? '/usr/bin/chromium',
  webNodeArgs: () => (envValue('BENCH_WEB_NODE_ARGS') ?? '').split(' ').filter(Boolean),
  workerNodeArgs: () => (envValue('BENCH_WORKER_NODE_ARGS') ?? '').split(' ').filter(Boolean),
};

/** npm run faults (scripts/faults/run.ts): the fault table's size, rows and tools. */
export const faultsEnv = {
  /** Posts per row. */
  posts: () => numberEnv('FAULTS_N', 150),
  /** Comma-separated row names; unset: every row. */
  rows: () =>
    (envValue('FAULTS_ROWS') ?? '')
      .split(',')
      .map((row) => row.trim())
      .filter(Boolean),
  /** WORKER_CONCURRENCY of every worker process. */
  concurrency: () => numberEnv('FAULTS_CONCURRENCY', 10),
  /** The sandbox's delay before each publish call answers. */
  latencyMs: () => numberEnv('FAULTS_LATENCY_MS', 300),
  /** `linkedin` or `x`. */
  network: () => envValue('FAULTS_NETWORK') ?? 'linkedin',
  /** Where the Markdown table is written. */
  out: () => envValue('FAULTS_OUT') ?? '.faults/last.md',
  pgBin: () => envValue('FAULTS_PG_BIN') ?? '/usr/lib/postgresql/15/bin',
  redisServer: () => envValue('FAULTS_REDIS_SERVER') ?? 'redis-server',
  /** 1: keep the private PostgreSQL cluster's folder (stopped) for a post-mortem. */
  keep: () => envValue('FAULTS_KEEP') === '1',
};
