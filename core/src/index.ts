export * from './constants/index.js';
export * from './messages/index.js';
export * from './text/post-length.js';
