// The worker process's configuration: the only place in worker/ that reads process.env.
import { EnvError, optionalString, parseEnv, sharedEnvShape } from '@pauta/core/config/env';
import { type Keyring, KeyringError, parseKeyring } from '@pauta/db';
import { z } from 'zod';

const ms = (min: number, fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(min)
    .max(7 * 86_400_000)
    .default(fallback);

const schema = z.object({
  ...sharedEnvShape,
  /** Publications in flight at once, per network, in this process. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(50),
  /** Per-network limiter shared by all workers: `max/durationMs`. */
  PUBLISH_RATE_LIMIT: z
    .string()
    .regex(/^\d+\/\d+$/, 'use o formato max/durationMs, ex.: 50/1000')
    .default('50/1000')
    .transform((v) => {
      const [max, duration] = v.split('/').map(Number) as [number, number];
      return { max, duration };
    }),
  PUBLISH_RETRY_BASE_MS: ms(10, 30_000),
  PUBLISH_RETRY_MAX_MS: ms(10, 15 * 60_000),
  RECONCILE_INTERVAL_MS: ms(100, 60_000),
  STALE_CLAIM_MS: ms(100, 2 * 60_000),
  TOKEN_SWEEP_INTERVAL_MS: ms(1000, 15 * 60_000),
  METRICS_SYNC_INTERVAL_MS: ms(1000, 3 * 60 * 60_000),
  /** Internal HTTP port for /healthz, /readyz and /metrics; 0 turns it off. */
  WORKER_HEALTH_PORT: z.coerce.number().int().min(0).max(65_535).default(9464),
  /** Interface of that port: loopback unless a container or a scraper on another host needs it. */
  WORKER_HEALTH_HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** Bearer token required by the worker's /metrics (as the web's); unset turns /metrics off. */
  METRICS_TOKEN: optionalString,
  LINKEDIN_VERSION: z
    .string()
    .regex(/^\d{6}$/, 'use AAAAMM, ex.: 202601')
    .default('202601'),
  FACEBOOK_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'use vNN.N, ex.: v21.0')
    .default('v21.0'),
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
