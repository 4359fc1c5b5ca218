// Instagram (professional accounts, through the Graph API): publishing and metrics. Connecting an
// account is not built yet (no OAuth client), so the publisher runs only with configured
// INSTAGRAM_CLIENT_ID/SECRET — the sandbox never stands in for it.
import type { NetworkDescriptor } from '../descriptor.js';
import { INSTAGRAM_MEDIA_LIMITS } from './media.js';
import { createInstagramAdapter } from './publish.js';

export const instagram: NetworkDescriptor = {
  platform: 'instagram',
  credentials: { clientId: 'INSTAGRAM_CLIENT_ID', clientSecret: 'INSTAGRAM_CLIENT_SECRET' },
  oauth: null,
  capabilities: {
    connect: false,
    refresh: false,
    revoke: false,
    metrics: true,
    followers: false,
    media: 'required',
  },
  mediaLimits: INSTAGRAM_MEDIA_LIMITS,
  createPublisher: (options) => createInstagramAdapter(options),
};
