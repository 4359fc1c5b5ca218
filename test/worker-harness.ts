// Worker tests: accounts connected through the sandbox's real OAuth flow, posts seeded due at a
// given time, and the worker run as a child process that tests can SIGKILL or SIGTERM.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { inject } from 'vitest';
import type { Platform } from '../core/src/index.js';
import { type DbHandle, insertTheme, type Keyring, upsertAccount } from '../db/src/index.js';
import {
  createNetworkFetch,
  type FacebookOAuthProvider,
  instanceClient,
  networkDescriptor,
  oauthCallbackUrl,
  oauthClient,
  scopesFor,
  sessionClient,
} from '../networks/src/index.js';
import { testDatabaseUrl } from './harness.js';
import { TEST_KEYS } from './server-harness.js';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Connects `platform` for `userId` by running the real authorization-code flow against the sandbox. */
export async function connectThroughSandbox(
  handle: DbHandle,
  keyring: Keyring,
  options: {
    sandboxUrl: string;
    userId: string;
    /** The workspace it is connected in; absent: the person's personal one. */
    workspaceId?: string;
    platform: Extract<
      Platform,
      | 'linkedin'
      | 'facebook'
      | 'x'
      | 'threads'
      | 'linkedin_page'
      | 'mastodon'
      | 'bluesky'
      | 'pinterest'
      | 'google_business'
    >;
    sandboxUser?: string;
  },
) {
  const name = options.platform;
  if (name === 'bluesky') {
    // Bluesky connects with an app password (its connect form), not an authorization code.
    const client = sessionClient('bluesky', { env: { SOCIAL_SANDBOX_URL: options.sandboxUrl } })!;
    const account = await client.login({
      identifier: 'anasouza.bsky.social',
      password: 'abcd-efgh-ijkl-mnop',
    });
    return upsertAccount(handle.db, keyring, {
      userId: options.userId,
      ...(options.workspaceId ? { workspaceId: options.workspaceId } : {}),
      platform: name,
      platformUserId: account.platformUserId,
      platformUsername: account.platformUsername,
      accountData: { provider: name },
      accessToken: account.accessToken,
      refreshToken: account.refreshToken,
      accessTokenExpiresAt: account.accessTokenExpiresAt,
    });
  }
  const runtime = { env: { SOCIAL_SANDBOX_URL: options.sandboxUrl }, appUrl: 'http://localhost:3000' };
  const steps = networkDescriptor(name).connectSteps.instance;
  // A network of many servers (Mastodon): Pauta's app registered at the sandbox's mastodon.social first.
  const provider = steps
    ? await (async () => {
        const host = 'mastodon.social';
        const prepared = await steps.prepare(host, {
          registered: null,
          redirectUri: oauthCallbackUrl(runtime.appUrl, 'connect'),
          appName: 'Pauta',
          website: null,
          fetch: createNetworkFetch(options.sandboxUrl),
        });
        return instanceClient(name, runtime, { host, pkce: prepared.pkce, ...prepared.registered! })!;
      })()
    : oauthClient(name, 'connect', runtime)!;
  const state = randomUUID();
  const codeVerifier = 'v'.repeat(20) + randomUUID().replaceAll('-', '');
  const url = provider.createAuthorizationURL({
    state,
    codeVerifier,
    scopes: scopesFor(name, 'connect') ?? [],
  });
  if (options.sandboxUser) url.searchParams.set('sandbox_user', options.sandboxUser);
  const consent = await fetch(url, { redirect: 'manual' });
  const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
  const tokens = await provider.validateAuthorizationCode(code, provider.usesPkce ? codeVerifier : undefined);
  let platformUserId: string;
  let accessToken = tokens.accessToken;
  let username: string | null;
  if (
    options.platform === 'linkedin_page' ||
    options.platform === 'pinterest' ||
    options.platform === 'google_business'
  ) {
    // The picker (organisations, boards, locations): the first Page the member administers, the
    // first board, the first verified location the person manages.
    const steps = networkDescriptor(options.platform).connectSteps;
    const outcome = await steps.complete(provider, tokens, tokens.scopes);
    const account =
      outcome.kind === 'connected'
        ? outcome.account
        : (await steps.picker!.choose(provider, {
            userToken: outcome.userToken,
            choiceId: outcome.choices[0]!.id,
            profile: outcome.profile,
          }))!;
    platformUserId = account.platformUserId;
    username = account.pageName;
  } else if (options.platform === 'facebook') {
    const fb = provider as FacebookOAuthProvider;
    const page = (await fb.fetchPages(tokens.accessToken))[0]!;
    platformUserId = page.id;
    accessToken = page.accessToken;
    username = page.name;
  } else {
    const info = await provider.fetchUserInfo(tokens.accessToken);
    platformUserId = info.providerUserId;
    username = info.username ?? info.name;
  }
  return upsertAccount(handle.db, keyring, {
    userId: options.userId,
    ...(options.workspaceId ? { workspaceId: options.workspaceId } : {}),
    platform: options.platform,
    platformUserId,
    platformUsername: username,
    accountData: { provider: name },
    accessToken,
    refreshToken: options.platform === 'facebook' ? null : tokens.refreshToken,
    accessTokenExpiresAt: options.platform === 'facebook' ? null : tokens.accessTokenExpiresAt,
  });
}

