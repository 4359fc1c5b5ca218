// `npm run rotate-keys`: re-seals every stored OAuth token with the ACTIVE key (the first entry of
// TOKEN_ENCRYPTION_KEYS). Rotation: put the new key first, keep the old one after it, run this,
// then remove the old key. Prints counts only — never a token.
import { createDb, parseKeyring, resealAllTokens, resealInstanceSecrets } from '@pauta/db';
import { databaseTarget, envValue } from './env.js';

const value = envValue('TOKEN_ENCRYPTION_KEYS');
if (!value) {
  process.stderr.write(
    'Defina TOKEN_ENCRYPTION_KEYS (nova chave primeiro, antigas depois) antes de rodar rotate-keys.\n',
  );
  process.exit(2);
}
let keyring: ReturnType<typeof parseKeyring>;
try {
  keyring = parseKeyring(value);
} catch (error) {
  process.stderr.write(`TOKEN_ENCRYPTION_KEYS inválida: ${(error as Error).message}\n`);
  process.exit(2);
}
const handle = await createDb({
  ...databaseTarget(),
  poolSize: 1,
});
try {
  const count = await resealAllTokens(handle.db, keyring);
  const instances = await resealInstanceSecrets(handle.db, keyring);
  process.stdout.write(
    `${count} conta(s) re-seladas com a chave "${keyring.activeKeyId}" (e ${instances} app(s) de instância). Agora a chave antiga pode ser removida.\n`,
  );
} catch (error) {
  process.stderr.write(`Falha ao re-selar: ${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
