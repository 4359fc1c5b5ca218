// Real web processes for the scale-out tests: `server/src/main.ts` spawned as in production, on the
// run's database, answering on a free port once /readyz says so. Killed by the caller.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { inject } from 'vitest';
import { testDatabaseUrl } from './harness.js';
import { TEST_KEYS } from './server-harness.js';
import { waitFor } from './worker-harness.js';

const ROOT = path.resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** Starts a web process; its child is pushed onto `children` (to kill in afterAll). */
export async function spawnWeb(options: {
  port: number;
  redisPrefix: string;
  sandboxUrl: string;
  children: ChildProcess[];
  /** Another database than the run's (an isolatedDb()). */
  databaseUrl?: string;
  env?: Record<string, string>;
}): Promise<string> {
  const url = `http://127.0.0.1:${options.port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(options.port),
      APP_URL: 'http://pauta.test',
      DATABASE_URL: options.databaseUrl ?? testDatabaseUrl(),
      REDIS_URL: inject('redisUrl'),
      REDIS_PREFIX: options.redisPrefix,
      TOKEN_ENCRYPTION_KEYS: TEST_KEYS,
      SOCIAL_SANDBOX_URL: options.sandboxUrl,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  options.children.push(child);
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`web saiu: ${output}`);
      return fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
    },
    { timeoutMs: 60_000, label: `web em ${url}` },
  );
  return url;
}
