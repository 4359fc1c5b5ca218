// docs/security.md S2 / O6 / O7 (secret canaries): the main flows run with sentinel secrets (the
// sandbox issues SENTINEL_* access and refresh tokens; the password is SENTINEL-password-…), then
// the web app's logs (pino at trace), the worker's output (LOG_LEVEL=trace), every Redis key and
// value under the run's prefix, every text/json/bytea/array column of every table of an isolated
// database, and every API response body and header are searched: zero hits expected.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { installSandboxFetch, uninstallSandboxFetch } from '@pauta/networks';
import { type SandboxHandle, startSandbox } from '@pauta/networks/sandbox';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REDACT_PATHS } from '../../core/src/config/log-redact.js';
import { readAccountTokens } from '../../db/src/index.js';
import { aiConfigFromEnv, createAiClient, createDraftGenerator } from '../../server/src/ai/index.js';
import { createRoleService } from '../../server/src/auth/roles.js';
import type { AppDeps } from '../../server/src/deps.js';
import { createQueueGateway } from '../../server/src/queue/queue-gateway.js';
import { isolatedDb, testRedisPrefix, uniqueEmail } from '../harness.js';
import { TestClient } from '../http-client.js';
import { listen, testDeps } from '../server-harness.js';
import { spawnWorker, type WorkerProcess, waitFor } from '../worker-harness.js';

const NEEDLE = 'SENTINEL';
const PASSWORD = `${NEEDLE}-password-${randomUUID()}`;

let iso: Awaited<ReturnType<typeof isolatedDb>>;
let sandbox: SandboxHandle;
let deps: AppDeps;
let app: { url: string; close(): Promise<void> };
let worker: WorkerProcess | null = null;
const prefix = `${testRedisPrefix()}-canary`;
const webLog: string[] = [];
const responses: { where: string; text: string }[] = [];

/** A browser whose every API response (status line, headers, body) is kept for the search. */
class RecordingClient extends TestClient {
  override async request(path: string, init: RequestInit = {}): Promise<Response> {
    const res = await super.request(path, init);
    const headers = [...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n');
    responses.push({
      where: `${init.method ?? 'GET'} ${path.split('?')[0]} → ${res.status}`,
      text: `${headers}\n\n${await res.clone().text()}`,
    });
    return res;
  }
}

beforeAll(async () => {
  iso = await isolatedDb();
  sandbox = await startSandbox({ allowedRedirectOrigins: ['http://pauta.test'], tokenPrefix: NEEDLE });
  installSandboxFetch(sandbox.url);
  // The web app's logger as server/src/logger.ts builds it (same redact paths), at trace level,
  // writing to memory instead of stdout.
  const logger = pino(
    { name: 'pauta-web', level: 'trace', redact: { paths: [...REDACT_PATHS], censor: '[redacted]' } },
    new Writable({
      write(chunk, _encoding, done) {
        webLog.push(String(chunk));
        done();
      },
    }),
  );
  const base = testDeps(iso.handle, {}, { SOCIAL_SANDBOX_URL: sandbox.url, REDIS_PREFIX: prefix });
  const queue = createQueueGateway({ redisUrl: inject('redisUrl'), prefix, logger });
  deps = {
    ...base,
    logger,
    queue,
    roles: createRoleService(iso.handle.db, logger),
    drafts: createDraftGenerator({
      db: iso.handle.db,
      logger,
      ai: createAiClient(aiConfigFromEnv(base.env), logger),
    }),
  };
  app = await listen(deps);
  await waitFor(async () => queue.isAvailable(), { timeoutMs: 10_000, label: 'Redis da fila' });
}, 60_000);

afterAll(async () => {
  if (worker && worker.child.exitCode === null) {
    worker.kill('SIGKILL');
    await worker.exited;
  }
  await app?.close();
  await deps?.queue.close();
  await sandbox?.close();
  uninstallSandboxFetch();
  const redis = new Redis(inject('redisUrl'));
  for (const key of await scanKeys(redis)) await redis.del(key);
  redis.disconnect();
  await iso?.drop();
});

async function scanKeys(redis: Redis): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== '0');
  return keys;
}