export async function seedTheme(handle: DbHandle, userId: string, networks: Platform[]) {
  return insertTheme(handle.db, userId, {
    name: 'Tema de teste',
    description: 'Posts de teste do worker',
    toneOfVoice: ['professional'],
    avoidTopics: [],
    socialNetworks: networks,
    frequency: 'daily',
    colorPalette: 'blue',
  });
}

export async function seedPosts(
  handle: DbHandle,
  options: {
    userId: string;
    themeId: string;
    platform: Platform;
    count: number;
    scheduledFor: Date;
    text?: (i: number) => string;
  },
) {
  return handle.db
    .insertInto('suggested_posts')
    .values(
      Array.from({ length: options.count }, (_, i) => ({
        theme_id: options.themeId,
        user_id: options.userId,
        title: `Post ${i + 1}`,
        content: options.text?.(i) ?? `Conteúdo de teste número ${i + 1} — ${randomUUID().slice(0, 8)}`,
        platform: options.platform,
        post_order: i + 1,
        scheduled_for: options.scheduledFor,
      })),
    )
    .returning(['id', 'version', 'scheduled_for', 'platform'])
    .execute();
}

export interface WorkerProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
}

/** Starts `npm run start:worker`'s entry point as a child process against the run's database. */
export function spawnWorker(options: {
  sandboxUrl: string;
  redisPrefix: string;
  env?: Record<string, string>;
  /** Another database than the run's (an isolatedDb()). */
  databaseUrl?: string;
}): WorkerProcess {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'worker/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: options.databaseUrl ?? testDatabaseUrl(),
      REDIS_URL: inject('redisUrl'),
      REDIS_PREFIX: options.redisPrefix,
      TOKEN_ENCRYPTION_KEYS: TEST_KEYS,
      SOCIAL_SANDBOX_URL: options.sandboxUrl,
      APP_URL: 'http://localhost:3000',
      LOG_LEVEL: 'info',
      RECONCILE_INTERVAL_MS: '1000',
      // Short enough for crash tests, long enough (≥ 2 × NETWORK_TIMEOUT_MS + 1 s, checked at
      // boot) for a slow but healthy 2.5 s network call.
      STALE_CLAIM_MS: '8000',
      NETWORK_TIMEOUT_MS: '3000',
      PUBLISH_RETRY_BASE_MS: '200',
      PUBLISH_RETRY_MAX_MS: '2000',
      PUBLISH_RATE_LIMIT: '1000/1000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited, kill: (signal) => child.kill(signal) };
}

export async function waitFor<T>(
  fn: () => Promise<T | undefined | null | false>,
  options: { timeoutMs: number; label: string },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timeout: ${options.label}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
