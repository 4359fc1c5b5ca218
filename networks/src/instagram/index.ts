// Instagram (professional accounts, through the Graph API): connecting an account with Facebook
// Login for Instagram (oauth.ts: the person picks one of the Instagram accounts linked to their
// Pages), publishing (one image, a carousel or a Reel, from signed URLs) and metrics. Configured with
// INSTAGRAM_CLIENT_ID/SECRET (a Meta app), or in sandbox mode with the sandbox's Facebook app.
// A second login, Instagram Login (login.ts, no Facebook Page needed), has its own app credentials
// (INSTAGRAM_APP_ID/SECRET) and publishes through graph.instagram.com (docs/instagram-login.md).

import { PLATFORM_LABELS } from '@pauta/core';
import type { FollowersTarget, NetworkDescriptor, OAuthClientDescriptor } from '../descriptor.js';
import { CONTAINER_CONCURRENCY } from '../meta/containers.js';
import { fetchInstagramFollowers, type GraphFollowersTarget } from '../meta/followers.js';
import { graphPublisher, graphSettings } from '../meta/graph.js';
import { createInstagramPublisher } from './by-login.js';
import { INSTAGRAM_CONNECT } from './connect.js';
import {
  createInstagramLoginClient,
  INSTAGRAM_LOGIN_GRAPH,
  INSTAGRAM_LOGIN_SCOPES,
  instagramLoginOf,
} from './login.js';
import { INSTAGRAM_MEDIA_LIMITS } from './media.js';
import { createInstagramOAuthClient, INSTAGRAM_SCOPES } from './oauth.js';
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

/** Instagram API with Instagram Login: its own Instagram app (App Dashboard > Instagram > API setup). */
export const instagramLoginOAuth: OAuthClientDescriptor = {
  name: 'instagram_login',
  label: 'Instagram (Instagram Login)',
  credentials: { clientId: 'INSTAGRAM_APP_ID', clientSecret: 'INSTAGRAM_APP_SECRET' },
  scopes: INSTAGRAM_LOGIN_SCOPES,
  // The sandbox's Instagram app (www.instagram.com / api.instagram.com / graph.instagram.com).
  sandboxApp: 'instagram',
  create: createInstagramLoginClient,
};

export const instagram: NetworkDescriptor = {
  platform: 'instagram',
  credentials: instagramOAuth.credentials,
  oauth: instagramOAuth,
  otherLogins: [instagramLoginOAuth],
  // Instagram Login's 60-day tokens are renewed (ig_refresh_token); Page tokens never expire.
  renewedBy: 'instagram_login',
  loginOf: (platformUserId) =>
    instagramLoginOf(platformUserId).instagramLogin ? 'instagram_login' : 'instagram',
  connectSteps: INSTAGRAM_CONNECT,
  capabilities: {
    connect: true,
    // Reels (container media_type=REELS from the video's signed URL).
    video: true,
    // A comment on the media (docs/first-comment.md).
    firstComment: true,
    // Facebook Login: the Page token Pauta publishes with does not expire. Instagram Login: the
    // 60-day token is renewed with ig_refresh_token (login.ts).
    refresh: true,
    revoke: false,
    metrics: true,
    followers: true,
    media: 'required',
    lookup: true,
  },
  // 50 published posts per 24 h per Instagram account (content_publishing_limit): each user's own.
  postingBudget: { month: null, day: 50, scope: 'account' },
  // The same 50 per moving 24 h as the network's own cap, counted by the pre-flight per account.
  publishingCap: { posts: 50, windowHours: 24 },
  // Meta downloads every image and video from its URL (`image_url`, `video_url`).
  fetchesMediaByUrl: true,
  writing: instagramWriting,
  mediaLimits: INSTAGRAM_MEDIA_LIMITS,
  // Each image is a media container read until FINISHED (meta/containers.ts), 4 at a time.
  containerProcessing: { concurrency: CONTAINER_CONCURRENCY },
  videoLimits: INSTAGRAM_VIDEO_LIMITS,
  publisherSettings: graphSettings,
  // Graph calls carry appsecret_proof, keyed with the app secret (as Facebook's); an Instagram
  // Login account is published through graph.instagram.com (by-login.ts).
  createPublisher: graphPublisher(createInstagramPublisher),
  fetchFollowers: (target, options) => fetchInstagramFollowers(instagramFollowersTarget(target), options),
};

/** Followers on the host of the account's login (Instagram Login: graph.instagram.com). */
function instagramFollowersTarget(target: FollowersTarget): GraphFollowersTarget {
  const { igUserId, instagramLogin } = instagramLoginOf(target.platformUserId);
  return instagramLogin
    ? { accessToken: target.accessToken, platformUserId: igUserId, graph: INSTAGRAM_LOGIN_GRAPH }
    : target;
}
