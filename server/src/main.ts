// `npm run start:web`: the web process alone, for deployments where web and worker run apart
// (then DATABASE_URL must point at PostgreSQL: PGlite serves a single process).
import { DEFAULT_REDIS_URL, EnvError } from '@pauta/core/config/env';
import { installSandboxFetch } from '@pauta/networks';
import { loadServerEnv } from './env.js';
import { createLogger } from './logger.js';
import { SchemaBehindError, startWeb } from './web.js';

let env: ReturnType<typeof loadServerEnv>;
try {
  env = loadServerEnv();
  if (!env.DATABASE_URL) {
    throw new EnvError([
      {
        variable: 'DATABASE_URL',
        message: 'obrigatória quando web e worker rodam separados (use `npm start` para o modo embutido)',
      },
    ]);
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

if (env.SOCIAL_SANDBOX_URL) installSandboxFetch(env.SOCIAL_SANDBOX_URL);

const logger = createLogger({ level: env.LOG_LEVEL, pretty: env.NODE_ENV === 'development' });
let web: Awaited<ReturnType<typeof startWeb>>;
try {
  web = await startWeb({
    env,
    logger,
    redisUrl: env.REDIS_URL ?? DEFAULT_REDIS_URL,
    sandbox: Boolean(env.SOCIAL_SANDBOX_URL),
  });
} catch (error) {
  // A schema behind the code (MIGRATE_ON_START=0): one clear line, no stack trace.
  if (error instanceof SchemaBehindError) {
    logger.fatal(error.message);
    process.exit(1);
  }
  throw error;
}
logger.info({ url: env.appUrl }, `Pauta (web) ouvindo em ${web.url}`);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'encerrando o web');
    setTimeout(() => process.exit(1), 25_000).unref();
    web.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
