export { createApp } from './app.js';
export type { AppDeps } from './deps.js';
export { formatDoctorReport, runDoctorChecks } from './doctor/checks.js';
export { loadServerEnv, type ServerEnv } from './env.js';
export { createLogger, type Logger } from './logger.js';
export type { AppRouter } from './trpc/router.js';
export { startWeb, type WebHandle } from './web.js';
