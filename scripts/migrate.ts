// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded PGlite
// database in .data/pglite when DATABASE_URL is unset.
import { createDb, migrateToLatest } from '@pauta/db';
import { databaseTarget } from './env.js';

const handle = await createDb({
  ...databaseTarget(),
  poolSize: 1,
  applicationName: 'pauta-migrate',
});
try {
  const result = await migrateToLatest(handle.db);
  const applied = result.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
  process.stdout.write(
    applied.length
      ? `Migrações aplicadas (${handle.engine}): ${applied.join(', ')}\n`
      : `Banco de dados já está atualizado (${handle.engine}).\n`,
  );
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
