// The web process's configuration: the only place in server/ that reads process.env.
// Validated once at start-up; a bad value stops the process naming the variable, never its value.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EnvError, mediaEnvProblems, optionalUrl, parseEnv, sharedEnvShape } from '@pauta/core/config/env';
import { generateKeyringValue, type Keyring, KeyringError, parseKeyring } from '@pauta/db';
import { z } from 'zod';

const schema = z.object({
  ...sharedEnvShape,
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** Number of proxy hops to trust for the client IP (rate limits). 0 = use the socket address. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().trim().default('Pauta <nao-responda@pauta.local>'),
  CONTACT_EMAIL: z.email('deve ser um email').default('privacidade@pauta.app'),
  /** How often each web process checks the workers' heartbeats (docs/operations.md). */
  WORKER_WATCH_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** How often each web process sweeps the scheduled report emails (docs/reports.md "Scheduled email"). */
  REPORT_EMAIL_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(300_000),
  /**
   * Apply pending migrations at start-up (on unless 0/false). Off where a release step runs them
   * (Kubernetes: the pauta-migrate Job), so the web's database user needs no DDL rights; then a web
   * whose schema is behind refuses to start (docs/deployment.md).
   */
  MIGRATE_ON_START: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z
      .enum(['', '0', '1', 'true', 'false'], { message: 'use 1 (ligado) ou 0 (desligado)' })
      .optional()
      .transform((v) => v !== '0' && v !== 'false'),
  ),
});

export type ServerEnv = z.output<typeof schema> & {
  appUrl: string;
  keyring: Keyring;
  dataDir: string;
  /** True when TOKEN_ENCRYPTION_KEYS was generated for development. */
  generatedKey: boolean;
};

/**
 * Development convenience: a token-sealing key generated once into the data folder. Production
 * must configure TOKEN_ENCRYPTION_KEYS (losing the key means every connected account reconnects).
 */
function developmentKeyring(dataDir: string): string {
  const file = path.join(dataDir, 'token-encryption-keys');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const value = generateKeyringValue('dev1');
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return value;
}

export function loadServerEnv(source: Record<string, string | undefined> = process.env): ServerEnv {
  const env = parseEnv(schema, source);
  const problems: { variable: string; message: string }[] = [];
  const production = env.NODE_ENV === 'production';
  if (production && !env.DATABASE_URL) {
    problems.push({ variable: 'DATABASE_URL', message: 'obrigatória em produção (postgres://…)' });
  }
  if (production && !env.APP_URL) {
    problems.push({
      variable: 'APP_URL',
      message: 'obrigatória em produção (a URL pública, ex.: https://pauta.exemplo.com)',
    });
  }
  if (production && !env.TOKEN_ENCRYPTION_KEYS) {
    problems.push({
      variable: 'TOKEN_ENCRYPTION_KEYS',
      message: 'obrigatória em produção (idDaChave:chaveBase64 de 32 bytes)',
    });
  }
  problems.push(...mediaEnvProblems(env));
  const dataDir = path.resolve(env.PAUTA_DATA_DIR);
  let keyring: Keyring | undefined;
  const generatedKey = !env.TOKEN_ENCRYPTION_KEYS && !production;
  try {
    keyring = parseKeyring(env.TOKEN_ENCRYPTION_KEYS ?? (production ? 'x' : developmentKeyring(dataDir)));
  } catch (error) {
    if (!(production && !env.TOKEN_ENCRYPTION_KEYS)) {
      problems.push({
        variable: 'TOKEN_ENCRYPTION_KEYS',
        message: error instanceof KeyringError ? error.message : 'valor inválido',
      });
    }
  }
  if (problems.length || !keyring) throw new EnvError(problems);
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return { ...env, appUrl, keyring, dataDir, generatedKey };
}
