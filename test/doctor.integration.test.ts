// `npm run doctor` and the Diagnóstico (issue 18, item 4): the CLI spawned as an operator runs it,
// against the run's database, the shared Redis, the sandbox networks and a running web process;
// a Redis of its own (a separate redis-server on a free port) for the eviction policy; a real SMTP
// server for the EHLO; and admin.doctor.run through HTTP with the browser's origin.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser, type DbHandle } from '../db/src/index.js';
import { installSandboxFetch, uninstallSandboxFetch } from '../networks/src/index.js';
import { type SandboxHandle, startSandbox } from '../networks/src/sandbox/index.js';
import { createSession } from '../server/src/auth/session.js';
import { type CheckResult, runDoctorChecks } from '../server/src/doctor/checks.js';
import { testDatabaseUrl, testDb, testRedisPrefix, uniqueEmail } from './harness.js';
import { TestClient } from './http-client.js';
import { listen, TEST_KEYS, testDeps } from './server-harness.js';
import { startSmtpServer, type TestSmtp } from './smtp-harness.js';
import { freePort, spawnWeb } from './web-process.js';
import { waitFor } from './worker-harness.js';

const ROOT = path.resolve(import.meta.dirname, '..');
let handle: DbHandle;
let sandbox: SandboxHandle;
let smtp: TestSmtp;
const children: ChildProcess[] = [];

beforeAll(async () => {
  handle = await testDb();
  sandbox = await startSandbox({});
  smtp = await startSmtpServer();
}, 60_000);
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await sandbox?.close();
  await smtp?.close();
  uninstallSandboxFetch();
  await handle?.close();
});

