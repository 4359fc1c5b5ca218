// Instagram (professional accounts, through the Graph API): publishing and metrics. Connecting an
// account is not built yet (no OAuth client), so the publisher runs only with configured
// INSTAGRAM_CLIENT_ID/SECRET — the sandbox never stands in for it.
import type { NetworkDescriptor } from '../descriptor.js';
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
  // 50 published posts per 24 h per Instagram account (content_publishing_limit): each user's own.
  postingBudget: { month: null, day: 50, scope: 'user' },
  createPublisher: (options) => createInstagramAdapter(options),
};
