export * from './period.js';
export * from './chart-data.js';
