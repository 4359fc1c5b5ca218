export * from './horizon.js';
export * from './next-slots.js';
export * from './queue-slots.js';
export * from './recurrence.js';
export * from './zoned-time.js';
