export { loadWorkerEnv, type WorkerEnv } from './env.js';
export { createLogger } from './logger.js';
export { startWorker, type WorkerHandle } from './worker.js';
