// Shared pieces of every process's env.ts: the variables web and worker both read, and a parser
// that names every bad variable (never its value). Pure: callers pass process.env in.
import { z } from 'zod';

export const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const url = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `deve ser uma URL ${protocols.join(' ou ')}//…`,
    );

export const optionalUrl = (protocols: string[]) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), url(protocols).optional());

/** A switch: `1`/`true` on, `0`/`false`/empty/unset off; anything else is refused. */
export const flag = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z
    .enum(['', '0', '1', 'true', 'false'], { message: 'use 1 (ligado) ou 0 (desligado)' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
);

/** A price in US$ (0–100, a dot for decimals); empty or unset = the network's published price. */
const optionalPrice = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.coerce.number({ message: 'deve ser um número (ex.: 0.015)' }).min(0).max(100).optional(),
);

export const NETWORK_CREDENTIAL_KEYS = [
  'LINKEDIN_CLIENT_ID',
  'LINKEDIN_CLIENT_SECRET',
  'FACEBOOK_CLIENT_ID',
  'FACEBOOK_CLIENT_SECRET',
  'X_CLIENT_ID',
  'X_CLIENT_SECRET',
  'INSTAGRAM_CLIENT_ID',
  'INSTAGRAM_CLIENT_SECRET',
  // Instagram Login (no Facebook Page): the Instagram app's own id and secret.
  'INSTAGRAM_APP_ID',
  'INSTAGRAM_APP_SECRET',
  'THREADS_CLIENT_ID',
  'THREADS_CLIENT_SECRET',
  'LINKEDIN_PAGES_CLIENT_ID',
  'LINKEDIN_PAGES_CLIENT_SECRET',
  'PINTEREST_CLIENT_ID',
  'PINTEREST_CLIENT_SECRET',
  'TIKTOK_CLIENT_KEY',
  'TIKTOK_CLIENT_SECRET',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
] as const;

/** Where web and worker find Redis when REDIS_URL is unset (embedded mode may start one there). */
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export const sharedEnvShape = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  /** Prefix of every Redis key Pauta writes (lets several installs or test runs share a Redis). */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'use só letras, números, _ e - (até 64)')
    .default('pauta'),
  TOKEN_ENCRYPTION_KEYS: optionalString,
  SOCIAL_SANDBOX_URL: optionalUrl(['http:', 'https:']),
  APP_URL: optionalUrl(['http:', 'https:']),
  PAUTA_DATA_DIR: z.string().trim().min(1).default('.data'),
  LINKEDIN_CLIENT_ID: optionalString,
  LINKEDIN_CLIENT_SECRET: optionalString,
  FACEBOOK_CLIENT_ID: optionalString,
  FACEBOOK_CLIENT_SECRET: optionalString,
  X_CLIENT_ID: optionalString,
  X_CLIENT_SECRET: optionalString,
  INSTAGRAM_CLIENT_ID: optionalString,
  INSTAGRAM_CLIENT_SECRET: optionalString,
  /** Instagram Login (no Facebook Page): App Dashboard > Instagram > API setup with Instagram login. */
  INSTAGRAM_APP_ID: optionalString,
  INSTAGRAM_APP_SECRET: optionalString,
  THREADS_CLIENT_ID: optionalString,
  THREADS_CLIENT_SECRET: optionalString,
  LINKEDIN_PAGES_CLIENT_ID: optionalString,
  LINKEDIN_PAGES_CLIENT_SECRET: optionalString,
  PINTEREST_CLIENT_ID: optionalString,
  PINTEREST_CLIENT_SECRET: optionalString,
  /** TikTok calls its app id the "client key" (developers.tiktok.com → Manage apps). */
  TIKTOK_CLIENT_KEY: optionalString,
  TIKTOK_CLIENT_SECRET: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /**
   * Bluesky: the server (PDS or entryway) an account logs in to when the connect form leaves it
   * empty. Absent: https://bsky.social (Bluesky needs no app credentials: each account's app password).
   */
  BLUESKY_DEFAULT_SERVICE: optionalUrl(['http:', 'https:']),
  /**
   * LinkedIn member post analytics (r_member_postAnalytics): asked at connect and read by the
   * worker. Only for LinkedIn apps with the Community Management API product (docs/networks.md).
   */
  LINKEDIN_POST_ANALYTICS: flag,
  /**
   * The TikTok app passed TikTok's audit of the Direct Post API (docs/networks.md, "TikTok"). Off
   * (the default): TikTok shows every post only to its author, so the worker sends each one as
   * SELF_ONLY whatever privacy the person chose, and the Diagnóstico says so.
   */
  TIKTOK_APP_AUDITED: flag,
  /**
   * X's pay-per-use prices in US$ per created post, without and with a link (docs/preflight.md):
   * X changes them, so an installation sets its own; unset = the price X published (networks/src/x).
   */
  X_PRICE_POST_USD: optionalPrice,
  X_PRICE_POST_WITH_LINK_USD: optionalPrice,
  /**
   * Where post images are stored (docs/media.md): `local` = PAUTA_DATA_DIR/media (embedded mode,
   * one machine), `s3` = an S3-compatible bucket (production with several web/worker processes).
   */
  MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: optionalString,
  /** Absent: AWS S3. Set for MinIO, Cloudflare R2, Garage … */
  S3_ENDPOINT: optionalUrl(['http:', 'https:']),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** Absent: the AWS SDK's default credentials (instance role, AWS_* variables). */
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Bucket in the path (MinIO and most self-hosted stores) instead of the host name. */
  S3_FORCE_PATH_STYLE: flag,
  /** Key of the HMAC that signs the web's /media URLs; absent: derived from TOKEN_ENCRYPTION_KEYS. */
  MEDIA_URL_SIGNING_KEY: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().min(32, 'use pelo menos 32 caracteres aleatórios').optional(),
  ),
  /**
   * The AI: the web's drafting, the worker's text variation of recurring posts on networks that
   * refuse repeated text (docs/recurring-posts.md). No key: the web's local templates; the worker
   * leaves such an occurrence failed with the reason instead of scheduled with the same text.
   */
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: optionalUrl(['http:', 'https:']),
  ANTHROPIC_MODEL: z.string().trim().min(1).default('claude-sonnet-5-5'),
  /** Longest wait for one AI call, retries included (ms); then the web's local templates. */
  ANTHROPIC_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(45_000),
  /** Bearer token required by each process's /metrics; unset turns /metrics off. */
  METRICS_TOKEN: optionalString,
} as const;

