export * from './dates.js';
