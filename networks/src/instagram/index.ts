// Instagram (professional accounts, through the Graph API): publishing (one image or a carousel,
// from signed URLs) and metrics. Connecting an account is not built yet (no OAuth client); the
// publisher runs with configured INSTAGRAM_CLIENT_ID/SECRET, or in sandbox mode with the sandbox
// Facebook client (Instagram publishes with Facebook Login tokens).
import type { NetworkDescriptor } from '../descriptor.js';
import { INSTAGRAM_MEDIA_LIMITS } from './media.js';
import { createInstagramAdapter } from './publish.js';

export const instagram: NetworkDescriptor = {
  platform: 'instagram',
  credentials: { clientId: 'INSTAGRAM_CLIENT_ID', clientSecret: 'INSTAGRAM_CLIENT_SECRET' },
  oauth: null,
  sandboxClient: 'facebook',
  capabilities: {
    connect: false,
    refresh: false,
    revoke: false,
    metrics: true,
    followers: false,
    media: 'required',
  },
  // 50 published posts per 24 h per Instagram account (content_publishing_limit): each user's own.
  postingBudget: { month: null, day: 50, scope: 'user' },
  mediaLimits: INSTAGRAM_MEDIA_LIMITS,
  createPublisher: (options) => createInstagramAdapter(options),
};
