// `npm run create-admin -- email@exemplo.com`: grants the admin role to an existing user
// (and revokes their sessions, so the new role applies from their next sign-in).
import path from 'node:path';
import { createDb, findUserByEmail } from '@pauta/db';
import { setRole } from '@pauta/db/repositories/users.repository';

const email = process.argv[2]?.trim();
if (!email) {
  process.stderr.write('Uso: npm run create-admin -- email@exemplo.com\n');
  process.exit(2);
}
const handle = await createDb({
  databaseUrl: process.env.DATABASE_URL || undefined,
  pgliteDataDir: path.resolve(process.env.PAUTA_DATA_DIR ?? '.data', 'pglite'),
  poolSize: 1,
});
try {
  const user = await findUserByEmail(handle.db, email);
  if (!user) {
    process.stderr.write(`Nenhum usuário com o email ${email}. Crie a conta em /auth primeiro.\n`);
    process.exitCode = 1;
  } else {
    await handle.db.transaction().execute((trx) => setRole(trx, user.id, 'admin'));
    process.stdout.write(`${user.email} agora é administrador(a).\n`);
  }
} finally {
  await handle.close();
}
