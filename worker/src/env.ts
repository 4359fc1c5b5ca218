// The worker process's configuration: the only place in worker/ that reads process.env.
import { EnvError, mediaEnvProblems, parseEnv, sharedEnvShape } from '@pauta/core/config/env';
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
  /**
   * Jobs in flight at once, per network, in this process; and the process's sends in flight, all
   * networks together (the send gate: at most this many posts are "send started" at a time).
   */
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
  /** A claim older than this is reset (nothing sent) or flagged (maybe sent) by the reconciler. */
  STALE_CLAIM_MS: ms(100, 2 * 60_000),
  /** Longest call to a network: one publication (all its requests) or one token refresh. */
  NETWORK_TIMEOUT_MS: ms(100, 20_000),
  /**
   * Longest call publishing a video (docs/publishing.md, "Vídeo"): the upload, range by range, and
   * the network's processing, up to the request that makes it visible. The claim is kept meanwhile
   * by a fenced lease renewed every STALE_CLAIM_MS / 6; each request still has NETWORK_TIMEOUT_MS.
   */
  VIDEO_PUBLISH_TIMEOUT_MS: ms(1000, 30 * 60_000),
  /**
   * From this long after a send whose outcome is unknown, a network that does not list the post
   * is believed: it is sent again (docs/publishing.md, "Asking the network"). Before, only a
   * post found on the network resolves it.
   */
  LOOKUP_ABSENT_AFTER_MS: ms(1000, 15 * 60_000),
  TOKEN_SWEEP_INTERVAL_MS: ms(1000, 15 * 60_000),
  METRICS_SYNC_INTERVAL_MS: ms(1000, 3 * 60 * 60_000),
  /**
   * How often the daily follower snapshot looks for accounts without today's row (docs/reports.md
   * "History"); each account is read once a day, a failed read again on the next pass.
   */
  FOLLOWER_SNAPSHOT_INTERVAL_MS: ms(1000, 60 * 60_000),
  /** How often this process writes its heartbeat row (docs/operations.md); well under 2 minutes. */
  WORKER_HEARTBEAT_MS: ms(100, 15_000).pipe(z.number().max(60_000)),
  /** How often this process looks for due webhook deliveries (docs/webhooks.md). */
  WEBHOOK_POLL_MS: ms(50, 2_000).pipe(z.number().max(60_000)),
  /**
   * Wait after a webhook's first failed attempt; the later waits keep their proportions (30 s →
   * 2 min, 10 min, 30 min, 2 h, 6 h, 14 h). Lower only for tests.
   */
  WEBHOOK_RETRY_FIRST_MS: ms(10, 30_000),
  /** Webhook POSTs in flight at once in this process. */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(8),
  /** Shown next to each worker in the admin panel (e.g. the image tag). */
  PAUTA_VERSION: z.string().trim().min(1).default('dev'),
  /** Internal HTTP port for /healthz, /readyz and /metrics; 0 turns it off. */
  WORKER_HEALTH_PORT: z.coerce.number().int().min(0).max(65_535).default(9464),
  /** Interface of that port: loopback unless a container or a scraper on another host needs it. */
  WORKER_HEALTH_HOST: z.string().trim().min(1).default('127.0.0.1'),
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

/** What a live worker needs besides its network calls between two fenced writes (a few statements). */
export const CLAIM_MARGIN_MS = 1000;

/**
 * The smallest STALE_CLAIM_MS a live, unstalled worker can never outlive: between two of its
 * writes it makes at most two network calls (a token refresh and a publication, or a refused
 * publication and the refresh after it), each bounded by NETWORK_TIMEOUT_MS (docs/publishing.md,
 * "Timing"). Below it the reconciler would reset or flag claims of healthy workers.
 */
export function minimumStaleClaimMs(networkTimeoutMs: number): number {
  return 2 * networkTimeoutMs + CLAIM_MARGIN_MS;
}

function checkClaimTiming(env: z.output<typeof schema>): void {
  const minimum = minimumStaleClaimMs(env.NETWORK_TIMEOUT_MS);
  if (env.STALE_CLAIM_MS >= minimum) return;
  throw new EnvError([
    {
      variable: 'STALE_CLAIM_MS',
      message: `deve ser pelo menos 2 × NETWORK_TIMEOUT_MS + ${CLAIM_MARGIN_MS} ms (com o NETWORK_TIMEOUT_MS atual, ${minimum} ms), senão o reconciliador retoma publicações de workers que ainda estão enviando; aumente STALE_CLAIM_MS ou reduza NETWORK_TIMEOUT_MS (STALE_CLAIM_MS must be at least 2 × NETWORK_TIMEOUT_MS + ${CLAIM_MARGIN_MS} ms)`,
    },
  ]);
}

/**
 * A video call must have room for at least one upload request and its visible create, each given
 * NETWORK_TIMEOUT_MS: the create is sent only with a whole NETWORK_TIMEOUT_MS left of the budget.
 */
export function minimumVideoTimeoutMs(networkTimeoutMs: number): number {
  return 2 * networkTimeoutMs;
}

function checkVideoTiming(env: z.output<typeof schema>): void {
  const minimum = minimumVideoTimeoutMs(env.NETWORK_TIMEOUT_MS);
  if (env.VIDEO_PUBLISH_TIMEOUT_MS >= minimum) return;
  throw new EnvError([
    {
      variable: 'VIDEO_PUBLISH_TIMEOUT_MS',
      message: `deve ser pelo menos 2 × NETWORK_TIMEOUT_MS (com o NETWORK_TIMEOUT_MS atual, ${minimum} ms): o envio que publica o vídeo só sai com um NETWORK_TIMEOUT_MS inteiro de prazo; aumente VIDEO_PUBLISH_TIMEOUT_MS (VIDEO_PUBLISH_TIMEOUT_MS must be at least 2 × NETWORK_TIMEOUT_MS)`,
    },
  ]);
}

/**
 * The lease a video call keeps on its claim (publish/claim-lease.ts): renewed every sixth of
 * STALE_CLAIM_MS, given up after half of it without a confirmed renewal — well before the
 * reconciler could take the claim back (it waits a whole STALE_CLAIM_MS after the last renewal).
 */
export function claimLeaseTiming(staleClaimMs: number): { renewMs: number; graceMs: number } {
  return { renewMs: Math.floor(staleClaimMs / 6), graceMs: Math.floor(staleClaimMs / 2) };
}

/** `keyring` lets embedded mode pass the development key the web side already loaded. */
export function loadWorkerEnv(
  source: Record<string, string | undefined> = process.env,
  keyring?: Keyring,
): WorkerEnv {
  const env = parseEnv(schema, source);
  checkClaimTiming(env);
  checkVideoTiming(env);
  const mediaProblems = mediaEnvProblems(env);
  if (mediaProblems.length) throw new EnvError(mediaProblems);
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
