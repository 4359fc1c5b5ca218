// `npm run bench:auth`: sign-in latency over HTTP (p50/p95 of 100 sign-ins) with the production
// argon2id cost (m=19 MiB, t=2, p=1), next to the bare argon2 verify time on this machine.
import type { Server } from 'node:http';
import { verify } from '@node-rs/argon2';
import { createUser, parseKeyring } from '@pauta/db';
import { createApp } from '@pauta/server';
import { ARGON2_OPTIONS, hashPassword } from '../../server/src/auth/password.js';
import { createRoleService } from '../../server/src/auth/roles.js';
import { loadServerEnv } from '../../server/src/env.js';
import { createLogger } from '../../server/src/logger.js';
import { createQueueGateway } from '../../server/src/queue/queue-gateway.js';
import { benchEnv } from '../env.js';
import { benchDatabase, ms, summary } from './common.js';

const RUNS = benchEnv.runs();
const keys = `b1:${Buffer.alloc(32, 3).toString('base64')}`;
const bench = await benchDatabase('pauta_bench_auth');
try {
  const env = {
    ...loadServerEnv({ NODE_ENV: 'test', APP_URL: 'http://bench.test', TOKEN_ENCRYPTION_KEYS: keys }),
    keyring: parseKeyring(keys),
  };
  const logger = createLogger({ level: 'silent', pretty: false });
  const app = createApp({
    db: bench.handle.db,
    env,
    logger,
    queue: createQueueGateway({ redisUrl: null, prefix: 'bench', logger }),
    roles: createRoleService(bench.handle.db, logger),
    drafts: { generate: async () => ({ posts: [], source: 'templates' }) },
    sandbox: false,
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const password = 'uma senha longa de benchmark';
  const hash = await hashPassword(password);
  await createUser(bench.handle.db, { email: 'bench@pauta.dev', passwordHash: hash });

  const verifyTimes: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await verify(hash, password);
    verifyTimes.push(performance.now() - t);
  }
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/trpc/auth.signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ json: { email: 'bench@pauta.dev', password, rememberMe: true } }),
    });
    await res.arrayBuffer();
    times.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`sign-in ${i} answered ${res.status}`);
  }
  const s = summary(times);
  const v = summary(verifyTimes);
  process.stdout.write(
    [
      `argon2id m=${ARGON2_OPTIONS.memoryCost} KiB, t=${ARGON2_OPTIONS.timeCost}, p=${ARGON2_OPTIONS.parallelism}`,
      `bare argon2 verify: p50 ${ms(v.p50)}, p95 ${ms(v.p95)}`,
      `sign-in over HTTP (${RUNS} runs): p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, max ${ms(s.max)}`,
      `overhead beyond the hash (p50): ${ms(s.p50 - v.p50)}`,
      '',
    ].join('\n'),
  );
  server.close();
} finally {
  await bench.drop();
}