/** The media storage variables that depend on each other (S3 needs a bucket and both keys or none). */
export function mediaEnvProblems(env: {
  MEDIA_STORAGE: 'local' | 's3';
  S3_BUCKET?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
}): { variable: string; message: string }[] {
  if (env.MEDIA_STORAGE !== 's3') return [];
  const problems: { variable: string; message: string }[] = [];
  if (!env.S3_BUCKET) problems.push({ variable: 'S3_BUCKET', message: 'obrigatória com MEDIA_STORAGE=s3' });
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    problems.push({
      variable: env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID',
      message:
        'defina S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY juntas (ou nenhuma, para as credenciais padrão da AWS)',
    });
  }
  return problems;
}

export class EnvError extends Error {
  override name = 'EnvError';
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(
      `Configuração inválida:\n${problems.map((p) => `  - ${p.variable}: ${p.message}`).join('\n')}\nCorrija as variáveis de ambiente acima (veja a tabela de configuração no README).`,
    );
  }
}

/** Parses `source` with `schema`; throws EnvError naming each bad variable, never echoing a value. */
export function parseEnv<T extends z.ZodType>(
  schema: T,
  source: Record<string, string | undefined>,
): z.output<T> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => ({
    variable: issue.path.length ? issue.path.map(String).join('.') : 'ambiente',
    // Zod messages for enums/URLs never include the received value with these schemas; strip any
    // quoted received value defensively all the same.
    message:
      issue.code === 'invalid_value'
        ? `valor não permitido`
        : issue.message.replace(/received .*/i, '').trim(),
  }));
  throw new EnvError(problems);
}

export function hasAnyNetworkCredentials(
  env: Partial<Record<(typeof NETWORK_CREDENTIAL_KEYS)[number], string | undefined>>,
): boolean {
  return NETWORK_CREDENTIAL_KEYS.some((key) => Boolean(env[key]));
}
