// The worker's structured logger (pino), with the same secret redaction as the web process.
import { loggerOptions } from '@pauta/core/config/log-redact';
import { type Logger, pino } from 'pino';

export type { Logger };

export function createLogger(options: { level: string; pretty: boolean }): Logger {
  return pino(loggerOptions('pauta-worker', options));
}
