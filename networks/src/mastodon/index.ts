// Mastodon: any instance. The person types their instance; Pauta checks it, reads its limits and
// registers its app there once (instance.ts), then connects the person's account with that
// instance's OAuth (oauth.ts: authorization code, PKCE where offered; tokens that never expire,
// revoked at /oauth/revoke), publishes statuses with images and alt text (publish.ts: async media,
// Idempotency-Key), reads favourites/boosts/replies and the follower count. No installation-wide
// credentials: each instance issues its own client id and secret, kept sealed per host.
import { PLATFORM_LABELS } from '@pauta/core';
import { type InstanceConnect, PROFILE_CONNECT } from '../connect/types.js';
import type { NetworkDescriptor, OAuthClientDescriptor } from '../descriptor.js';
import { fetchMastodonFollowers } from './followers.js';
import { parseInstanceHost, readInstance, registerApp, splitAccountKey } from './instance.js';
import { MASTODON_MEDIA_LIMITS } from './media.js';
import { createMastodonOAuthClient, MASTODON_OAUTH_SCOPES } from './oauth.js';
import { createMastodonAdapter } from './publish.js';
import { MASTODON_VIDEO_LIMITS } from './video.js';
import { mastodonWriting } from './writing.js';

export const mastodonOAuth: OAuthClientDescriptor = {
  name: 'mastodon',
  label: PLATFORM_LABELS.mastodon,
  credentials: null,
  scopes: MASTODON_OAUTH_SCOPES,
  create: createMastodonOAuthClient,
};

const MASTODON_INSTANCE: InstanceConnect = {
  param: 'instance',
  parseHost: parseInstanceHost,
  async prepare(host, input) {
    const instance = await readInstance(host, { fetch: input.fetch });
    const registered =
      input.registered === null
        ? await registerApp(
            host,
            { redirectUri: input.redirectUri, appName: input.appName, website: input.website },
            { fetch: input.fetch },
          )
        : null;
    return { host, title: instance.title, limits: { ...instance.limits }, pkce: instance.pkce, registered };
  },
  hostOf: (platformUserId) => splitAccountKey(platformUserId).host,
  textLimit: (limits) => limits.maxCharacters ?? null,
};

export const mastodon: NetworkDescriptor = {
  platform: 'mastodon',
  credentials: null,
  oauth: mastodonOAuth,
  connectSteps: { ...PROFILE_CONNECT, instance: MASTODON_INSTANCE },
  capabilities: {
    connect: true,
    video: false,
    // A reply by the account to its status (first-comment.ts).
    firstComment: true,
    // Mastodon's tokens never expire: nothing to renew (a revoked one answers 401: reconnect).
    refresh: false,
    revoke: true,
    metrics: true,
    followers: true,
    media: 'optional',
    lookup: true,
  },
  // No post cap is documented; the account's 30 media uploads per 30 minutes (1,440 a day) bound
  // posts with 4 images to 360 a day, Pauta's default for each user.
  postingBudget: { month: null, day: 360, scope: 'account' },
  writing: mastodonWriting,
  mediaLimits: MASTODON_MEDIA_LIMITS,
  videoLimits: MASTODON_VIDEO_LIMITS,
  createPublisher: ({ appSecret: _unused, ...options }) => createMastodonAdapter(options),
  fetchFollowers: fetchMastodonFollowers,
};
