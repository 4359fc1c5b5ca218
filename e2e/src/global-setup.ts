// Starts, once per e2e run: a fresh PostgreSQL database, the sandbox networks on a free port,
// and Pauta itself through scripts/start.ts (embedded mode) with that database and sandbox.
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

const ROOT = path.resolve(import.meta.dirname, '../..');
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    sandboxUrl: string;
    databaseUrl: string;
    /** Folder where the in-process SMTP server writes every message it receives (one .eml each). */
    mailDir: string;
  }
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

export default async function setup(project: TestProject) {
  const name = `pauta_e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${name}`;
  const databaseUrl = dbUrl.toString();

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, allowedRedirectOrigins: [baseUrl] });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pauta-e2e-'));

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

  let output = '';
  const app = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      APP_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: name,
      SOCIAL_SANDBOX_URL: sandbox.url,
      PAUTA_DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
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
      ANTHROPIC_BASE_URL: `${sandbox.url}/api.anthropic.com`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  app.stdout?.on('data', (d) => {
    output += d;
  });
  app.stderr?.on('data', (d) => {
    output += d;
  });
  await waitForHealth(baseUrl, app, () => output);

  project.provide('baseUrl', baseUrl);
  project.provide('sandboxUrl', sandbox.url);
  project.provide('databaseUrl', databaseUrl);
  project.provide('mailDir', mailDir);

  return async () => {
    const exited = new Promise((r) => app.once('exit', r));
    app.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (app.exitCode === null) app.kill('SIGKILL');
    await sandbox.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
}
