// Starts, once per e2e run and per pool slot (E2E_WORKERS, default 2: files run that many at a
// time), one Pauta through scripts/start.ts (embedded mode) with everything of its own: a fresh
// PostgreSQL database, a Redis key prefix, the sandbox networks on a free port, an SMTP server and
// its mail folder, a data folder. The files reach their slot's app through e2eEnv() (env.ts); see
// docs/testing.md, "The e2e tier".
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { startSandbox } from '../../networks/src/sandbox/server.js';
import { buildClient, clientBuildIsStale } from '../../scripts/build-client.js';
import type { E2eSlot } from './env.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The environment of every slot's app, in one place (a new variable for the e2e app goes here).
 * `slot` holds what differs between slots.
 */
function appEnv(slot: {
  port: number;
  baseUrl: string;
  databaseUrl: string;
  redisPrefix: string;
  sandboxUrl: string;
  dataDir: string;
  smtpPort: number;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(slot.port),
    APP_URL: slot.baseUrl,
    DATABASE_URL: slot.databaseUrl,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: slot.redisPrefix,
    SOCIAL_SANDBOX_URL: slot.sandboxUrl,
    PAUTA_DATA_DIR: slot.dataDir,
    SMTP_URL: `smtp://127.0.0.1:${slot.smtpPort}`,
    LOG_LEVEL: 'warn',
    // Faster maintenance loops so publishing and metrics show up within a test's time.
    RECONCILE_INTERVAL_MS: '2000',
    STALE_CLAIM_MS: '10000',
    NETWORK_TIMEOUT_MS: '4000',
    METRICS_SYNC_INTERVAL_MS: '4000',
    PUBLISH_RETRY_BASE_MS: '500',
    // The scheduled report email's sweep (docs/reports.md "Scheduled email").
    REPORT_EMAIL_INTERVAL_MS: '2000',
    WORKER_HEALTH_PORT: '0',
    // Each browser context is a person at their own address (browser.ts sends X-Forwarded-For):
    // the suite signs up ~40 people in 10 minutes, past the per-address sign-up limit
    // (docs/security.md R1) that one address would meet.
    TRUST_PROXY: '1',
    // AI through the sandbox's Anthropic stand-in (networks/src/sandbox/anthropic.ts): drafts,
    // carousels, alt text and variations as the real API answers them. The key is a fake one.
    ANTHROPIC_API_KEY: 'sk-ant-e2e-sandbox',
    ANTHROPIC_BASE_URL: `${slot.sandboxUrl}/api.anthropic.com`,
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function adminQuery(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

async function waitForHealth(url: string, app: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`Pauta saiu com código ${app.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Pauta não ficou pronta em 90 s:\n${output()}`);
}

/** Everything one slot started, to be stopped again (each part set once it exists). */
interface Running {
  name: string;
  app?: ChildProcess;
  sandbox?: { close(): Promise<void> };
  smtp?: SMTPServer;
  dataDir?: string;
  databaseCreated?: boolean;
}

async function startSlot(name: string, running: Running): Promise<E2eSlot> {
  await adminQuery(`CREATE DATABASE ${name}`);
  running.databaseCreated = true;
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${name}`;
  const databaseUrl = dbUrl.toString();

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, allowedRedirectOrigins: [baseUrl] });
  running.sandbox = sandbox;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pauta-e2e-'));
  running.dataDir = dataDir;

  // A real SMTP server: the app sends welcome and password-reset emails to it.
  const mailDir = path.join(dataDir, 'mail');
  mkdirSync(mailDir, { recursive: true });
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received += 1;
        writeFileSync(path.join(mailDir, `${Date.now()}-${received}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  running.smtp = smtp;

  // The slot's Redis prefix is its database's name: unique to this run and slot.
  const redisPrefix = name;
  let output = '';
  const app = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: appEnv({ port, baseUrl, databaseUrl, redisPrefix, sandboxUrl: sandbox.url, dataDir, smtpPort }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.app = app;
  app.stdout?.on('data', (d) => {
    output += d;
  });
  app.stderr?.on('data', (d) => {
    output += d;
  });
  await waitForHealth(baseUrl, app, () => output);
  return { baseUrl, sandboxUrl: sandbox.url, databaseUrl, redisPrefix, mailDir };
}

async function stopSlot(running: Running): Promise<void> {
  const { app } = running;
  if (app && app.exitCode === null && app.signalCode === null) {
    const exited = new Promise((r) => app.once('exit', r));
    app.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (app.exitCode === null && app.signalCode === null) app.kill('SIGKILL');
  }
  await running.sandbox?.close();
  const { smtp } = running;
  if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
  if (running.dataDir) rmSync(running.dataDir, { recursive: true, force: true });
  if (running.databaseCreated) await adminQuery(`DROP DATABASE IF EXISTS ${running.name} WITH (FORCE)`);
}

export default async function setup(project: TestProject) {
  // One app per file Vitest may run at once in this project: maxWorkers (E2E_WORKERS in
  // vitest.config.ts); Vitest resolves a project with fileParallelism off to maxWorkers 1.
  const slots = Math.max(1, project.config.maxWorkers || project.vitest.config.maxWorkers);
  const run = `pauta_e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const running: Running[] = Array.from({ length: slots }, (_, i) => ({ name: `${run}_s${i + 1}` }));
  const stopAll = async () => {
    await Promise.all(running.map(stopSlot));
  };

  // scripts/start.ts builds the client when it is missing or stale: once here, not once per app
  // at the same time into the same client/dist (`npm run test:e2e` has just built it: no-op).
  if (clientBuildIsStale()) await buildClient();
  try {
    // The apps start side by side (migrations, Vite-free start: ~10 s each on the 2-core machine).
    const envs = await Promise.all(running.map((r) => startSlot(r.name, r)));
    project.provide('e2eSlots', envs);
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
