// `npm run doctor`: checks this installation's setup and says how to fix each problem, in pt-BR —
// the same checks as the admin page "Diagnóstico" (server/src/doctor/checks.ts). Reads the web's
// configuration (its env module); exits 1 when any check fails, 0 otherwise (warnings included).
import path from 'node:path';
import { createDb } from '@pauta/db';
import { installSandboxFetch } from '@pauta/networks';
import { formatDoctorReport, loadServerEnv, runDoctorChecks } from '@pauta/server';
import { configOrExit } from './env.js';

const env = configOrExit(() => loadServerEnv());
if (env.SOCIAL_SANDBOX_URL) installSandboxFetch(env.SOCIAL_SANDBOX_URL);

process.stdout.write(`Diagnóstico da Pauta — ${env.appUrl}\n\n`);
const handle = await createDb({
  databaseUrl: env.DATABASE_URL,
  pgliteDataDir: path.join(env.dataDir, 'pglite'),
  poolSize: 2,
  applicationName: 'pauta-doctor',
});
try {
  const results = await runDoctorChecks({
    env,
    db: handle.db,
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  });
  process.stdout.write(formatDoctorReport(results));
  process.exitCode = results.some((r) => r.status === 'fail') ? 1 : 0;
} finally {
  await handle.close();
}
