export * from './connection-errors.js';
export * from './error-codes.js';
export * from './messages.js';
