// Bluesky (AT Protocol): an account connects with its handle (or e-mail) and an app password
// through the connect form (session.ts: createSession; the access JWT renewed with
// refreshSession), publishes text with facets and up to 4 images with alt text (publish.ts),
// reads likes and replies (getPosts) and the follower count (getProfile). Pauta needs no app of
// its own at Bluesky: no credentials, no app review (docs/networks.md, "Bluesky").
import { PLATFORM_LABELS } from '@pauta/core';
import type { NetworkDescriptor } from '../descriptor.js';
import { fetchBlueskyFollowers } from './followers.js';
import { BLUESKY_MEDIA_LIMITS } from './media.js';
import { createBlueskyAdapter } from './publish.js';
import { createBlueskySessionClient, LOGIN_REFUSALS } from './session.js';
import { BLUESKY_VIDEO_LIMITS } from './video.js';
import { blueskyWriting } from './writing.js';

export const bluesky: NetworkDescriptor = {
  platform: 'bluesky',
  credentials: null,
  oauth: null,
  connectSteps: {
    complete: () => {
      throw new Error(`${PLATFORM_LABELS.bluesky} connects with its form, not an OAuth code`);
    },
  },
  session: {
    defaultServiceVariable: 'BLUESKY_DEFAULT_SERVICE',
    refusals: Object.values(LOGIN_REFUSALS),
    create: createBlueskySessionClient,
  },
  capabilities: {
    connect: true,
    video: false,
    // A reply by the account to its post (first-comment.ts).
    firstComment: true,
    // The access JWT (about 2 h) is renewed with the session's refresh JWT.
    refresh: true,
    // deleteSession ends the session when the person's data is erased.
    revoke: true,
    metrics: true,
    followers: true,
    media: 'optional',
    lookup: true,
  },
  // Write points per account: 5,000 an hour and 35,000 a day, a created record costs 3: about
  // 11,666 posts a day (the hourly 1,666 is far above any schedule). Each account's own.
  postingBudget: { month: null, day: 11_666, scope: 'account' },
  writing: blueskyWriting,
  mediaLimits: BLUESKY_MEDIA_LIMITS,
  videoLimits: BLUESKY_VIDEO_LIMITS,
  createPublisher: ({ appSecret: _unused, ...options }) => createBlueskyAdapter(options),
  fetchFollowers: fetchBlueskyFollowers,
};
