// Facebook: sign-in, and publishing to a Page (connect picks one of the user's Pages): text,
// images, or a video (a Reel or a Page video).
import { NO_BUDGET, PLATFORM_LABELS } from '@pauta/core';
import type { NetworkDescriptor, OAuthClientDescriptor } from '../descriptor.js';
import { fetchFacebookFollowers } from '../meta/followers.js';
import { graphPublisher, graphSettings } from '../meta/graph.js';
import { FACEBOOK_CONNECT } from './connect.js';
import { FACEBOOK_MEDIA_LIMITS } from './media.js';
import { createFacebookOAuthClient, FACEBOOK_SCOPES } from './oauth.js';
import { createFacebookAdapter } from './publish.js';
import { FACEBOOK_VIDEO_LIMITS } from './video.js';
import { facebookWriting } from './writing.js';

export const facebookOAuth: OAuthClientDescriptor = {
  name: 'facebook',
  label: PLATFORM_LABELS.facebook,
  credentials: { clientId: 'FACEBOOK_CLIENT_ID', clientSecret: 'FACEBOOK_CLIENT_SECRET' },
  scopes: FACEBOOK_SCOPES,
  create: createFacebookOAuthClient,
};

export const facebook: NetworkDescriptor = {
  platform: 'facebook',
  credentials: facebookOAuth.credentials,
  oauth: facebookOAuth,
  connectSteps: FACEBOOK_CONNECT,
  capabilities: {
    connect: true,
    // Reels and Page videos (video-publish.ts).
    video: true,
    // A comment by the Page under the post (first-comment.ts).
    firstComment: true,
    // No refresh token: the long-lived user token is re-exchanged (fb_exchange_token).
    refresh: true,
    revoke: false,
    metrics: true,
    followers: true,
    media: 'optional',
    lookup: true,
  },
  // No documented cap on posts (only rate limits, handled by the worker's limiter and 429s).
  postingBudget: NO_BUDGET,
  writing: facebookWriting,
  mediaLimits: FACEBOOK_MEDIA_LIMITS,
  videoLimits: FACEBOOK_VIDEO_LIMITS,
  publisherSettings: graphSettings,
  // Graph calls carry appsecret_proof, keyed with the app secret.
  createPublisher: graphPublisher(createFacebookAdapter),
  fetchFollowers: fetchFacebookFollowers,
};
