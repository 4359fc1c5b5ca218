export * from './horizon.js';
export * from './next-slots.js';
export * from './zoned-time.js';
export * from './recurrence.js';
