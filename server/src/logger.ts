// The web process's structured logger (pino). Secrets are redacted by path wherever they appear.

import { loggerOptions } from '@pauta/core/config/log-redact';
import { type Logger, pino } from 'pino';

export type { Logger };

export function createLogger(options: { level: string; pretty: boolean; name?: string }): Logger {
  return pino(loggerOptions(options.name ?? 'pauta-web', options));
}
