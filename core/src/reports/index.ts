export * from './chart-data.js';
export * from './period.js';
