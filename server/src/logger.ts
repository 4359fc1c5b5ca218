// The web process's structured logger (pino). Secrets are redacted by path wherever they appear.

import { REDACT_PATHS } from '@pauta/core/config/log-redact';
import { type Logger, pino } from 'pino';

export type { Logger };

export function createLogger(options: { level: string; pretty: boolean; name?: string }): Logger {
  return pino({
    name: options.name ?? 'pauta-web',
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
