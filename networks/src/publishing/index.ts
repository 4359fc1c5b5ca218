// The publishing contract (types.ts) and the wire layer every network's publisher shares
// (http.ts). Each network's publisher lives in its own module (linkedin/publish.ts, …).
export {
  classifyHttpStatus,
  classifyTransportError,
  DEFAULT_RETRY_AFTER_MS,
  DEFAULT_TIMEOUT_MS,
  parseRateLimitReset,
  parseRetryAfter,
  redactSecrets,
} from './http.js';
export * from './types.js';