function runDoctor(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(process.execPath, ['scripts/run.mjs', 'doctor'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        DATABASE_URL: testDatabaseUrl(),
        REDIS_URL: inject('redisUrl'),
        TOKEN_ENCRYPTION_KEYS: TEST_KEYS,
        SOCIAL_SANDBOX_URL: sandbox.url,
        SMTP_URL: smtp.url,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** The block of one check in the CLI's output: its title line and the lines under it. */
function block(output: string, title: string): string {
  const lines = output.split('\n');
  const start = lines.findIndex((l) => l.includes(`] ${title}`));
  if (start < 0) return '';
  const end = lines.findIndex((l, i) => i > start && /^[✔!✘] \[/.test(l));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

describe('npm run doctor', () => {
  it('fails with a pt-BR fix on a wrong APP_URL and passes on a correct setup', async () => {
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    await spawnWeb({
      port,
      redisPrefix: `${testRedisPrefix()}-doctor`,
      sandboxUrl: sandbox.url,
      children,
      env: { APP_URL: appUrl },
    });

    const wrong = await runDoctor({ APP_URL: `http://127.0.0.1:${await freePort()}` });
    expect(wrong.code).toBe(1);
    const appBlock = block(wrong.output, 'Endereço público (APP_URL)');
    expect(appBlock).toContain('✘ [falha]');
    expect(appBlock).toMatch(/Não foi possível acessar http:\/\/127\.0\.0\.1:\d+\/healthz \(ECONNREFUSED\)/);
    expect(appBlock).toContain('Como corrigir: Defina APP_URL com o endereço público da Pauta');
    expect(wrong.output).toContain('1 falha');

    const right = await runDoctor({ APP_URL: appUrl });
    expect(right.output).not.toContain('[falha]');
    expect(right.code).toBe(0);
    expect(block(right.output, 'Endereço público (APP_URL)')).toContain('✔ [ok]');
    expect(block(right.output, 'Email (SMTP)')).toContain('respondeu ao EHLO');
    expect(block(right.output, 'Credenciais — X (Twitter)')).toContain('modo Sandbox');
    expect(block(right.output, 'URLs de retorno OAuth — LinkedIn')).toContain(
      `${appUrl}/auth/callback e ${appUrl}/auth/callback?connection=true`,
    );
    expect(block(right.output, 'Credenciais — Threads')).toContain('modo Sandbox');
    expect(block(right.output, 'URLs de retorno OAuth — Threads')).toContain(
      `${appUrl}/auth/callback?connection=true`,
    );
    expect(right.output).toContain('Tudo certo');
    // Never a secret: the test key and the sandbox's client secrets stay out of the report.
    expect(right.output).not.toContain(TEST_KEYS.slice(3));
    expect(right.output).not.toContain('sandbox-x-secret');
    expect(right.output).not.toContain('sandbox-threads-secret');
  }, 120_000);

  it('says which network refused its credentials, without printing them', async () => {
    const result = await runDoctor({
      APP_URL: 'http://127.0.0.1:9',
      X_CLIENT_ID: 'id-errado',
      X_CLIENT_SECRET: 'segredo-errado-123',
    });
    expect(result.code).toBe(1);
    const x = block(result.output, 'Credenciais — X (Twitter)');
    expect(x).toContain('✘ [falha]');
    expect(x).toContain('recusou as credenciais (invalid_client)');
    expect(x).toContain('Como corrigir: Copie de novo X_CLIENT_ID e X_CLIENT_SECRET');
    expect(result.output).not.toContain('segredo-errado-123');
  }, 60_000);

  it('checks Threads credentials at graph.threads.net (a wrong secret: code 101)', async () => {
    const result = await runDoctor({
      APP_URL: 'http://127.0.0.1:9',
      THREADS_CLIENT_ID: 'sandbox-threads-client',
      THREADS_CLIENT_SECRET: 'segredo-errado-456',
    });
    const threads = block(result.output, 'Credenciais — Threads');
    expect(threads).toContain('✘ [falha]');
    expect(threads).toContain('recusou as credenciais (101)');
    expect(threads).toContain('Como corrigir: Copie de novo THREADS_CLIENT_ID e THREADS_CLIENT_SECRET');
    expect(result.output).not.toContain('segredo-errado-456');
  }, 60_000);

  it('checks the LinkedIn Pages app (its own credentials) and names its Community Management scopes', async () => {
    const result = await runDoctor({
      APP_URL: 'http://127.0.0.1:9',
      LINKEDIN_PAGES_CLIENT_ID: 'sandbox-linkedin-client',
      LINKEDIN_PAGES_CLIENT_SECRET: 'segredo-errado-789',
    });
    const pages = block(result.output, 'Credenciais — LinkedIn (Página)');
    expect(pages).toContain('✘ [falha]');
    expect(pages).toContain(
      'Como corrigir: Copie de novo LINKEDIN_PAGES_CLIENT_ID e LINKEDIN_PAGES_CLIENT_SECRET',
    );
    const redirect = block(result.output, 'URLs de retorno OAuth — LinkedIn (Página)');
    expect(redirect).toContain('http://127.0.0.1:9/auth/callback?connection=true');
    expect(redirect).toContain('w_organization_social r_organization_social rw_organization_admin');
    expect(result.output).not.toContain('segredo-errado-789');
  }, 60_000);

  it('checks the Pinterest app (HTTP Basic at /v5/oauth/token) and names its five scopes', async () => {
    const wrong = await runDoctor({
      APP_URL: 'http://127.0.0.1:9',
      PINTEREST_CLIENT_ID: 'sandbox-pinterest-client',
      PINTEREST_CLIENT_SECRET: 'segredo-errado-pin',
    });
    const credentials = block(wrong.output, 'Credenciais — Pinterest');
    expect(credentials).toContain('✘ [falha]');
    expect(credentials).toContain('recusou as credenciais (2)');
    expect(credentials).toContain(
      'Como corrigir: Copie de novo PINTEREST_CLIENT_ID e PINTEREST_CLIENT_SECRET',
    );
    const redirect = block(wrong.output, 'URLs de retorno OAuth — Pinterest');
    expect(redirect).toContain('http://127.0.0.1:9/auth/callback?connection=true');
    expect(redirect).toContain('boards:read boards:write pins:read pins:write user_accounts:read');
    expect(wrong.output).not.toContain('segredo-errado-pin');
    const sandboxed = block(
      (await runDoctor({ APP_URL: 'http://127.0.0.1:9' })).output,
      'Credenciais — Pinterest',
    );
    expect(sandboxed).toContain('✔');
    expect(sandboxed).toContain('modo Sandbox');
  }, 60_000);

  it('checks the TikTok app (client_key at /v2/oauth/token/), names its four scopes and the audit state', async () => {
    const wrong = await runDoctor({
      APP_URL: 'http://127.0.0.1:9',
      TIKTOK_CLIENT_KEY: 'sandbox-tiktok-client',
      TIKTOK_CLIENT_SECRET: 'segredo-errado-tt',
    });
    const credentials = block(wrong.output, 'Credenciais — TikTok');
    expect(credentials).toContain('✘ [falha]');
    expect(credentials).toContain('recusou as credenciais (invalid_client)');
    expect(credentials).toContain('Como corrigir: Copie de novo TIKTOK_CLIENT_KEY e TIKTOK_CLIENT_SECRET');
    const redirect = block(wrong.output, 'URLs de retorno OAuth — TikTok');
    expect(redirect).toContain('http://127.0.0.1:9/auth/callback?connection=true');
    expect(redirect).toContain('user.info.basic user.info.stats video.publish video.list');
    expect(redirect).toContain('Auditoria: NÃO FEITA (TIKTOK_APP_AUDITED=0)');
    expect(redirect).toContain('todo vídeo é publicado como privado');
    expect(wrong.output).not.toContain('segredo-errado-tt');
    const audited = await runDoctor({ APP_URL: 'http://127.0.0.1:9', TIKTOK_APP_AUDITED: '1' });
    expect(block(audited.output, 'URLs de retorno OAuth — TikTok')).toContain(
      'TIKTOK_APP_AUDITED=1: a auditoria do TikTok foi feita',
    );
    const sandboxed = block(audited.output, 'Credenciais — TikTok');
    expect(sandboxed).toContain('✔');
    expect(sandboxed).toContain('modo Sandbox');
  }, 60_000);

  it('checks Google Business Profile on the Google sign-in client, names business.manage and the API access application', async () => {
    const result = await runDoctor({
      APP_URL: 'http://127.0.0.1:9',
      GOOGLE_CLIENT_ID: 'sandbox-google-client',
      GOOGLE_CLIENT_SECRET: 'segredo-errado-gbp',
    });
    const credentials = block(result.output, 'Credenciais — Google Meu Negócio');
    expect(credentials).toContain('✘ [falha]');
    expect(credentials).toContain('Como corrigir: Copie de novo GOOGLE_CLIENT_ID e GOOGLE_CLIENT_SECRET');
    const redirect = block(result.output, 'URLs de retorno OAuth — Google Meu Negócio');
    expect(redirect).toContain('http://127.0.0.1:9/auth/callback?connection=true');
    expect(redirect).toContain('https://www.googleapis.com/auth/business.manage');
    expect(redirect).toContain('Application for Basic API Access');
    expect(redirect).toContain('a cota é 0');
    // Sign-in's client keeps asking only OpenID scopes.
    expect(block(result.output, 'URLs de retorno OAuth — Google')).not.toContain('business.manage');
    expect(result.output).not.toContain('segredo-errado-gbp');
  }, 60_000);

  it('checks YouTube on the Google sign-in client, names its two scopes, the daily quota and the private lock', async () => {
    const result = await runDoctor({
      APP_URL: 'http://127.0.0.1:9',
      GOOGLE_CLIENT_ID: 'sandbox-google-client',
      GOOGLE_CLIENT_SECRET: 'segredo-errado-yt',
    });
    const credentials = block(result.output, 'Credenciais — YouTube');
    expect(credentials).toContain('✘ [falha]');
    expect(credentials).toContain('Como corrigir: Copie de novo GOOGLE_CLIENT_ID e GOOGLE_CLIENT_SECRET');
    const redirect = block(result.output, 'URLs de retorno OAuth — YouTube');
    expect(redirect).toContain('http://127.0.0.1:9/auth/callback?connection=true');
    expect(redirect).toContain(
      'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly',
    );
    expect(redirect).toContain('YouTube Data API v3');
    expect(redirect).toContain('1.600');
    expect(redirect).toContain('fica travado como privado');
    // Sign-in's client keeps asking only OpenID scopes.
    expect(block(result.output, 'URLs de retorno OAuth — Google')).not.toContain('youtube.upload');
    expect(result.output).not.toContain('segredo-errado-yt');
    const sandboxed = block(
      (await runDoctor({ APP_URL: 'http://127.0.0.1:9' })).output,
      'Credenciais — YouTube',
    );
    expect(sandboxed).toContain('✔');
    expect(sandboxed).toContain('modo Sandbox');
  }, 60_000);

  it('says Mastodon needs no credentials and shows the redirect URI Pauta registers at each instance', async () => {
    const result = await runDoctor({ APP_URL: 'http://127.0.0.1:9' });
    const credentials = block(result.output, 'Credenciais — Mastodon');
    expect(credentials).toContain('✔ [ok]');
    expect(credentials).toContain('Sem credenciais a configurar');
    const redirect = block(result.output, 'URLs de retorno OAuth — Mastodon');
    expect(redirect).toContain('Nada a cadastrar');
    expect(redirect).toContain('http://127.0.0.1:9/auth/callback?connection=true');
    expect(redirect).toContain('read write:statuses write:media');
  }, 60_000);

  it('checks that Bluesky’s default server answers (no credentials: app passwords), and says which variable moves it', async () => {
    const sandboxed = block(
      (await runDoctor({ APP_URL: 'http://127.0.0.1:9' })).output,
      'Servidor — Bluesky',
    );
    expect(sandboxed).toContain('✔');
    expect(sandboxed).toContain('https://bsky.social respondeu (modo Sandbox');
    expect(sandboxed).toContain('não há credenciais de app nem URL de retorno');
    // A server the sandbox does not imitate answers 404 to describeServer: not an AT Protocol server.
    const elsewhere = await runDoctor({
      APP_URL: 'http://127.0.0.1:9',
      BLUESKY_DEFAULT_SERVICE: 'https://pds.invalido.example',
    });
    const wrong = block(elsewhere.output, 'Servidor — Bluesky');
    expect(wrong).toContain('! [aviso]');
    expect(wrong).toContain('https://pds.invalido.example');
    expect(wrong).toContain('defina BLUESKY_DEFAULT_SERVICE');
  }, 60_000);
});

describe('Redis checks', () => {
  let redis: ChildProcess | undefined;
  let dir = '';
  afterAll(() => {
    if (redis?.exitCode === null) redis.kill('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('flags allkeys-lru (fail, with the fix) and reads AOF persistence', async () => {
    const port = await freePort();
    dir = mkdtempSync(path.join(tmpdir(), 'pauta-doctor-redis-'));
    redis = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'yes',
        '--dir',
        dir,
        '--maxmemory-policy',
        'allkeys-lru',
      ],
      { stdio: 'ignore' },
    );
    const redisUrl = `redis://127.0.0.1:${port}`;
    const env = testDeps(handle).env;
    let results: CheckResult[] = [];
    await waitFor(
      async () => {
        results = await runDoctorChecks({ env, db: handle.db, redisUrl, timeoutMs: 1000 });
        return results.some((r) => r.id === 'redis-eviction');
      },
      { timeoutMs: 20_000, label: 'redis-server de teste' },
    );
    const eviction = results.find((r) => r.id === 'redis-eviction')!;
    expect(eviction.status).toBe('fail');
    expect(eviction.detail).toContain('allkeys-lru');
    expect(eviction.fix).toContain('maxmemory-policy noeviction');
    expect(results.find((r) => r.id === 'redis-persistence')).toMatchObject({ status: 'ok' });
    expect(results.find((r) => r.id === 'clock-redis')?.status).toBe('ok');

    // And the shared server (noeviction) passes, without a change to its configuration.
    const shared = await runDoctorChecks({
      env,
      db: handle.db,
      redisUrl: inject('redisUrl'),
      timeoutMs: 2000,
    });
    expect(shared.find((r) => r.id === 'redis-eviction')?.status).toBe('ok');
  }, 60_000);

  it('fails when Redis cannot be reached, naming host and port only', async () => {
    const env = testDeps(handle).env;
    const port = await freePort();
    const results = await runDoctorChecks({
      env,
      db: handle.db,
      redisUrl: `redis://:senha-secreta@127.0.0.1:${port}`,
      timeoutMs: 1000,
    });
    const redis = results.find((r) => r.id === 'redis')!;
    expect(redis.status).toBe('fail');
    expect(redis.detail).toContain(`127.0.0.1:${port}`);
    expect(JSON.stringify(results)).not.toContain('senha-secreta');
  });
});

describe('admin.doctor.run', () => {
  it("compares APP_URL with the browser's origin and flags Secure cookies on http", async () => {
    installSandboxFetch(sandbox.url);
    const deps = testDeps(handle, { redisUrl: inject('redisUrl') }, { APP_URL: 'https://pauta.exemplo.com' });
    const server = await listen(deps);
    try {
      const admin = await createUser(handle.db, { email: uniqueEmail('doctor-admin'), passwordHash: null });
      await handle.db.insertInto('user_roles').values({ user_id: admin.id, role: 'admin' }).execute();
      const { token } = await createSession(handle.db, admin.id, { persistent: false });
      const browser = new TestClient(server.url, 'https://pauta.exemplo.com');
      browser.jar.set('__Host-pauta_session', token);

      const same = await browser.query<CheckResult[]>('admin.doctor.run', {
        origin: 'https://pauta.exemplo.com',
      });
      expect(same.status).toBe(200);
      expect(same.data?.find((r) => r.id === 'app-url')?.status).toBe('ok');
      expect(same.data?.find((r) => r.id === 'cookies')?.status).toBe('ok');
      expect(same.data?.find((r) => r.id === 'oauth-redirect-x')?.copy).toEqual([
        'https://pauta.exemplo.com/auth/callback?connection=true',
      ]);

      const other = await browser.query<CheckResult[]>('admin.doctor.run', {
        origin: 'http://192.168.0.10:3000',
      });
      const appUrl = other.data?.find((r) => r.id === 'app-url');
      expect(appUrl?.status).toBe('fail');
      expect(appUrl?.fix).toContain('Defina APP_URL=http://192.168.0.10:3000');
      const cookies = other.data?.find((r) => r.id === 'cookies');
      expect(cookies?.status).toBe('fail');
      expect(cookies?.detail).toContain('login volta sempre');

      const bad = await browser.query('admin.doctor.run', { origin: 'javascript:alert(1)' });
      expect(bad.status).toBe(400);
    } finally {
      await server.close();
      uninstallSandboxFetch();
    }
  }, 60_000);
});
