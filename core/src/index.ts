export * from './constants/index.js';
export * from './email/render.js';
export * from './format/index.js';
export * from './live/events.js';
export * from './messages/index.js';
export * from './scheduling/index.js';
export * from './text/canonical-json.js';
export * from './text/post-length.js';
