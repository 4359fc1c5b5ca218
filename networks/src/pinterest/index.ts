// Pinterest (API v5): connecting a user account with Pinterest's OAuth (oauth.ts: 30-day access
// tokens renewed with a 365-day refresh token) and picking the board Pauta pins to (connect.ts),
// publishing pins with an image (or a 2–5 image carousel), title, description, link and alt text
// (publish.ts), pin analytics (business accounts) and the follower count. Configured with
// PINTEREST_CLIENT_ID/SECRET (the app id and secret at developers.pinterest.com).
import { PLATFORM_LABELS } from '@pauta/core';
import type { NetworkDescriptor, OAuthClientDescriptor } from '../descriptor.js';
import { PINTEREST_CONNECT } from './connect.js';
import { fetchPinterestFollowers } from './followers.js';
import { PINTEREST_MEDIA_LIMITS } from './media.js';
import { createPinterestOAuthClient, PINTEREST_SCOPES } from './oauth.js';
import { createPinterestAdapter } from './publish.js';
import { PINTEREST_VIDEO_LIMITS } from './video.js';
import { pinterestWriting } from './writing.js';

export const pinterestOAuth: OAuthClientDescriptor = {
  name: 'pinterest',
  label: PLATFORM_LABELS.pinterest,
  credentials: { clientId: 'PINTEREST_CLIENT_ID', clientSecret: 'PINTEREST_CLIENT_SECRET' },
  scopes: PINTEREST_SCOPES,
  create: createPinterestOAuthClient,
};

export const pinterest: NetworkDescriptor = {
  platform: 'pinterest',
  credentials: pinterestOAuth.credentials,
  oauth: pinterestOAuth,
  connectSteps: PINTEREST_CONNECT,
  capabilities: {
    connect: true,
    video: false,
    firstComment: false,
    refresh: true,
    // Pinterest documents no token revocation: the person removes the app in their settings.
    revoke: false,
    metrics: true,
    followers: true,
    media: 'required',
    lookup: true,
  },
  // Trial access (every new app): 1,000 calls a day for the whole app; a pin costs one call (its
  // lookup and analytics a few more), so the installation's budget keeps room for them. Standard
  // access (after Pinterest's review of a demo video) lifts it: an administrator raises the budget.
  postingBudget: { month: null, day: 200, scope: 'installation' },
  // Pins are made from the media's URL (`media_source.source_type: image_url`).
  fetchesMediaByUrl: true,
  writing: pinterestWriting,
  mediaLimits: PINTEREST_MEDIA_LIMITS,
  videoLimits: PINTEREST_VIDEO_LIMITS,
  createPublisher: ({ appSecret: _unused, ...options }) => createPinterestAdapter(options),
  fetchFollowers: fetchPinterestFollowers,
};
