export * from './app-error.js';
export * from './approval.js';
export * from './best-time.js';
export * from './connection-errors.js';
export * from './error-codes.js';
export * from './live.js';
export * from './media.js';
export * from './messages.js';