/** Start → sandbox consent → our callback; returns the code and state the callback page posts. */
async function authorize(client: TestClient, provider: string, purpose: 'signin' | 'connect', user?: string) {
  const start = await client.request(`/auth/oauth/${provider}/start?purpose=${purpose}`);
  expect(start.status).toBe(303);
  const location = new URL(start.headers.get('location')!);
  if (user) location.searchParams.set('sandbox_user', user);
  const consent = await fetch(location, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

async function connect(client: TestClient, platform: 'linkedin' | 'x' | 'facebook' | 'instagram') {
  const { code, state } = await authorize(client, platform, 'connect');
  const done = await client.mutate<{ redirectTo: string }>('auth.completeOAuth', { code, state });
  expect(done.error, `${platform}: ${JSON.stringify(done.error)}`).toBeUndefined();
  const pendingId = /pickPage=([0-9a-f-]{36})/.exec(done.data!.redirectTo)?.[1];
  if (pendingId) {
    const pages = await client.query<{ pages: { id: string }[] }>('accounts.pendingPages', { pendingId });
    const picked = await client.mutate('accounts.selectFacebookPage', {
      pendingId,
      pageId: pages.data!.pages[0]!.id,
    });
    expect(picked.error).toBeUndefined();
  }
}

interface Post {
  id: string;
  platform: string;
  status: string;
}

describe('secret canaries', () => {
  it('runs the main flows with sentinel secrets, then finds no sentinel anywhere', {
    timeout: 120_000,
  }, async () => {
    const db = iso.handle.db;
    // 1. Email + password: sign up, a wrong password, sign out, sign in.
    const email = uniqueEmail('canario');
    const client = new RecordingClient(app.url);
    expect(
      (await client.mutate('auth.signUp', { email, password: PASSWORD, firstName: 'Canário' })).error,
    ).toBeUndefined();
    expect(
      (await client.mutate('auth.signIn', { email, password: PASSWORD, rememberMe: false })).error,
    ).toBeUndefined();
    expect((await client.mutate('auth.signOut')).status).toBe(200);
    const wrong = await new RecordingClient(app.url).mutate('auth.signIn', {
      email,
      password: `${PASSWORD}-errada`,
    });
    expect(wrong.error?.message).toBe('INVALID_CREDENTIALS');
    expect(
      (await client.mutate('auth.signIn', { email, password: PASSWORD, rememberMe: true })).error,
    ).toBeUndefined();
    expect((await client.mutate('auth.requestPasswordReset', { email })).status).toBe(200);

    // 2. Social sign-in with Google (PKCE) through the sandbox.
    const sub = `canary-${randomUUID().slice(0, 8)}`;
    sandbox.setUser(sub, {
      sub,
      email: `${sub}@example.com`,
      email_verified: true,
      given_name: 'Gui',
      name: 'Gui',
    });
    const google = new RecordingClient(app.url);
    const g = await authorize(google, 'google', 'signin', sub);
    expect((await google.mutate('auth.completeOAuth', g)).data).toEqual({ redirectTo: '/' });
    expect((await google.query<{ user: unknown }>('auth.session')).data?.user).not.toBeNull();

    // 3. Connect LinkedIn, X, Facebook and Instagram through the real connect flow.
    for (const platform of ['linkedin', 'x', 'facebook', 'instagram'] as const)
      await connect(client, platform);
    const accounts = await client.query<{ platform: string; status: string }[]>('accounts.list');
    expect(
      accounts.data
        ?.filter((a) => a.status === 'connected')
        .map((a) => a.platform)
        .sort(),
    ).toEqual(['facebook', 'instagram', 'linkedin', 'x']);

    // 4. A theme (15 drafts scheduled), then one post per network due in 2 s.
    const theme = await client.mutate<{ theme: { id: string } }>('themes.create', {
      name: 'Canário',
      description: 'Tema do teste de segredos',
      toneOfVoice: ['informative'],
      avoidTopics: [],
      socialNetworks: ['linkedin', 'x', 'facebook'],
      frequency: 'daily',
      colorPalette: 'green',
    });
    expect(theme.error).toBeUndefined();
    const list = await client.query<{ items: Post[] }>('posts.list', {
      themeId: theme.data!.theme.id,
      limit: 100,
    });
    const due = new Date(Date.now() + 2000);
    const chosen: Post[] = [];
    for (const platform of ['linkedin', 'x', 'facebook']) {
      const post = list.data?.items.find((p) => p.platform === platform);
      expect(post, `a ${platform} post`).toBeTruthy();
      expect(
        (await client.mutate('posts.reschedule', { id: post!.id, scheduledFor: due })).error,
      ).toBeUndefined();
      chosen.push(post!);
    }
    // 5. X's token expires in a minute: the worker refreshes it (new SENTINEL tokens) before publishing.
    await db
      .updateTable('connected_accounts')
      .set({ access_token_expires_at: new Date(Date.now() + 60_000) })
      .where('platform', '=', 'x')
      .execute();
    // 6. LinkedIn refuses the post: a failed publish with its error stored and logged.
    sandbox.addFault({
      host: 'api.linkedin.com',
      pathPrefix: '/rest/posts',
      method: 'POST',
      status: 400,
      times: 10,
    });

    worker = spawnWorker({
      sandboxUrl: sandbox.url,
      redisPrefix: prefix,
      env: { DATABASE_URL: iso.url, LOG_LEVEL: 'trace' },
    });
    const final = await waitFor(
      async () => {
        const rows = await db
          .selectFrom('suggested_posts')
          .select(['id', 'platform', 'status'])
          .where(
            'id',
            'in',
            chosen.map((p) => p.id),
          )
          .execute();
        return rows.every((r) => ['published', 'failed', 'needs_attention'].includes(r.status)) ? rows : null;
      },
      { timeoutMs: 60_000, label: 'posts publicados ou com falha' },
    );
    const statusOf = (platform: string) => final.find((r) => r.platform === platform)?.status;
    expect(statusOf('x')).toBe('published');
    expect(statusOf('facebook')).toBe('published');
    expect(statusOf('linkedin')).toBe('failed');
    expect(
      sandbox.requests({ host: 'api.twitter.com', pathPrefix: '/2/oauth2/token' }).length,
    ).toBeGreaterThan(0);

    // Read every screen's data once more, so their responses are searched too.
    for (const [procedure, input] of [
      ['auth.session', undefined],
      ['accounts.list', undefined],
      ['themes.list', undefined],
      ['posts.list', { limit: 100 }],
      ['published.list', {}],
      ['dashboard.summary', undefined],
      ['dashboard.charts', undefined],
    ] as const) {
      expect((await client.query(procedure, input)).status).toBe(200);
    }
    worker.kill('SIGTERM');
    await worker.exited;

    // --- The search ---
    const hits: string[] = [];
    const look = (where: string, text: string) => {
      const at = text.indexOf(NEEDLE);
      if (at >= 0) hits.push(`${where}: …${text.slice(Math.max(0, at - 80), at + 60)}…`);
    };
    expect(webLog.length).toBeGreaterThan(10);
    for (const [i, line] of webLog.entries()) look(`web log line ${i}`, line);
    const workerOutput = worker.output();
    if (process.env.SECURITY_VERBOSE) process.stdout.write(`${webLog.join('')}\n----\n${workerOutput}\n`);
    expect(workerOutput.length).toBeGreaterThan(100);
    for (const [i, line] of workerOutput.split('\n').entries()) look(`worker output line ${i}`, line);
    expect(responses.length).toBeGreaterThan(20);
    for (const r of responses) look(`API response ${r.where}`, r.text);

    const redis = new Redis(inject('redisUrl'));
    const keys = await scanKeys(redis);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      look(`Redis key name ${key}`, key);
      const type = await redis.type(key);
      let values: unknown;
      if (type === 'string') values = await redis.get(key);
      else if (type === 'hash') values = await redis.hgetall(key);
      else if (type === 'list') values = await redis.lrange(key, 0, -1);
      else if (type === 'zset') values = await redis.zrange(key, '0', '-1', 'WITHSCORES');
      else if (type === 'set') values = await redis.smembers(key);
      else if (type === 'stream') values = await redis.xrange(key, '-', '+');
      else values = `(type ${type})`;
      look(`Redis ${type} ${key}`, JSON.stringify(values));
    }
    redis.disconnect();

    const columns = await sql<{ table_name: string; column_name: string; data_type: string }>`
      SELECT c.table_name, c.column_name, c.data_type
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_name = c.table_name AND t.table_schema = c.table_schema
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
        AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea', 'ARRAY', 'USER-DEFINED')
      ORDER BY c.table_name, c.column_name`.execute(db);
    expect(columns.rows.length).toBeGreaterThan(30);
    for (const { table_name: table, column_name: column, data_type: type } of columns.rows) {
      const ref = sql.ref(column);
      const match =
        type === 'bytea'
          ? sql`position(convert_to(${NEEDLE}, 'UTF8') in ${ref}) > 0`
          : sql`${ref}::text ILIKE ${`%${NEEDLE}%`}`;
      const found = await sql<{
        value: string;
      }>`SELECT ${ref}::text AS value FROM ${sql.table(table)} WHERE ${match} LIMIT 3`.execute(db);
      for (const row of found.rows)
        look(`database ${table}.${column}`, row.value.replace(/sentinel/gi, NEEDLE));
    }
    // The flows did write what we searched: the sealed tokens are there, just not readable.
    const sealed = await db.selectFrom('connected_accounts').select('access_token').execute();
    expect(sealed.length).toBe(4);
    expect(sealed.every((r) => r.access_token.startsWith('v1:'))).toBe(true);
    // Positive control: the secrets really are sentinels (so a leak would have been found).
    const x = await db
      .selectFrom('connected_accounts')
      .select('id')
      .where('platform', '=', 'x')
      .executeTakeFirstOrThrow();
    const tokens = await readAccountTokens(db, deps.env.keyring, x.id);
    expect(tokens.accessToken.startsWith(`${NEEDLE}_`)).toBe(true);

    process.stdout.write(
      `\n[secret-canaries] searched ${webLog.length} web log lines, ${workerOutput.split('\n').length} worker lines, ` +
        `${keys.length} Redis keys, ${columns.rows.length} columns, ${responses.length} API responses: ${hits.length} hits\n`,
    );
    expect(hits).toEqual([]);
  });
});
