// `npm run create-admin -- email@exemplo.com`: grants the admin role to an existing user
// (and revokes their sessions, so the new role applies from their next sign-in). Works while
// `npm start` runs: the embedded database belongs to that process, so the request goes through
// its local admin channel (scripts/admin-channel.ts).
import path from 'node:path';
import { createDb } from '@pauta/db';
import {
  dataDirHolder,
  type GrantResult,
  grantAdmin,
  lockDataDir,
  requestAdminGrant,
} from './admin-channel.js';
import { envValue } from './env.js';

const email = process.argv[2]?.trim();
if (!email) {
  process.stderr.write('Uso: npm run create-admin -- email@exemplo.com\n');
  process.exit(2);
}
const databaseUrl = envValue('DATABASE_URL');
const dataDir = path.resolve(envValue('PAUTA_DATA_DIR') ?? '.data');

function report(result: GrantResult): void {
  if (result.ok) {
    process.stdout.write(`${result.email} agora é administrador(a).\n`);
  } else {
    process.stderr.write(`Nenhum usuário com o email ${email}. Crie a conta em /auth primeiro.\n`);
    process.exitCode = 1;
  }
}

if (!databaseUrl && dataDirHolder(dataDir) !== null) {
  // The embedded app is running with these data: ask it.
  const result = await requestAdminGrant(dataDir, email);
  if ('reason' in result && result.reason !== 'not_found') {
    process.stderr.write(
      'A Pauta está rodando com estes dados, mas não respondeu ao pedido. Tente de novo em alguns segundos ou pare a Pauta e rode o comando outra vez.\n',
    );
    process.exit(1);
  }
  report(result);
} else {
  // Nobody holds the embedded database: open it, holding the folder so `npm start` waits.
  const lock = databaseUrl ? { release: () => {} } : lockDataDir(dataDir);
  if ('heldBy' in lock) {
    process.stderr.write('A Pauta acabou de iniciar com estes dados; rode o comando outra vez.\n');
    process.exit(1);
  }
  const handle = await createDb({
    databaseUrl,
    pgliteDataDir: path.join(dataDir, 'pglite'),
    poolSize: 1,
  });
  try {
    report(await grantAdmin(handle.db, email));
  } finally {
    await handle.close();
    lock.release();
  }
}
