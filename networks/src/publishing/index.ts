// Publishing adapters, one per network, behind the NetworkAdapter contract (types.ts).
import type { Platform } from '@pauta/core';
import { createFacebookAdapter } from './facebook.js';
import { createInstagramAdapter, type InstagramAdapterOptions } from './instagram.js';
import { createLinkedInAdapter } from './linkedin.js';
import type { AdapterOptions, NetworkAdapter } from './types.js';
import { createXAdapter } from './x.js';

export { createFacebookAdapter } from './facebook.js';
export { appSecretProof, DEFAULT_GRAPH_VERSION } from './graph.js';
export {
  classifyHttpStatus,
  classifyTransportError,
  DEFAULT_RETRY_AFTER_MS,
  DEFAULT_TIMEOUT_MS,
  parseRateLimitReset,
  parseRetryAfter,
  redactSecrets,
} from './http.js';
export {
  createInstagramAdapter,
  DEFAULT_STATUS_POLL_ATTEMPTS,
  DEFAULT_STATUS_POLL_INTERVAL_MS,
  type InstagramAdapterOptions,
} from './instagram.js';
export { createLinkedInAdapter, DEFAULT_LINKEDIN_VERSION } from './linkedin.js';
export { escapeLittleText } from './little-text.js';
export * from './types.js';
export { createXAdapter } from './x.js';

/** The adapter for a network. Instagram polling can be tuned through InstagramAdapterOptions. */
export function createNetworkAdapter(
  platform: Platform,
  options: AdapterOptions & Pick<InstagramAdapterOptions, 'statusPollAttempts' | 'statusPollIntervalMs'>,
): NetworkAdapter {
  switch (platform) {
    case 'linkedin':
      return createLinkedInAdapter(options);
    case 'facebook':
      return createFacebookAdapter(options);
    case 'x':
      return createXAdapter(options);
    case 'instagram':
      return createInstagramAdapter(options);
  }
}
