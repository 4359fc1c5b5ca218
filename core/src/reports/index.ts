export * from './chart-data.js';
export * from './limits.js';
export * from './period.js';
export * from './schedule.js';
