// The worker's structured logger (pino), with the same secret redaction as the web process.
import { REDACT_PATHS } from '@pauta/core/config/log-redact';
import { type Logger, pino } from 'pino';

export type { Logger };

export function createLogger(options: { level: string; pretty: boolean }): Logger {
  return pino({
    name: 'pauta-worker',
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
  });
}
