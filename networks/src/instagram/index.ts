// Instagram (professional accounts, through the Graph API): connecting an account with Facebook
// Login for Instagram (oauth.ts: the person picks one of the Instagram accounts linked to their
// Pages), publishing (one image, a carousel or a Reel, from signed URLs) and metrics. Configured with
// INSTAGRAM_CLIENT_ID/SECRET (a Meta app), or in sandbox mode with the sandbox's Facebook app.

import { PLATFORM_LABELS } from '@pauta/core';
import type { NetworkDescriptor, OAuthClientDescriptor } from '../descriptor.js';
import { fetchInstagramFollowers } from '../meta/followers.js';
import { graphPublisher, graphSettings } from '../meta/graph.js';
import { INSTAGRAM_CONNECT } from './connect.js';
import { INSTAGRAM_MEDIA_LIMITS } from './media.js';
import { createInstagramOAuthClient, INSTAGRAM_SCOPES } from './oauth.js';
import { createInstagramAdapter } from './publish.js';
import { INSTAGRAM_VIDEO_LIMITS } from './video.js';
import { instagramWriting } from './writing.js';

export const instagramOAuth: OAuthClientDescriptor = {
  name: 'instagram',
  label: PLATFORM_LABELS.instagram,
  credentials: { clientId: 'INSTAGRAM_CLIENT_ID', clientSecret: 'INSTAGRAM_CLIENT_SECRET' },
  scopes: INSTAGRAM_SCOPES,
  // Facebook Login: in sandbox mode the sandbox's Facebook app stands in.
  sandboxApp: 'facebook',
  create: createInstagramOAuthClient,
};

export const instagram: NetworkDescriptor = {
  platform: 'instagram',
  credentials: instagramOAuth.credentials,
  oauth: instagramOAuth,
  connectSteps: INSTAGRAM_CONNECT,
  capabilities: {
    connect: true,
    // Reels (container media_type=REELS from the video's signed URL).
    video: true,
    firstComment: false,
    // As Facebook: no refresh token; the long-lived user token is re-exchanged, and the Page
    // token Pauta publishes with does not expire.
    refresh: true,
    revoke: false,
    metrics: true,
    followers: true,
    media: 'required',
    lookup: true,
  },
  // 50 published posts per 24 h per Instagram account (content_publishing_limit): each user's own.
  postingBudget: { month: null, day: 50, scope: 'user' },
  // The same 50 per moving 24 h as the network's own cap, counted by the pre-flight per workspace.
  publishingCap: { posts: 50, windowHours: 24 },
  // Meta downloads every image and video from its URL (`image_url`, `video_url`).
  fetchesMediaByUrl: true,
  writing: instagramWriting,
  mediaLimits: INSTAGRAM_MEDIA_LIMITS,
  videoLimits: INSTAGRAM_VIDEO_LIMITS,
  publisherSettings: graphSettings,
  // Graph calls carry appsecret_proof, keyed with the app secret (as Facebook's).
  createPublisher: graphPublisher(createInstagramAdapter),
  fetchFollowers: fetchInstagramFollowers,
};
