export * from './dashboard-metrics.js';
export * from './dates.js';
export * from './numbers.js';
export * from './truncate.js';
