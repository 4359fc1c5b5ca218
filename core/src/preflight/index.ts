export * from './preflight.js';
