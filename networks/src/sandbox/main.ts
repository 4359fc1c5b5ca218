// Entry point of `npm run sandbox`: serves the sandbox networks on 127.0.0.1:SANDBOX_PORT
// (default 4010) until SIGTERM/SIGINT. Point SOCIAL_SANDBOX_URL at the printed URL.
import path from 'node:path';
import { z } from 'zod';
import { startSandbox } from './server.js';
import { DEFAULT_ALLOWED_REDIRECT_ORIGINS } from './store.js';

const envSchema = z.object({
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65_535).default(4010),
  /** Comma-separated origins whose /auth/callback is accepted, e.g. `https://pauta.example`. */
  SANDBOX_REDIRECT_ORIGINS: z.string().optional(),
  SANDBOX_TOKEN_PREFIX: z
    .string()
    .regex(/^[\w-]{1,64}$/)
    .optional(),
  /** Delay before every publish call answers (benchmarks). */
  SANDBOX_PUBLISH_LATENCY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  /** Simulated output speed of the Anthropic stand-in (tokens/s; 0: answers at once). */
  SANDBOX_ANTHROPIC_TOKENS_PER_SECOND: z.coerce.number().min(0).max(1_000_000).default(0),
  /** The state (tokens, posts) is kept in PAUTA_DATA_DIR/sandbox/standalone.json. */
  PAUTA_DATA_DIR: z.string().min(1).default('.data'),
});

const parsed = envSchema.safeParse(process.env);
if (!parsed.success) {
  const names = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))];
  process.stderr.write(`Invalid sandbox configuration: ${names.join(', ')}\n`);
  process.exit(1);
}
const env = parsed.data;

const extraOrigins = (env.SANDBOX_REDIRECT_ORIGINS ?? '')
  .split(',')
  .map((origin) => origin.trim())
  .filter((origin) => origin !== '');

const sandbox = await startSandbox({
  port: env.SANDBOX_PORT,
  host: '127.0.0.1',
  allowedRedirectOrigins: [...DEFAULT_ALLOWED_REDIRECT_ORIGINS, ...extraOrigins],
  publishLatencyMs: env.SANDBOX_PUBLISH_LATENCY_MS,
  anthropic: { outputTokensPerSecond: env.SANDBOX_ANTHROPIC_TOKENS_PER_SECOND },
  stateFile: path.resolve(env.PAUTA_DATA_DIR, 'sandbox', 'standalone.json'),
  onWarning: (message) => process.stderr.write(`${message}\n`),
  ...(env.SANDBOX_TOKEN_PREFIX === undefined ? {} : { tokenPrefix: env.SANDBOX_TOKEN_PREFIX }),
});
process.stdout.write(`Pauta sandbox networks listening on ${sandbox.url}\n`);
process.stdout.write(`Set SOCIAL_SANDBOX_URL=${sandbox.url}\n`);
process.stdout.write(`AI stand-in: ANTHROPIC_BASE_URL=${sandbox.url}/api.anthropic.com\n`);

function shutdown(): void {
  sandbox.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
}
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
