// `npm start`: Pauta in embedded mode — web + worker in one process, PGlite when DATABASE_URL is
// unset, the sandbox networks when no network credentials are set, a local Redis when it can.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { hasAnyNetworkCredentials } from '@pauta/core/config/env';
import { createDb, type DbHandle, ping, throttledConnectionWarning } from '@pauta/db';
import { installSandboxFetch } from '@pauta/networks';
import { startSandbox } from '@pauta/networks/sandbox';
import { createLogger, loadServerEnv, startWeb } from '@pauta/server';
import { loadWorkerEnv, startWorker, type WorkerHandle } from '@pauta/worker';
import { type AdminChannel, lockDataDir, openAdminChannel } from './admin-channel.js';
import { buildClient, clientBuildIsStale } from './build-client.js';
import { configOrExit, environment, setEnv } from './env.js';
import { resolveRedis } from './redis.js';

const started = performance.now();
// The project's Node line (.nvmrc; `npm run setup` installs it and npm scripts use it).
const wantedNode = readFileSync(path.resolve(import.meta.dirname, '../.nvmrc'), 'utf8')
  .trim()
  .split('.')[0];
if (process.versions.node.split('.')[0] !== wantedNode) {
  process.stderr.write(
    `Aviso: a Pauta roda no Node ${wantedNode} (.nvmrc) e este é o ${process.version}: rode \`npm run setup\` e depois \`npm start\`.\n`,
  );
}
let env = configOrExit(() => loadServerEnv());
const logger = createLogger({ level: env.LOG_LEVEL, pretty: env.NODE_ENV !== 'production', name: 'pauta' });

let unlock = () => {};
let dbHandle: DbHandle;
try {
  if (!env.DATABASE_URL) {
    // The user's data (the embedded database, images): the owner's only (createDb closes the
    // database's own folder and files the same way).
    mkdirSync(env.dataDir, { recursive: true, mode: 0o700 });
    // PGlite serves one process: refuse to open the same data folder twice.
    const lock = lockDataDir(env.dataDir);
    if ('heldBy' in lock) {
      process.stderr.write(
        `A Pauta já está rodando com estes dados (processo ${lock.heldBy}). Encerre-o antes de iniciar outra vez.\n`,
      );
      process.exit(1);
    }
    unlock = lock.release;
  }
  dbHandle = await createDb({
    databaseUrl: env.DATABASE_URL,
    pgliteDataDir: path.join(env.dataDir, 'pglite'),
    applicationName: 'pauta',
    onConnectionError: throttledConnectionWarning((fields, message) => logger.warn(fields, message)),
  });
  await ping(dbHandle.db);
} catch (error) {
  const cause = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.name : 'erro');
  process.stderr.write(
    env.DATABASE_URL
      ? `Não foi possível conectar ao PostgreSQL indicado em DATABASE_URL (${cause}). Verifique a variável e se o servidor está no ar.\n`
      : `Não foi possível abrir o banco embutido em ${path.join(env.dataDir, 'pglite')} (${cause}).\n`,
  );
  unlock();
  process.exit(1);
}
logger.info(
  dbHandle.engine === 'pglite'
    ? `Banco embutido (PGlite) em ${path.join(env.dataDir, 'pglite')}`
    : 'Banco: PostgreSQL',
);

// `npm run create-admin` while running: the embedded database is only reachable through us.
let adminChannel: AdminChannel | null = null;
if (dbHandle.engine === 'pglite') {
  adminChannel = await openAdminChannel({
    dataDir: env.dataDir,
    db: dbHandle.db,
    onGrant: (email) => logger.info({ email }, 'create-admin: papel de administrador concedido'),
  });
}

if (clientBuildIsStale()) {
  logger.info('Preparando a interface (primeira execução ou código alterado)...');
  await buildClient();
}

const redis = await resolveRedis({ envUrl: env.REDIS_URL, dataDir: env.dataDir });
if (!redis.url) {
  logger.warn(
    'Redis não encontrado: a Pauta funciona, mas a publicação fica pausada até o Redis estar acessível. Os posts agendados ficam salvos no banco.',
  );
} else {
  logger.info(
    `Redis: ${redis.source === 'spawned' ? `iniciado em ${redis.url} (dados em .data/redis)` : redis.url}`,
  );
}

let sandboxHandle: { url: string; close(): Promise<void> } | null = null;
let sandboxUrl = env.SOCIAL_SANDBOX_URL;
if (!sandboxUrl && !hasAnyNetworkCredentials(env)) {
  const sandboxOptions = {
    host: '127.0.0.1',
    allowedRedirectOrigins: [new URL(env.appUrl).origin],
    // Tokens and posts survive a restart: connected sandbox accounts keep working (issue 13).
    stateFile: path.join(env.dataDir, 'sandbox', 'state.json'),
    onWarning: (message: string) => logger.warn(message),
  };
  // The usual port when it is free, any free port otherwise.
  sandboxHandle = await startSandbox({ ...sandboxOptions, port: 4010 }).catch(() =>
    startSandbox({ ...sandboxOptions, port: 0 }),
  );
  sandboxUrl = sandboxHandle.url;
  setEnv('SOCIAL_SANDBOX_URL', sandboxUrl);
  env = { ...env, SOCIAL_SANDBOX_URL: sandboxUrl };
  logger.info(`Redes sociais em modo Sandbox (nenhuma credencial configurada): ${sandboxUrl}`);
}

// Every outbound call to a network goes to the sandbox when one is configured (docs/architecture.md §6).
if (sandboxUrl) installSandboxFetch(sandboxUrl);

let web: Awaited<ReturnType<typeof startWeb>>;
try {
  web = await startWeb({
    env,
    logger,
    dbHandle,
    redisUrl: redis.url,
    sandbox: Boolean(sandboxUrl),
    localMailbox: true,
  });
} catch (error) {
  const busy = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
  logger.fatal(
    { err: busy ? undefined : error },
    busy
      ? `A porta ${env.PORT} já está em uso. Defina PORT com outra porta.`
      : 'Falha ao iniciar o servidor web.',
  );
  await Promise.allSettled([redis.stop(), sandboxHandle?.close(), adminChannel?.close()]);
  await dbHandle.close();
  unlock();
  process.exit(1);
}

let worker: WorkerHandle | null = null;
if (redis.url) {
  const workerEnv = loadWorkerEnv({ ...environment(), SOCIAL_SANDBOX_URL: sandboxUrl }, env.keyring);
  worker = await startWorker({
    db: dbHandle.db,
    env: workerEnv,
    logger: logger.child({ name: 'pauta-worker' }),
    redisUrl: redis.url,
  });
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
process.stdout.write(`\n  Pauta rodando em ${env.appUrl}  (pronta em ${seconds} s)\n\n`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'Encerrando a Pauta...');
  setTimeout(() => process.exit(1), 25_000).unref();
  await worker?.close();
  await web.close();
  await Promise.allSettled([sandboxHandle?.close(), redis.stop(), adminChannel?.close()]);
  await dbHandle.close();
  unlock();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
