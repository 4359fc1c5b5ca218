// The worker process's configuration: the only place in worker/ that reads process.env.
import { EnvError, parseEnv, sharedEnvShape } from '@pauta/core/config/env';
import { type Keyring, KeyringError, parseKeyring } from '@pauta/db';
import { z } from 'zod';

const schema = z.object({
  ...sharedEnvShape,
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(50),
});

export type WorkerEnv = z.output<typeof schema> & { keyring: Keyring };

/** `keyring` lets embedded mode pass the development key the web side already loaded. */
export function loadWorkerEnv(
  source: Record<string, string | undefined> = process.env,
  keyring?: Keyring,
): WorkerEnv {
  const env = parseEnv(schema, source);
  if (!env.TOKEN_ENCRYPTION_KEYS && keyring) return { ...env, keyring };
  const value = env.TOKEN_ENCRYPTION_KEYS;
  if (!value)
    throw new EnvError([{ variable: 'TOKEN_ENCRYPTION_KEYS', message: 'obrigatória para o worker' }]);
  try {
    return { ...env, keyring: parseKeyring(value) };
  } catch (error) {
    throw new EnvError([
      {
        variable: 'TOKEN_ENCRYPTION_KEYS',
        message: error instanceof KeyringError ? error.message : 'valor inválido',
      },
    ]);
  }
}
