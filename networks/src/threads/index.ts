// Threads (Meta): connecting a profile with Threads' own OAuth (oauth.ts: long-lived tokens,
// renewed with th_refresh_token), publishing text, links and images through media containers
// (publish.ts), metrics and the follower count (threads_manage_insights). Configured with
// THREADS_CLIENT_ID/SECRET (the Threads app id and secret of a Meta app with the Threads use case).

import { PLATFORM_LABELS } from '@pauta/core';
import { PROFILE_CONNECT } from '../connect/types.js';
import type { NetworkDescriptor, OAuthClientDescriptor } from '../descriptor.js';
import { CONTAINER_CONCURRENCY } from '../meta/containers.js';
import { fetchThreadsFollowers } from './followers.js';
import { THREADS_MEDIA_LIMITS } from './media.js';
import { createThreadsOAuthClient, THREADS_SCOPES } from './oauth.js';
import { createThreadsAdapter } from './publish.js';
import { THREADS_VIDEO_LIMITS } from './video.js';
import { threadsWriting } from './writing.js';

export const threadsOAuth: OAuthClientDescriptor = {
  name: 'threads',
  label: PLATFORM_LABELS.threads,
  credentials: { clientId: 'THREADS_CLIENT_ID', clientSecret: 'THREADS_CLIENT_SECRET' },
  scopes: THREADS_SCOPES,
  create: createThreadsOAuthClient,
};

export const threads: NetworkDescriptor = {
  platform: 'threads',
  credentials: threadsOAuth.credentials,
  oauth: threadsOAuth,
  connectSteps: PROFILE_CONNECT,
  capabilities: {
    connect: true,
    video: false,
    // A reply by the profile to its post (first-comment.ts).
    firstComment: true,
    // The long-lived token is renewed with th_refresh_token (it stands in as its own refresh token).
    refresh: true,
    // Threads documents no token revocation (only the app's uninstall callback).
    revoke: false,
    metrics: true,
    followers: true,
    media: 'optional',
    lookup: true,
  },
  // 250 API-published posts per profile in a moving 24 h (a carousel counts once): each user's own.
  postingBudget: { month: null, day: 250, scope: 'account' },
  publishingCap: { posts: 250, windowHours: 24 },
  // Meta downloads every image and video from its URL (`image_url`, `video_url`).
  fetchesMediaByUrl: true,
  writing: threadsWriting,
  mediaLimits: THREADS_MEDIA_LIMITS,
  // Each image is a media container read until FINISHED (meta/containers.ts), 4 at a time.
  containerProcessing: { concurrency: CONTAINER_CONCURRENCY },
  videoLimits: THREADS_VIDEO_LIMITS,
  createPublisher: ({ appSecret: _unused, ...options }) => createThreadsAdapter(options),
  fetchFollowers: fetchThreadsFollowers,
};
