// Log fields that may carry secrets, redacted by every process's logger (docs/security.md S2).
export const REDACT_PATHS = [
  'password',
  '*.password',
  'passwordHash',
  '*.passwordHash',
  'password_hash',
  '*.password_hash',
  'token',
  '*.token',
  'accessToken',
  '*.accessToken',
  'refreshToken',
  '*.refreshToken',
  'access_token',
  '*.access_token',
  'refresh_token',
  '*.refresh_token',
  // OAuth authorization codes only travel in callback queries; a network's error `code` stays visible.
  'query.code',
  '*.query.code',
  '*.code_verifier',
  'codeVerifier',
  '*.codeVerifier',
  'secret',
  '*.secret',
  'clientSecret',
  '*.clientSecret',
  'authorization',
  '*.authorization',
  'cookie',
  '*.cookie',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
] as const;

/**
 * The pino options of every process's logger (web, worker): its name and level, the redaction
 * above and, in development, pino-pretty. Each process passes them to its own `pino()`.
 */
export function loggerOptions(name: string, options: { level: string; pretty: boolean }) {
  return {
    name,
    level: options.level,
    redact: { paths: [...REDACT_PATHS], censor: '[redacted]' },
    ...(options.pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
