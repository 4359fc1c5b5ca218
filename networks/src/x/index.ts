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
    // A reply to the post (docs/first-comment.md).
    firstComment: true,
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
  // X's pay-per-use API (docs.x.com/x-api/getting-started/pricing, 2026): "Content: Create" costs
  // US$ 0.015 a request, "Content: Create (with URL)" US$ 0.200 — a post with a link costs 13 times
  // more. X changes its prices: X_PRICE_POST_USD / X_PRICE_POST_WITH_LINK_USD override them.
  postPricing: {
    perPost: 0.015,
    perPostWithLink: 0.2,
    source: 'tabela de preços do X em docs.x.com, ajustável em X_PRICE_POST_USD e X_PRICE_POST_WITH_LINK_USD',
    variables: { perPost: 'X_PRICE_POST_USD', perPostWithLink: 'X_PRICE_POST_WITH_LINK_USD' },
  },
  writing: xWriting,
  mediaLimits: X_MEDIA_LIMITS,
  videoLimits: X_VIDEO_LIMITS,
  createPublisher: (options) => createXAdapter(options),
  fetchFollowers: fetchXFollowers,
};
