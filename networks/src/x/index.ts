// X: connecting an account (OAuth 2.0 with PKCE), publishing, metrics, follower count, and token
// revocation when a user's data is erased. Not a sign-in provider.
import type { NetworkDescriptor, OAuthClientDescriptor } from '../descriptor.js';
import { fetchXFollowers } from './followers.js';
import { X_MEDIA_LIMITS } from './media.js';
import { createXOAuthClient, X_SCOPES } from './oauth.js';
import { createXAdapter } from './publish.js';

export const xOAuth: OAuthClientDescriptor = {
  name: 'x',
  credentials: { clientId: 'X_CLIENT_ID', clientSecret: 'X_CLIENT_SECRET' },
  scopes: X_SCOPES,
  create: createXOAuthClient,
};

export const x: NetworkDescriptor = {
  platform: 'x',
  credentials: xOAuth.credentials,
  oauth: xOAuth,
  capabilities: {
    connect: true,
    refresh: true,
    revoke: true,
    metrics: true,
    followers: true,
    media: 'none',
  },
  mediaLimits: X_MEDIA_LIMITS,
  createPublisher: (options) => createXAdapter(options),
  fetchFollowers: fetchXFollowers,
};
