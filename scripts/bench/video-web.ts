// The web process of bench:video (scripts/bench/video.ts): a real web (startWeb, local media
// storage, NODE_ENV=production) on a database of its own, with one person, a theme and an X post.
// It samples its own resident memory every 20 ms and answers the peak over IPC ("peak"), so the
// parent measures this process alone while it sends the video.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateKeyringValue } from '../../db/src/crypto.js';
import { createUser } from '../../db/src/repositories/users.repository.js';
import { createSession } from '../../server/src/auth/session.js';
import { loadServerEnv } from '../../server/src/env.js';
import { createLogger } from '../../server/src/logger.js';
import { startWeb } from '../../server/src/web.js';
import { benchEnv } from '../env.js';
import { benchDatabase } from './common.js';

const REDIS_URL = benchEnv.redisUrl();
// The port comes from the parent, as the first argument.
const port = Number(process.argv[2]);
const baseUrl = `http://127.0.0.1:${port}`;
const bench = await benchDatabase('pauta_bench_video');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pauta-bench-video-'));
const env = loadServerEnv({
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  APP_URL: baseUrl,
  DATABASE_URL: bench.url,
  REDIS_URL,
  REDIS_PREFIX: `pauta-bench-video-${Date.now().toString(36)}`,
  TOKEN_ENCRYPTION_KEYS: generateKeyringValue('bench1'),
  PAUTA_DATA_DIR: dataDir,
  LOG_LEVEL: 'error',
});
const web = await startWeb({
  env,
  logger: createLogger({ level: 'error', pretty: false }),
  redisUrl: REDIS_URL,
  sandbox: false,
});
const db = bench.handle.db;
const user = await createUser(db, { email: 'bench-video@bench.pauta.dev', passwordHash: null });
const { token } = await createSession(db, user.id, { persistent: false });
const theme = await db
  .insertInto('themes')
  .values({
    user_id: user.id,
    name: 'Vídeos',
    description: 'd',
    social_networks: ['x'],
    color_palette: 'green',
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const post = await db
  .insertInto('suggested_posts')
  .values({
    theme_id: theme.id,
    user_id: user.id,
    title: 'Vídeo',
    content: 'Texto',
    platform: 'x',
    scheduled_for: new Date(Date.now() + 86_400_000),
    status: 'scheduled',
  })
  .returning('id')
  .executeTakeFirstOrThrow();

let peak = process.memoryUsage().rss;
setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20).unref();
process.on('message', async (message: string) => {
  if (message === 'reset') {
    global.gc?.();
    peak = process.memoryUsage().rss;
    process.send?.({ rss: peak });
  } else if (message === 'peak') process.send?.({ peak });
  else if (message === 'stop') {
    await web.close();
    await bench.drop();
    process.exit(0);
  }
});
process.send?.({ ready: true, baseUrl, cookie: `pauta_session=${token}`, postId: post.id });
