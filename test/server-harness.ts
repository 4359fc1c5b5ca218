// Builds the web app for integration tests: real PostgreSQL, an optional real Redis, port 0.
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DbHandle } from '../db/src/index.js';
import {
  createLocalMediaStorage,
  createUser,
  deriveMediaSigningKey,
  parseKeyring,
  webMediaUrl,
} from '../db/src/index.js';
import { aiConfigFromEnv, createAiClient, createDraftGenerator } from '../server/src/ai/index.js';
import { createApp } from '../server/src/app.js';
import { createRoleService } from '../server/src/auth/roles.js';
import { createSession } from '../server/src/auth/session.js';
import type { AppDeps } from '../server/src/deps.js';
import { loadServerEnv } from '../server/src/env.js';
import { createLogger } from '../server/src/logger.js';
import { createQueueGateway } from '../server/src/queue/queue-gateway.js';
import { testRedisPrefix, uniqueEmail } from './harness.js';
import { TestClient } from './http-client.js';

/** One temporary media folder per test process. */
let mediaDir: string | undefined;

export const TEST_KEYS = `t1:${Buffer.alloc(32, 7).toString('base64')}`;

export function testDeps(
  handle: DbHandle,
  overrides: Partial<AppDeps> = {},
  envOverrides: Record<string, string> = {},
): AppDeps {
  const env = loadServerEnv({
    NODE_ENV: 'test',
    APP_URL: 'http://pauta.test',
    TOKEN_ENCRYPTION_KEYS: TEST_KEYS,
    REDIS_PREFIX: testRedisPrefix(),
    ...envOverrides,
  });
  const logger = createLogger({ level: 'silent', pretty: false });
  return {
    db: handle.db,
    env: { ...env, keyring: parseKeyring(TEST_KEYS) },
    logger,
    queue: createQueueGateway({ redisUrl: null, prefix: testRedisPrefix(), logger }),
    roles: createRoleService(handle.db, logger),
    drafts: createDraftGenerator({ db: handle.db, logger, ai: createAiClient(aiConfigFromEnv(env), logger) }),
    sandbox: true,
    // Images on the local disk of a temporary folder (media tests swap in S3 or their own folder).
    media: (() => {
      const signingKey = deriveMediaSigningKey(parseKeyring(TEST_KEYS));
      mediaDir ??= mkdtempSync(path.join(tmpdir(), 'pauta-test-media-'));
      return {
        signingKey,
        storage: createLocalMediaStorage({ dir: mediaDir, appUrl: env.appUrl, signingKey }),
        publicUrl: (key: string, ttl: number) => webMediaUrl(env.appUrl, signingKey, key, ttl),
      };
    })(),
    ...overrides,
  };
}

export async function listen(deps: AppDeps): Promise<{ url: string; close(): Promise<void> }> {
  const app = createApp(deps);
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A new user with a session, and a TestClient that carries its cookie. */
export async function signedInUser(
  handle: DbHandle,
  appUrl: string,
  options: { label: string; timezone?: string },
) {
  const user = await createUser(handle.db, {
    email: uniqueEmail(options.label),
    passwordHash: null,
    timezone: options.timezone ?? 'America/Sao_Paulo',
  });
  const { token } = await createSession(handle.db, user.id, { persistent: false });
  const client = new TestClient(appUrl);
  client.jar.set('pauta_session', token);
  return { id: user.id, browser: client };
}

/** A theme row for `userId` on LinkedIn and X. */
export async function insertTestTheme(handle: DbHandle, userId: string, name = 'Tema') {
  return handle.db
    .insertInto('themes')
    .values({
      user_id: userId,
      name,
      description: 'Descrição',
      social_networks: ['linkedin', 'x'],
      color_palette: 'green',
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}
