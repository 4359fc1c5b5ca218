export * from './budget.js';
export * from './messages.js';
