// X: connecting an account (OAuth 2.0 with PKCE), publishing, metrics, follower count, and token
// revocation when a user's data is erased. Not a sign-in provider.

import { PLATFORM_LABELS } from '@pauta/core';
import { PROFILE_CONNECT } from '../connect/types.js';
import type { NetworkDescriptor, OAuthClientDescriptor } from '../descriptor.js';
import { fetchXFollowers } from './followers.js';
import { X_MEDIA_LIMITS } from './media.js';
import { createXOAuthClient, X_SCOPES } from './oauth.js';
import { createXAdapter } from './publish.js';
import { X_VIDEO_LIMITS } from './video.js';
import { xWriting } from './writing.js';

export const xOAuth: OAuthClientDescriptor = {
  name: 'x',
  label: PLATFORM_LABELS.x,
  credentials: { clientId: 'X_CLIENT_ID', clientSecret: 'X_CLIENT_SECRET' },
  scopes: X_SCOPES,
  create: createXOAuthClient,
};

export const x: NetworkDescriptor = {
  platform: 'x',
  credentials: xOAuth.credentials,
  oauth: xOAuth,
  connectSteps: PROFILE_CONNECT,
  capabilities: {
    connect: true,
    video: true,
    firstComment: false,
    refresh: true,
    revoke: true,
    metrics: true,
    followers: true,
    media: 'optional',
    lookup: true,
    // POST /2/tweets answers 403 "You are not allowed to create a Tweet with duplicate content."
    refusesDuplicateText: true,
  },
  // X API Free access: 1,500 posts a month at the app level, and POST /2/tweets takes 17 requests
  // per 24 h per app (and per user). Both caps are the app's, so every user of the installation
  // counts. X changes its plans; an installation on another plan sets its own (docs/budgets.md).
  postingBudget: { month: 1500, day: 17, scope: 'installation' },
  writing: xWriting,
  mediaLimits: X_MEDIA_LIMITS,
  videoLimits: X_VIDEO_LIMITS,
  createPublisher: (options) => createXAdapter(options),
  fetchFollowers: fetchXFollowers,
};
